import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { freePort, type ServerProcess } from '../../scripts/lib/server-process';
import { checkA11y, closeBrowser, expectNoErrors, openPage, setBaseUrl, snap } from './harness';
import { startSpecServer, staticDir } from './server';

// A site run on test payments on purpose (PAYMENT_TEST_MODE=allowed, D24) says so on every
// page, in Arabic and in English, first on the page and covered by nothing; it stays as the
// visitor moves around and switches language. Its own server.

afterAll(closeBrowser);

let server: ServerProcess;
let tmp: string;
let port: number;

/** This spec's server on its port, with test payments announced (the default here) or not. */
async function startServer(announced = true): Promise<ServerProcess> {
  return startSpecServer({
    port,
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: staticDir(),
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      SITE_URL: `http://127.0.0.1:${port}`,
      ...(announced ? { PAYMENT_TEST_MODE: 'allowed' } : {}),
    },
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'afsh-e2e-test-mode-'));
  port = await freePort();
  server = await startServer();
  setBaseUrl(server.url);
}, 60_000);

afterAll(async () => {
  setBaseUrl(null);
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Resolves once the service worker controls the page (it registers after load, when idle). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** For each copy of the page at `path` the worker's precache holds: whether it has the banner. */
const keptCopies = (page: Page, path: string) =>
  page.evaluate(async (wanted) => {
    const found: boolean[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname !== wanted) continue;
        const copy = await cache.match(request);
        found.push((await copy?.text())?.includes('id="test-mode-banner"') ?? false);
      }
    }
    return found;
  }, path);

const banner = (page: Page) => page.getByRole('complementary', { name: /وضع تجريبي/ });

/** The banner is the first thing on the page, whole, and nothing fixed sits on it. */
async function expectBannerInSight(page: Page): Promise<void> {
  await expect.poll(() => banner(page).isVisible()).toBe(true);
  const box = await banner(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBe(0);
  const covered = await banner(page).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const points = [0.1, 0.5, 0.9].map((x) => [
      rect.left + rect.width * x,
      rect.top + rect.height / 2,
    ]);
    return points.some(([x, y]) => {
      const top = document.elementFromPoint(x!, y!);
      return top !== null && !element.contains(top);
    });
  });
  expect(covered).toBe(false);
}

describe('the test-mode banner', () => {
  it('is on every page in Arabic on a phone, first and uncovered, and stays as the visitor moves on', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/' });
    try {
      const { page } = opened;
      await expectBannerInSight(page);
      const arabic = banner(page).locator('p[lang="ar"]');
      const english = banner(page).locator('p[lang="en"]');
      expect(await arabic.textContent()).toMatch(/وضع تجريبي.*لا يُخصم أي مبلغ/);
      expect(await english.textContent()).toMatch(/test mode.*no money is charged/);
      expect(await arabic.getAttribute('dir')).toBe('rtl');
      expect(await english.getAttribute('dir')).toBe('ltr');
      // The page's language first.
      const [arTop, enTop] = [(await arabic.boundingBox())!.y, (await english.boundingBox())!.y];
      expect(arTop).toBeLessThan(enTop);
      await snap(page, 'test-mode-banner-ar-phone');
      await checkA11y(page, 'test-mode-banner-ar-phone');

      // Moving on inside the app keeps it (it is outside the app's root), once.
      await page.getByRole('button', { name: 'افتح القائمة' }).click();
      await page
        .getByRole('navigation', { name: 'القائمة الرئيسية' })
        .getByRole('link', { name: 'الأسعار' })
        .click();
      await page.waitForURL((url) => url.pathname === '/prices');
      await expectBannerInSight(page);
      expect(await page.locator('#test-mode-banner').count()).toBe(1);

      // A page opened directly (the booking flow), and a private one, have it too.
      for (const path of ['/select-city', '/my-orders']) {
        await page.goto(new URL(path, server.url).toString());
        await expectBannerInSight(page);
      }
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('is on the English pages on a desktop, English first, and survives a language switch', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/en/prices' });
    try {
      const { page } = opened;
      const english = page.getByRole('complementary', { name: /Test mode/ });
      await expect.poll(() => english.isVisible()).toBe(true);
      const lines = english.locator('p');
      expect(await lines.first().getAttribute('lang')).toBe('en');
      await snap(page, 'test-mode-banner-en-desktop');
      await checkA11y(page, 'test-mode-banner-en-desktop');
      await page.getByRole('button', { name: 'العربية' }).first().click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ar');
      await expectBannerInSight(page);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('is on the pages kept for offline, and leaves them after a restart without test payments', async () => {
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/',
      serviceWorker: true,
    });
    const { page, context } = opened;
    const visit = (path: string) => page.goto(new URL(path, server.url).toString());
    /** Pages this visitor never opened, offline: only the worker's precache can answer them. */
    const offline = async (check: (path: string) => Promise<void>) => {
      await context.setOffline(true);
      try {
        for (const path of ['/about', '/en/prices', '/track/AF-20261127-838']) {
          await visit(path);
          await page.locator('#root').waitFor({ state: 'attached' });
          await check(path);
        }
      } finally {
        await context.setOffline(false);
      }
    };
    try {
      await expectBannerInSight(page);
      await controlled(page);
      await offline(async (path) => {
        await expectBannerInSight(page);
        expect(await page.locator('#test-mode-banner').count(), path).toBe(1);
        if (path === '/about') await snap(page, 'test-mode-banner-offline-ar-phone');
      });

      // Going live is a restart with other settings and the same build: the copies kept on the
      // visitor's phone must not go on saying that payments are a trial.
      await server.stop();
      server = await startServer(false);
      await visit('/');
      await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      expect(await page.locator('#test-mode-banner').count()).toBe(0);
      // That visit found a new worker (its pages' revisions follow the settings), which kept the
      // pages again as the server sends them now, and dropped the old copies.
      await expect.poll(() => keptCopies(page, '/about'), { timeout: 30_000 }).toEqual([false]);
      await offline(async (path) => {
        expect(await page.locator('#test-mode-banner').count(), path).toBe(0);
      });
    } finally {
      await opened.close();
      // The rest of this file's tests, in whatever order, meet the server they expect.
      await server.stop();
      server = await startServer();
    }
  }, 120_000);
});
