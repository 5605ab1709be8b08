// `npm run bench:lighthouse`: Lighthouse (mobile defaults: simulated slow 4G, 4x CPU) on the
// production build served by the real server, three runs per screen, medians printed as a table.
// A benchmark, not a test: it prints and never fails on a score.
//
//   --skip-build     reuse dist/ (after `npm run build`)
//   --runs N         runs per screen (3)
//   --only /path     only the rows whose path starts with this
//   --json FILE      also write the medians as JSON
//   --dist DIR       serve this build instead of dist/ (to compare with another checkout's)
//   --reports DIR    also write every run's full Lighthouse report (JSON) there, to read why
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Browser } from 'puppeteer-core';
import { newOrder } from '../src/testing/order-fixtures.ts';
import { LANGUAGE_STORAGE_KEY } from '../src/i18n/languages.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { verifiedSessionCookie } from './lib/order-body.ts';
import { REPO_ROOT, startServerProcess } from './lib/server-process.ts';
import { statusSteps } from '../src/testing/lifecycle-steps.ts';

type Language = 'ar' | 'en';

interface Row {
  path: string;
  language: Language;
}

interface Medians {
  path: string;
  language: Language;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    json: { type: 'string' },
    dist: { type: 'string' },
    reports: { type: 'string' },
  },
});
const distDir = args.dist ?? join(REPO_ROOT, 'dist');
const runs = Math.max(1, Number.parseInt(args.runs ?? '3', 10) || 3);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** English lives under /en/ when the build has it; before that, the stored choice switches. */
function englishPath(path: string): string {
  if (!existsSync(join(distDir, 'en', 'index.html'))) return path;
  return path === '/' ? '/en/' : `/en${path}`;
}

async function placeOneOrder(server: { url: string; output(): string }): Promise<string> {
  const baseUrl = server.url;
  const json = { 'content-type': 'application/json' };
  const cookie = await verifiedSessionCookie(server, newOrder().phoneNumber);
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify(newOrder()),
  });
  if (response.status !== 201) throw new Error(`placing an order: HTTP ${response.status}`);
  const { order } = (await response.json()) as { order: { orderNumber: string } };
  return order.orderNumber;
}

/** The bench server's admin (ADMIN_EMAIL / ADMIN_PASSWORD below). */
const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * A customer's review, so /reviews shows a real one as it would in use: reviews come from
 * orders (D14), so the customer books, the team delivers the move, the customer reviews it and
 * the team publishes the review.
 */
async function postOneReview(baseUrl: string): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: 'bench.reviewer@example.com',
      password: 'Bench-pass-12',
      confirmPassword: 'Bench-pass-12',
    }),
  });
  if (!signup.ok) throw new Error(`signing up a reviewer: HTTP ${signup.status}`);
  const cookie = cookieOf(signup);
  const placed = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify(newOrder({ fullName: 'منى عبد الرحمن' })),
  });
  if (placed.status !== 201) throw new Error(`placing the reviewed order: HTTP ${placed.status}`);
  const { order } = (await placed.json()) as { order: { id: string } };
  const signIn = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!signIn.ok) throw new Error(`the admin's sign-in: HTTP ${signIn.status}`);
  const admin = { ...json, cookie: cookieOf(signIn) };
  // The office's steps, one at a time (D17).
  for (const status of statusSteps('received', 'delivered')) {
    const moved = await fetch(`${baseUrl}/api/orders/${order.id}`, {
      method: 'PATCH',
      headers: admin,
      body: JSON.stringify({ status }),
    });
    if (!moved.ok) throw new Error(`moving the order to ${status}: HTTP ${moved.status}`);
  }
  const response = await fetch(`${baseUrl}/api/reviews`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({
      orderId: order.id,
      review: 'نقلوا عفش الشقة كله في يوم واحد، والعمال كانوا في منتهى الذوق والأمانة.',
      rating: 5,
    }),
  });
  if (response.status !== 201) throw new Error(`posting a review: HTTP ${response.status}`);
  const { review } = (await response.json()) as { review: { id: string } };
  const published = await fetch(`${baseUrl}/api/reviews/${review.id}`, {
    method: 'PATCH',
    headers: admin,
    body: JSON.stringify({ hidden: false }),
  });
  if (!published.ok) throw new Error(`publishing the review: HTTP ${published.status}`);
}

/**
 * One Lighthouse run in a fresh state: no HTTP cache, no storage, then (for a visitor who chose a
 * language) the stored choice the site reads. Lighthouse's own reset would wipe that choice, so
 * the reset is done here and Lighthouse is told not to repeat it.
 */
async function runOnce(browser: Browser, url: string, language: Language): Promise<Result> {
  const page = await browser.newPage();
  try {
    const origin = new URL(url).origin;
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    if (language !== 'ar') {
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate(
        (key, value) => localStorage.setItem(key, value),
        LANGUAGE_STORAGE_KEY,
        language,
      );
      await cdp.send('Network.clearBrowserCache');
    }
    await cdp.detach();
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) {
      throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    }
    return result.lhr;
  } finally {
    await page.close().catch(() => {});
  }
}

/**
 * Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): that
 * run measured nothing, so it is run again, at most twice, rather than ending the benchmark.
 */
async function runWithRetry(browser: Browser, url: string, language: Language): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(browser, url, language);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${url}: ${(error as Error).message}; running it again`);
    }
  }
}

function score(lhr: Result, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100);
}

function audit(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function mediansOf(row: Row, results: Result[]): Medians {
  const of = (pick: (lhr: Result) => number) => median(results.map(pick));
  return {
    path: row.path,
    language: row.language,
    performance: of((r) => score(r, 'performance')),
    accessibility: of((r) => score(r, 'accessibility')),
    bestPractices: of((r) => score(r, 'best-practices')),
    seo: of((r) => score(r, 'seo')),
    fcpMs: of((r) => audit(r, 'first-contentful-paint')),
    lcpMs: of((r) => audit(r, 'largest-contentful-paint')),
    tbtMs: of((r) => audit(r, 'total-blocking-time')),
    cls: of((r) => audit(r, 'cumulative-layout-shift')),
    bytes: of((r) => audit(r, 'total-byte-weight')),
  };
}

function printTable(rows: Medians[]): void {
  const header =
    '| screen | lang | Perf | A11y | BP | SEO | FCP | LCP | TBT | CLS | bytes |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = rows.map((m) =>
    [
      m.path,
      m.language,
      m.performance,
      m.accessibility,
      m.bestPractices,
      m.seo,
      `${(m.fcpMs / 1000).toFixed(2)} s`,
      `${(m.lcpMs / 1000).toFixed(2)} s`,
      `${Math.round(m.tbtMs)} ms`,
      m.cls.toFixed(3),
      `${(m.bytes / 1024).toFixed(0)} KiB`,
    ].join(' | '),
  );
  console.info(`\nLighthouse medians of ${runs} run(s), mobile defaults\n`);
  console.info(header);
  for (const line of lines) console.info(`| ${line} |`);
}

async function main(): Promise<void> {
  if (
    args.dist === undefined &&
    (!args['skip-build'] || !existsSync(join(distDir, 'index.html')))
  ) {
    console.info('bench:lighthouse: building (npm run build)');
    const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status})`);
  }

  const tmp = await mkdtemp(join(tmpdir(), 'afsh-lighthouse-'));
  const server = await startServerProcess({
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: distDir,
      NODE_ENV: 'production',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    timeoutMs: 30_000,
  });
  let browser: Browser | undefined;
  try {
    const orderNumber = await placeOneOrder(server);
    await postOneReview(server.url);
    const arabic = ['/', '/about', '/prices', '/move-type', '/select-city'];
    const every: Row[] = [
      ...arabic.map((path): Row => ({ path, language: 'ar' })),
      { path: `/track/${orderNumber}`, language: 'ar' },
      { path: '/reviews', language: 'ar' },
      { path: englishPath('/'), language: 'en' },
      { path: englishPath('/prices'), language: 'en' },
    ];
    const plan = every.filter((row) => !args.only || row.path.startsWith(args.only));

    browser = await puppeteer.launch({
      executablePath: ensureChromium(),
      args: [...CHROMIUM_ARGS],
      headless: true,
      defaultViewport: null,
    });
    const rows: Medians[] = [];
    for (const row of plan) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        const lhr = await runWithRetry(browser, server.url + row.path, row.language);
        results.push(lhr);
        if (args.reports) {
          await mkdir(args.reports, { recursive: true });
          const name = `${row.language}${row.path.replace(/[^a-zA-Z0-9-]+/g, '_')}-${run + 1}.json`;
          await writeFile(join(args.reports, name), JSON.stringify(lhr));
        }
      }
      const medians = mediansOf(row, results);
      rows.push(medians);
      console.info(
        `${row.language} ${row.path}: perf ${medians.performance}, LCP ${Math.round(medians.lcpMs)} ms`,
      );
    }
    printTable(rows);
    if (args.json) await writeFile(args.json, JSON.stringify(rows, null, 2));
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
