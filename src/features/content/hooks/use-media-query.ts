import { useSyncExternalStore } from 'react';
import { atLeast } from '../../../config/breakpoints';
// The content pages' queries; the hook itself is the shared one.
export {
  REDUCED_MOTION_QUERY,
  useMediaQuery,
  usePrefersReducedMotion,
} from '../../../components/ui/use-media-query';

export const WIDE_QUERY = atLeast('tablet');

interface NetworkInformationLike {
  saveData?: boolean;
}

/** "Data saver" on Android Chrome: the visitor asked sites to spend less of their data. */
export function prefersSavingData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return connection?.saveData === true;
}

const noChanges = () => () => {};

/** prefersSavingData() as a hook: false in prerendered HTML and while hydrating, then the truth. */
export function usePrefersSavingData(): boolean {
  return useSyncExternalStore(noChanges, prefersSavingData, () => false);
}
