/**
 * The one currency prices are in (D4). Its own module so that formatting money (every page's
 * footer formats digits with money.ts) does not bring the catalog and the distance tables
 * (pricing.ts, distance.ts, governorates.ts) into the code every page loads first.
 */
export const CURRENCY = 'EGP';
