import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HYDRATED_PART_ATTRIBUTE } from '../../src/components/ui/hydrate-later';
import { asNewVisitor, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { placeOrderViaApi } from './api-orders';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// The public pages hydrate without a mismatch, and the parts React takes over later (D23,
// HydrateLater) keep working: each hydrates when it comes near or is used, without an error,
// and the first tap on one is not lost.

const PART = '.hydrate-later';
const HYDRATED = `${PART}[${HYDRATED_PART_ATTRIBUTE}]`;
// Every part is taken over when it comes near (or is used).
const NEAR_PART = PART;
const NEAR_HYDRATED = HYDRATED;

/** Scrolls to the foot of the page a screen at a time, so every part comes near. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
}

/** Every part the page hydrates when it comes near has been hydrated. */
async function expectAllPartsHydrated(page: Page): Promise<void> {
  await expect
    .poll(async () => [
      await page.locator(NEAR_PART).count(),
      await page.locator(NEAR_HYDRATED).count(),
    ])
    .toSatisfy(([parts, hydrated]) => parts === hydrated);
}

let trackPath: string | null = null;
async function trackingAddress(): Promise<string> {
  trackPath ??= `/track/${(await asNewVisitor((visitor) => placeOrderViaApi(visitor))).orderNumber}`;
  return trackPath;
}

describe('hydration (D23)', () => {
  it.each([
    '/',
    '/about',
    '/prices',
    '/move-type',
    '/select-city',
    '/reviews',
    '/contact',
    'track',
  ])(
    '%s in Arabic on a phone: hydrates without an error, its later parts when they come near',
    async (given) => {
      const path = given === 'track' ? await trackingAddress() : given;
      const opened = await openPage({ lang: 'ar', viewport: 'phone', path, warm: true });
      try {
        await scrollThrough(opened.page);
        await expectAllPartsHydrated(opened.page);
        await expectNoErrors(opened);
      } finally {
        await opened.close();
      }
    },
  );

  it.each(['/', '/about'])(
    '%s in Arabic on a phone: switching language before the lower parts hydrate draws them anew in English, without an error',
    async (path) => {
      const opened = await openPage({ lang: 'ar', viewport: 'phone', path, warm: true });
      try {
        const { page } = opened;
        // The footer is below the fold: still the prerendered Arabic HTML, not React's.
        const footerPart = page.locator(PART).filter({ has: page.locator('footer') });
        await expect.poll(() => footerPart.count()).toBe(1);
        expect(await footerPart.getAttribute(HYDRATED_PART_ATTRIBUTE)).toBeNull();
        // On a phone the language is in the menu.
        await page.getByRole('button', { name: 'افتح القائمة' }).click();
        await page.getByRole('button', { name: 'English' }).first().click();
        await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
        await expect
          .poll(() => page.getByRole('contentinfo').textContent())
          .toContain('All rights reserved');
        expect(await page.getByRole('contentinfo').textContent()).not.toContain('جميع الحقوق');
        await scrollThrough(page);
        await expectAllPartsHydrated(page);
        await expectNoErrors(opened);
      } finally {
        await opened.close();
      }
    },
  );

  it('home in Arabic on a phone: a navigation while the footer is held back keeps it, in place and working', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/', warm: true });
    try {
      const { page } = opened;
      const footerPart = page.locator(PART).filter({ has: page.locator('footer') });
      await expect.poll(() => footerPart.count()).toBe(1);
      expect(await footerPart.getAttribute(HYDRATED_PART_ATTRIBUTE)).toBeNull();
      await page.getByRole('button', { name: 'افتح القائمة' }).click();
      await page
        .getByRole('navigation', { name: 'القائمة الرئيسية' })
        .getByRole('link', { name: 'من نحن' })
        .click();
      await page.waitForURL((url) => url.pathname === '/about');
      // The footer is still there (not dropped for an empty fallback) and in the page's language.
      await expect.poll(() => page.getByRole('contentinfo').textContent()).toContain('جميع الحقوق');
      // Its links are the app's: one leads home without loading the page again.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByRole('contentinfo').getByRole('link', { name: 'الرئيسية' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('home in English on a desktop: hydrates without an error, its later parts too', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/en/' });
    try {
      // Until the visitor scrolls, the sections below the fold are the prerendered HTML.
      expect(await opened.page.locator(PART).count()).toBeGreaterThan(0);
      expect(await opened.page.locator(HYDRATED).count()).toBeLessThan(
        await opened.page.locator(PART).count(),
      );
      await scrollThrough(opened.page);
      await expectAllPartsHydrated(opened.page);
      await snap(opened.page, 'hydration-home-en-desktop', { fullPage: true });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
