import { LANGUAGE_PREFIX, LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { MODULES_ELEMENT_ID } from './ids';

/** What a prerendered page asks the page script to load once it has been drawn. */
export interface PageModules {
  /** The app's entry module. */
  entry: string;
  /** Every module the page's screen needs, fetched in parallel rather than import by import. */
  preload: readonly string[];
}

/**
 * The one inline script of every prerendered page, allowed by the Content-Security-Policy by
 * its hash (PAGE_SCRIPT_SOURCE on the server, firebase.json for hosting). The same text on every
 * page, so one hash serves them all.
 *
 * 1. On an Arabic page, a visitor who chose English (a shared link, a bookmark) is sent to the
 *    English page before anything is painted: they never see an Arabic flash.
 * 2. The page is complete HTML, readable as soon as it and its stylesheets arrive. Its code
 *    (React, the screen, the strings) starts downloading only after the browser has drawn the
 *    first frame, so on mobile data the first paint never shares the connection with 200 KB of
 *    script, and nothing runs before the visitor sees the page. The module list comes from the
 *    page's JSON element (#afsh-modules): the entry first, then the rest as modulepreload links,
 *    four per task (each link costs the main thread a little; a slow phone should not feel all
 *    of them at once). A page in a background tab draws no frames until it is shown, so there
 *    the code loads at once.
 */
export const PAGE_SCRIPT =
  '(function(){var d=document;' +
  `try{if(d.documentElement.lang==='ar'&&localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})==='en'){` +
  'var p=location.pathname;' +
  `location.replace(${JSON.stringify(LANGUAGE_PREFIX.en)}+(p==='/'?'/':p)+location.search+location.hash);return}` +
  '}catch(e){}' +
  'function load(){' +
  `var e=d.getElementById(${JSON.stringify(MODULES_ELEMENT_ID)});if(!e)return;` +
  "var m=JSON.parse(e.textContent),q=m.preload.slice(),s=d.createElement('script');" +
  "s.type='module';s.src=m.entry;d.head.appendChild(s);" +
  'function more(){' +
  "for(var i=0;i<4&&q.length;i++){var l=d.createElement('link');l.rel='modulepreload';l.href=q.shift();d.head.appendChild(l)}" +
  'if(q.length)setTimeout(more,0)}' +
  'more()}' +
  "function drawn(){if(d.visibilityState==='hidden')load();else requestAnimationFrame(function(){setTimeout(load,0)})}" +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',drawn);else drawn()" +
  '})()';
