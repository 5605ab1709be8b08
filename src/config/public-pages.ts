import { paths } from './paths';

/**
 * Pages search engines should list (robots.txt, the sitemap; the rest are prerendered too, but
 * marked noindex), and the pages the service worker keeps for offline use (D26): none of them
 * holds anyone's data.
 */
export const PUBLIC_PAGES: readonly string[] = [
  paths.home,
  paths.about,
  paths.privacy,
  paths.prices,
  paths.moveType,
  paths.selectCity,
  paths.contact,
  paths.reviews,
  paths.trackOrder,
];
