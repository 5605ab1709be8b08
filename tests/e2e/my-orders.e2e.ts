import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { placeOrderViaApi } from './api-orders';
import type { Visitor } from './phone-codes';
import { futureDate } from '../../src/testing/order-fixtures';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

const at = (page: Page, path: string) => new URL(path, page.url()).toString();

/**
 * A partial move in Cairo booked by `fullName`, as the visitor, who proves a number of their own
 * first (D13).
 */
async function seedOrder(visitor: Visitor, fullName: string): Promise<string> {
  const order = await placeOrderViaApi(visitor, {
    fullName,
    pickupAddress: '5 Corniche Road, Sidi Gaber',
    dropoffAddress: '40 Fouad Street, Raml Station',
    notes: 'Piano on the second floor',
    pickupFloor: 2,
    dropoffFloor: 0,
    moveDate: futureDate(4),
  });
  return order.orderNumber;
}

describe('/my-orders: the visitor’s real orders (D7)', () => {
  it('in Arabic on a phone: the browser that ordered sees it, and cancels it through the dialog', async () => {
    // The browser that ordered (through the API) opens "my orders".
    let number = '';
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/my-orders',
      before: async (visitor) => {
        number = await seedOrder(visitor, 'منى حسن');
      },
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: 'طلباتي' }).waitFor();
      const card = page.getByRole('article').filter({ hasText: number });
      await card.waitFor();
      expect(await card.getByText('قيد المراجعة').count()).toBe(0);
      await card.getByText('تم استلام الطلب').first().waitFor();
      // Signed in with the number: no sign-in on the page.
      expect(await page.getByRole('region', { name: 'ادخل لترى كل طلباتك' }).count()).toBe(0);
      await checkA11y(page, 'my-orders-ar-phone');
      await snap(page, 'my-orders-ar-phone');

      await card.getByText('تفاصيل الطلب').click();
      await card.getByText('منى حسن').waitFor();
      await card.getByText('Piano on the second floor').waitFor();

      await card.getByRole('button', { name: `إلغاء الطلب ${number}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'هل تريد إلغاء هذا الطلب؟' });
      await dialog.waitFor();
      await checkA11y(page, 'my-orders-dialog-ar-phone');
      await dialog.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('تم إلغاء الطلب.').waitFor();
      expect(await card.getByRole('button', { name: /إلغاء الطلب/ }).count()).toBe(0);

      // The server agrees, and so does a reload.
      await page.reload();
      const again = page.getByRole('article').filter({ hasText: number });
      await again.getByText('ملغي').first().waitFor();
      const tracked = await page.request.get(at(page, `/api/track/${number}`));
      expect(((await tracked.json()) as { tracking: { status: string } }).tracking.status).toBe(
        'cancelled',
      );
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: a fresh browser is asked to sign in by number, or to book', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/my-orders' });
    const { page } = opened;
    try {
      const signIn = page.getByRole('region', { name: 'Sign in to see all your orders' });
      await signIn.getByLabel('Mobile number', { exact: true }).waitFor();
      // Not signed in is not "no orders".
      expect(await page.getByRole('heading', { name: 'No orders yet' }).count()).toBe(0);
      // An English page links to English pages.
      expect(await signIn.getByRole('link', { name: 'Book a move' }).getAttribute('href')).toBe(
        '/en/select-city',
      );
      expect(await page.getByRole('article').count()).toBe(0);
      await checkA11y(page, 'my-orders-sign-in-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: the customer’s orders, and their number in the header', async () => {
    let number = '';
    const opened = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/my-orders',
      before: async (visitor) => {
        number = await seedOrder(visitor, 'Karim Proved');
      },
    });
    const { page } = opened;
    try {
      const card = page.getByRole('article').filter({ hasText: number });
      await card.waitFor();
      await card.getByText('Order received').first().waitFor();
      expect(
        await page.getByRole('region', { name: 'Sign in to see all your orders' }).count(),
      ).toBe(0);
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Your account 01\d \d{4} \d{4}$/ })
        .first()
        .waitFor();
      await checkA11y(page, 'my-orders-en-desktop');
      await snap(page, 'my-orders-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
