import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkA11y, closeBrowser, expectNoErrors, openPage, snap } from './harness';
import { placeOrderViaApi } from './api-orders';
import { futureDate } from '../../src/testing/order-fixtures';

afterAll(closeBrowser);

const json = { 'content-type': 'application/json' };
const at = (page: Page, path: string) => new URL(path, page.url()).toString();

/** A partial move in Cairo booked by `fullName`, as the visitor of `page`'s context. */
async function seedOrder(page: Page, fullName: string): Promise<string> {
  const order = await placeOrderViaApi(page, {
    fullName,
    phoneNumber: '01123456789',
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
    const opened = await openPage({ lang: 'ar', viewport: 'phone', path: '/about' });
    const { page } = opened;
    try {
      const number = await seedOrder(page, 'منى حسن');
      await page.goto(at(page, '/my-orders'));
      await page.getByRole('heading', { level: 1, name: 'طلباتي' }).waitFor();
      const card = page.getByRole('article').filter({ hasText: number });
      await card.waitFor();
      expect(await card.getByText('قيد المراجعة').count()).toBe(0);
      await card.getByText('تم استلام الطلب').first().waitFor();
      await page.getByRole('link', { name: 'إنشاء حساب' }).waitFor();
      await checkA11y(page, 'my-orders-ar-phone');
      await snap(page, 'my-orders-ar-phone');

      await card.getByText('تفاصيل الطلب').click();
      await card.getByText('منى حسن').waitFor();
      await card.getByText('Piano on the second floor').waitFor();
      await snap(page, 'my-orders-details-ar-phone');

      await card.getByRole('button', { name: `إلغاء الطلب ${number}` }).click();
      const dialog = page.getByRole('alertdialog', { name: 'هل تريد إلغاء هذا الطلب؟' });
      await dialog.waitFor();
      await checkA11y(page, 'my-orders-dialog-ar-phone');
      await snap(page, 'my-orders-dialog-ar-phone', { fullPage: false });
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

  it('in English on a desktop: a fresh browser sees the empty state', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/my-orders' });
    const { page } = opened;
    try {
      await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
      // An English page links to English pages.
      expect(await page.getByRole('link', { name: 'Book a move' }).getAttribute('href')).toBe(
        '/en/select-city',
      );
      expect(await page.getByRole('article').count()).toBe(0);
      await checkA11y(page, 'my-orders-empty-en-desktop');
      await snap(page, 'my-orders-empty-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('in English on a desktop: signing up keeps the order placed before', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/about' });
    const { page } = opened;
    try {
      const number = await seedOrder(page, 'Karim Before-Signup');
      const email = `karim.${Date.now()}@example.com`;
      const signup = await page.request.post(at(page, '/api/auth/signup'), {
        headers: json,
        data: { email, password: 'Strong-pass-1', confirmPassword: 'Strong-pass-1' },
      });
      expect(signup.status()).toBe(201);

      await page.goto(at(page, '/my-orders'));
      const card = page.getByRole('article').filter({ hasText: number });
      await card.waitFor();
      await card.getByText('Order received').first().waitFor();
      // Signed in now: no "create an account" prompt.
      expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
      await checkA11y(page, 'my-orders-en-desktop');
      await snap(page, 'my-orders-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
