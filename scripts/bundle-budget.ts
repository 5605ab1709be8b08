import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
const KB = 1024;
// `--dist=<dir>` measures another build (a comparison, or a check of this script itself).
const distArg = process.argv.find((arg) => arg.startsWith('--dist='));
const DIST = distArg ? resolve(distArg.slice('--dist='.length)) : join(REPO_ROOT, 'dist');
const LANGS = ['ar', 'en'] as const;

interface FileFigure {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}
interface LangFigure {
  lang: (typeof LANGS)[number];
  files: FileFigure[];
  rawBytes: number;
  gzipBytes: number;
  withinBudget: boolean;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

async function measure(baseUrl: string, lang: (typeof LANGS)[number], executablePath: string) {
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
    const rawBytes = files.reduce((sum, f) => sum + f.rawBytes, 0);
    const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { lang, files, rawBytes, gzipBytes, withinBudget: gzipBytes <= BUDGET_KB * KB };
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
    `bundle budget: ${kb(figure.gzipBytes)} KB gzip of ${BUDGET_KB} KB for / (${figure.lang})` +
      (figure.withinBudget ? '' : '  <-- OVER BUDGET'),
  );
}

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(
      `bundle budget: ${join(DIST, 'index.html')} is missing; run \`vite build\` first.`,
    );
    return 1;
  }
  const executablePath = ensureChromium();

  // The budget only loads pages; a throw-away in-memory database keeps data/ untouched.
  const app = await build({ staticDir: DIST, logger: false, env: { DATABASE_PATH: ':memory:' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  const figures: LangFigure[] = [];
  try {
    for (const lang of LANGS) figures.push(await measure(baseUrl, lang, executablePath));
  } finally {
    await app.close();
  }
  figures.forEach(printTable);

  const out = join(REPO_ROOT, 'test-results');
  await mkdir(out, { recursive: true });
  await writeFile(
    join(out, 'bundle-budget.json'),
    JSON.stringify(
      {
        page: '/',
        unit: 'KB = 1024 bytes; gzip level 9 of the file in dist/',
        budgetKb: BUDGET_KB,
        languages: figures.map((f) => ({
          ...f,
          rawKb: Number(kb(f.rawBytes)),
          gzipKb: Number(kb(f.gzipBytes)),
        })),
      },
      null,
      2,
    ) + '\n',
  );

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
