import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ORDER_NUMBER_PATTERN } from '../../src/domain/order-number';
import {
  checkA11y,
  closeBrowser,
  expectNoErrors,
  asNewVisitor,
  openPage,
  snap,
  appPath,
} from './harness';
import { placeOrderViaApi } from './api-orders';
import { uniquePhone, type Visitor } from './phone-codes';
import { QR_MARGIN_PX } from '../../src/components/ui/tracking-qr';
import { futureDate } from '../../src/testing/order-fixtures';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

// A number of this spec's own: each may be sent only a few sign-in codes an hour (D13).
const CUSTOMER = { fullName: 'Mona Tracking', phoneNumber: uniquePhone() };

/** A full move booked by CUSTOMER, in a browser of their own (the tracker is another one). */
async function seedOrder(): Promise<{ orderNumber: string; totalPrice: number }> {
  return asNewVisitor(placeOrder);
}

async function placeOrder(owner: Visitor): Promise<{ orderNumber: string; totalPrice: number }> {
  const order = await placeOrderViaApi(owner, {
    ...CUSTOMER,
    pickupAddress: '12 Tahrir Street, Dokki',
    moveType: 'full',
    pickupFloor: 3,
    dropoffFloor: 2,
    workers: 4,
    moveDate: futureDate(5),
    moveTime: '10:30',
  });
  expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
  return order;
}

async function assertNoPersonalData(page: Page) {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(text).not.toContain(CUSTOMER.fullName);
  expect(text).not.toContain(CUSTOMER.phoneNumber);
  expect(text).not.toContain('Tahrir');
  expect(text).not.toContain('Maadi');
}

/** Tracking misses answer 404 on purpose; everything else must be clean. */
function withoutTrackingMisses(errors: string[]): string[] {
  return errors.filter((e) => !/HTTP 404: GET .*\/api\/track\//.test(e));
}

describe('tracking: public view from any browser (D2)', () => {
  it('in Arabic on a phone: the link opened in a second browser shows the order, and nothing personal', async () => {
    const seeded = await seedOrder();

    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: `/track/${encodeURIComponent(seeded.orderNumber)}`,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'تتبّع طلبك' }).waitFor();
      await page.getByRole('heading', { name: new RegExp(seeded.orderNumber) }).waitFor();
      // No header or footer on tracking; its own brand link and language toggle instead.
      expect(await page.getByRole('banner').count()).toBe(0);
      await page.getByRole('link', { name: 'عفش، الصفحة الرئيسية' }).waitFor();
      expect(await page.getByText('نقل عفش كامل').count()).toBe(1);
      // The steps that happened (received, now), then what is next (D19).
      const history = page.getByRole('region', { name: 'سجل الحالة' });
      const current = history.locator('[aria-current="step"]');
      expect(await current.count()).toBe(1);
      await current.getByText('تم استلام الطلب').waitFor();
      await history.getByText('التالية').waitFor();
      // The day with its weekday and the arrival window (D19), in Arabic-Indic digits.
      await page.getByText('من ٨:٠٠ ص إلى ١٢:٠٠ م', { exact: false }).first().waitFor();
      // The QR code is drawn once it comes near the screen; below the fold it waits.
      const qr = page.getByRole('img', { name: new RegExp(seeded.orderNumber) });
      await qr.waitFor();
      const box = await qr.boundingBox();
      const viewportHeight = page.viewportSize()!.height;
      if (box && box.y > viewportHeight + QR_MARGIN_PX + 1) {
        expect(await qr.locator('svg').count()).toBe(0);
      }
      await qr.scrollIntoViewIfNeeded();
      await qr.locator('svg').waitFor();
      await assertNoPersonalData(page);
      // Prices and dates in Arabic-Indic digits: the only Latin digits are the order number's.
      const mainText = await page.getByRole('main').innerText();
      expect(
        mainText.replaceAll(seeded.orderNumber, '').replace('AF-20250101-123', ''),
      ).not.toMatch(/[0-9]/);
      await checkA11y(page, 'track-found-ar-phone');
      await snap(page, 'track-found-ar-phone');

      await page.getByRole('button', { name: 'تتبّع رقمًا آخر' }).click();
      await page.waitForURL((url) => appPath(url) === '/track-order');
      const input = page.getByRole('textbox', { name: 'رقم الطلب' });
      await input.waitFor();
      expect(await input.inputValue()).toBe('');
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

      // Typed with a leading # and spaces.
      await input.fill(`  #${seeded.orderNumber} `);
      await page.getByRole('button', { name: 'تتبّع', exact: true }).click();
      await page.waitForURL((url) => appPath(url) === `/track/${seeded.orderNumber}`);
      await page.getByRole('heading', { name: new RegExp(seeded.orderNumber) }).waitFor();
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: ?order= looks up at once; an unknown number says not found; empty input asks for one', async () => {
    const seeded = await seedOrder();

    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: `/track-order?order=${encodeURIComponent(seeded.orderNumber)}`,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: new RegExp(seeded.orderNumber) }).waitFor();
      await page.getByText('Full move').waitFor();
      await page.getByText('Cash on delivery').waitFor();
      await page.getByText('Payment pending').waitFor();
      await page
        .getByRole('region', { name: 'Status history' })
        .getByText('Order received')
        .waitFor();
      await assertNoPersonalData(page);
      await checkA11y(page, 'track-found-en-desktop');
      await snap(page, 'track-found-en-desktop');

      await page.getByRole('button', { name: 'Track another number' }).click();
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      await page.getByText('Please enter the order number.').waitFor();
      expect(appPath(page.url())).toBe('/track-order');

      await page.getByRole('textbox', { name: 'Order number' }).fill('AF-20000101-999');
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      await page.getByRole('alert').getByText('No order was found with this number.').waitFor();
      expect(appPath(page.url())).toBe('/track/AF-20000101-999');
      await checkA11y(page, 'track-not-found-en-desktop');
      expect(withoutTrackingMisses(opened.errors)).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('the idle screen in Arabic on a phone passes axe', async () => {
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/track-order' });
    const { page } = opened;
    try {
      await page.getByRole('textbox', { name: 'رقم الطلب' }).waitFor();
      await checkA11y(page, 'track-idle-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
