import { useMemo, useSyncExternalStore } from 'react';
import { useClientValue } from './use-client-value';

// One media-query hook for the app and every feature. Without matchMedia (old WebViews, some
// tests) every query reads as "no match".
function subscribe(query: string, onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener?.('change', onChange);
  return () => list.removeEventListener?.('change', onChange);
}

function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => subscribe(query, onChange),
    () => matches(query),
    () => false,
  );
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

/**
 * The query for a component of a prerendered page: "no match" on the first render, as in the
 * HTML, then the truth (useClientValue says why not useMediaQuery there).
 */
export function useMediaQueryAfterMount(query: string): boolean {
  const store = useMemo(
    () => ({
      read: () => matches(query),
      subscribe: (onChange: () => void) => subscribe(query, onChange),
    }),
    [query],
  );
  return useClientValue(store.read, false, store.subscribe);
}
