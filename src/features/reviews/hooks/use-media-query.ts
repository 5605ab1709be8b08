import { useSyncExternalStore } from 'react';
import { atLeast } from '../../../config/breakpoints';

// The reviews carousel's queries; the hook itself is the shared one.
export { REDUCED_MOTION_QUERY, useMediaQuery } from '../../../components/ui/use-media-query';

export const TABLET_QUERY = atLeast('tablet');
/** Three cards side by side; the same width as the section's wide layout (its CSS). */
export const DESKTOP_QUERY = atLeast('wide');

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
