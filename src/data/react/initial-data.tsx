import { createContext, useContext } from 'react';
import type { PriceCatalog } from '../../domain/pricing';
import type { Review } from '../port';

/**
 * Data a page was rendered with on the server, at request time (server/src/plugins/live-pages.ts):
 * the first render in the browser starts from the same data, so hydration finds what the HTML
 * shows, and the page's largest content is there before any script runs. Empty for prerendered
 * pages and for the hosted build, whose pages load their data after hydration.
 */
export interface InitialData {
  /** The public reviews, as GET /api/reviews lists them. */
  reviews?: Review[];
  /** The current price catalog, as GET /api/prices answers it. */
  catalog?: PriceCatalog;
}

const NONE: InitialData = {};

export const InitialDataContext = createContext<InitialData>(NONE);

export function useInitialData(): InitialData {
  return useContext(InitialDataContext);
}
