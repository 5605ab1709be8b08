import { LANGUAGE_PREFIX, LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { LIVE_ATTRIBUTE, MODULES_ELEMENT_ID, ROOT_ELEMENT_ID } from './ids';

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
 *    of them at once). "Drawn" is the first contentful paint as the browser reports it (a
 *    request started before it competes with it); a page in a background tab draws no frames
 *    until it is shown, so there the code loads at once.
 * 3. Until the app has taken over (#root gets `data-live`), a form is not sent: the browser would
 *    send it as a GET to the page itself, with what the visitor typed (a phone number, a
 *    password) in the address and the server's logs.
 */
export const PAGE_SCRIPT =
  '(function(){var d=document;' +
  // A form sent before the app runs would go out as a plain GET, its fields in the address.
  `d.addEventListener('submit',function(e){var r=d.getElementById(${JSON.stringify(ROOT_ELEMENT_ID)});if(!r||!r.hasAttribute(${JSON.stringify(LIVE_ATTRIBUTE)}))e.preventDefault()},true);` +
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
  // Loads once, after the first contentful paint has been presented (the paint timing entry),
  // or a second after the first frame where the browser reports no paint timing.
  'var started=0;function go(){if(!started){started=1;setTimeout(load,0)}}' +
  "function drawn(){if(d.visibilityState==='hidden')return go();" +
  "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})}catch(e){}" +
  'requestAnimationFrame(function(){setTimeout(go,1000)})}' +
  "if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',drawn);else drawn()" +
  '})()';
