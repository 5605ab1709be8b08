import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { freePort } from '../../scripts/lib/server-process';
import type { ServerProcess } from '../../scripts/lib/server-process';
import { formatMoney } from '../../src/domain/money';
import { futureDate } from '../../src/testing/order-fixtures';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures';
import { FakePaymob, type FakeIntention } from '../fakes/paymob-fake';
import { placeOrderViaApi } from './api-orders';
import { adminSession, E2E_ADMIN, saveCrewsPlan } from './e2e-admin';
import { checkA11y, closeBrowser, expectNoErrors, openPage, setBaseUrl, snap } from './harness';
import {
  codesInLog,
  forgetCodeSource,
  uniquePhone,
  useCodeSource,
  visitorUrl,
} from './phone-codes';
import { startSpecServer, staticDir } from './server';

// Money follows the order (docs/decisions.md D16) in real browsers, against the local Paymob
// fake: a customer cancels a paid order and is told, before confirming, what comes back, how and
// how long; the office refunds it from its refunds queue through Paymob; the customer then sees
// "refunded". In Arabic on a phone, and once in English on a desktop. Its own server.

afterAll(closeBrowser);

let fake: FakePaymob;
let server: ServerProcess;
let tmp: string;

beforeAll(async () => {
  fake = await new FakePaymob().listen();
  tmp = await mkdtemp(join(tmpdir(), 'afsh-e2e-refunds-'));
  const port = await freePort();
  server = await startSpecServer({
    port,
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: staticDir(),
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SITE_URL: `http://127.0.0.1:${port}`,
      ...fake.env({ PAYMOB_TIMEOUT_SECONDS: '5' }),
    },
  });
  setBaseUrl(server.url);
  fake.setDashboardCallbacks(`${server.url}/api/payments/paymob/callback`);
  useCodeSource(server.url, () => codesInLog(server.output()));
  await saveCrewsPlan(server.url, ROOMY_CAPACITY);
}, 60_000);

afterAll(async () => {
  setBaseUrl(null);
  if (server) forgetCodeSource(server.url);
  await server?.stop();
  await fake?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A card order of the visitor's, three days ahead (free to cancel), paid on the fake. */
async function paidOrder(visitor: BrowserContext, fullName: string) {
  const order = await placeOrderViaApi(visitor, {
    fullName,
    phoneNumber: uniquePhone(),
    paymentMethod: 'card',
    moveDate: futureDate(3),
  });
  const res = await visitor.request.post(visitorUrl(visitor, `/api/orders/${order.id}/payments`), {
    headers: { 'content-type': 'application/json' },
    data: { method: 'card', language: 'ar' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { payment } = (await res.json()) as { payment: { redirectUrl: string } };
  const secret = new URL(payment.redirectUrl).searchParams.get('clientSecret')!;
  await fake.pay(fake.intentions.get(secret) as FakeIntention, 'success');
  return order;
}

const TEXT = {
  ar: {
    cancel: (n: string) => `إلغاء الطلب ${n}`,
    dialog: 'هل تريد إلغاء هذا الطلب؟',
    free: 'الإلغاء الآن مجاني.',
    promise: (amount: string) =>
      `نرد ${amount} إلى نفس البطاقة، ويصل خلال ٥ إلى ١٠ أيام عمل حسب البنك.`,
    yes: 'نعم، ألغِ الطلب',
    due: (amount: string) => `استرداد مستحق: يعود ${amount} إلى بطاقتك (٥ إلى ١٠ أيام عمل).`,
    queueTitle: 'الاستردادات',
    refund: (n: string) => `استرداد عبر Paymob، الطلب ${n}`,
    confirm: 'تأكيد الاسترداد',
    done: (n: string) => `الطلب ${n}: تم الاسترداد.`,
    refunded: (amount: string) => new RegExp(`^تم الاسترداد: ${amount} في `),
  },
  en: {
    cancel: (n: string) => `Cancel order ${n}`,
    dialog: 'Cancel this order?',
    free: 'Cancelling now is free.',
    promise: (amount: string) =>
      `We refund ${amount} to the same card: it reaches it in 5 to 10 working days, depending on your bank.`,
    yes: 'Yes, cancel the order',
    due: (amount: string) => `Refund due: ${amount} goes back to your card (5 to 10 working days).`,
    queueTitle: 'Refunds',
    refund: (n: string) => `Refund through Paymob, order ${n}`,
    confirm: 'Confirm the refund',
    done: (n: string) => `Order ${n}: refunded.`,
    refunded: (amount: string) => new RegExp(`^Refunded: ${amount} on `),
  },
} as const;

async function cancelRefundAndSee(lang: 'ar' | 'en', viewport: 'phone' | 'desktop') {
  const t = TEXT[lang];
  const tag = `${lang}-${viewport}`;
  let order = { id: '', orderNumber: '', totalPrice: 0, phoneNumber: '' };
  const customer = await openPage({
    lang,
    viewport,
    path: '/my-orders',
    before: async (visitor) => {
      order = await paidOrder(visitor, lang === 'ar' ? 'منى حسن' : 'Mona Hassan');
    },
  });
  const amount = formatMoney(order.totalPrice, lang);
  try {
    const { page } = customer;
    const card = page.getByRole('article').filter({ hasText: order.orderNumber });
    await card.waitFor();
    await card.getByRole('button', { name: t.cancel(order.orderNumber) }).click();
    const dialog = page.getByRole('alertdialog', { name: t.dialog });
    await dialog.waitFor();
    // Before confirming: free, what comes back, how and how long, and until when (Cairo time).
    await dialog.getByText(t.free, { exact: true }).waitFor();
    await dialog.getByText(t.promise(amount), { exact: true }).waitFor();
    const terms = await dialog.locator('.cancel-terms').innerText();
    if (lang === 'ar') expect(terms, 'Latin digits in Arabic').not.toMatch(/[0-9]/);
    await checkA11y(page, `cancel-refund-dialog-${tag}`);
    await snap(page, `cancel-refund-dialog-${tag}`, { fullPage: false });
    await dialog.getByRole('button', { name: t.yes }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(t.due(amount), { exact: true }).waitFor();
    await snap(page, `my-orders-refund-due-${tag}`);

    // The office refunds it from its queue through Paymob.
    const office = await openPage({
      lang,
      viewport,
      path: '/admin-refunds',
      before: adminSession,
    });
    try {
      const a = office.page;
      await a.getByRole('heading', { level: 1, name: t.queueTitle }).waitFor();
      const item = a.getByRole('listitem').filter({ hasText: order.orderNumber });
      await item.waitFor();
      await checkA11y(a, `admin-refunds-${tag}`);
      await snap(a, `admin-refunds-${tag}`);
      await item.getByRole('button', { name: t.refund(order.orderNumber) }).click();
      await a.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
      await a.getByText(t.done(order.orderNumber)).waitFor();
      await item.waitFor({ state: 'detached' });
      const refund = fake.requests.find(
        (r) =>
          r.path === '/api/acceptance/void_refund/refund' &&
          JSON.parse(r.body).amount_cents === order.totalPrice * 100,
      );
      expect(refund, 'Paymob asked to refund the order').toBeDefined();
      await snap(a, `admin-refunds-done-${tag}`);
      await expectNoErrors(office);
    } finally {
      await office.close();
    }

    // The customer sees it refunded.
    await page.reload();
    const after = page.getByRole('article').filter({ hasText: order.orderNumber });
    await after.getByText(t.refunded(amount)).waitFor();
    await checkA11y(page, `my-orders-refunded-${tag}`);
    await snap(page, `my-orders-refunded-${tag}`);
    await expectNoErrors(customer);
  } finally {
    await customer.close();
  }
}

describe('refunds (D16)', () => {
  it('in Arabic on a phone: cancel a paid order, see the promise; the office refunds; the customer sees "refunded"', async () => {
    await cancelRefundAndSee('ar', 'phone');
  }, 120_000);

  it('in English on a desktop: the same', async () => {
    await cancelRefundAndSee('en', 'desktop');
  }, 120_000);
});
