import { paths } from '../config/paths.ts';
import type { InitialData } from '../data/react/initial-data';
import type { RenderRequest } from './entry-server';

export type { InitialData };

/**
 * Pages whose data is public and changes (the reviews; the prices, D11): the self-hosted server
 * renders them at request time with that data (server/src/plugins/live-pages.ts), so their
 * largest content is in the HTML before any script runs, JavaScript or not; their prerendered
 * file, with the data's loading state, stays the fallback. The hosted build has no server to
 * render them and keeps the prerendered page.
 */
export const LIVE_PAGE_DATA = {
  [paths.reviews]: 'reviews',
  [paths.prices]: 'catalog',
  [paths.moveType]: 'catalog',
  [paths.selectCity]: 'catalog',
} as const satisfies Record<string, keyof InitialData>;

export const LIVE_PAGE_PATHS: readonly string[] = Object.keys(LIVE_PAGE_DATA);

/**
 * Written by the build into the build directory (a dot-directory: never served) for the server:
 * where the renderer is, and each live page's render request but its data.
 */
export const LIVE_PAGES_MANIFEST = '.render/live-pages.json';

export type LivePageRequest = Omit<RenderRequest, 'assetsForModules' | 'initialData'>;

export interface LivePagesManifest {
  /** Absolute path of the built renderer (src/prerender/entry-server.tsx for Node). */
  renderer: string;
  /** Address (`/reviews`, `/en/reviews`) → what the renderer needs besides the data. */
  pages: Record<string, LivePageRequest>;
}
