import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type {
  Browser,
  BrowserContext,
  ConsoleMessage,
  Page,
  Request,
  Response,
} from 'playwright-core';
import { afterAll, inject } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_REQUIRED,
  chromiumPath,
  chromiumVersion,
} from '../../scripts/lib/chromium.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/i18n/languages.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS_DIR = join(REPO_ROOT, 'test-results');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const satisfies Record<string, { width: number; height: number }>;

// The spec file's own server (server.ts: ownServer), set once it has started.
let fileBaseUrl: string | null = null;

/** Called by ownServer (server.ts) once the file's server answers, and with null once it stops. */
export function setBaseUrl(url: string | null): void {
  fileBaseUrl = url === null ? null : url.replace(/\/$/, '');
}

/** The address of the spec file's server (ownServer). */
export function baseUrl(): string {
  if (!fileBaseUrl) {
    throw new Error(
      'No baseUrl: call ownServer() (tests/e2e/server.ts) at the top of the spec file, and run ' +
        'it with `vitest run --project e2e`.',
    );
  }
  return fileBaseUrl;
}

// The run's one Chromium (global-setup.ts), connected to once per test file: a launch costs
// seconds of CPU. What a file opens are contexts of its own, which it closes; closeBrowser (also
// in the afterAll below, when a spec forgets it) closes any it left and disconnects. A spec run
// without the global setup launches a browser of its own.
let browserPromise: Promise<Browser> | null = null;

function connectOrLaunch(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  const executablePath = chromiumPath();
  if (!chromiumVersion(executablePath)) {
    throw new Error(`${CHROMIUM_REQUIRED} (looked for ${executablePath}).`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export async function getBrowser(): Promise<Browser> {
  if (!browserPromise) {
    browserPromise = connectOrLaunch();
    browserPromise.catch(() => {
      browserPromise = null;
    });
  }
  return browserPromise;
}

export async function closeBrowser(): Promise<void> {
  // Their contexts close with the connection.
  warmPages.clear();
  const pending = browserPromise;
  browserPromise = null;
  if (pending) await (await pending.catch(() => null))?.close();
}

afterAll(closeBrowser);

/**
 * A visitor with no page: a browser context of its own whose cookies API calls carry (setting a
 * spec up: an order placed by someone else). No page is loaded, which would cost a renderer and
 * the app's start for nothing. The caller closes it.
 */
export async function newVisitor(): Promise<BrowserContext> {
  return (await getBrowser()).newContext();
}

/** `body` as a new visitor with no page (newVisitor), closed afterwards. */
export async function asNewVisitor<T>(body: (visitor: BrowserContext) => Promise<T>): Promise<T> {
  const visitor = await newVisitor();
  try {
    return await body(visitor);
  } finally {
    await visitor.close();
  }
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
  close(): Promise<void>;
}

export interface OpenPageOptions {
  lang: 'ar' | 'en';
  viewport: 'phone' | 'desktop';
  path: string;
  reducedMotion?: boolean;
  /** Extra localStorage entries present before the app's first script runs. */
  storage?: Record<string, string>;
  /** sessionStorage entries present before the app's first script runs (a booking under way). */
  session?: Record<string, string>;
  /**
   * Runs once the context exists, before the page loads: API calls with the context's cookies
   * (a session, an order of the visitor's), so the first page the visitor opens is already theirs.
   */
  before?: (context: BrowserContext) => Promise<void>;
  /** Another server than the run's (a spec that needs its own settings starts one). */
  baseUrl?: string;
  /** The page's own HTTP status when it is not 200 (an unknown address answers 404). */
  documentStatus?: number;
  /**
   * The page may be one an earlier test of the file opened with the same language, viewport and
   * motion, and closed: its storage, cookies and permissions are cleared on close, its address
   * changes to `path`. Only for a test that changes nothing else about the page or its context
   * (routes, media emulation, geolocation, exposed functions, listeners of its own).
   */
  warm?: boolean;
  /**
   * Let the site's service worker run (D26). Off unless asked: a worker that fetches the shell in
   * the background is load no other test needs, and Playwright's routes do not see what a worker
   * answers, so a test that routes requests would not see them either.
   */
  serviceWorker?: boolean;
}

// Requests that stay open as long as the page does: the live streams (EventSource) and the
// hero video (media, fetched in ranges while it plays). They are never "done".
const LONG_LIVED = new Set(['eventsource', 'media', 'websocket']);

interface RequestTracker {
  pending: Set<Request>;
  /** Resolves once no request is pending (at once if none is). */
  idle(): Promise<void>;
}
const trackers = new WeakMap<Page, RequestTracker>();

/** Follows the page's requests for networkQuiet; returns what stops following them. */
function trackRequests(page: Page): () => void {
  const pending = new Set<Request>();
  const waiting = new Set<() => void>();
  const started = (request: Request) => {
    if (!LONG_LIVED.has(request.resourceType())) pending.add(request);
  };
  page.on('request', started);
  // Cancelled requests (a navigation away, a closed stream) are reported as failed.
  const settle = (request: Request) => {
    pending.delete(request);
    if (pending.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const tracker: RequestTracker = {
    pending,
    idle: () =>
      pending.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.add(resolve);
          }),
  };
  trackers.set(page, tracker);
  return () => {
    page.off('request', started);
    page.off('requestfinished', settle);
    page.off('requestfailed', settle);
    if (trackers.get(page) === tracker) trackers.delete(page);
  };
}

/**
 * Resolves once the page has no request in flight (live streams and media aside) and, two frames
 * later, has started none: what the answers set off (a render, the next request) is on the page.
 * A state, not the 500 ms of quiet Playwright's "networkidle" waits for on every page.
 */
export async function networkQuiet(page: Page, timeoutMs = 15_000): Promise<void> {
  const tracker = trackers.get(page);
  if (!tracker) throw new Error('networkQuiet: the page was not opened with openPage');
  // The deadline is a failure, never a wait: the answers come back long before it.
  const deadline = AbortSignal.timeout(timeoutMs);
  const late = new Promise<never>((_, reject) => {
    deadline.addEventListener('abort', () => {
      const pending = [...tracker.pending].map((r) => `${r.method()} ${r.url()}`);
      reject(
        new Error(`networkQuiet: still in flight after ${timeoutMs} ms: ${pending.join(', ')}`),
      );
    });
  });
  late.catch(() => undefined);
  for (;;) {
    await Promise.race([tracker.idle(), late]);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    if (tracker.pending.size === 0) return;
  }
}

/**
 * Pages kept open between the tests of a file that ask for it (OpenPageOptions.warm), by the
 * context they need. A new page starts a renderer process, which costs this machine about four
 * seconds of CPU before the app's first line runs; going to another address of the same site in
 * a page that is already open costs about one.
 */
const warmPages = new Map<string, { context: BrowserContext; page: Page }[]>();
/** A page's own goto and reload, before openPage wrapped them. */
const ownNavigation = new WeakMap<Page, Pick<Page, 'goto' | 'reload'>>();

/**
 * A fresh context and page on `path`, with the language already chosen, and every console error,
 * page exception and failed same-origin request collected in `errors`. Resolves once the app has
 * rendered into #root, run its first effects, and what they asked the server for has come back
 * (networkQuiet).
 */
export async function openPage(opts: OpenPageOptions): Promise<OpenedPage> {
  const browser = await getBrowser();
  const base = (opts.baseUrl ?? baseUrl()).replace(/\/$/, '');
  const origin = new URL(base).origin;
  const phone = opts.viewport === 'phone';

  const warmKey = JSON.stringify([origin, opts.viewport, opts.lang, !!opts.reducedMotion]);
  const warm = opts.warm && !opts.serviceWorker ? warmPages.get(warmKey)?.pop() : undefined;
  const context =
    warm?.context ??
    (await browser.newContext({
      viewport: VIEWPORTS[opts.viewport],
      isMobile: phone,
      hasTouch: phone,
      deviceScaleFactor: phone ? 2 : 1,
      locale: opts.lang === 'ar' ? 'ar-EG' : 'en-US',
      timezoneId: 'Africa/Cairo',
      reducedMotion: opts.reducedMotion ? 'reduce' : 'no-preference',
      serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
    }));

  // The language (and any other entries) are in storage before the app's first script runs, on
  // the first page only: the script is removed once it has loaded, so a later page or reload
  // keeps what the visitor chose since (a language switch). Not the context's storageState,
  // which Playwright writes by loading a page of the origin first: a second of CPU per context.
  const seed = await context.addInitScript(
    ({ site, local, session }) => {
      if (location.origin !== site) return;
      for (const [name, value] of local) localStorage.setItem(name, value);
      for (const [name, value] of session) sessionStorage.setItem(name, value);
    },
    {
      site: origin,
      local: Object.entries({ ...opts.storage, [LANGUAGE_STORAGE_KEY]: opts.lang }),
      session: Object.entries(opts.session ?? {}),
    },
  );
  if (opts.before) {
    try {
      await opts.before(context);
    } catch (error) {
      await context.close();
      throw error;
    }
  }

  // A Content-Security-Policy refusal (an inline style, an eval probe) breaks nothing visible,
  // but it is a bug: Chrome lists it among the page's issues. Report each one as an error.
  // A warm context has it from its first test.
  if (!warm) {
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `CSP violation: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
  }

  const page = warm?.page ?? (await context.newPage());
  const untrack = trackRequests(page);
  const errors: string[] = [];
  const sameOrigin = (url: string) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };

  // A 4xx from our API is an answer the screen handles (an unknown order number, a wrong
  // password, the 60 s review rule), not a broken page. Chromium still logs it to the console.
  const isApiAnswer = (url: string, status: number) =>
    status >= 400 && status < 500 && sameOrigin(url) && new URL(url).pathname.startsWith('/api/');

  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    const answered = /^Failed to load resource: the server responded with a status of (4\d\d)/.exec(
      message.text(),
    );
    if (answered && url && isApiAnswer(url, Number(answered[1]))) return;
    // The document's own expected status (a 404 page), which Chromium also logs.
    if (answered && url === base + opts.path && Number(answered[1]) === opts.documentStatus) return;
    errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  };
  const onPageError = (error: Error) => {
    errors.push(`page error: ${error.name}: ${error.message}`);
  };
  const onRequestFailed = (request: Request) => {
    if (!sameOrigin(request.url())) return;
    const reason = request.failure()?.errorText ?? 'unknown';
    // Aborted is not failed: Chromium cancels and re-issues range requests while buffering video,
    // and leaving a page closes its live connections (the reviews event stream) and cancels reads
    // still in flight (a favicon, an API read). A real failure is another error or an HTTP status.
    if (reason === 'net::ERR_ABORTED') return;
    errors.push(`request failed: ${request.method()} ${request.url()} (${reason})`);
  };
  const onResponse = (response: Response) => {
    if (isApiAnswer(response.url(), response.status())) return;
    if (
      opts.documentStatus !== undefined &&
      response.request().isNavigationRequest() &&
      response.status() === opts.documentStatus
    ) {
      return;
    }
    if (response.status() >= 400 && sameOrigin(response.url())) {
      errors.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);

  // Every later page open of the app waits for it as openPage does below: the prerendered HTML
  // shows before the app runs, and a click before it has taken over can land on nothing.
  let own = ownNavigation.get(page);
  if (!own) {
    own = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
    ownNavigation.set(page, own);
  }
  const { goto, reload } = own;

  const close = async () => {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('requestfailed', onRequestFailed);
    page.off('response', onResponse);
    untrack();
    if (opts.warm && !opts.serviceWorker && !page.isClosed()) {
      try {
        // What the visitor left behind goes: their storage (on a page of the site that runs
        // nothing: the next test's address is loaded in this renderer), cookies, permissions,
        // and a dialog handler the test did not use.
        page.removeAllListeners('dialog');
        await goto(`${origin}/favicon.svg`);
        await page.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
        await context.clearCookies();
        await context.clearPermissions();
        const parked = warmPages.get(warmKey) ?? [];
        parked.push({ context, page });
        warmPages.set(warmKey, parked);
        return;
      } catch {
        // Closed below instead.
      }
    }
    await context.close().catch(() => undefined);
  };
  const live = async <T>(response: T): Promise<T> => {
    if (sameOrigin(page.url())) {
      await page.waitForSelector('#root[data-hydrated]', { state: 'attached', timeout: 15_000 });
    }
    return response;
  };
  page.goto = async (...args: Parameters<Page['goto']>) => live(await goto(...args));
  page.reload = async (...args: Parameters<Page['reload']>) => live(await reload(...args));

  try {
    await goto(base + opts.path, { waitUntil: 'domcontentloaded' });
    await seed.dispose();
    await page.waitForSelector('#root > *', { timeout: 15_000 });
    // A prerendered page is drawn before the app runs: wait until the app has taken it over and
    // its effects have run (main.tsx marks #root), or a first click or scroll can land before
    // any handler is attached, or be undone by the app's first effects.
    await page.waitForSelector('#root[data-hydrated]', { state: 'attached', timeout: 15_000 });
    // What the first screen asked for (the session, the prices) has come back and been drawn.
    await networkQuiet(page);
  } catch (error) {
    const collected = errors.length ? `\nErrors so far:\n  ${errors.join('\n  ')}` : '';
    await context.close().catch(() => undefined);
    throw new Error(
      `openPage(${opts.path}, ${opts.lang}, ${opts.viewport}) failed: ${(error as Error).message}${collected}`,
    );
  }

  return { page, context, errors, close };
}

export async function expectNoErrors(opened: OpenedPage): Promise<void> {
  if (opened.errors.length === 0) return;
  throw new Error(
    `${opened.errors.length} error(s) on ${opened.page.url()}:\n  ${opened.errors.join('\n  ')}`,
  );
}

const fileSafe = (name: string) => name.replace(/[^\w.-]+/g, '-');

let axeSource: Promise<string> | null = null;
function loadAxe(): Promise<string> {
  const require = createRequire(import.meta.url);
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeNode {
  target: unknown[];
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}
interface AxeResults {
  violations: AxeViolation[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA) on the page as it is now and fails on serious or critical
 * violations. The full result goes to test-results/axe/<label>.json.
 */
export async function checkA11y(page: Page, label: string): Promise<void> {
  const source = await loadAxe();
  // page.evaluate goes through the DevTools protocol, which CSP does not govern; a <script> tag
  // (addScriptTag with content) would be refused by our script-src 'self'. The trailing
  // expression keeps Playwright from treating the source's value as a function to call.
  const hasAxe = await page.evaluate('typeof window.axe === "object"');
  if (!hasAxe) await page.evaluate(`${source}\n;void 0;`);

  const results = await page.evaluate(
    async (tags) => {
      const axe = (
        window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<unknown> } }
      ).axe;
      return axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
    },
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
  );

  const dir = join(RESULTS_DIR, 'axe');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${fileSafe(label)}.json`), JSON.stringify(results, null, 2));

  const blocking = (results as AxeResults).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  if (blocking.length === 0) return;
  const lines = blocking.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((node) => node.target.map(String).join(' '))
      .join(' | ');
    const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
    return `  - ${v.id} [${v.impact}]: ${v.help}\n      ${targets}${more}\n      ${v.helpUrl}`;
  });
  throw new Error(`Accessibility violations on ${label} (${page.url()}):\n${lines.join('\n')}`);
}

/**
 * A picture of the page for people to open (test-results/screenshots/<name>.png). Specs take one
 * per screen, in Arabic on a phone and in English on a desktop, where the screen is first shown
 * whole; nothing compares them. Taken once the page has settled (the app live, its fonts loaded,
 * a frame drawn, finite animations and transitions run to their end), never after a fixed time.
 */
export async function snap(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  const path = join(RESULTS_DIR, 'screenshots', `${fileSafe(name)}.png`);
  await mkdir(dirname(path), { recursive: true });
  const fullPage = opts.fullPage ?? true;
  // A full-page shot taken mid-scroll draws the sticky (possibly hidden) header in the middle
  // of the page; start from the top so the picture shows what a visitor sees on arrival.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/**
 * Resolves once the page has settled: the app has taken it over and run its effects
 * (#root[data-hydrated]), its fonts are loaded, two frames have been drawn (a scroll handler's or
 * React's change is on screen) and the finite animations and transitions that change started
 * have finished.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForSelector('#root[data-hydrated]', { state: 'attached' });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Scrolls down the whole page a viewport at a time, as a visitor would, so sections that load
 * when they come near the viewport (the reviews on Home) appear; then back to the top.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  const step = await page.evaluate(() => window.innerHeight);
  for (let y = 0; ; y += step) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (y > height) break;
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Two frames: the intersection observers have seen this position (they report in a frame).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  // What came near the viewport has loaded (its chunk, its data).
  await networkQuiet(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * A page's address as the app's routes name it: English pages live under /en (`/en/prices`),
 * so a spec in either language compares `appPath(page.url())` with `/prices`.
 */
export function appPath(url: string | URL): string {
  const { pathname } = typeof url === 'string' ? new URL(url) : url;
  if (pathname === '/en' || pathname === '/en/') return '/';
  return pathname.startsWith('/en/') ? pathname.slice(3) : pathname;
}
