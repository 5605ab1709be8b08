// What search engines and link previews read (D26): which pages are public, robots.txt, the
// sitemap and the schema.org description of the business. Used by the build (prerendered pages,
// the hosted build's robots.txt and sitemap.xml) and by the self-hosted server (the same files
// from SITE_URL at run time, the rating of published reviews). Never shipped to browsers.
import { paths, type PathKey } from '../config/paths.ts';
import { PUBLIC_PAGES } from '../config/public-pages.ts';
import { GOVERNORATES } from '../domain/governorates.ts';
import { MOVE_TYPES, type PriceCatalog } from '../domain/pricing.ts';
import { LANGUAGES, localizedPath, type Language } from '../i18n/languages.ts';

export { PUBLIC_PAGES };

/**
 * The origin the self-hosted build writes into its pages' absolute links (canonical, hreflang,
 * Open Graph, JSON-LD): the server puts the SITE_URL it runs with in its place as it serves them
 * (server/src/plugins/site-pages.ts). `.invalid` can never be a real address (RFC 2606), so a
 * page that escaped the rewrite points nowhere rather than at someone's localhost.
 */
export const SITE_ORIGIN_PLACEHOLDER = 'https://site-url.invalid';

/** Where private pages start: robots.txt asks crawlers to stay out (they are noindex too). */
const PRIVATE_PREFIXES: readonly string[] = [
  '/api/',
  '/admin-',
  paths.myOrders,
  paths.crew,
  paths.payment, // and /payment-return
  paths.login,
  paths.signup,
  paths.customerInfo,
  paths.dateSelection,
  paths.requestSummary,
  paths.confirmation,
  '/track/', // one order's tracking; /track-order, the form, is public
];

export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/** The key of a path in the route table (`/prices` → `prices`), for its strings. */
export function pageKeyOf(path: string): PathKey | undefined {
  return (Object.keys(paths) as PathKey[]).find((key) => paths[key] === path);
}

export function robotsTxt(siteUrl: string): string {
  const disallowed = PRIVATE_PREFIXES.flatMap((prefix) =>
    prefix.startsWith('/api/')
      ? [prefix]
      : LANGUAGES.map((language) =>
          language === 'ar' ? prefix : `/en${prefix === '/' ? '/' : prefix}`,
        ),
  );
  return [
    'User-agent: *',
    ...disallowed.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Both languages of every public page, each naming the other and x-default (Arabic). */
export function sitemapXml(siteUrl: string): string {
  const url = (path: string, language: Language) =>
    escapeXml(siteUrl + localizedPath(path, language));
  const entries = PUBLIC_PAGES.flatMap((path) =>
    LANGUAGES.map((language) =>
      [
        '  <url>',
        `    <loc>${url(path, language)}</loc>`,
        ...LANGUAGES.map(
          (other) =>
            `    <xhtml:link rel="alternate" hreflang="${other}" href="${url(path, other)}"/>`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path, 'ar')}"/>`,
        '  </url>',
      ].join('\n'),
    ),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Aggregate ratings are shown only from this many published reviews up (fewer say little). */
export const RATING_MIN_REVIEWS = 5;

export interface BusinessFacts {
  siteUrl: string;
  language: Language;
  /** The brand in both languages (common:brand.name). */
  names: Record<Language, string>;
  telephone: string;
  catalog: Pick<PriceCatalog, 'base' | 'currency'>;
  /** The ratings of the published reviews, when known (the server knows them; a build does not). */
  ratings?: readonly number[];
}

/**
 * The schema.org MovingCompany the home page describes: names in both languages, the phone, the
 * governorates served, the catalog's price range, the opening hours (contact page: every day 9
 * to 22, Cairo time) and, with enough published reviews, their average.
 */
export function movingCompanyJsonLd(facts: BusinessFacts): Record<string, unknown> {
  const prices = MOVE_TYPES.map((type) => facts.catalog.base[type]).filter(
    (price): price is number => typeof price === 'number' && Number.isFinite(price),
  );
  const ratings = facts.ratings ?? [];
  const other: Language = facts.language === 'ar' ? 'en' : 'ar';
  return {
    '@context': 'https://schema.org',
    '@type': 'MovingCompany',
    '@id': `${facts.siteUrl}/#business`,
    name: facts.names[facts.language],
    alternateName: facts.names[other],
    url: facts.siteUrl + localizedPath('/', facts.language),
    logo: `${facts.siteUrl}/icons/icon-512.png`,
    image: facts.siteUrl + OG_IMAGE.path,
    telephone: facts.telephone,
    areaServed: GOVERNORATES.map((governorate) => ({
      '@type': 'AdministrativeArea',
      name: governorate[facts.language],
    })),
    address: { '@type': 'PostalAddress', addressCountry: 'EG' },
    ...(prices.length > 0
      ? {
          priceRange: `${Math.min(...prices)}–${Math.max(...prices)} ${facts.catalog.currency}`,
          currenciesAccepted: facts.catalog.currency,
        }
      : {}),
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
        (day) => `https://schema.org/${day}`,
      ),
      opens: '09:00',
      closes: '22:00',
    },
    ...(ratings.length >= RATING_MIN_REVIEWS
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue:
              Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10,
            reviewCount: ratings.length,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
