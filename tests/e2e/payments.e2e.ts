import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { freePort } from '../../scripts/lib/server-process';
import type { ServerProcess } from '../../scripts/lib/server-process';
import { COMPLETE_FLOW } from '../../src/features/booking/components/testing-flow';
import { FAKE_PAYMOB, FakePaymob } from '../fakes/paymob-fake';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures';
import { adminSession, E2E_ADMIN, saveCrewsPlan } from './e2e-admin';
import { checkA11y, closeBrowser, expectNoErrors, openPage, setBaseUrl, snap } from './harness';
import { startSpecServer, staticDir } from './server';
import { startVisitorSession } from './api-orders';
import { codesInLog, forgetCodeSource, uniquePhone, useCodeSource } from './phone-codes';

// Issue 15 (D3) in real browsers: online payment through a local fake of Paymob (its Intention
// API, its Unified Checkout page and its signed callbacks, tests/fakes/paymob-fake.ts). The
// customer, in Arabic on a phone, pays by card on the fake checkout and lands on /confirmation
// paid; a declined card comes back to "pay again", or to cash on delivery; "pay now" on my orders
// and the tracker. In English on a desktop: a wallet, then the admin refunds it. Whatever the
// customer types at the checkout reaches the fake only: never a request to our server, its log
// or its database. This spec runs its own server, configured for the fake.

afterAll(closeBrowser);

/** A booking filled in up to payment, as the booking screens leave it (D7), in Arabic. */
const FLOW = {
  ...COMPLETE_FLOW,
  fullName: 'منى علي حسن',
  pickupAddress: '١٢ شارع ٩، المعادي',
  dropoffAddress: '٥ ميدان التحرير، وسط البلد',
  notes: 'ترابيزة زجاج',
};
const TOTAL = COMPLETE_FLOW.totalPrice!;

/** What the customer types at the checkout, and must never reach us. */
const CARD = { expiry: '12/31', cvv: '947', holder: 'MONA ALI HASSAN' };

const AR = {
  card: /^بطاقة بنكية/,
  wallet: /^محفظة إلكترونية/,
  continue: 'المتابعة إلى الدفع الآمن',
  checking: 'جارٍ تأكيد دفعك مع Paymob…',
  confirmed: 'تم تأكيد طلبك بنجاح',
  paid: 'تم الدفع إلكترونيًا',
  declinedTitle: 'لم يتم الدفع',
  payNow: /^ادفع الآن/,
  toCash: /^الدفع عند الاستلام بدلًا من ذلك/,
  cashYes: 'نعم، سأدفع نقدًا',
  pendingCash: 'قيد الانتظار: الدفع عند الاستلام',
  unpaid: 'لم يكتمل الدفع الإلكتروني لهذا الطلب بعد.',
  ownerUnpaid: 'لم يكتمل دفعك الإلكتروني لهذا الطلب.',
};

let fake: FakePaymob;
let server: ServerProcess;
let tmp: string;

beforeAll(async () => {
  fake = await new FakePaymob().listen();
  tmp = await mkdtemp(join(tmpdir(), 'afsh-e2e-paymob-'));
  // Paymob calls the site back and sends the customer to it: the site's address is this server's.
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
  // The merchant set our callback on both integrations in Paymob's dashboard, as the README says
  // (D18): the fake, like Paymob, posts a wallet's callbacks nowhere else.
  fake.setDashboardCallbacks(`${server.url}/api/payments/paymob/callback`);
  // No message provider here: the server prints each sign-in code in its log (D13).
  useCodeSource(server.url, () => codesInLog(server.output()));
  // Every test books the same date and time, one order each: more than the first crews plan's
  // three crews a window (D12). Crews are not what this spec is about.
  await saveCrewsPlan(server.url, ROOMY_CAPACITY);
}, 60_000);

afterAll(async () => {
  setBaseUrl(null);
  if (server) forgetCodeSource(server.url);
  await server?.stop();
  await fake?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/**
 * Every request the browser's pages make to our server, with its body, to look for card data
 * in; and everything our server answers them (pages, scripts, API answers), to look for secrets.
 */
function recordOurTraffic(context: BrowserContext): { requests: string[]; answers: string[] } {
  const requests: string[] = [];
  const answers: string[] = [];
  const origin = new URL(server.url).origin;
  const ours = (url: string) => new URL(url).origin === origin;
  context.on('request', (request: Request) => {
    if (!ours(request.url())) return;
    requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  context.on('response', (response: Response) => {
    if (!ours(response.url()) || response.status() >= 300) return;
    const type = response.headers()['content-type'] ?? '';
    if (!/json|javascript|html|text/.test(type)) return;
    response.text().then(
      (text) => void answers.push(text),
      () => undefined,
    );
  });
  return { requests, answers };
}

/** Paymob's secrets never leave our server: not in a page, a script or an API answer. */
function expectNoSecretsSent(answers: string[]) {
  expect(answers.some((text) => text.includes('"options"'))).toBe(true);
  for (const text of answers) {
    expect(text.includes(FAKE_PAYMOB.secretKey), 'the secret key sent to a browser').toBe(false);
    expect(text.includes(FAKE_PAYMOB.hmacSecret), 'the HMAC secret sent to a browser').toBe(false);
  }
}

/** A customer's phone (Arabic) on /payment with the booking filled in. */
async function customerAtPayment(
  lang: 'ar' | 'en' = 'ar',
  viewport: 'phone' | 'desktop' = 'phone',
) {
  // A customer of their own, who proved the number on the details step (D13).
  const flow = { ...FLOW, phoneNumber: uniquePhone() };
  let traffic: { requests: string[]; answers: string[] } = { requests: [], answers: [] };
  const opened = await openPage({
    lang,
    viewport,
    path: `${lang === 'en' ? '/en' : ''}/payment`,
    session: { 'afsh.booking': JSON.stringify(flow) },
    before: async (context) => {
      traffic = recordOurTraffic(context);
      await startVisitorSession(context, flow.phoneNumber);
    },
  });
  return { ...opened, ...traffic };
}

/** On the fake Paymob checkout: types a card and pays. */
async function payByCard(page: Page, number: string) {
  await page.waitForURL(`${fake.url}/unifiedcheckout/**`);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(CARD.expiry);
  await page.getByLabel('CVV').fill(CARD.cvv);
  await page.getByLabel('Name on card').fill(CARD.holder);
  await page.getByRole('button', { name: /^Pay EGP/ }).click();
}

/** From /payment (Arabic): card, the checkout, a declined card, and back on "not paid". */
async function declinedOnce(page: Page) {
  await page.getByRole('radio', { name: AR.card }).check();
  await page.getByRole('button', { name: AR.continue }).click();
  await payByCard(page, FAKE_PAYMOB.declinedCard);
  await page.getByRole('heading', { level: 1, name: AR.declinedTitle }).waitFor();
}

async function orderNumberOn(page: Page): Promise<string> {
  return (
    await page
      .getByText(/^AF-\d{8}-\d{3,}$/)
      .first()
      .innerText()
  ).trim();
}

/** Nothing typed at the checkout is in what our server received, logged or stored. */
async function expectNoCardDataWithUs(requests: string[], cardNumbers: string[]) {
  // The fake did receive it: the search below looks for something that exists.
  const typed = fake.checkoutForms.map((form) => form.number);
  for (const number of cardNumbers) expect(typed).toContain(number);
  const database = Buffer.concat(
    await Promise.all(
      ['afsh.sqlite', 'afsh.sqlite-wal'].map((file) =>
        readFile(join(tmp, file)).catch(() => Buffer.alloc(0)),
      ),
    ),
  ).toString('latin1');
  for (const [where, text] of [
    ['requests to our server', requests.join('\n')],
    ['the server log', server.output()],
    ['the database', database],
  ] as const) {
    for (const number of cardNumbers) {
      expect(text.includes(number), `card number in ${where}`).toBe(false);
    }
    expect(text.includes(CARD.expiry), `expiry in ${where}`).toBe(false);
    expect(text.includes(CARD.holder), `card holder in ${where}`).toBe(false);
    expect(/"?cvv"?\s*[:=]/i.test(text), `a CVV field in ${where}`).toBe(false);
  }
}

describe('online payment through Paymob (issue 15)', () => {
  it('Arabic phone: a card paid on the checkout, confirmed by the callback, lands on /confirmation paid', async () => {
    const customer = await customerAtPayment();
    const { page } = customer;
    try {
      await page.getByRole('radio', { name: AR.card }).check();
      await page.getByText('دفع آمن عبر Paymob').waitFor();
      // Nothing about the card is asked for on our page.
      expect(await page.getByLabel('رقم البطاقة').count()).toBe(0);
      await checkA11y(page, 'payment-paymob-ar-phone');

      // Paymob's callback arrives 2.5 s after the customer is back: "confirming" meanwhile.
      fake.plan = { order: 'redirect-first', delayMs: 2500 };
      await page.getByRole('button', { name: AR.continue }).click();
      await payByCard(page, FAKE_PAYMOB.approvedCard);
      await page.waitForURL('**/payment-return?**');
      await page.getByText(AR.checking).waitFor();
      await checkA11y(page, 'payment-return-checking-ar-phone');

      await page.waitForURL('**/confirmation', { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: AR.confirmed }).waitFor();
      await page.getByText(AR.paid).waitFor();
      // Paymob's test keys: the confirmation says no money moved.
      await page.getByText('لم يُخصم أي مبلغ.').waitFor();
      const orderNumber = await orderNumberOn(page);
      await checkA11y(page, 'confirmation-paymob-ar-phone');

      // Paymob was asked for exactly the server's total, in piastres, under our reference.
      const intention = fake.lastIntention!;
      expect(intention.amount).toBe(TOTAL * 100);
      expect(intention.currency).toBe('EGP');
      expect(intention.redirectionUrl).toBe(`${server.url}/payment-return`);

      // The tracker says paid, by card.
      await page.goto(`${server.url}/track/${orderNumber}`);
      await page.getByText('مدفوع', { exact: true }).waitFor();
      await expectNoErrors(customer);
      await expectNoCardDataWithUs(customer.requests, [FAKE_PAYMOB.approvedCard]);
      expectNoSecretsSent(customer.answers);
    } finally {
      fake.plan = { order: 'callback-first' };
      await customer.close();
    }
  });

  it('Arabic phone: declined comes back to pay again; my orders and the tracker offer pay now; cash instead', async () => {
    const customer = await customerAtPayment();
    const { page } = customer;
    try {
      await declinedOnce(page);
      await page
        .getByRole('alert')
        .getByText(/رُفضت عملية الدفع/)
        .waitFor();
      const orderNumber = await orderNumberOn(page);
      await checkA11y(page, 'payment-declined-ar-phone');

      // My orders: the order waits for its payment, with pay now and cash instead.
      await page.goto(`${server.url}/my-orders`);
      const card = page.locator('article').filter({ hasText: orderNumber });
      await card.getByText(AR.unpaid).waitFor();
      await card.getByRole('button', { name: AR.payNow }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await checkA11y(page, 'my-orders-pay-now-ar-phone');

      // The tracker, for its owner: the same offer.
      await page.goto(`${server.url}/track/${orderNumber}`);
      const owner = page.getByRole('region', { name: AR.ownerUnpaid });
      await owner.getByRole('button', { name: AR.payNow }).waitFor();
      await checkA11y(page, 'track-pay-now-ar-phone');

      // Pay again from the tracker, with a good card this time: paid.
      await owner.getByRole('button', { name: AR.payNow }).click();
      await payByCard(page, FAKE_PAYMOB.approvedCard);
      await page.waitForURL('**/confirmation', { timeout: 15_000 });
      await page.getByText(AR.paid).waitFor();
      expect(await orderNumberOn(page)).toBe(orderNumber);
      await expectNoErrors(customer);
      await expectNoCardDataWithUs(customer.requests, [
        FAKE_PAYMOB.declinedCard,
        FAKE_PAYMOB.approvedCard,
      ]);
    } finally {
      await customer.close();
    }
  });

  it('Arabic phone: after a decline, cash on delivery instead', async () => {
    const customer = await customerAtPayment();
    const { page } = customer;
    try {
      await declinedOnce(page);
      await page.getByRole('button', { name: AR.toCash }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('الدفع عند الاستلام؟').waitFor();
      await checkA11y(page, 'payment-to-cash-dialog-ar-phone');
      await dialog.getByRole('button', { name: AR.cashYes }).click();
      await page.waitForURL('**/confirmation');
      await page.getByText(AR.pendingCash).waitFor();
      await expectNoErrors(customer);
    } finally {
      await customer.close();
    }
  });

  it('English desktop: a wallet paid on the checkout; the admin sees the try and refunds it', async () => {
    const customer = await customerAtPayment('en', 'desktop');
    const { page } = customer;
    let orderNumber: string;
    try {
      await page.getByRole('radio', { name: /^Mobile wallet/ }).check();
      await page
        .getByText("You will confirm the payment from your wallet on Paymob's secure page.")
        .waitFor();
      await checkA11y(page, 'payment-paymob-wallet-en-desktop');
      await page.getByRole('button', { name: 'Continue to secure payment' }).click();
      await page.waitForURL(`${fake.url}/unifiedcheckout/**`);
      await page.getByLabel('Wallet mobile number').fill(FAKE_PAYMOB.approvedWallet);
      await page.getByRole('button', { name: /^Pay EGP/ }).click();
      await page.waitForURL('**/en/confirmation', { timeout: 15_000 });
      await page.getByText('Paid online').waitFor();
      await page.getByText('Mobile wallet').waitFor();
      orderNumber = await orderNumberOn(page);
      await checkA11y(page, 'confirmation-paymob-wallet-en-desktop');
      await expectNoErrors(customer);
    } finally {
      await customer.close();
    }

    const admin = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/admin-orders',
      before: adminSession,
    });
    try {
      const a = admin.page;
      await a.getByRole('searchbox').fill(orderNumber);
      const row = a
        .locator('tbody')
        .filter({ has: a.getByRole('rowheader', { name: new RegExp(orderNumber) }) });
      await row.waitFor();
      await row.getByRole('button', { name: /^Details/ }).click();
      const payments = row.getByRole('region', { name: 'Online payments' });
      const attempt = payments.locator('.admin-payment-attempt').first();
      await attempt.getByText('Paid', { exact: true }).waitFor();
      await attempt.getByText('Mobile wallet').waitFor();
      await attempt.getByText('Paymob', { exact: true }).waitFor();
      await payments.getByText('Payment history').waitFor();
      await checkA11y(a, 'admin-payments-en-desktop');

      // A wallet cannot be voided; it is refunded, after a confirmation.
      expect(await attempt.getByRole('button', { name: /^Void/ }).count()).toBe(0);
      await attempt.getByRole('button', { name: /^Refund/ }).click();
      const dialog = a.getByRole('alertdialog');
      await dialog.getByText(/^Refund EGP/).waitFor();
      await checkA11y(a, 'admin-refund-dialog-en-desktop');
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await a.getByText(`Order ${orderNumber}: the payment was refunded.`).waitFor();
      await attempt.getByText('Refunded', { exact: true }).waitFor();
      await payments.getByText('by an admin').waitFor();
      // Paymob was asked to refund the paid transaction, in full.
      const refund = fake.requests.find((r) => r.path === '/api/acceptance/void_refund/refund')!;
      expect(JSON.parse(refund.body)).toMatchObject({ amount_cents: TOTAL * 100 });
      await expectNoErrors(admin);
    } finally {
      await admin.close();
    }
  });

  it('English desktop: the same checkout paid twice; the admin sees the extra payment refunded automatically', async () => {
    const customer = await customerAtPayment('en', 'desktop');
    const { page } = customer;
    let orderNumber: string;
    try {
      await page.getByRole('radio', { name: /^Bank card/ }).check();
      await page.getByRole('button', { name: 'Continue to secure payment' }).click();
      await payByCard(page, FAKE_PAYMOB.approvedCard);
      await page.waitForURL('**/en/confirmation', { timeout: 15_000 });
      await page.getByText('Paid online').waitFor();
      orderNumber = await orderNumberOn(page);
      await expectNoErrors(customer);
    } finally {
      await customer.close();
    }
    // The customer pays the same checkout again (another tab): a second, genuine payment.
    const intention = fake.lastIntention!;
    const first = [...fake.transactions.values()]
      .filter((t) => t.order.id === intention.providerOrderId)
      .at(-1)!;
    const { transaction: second } = await fake.pay(intention, 'success');

    const admin = await openPage({
      lang: 'en',
      viewport: 'desktop',
      path: '/en/admin-orders',
      before: adminSession,
    });
    try {
      const a = admin.page;
      await a.getByRole('searchbox').fill(orderNumber);
      const row = a
        .locator('tbody')
        .filter({ has: a.getByRole('rowheader', { name: new RegExp(orderNumber) }) });
      await row.waitFor();
      await row.getByRole('button', { name: /^Details/ }).click();
      const payments = row.getByRole('region', { name: 'Online payments' });
      // Refunded through Paymob by the server as soon as the second callback came in.
      const extras = payments.getByRole('group', {
        name: 'Paid twice: the extra payment was refunded automatically.',
      });
      await extras.waitFor();
      const extra = extras.getByRole('listitem');
      await extra.getByText('Refunded automatically').waitFor();
      await extra.getByText(String(second.id)).waitFor();
      // The try, and the order, keep the first payment: the one the admin's refund would return.
      const attempt = payments.locator('.admin-payment-attempt').first();
      await attempt.getByText('Paid', { exact: true }).waitFor();
      await attempt.getByText(String(first.id)).waitFor();
      await payments.getByText('Paid again: an extra payment, to refund').waitFor();
      await payments.getByText('by Afsh, automatically').waitFor();
      const refund = fake.requests.find(
        (r) =>
          r.path === '/api/acceptance/void_refund/refund' && r.body.includes(String(second.id)),
      );
      expect(refund).toBeDefined();
      await checkA11y(a, 'admin-payments-extra-en-desktop');
      await payments.scrollIntoViewIfNeeded();
      await snap(a, 'admin-payments-extra-en-desktop');
      await expectNoErrors(admin);
    } finally {
      await admin.close();
    }
  });
});
