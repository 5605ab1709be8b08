import { useSyncExternalStore } from 'react';

// Features don't import each other, so the reviews feature has its own small media-query hook.
// Without matchMedia (old WebViews, tests) every query reads as "no match".
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
export const TABLET_QUERY = '(min-width: 768px)';
export const DESKTOP_QUERY = '(min-width: 1100px)';

/** Whether the tab is hidden (another tab, the phone locked): no point moving slides then. */
function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}
