export { useMediaQuery } from '../../components/ui/use-media-query';

import { below } from '../../config/breakpoints';

/** Phones: the header shows its menu button below the tablet breakpoint. */
export const MOBILE_QUERY = below('tablet');
