import { UNSAFE_createBrowserHistory } from 'react-router';
import type { Location, To } from 'react-router';
import {
  LANGUAGE_PREFIX,
  languageOfPath,
  localizedPath,
  stripLanguagePrefix,
} from '../i18n/languages';
import type { Language } from '../i18n/languages';

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];

/**
 * The browser history as the router should see it: without the language prefix. `/en/prices`
 * is `/prices` to the routes and links, and every link and navigation gets the current prefix
 * back. Switching language rewrites the address in place (`setLanguage`), so the page, its form
 * fields and its scroll position stay as they are; the router is not told, because for it
 * nothing changed.
 */
export interface LanguageHistory extends BrowserHistory {
  setLanguage(language: Language): void;
}

function withPrefix(to: To, prefix: string): To {
  if (prefix === '') return to;
  if (typeof to === 'string') {
    return to.startsWith('/') ? localizedPath(to, 'en') : to;
  }
  return to.pathname?.startsWith('/') ? { ...to, pathname: localizedPath(to.pathname, 'en') } : to;
}

function stripped<T extends Pick<Location, 'pathname'>>(location: T): T {
  return { ...location, pathname: stripLanguagePrefix(location.pathname) };
}

export function createLanguageHistory(win: Window = window): LanguageHistory {
  const inner = UNSAFE_createBrowserHistory({ window: win, v5Compat: true });
  let prefix = LANGUAGE_PREFIX[languageOfPath(win.location.pathname)];
  // The browser history takes one listener; the router and the language switch both listen.
  const listeners = new Set<Listener>();
  let stopInner: (() => void) | null = null;
  const listen = (listener: Listener) => {
    listeners.add(listener);
    stopInner ??= inner.listen(({ action, location, delta }) => {
      // Back or forward into a page of the other language: follow its prefix.
      prefix = LANGUAGE_PREFIX[languageOfPath(win.location.pathname)];
      const update = { action, location: stripped(location), delta };
      for (const each of [...listeners]) each(update);
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && stopInner) {
        stopInner();
        stopInner = null;
      }
    };
  };
  return {
    get action() {
      return inner.action;
    },
    get location() {
      return stripped(inner.location);
    },
    createHref: (to) => inner.createHref(withPrefix(to, prefix)),
    createURL: (to) => inner.createURL(withPrefix(to, prefix)),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: (to, state) => inner.push(withPrefix(to, prefix), state),
    replace: (to, state) => inner.replace(withPrefix(to, prefix), state),
    go: (delta) => inner.go(delta),
    listen,
    setLanguage(language) {
      prefix = LANGUAGE_PREFIX[language];
      const { pathname, search, hash } = win.location;
      const next = localizedPath(pathname, language) + search + hash;
      if (next !== pathname + search + hash) win.history.replaceState(win.history.state, '', next);
    },
  };
}
