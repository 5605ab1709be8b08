// `npm run bench:lighthouse`: Lighthouse (mobile defaults: simulated slow 4G, 4x CPU) on the
// production build served by the real server, three runs per screen, medians printed as a table.
// A benchmark, not a test: it prints and never fails on a score.
//
// Each row is measured beside its limit: a copy of the same page's HTML with every <script> and
// modulepreload removed, served by the same server from the same files (written under
// dist/__noscript/ for the run and removed after it), measured in the same run, interleaved with
// the page (page, copy, page, copy...) so both see the same machine. What the page scores below
// its copy is what its JavaScript costs.
//
//   --skip-build     reuse dist/ (after `npm run build`)
//   --runs N         runs per screen (3)
//   --only /path     only the rows whose path starts with this
//   --json FILE      also write the medians as JSON
//   --dist DIR       serve this build instead of dist/ (to compare with another checkout's)
//   --reports DIR    also write every run's full Lighthouse report (JSON) there, to read why
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
// A password of this run's own: a production server refuses a guessable one (D24).
const BENCH_ADMIN = {
  email: 'owner@example.com',
  password: `${randomBytes(12).toString('base64url')}-Aa1`,
};
/** The build a company would ship: its own numbers, not the placeholder (D24). */
const BENCH_BUILD_ENV = {
  VITE_PHONE_NUMBER: '+201001234567',
  VITE_WHATSAPP_NUMBER: '201001234567',
};

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
async function postOneReview(server: { url: string; output(): string }): Promise<void> {
  const baseUrl = server.url;
  const json = { 'content-type': 'application/json' };
  // Who books proves a mobile number (D13); this reviewer is another customer than the tracked order's.
  const phoneNumber = '01098765432';
  const cookie = await verifiedSessionCookie(server, phoneNumber);
  const placed = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify(newOrder({ fullName: 'منى عبد الرحمن', phoneNumber })),
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

/** Where a row's scripts-removed copy is served (a file under dist/__noscript/). */
const NOSCRIPT_DIR = '__noscript';
function copyPathOf(row: Row): string {
  const slug = row.path === '/' ? '' : row.path.replace(/^\/|\/$/g, '');
  // `.htm`, not `.html`: the server answers `.html` addresses with its prerendered pages only,
  // and serves other files (this one too, as text/html) from the same folder, compressed alike.
  return `/${NOSCRIPT_DIR}/${row.language}/${slug ? slug.replace(/\//g, '-') : 'home'}.htm`;
}

/**
 * The page as the server sends it, without any script (the page script, the JSON it reads, the
 * entry) or modulepreload: the same HTML, stylesheets, fonts and images, and nothing that runs.
 */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, '');
}

async function writeCopy(baseUrl: string, row: Row): Promise<string> {
  const response = await fetch(baseUrl + row.path, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${row.path}: HTTP ${response.status} for its copy`);
  const copyPath = copyPathOf(row);
  const file = join(distDir, ...copyPath.split('/').filter(Boolean));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, withoutScripts(await response.text()));
  return copyPath;
}

function printTable(rows: Medians[], copies: Medians[]): void {
  const header =
    '| screen | lang | Perf | TBT | FCP | LCP | CLS | copy Perf | copy TBT | ΔPerf | ΔTBT | A11y | BP | SEO | bytes |\n' +
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = rows.map((m, index) => {
    const copy = copies[index]!;
    const deltaPerf = m.performance - copy.performance;
    const deltaTbt = Math.round(m.tbtMs) - Math.round(copy.tbtMs);
    return [
      m.path,
      m.language,
      m.performance,
      `${Math.round(m.tbtMs)} ms`,
      `${(m.fcpMs / 1000).toFixed(2)} s`,
      `${(m.lcpMs / 1000).toFixed(2)} s`,
      m.cls.toFixed(3),
      copy.performance,
      `${Math.round(copy.tbtMs)} ms`,
      deltaPerf > 0 ? `+${deltaPerf}` : `${deltaPerf}`,
      deltaTbt > 0 ? `+${deltaTbt} ms` : `${deltaTbt} ms`,
      m.accessibility,
      m.bestPractices,
      m.seo,
      `${(m.bytes / 1024).toFixed(0)} KiB`,
    ].join(' | ');
  });
  console.info(
    `\nLighthouse medians of ${runs} run(s), mobile defaults; "copy" is the same page with its scripts removed\n`,
  );
  console.info(header);
  for (const line of lines) console.info(`| ${line} |`);
}

async function main(): Promise<void> {
  if (
    args.dist === undefined &&
    (!args['skip-build'] || !existsSync(join(distDir, 'index.html')))
  ) {
    console.info('bench:lighthouse: building (npm run build)');
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...BENCH_BUILD_ENV },
    });
    if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status})`);
  }

  const tmp = await mkdtemp(join(tmpdir(), 'afsh-lighthouse-'));
  const server = await startServerProcess({
    // A production server as a company would run it (D24): its own numbers, a public address, and
    // test payments on purpose (every page then carries the test-mode banner, the copy too).
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: distDir,
      NODE_ENV: 'production',
      SITE_URL: 'https://afsh.example',
      PAYMENT_TEST_MODE: 'allowed',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    timeoutMs: 30_000,
  });
  let browser: Browser | undefined;
  try {
    const orderNumber = await placeOneOrder(server);
    await postOneReview(server);
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
    const copies: Medians[] = [];
    const save = async (name: string, lhr: Result) => {
      if (!args.reports) return;
      await mkdir(args.reports, { recursive: true });
      await writeFile(join(args.reports, name), JSON.stringify(lhr));
    };
    for (const row of plan) {
      const copyPath = await writeCopy(server.url, row);
      const results: Result[] = [];
      const copyResults: Result[] = [];
      const slug = `${row.language}${row.path.replace(/[^a-zA-Z0-9-]+/g, '_')}`;
      for (let run = 0; run < runs; run += 1) {
        const lhr = await runWithRetry(browser, server.url + row.path, row.language);
        results.push(lhr);
        await save(`${slug}-${run + 1}.json`, lhr);
        const copy = await runWithRetry(browser, server.url + copyPath, row.language);
        copyResults.push(copy);
        await save(`${slug}-noscript-${run + 1}.json`, copy);
      }
      const medians = mediansOf(row, results);
      const copy = mediansOf(row, copyResults);
      rows.push(medians);
      copies.push(copy);
      console.info(
        `${row.language} ${row.path}: perf ${medians.performance} (copy ${copy.performance}), TBT ${Math.round(medians.tbtMs)} ms (copy ${Math.round(copy.tbtMs)} ms)`,
      );
    }
    printTable(rows, copies);
    if (args.json) {
      const out = rows.map((page, index) => ({ ...page, copy: copies[index] }));
      await writeFile(args.json, JSON.stringify(out, null, 2));
    }
  } finally {
    await rm(join(distDir, NOSCRIPT_DIR), { recursive: true, force: true });
    await browser?.close().catch(() => {});
    await server.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
