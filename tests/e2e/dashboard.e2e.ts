import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, bucketStart } from '../../src/domain/dashboard';
import { cairoToday } from '../../src/domain/datetime';
import { placeOrderViaApi } from './api-orders';
import { adminSession } from './e2e-admin';
import { asNewVisitor, checkA11y, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { visitorUrl } from './phone-codes';
import { ownServer } from './server';

// The owner's dashboard (D25) in a real browser: Arabic on a desktop and English on a phone; the
// page, a range change, and a chart's numbers as a table.

ownServer();

afterAll(closeBrowser);

/** Two orders booked today, one of them cancelled by its customer. */
async function bookTwo(): Promise<void> {
  await asNewVisitor(async (visitor) => {
    await placeOrderViaApi(visitor);
    const dropped = await placeOrderViaApi(visitor);
    const res = await visitor.request.post(
      visitorUrl(visitor, `/api/orders/${encodeURIComponent(dropped.id)}/cancel`),
      { headers: { 'content-type': 'application/json' }, data: {} },
    );
    expect(res.status(), await res.text()).toBe(200);
  });
}

/** A chart's card, by its heading. */
function chartCard(page: Page, title: string) {
  return page
    .locator('section.dashboard-card')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

/** The page's own text (not the header's or the footer's), as a reader sees it. */
async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

describe("the owner's dashboard (D25)", () => {
  it('in Arabic on a desktop: the figures, this month, the bookings as a table', async () => {
    await bookTwo();
    const opened = await openPage({
      lang: 'ar',
      viewport: 'desktop',
      path: '/admin-dashboard',
      before: adminSession,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'لوحة المتابعة' }).waitFor();
      const bookings = page.locator('.dashboard-figure').filter({ hasText: 'الحجوزات' }).first();
      await bookings.locator('.dashboard-figure-value').waitFor();
      // At least the two booked above, in Arabic-Indic digits: no Latin digit on the page.
      expect(await bookings.locator('.dashboard-figure-value').innerText()).toMatch(/^[٠-٩٬]+$/);
      expect(await mainText(page)).not.toMatch(/[0-9]/);

      // This month: the period starts on the 1st, and the figures are asked again for it.
      const from = page.getByLabel('من', { exact: true });
      expect(await from.inputValue()).toBe(addDays(cairoToday(), -29));
      await page.getByRole('button', { name: 'هذا الشهر' }).click();
      await expect.poll(() => from.inputValue()).toBe(bucketStart(cairoToday(), 'month'));
      await page.locator('[aria-busy="false"] .dashboard-range').waitFor();

      // The bookings chart's numbers as a table.
      const card = chartCard(page, 'الحجوزات والإلغاءات');
      await card.getByRole('button', { name: 'اعرضه جدولًا' }).click();
      const table = card.getByRole('table');
      await table.waitFor();
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
        'الفترة',
        'الحجوزات',
        'الإلغاءات',
      ]);
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(await mainText(page)).not.toMatch(/[0-9]/);
      // Right to left: the page and its charts.
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

      await checkA11y(page, 'dashboard-ar-desktop');
      await snap(page, 'dashboard-ar-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a phone: the last 30 days, by week from a typed date, revenue as a table', async () => {
    await bookTwo();
    const opened = await openPage({
      lang: 'en',
      viewport: 'phone',
      path: '/en/admin-dashboard',
      before: adminSession,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      const bookings = page.locator('.dashboard-figure').filter({ hasText: 'Bookings' }).first();
      const value = bookings.locator('.dashboard-figure-value');
      await value.waitFor();
      expect(Number((await value.innerText()).replaceAll(',', ''))).toBeGreaterThanOrEqual(4);
      const cancellations = page
        .locator('.dashboard-figure')
        .filter({ hasText: 'Cancellations' })
        .locator('.dashboard-figure-value');
      expect(Number(await cancellations.innerText())).toBeGreaterThanOrEqual(2);

      // A typed range: from 13 days ago, by week (weeks from Saturday).
      const today = cairoToday();
      await page.getByLabel('From', { exact: true }).fill(addDays(today, -13));
      await page.getByRole('radio', { name: 'Week' }).check();
      const card = chartCard(page, 'Revenue');
      await card.getByRole('button', { name: 'Show as table' }).click();
      const rows = card.locator('tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => rows.count()).toBeLessThanOrEqual(3);
      expect(await card.getByRole('columnheader').allInnerTexts()).toEqual([
        'Period',
        'Paid',
        'Due on delivery',
        'Refunded',
      ]);
      expect(await card.locator('tbody').innerText()).toContain('EGP');

      // A period that ends before it starts: the backend's message, on the field.
      await page.getByLabel('To', { exact: true }).fill(addDays(today, -20));
      await page
        .getByRole('alert')
        .filter({ hasText: 'Choose a period that ends on or after its first day' })
        .waitFor();
      await page.getByLabel('To', { exact: true }).fill(today);
      await page
        .getByText('Choose a period that ends on or after its first day')
        .waitFor({ state: 'detached' });

      await checkA11y(page, 'dashboard-en-phone');
      await snap(page, 'dashboard-en-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
