// The service worker (D26), built by vite-plugin-pwa (injectManifest) with Workbox. It keeps
// the public shell for offline use and the tracking answers this browser fetched, and nothing
// else: every other request, admin, account, payment and sign-in answers included, goes to the
// network untouched, and is never stored.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { PUBLIC_PAGES } from '../config/public-pages';
import { SAVED_AT_HEADER } from '../data/offline-copy';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/** The cache of tracking answers (named in the e2e test that looks into the caches). */
export const TRACKING_CACHE = 'afsh-tracking';

// A new deployment's worker takes over at once; pages are always asked of the network first
// (below), so the next navigation is the new deployment's page, never a stale copy.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The shell: the public pages' HTML (under their addresses), the code, styles, fonts and icons.
precache(self.__WB_MANIFEST);

/** One order's public tracking answer; not its live stream, nothing else under /api. */
const TRACKING_ANSWER = /^\/api\/track\/[^/]+$/;

/** The copy kept on the device says when it was fetched (src/data/offline-copy.ts). */
const stampSavedAt: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
};

// The orders this browser tracked: the network first, the kept answer when it cannot be reached
// (or is slower than a few seconds). Only found orders (200), the last 20 for 30 days. The answer
// is the public view (D2), the same whoever asks: no session's data is in it.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && TRACKING_ANSWER.test(url.pathname),
  new NetworkFirst({
    cacheName: TRACKING_CACHE,
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60 }),
      stampSavedAt,
    ],
  }),
);

// Files of the shell (not pages: those are below) from the precache, else the network.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.mode !== 'navigate' && getCacheKeyForURL(url.pathname) !== undefined,
  async ({ url, request }) => (await matchPrecache(url.pathname)) ?? fetch(request),
);

/** `/about/` is `/about`; `/en` is `/en/`; one order's tracking is the tracking shell. */
function precachedPage(pathname: string): string {
  let path = pathname;
  if (path === '/en') path = '/en/';
  else if (path.length > 1 && path.endsWith('/') && path !== '/en/') path = path.slice(0, -1);
  if (/^\/track\/[^/]+$/.test(path)) return '/track/_';
  if (/^\/en\/track\/[^/]+$/.test(path)) return '/en/track/_';
  return path;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KEPT_PAGES: RegExp[] = [
  ...PUBLIC_PAGES.map((path) =>
    path === '/' ? /^\/(en\/?)?$/ : new RegExp(`^(/en)?${escape(path)}/?$`),
  ),
  /^(\/en)?\/track\/[^/]+\/?$/,
];

/** Offline, a page the precache holds; a page that isn't there fails as it would without us. */
const fromPrecacheOffline: WorkboxPlugin = {
  async handlerDidError({ request }) {
    return (await matchPrecache(precachedPage(new URL(request.url).pathname))) ?? undefined;
  },
};

// The public pages: the server's page first (a live page has today's reviews and prices), the
// kept copy only when the network fails or takes too long. Private pages are not handled here.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({ networkTimeoutSeconds: 8, plugins: [fromPrecacheOffline] }),
    {
      allowlist: KEPT_PAGES,
    },
  ),
);
