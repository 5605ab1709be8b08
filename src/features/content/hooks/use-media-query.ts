import { useClientValue } from '../../../components/ui/use-client-value';
import { atLeast } from '../../../config/breakpoints';
// The content pages' queries; the hook itself is the shared one.
export {
  REDUCED_MOTION_QUERY,
  useMediaQueryAfterMount,
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

/** prefersSavingData() as a hook: false in prerendered HTML and on the first render, then the truth. */
export function usePrefersSavingData(): boolean {
  return useClientValue(prefersSavingData, false);
}
