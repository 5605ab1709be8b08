import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import type { AuthUser } from '../../server/src/plugins/sessions.ts';
import { PUBLIC_PAGES } from '../../src/config/public-pages.ts';
import { GOVERNORATES } from '../../src/domain/governorates.ts';
import { LANGUAGES, localizedPath } from '../../src/i18n/languages.ts';
import { JSON_LD_ELEMENT_ID } from '../../src/prerender/ids.ts';
import { RATING_MIN_REVIEWS, SITE_ORIGIN_PLACEHOLDER } from '../../src/prerender/seo.ts';
import { statusSteps } from '../../src/testing/lifecycle-steps.ts';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';
import { ensureJava, vnuJarPath } from '../../scripts/lib/java.ts';
import { futureMoveDate, orderBody } from './order-fixtures.ts';
import { phoneCodeLogger, TestClient } from './test-server.ts';

// What search engines, link previews and an installing phone read (D26), from the real build
// served by the real server with a SITE_URL given at run time: robots.txt, the sitemap, the
// canonical and hreflang links, the home page's JSON-LD, the manifests and their icons; and the
// Nu HTML Checker over every public page in both languages.

const SITE_URL = 'https://afsh.example';
const VNU_REPORT = join(REPO_ROOT, 'test-results', 'vnu.txt');

/**
 * The build to test: dist/ when it is a build of this version (`npm test` has just built it),
 * else one of this file's own.
 */
function builtSite(): string {
  const dist = join(REPO_ROOT, 'dist');
  if (existsSync(join(dist, 'prerendered.json')) && existsSync(join(dist, 'sw.js'))) return dist;
  const out = join(REPO_ROOT, 'test-results', 'dist-site-pages');
  const { VITEST: _v, VITEST_POOL_ID: _p, VITEST_WORKER_ID: _w, ...env } = process.env;
  const result = spawnSync(
    join(REPO_ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', out, '--emptyOutDir'],
    { cwd: REPO_ROOT, stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  return out;
}

let root: string;
let app: FastifyInstance;
let reviewers = 0;

beforeAll(async () => {
  const staticDir = builtSite();
  root = await mkdtemp(join(tmpdir(), 'afsh-site-'));
  const codes = phoneCodeLogger();
  app = await build({
    staticDir,
    env: {
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      DATABASE_PATH: join(root, 'db.sqlite'),
      SITE_URL,
    },
    logger: codes.logger,
  });
  codes.watch(app);
}, 300_000);

afterAll(async () => {
  await app?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...headers },
  });
  return { status: res.statusCode, body: res.body, headers: res.headers, raw: res.rawPayload };
}

/**
 * A published review of a delivered order (D14), each by a customer and a device of its own.
 */
async function publishReview(rating: number) {
  reviewers += 1;
  const reviewer = new TestClient(app);
  const userId = (await reviewer.signUp(`site-reviewer-${reviewers}@example.com`, 'Strong-pass-1'))
    .id;
  const phone = `0101234${String(5000 + reviewers)}`;
  await reviewer.signInByPhone(phone);
  const cookie = `afsh_session=${reviewer.sessionCookie ?? ''}`;
  const placed = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    // A day of its own: the crews of one window are few (D12).
    payload: orderBody({
      fullName: 'سارة محمود',
      phoneNumber: phone,
      moveDate: futureMoveDate(3 + reviewers),
    }),
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
    // One review a minute per customer and per address (spec 5): each from a device of its own.
    remoteAddress: `10.0.0.${reviewers}`,
    payload: { orderId: order.id, review: 'نقلوا العفش بعناية', rating },
  });
  expect(res.statusCode).toBe(201);
  app.services.reviews.setHidden((res.json() as { review: { id: string } }).review.id, false);
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = new RegExp(
    `<script type="application/ld\\+json" id="${JSON_LD_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  expect(match, 'the page has its JSON-LD').not.toBeNull();
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const publicAddresses = PUBLIC_PAGES.flatMap((path) =>
  LANGUAGES.map((language) => localizedPath(path, language)),
);

describe('robots.txt and the sitemap', () => {
  it('robots.txt keeps crawlers out of private pages and names the sitemap at SITE_URL', async () => {
    const res = await get('/robots.txt', { accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    for (const prefix of [
      '/api/',
      '/admin-',
      '/en/admin-',
      '/my-orders',
      '/en/my-orders',
      '/payment',
      '/track/',
      '/en/track/',
      '/login',
    ]) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    // No public page starts with a disallowed prefix.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const address of publicAddresses) {
      expect(
        disallowed.filter((prefix) => address.startsWith(prefix)),
        address,
      ).toEqual([]);
    }
  });

  it('the sitemap lists both languages of every public page with hreflang alternates', async () => {
    const res = await get('/sitemap.xml', { accept: '*/*' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const urls = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const locs = urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)![1]);
    expect(locs.sort()).toEqual(publicAddresses.map((address) => SITE_URL + address).sort());
    for (const url of urls) {
      const alternates = [
        ...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
      ].map((m) => [m[1], m[2]]);
      expect(alternates.map(([lang]) => lang)).toEqual(['ar', 'en', 'x-default']);
      for (const [, href] of alternates) expect(href!.startsWith(`${SITE_URL}/`)).toBe(true);
    }
    expect(res.body).not.toMatch(/admin|my-orders|payment|localhost|invalid/);
  });
});

describe('pages carry SITE_URL, set at run time', () => {
  it.each(publicAddresses)('%s: canonical, hreflang and previews at SITE_URL', async (address) => {
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain(SITE_ORIGIN_PLACEHOLDER);
    expect(res.body).not.toContain('localhost');
    const bare = address.replace(/^\/en(?=\/)/, '') || '/';
    expect(res.body).toContain(`<link rel="canonical" href="${SITE_URL}${address}"/>`);
    expect(res.body).toContain(
      `<link rel="alternate" hrefLang="x-default" href="${SITE_URL}${localizedPath(bare, 'ar')}"/>`,
    );
    expect(res.body).toContain(`<meta property="og:image" content="${SITE_URL}/og-image.png"/>`);
    const english = address.startsWith('/en/');
    expect(res.body).toContain(
      `<meta property="og:locale" content="${english ? 'en_US' : 'ar_EG'}"/>`,
    );
    expect(res.body).toContain(
      `<meta property="og:locale:alternate" content="${english ? 'ar_EG' : 'en_US'}"/>`,
    );
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it('every public page has a description of its own, in each language', async () => {
    const descriptions = new Map<string, string>();
    for (const address of publicAddresses) {
      const { body } = await get(address);
      const description = /<meta name="description" content="([^"]+)"/.exec(body)?.[1];
      expect(description, address).toBeTruthy();
      expect(/<meta property="og:description" content="([^"]+)"/.exec(body)?.[1]).toBe(description);
      descriptions.set(address, description!);
    }
    expect(new Set(descriptions.values()).size).toBe(publicAddresses.length);
  });

  it('a private page stays noindex, and an unchanged page answers 304 to its ETag', async () => {
    const admin = await get('/admin-orders');
    expect(admin.body).toContain('<meta name="robots" content="noindex"/>');
    expect(admin.body).not.toContain('rel="canonical"');

    const first = await get('/en/about');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/en/about', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    // Compressed like any other answer, with the same ETag.
    const zipped = await get('/en/about', { 'accept-encoding': 'br' });
    expect(zipped.headers['content-encoding']).toBe('br');
    expect(zipped.headers.etag).toBe(etag);
  });
});

describe('the test-mode banner (D24)', () => {
  const PAGES = [
    ...LANGUAGES.flatMap((language) => PUBLIC_PAGES.map((page) => localizedPath(page, language))),
    '/admin-orders',
    '/en/my-orders',
    '/track/AF-20261127-838',
    '/no-such-page',
  ];
  const banners = (html: string) => html.match(/id="test-mode-banner"/g)?.length ?? 0;

  it('is on no page while payments are not a trial on purpose (the default)', async () => {
    for (const path of PAGES) {
      const page = await get(path);
      expect(page.body, path).toContain('<body');
      expect(banners(page.body), path).toBe(0);
    }
  });

  it('with PAYMENT_TEST_MODE=allowed, is first in every page, once, both languages, the page’s first', async () => {
    const testRoot = await mkdtemp(join(tmpdir(), 'afsh-site-test-mode-'));
    const announced = await build({
      staticDir: builtSite(),
      env: {
        NODE_ENV: 'test',
        RATE_LIMITS: 'off',
        DATABASE_PATH: join(testRoot, 'db.sqlite'),
        SITE_URL,
        PAYMENT_TEST_MODE: 'allowed',
      },
      logger: false,
    });
    try {
      for (const path of PAGES) {
        const res = await announced.inject({
          method: 'GET',
          url: path,
          headers: { accept: 'text/html' },
        });
        const body = res.body;
        expect(banners(body), path).toBe(1);
        // Right after <body>, before the app's root: the app never draws it or hydrates it.
        expect(body, path).toMatch(/<body[^>]*><aside id="test-mode-banner"/);
        const banner = body.slice(
          body.indexOf('<aside id="test-mode-banner"'),
          body.indexOf('</aside>'),
        );
        const arabic = banner.indexOf('lang="ar"');
        const english = banner.indexOf('lang="en"');
        expect(arabic, path).toBeGreaterThan(0);
        expect(english, path).toBeGreaterThan(0);
        const en = path.startsWith('/en/') || path === '/en';
        expect(en ? english < arabic : arabic < english, path).toBe(true);
        expect(banner).toContain('وضع تجريبي');
        expect(banner).toContain('no money is charged');
      }
      // The service worker's precache asks for each page with its revision in the query
      // (Workbox's __WB_REVISION__): what it keeps for offline has the banner too.
      const kept = await announced.inject({
        method: 'GET',
        url: '/about?__WB_REVISION__=0123abcd',
        headers: { accept: '*/*' },
      });
      expect(kept.statusCode).toBe(200);
      expect(banners(kept.body)).toBe(1);
    } finally {
      await announced.close();
      await rm(testRoot, { recursive: true, force: true });
    }
  });

  it("changes the service worker's kept pages' revisions, not its files', when it comes or goes", async () => {
    const entries = (worker: string) =>
      [...worker.matchAll(/\{"revision":("[^"]*"|null),"url":"([^"]*)"\}/g)].map(
        ([, revision, url]) => ({ url: url ?? '', revision: revision ?? '' }),
      );
    const built = entries(readFileSync(join(builtSite(), 'sw.js'), 'utf8'));
    const keptPages = [
      ...LANGUAGES.flatMap((language) => PUBLIC_PAGES.map((page) => localizedPath(page, language))),
      '/track/_',
      '/en/track/_',
    ];
    // The build's manifest as this test reads it: every kept page, each file of /assets.
    expect(
      built
        .filter((entry) => entry.url.startsWith('/'))
        .map((entry) => entry.url)
        .sort(),
    ).toEqual(keptPages.sort());
    expect(built.some((entry) => entry.url.startsWith('assets/'))).toBe(true);

    const served = async (server: FastifyInstance) => {
      const res = await server.inject({ method: 'GET', url: '/sw.js', headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const again = await server.inject({
        method: 'GET',
        url: '/sw.js',
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      return { entries: entries(res.body), etag: res.headers.etag };
    };
    const testRoot = await mkdtemp(join(tmpdir(), 'afsh-site-worker-'));
    const announced = await build({
      staticDir: builtSite(),
      env: {
        NODE_ENV: 'test',
        RATE_LIMITS: 'off',
        DATABASE_PATH: join(testRoot, 'db.sqlite'),
        SITE_URL,
        PAYMENT_TEST_MODE: 'allowed',
      },
      logger: false,
    });
    try {
      const plain = await served(app);
      const banner = await served(announced);
      expect(banner.etag).not.toBe(plain.etag);
      expect(plain.entries.map((entry) => entry.url)).toEqual(built.map((entry) => entry.url));
      expect(banner.entries.map((entry) => entry.url)).toEqual(built.map((entry) => entry.url));
      built.forEach((file, i) => {
        const [without, withBanner] = [plain.entries[i]!, banner.entries[i]!];
        if (file.url.startsWith('/')) {
          // The build's revision, then the settings' mark: another mark with the banner.
          expect(without.revision, file.url).toMatch(
            new RegExp(`^"${file.revision.slice(1, -1)}-[0-9a-f]{12}"$`),
          );
          expect(withBanner.revision, file.url).toMatch(
            new RegExp(`^"${file.revision.slice(1, -1)}-[0-9a-f]{12}"$`),
          );
          expect(withBanner.revision, file.url).not.toBe(without.revision);
        } else {
          expect([without.revision, withBanner.revision], file.url).toEqual([
            file.revision,
            file.revision,
          ]);
        }
      });
    } finally {
      await announced.close();
      await rm(testRoot, { recursive: true, force: true });
    }
  });
});

describe('JSON-LD', () => {
  it('the home page describes a MovingCompany in both languages, at SITE_URL', async () => {
    for (const [address, name, other] of [
      ['/', 'عفش', 'Afsh'],
      ['/en/', 'Afsh', 'عفش'],
    ] as const) {
      const data = jsonLdOf((await get(address)).body);
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe('MovingCompany');
      expect(data.name).toBe(name);
      expect(data.alternateName).toBe(other);
      expect(data.url).toBe(SITE_URL + address);
      expect(data.logo).toBe(`${SITE_URL}/icons/icon-512.png`);
      expect(data.telephone).toMatch(/^\+?\d{6,15}$/);
      expect((data.areaServed as unknown[]).length).toBe(GOVERNORATES.length);
      expect(data.priceRange).toMatch(/^\d+–\d+ EGP$/);
      expect(data.openingHoursSpecification).toMatchObject({ opens: '09:00', closes: '22:00' });
      expect(data).not.toHaveProperty('aggregateRating');
    }
  });

  it(`carries the published reviews' rating only from ${RATING_MIN_REVIEWS} of them`, async () => {
    const ratings = [5, 4, 5, 3, 5];
    for (const rating of ratings.slice(0, -1)) await publishReview(rating);
    expect(jsonLdOf((await get('/')).body)).not.toHaveProperty('aggregateRating');
    await publishReview(ratings.at(-1)!);
    const data = jsonLdOf((await get('/')).body);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.4,
      reviewCount: 5,
      bestRating: 5,
      worstRating: 1,
    });
  });
});

describe('installable', () => {
  it.each([
    ['/manifest.webmanifest', 'ar', 'rtl', '/'],
    ['/manifest.en.webmanifest', 'en', 'ltr', '/en/'],
  ])(
    '%s is complete, and its icons exist in the sizes it states',
    async (url, lang, dir, start) => {
      const res = await get(url, { accept: '*/*' });
      expect(res.status).toBe(200);
      const manifest = JSON.parse(res.body) as {
        id: string;
        scope: string;
        start_url: string;
        name: string;
        short_name: string;
        lang: string;
        dir: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ id: '/', scope: '/', start_url: start, lang, dir });
      expect(manifest.display).toBe('standalone');
      expect(manifest.name).toBeTruthy();
      expect(manifest.short_name).toBeTruthy();
      expect(manifest.theme_color).toMatch(/^#/);
      expect(manifest.background_color).toMatch(/^#/);
      const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
      expect(pngs.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
      expect(pngs.some((icon) => icon.purpose === 'maskable')).toBe(true);
      for (const icon of pngs) {
        const file = await get(icon.src, { accept: 'image/*' });
        expect(file.status, icon.src).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
        const { width, height } = pngSize(file.raw);
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
    },
  );

  it('the apple-touch-icon and the preview image have their sizes; the worker is served', async () => {
    const home = await get('/');
    expect(home.body).toContain(
      '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>',
    );
    expect(home.body).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect((await get('/en/')).body).toContain(
      '<link rel="manifest" href="/manifest.en.webmanifest"/>',
    );
    expect(pngSize((await get('/icons/apple-touch-icon.png')).raw)).toEqual({
      width: 180,
      height: 180,
    });
    expect(pngSize((await get('/og-image.png')).raw)).toEqual({ width: 1200, height: 630 });
    const worker = await get('/sw.js', { accept: '*/*' });
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // Revalidated, so a new deployment's worker is found on the next visit.
    expect(worker.headers['cache-control']).toBe('no-cache');
  });
});

describe('Nu HTML Checker', () => {
  it('finds no error on any public page, in either language', async () => {
    const java = ensureJava();
    const dir = join(root, 'vnu');
    await mkdir(dir, { recursive: true });
    const files: string[] = [];
    for (const address of publicAddresses) {
      const { body, status } = await get(address);
      expect(status).toBe(200);
      const file = join(dir, `${address.replace(/\//g, '_') || '_'}.html`);
      await writeFile(file, body);
      files.push(file);
    }
    const result = spawnSync(
      java,
      ['-jar', vnuJarPath(), '--format', 'text', '--also-check-svg', ...files],
      { encoding: 'utf8', timeout: 240_000 },
    );
    const output = `${result.stdout}${result.stderr}`.replaceAll(`file:${dir}/`, '');
    const lines = output.split('\n').filter((line) => line.trim() !== '');
    const report = [
      `Nu HTML Checker (vnu-jar) over ${files.length} public pages served with SITE_URL=${SITE_URL}`,
      ...publicAddresses.map((address) => {
        const name = `${address.replace(/\//g, '_') || '_'}.html`;
        const mine = lines.filter((line) => line.includes(`"${name}"`));
        const errors = mine.filter((line) => line.startsWith('Error')).length;
        const warnings = mine.filter((line) => line.startsWith('Warning')).length;
        return `${address}: ${errors} errors, ${warnings} warnings`;
      }),
      '',
      ...lines,
      '',
    ].join('\n');
    await mkdir(join(REPO_ROOT, 'test-results'), { recursive: true });
    await writeFile(VNU_REPORT, report);
    expect(
      lines.filter((line) => line.startsWith('Error')),
      report,
    ).toEqual([]);
  }, 300_000);
});
