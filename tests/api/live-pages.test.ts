import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../../server/src/app.ts';
import { LIVE_PAGES_MANIFEST } from '../../src/prerender/live-pages.ts';
import { FIRST_CATALOG, ratesOf } from '../../src/domain/pricing.ts';
import type { AuthUser } from '../../server/src/plugins/sessions.ts';
import { makeStaticDir, writePrerenderedSite, type TempSite } from './helpers.ts';
import { orderBody } from './order-fixtures.ts';
import { phoneCodeLogger, TestClient } from './test-server.ts';
import { statusSteps } from '../../src/testing/lifecycle-steps.ts';

// /reviews is rendered at request time with the public reviews (server/src/plugins/live-pages.ts),
// by the renderer the build leaves beside the pages. Here a stand-in renderer prints what it was
// given and counts its calls; the prerendered file is the fallback.

const STATIC = (lang: string) =>
  `<!DOCTYPE html><html lang="${lang}"><body><h1>static-reviews-${lang}</h1></body></html>`;

const RENDERER = `
export async function renderPage(request) {
  globalThis.__liveRenders = (globalThis.__liveRenders ?? 0) + 1;
  if (globalThis.__liveFail) throw new Error('renderer broke');
  const extra = request.assetsForModules(['x']);
  return {
    html: '<!DOCTYPE html><html lang="' + request.language + '"><body><h1>live-' + request.language +
      '</h1><pre id="given">' + JSON.stringify({ path: request.path, extra, data: request.initialData }) +
      '</pre></body></html>',
  };
}
`;

interface Given {
  path: string;
  extra: unknown;
  data: { reviews: Record<string, unknown>[]; catalog?: { version: number; base: unknown } };
}

const renders = () => (globalThis as { __liveRenders?: number }).__liveRenders ?? 0;
const setFailing = (fail: boolean) => {
  (globalThis as { __liveFail?: boolean }).__liveFail = fail;
};

let site: TempSite;
let app: FastifyInstance;
let cookie = '';
let userId = '';
let postedId = '';

async function writeManifest() {
  const request = (path: string, language: string) => ({
    path,
    language,
    siteUrl: 'http://localhost:8080',
    assets: { entry: '/assets/index.js', modulePreloads: [], styles: [], fonts: [] },
    indexable: true,
    hydrate: true,
  });
  await mkdir(join(site.staticDir, '.render'), { recursive: true });
  await writeFile(join(site.root, 'renderer.mjs'), RENDERER);
  await writeFile(
    join(site.staticDir, LIVE_PAGES_MANIFEST),
    JSON.stringify({
      renderer: join(site.root, 'renderer.mjs'),
      pages: {
        '/reviews': request('/reviews', 'ar'),
        '/en/reviews': request('/reviews', 'en'),
        '/prices': request('/prices', 'ar'),
      },
    }),
  );
}

beforeAll(async () => {
  site = await makeStaticDir();
  const files: Record<string, string> = {
    'reviews/index.html': STATIC('ar'),
    'prices/index.html': STATIC('ar'),
    'en/reviews/index.html': STATIC('en'),
    '404.html': STATIC('ar'),
    'en/404.html': STATIC('en'),
  };
  await writePrerenderedSite(site, files, {
    pages: {
      '/reviews': 'reviews/index.html',
      '/en/reviews': 'en/reviews/index.html',
      '/prices': 'prices/index.html',
    },
    shells: {},
    notFound: { ar: '404.html', en: 'en/404.html' },
  });
  await writeManifest();
  const codes = phoneCodeLogger();
  app = await build({
    staticDir: site.staticDir,
    env: { NODE_ENV: 'test', RATE_LIMITS: 'off', DATABASE_PATH: join(site.root, 'db.sqlite') },
    logger: codes.logger,
  });
  codes.watch(app);
  const reviewer = new TestClient(app);
  userId = (await reviewer.signUp('reviewer@example.com', 'Strong-pass-1')).id;
  // The account proves the number its orders give (D13): it may book them.
  await reviewer.signInByPhone();
  cookie = `afsh_session=${reviewer.sessionCookie ?? ''}`;
});

afterAll(async () => {
  await app.close();
  await site.cleanup();
});

beforeEach(() => setFailing(false));

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

function given(body: string): Given {
  const match = /<pre id="given">(.*)<\/pre>/.exec(body);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as Given;
}

/**
 * The signed-up customer's review of a delivered order of theirs (D14), published by the team;
 * the order's full name gives the name shown (its first name).
 */
async function postReview(fullName: string) {
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: orderBody({ fullName }),
  });
  expect(placed.statusCode).toBe(201);
  const { order } = placed.json() as { order: { id: string } };
  const team: AuthUser = { id: userId, email: null, role: 'admin', anonymous: false, phone: null };
  for (const status of statusSteps('received', 'delivered')) {
    app.services.orders.update(order.id, { status }, team);
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: { cookie },
    payload: { orderId: order.id, review: 'نقلوا العفش بعناية', rating: 5 },
  });
  expect(res.statusCode).toBe(201);
  const { review } = res.json() as { review: { id: string } };
  app.services.reviews.setHidden(review.id, false);
  return review.id;
}

describe('live pages', () => {
  it('renders /reviews and /en/reviews with the public reviews, as HTML to revalidate', async () => {
    for (const [url, lang] of [
      ['/reviews', 'ar'],
      ['/reviews/', 'ar'],
      ['/en/reviews', 'en'],
      ['/en/reviews/?from=home', 'en'],
    ] as const) {
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<h1>live-${lang}</h1>`);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      const seen = given(res.body);
      expect(seen.path).toBe('/reviews');
      expect(seen.extra).toEqual({ modulePreloads: [], styles: [] });
      expect(seen.data).toEqual({ reviews: [] });
    }
  });

  it('renders once per page until the public list changes, and only public fields', async () => {
    await get('/reviews');
    const before = renders();
    await get('/reviews');
    await get('/reviews');
    expect(renders()).toBe(before);

    const id = await postReview('منى أحمد');
    postedId = id;
    const posted = given((await get('/reviews')).body);
    expect(renders()).toBe(before + 1);
    expect(posted.data.reviews.map((r) => r.name)).toContain('منى');
    for (const review of posted.data.reviews) {
      expect(Object.keys(review).sort()).toEqual(['createdAt', 'id', 'name', 'rating', 'review']);
    }

    // Hidden by the admin: the next render leaves it out.
    app.services.reviews.setHidden(id, true);
    const hidden = given((await get('/reviews')).body);
    expect(hidden.data.reviews.map((r) => r.id)).not.toContain(id);
    app.services.reviews.setHidden(id, false);
  });

  it('renders /prices with the current catalog, and again when a new version is saved', async () => {
    const first = given((await get('/prices')).body);
    expect(first.path).toBe('/prices');
    expect(first.data.reviews).toBeUndefined();
    expect(first.data.catalog?.version).toBe(FIRST_CATALOG.version);
    const before = renders();
    await get('/prices');
    expect(renders()).toBe(before);

    const rates = ratesOf(FIRST_CATALOG);
    rates.base.full += 10_000;
    const saved = app.services.catalog.save(rates, { id: userId } as AuthUser);
    const next = given((await get('/prices')).body);
    expect(next.data.catalog?.version).toBe(saved.version);
    expect(next.data.catalog?.base).toEqual(saved.base);
  });

  it('falls back to the prerendered page when the renderer fails, and tries again later', async () => {
    // Any change to the public list makes the next visitor's page a new render.
    app.services.reviews.setHidden(postedId, false);
    setFailing(true);
    const failed = await get('/en/reviews');
    expect(failed.status).toBe(200);
    expect(failed.body).toContain('<h1>static-reviews-en</h1>');
    setFailing(false);
    expect((await get('/en/reviews')).body).toContain('<h1>live-en</h1>');
  });

  it('serves the prerendered page when the build left no renderer (the hosted build, an old build)', async () => {
    await rm(join(site.staticDir, '.render'), { recursive: true, force: true });
    try {
      const res = await get('/reviews');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<h1>static-reviews-ar</h1>');
      // The build's manifest is never a public file.
      await writeManifest();
      const manifest = await app.inject({ method: 'GET', url: `/${LIVE_PAGES_MANIFEST}` });
      expect(manifest.statusCode).toBe(404);
      expect((await get('/reviews')).body).toContain('<h1>live-ar</h1>');
    } finally {
      await writeManifest();
    }
  });
});
