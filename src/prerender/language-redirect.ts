import { LANGUAGE_PREFIX, LANGUAGE_STORAGE_KEY } from '../i18n/languages';

/**
 * The one inline script of a prerendered Arabic page. A visitor who chose English and opens an
 * Arabic address (a shared link, a bookmark) is sent to the English page before anything is
 * painted, so they never see an Arabic flash. It runs in <head>, before the body is parsed, and
 * the Content-Security-Policy allows exactly this text by its hash (LANGUAGE_REDIRECT_HASH).
 */
export const LANGUAGE_REDIRECT_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})==='en'){` +
  `var p=location.pathname;` +
  `location.replace(${JSON.stringify(LANGUAGE_PREFIX.en)}+(p==='/'?'/':p)+location.search+location.hash)}` +
  `}catch(e){}`;
