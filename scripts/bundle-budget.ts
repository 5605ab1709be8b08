import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from '../server/src/app.ts';
import { CHROMIUM_ARGS, ensureChromium } from './lib/chromium.ts';
import { REPO_ROOT } from './lib/server-process.ts';

/**
 * The JavaScript a visitor downloads before `/` is interactive, gzip-compressed, must stay within
 * the budget. Measured in a real browser (so lazy chunks that / does not need are not counted, and
 * modulepreloads are), with each file gzipped here at level 9 so the figure does not depend on
 * the server's on-the-fly compression settings. Run after `vite build`.
 */
const BUDGET_KB = 130;
/**
 * The owner's dashboard (D25) has a budget of its own: its chunk, with the charts library in it,
 * which no other page loads (`/` must not fetch it).
 */
const DASHBOARD_BUDGET_KB = 70;
const DASHBOARD_CHUNK = /^admin-dashboard-page-[\w-]+\.js$/;
const KB = 1024;
// `--dist=<dir>` measures another build (a comparison, or a check of this script itself).
const distArg = process.argv.find((arg) => arg.startsWith('--dist='));
const DIST = distArg ? resolve(distArg.slice('--dist='.length)) : join(REPO_ROOT, 'dist');
const LANGS = ['ar', 'en'] as const;
// `--backend=firebase` measures a `VITE_BACKEND=firebase` build (scripts/firebase-build.ts).
const BACKEND = process.argv.includes('--backend=firebase') ? 'firebase' : 'http';
/**
 * Text that only the Firebase SDK puts in a chunk. An `http` build must contain none of it (D1);
 * in a `firebase` build the chunks that do are the lazily loaded SDK.
 */
const SDK_MARKERS = [
  '@firebase/',
  'FirebaseError',
  'identitytoolkit.googleapis.com',
  'firestore.googleapis.com',
  'cloudfunctions.net',
  'content-firebaseappcheck.googleapis.com',
];
/**
 * Text only the functions and App Check SDKs put in a chunk: they load on the first write (an
 * order, a review, a message, a tracking look-up), never for `/`, not even after it is up.
 */
const WRITE_SDK_MARKERS = ['cloudfunctions.net', 'content-firebaseappcheck.googleapis.com'];

async function chunksWith(markers: readonly string[]): Promise<string[]> {
  const assets = join(DIST, 'assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  const found: string[] = [];
  for (const file of files) {
    const text = await readFile(join(assets, file), 'utf8');
    if (markers.some((marker) => text.includes(marker))) found.push(`assets/${file}`);
  }
  return found.sort();
}

const sdkChunks = () => chunksWith(SDK_MARKERS);

interface FileFigure {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}
interface LangFigure {
  lang: (typeof LANGS)[number];
  files: FileFigure[];
  /** Firebase build: SDK chunks fetched after the first render (not counted in the budget). */
  lazy: FileFigure[];
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

async function measure(
  baseUrl: string,
  lang: (typeof LANGS)[number],
  executablePath: string,
  sdk: readonly string[],
): Promise<LangFigure> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const origin = new URL(baseUrl).origin;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: lang === 'ar' ? 'ar-EG' : 'en-US',
      timezoneId: 'Africa/Cairo',
      storageState: {
        cookies: [],
        origins: [{ origin, localStorage: [{ name: 'afsh.lang', value: lang }] }],
      },
    });
    const page = await context.newPage();
    // The dummy Firebase project is unreachable by design; refuse its calls at once so the SDK
    // backs off and the network settles (the page must cope with an offline backend anyway).
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.abort(),
    );
    const scripts = new Set<string>();
    const problems: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin) return;
      const isScript =
        response.request().resourceType() === 'script' || url.pathname.endsWith('.js');
      if (!isScript) return;
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${url.pathname}`);
      else scripts.add(decodeURIComponent(url.pathname));
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('#root > *', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (problems.length)
      throw new Error(`/ (${lang}) did not load cleanly:\n  ${problems.join('\n  ')}`);

    const files: FileFigure[] = [];
    for (const pathname of [...scripts].sort()) {
      const filePath = join(DIST, pathname);
      const inside = relative(DIST, filePath);
      if (inside.startsWith('..') || isAbsolute(inside) || !existsSync(filePath)) {
        throw new Error(`${pathname} was served but is not a file in dist/`);
      }
      const bytes = await readFile(filePath);
      files.push({
        file: inside,
        rawBytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
      });
    }
    const deferred = await lazyOnly(
      files.map((f) => f.file),
      sdk,
    );
    const counted = files.filter((f) => !deferred.has(f.file));
    const lazy = files.filter((f) => deferred.has(f.file));
    const rawBytes = counted.reduce((sum, f) => sum + f.rawBytes, 0);
    const gzipBytes = counted.reduce((sum, f) => sum + f.gzipBytes, 0);
    return {
      lang,
      files: counted,
      lazy,
      rawBytes,
      gzipBytes,
      withinBudget: gzipBytes <= BUDGET_KB * KB,
    };
  } finally {
    await browser.close();
  }
}

function printTable(figure: LangFigure): void {
  const width = Math.max(24, ...figure.files.map((f) => f.file.length));
  console.info(`\n/ (${figure.lang}): JavaScript loaded before the page is interactive`);
  console.info(`${'file'.padEnd(width)}  ${'raw KB'.padStart(9)}  ${'gzip KB'.padStart(9)}`);
  for (const f of figure.files) {
    console.info(
      `${f.file.padEnd(width)}  ${kb(f.rawBytes).padStart(9)}  ${kb(f.gzipBytes).padStart(9)}`,
    );
  }
  console.info(
    `${'total'.padEnd(width)}  ${kb(figure.rawBytes).padStart(9)}  ${kb(figure.gzipBytes).padStart(9)}`,
  );
  console.info(
    `bundle budget (${BACKEND}): ${kb(figure.gzipBytes)} KB gzip of ${BUDGET_KB} KB for / (${figure.lang})` +
      (figure.withinBudget ? '' : '  <-- OVER BUDGET'),
  );
  for (const f of figure.lazy) {
    console.info(
      `  + ${f.file}: ${kb(f.rawBytes)} KB raw, ${kb(f.gzipBytes)} KB gzip, fetched for the lazily imported adapter (not counted)`,
    );
  }
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

/** The chunk and every chunk it imports statically (what the browser must fetch to run it). */
async function staticClosure(roots: readonly string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(join(DIST, file), 'utf8');
    for (const match of text.matchAll(STATIC_IMPORT)) queue.push(`assets/${match[1]}`);
  }
  return seen;
}

/**
 * Of the scripts `/` loaded, those fetched only for the lazily imported Firebase adapter: the SDK
 * chunk and the chunks it alone needs (the domain schemas it validates with). A chunk that a
 * screen of `/` also imports stays counted.
 */
async function lazyOnly(loaded: readonly string[], sdk: readonly string[]): Promise<Set<string>> {
  if (!sdk.length) return new Set();
  const forSdk = await staticClosure(sdk);
  const needed = await staticClosure(loaded.filter((file) => !forSdk.has(file)));
  return new Set(loaded.filter((file) => !needed.has(file)));
}

/**
 * D1: an `http` build has no Firebase code at all; a `firebase` build has the SDK only in chunks
 * that index.html neither loads nor preloads (so they arrive after the page is up).
 */
async function checkSdkPlacement(sdk: readonly string[]): Promise<string | null> {
  if (BACKEND === 'http') {
    return sdk.length ? `Firebase SDK code in an http build: ${sdk.join(', ')}` : null;
  }
  if (!sdk.length) return 'no Firebase SDK chunk in a firebase build (is VITE_BACKEND set?)';
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const eager = sdk.filter((file) => html.includes(file));
  return eager.length ? `index.html loads the Firebase SDK eagerly: ${eager.join(', ')}` : null;
}

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(
      `bundle budget: ${join(DIST, 'index.html')} is missing; run \`vite build\` first.`,
    );
    return 1;
  }
  const sdk = await sdkChunks();
  const placement = await checkSdkPlacement(sdk);
  if (placement) {
    console.error(`bundle budget (${BACKEND}): ${placement}`);
    return 1;
  }
  console.info(
    BACKEND === 'http'
      ? 'bundle check (http): no Firebase SDK code in any chunk'
      : `bundle check (firebase): the SDK is only in lazy chunks (${sdk.join(', ')})`,
  );
  const executablePath = ensureChromium();

  // The budget only loads pages; a throw-away in-memory database keeps data/ untouched.
  const app = await build({ staticDir: DIST, logger: false, env: { DATABASE_PATH: ':memory:' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const figures: LangFigure[] = [];
  try {
    for (const lang of LANGS) figures.push(await measure(baseUrl, lang, executablePath, sdk));
  } finally {
    await app.close();
  }
  figures.forEach(printTable);
  if (BACKEND === 'firebase') {
    const writeSdk = await chunksWith(WRITE_SDK_MARKERS);
    if (!writeSdk.length) {
      console.error('bundle budget (firebase): no functions / App Check chunk in the build');
      return 1;
    }
    const loaded = figures.flatMap((f) => [...f.files, ...f.lazy].map((file) => file.file));
    const early = writeSdk.filter((file) => loaded.includes(file));
    if (early.length) {
      console.error(`bundle budget (firebase): / loads the functions / App Check SDK: ${early}`);
      return 1;
    }
    console.info(
      `bundle check (firebase): functions and App Check load on the first write only (${writeSdk.join(', ')})`,
    );
  }

  const out = join(REPO_ROOT, 'test-results');
  await mkdir(out, { recursive: true });
  await writeFile(
    join(out, BACKEND === 'http' ? 'bundle-budget.json' : `bundle-budget-${BACKEND}.json`),
    JSON.stringify(
      {
        page: '/',
        backend: BACKEND,
        unit: 'KB = 1024 bytes; gzip level 9 of the file in dist/',
        budgetKb: BUDGET_KB,
        languages: figures.map((f) => ({
          ...f,
          rawKb: Number(kb(f.rawBytes)),
          gzipKb: Number(kb(f.gzipBytes)),
          lazyGzipKb: Number(kb(f.lazy.reduce((sum, l) => sum + l.gzipBytes, 0))),
        })),
      },
      null,
      2,
    ) + '\n',
  );

  const dashboard = (await readdir(join(DIST, 'assets'))).filter((f) => DASHBOARD_CHUNK.test(f));
  if (dashboard.length !== 1) {
    console.error(`bundle budget: expected one dashboard chunk, found ${dashboard.length}`);
    return 1;
  }
  const dashboardFile = `assets/${dashboard[0]}`;
  const dashboardGzip = gzipSync(await readFile(join(DIST, dashboardFile)), { level: 9 }).length;
  console.info(
    `dashboard budget: ${kb(dashboardGzip)} KB gzip of ${DASHBOARD_BUDGET_KB} KB (${dashboardFile})`,
  );
  if (figures.some((f) => f.files.some((file) => file.file.endsWith(dashboard[0]!)))) {
    console.error('bundle budget: / loads the dashboard chunk (its charts belong to it alone)');
    return 1;
  }
  if (dashboardGzip > DASHBOARD_BUDGET_KB * KB) {
    console.error('dashboard budget exceeded: the charts library grew or more came along');
    return 1;
  }

  const over = figures.filter((f) => !f.withinBudget);
  if (over.length) {
    console.error(
      `\nbundle budget exceeded for ${over.map((f) => `/ (${f.lang})`).join(' and ')}: ` +
        'lazy-load what / does not need before it is interactive.',
    );
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bundle budget: ${(error as Error).message}`);
    process.exit(1);
  },
);
