import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatDate, formatMoveDay, formatTime } from '../../src/domain/datetime';
import { futureDate } from '../../src/testing/order-fixtures';
import { placeOrderViaApi } from './api-orders';
import { windowName } from './crew-windows';
import { adminSession } from './e2e-admin';
import { checkA11y, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { uniquePhone, type Visitor } from './phone-codes';
import { ownServer } from './server';

// One lifecycle for the office, and another date for a booking (docs/decisions.md D17), in a
// real browser: the customer moves their own booking in Arabic on a phone; the office, in English
// on a desktop, is offered only the next steps, brings a cancelled order back with a reason, and
// moves an order to another date for a caller. This file's own server and database (server.ts).
ownServer();

afterAll(closeBrowser);

const at = (page: Page, path: string) => new URL(path, page.url()).toString();

interface Stored {
  status: string;
  moveDate: string;
  moveTime: string;
  timeWindow: { id: string } | null;
  totalPrice: number;
  statusHistory: { status: string; actor: string; kind?: string; reason?: string }[];
}

async function storedOrder(page: Page, id: string): Promise<Stored> {
  const res = await page.request.get(at(page, `/api/orders/${id}`));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { order: Stored }).order;
}

/** A cash move in the morning window, four days ahead, booked by `fullName` as the visitor. */
function seedOrder(visitor: Visitor, fullName: string, phoneNumber = uniquePhone()) {
  return placeOrderViaApi(visitor, {
    fullName,
    phoneNumber,
    pickupAddress: '12 Tahrir Street, Dokki',
    dropoffAddress: '5 Road 9, Maadi',
    moveDate: futureDate(4),
    moveTime: '09:00',
  });
}

function orderRow(page: Page, orderNumber: string): Locator {
  return page
    .locator('tbody')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(orderNumber) }) });
}

describe('one lifecycle, and another date (D17)', () => {
  it('in Arabic on a phone: the customer moves their booking to another free window and sees it', async () => {
    let order = { id: '', orderNumber: '', totalPrice: 0, phoneNumber: '' };
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/my-orders',
      before: async (visitor) => {
        order = await seedOrder(visitor, 'منى حسن');
      },
    });
    const { page } = opened;
    try {
      const card = page.getByRole('article').filter({ hasText: order.orderNumber });
      await card.waitFor();
      await card.getByRole('button', { name: `تغيير الموعد للطلب ${order.orderNumber}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'تغيير الموعد' });
      await dialog.waitFor();
      // The same move at the same price, said before anything changes.
      await dialog.getByText(/^النقل نفسه بالسعر نفسه: /).waitFor();
      // The date moves on two days, and the afternoon window is picked.
      const newDate = futureDate(6);
      await dialog.getByLabel('التاريخ الجديد').fill(newDate);
      const midday = dialog.getByRole('radio', {
        name: windowName('12:00', '16:00', 'ar'),
        exact: true,
      });
      await midday.check();
      await checkA11y(page, 'reschedule-dialog-ar-phone');
      await snap(page, 'reschedule-dialog-ar-phone', { fullPage: false });
      // Nothing in the dialog is hidden under the page's floating buttons: its confirm is on top.
      const confirm = dialog.getByRole('button', { name: 'انقل الحجز' });
      await confirm.scrollIntoViewIfNeeded();
      const box = (await confirm.boundingBox())!;
      const topmost = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(topmost).toBe('انقل الحجز');
      await confirm.click();
      await dialog.waitFor({ state: 'detached' });

      // The card says it, in Arabic digits, with the new date and window.
      const when = `${formatDate(newDate, 'ar')}، ${windowName('12:00', '16:00', 'ar')}`;
      await page
        .getByRole('status')
        .filter({ hasText: `الآن يوم ${when}` })
        .waitFor();
      // The card's own way of saying it (D19): the weekday, the day, and the window's two ends.
      const onCard = `${formatMoveDay(newDate, 'ar')}، من ${formatTime('12:00', 'ar')} إلى ${formatTime('16:00', 'ar')}`;
      await card.locator('time').filter({ hasText: onCard }).waitFor();
      expect(await card.innerText()).not.toMatch(/[0-9]{2}:[0-9]{2}/);
      await card.getByText('تفاصيل الطلب').click();
      await card.getByText(/^تغيّر الموعد إلى /).waitFor();
      await checkA11y(page, 'my-orders-rescheduled-ar-phone');
      await snap(page, 'my-orders-rescheduled-ar-phone');

      // The server agrees: the new date and window, the same total, the history says who.
      const stored = await storedOrder(page, order.id);
      expect(stored).toMatchObject({
        moveDate: newDate,
        moveTime: '12:00',
        timeWindow: { id: 'midday' },
        totalPrice: order.totalPrice,
        status: 'received',
      });
      expect(stored.statusHistory.at(-1)).toMatchObject({ actor: 'customer', kind: 'rescheduled' });
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: the office’s next steps only, a cancel brought back with a reason, a new date for a caller', async () => {
    const phone = uniquePhone();
    let order = { id: '', orderNumber: '', totalPrice: 0, phoneNumber: '' };
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: `/en/admin-orders?q=${phone}`,
      before: async (visitor) => {
        order = await seedOrder(visitor, 'Hany Lifecycle', phone);
        await adminSession(visitor);
      },
    });
    const { page } = opened;
    try {
      const row = orderRow(page, order.orderNumber);
      await row.getByText('Hany Lifecycle').waitFor();
      const select = row.getByLabel(`New status for order ${order.orderNumber}`);
      const offered = () =>
        select.locator('option').evaluateAll((options) => options.map((o) => o.textContent));
      // Received: under review next, or a cancel; nothing further, nothing back.
      expect(await offered()).toEqual(['Under review', 'Cancelled']);
      await snap(page, 'admin-next-steps-en-desktop', { fullPage: false });

      await select.selectOption('cancelled');
      await row.getByRole('button', { name: `Update (order ${order.orderNumber})` }).click();
      await row.getByRole('cell', { name: 'Cancelled', exact: true }).waitFor();
      expect(await row.getByRole('combobox').count()).toBe(0);

      // Bringing it back asks first, and will not go without a reason.
      await row.getByRole('button', { name: `Bring back (order ${order.orderNumber})` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Bring this order back?' });
      await dialog.waitFor();
      await dialog.getByText('comes back as “Order received”', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Bring it back' }).click();
      await dialog.getByText('Please write the reason.').waitFor();
      expect((await storedOrder(page, order.id)).status).toBe('cancelled');
      await dialog
        .getByLabel('Reason (required)')
        .fill('The customer called: cancelled by mistake');
      await checkA11y(page, 'admin-uncancel-dialog-en-desktop');
      await snap(page, 'admin-uncancel-dialog-en-desktop', { fullPage: false });
      await dialog.getByRole('button', { name: 'Bring it back' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: `Order ${order.orderNumber} is back: Order received` })
        .waitFor();
      await row.getByRole('cell', { name: 'Order received', exact: true }).waitFor();
      expect(await offered()).toEqual(['Under review', 'Cancelled']);

      // The details: the history says what happened and why, and "Change date" for a caller.
      await row.getByRole('button', { name: `Details (order ${order.orderNumber})` }).click();
      await row.getByText('Brought back: Order received').waitFor();
      await row.getByText('The customer called: cancelled by mistake').waitFor();
      await row.getByRole('button', { name: `Change date (order ${order.orderNumber})` }).click();
      const reschedule = page.getByRole('alertdialog', { name: 'Change the date' });
      await reschedule.waitFor();
      const newDate = futureDate(9);
      await reschedule.getByLabel('New date').fill(newDate);
      await reschedule
        .getByRole('radio', { name: windowName('16:00', '20:00', 'en'), exact: true })
        .check();
      await reschedule
        .getByLabel('Note for the history (optional)')
        .fill('Called: the lift is broken that day');
      await checkA11y(page, 'admin-reschedule-dialog-en-desktop');
      await snap(page, 'admin-reschedule-dialog-en-desktop', { fullPage: false });
      await reschedule.getByRole('button', { name: 'Move the booking' }).click();
      await reschedule.waitFor({ state: 'detached' });
      const when = `${formatDate(newDate, 'en')}, ${windowName('16:00', '20:00', 'en')}`;
      await page
        .getByRole('status')
        .filter({ hasText: `is now on ${when}` })
        .waitFor();
      await row.getByText(`Date changed to ${when}`).waitFor();
      await checkA11y(page, 'admin-history-en-desktop');
      await snap(page, 'admin-history-en-desktop');

      const stored = await storedOrder(page, order.id);
      expect(stored).toMatchObject({ moveDate: newDate, moveTime: '16:00', status: 'received' });
      expect(stored.statusHistory.map(({ status, actor, kind }) => [status, actor, kind])).toEqual([
        ['received', 'system', undefined],
        ['cancelled', 'admin', undefined],
        ['received', 'admin', 'uncancelled'],
        ['received', 'admin', 'rescheduled'],
      ]);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
