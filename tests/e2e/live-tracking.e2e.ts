import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  asNewVisitor,
  baseUrl,
  checkA11y,
  closeBrowser,
  expectNoErrors,
  newVisitor,
  openPage,
  snap,
} from './harness';
import { placeOrderViaApi } from './api-orders';
import { adminCookie } from './e2e-admin';
import type { Visitor } from './phone-codes';
import { futureDate } from '../../src/testing/order-fixtures';
import type { OrderStatus } from '../../src/domain/status';
import { ownServer } from './server';

// Tracking that is true and live (D19): the arrival window beside the day, only the steps that
// happened, and the tracker and "my orders" following a change the office makes, without a
// reload. This file's own server and database (server.ts).
ownServer();

afterAll(closeBrowser);

const ARABIC_WEEKDAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
const ENGLISH_WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const weekdayOf = (ymd: string) => new Date(`${ymd}T12:00:00Z`).getUTCDay();

const MOVE_DATE = futureDate(6);

/** A move booked by a customer in a browser of their own, in the morning window (08:00-12:00). */
async function book(visitor: Visitor) {
  return placeOrderViaApi(visitor, {
    fullName: 'Hoda Live',
    pickupAddress: '3 Nile Street, Agouza',
    moveDate: MOVE_DATE,
    moveTime: '09:00',
  });
}

/** The office moves the order on, through the API, as the admin desk does. */
async function officeSets(orderId: string, status: OrderStatus): Promise<void> {
  const base = baseUrl();
  const res = await fetch(`${base}/api/orders/${orderId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie: await adminCookie(base) },
    body: JSON.stringify({ status }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** Marks the document, so that a reload (which would lose the mark) is seen. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'same document';
  });
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark ?? null),
  ).toBe('same document');
}

describe('live tracking (D19)', () => {
  it('in Arabic on a phone: the tracker shows the window, and moves on when the office does, without a reload', async () => {
    const order = await asNewVisitor(book);
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: `/track/${order.orderNumber}`,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: new RegExp(order.orderNumber) }).waitFor();
      // The day with its weekday and the arrival window, in Arabic-Indic digits.
      const when = page.locator('dt', { hasText: 'موعد النقل' }).locator('xpath=..').locator('dd');
      const text = (await when.innerText()).replace(/[\u200E\u200F\u061C]/g, '');
      expect(text).toContain(ARABIC_WEEKDAYS[weekdayOf(MOVE_DATE)]);
      expect(text).toContain('من ٨:٠٠ ص إلى ١٢:٠٠ م');
      expect(text).not.toMatch(/[0-9]/);
      await page.getByText('مباشر: تظهر التحديثات هنا تلقائيًا').waitFor();

      const history = page.getByRole('region', { name: 'سجل الحالة' });
      const current = history.locator('[aria-current="step"]');
      await current.getByText('تم استلام الطلب').waitFor();
      await markDocument(page);

      await officeSets(order.id, 'under_review');
      await current.getByText('قيد المراجعة').waitFor();
      await page.getByText('الخطوة التالية: الفريق في الطريق إليك').waitFor();
      await officeSets(order.id, 'on_the_way');
      await current.getByText('الفريق في الطريق إليك').waitFor();
      await expectSameDocument(page);
      // What happened, by whom, then what is left: nothing marked done that did not happen.
      const steps = await history.locator('.order-timeline-status').allInnerTexts();
      expect(steps).toEqual([
        'تم استلام الطلب',
        'قيد المراجعة',
        'الفريق في الطريق إليك',
        'وصل الفريق',
        'جارٍ التحميل',
        'جارٍ النقل',
        'تم التسليم',
      ]);
      expect(await history.locator('.order-timeline-done').count()).toBe(2);
      await history.getByText('التالية').waitFor();
      // Still nothing personal, however the view came.
      const body = await page.locator('body').innerText();
      expect(body).not.toContain('Hoda Live');
      expect(body).not.toContain('Agouza');
      const main = await page.getByRole('main').innerText();
      expect(main.replaceAll(order.orderNumber, '').replace('AF-20250101-123', '')).not.toMatch(
        /[0-9]/,
      );
      await checkA11y(page, 'track-live-ar-phone');
      await snap(page, 'track-live-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in Arabic on a phone: the order’s details stay where they are when the live mark comes', async () => {
    const order = await asNewVisitor(book);
    // The live stream is held until the view has been drawn without it (still connecting).
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: `/track/${order.orderNumber}`,
      before: async (context) => {
        await context.route('**/api/track/*/stream', async (route) => {
          await released;
          await route.continue();
        });
      },
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: new RegExp(order.orderNumber) }).waitFor();
      const moveType = page.locator('dt', { hasText: 'الخدمة' });
      const before = await moveType.boundingBox();
      expect(await page.getByText('مباشر: تظهر التحديثات هنا تلقائيًا').count()).toBe(0);
      release();
      await page.getByText('مباشر: تظهر التحديثات هنا تلقائيًا').waitFor();
      expect(await moveType.boundingBox()).toEqual(before);
      await expectNoErrors(opened);
    } finally {
      release();
      await opened.close();
    }
  });

  it('in Arabic on a phone: “my orders” follows the office’s change without a reload, and says so', async () => {
    let order = { id: '', orderNumber: '' };
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/my-orders',
      before: async (visitor) => {
        order = await book(visitor);
        // Reviewed already: the office's next step, sending the crew, is what the card follows.
        await officeSets(order.id, 'under_review');
      },
    });
    const { page } = opened;
    try {
      const card = page.getByRole('article').filter({ hasText: order.orderNumber });
      await card.waitFor();
      const when = (await card.locator('time').first().innerText()).replace(
        /[\u200E\u200F\u061C]/g,
        '',
      );
      expect(when).toContain(ARABIC_WEEKDAYS[weekdayOf(MOVE_DATE)]);
      expect(when).toContain('من ٨:٠٠ ص إلى ١٢:٠٠ م');
      await page.getByText('مباشر: تظهر التحديثات هنا تلقائيًا').waitFor();
      await card.locator('.order-card-head').getByText('قيد المراجعة').waitFor();
      await card.getByRole('button', { name: `إلغاء الطلب ${order.orderNumber}` }).waitFor();
      await markDocument(page);

      await officeSets(order.id, 'on_the_way');
      await card.locator('.order-card-head').getByText('الفريق في الطريق إليك').waitFor();
      await page.getByText(`الطلب ${order.orderNumber} الآن: الفريق في الطريق إليك`).waitFor();
      // On its way: no longer the customer's to cancel.
      expect(await card.getByRole('button', { name: /إلغاء الطلب/ }).count()).toBe(0);
      await expectSameDocument(page);
      await checkA11y(page, 'my-orders-live-ar-phone');
      await snap(page, 'my-orders-live-ar-phone');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: the same tracker, with the window, follows a cancel by the customer', async () => {
    // The customer's own browser, apart from the tracker's.
    const customer = await newVisitor();
    const order = await book(customer);
    await officeSets(order.id, 'under_review');
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: `/track/${order.orderNumber}`,
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: new RegExp(order.orderNumber) }).waitFor();
      const when = page.locator('dt', { hasText: 'Move date' }).locator('xpath=..').locator('dd');
      const text = (await when.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(ENGLISH_WEEKDAYS[weekdayOf(MOVE_DATE)]);
      expect(text).toContain('from 8:00 AM to 12:00 PM');
      await page.getByText('Live: updates appear here by themselves').waitFor();
      await page.getByText('Next step: Crew on the way').waitFor();
      await checkA11y(page, 'track-live-en-desktop');
      await snap(page, 'track-live-en-desktop');
      await markDocument(page);

      // The customer cancels in their own browser: the tracker says where and by whom.
      const cancelled = await customer.request.post(
        new URL(`/api/orders/${order.id}/cancel`, baseUrl()).toString(),
        { headers: { 'content-type': 'application/json' }, data: {} },
      );
      expect(cancelled.status(), await cancelled.text()).toBe(200);
      await page
        .getByText('The customer cancelled the order at the “Under review” stage.')
        .waitFor();
      const history = page.getByRole('region', { name: 'Status history' });
      const current = history.locator('[aria-current="step"]');
      await current.getByText('Cancelled').waitFor();
      await current.getByText('by the customer').waitFor();
      expect(await history.getByText('Next').count()).toBe(0);
      await expectSameDocument(page);
      await checkA11y(page, 'track-live-cancelled-en-desktop');
      await snap(page, 'track-live-cancelled-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
      await customer.close();
    }
  });
});
