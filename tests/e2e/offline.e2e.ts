import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { futureDate } from '../../src/testing/order-fixtures';
import { placeOrderViaApi } from './api-orders';
import { adminSession } from './e2e-admin';
import { asNewVisitor, checkA11y, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { uniquePhone } from './phone-codes';
import { ownServer } from './server';

// The service worker (D26): an order tracked online opens offline with the answer this browser
// kept and when it was fetched; nothing of the admin's or anyone's session is ever kept.

ownServer();

afterAll(closeBrowser);

const TRACKING_CACHE = 'afsh-tracking';

async function seedOrder(): Promise<string> {
  return asNewVisitor(async (owner) => {
    const order = await placeOrderViaApi(owner, {
      fullName: 'Offline Tracker',
      phoneNumber: uniquePhone(),
      moveType: 'full',
      moveDate: futureDate(6),
      moveTime: '10:30',
    });
    return order.orderNumber;
  });
}

/** Resolves once the worker controls the page (it registers after load, when idle). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** Whether the tracking cache holds the answer for `number`. */
const kept = (page: Page, number: string) =>
  page.evaluate(
    async ({ cache, url }) => (await (await caches.open(cache)).match(url)) !== undefined,
    { cache: TRACKING_CACHE, url: `/api/track/${encodeURIComponent(number)}` },
  );

/** Every /api address any cache of the site holds. */
const cachedApiAddresses = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/api/')) found.push(`${name} ${pathname}`);
      }
    }
    return found;
  });

/**
 * The tracking QR code is drawn offline: from the kept answer's number, by the code's chunk the
 * worker precached. It is drawn once it comes near the screen (below the fold it waits, D23), so
 * it is brought there and waited for; a screenshot taken before shows its empty box.
 */
async function expectQrDrawn(page: Page, number: string): Promise<void> {
  const qr = page.getByRole('img', { name: new RegExp(number) });
  await qr.scrollIntoViewIfNeeded();
  await qr.locator('svg path').first().waitFor();
  // A drawn code, not an empty frame: its dark modules span most of the code's box.
  const share = await qr
    .locator('svg path')
    .last()
    .evaluate((path) => {
      const modules = (path as SVGPathElement).getBBox();
      const whole = (path as SVGPathElement).ownerSVGElement!.viewBox.baseVal;
      return (modules.width * modules.height) / (whole.width * whole.height);
    });
  expect(share).toBeGreaterThan(0.5);
}

/** Tracks `number` online until the worker keeps its answer, then reloads offline. */
async function trackThenGoOffline(page: Page, number: string, heading: RegExp): Promise<void> {
  await page.getByRole('heading', { name: heading }).waitFor();
  await controlled(page);
  // The first answer came before the worker was there; the next comes through it.
  if (!(await kept(page, number))) {
    await page.reload();
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  await expect.poll(() => kept(page, number)).toBe(true);
  await page.context().setOffline(true);
  await page.reload();
}

describe('offline tracking (D26)', () => {
  it('in Arabic on a phone: a tracked order opens offline with when it was last updated', async () => {
    const number = await seedOrder();
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: `/track/${encodeURIComponent(number)}`,
      serviceWorker: true,
    });
    const { page, context } = opened;
    try {
      await expectNoErrors(opened);
      await trackThenGoOffline(page, number, new RegExp(number));

      await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
      const notice = page.locator('.track-offline');
      await notice.waitFor();
      const text = await notice.innerText();
      expect(text).toContain('آخر تحديث');
      // The time in Arabic-Indic digits, like every number in an Arabic sentence.
      expect(text).not.toMatch(/[0-9]/);
      expect(text).toMatch(/[٠-٩]/);
      // The order's view itself is there: its status.
      await page.getByText('الحالة الحالية').waitFor();
      await expectQrDrawn(page, number);
      await checkA11y(page, 'offline-track-ar-phone');
      await snap(page, 'offline-track-ar-phone');

      // Back online: the next answer is fresh again and the notice goes.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
      expect(await page.locator('.track-offline').count()).toBe(0);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: offline too, and no admin or session answer is ever kept', async () => {
    const number = await seedOrder();
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: `/en/track/${encodeURIComponent(number)}`,
      serviceWorker: true,
      before: adminSession,
    });
    const { page, context } = opened;
    try {
      await controlled(page);
      // The admin's answers pass through the worker (it controls the page) and must stay out.
      const answered = await page.evaluate(async () => {
        const statuses: number[] = [];
        for (const url of ['/api/orders', '/api/messages', '/api/auth/me', '/api/prices']) {
          statuses.push((await fetch(url, { credentials: 'same-origin' })).status);
        }
        return statuses;
      });
      expect(answered).toEqual([200, 200, 200, 200]);

      await trackThenGoOffline(page, number, new RegExp(number));
      await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
      const notice = page.locator('.track-offline');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/last updated .*\d/i);
      await expectQrDrawn(page, number);
      await snap(page, 'offline-track-en-desktop');

      const apis = await cachedApiAddresses(page);
      expect(apis).toEqual([`${TRACKING_CACHE} /api/track/${encodeURIComponent(number)}`]);
      expect(
        await page.evaluate(async () => (await caches.match('/api/orders')) === undefined),
      ).toBe(true);
      await context.setOffline(false);
    } finally {
      await opened.close();
    }
  });
});
