import type { ManifestTransform } from 'workbox-build';
import { PUBLIC_PAGES } from '../../src/config/public-pages.ts';
import { LANGUAGES, localizedPath } from '../../src/i18n/languages.ts';

/** `about/index.html` → `/about`, `en/index.html` → `/en/`: the address the server answers. */
function addressOf(file: string): string {
  const dir = file.replace(/(^|\/)index\.html$/, '');
  if (dir === '') return '/';
  if (dir === 'en') return '/en/';
  return `/${dir}`;
}

/** The public pages and the tracking shells, the only HTML the service worker keeps (D26). */
const KEPT: ReadonlySet<string> = new Set([
  ...PUBLIC_PAGES.flatMap((path) => LANGUAGES.map((language) => localizedPath(path, language))),
  '/track/_',
  '/en/track/_',
]);

/**
 * The precache's HTML under the pages' addresses rather than their files' names: the server
 * answers pages by address (and renders the live ones at request time), never a page's file.
 * Only public pages are kept; the private pages' shells are left out.
 */
export const precachedPages: ManifestTransform = (entries) => ({
  manifest: entries.flatMap((entry) => {
    if (!entry.url.endsWith('index.html')) return [entry];
    const address = addressOf(entry.url);
    return KEPT.has(address) ? [{ ...entry, url: address }] : [];
  }),
  warnings: [],
});
