import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cairoToday } from '../../src/domain/datetime';
import { formatMoney } from '../../src/domain/money';
import { expectedOrderTotal } from '../../src/domain/booking-schemas';
import { FIRST_CATALOG, recommendedTeamSize } from '../../src/domain/pricing';
import { chooseWindow } from './crew-windows';
import { checkA11y, closeBrowser, expectNoErrors, openPage, snap, appPath } from './harness';
import { startVisitorSession } from './api-orders';
import { toArabicDigits, uniquePhone } from './phone-codes';
import { ownServer } from './server';

// This file's own server and database (server.ts): no other spec file sees or changes its data.
ownServer();

afterAll(closeBrowser);

const ORDER_NUMBER = /^AF-\d{8}-\d{3}$/;
const norm = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const pathOf = (page: Page) => appPath(page.url());

/** A Cairo calendar date `days` from today, as the date input wants it. */
function cairoDatePlus(days: number): string {
  const [y, m, d] = cairoToday().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

const customer = {
  fullName: 'منى علي حسن',
  // A number of this spec's own: each may be sent only a few sign-in codes an hour (D13).
  phone: uniquePhone(),
  pickup: '١٢ شارع ٩، المعادي، الدور الثالث',
  dropoff: '٥ ميدان التحرير، وسط البلد',
};

const STRINGS = {
  ar: {
    manual: 'أدخل الموقع يدويًا',
    governorate: 'المدينة (المحافظة)',
    district: 'المنطقة',
    cont: 'متابعة',
    fullName: 'الاسم بالكامل',
    phone: 'رقم الموبايل',
    pickup: 'عنوان الاستلام',
    dropoff: 'عنوان التسليم',
    nextDate: 'التالي: الموعد',
    date: 'تاريخ النقل',
    moveType: 'نوع الخدمة',
    nextSummary: 'التالي: مراجعة الطلب',
    confirmSummary: 'تأكيد الطلب',
    paymentTitle: 'الدفع',
    cod: 'الدفع عند الاستلام',
    card: 'بطاقة بنكية',
    submitCod: 'تأكيد الطلب',
    submitCard: 'ادفع وأكّد الطلب',
    confirmed: 'تم تأكيد طلبك بنجاح',
    pending: 'قيد الانتظار: الدفع عند الاستلام',
    paid: 'تم الدفع إلكترونيًا',
    testMode: 'لم يُخصم أي مبلغ.',
    floors: ['دور الاستلام', 'دور التسليم'],
  },
  en: {
    manual: 'Enter it manually',
    governorate: 'City (governorate)',
    district: 'District',
    cont: 'Continue',
    fullName: 'Full name',
    phone: 'Mobile number',
    pickup: 'Pickup address',
    dropoff: 'Drop-off address',
    nextDate: 'Next: date and time',
    date: 'Move date',
    moveType: 'Service type',
    nextSummary: 'Next: review your order',
    confirmSummary: 'Confirm order',
    paymentTitle: 'Payment',
    cod: 'Cash on delivery',
    card: 'Bank card',
    submitCod: 'Confirm order',
    submitCard: 'Pay and confirm',
    confirmed: 'Order confirmed successfully',
    pending: 'Pending: pay on delivery',
    paid: 'Paid online',
    testMode: 'No money was charged.',
    floors: ['Pickup floor', 'Drop-off floor'],
  },
} as const;

type Lang = keyof typeof STRINGS;

/**
 * /select-city (manual) → /customer-info → /date-selection → /request-summary → /payment, by a
 * customer who proved `phone` already: the code step itself is phone-sign-in.e2e.ts's.
 */
async function bookUntilPayment(page: Page, lang: Lang, phone: string, phoneTyped: string) {
  // A crew is held only for a proved number (D13).
  await startVisitorSession(page, phone);
  const s = STRINGS[lang];
  await page.getByRole('button', { name: new RegExp(s.manual) }).click();
  await page.getByLabel(s.governorate).selectOption('cairo');
  await page.getByLabel(s.district, { exact: true }).selectOption('maadi');
  await page.getByRole('button', { name: s.cont, exact: true }).click();
  await page.waitForURL('**/customer-info');

  await page.getByLabel(s.fullName).fill(customer.fullName);
  await page.getByLabel(s.phone).fill(phoneTyped);
  await page.getByLabel(s.pickup).fill(customer.pickup);
  await page.getByLabel(s.dropoff).fill(customer.dropoff);
  // The number typed is the one proved, however it is written: no code step.
  await page.getByRole('button', { name: s.nextDate }).click();
  await page.waitForURL('**/date-selection');

  await page.getByLabel(s.date).fill(cairoDatePlus(10));
  await chooseWindow(page, lang, '08:00', '12:00');
  await page.getByLabel(s.moveType).selectOption('full');
  await page.getByLabel(s.floors[0]).fill(lang === 'ar' ? '٢' : '2');
  await page.getByLabel(s.floors[1]).fill('1');
  await page.getByRole('button', { name: s.nextSummary }).click();
  await page.waitForURL('**/request-summary');

  await page.getByRole('button', { name: s.confirmSummary }).click();
  await page.waitForURL('**/payment');
  await page.getByRole('heading', { level: 1, name: s.paymentTitle }).waitFor();
}

// The date screen proposes the recommended team, and the order is priced with it.
const EXPECTED_TOTAL = expectedOrderTotal({
  moveType: 'full',
  pickupFloor: 2,
  dropoffFloor: 1,
  workers: recommendedTeamSize(FIRST_CATALOG, {
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 2,
    dropoffFloor: 1,
  }),
});

/** The confirmation's order number: the one text on the page that reads like one. */
async function shownOrderNumber(page: Page): Promise<string> {
  const number = page.getByRole('main').getByText(/^AF-\d{8}-\d{3}$/);
  await number.first().waitFor();
  return norm(await number.first().textContent());
}

/** This browser's own orders, straight from the API (what the session really saved). */
async function myOrderCount(page: Page): Promise<number> {
  const response = await page.request.get(new URL('/api/orders', page.url()).toString());
  if (response.status() === 401) return 0; // no session yet: nothing can have been saved
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { orders: unknown[] };
  return body.orders.length;
}

describe('booking: /select-city → /confirmation', () => {
  it('in Arabic on a phone: Arabic-Indic phone digits, cash on delivery, tracked from another device', async () => {
    const opened = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/select-city',
      reducedMotion: true,
    });
    const { page } = opened;
    let orderNumber = '';
    try {
      await bookUntilPayment(page, 'ar', customer.phone, toArabicDigits(customer.phone));
      const s = STRINGS.ar;

      // Payment shows the recap in Arabic digits, cash preselected.
      const main = page.getByRole('main');
      expect(norm(await main.textContent())).toContain(norm(formatMoney(EXPECTED_TOTAL, 'ar')));
      expect(await page.getByRole('radio', { name: new RegExp(s.cod) }).isChecked()).toBe(true);
      await checkA11y(page, 'payment-ar-phone');
      await snap(page, 'payment-ar-phone');

      // The card form in Arabic: LTR card fields inside the RTL page, the test-mode notice.
      await page.getByRole('radio', { name: new RegExp(s.card) }).check();
      await page.getByLabel('رقم البطاقة').fill('٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢');
      expect(await page.getByLabel('رقم البطاقة').inputValue()).toBe('4242 4242 4242 4242');
      await checkA11y(page, 'payment-card-ar-phone');
      await page.getByRole('radio', { name: new RegExp(s.cod) }).check();

      // A reload on the payment screen keeps the whole booking (D7).
      await page.reload();
      await page.getByRole('heading', { level: 1, name: s.paymentTitle }).waitFor();
      expect(pathOf(page)).toBe('/payment');

      await page.getByRole('button', { name: s.submitCod }).click();
      await page.waitForURL('**/confirmation');
      await page.getByRole('heading', { level: 1, name: s.confirmed }).waitFor();

      orderNumber = await shownOrderNumber(page);
      expect(orderNumber).toMatch(ORDER_NUMBER);
      expect(await page.getByText(s.pending).isVisible()).toBe(true);
      expect(await page.getByText(s.testMode).count()).toBe(0);
      expect(norm(await main.textContent())).toContain(norm(formatMoney(EXPECTED_TOTAL, 'ar')));
      // The code is drawn as it comes near the screen.
      const qr = page.getByRole('img', { name: new RegExp(orderNumber) });
      await qr.scrollIntoViewIfNeeded();
      await qr.locator('svg').waitFor();
      expect(await myOrderCount(page)).toBe(1);
      await checkA11y(page, 'confirmation-ar-phone');
      await snap(page, 'confirmation-ar-phone');

      // Reload keeps the confirmation; Back does not lead to a form that pays again.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: s.confirmed }).waitFor();
      expect(await shownOrderNumber(page)).toBe(orderNumber);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }

    // Another device: the public view only (D2).
    const other = await openPage({ lang: 'ar', viewport: 'phone', path: `/track/${orderNumber}` });
    try {
      const { page } = other;
      await page.getByText('تم استلام الطلب').first().waitFor();
      const text = norm(await page.locator('body').textContent());
      expect(text).toContain(orderNumber);
      expect(text).not.toContain(customer.fullName);
      expect(text).not.toContain('منى');
      expect(text).not.toContain(customer.phone);
      expect(text).not.toContain(toArabicDigits(customer.phone));
      expect(text).not.toContain(customer.pickup);
      await expectNoErrors(other);
    } finally {
      await other.close();
    }
  });

  it('in English on a desktop: an invalid card saves nothing, a valid card is paid', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'desktop', path: '/select-city' });
    const { page } = opened;
    try {
      const phone = uniquePhone();
      await bookUntilPayment(
        page,
        'en',
        phone,
        `+20 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
      );
      const s = STRINGS.en;

      await page.getByRole('radio', { name: new RegExp(s.card) }).check();
      await page.getByText('No money will be charged.', { exact: false }).waitFor();

      // Blank fields first, then an invalid number: each with its message, nothing saved.
      await page.getByRole('button', { name: s.submitCard }).click();
      await page.getByText('Please fill in all card details.').waitFor();

      const number = page.getByLabel('Card number');
      await number.fill('4242 4242 4242 4241');
      await page.getByLabel('Name on card').fill('MONA ALI');
      await page.getByLabel('Expiry (MM/YY)').fill('12/99');
      await page.getByLabel('Security code (CVV)').fill('123');
      await page.getByRole('button', { name: s.submitCard }).click();
      await page.getByText('The card number is not valid.').waitFor();
      expect(await number.getAttribute('aria-invalid')).toBe('true');
      expect(pathOf(page)).toBe('/payment');
      expect(await myOrderCount(page)).toBe(0);
      await checkA11y(page, 'payment-card-error-en-desktop');
      await snap(page, 'payment-card-error-en-desktop');

      await number.fill('4242424242424242');
      expect(await number.inputValue()).toBe('4242 4242 4242 4242');
      await page.getByRole('button', { name: s.submitCard }).click();
      await page.waitForURL('**/confirmation');
      await page.getByRole('heading', { level: 1, name: s.confirmed }).waitFor();

      expect(await shownOrderNumber(page)).toMatch(ORDER_NUMBER);
      expect(await page.getByText(s.paid).isVisible()).toBe(true);
      expect(await page.getByText(s.testMode).isVisible()).toBe(true);
      expect(await page.getByText('Test mode', { exact: true }).isVisible()).toBe(true);
      expect(norm(await page.getByRole('main').textContent())).toContain(
        norm(formatMoney(EXPECTED_TOTAL, 'en')),
      );
      expect(await myOrderCount(page)).toBe(1);

      // Copy gives its 1.5 s feedback; without a share sheet the link is copied with the message.
      await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'Copy number' }).click();
      await page.getByRole('button', { name: 'Copied' }).waitFor();
      await page.getByRole('button', { name: 'Copy number' }).waitFor({ timeout: 3000 });

      await checkA11y(page, 'confirmation-en-desktop');
      await snap(page, 'confirmation-en-desktop');
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('opening /payment directly redirects to /request-summary and on', async () => {
    const opened = await openPage({ lang: 'en', viewport: 'phone', path: '/payment' });
    try {
      const { page } = opened;
      await page.waitForURL((url) => appPath(url) !== '/payment');
      // The summary itself sends an empty flow back to the first step.
      expect(['/request-summary', '/select-city']).toContain(pathOf(page));
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });

  it('payment and confirmation from a seeded flow, with the tracking QR and share fallback', async () => {
    const dims = { moveType: 'office', housing: 'villa', pickupFloor: 0, dropoffFloor: 4 } as const;
    const flow = {
      governorateId: 'cairo',
      districtId: 'maadi',
      ...dims,
      workers: recommendedTeamSize(FIRST_CATALOG, dims),
      totalPrice: expectedOrderTotal({
        ...dims,
        workers: recommendedTeamSize(FIRST_CATALOG, dims),
      }),
      fullName: 'Karim Adel',
      phoneNumber: uniquePhone(),
      pickupAddress: '3 Road 200, Degla, Maadi',
      dropoffAddress: '7 Abbas El Akkad, Nasr City',
      moveDate: cairoDatePlus(3),
      moveTime: '09:00',
    };
    const opened = await openPage({
      lang: 'ar',
      viewport: 'desktop',
      path: '/payment',
      session: { 'afsh.booking': JSON.stringify(flow) },
      // The details step would have proved the number (D13).
      before: (visitor) => startVisitorSession(visitor, flow.phoneNumber),
    });
    const { page } = opened;
    try {
      await page.getByRole('heading', { level: 1, name: STRINGS.ar.paymentTitle }).waitFor();
      await page.getByRole('button', { name: STRINGS.ar.submitCod }).click();
      await page.waitForURL('**/confirmation');
      const orderNumber = await shownOrderNumber(page);
      expect(orderNumber).toMatch(ORDER_NUMBER);

      await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByRole('button', { name: 'مشاركة' }).click();
      await page.getByText('المشاركة غير مدعومة على هذا الجهاز.', { exact: false }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(new URL(`/track/${orderNumber}`, page.url()).toString());

      await page.getByRole('link', { name: 'تتبّع هذا الطلب' }).click();
      await page.waitForURL(`**/track/${orderNumber}`);
      await expectNoErrors(opened);
    } finally {
      await opened.close();
    }
  });
});
