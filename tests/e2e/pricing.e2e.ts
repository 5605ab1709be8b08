import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMoney } from '../../src/domain/money';
import { estimatePrice, FIRST_CATALOG, PRICE_CATALOG } from '../../src/domain/pricing';
import { checkA11y, closeBrowser, expectNoErrors, openPage, snap, appPath } from './harness';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// Intl separates amount and currency with a no-break space; compare text with spaces collapsed.
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

async function textOf(page: Page, role: 'region' | 'main', name?: string): Promise<string> {
  const locator = name ? page.getByRole(role, { name }) : page.getByRole(role);
  return norm(await locator.textContent());
}

const pathOf = (page: Page) => appPath(page.url());

describe('pricing flow: /move-type → /prices → /select-city', () => {
  it('in Arabic on a phone, with Arabic-Indic digits typed into the floors', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/move-type',
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'احسب تكلفة النقل' }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      const main = page.getByRole('main');
      const cont = main.getByRole('button', { name: 'متابعة' });
      expect(await cont.isDisabled()).toBe(true);
      await checkA11y(page, 'move-type-empty-ar-phone');

      await page.getByRole('radio', { name: 'نقل عفش كامل' }).check();
      await page.getByRole('button', { name: 'إضافة عامل' }).click();
      await page.getByRole('spinbutton', { name: 'دور التحميل' }).fill('٣');
      await page.getByRole('spinbutton', { name: 'دور التنزيل' }).fill('٢');
      expect(await page.getByRole('spinbutton', { name: 'عدد العمال' }).inputValue()).toBe('٣');

      const expected = estimatePrice(FIRST_CATALOG, {
        moveType: 'full',
        workers: 3,
        pickupFloor: 3,
        dropoffFloor: 2,
      });
      const estimate = await textOf(page, 'region', 'التكلفة التقديرية');
      expect(estimate).toContain(norm(formatMoney(expected.total, 'ar')));
      expect(estimate).toContain(norm(formatMoney(expected.floorsSurcharge, 'ar')));
      expect(estimate).not.toMatch(/[0-9]/);

      // The minus and plus glyphs are never mirrored, unlike the arrows.
      const plusTransform = await page
        .getByRole('button', { name: 'إضافة عامل' })
        .locator('svg')
        .evaluate((svg) => getComputedStyle(svg).transform);
      expect(plusTransform).toBe('none');

      await checkA11y(page, 'move-type-ar-phone');
      await snap(page, 'move-type-ar-phone');

      await cont.click();
      await page.waitForURL('**/prices');
      await page.getByRole('heading', { level: 1, name: 'الأسعار' }).waitFor();
      expect(await page.getByRole('radio', { name: 'نقل عفش كامل' }).isChecked()).toBe(true);
      const carried = await textOf(page, 'region', 'تقديرك');
      expect(carried).toContain(norm(formatMoney(expected.total, 'ar')));
      expect(carried).toContain('نقل عفش كامل، ٣ عمال، شقة');
      await checkA11y(page, 'prices-ar-phone');
      await snap(page, 'prices-ar-phone');

      await page.getByRole('main').getByRole('button', { name: 'متابعة' }).click();
      await page.waitForURL('**/select-city');
      expect(pathOf(page)).toBe('/select-city');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop, with a floor above 20 clamped', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/move-type',
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'Estimate your move' }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');

      await page.getByRole('radio', { name: 'Office move' }).check();
      await page.getByRole('button', { name: 'Add a worker' }).click();
      await page.getByRole('button', { name: 'Add a worker' }).click();
      await page.getByRole('radio', { name: 'Villa' }).check();
      await page.getByRole('spinbutton', { name: 'Pickup floor' }).fill('5');
      const dropoff = page.getByRole('spinbutton', { name: 'Drop-off floor' });
      await dropoff.fill('');
      await dropoff.pressSequentially('25');
      expect(await dropoff.inputValue()).toBe('20');

      const expected = estimatePrice(FIRST_CATALOG, {
        moveType: 'office',
        workers: 4,
        pickupFloor: 5,
        dropoffFloor: 20,
      });
      const estimate = await textOf(page, 'region', 'Your estimate');
      expect(estimate).toContain(norm(formatMoney(expected.total, 'en')));
      await checkA11y(page, 'move-type-en-desktop');
      await snap(page, 'move-type-en-desktop');

      await page.getByRole('main').getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/prices');
      await page.getByRole('heading', { level: 1, name: 'Prices' }).waitFor();
      expect(await page.getByRole('radio', { name: 'Office move' }).isChecked()).toBe(true);
      expect(await textOf(page, 'region', 'Your estimate')).toContain(
        norm(formatMoney(expected.total, 'en')),
      );
      const table = page.getByRole('table', { name: 'Price list (Egyptian pounds)' });
      expect(norm(await table.textContent())).toContain(
        norm(formatMoney(PRICE_CATALOG.full, 'en')),
      );
      await checkA11y(page, 'prices-en-desktop');
      await snap(page, 'prices-en-desktop');

      await page.getByRole('main').getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/select-city');
      expect(pathOf(page)).toBe('/select-city');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});

describe('pricing screens', () => {
  it('/move-type switches language without losing the answers (D7)', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'ar',
      viewport: 'phone',
      path: '/move-type',
    });
    const { page } = opened;
    try {
      await page.getByRole('radio', { name: 'تغليف فقط' }).check();
      await page.getByRole('button', { name: 'رفع دور التحميل' }).click();
      await page.getByRole('main').getByRole('button', { name: 'English' }).click();
      await page.getByRole('heading', { level: 1, name: 'Estimate your move' }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
      expect(await page.getByRole('radio', { name: 'Packaging only' }).isChecked()).toBe(true);
      expect(await page.getByRole('spinbutton', { name: 'Pickup floor' }).inputValue()).toBe('1');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('is usable with the keyboard alone', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'desktop',
      path: '/move-type',
    });
    const { page } = opened;
    try {
      await page.getByRole('radio', { name: 'Full move' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      expect(await page.getByRole('radio', { name: 'Partial move' }).isChecked()).toBe(true);
      // One tab stop for the whole group, then the workers stepper.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Remove a worker',
      );
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowUp');
      expect(await page.getByRole('spinbutton', { name: 'Workers' }).inputValue()).toBe('3');
      const focusOutline = await page.evaluate(
        () => getComputedStyle(document.activeElement as Element).outlineStyle,
      );
      expect(focusOutline).toBe('solid');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('going back from /prices keeps the estimate', async () => {
    const opened = await openPage({
      warm: true,
      lang: 'en',
      viewport: 'phone',
      path: '/move-type',
    });
    const { page } = opened;
    try {
      await page.getByRole('radio', { name: 'Loading and unloading' }).check();
      await page.getByRole('main').getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/prices');
      await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/move-type');
      expect(await page.getByRole('radio', { name: 'Loading and unloading' }).isChecked()).toBe(
        true,
      );
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('/prices opened directly starts fresh and shows the catalog', async () => {
    const opened = await openPage({ warm: true, lang: 'ar', viewport: 'desktop', path: '/prices' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'الأسعار' }).waitFor();
      expect(
        await page.getByRole('main').getByRole('button', { name: 'متابعة' }).isDisabled(),
      ).toBe(true);
      expect(await page.getByRole('region', { name: 'تقديرك' }).count()).toBe(0);
      await checkA11y(page, 'prices-fresh-ar-desktop');
      await page.getByRole('radio', { name: 'نقل جزئي' }).check();
      await page.getByRole('main').getByRole('button', { name: 'متابعة' }).click();
      await page.waitForURL('**/select-city');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('/prices in English on a phone', async () => {
    const opened = await openPage({ warm: true, lang: 'en', viewport: 'phone', path: '/prices' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'Prices' }).waitFor();
      await checkA11y(page, 'prices-en-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
