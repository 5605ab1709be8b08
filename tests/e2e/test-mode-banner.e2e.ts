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

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'afsh-e2e-test-mode-'));
  const port = await freePort();
  server = await startSpecServer({
    port,
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: staticDir(),
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      SITE_URL: `http://127.0.0.1:${port}`,
      PAYMENT_TEST_MODE: 'allowed',
    },
  });
  setBaseUrl(server.url);
}, 60_000);

afterAll(async () => {
  setBaseUrl(null);
  await server?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

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
});
