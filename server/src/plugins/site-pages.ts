import type { FastifyInstance } from 'fastify';
import { JSON_LD_ELEMENT_ID } from '../../../src/prerender/ids.ts';
import {
  movingCompanyJsonLd,
  robotsTxt,
  SITE_ORIGIN_PLACEHOLDER,
  sitemapXml,
} from '../../../src/prerender/seo.ts';
import { announcesTestPayments } from '../../../src/domain/production-problems.ts';
import {
  readTestModeBannerTexts,
  withTestModeBanner,
} from '../../../src/prerender/test-mode-banner.ts';
import { LOCALES_DIR } from '../notifications/templates.ts';
import type { PageRewrite } from './static.ts';

const JSON_LD_BLOCK = new RegExp(
  `(<script type="application/ld\\+json" id="${JSON_LD_ELEMENT_ID}">)([^<]*)(</script>)`,
);

/**
 * Test payments on purpose (PAYMENT_TEST_MODE=allowed, D24): every page the server sends gets
 * the test-mode banner (its prerendered pages, its shells, the pages it renders live).
 */
export function testModeBanner(app: FastifyInstance): (html: string) => string {
  if (!testPaymentsAnnounced(app)) return (html) => html;
  const texts = readTestModeBannerTexts(LOCALES_DIR);
  return (html) => withTestModeBanner(html, texts);
}

function testPaymentsAnnounced(app: FastifyInstance): boolean {
  return announcesTestPayments(
    {
      PAYMENT_PROVIDER: app.config.PAYMENT_PROVIDER.join(','),
      PAYMOB_SECRET_KEY: app.config.PAYMOB_SECRET_KEY,
      PAYMOB_PUBLIC_KEY: app.config.PAYMOB_PUBLIC_KEY,
      PAYMENT_TEST_MODE: app.config.PAYMENT_TEST_MODE,
    },
    'server',
  );
}

/**
 * What the self-hosted server puts into the pages it serves (D26): its SITE_URL where the build
 * left a placeholder origin (canonical, hreflang, Open Graph, JSON-LD), and in the home page's
 * MovingCompany the current catalog's price range and, with enough published reviews, their
 * rating. The key follows the catalog's version and every change to the public reviews.
 */
export function sitePageRewrite(app: FastifyInstance): PageRewrite {
  const siteUrl = app.config.SITE_URL.replace(/\/+$/, '');
  const banner = testModeBanner(app);
  let reviewsGeneration = 0;
  const reviewsChanged = () => {
    reviewsGeneration += 1;
  };
  app.events.on('review.posted', reviewsChanged);
  app.events.on('review.moderated', reviewsChanged);

  return {
    key: () => `${app.services.catalog.current().version}:${reviewsGeneration}`,
    // What the service worker's kept copies must follow (static.ts, serviceWorkerFor).
    settingsKey: JSON.stringify({ siteUrl, testModeBanner: testPaymentsAnnounced(app) }),
    apply(html) {
      const addressed = html.replaceAll(SITE_ORIGIN_PLACEHOLDER, siteUrl);
      const placed = banner(addressed);
      return placed.replace(JSON_LD_BLOCK, (whole, open: string, json: string, close: string) => {
        let built: Record<string, unknown>;
        try {
          built = JSON.parse(json) as Record<string, unknown>;
        } catch {
          return whole;
        }
        const current = movingCompanyJsonLd({
          siteUrl,
          language: 'ar',
          names: { ar: '', en: '' },
          telephone: '',
          catalog: app.services.catalog.current(),
          ratings: app.services.reviews.list().map((review) => review.rating),
        });
        // Names, phone and places stay as built; the prices and the rating are today's.
        const { aggregateRating: _old, ...rest } = built;
        const merged = {
          ...rest,
          priceRange: current.priceRange,
          currenciesAccepted: current.currenciesAccepted,
          ...(current.aggregateRating ? { aggregateRating: current.aggregateRating } : {}),
        };
        return `${open}${JSON.stringify(merged).replace(/</g, '\\u003c')}${close}`;
      });
    },
  };
}

/**
 * robots.txt and sitemap.xml from SITE_URL (D26): both languages of every public page, their
 * hreflang alternates; the private pages are disallowed. Revalidated like the pages, so a new
 * address is read on the next visit.
 */
export function registerSiteFiles(app: FastifyInstance): void {
  const siteUrl = app.config.SITE_URL.replace(/\/+$/, '');
  const robots = robotsTxt(siteUrl);
  const sitemap = sitemapXml(siteUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemap),
  );
}
