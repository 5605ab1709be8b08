import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServerProcess } from '../../scripts/lib/server-process';
import { cairoToday } from '../../src/domain/datetime';
import { expectedOrderTotal } from '../../src/domain/booking-schemas';
import { FAKE_WHATSAPP, FakeWhatsApp } from '../fakes/provider-fakes';
import { maskAddress } from '../../server/src/notifications/providers/provider';
import { placeOrderViaApi } from './api-orders';
import { forgetCodeSource, useCodeSource, verifyPhoneInFlow } from './phone-codes';
import { adminSession, E2E_ADMIN } from './e2e-admin';
import { startSpecServer, staticDir } from './server';
import {
  checkA11y,
  closeBrowser,
  expectNoErrors,
  asNewVisitor,
  openPage,
  setBaseUrl,
} from './harness';

// Issue 14 (D10) in real browsers: an admin desk open in one browser shows an order placed from
// a second browser within seconds, without a reload; the customer's consent is a real checkbox;
// the messages the order causes reach a local fake of WhatsApp's Cloud API, and the admin reads
// them: the Arabic template with Arabic-Indic digits (as the Arabic screens show numbers), the
// English one with Latin digits. This spec runs its own server, configured for the fake.

afterAll(closeBrowser);

const ARABIC_INDIC = /[\u0660-\u0669]/;

const dims = {
  moveType: 'full',
  housing: 'apartment',
  pickupFloor: 2,
  dropoffFloor: 1,
  workers: 3,
} as const;

/** A booking filled in up to payment, as the booking screens leave it (D7). */
const FLOW = {
  governorateId: 'cairo',
  districtId: 'maadi',
  ...dims,
  totalPrice: expectedOrderTotal(dims),
  fullName: 'منى علي حسن',
  phoneNumber: '01012345678',
  pickupAddress: '١٢ شارع ٩، المعادي',
  dropoffAddress: '٥ ميدان التحرير، وسط البلد',
  moveDate: cairoToday(new Date(Date.now() + 9 * 24 * 60 * 60 * 1000)),
  moveTime: '10:30',
};

let server: ServerProcess;
let whatsapp: FakeWhatsApp;
let tmp: string;

beforeAll(async () => {
  whatsapp = await new FakeWhatsApp().listen();
  tmp = await mkdtemp(join(tmpdir(), 'afsh-e2e-notify-'));
  server = await startSpecServer({
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: staticDir(),
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      NOTIFY_PROVIDERS: 'whatsapp,log',
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: FAKE_WHATSAPP.token,
      NOTIFY_COMPANY_WHATSAPP: '+201000000009',
      // Only the orders' messages: no weekly summary to the company at start (D27).
      NOTIFY_WEEKLY_SUMMARY: 'off',
      NOTIFY_RETRY_SECONDS: '0.2',
    },
  });
  setBaseUrl(server.url);
  // Sign-in codes go by WhatsApp here too (D13): the fake's copy-code template messages.
  useCodeSource(server.url, () =>
    whatsapp.deliveries
      .filter((delivery) => delivery.message.template === 'afsh_code')
      .map((delivery) => ({
        to: maskAddress(`+${delivery.message.to.replace(/^\+/, '')}`),
        code: Object.values(delivery.message.params)[0] ?? '',
        time: 0,
      })),
  );
}, 60_000);

afterAll(async () => {
  setBaseUrl(null);
  if (server) forgetCodeSource(server.url);
  await server?.stop();
  await whatsapp?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

function orderRow(page: Page, orderNumber: string) {
  return page
    .locator('tbody')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(orderNumber) }) });
}

describe('notifications and the live admin desk (issue 14)', () => {
  it('an order placed in one browser appears on the admin desk in another, and its messages are read there', async () => {
    // The admin, in English on a desktop, with browser notifications allowed and recorded.
    const admin = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/admin-orders',
      before: async (context) => {
        await context.grantPermissions(['notifications'], { origin: server.url });
        await context.addInitScript(() => {
          const shown: string[] = [];
          (window as unknown as { shownAlerts: string[] }).shownAlerts = shown;
          class RecordingNotification {
            static permission = 'granted';
            static requestPermission = async () => 'granted';
            onclick: (() => void) | null = null;
            constructor(title: string) {
              shown.push(title);
            }
            close() {}
          }
          (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
        });
        await adminSession(context);
      },
    });
    // Set before the order exists: still there afterwards means the page never reloaded.
    const { page } = admin;
    let customer: Awaited<ReturnType<typeof openPage>> | undefined;
    try {
      await page.evaluate(() => {
        (window as unknown as { deskMarker: number }).deskMarker = 42;
      });
      const bar = page.getByRole('region', { name: 'Live desk' });
      await bar.getByText('Live: new orders and changes appear by themselves').waitFor();
      await bar.getByRole('button', { name: 'Desktop alerts: off' }).click();
      await bar.getByRole('button', { name: 'Desktop alerts: on' }).waitFor();
      await bar.getByRole('button', { name: 'Sound: off' }).click();
      await bar.getByRole('button', { name: 'Sound: on' }).waitFor();
      await checkA11y(page, 'admin-desk-en-desktop');

      // The customer, in Arabic on a phone: ticks "send me updates" and books.
      customer = await openPage({
        lang: 'ar',
        viewport: 'phone',
        path: '/customer-info',
        session: { 'afsh.booking': JSON.stringify(FLOW) },
      });
      const c = customer.page;
      const consent = c.getByRole('checkbox', {
        name: 'أرسلوا لي تحديثات طلبي من عفش على واتساب (أو برسالة نصية SMS)',
      });
      await consent.waitFor();
      expect(await consent.isChecked()).toBe(false);
      await consent.check();
      await consent.scrollIntoViewIfNeeded();
      await checkA11y(c, 'customer-info-consent-ar-phone');
      // The number is proved with the code WhatsApp brings (D13), then on to payment.
      await verifyPhoneInFlow(c, () => c.getByRole('button', { name: 'التالي: الموعد' }).click());
      await c.goto(`${server.url}/payment`);
      await c.getByRole('heading', { level: 1, name: 'الدفع' }).waitFor();
      await c.getByRole('button', { name: 'تأكيد الطلب' }).click();
      await c.waitForURL('**/confirmation');
      const orderNumber = (
        await c
          .getByText(/^AF-\d{8}-\d{3,}$/)
          .first()
          .innerText()
      ).trim();
      await expectNoErrors(customer);

      // Within a few seconds, without a reload: the row, the count, the title, the alert.
      const row = orderRow(page, orderNumber);
      await row.waitFor({ timeout: 5_000 });
      await row.getByText('منى علي حسن').waitFor();
      await bar.getByText('1 new order since you last looked').waitFor({ timeout: 5_000 });
      expect(await page.title()).toMatch(/^\(1\) /);
      expect(
        await page.evaluate(() => (window as unknown as { deskMarker?: number }).deskMarker),
      ).toBe(42);
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { shownAlerts: string[] }).shownAlerts),
        )
        .toEqual([`New order ${orderNumber}`]);

      // The customer's WhatsApp message: the Arabic template, +20 number, Arabic-Indic digits.
      // (The first message to the number was its sign-in code.)
      const [delivery] = await whatsapp.waitForDeliveries(3);
      const toCustomer = whatsapp.deliveries.find(
        (d) => d.message.to === '+201012345678' && d.message.template !== 'afsh_code',
      )!;
      expect(delivery).toBeDefined();
      expect(toCustomer.message).toMatchObject({ template: 'order_created', language: 'ar' });
      expect(toCustomer.message.params.order_number).toBe(orderNumber);
      expect(toCustomer.message.params.move_date).toMatch(ARABIC_INDIC);
      expect(toCustomer.message.params.total).toMatch(ARABIC_INDIC);

      // The admin reads it under the order, live, and the count goes when they look.
      await row.getByRole('button', { name: /^Details/ }).click();
      const messages = row.getByRole('region', { name: 'Messages' });
      const arabic = messages.getByRole('listitem').filter({ hasText: 'WhatsApp · customer' });
      await arabic.getByText('Sent', { exact: true }).waitFor({ timeout: 5_000 });
      await arabic.getByText('Order received (Arabic)').waitFor();
      await arabic.getByText('Message text').click();
      const arabicText = await arabic.locator('p[lang="ar"]').innerText();
      expect(arabicText).toContain(orderNumber);
      expect(arabicText).toMatch(ARABIC_INDIC);
      await messages.getByRole('listitem').filter({ hasText: 'WhatsApp · our team' }).waitFor();
      await bar.getByRole('button', { name: 'Show them' }).click();
      await bar.getByText('No new orders since you last looked.').waitFor();
      await checkA11y(page, 'admin-messages-en-desktop');
      await messages.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));

      // An English booking: the English template, Latin digits, the /en tracking link.
      const { orderNumber: englishNumber } = await asNewVisitor((english) =>
        placeOrderViaApi(english, {
          fullName: 'Sara English',
          phoneNumber: '01512345678',
          language: 'en',
          notifyConsent: true,
        }),
      );
      const englishRow = orderRow(page, englishNumber);
      await englishRow.waitFor({ timeout: 5_000 });
      await englishRow.getByRole('button', { name: /^Details/ }).click();
      const englishItem = englishRow
        .getByRole('region', { name: 'Messages' })
        .getByRole('listitem')
        .filter({ hasText: 'WhatsApp · customer' });
      await englishItem.getByText('Sent', { exact: true }).waitFor({ timeout: 5_000 });
      await englishItem.getByText('Message text').click();
      const englishText = await englishItem.locator('p[lang="en"]').innerText();
      expect(englishText).toContain(`/en/track/${englishNumber}`);
      expect(englishText).not.toMatch(ARABIC_INDIC);
      expect(englishText).toMatch(/\d/);
      await expectNoErrors(admin);
    } finally {
      await customer?.close();
      await admin.close();
    }
  }, 120_000);

  it('in Arabic on a phone: the desk and an order’s messages, right to left', async () => {
    // An Arabic customer's order of this test's own, with updates by WhatsApp.
    const { orderNumber } = await asNewVisitor((customer) =>
      placeOrderViaApi(customer, { fullName: 'هدى سامي', language: 'ar', notifyConsent: true }),
    );
    const admin = await openPage({
      lang: 'ar',
      viewport: 'phone',
      path: '/admin-orders',
      before: adminSession,
    });
    try {
      const { page } = admin;
      const bar = page.getByRole('region', { name: 'لوحة المتابعة المباشرة' });
      await bar.getByText('مباشر: الطلبات الجديدة والتغييرات تظهر تلقائيًا').waitFor();
      const row = orderRow(page, orderNumber);
      await row.getByText('هدى سامي').waitFor();
      await row.getByRole('button', { name: /^التفاصيل/ }).click();
      const item = row
        .getByRole('region', { name: 'الرسائل' })
        .getByRole('listitem')
        .filter({ hasText: 'واتساب · العميل' });
      await item.getByText('أُرسلت', { exact: true }).waitFor();
      // Tries in Arabic-Indic digits, as every number on the Arabic screens.
      await item.getByText('١ من ٣').waitFor();
      await item.getByText('نص الرسالة').click();
      expect(await item.locator('p[lang="ar"]').innerText()).toMatch(ARABIC_INDIC);
      await item.scrollIntoViewIfNeeded();
      await checkA11y(page, 'admin-messages-ar-phone');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoErrors(admin);
    } finally {
      await admin.close();
    }
  }, 60_000);
});
