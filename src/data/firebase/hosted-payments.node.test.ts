// Issue 15 in the hosted build: Paymob payments through the Cloud Functions, in-process (the
// Firebase adapter, the handlers and the fake store, as the other *.node.test.ts files), with the
// local fake of Paymob's API and its signed callbacks reaching the paymobCallback handler over
// HTTP, as Firebase Hosting's rewrite would deliver them. The same decision as the server's
// decides; what a browser then reads (the order, its tracking copy) follows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one: the unit project's setup (testing-sdk-fakes.ts).

import {
  paymentCallbackByPath,
  paymobCallback,
  reconcilePayments,
} from '../../../functions/src/payments/payment-handlers';
import type { Deps } from '../../../functions/src/handlers';
import { routeFunctions } from '../../../functions/src/testing/in-process';
import { defaultLimits, paymentProviderList } from '../../../functions/src/platform/settings';
import { paymobConfig, PAYMOB_CALLBACK_PATH } from '../../../server/src/payments/settings';
import {
  FAKE_PAYMOB,
  FakePaymob,
  signTransaction,
  type FakeIntention,
} from '../../../tests/fakes/paymob-fake';
import { cairoToday } from '../../domain/datetime';
import { COLLECTIONS } from '../../domain/hosted-store';
import { paymentRegistry } from '../../../server/src/payments/registry';
import { toPiastres } from '../../domain/payments';
import type { FirebaseDataPort } from './firebase-adapter';
import { backend, fakeUser } from './testing-fake-firestore';
import { fakeBrowser, hostedOrderInput, rejection, verifiedCustomer } from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';

const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });

let fake: FakePaymob;
let bridge: Server;
let siteUrl: string;
let deps: Deps;
const logged: string[] = [];
let visitors = 0;

beforeAll(async () => {
  fake = await new FakePaymob().listen();
  // Firebase Hosting's rewrite of the callback path to the function, as a plain HTTP server.
  bridge = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== PAYMOB_CALLBACK_PATH) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
      void paymobCallback(
        { query: Object.fromEntries(url.searchParams), body },
        deps,
        new Date(),
      ).then((outcome) => {
        res.writeHead(outcome.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(outcome.body));
      });
    });
  });
  await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}`;
  // The merchant set the site's callback on both integrations in Paymob's dashboard (README).
  fake.setDashboardCallbacks(`${siteUrl}${PAYMOB_CALLBACK_PATH}`);
});

afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => bridge?.close(resolve));
});

beforeEach(() => {
  backend.reset();
  backend.readRules = firestoreReadRules;
  backend.seed('admins/admin-uid', { email: 'admin@example.com' });
  const paymob = paymobConfig({
    PAYMENT_PROVIDER: ['paymob'],
    PAYMOB_API_URL: fake.apiUrl,
    PAYMOB_SECRET_KEY: FAKE_PAYMOB.secretKey,
    PAYMOB_PUBLIC_KEY: FAKE_PAYMOB.publicKey,
    PAYMOB_HMAC_SECRET: FAKE_PAYMOB.hmacSecret,
    PAYMOB_API_KEY: FAKE_PAYMOB.apiKey,
    PAYMOB_CARD_INTEGRATION_ID: String(FAKE_PAYMOB.cardIntegrationId),
    PAYMOB_WALLET_INTEGRATION_ID: String(FAKE_PAYMOB.walletIntegrationId),
    PAYMOB_TIMEOUT_SECONDS: 1,
    PAYMOB_EXPIRY_MINUTES: 60,
    SITE_URL: siteUrl,
  })!;
  ({ deps } = routeFunctions(
    backend,
    { paymentProviders: ['paymob'], paymob, limits: defaultLimits() },
    {
      log: {
        info: (message) => void logged.push(message),
        warn: (message) => void logged.push(message),
      },
    },
  ));
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A visitor's browser with a pending card (or wallet) order. */
async function placed(method: 'card' | 'wallet' = 'card', notifyConsent = false) {
  visitors += 1;
  const port = fakeBrowser(verifiedCustomer(`visitor-${visitors}`));
  const moveDate = cairoToday(new Date(Date.now() + 7 * 24 * 3600 * 1000));
  const order = await port.orders.create(
    hostedOrderInput({ paymentMethod: method, moveDate, notifyConsent }),
  );
  return { port, order };
}

async function start(
  port: FirebaseDataPort,
  orderId: string,
  method: 'card' | 'wallet' = 'card',
): Promise<{ attemptId: string; intention: FakeIntention }> {
  const started = await port.payments.start(orderId, method, 'ar');
  if (started.kind !== 'redirect') throw new Error('Paymob redirects');
  const { redirectUrl, attemptId } = started;
  const intention = fake.intentions.get(new URL(redirectUrl).searchParams.get('clientSecret')!)!;
  expect(intention).toBeDefined();
  return { attemptId, intention };
}

describe('hosted build: Paymob through the functions', () => {
  it('offers card, wallet and cash; a card order waits for Paymob', async () => {
    const { port, order } = await placed();
    expect(await port.payments.options()).toEqual({
      provider: 'paymob',
      methods: ['card', 'wallet', 'cod'],
      testMode: true,
    });
    expect(order).toMatchObject({ paymentStatus: 'pending', paymentProvider: 'paymob' });
    const { intention } = await start(port, order.id);
    expect(intention).toMatchObject({
      amount: toPiastres(order.totalPrice),
      currency: 'EGP',
      specialReference: `${order.id}.1`,
      notificationUrl: `${siteUrl}${PAYMOB_CALLBACK_PATH}`,
      redirectionUrl: `${siteUrl}/payment-return`,
    });
  });

  it('a signed paid callback pays the order; the owner and the tracker read it paid', async () => {
    const { port, order } = await placed('card', true);
    const { intention } = await start(port, order.id);
    const { transaction } = await fake.pay(intention, 'success');
    expect(fake.callbacks.at(-1)!.status).toBe(200);
    const after = await port.orders.get(order.id);
    expect(after).toMatchObject({ paymentStatus: 'paid', paymentProvider: 'paymob' });
    expect(backend.read(`orders/${order.id}`)?.paymentReference).toBe(String(transaction.id));
    expect(await port.tracking.get(order.orderNumber)).toMatchObject({ paymentStatus: 'paid' });
    expect(await port.payments.progress(order.id)).toMatchObject({
      attempt: { state: 'paid' },
      canPay: false,
    });
    // The payment is told like every order change (D10): its event is in the outbox, written
    // in the callback's own transaction, after the order's creation.
    const outboxEvents = () =>
      backend
        .ids(COLLECTIONS.outboxEvents)
        .filter((id) => id.startsWith(`${order.id}-`))
        .sort()
        .map((id) => backend.read(`${COLLECTIONS.outboxEvents}/${id}`)?.type);
    expect(outboxEvents()).toEqual(['order.created', 'order.paymentConfirmed']);
    expect(backend.read(`orders/${order.id}`)?.outboxSeq).toBe(2);
    // A second, identical callback changes nothing, and tells nobody again.
    await fake.sendCallback(transaction);
    expect(outboxEvents()).toEqual(['order.created', 'order.paymentConfirmed']);
    const history = await fakeBrowser(ADMIN).payments.history(order.id);
    expect(history.events.map((e) => e.kind)).toEqual(['started', 'paid']);
  });

  it('tampered, wrong amount, wrong reference or declined: the order stays pending', async () => {
    const { port, order } = await placed();
    const { intention } = await start(port, order.id);
    await fake.pay(intention, 'success', { order: 'callback-first', tamper: 'signature' });
    expect(fake.callbacks.at(-1)!.status).toBe(401);
    expect(logged).toContain('payment callback refused');
    await fake.pay(intention, 'success', { order: 'callback-first', tamper: 'amount' });
    await fake.sendCallback(fake.transaction(intention, 'success'), {
      tamper: 'reference',
      reference: 'someone-else.1',
    });
    await fake.pay(intention, 'declined');
    expect((await port.orders.get(order.id)).paymentStatus).toBe('pending');
    const { attempts, events } = await fakeBrowser(ADMIN).payments.history(order.id);
    expect(events.map((e) => e.kind)).toEqual(['started', 'mismatch', 'declined']);
    expect(attempts[0]!.state).toBe('declined');
    expect(await port.payments.progress(order.id)).toMatchObject({ canPay: true });
  });

  it('Paymob down: a clear "try again", the try recorded as failed', async () => {
    const { port, order } = await placed();
    fake.failIntentions({ kind: 'down' });
    const error = await rejection(port.payments.start(order.id, 'card', 'ar'));
    expect(error).toMatchObject({
      code: 'unavailable',
      message: 'errors:payment.providerUnavailable',
    });
    const { attempts } = await fakeBrowser(ADMIN).payments.history(order.id);
    expect(attempts.map((a) => a.state)).toEqual(['failed']);
  });

  it('only the owner starts a payment or switches to cash; customers see no history', async () => {
    const { order } = await placed();
    const stranger = fakeBrowser(fakeUser({ uid: 'stranger' }));
    expect((await rejection(stranger.payments.start(order.id, 'card', 'ar'))).code).toBe(
      'permission-denied',
    );
    expect((await rejection(stranger.payments.switchToCash(order.id))).code).toBe(
      'permission-denied',
    );
    expect((await rejection(stranger.payments.history(order.id))).code).toBe('permission-denied');
  });

  it('switches to cash; the tracker shows cash on delivery', async () => {
    const { port, order } = await placed('wallet');
    await start(port, order.id, 'wallet');
    const cash = await port.payments.switchToCash(order.id);
    expect(cash).toMatchObject({ paymentMethod: 'cod', paymentProvider: 'cash' });
    expect(await port.tracking.get(order.orderNumber)).toMatchObject({ paymentMethod: 'cod' });
  });

  it('an admin refunds through Paymob; its callbacks then change nothing', async () => {
    const { port, order } = await placed();
    const { intention, attemptId } = await start(port, order.id);
    const { transaction } = await fake.pay(intention, 'success');
    const admin = fakeBrowser(ADMIN);
    const history = await admin.payments.reverse(order.id, attemptId, 'refund');
    expect(history.attempts[0]!.state).toBe('refunded');
    expect((await port.orders.get(order.id)).paymentStatus).toBe('refunded');
    const refund = fake.requests.find((r) => r.path.endsWith('/refund'))!;
    expect(JSON.parse(refund.body)).toEqual({
      transaction_id: transaction.id,
      amount_cents: toPiastres(order.totalPrice),
    });
    const sent = fake.callbacks.length;
    await vi.waitFor(() => expect(fake.callbacks.length).toBeGreaterThanOrEqual(sent + 2));
    expect((await port.orders.get(order.id)).paymentStatus).toBe('refunded');
    expect((await admin.payments.history(order.id)).events.map((e) => e.kind)).toEqual([
      'started',
      'paid',
      'refunded',
    ]);
  });

  it('an admin cannot mark a Paymob order paid by hand', async () => {
    const { order } = await placed();
    const admin = fakeBrowser(ADMIN);
    const error = await rejection(admin.orders.update(order.id, { paymentStatus: 'paid' }));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:payment.gatewayDecides',
    });
    expect((await admin.orders.get(order.id)).paymentStatus).toBe('pending');
  });

  it('without a gateway (PAYMENT_PROVIDER=none) only cash is offered and the callback is refused', async () => {
    routeFunctions(backend, { paymentProviders: [], limits: defaultLimits() });
    const port = fakeBrowser(fakeUser({ uid: 'cash-only' }));
    expect(await port.payments.options()).toEqual({
      provider: 'none',
      methods: ['cod'],
      testMode: false,
    });
    const outcome = await paymobCallback(
      { query: {}, body: {} },
      { ...deps, payments: paymentRegistry([]) },
      new Date(),
    );
    expect(outcome.status).toBe(404);
  });

  it('reads the PAYMENT_PROVIDER param: none by default, a list, and off for an unknown name', () => {
    expect(paymentProviderList(undefined)).toEqual({ names: [], problem: null });
    expect(paymentProviderList('none')).toEqual({ names: [], problem: null });
    expect(paymentProviderList('Paymob')).toEqual({ names: ['paymob'], problem: null });
    const misspelt = paymentProviderList('paymob,paymbo');
    expect(misspelt.names).toEqual([]);
    expect(misspelt.problem).toContain('paymbo');
  });

  it('PAYMENT_PROVIDER=test,paymob: both on, as on the server; Paymob takes card and wallet', async () => {
    const { names, problem } = paymentProviderList('test, paymob');
    expect({ names, problem }).toEqual({ names: ['test', 'paymob'], problem: null });
    ({ deps } = routeFunctions(backend, {
      paymentProviders: names,
      paymob: deps.settings.paymob!,
      limits: defaultLimits(),
    }));
    expect(deps.payments.providers.map((p) => p.name)).toEqual(['test', 'paymob']);
    const { port, order } = await placed('wallet');
    expect(order).toMatchObject({ paymentStatus: 'pending', paymentProvider: 'paymob' });
    expect(await port.payments.options()).toMatchObject({
      provider: 'paymob',
      methods: ['card', 'wallet', 'cod'],
    });
  });

  it('the callback function for any gateway finds it by the name in its address', async () => {
    const tampered = { query: { hmac: '00' }, body: { type: 'TRANSACTION', obj: { id: 1 } } };
    const by = (path: string) => paymentCallbackByPath({ ...tampered, path }, deps, new Date());
    // Paymob's address reaches Paymob's checks, which refuse it (a signed field out of its
    // shape, before the signature: D18) and change nothing.
    expect((await by('/api/payments/paymob/callback')).status).toBe(400);
    // A gateway that is not on (or no gateway at all) is not found.
    expect((await by('/api/payments/fawry/callback')).status).toBe(404);
    expect((await by('/api/payments/callback')).status).toBe(404);
  });
});

// D18 in the hosted build: the scheduled reconcilePayments function's handler, called here with
// the time a test chooses (as Cloud Scheduler would call it a minute apart), over the same fake
// of Paymob and its transaction inquiry; the same decisions as the server's.
describe('hosted build: payments that always end (D18)', () => {
  const MINUTE = 60_000;
  const sweep = (minutes: number) =>
    reconcilePayments(deps, new Date(Date.now() + minutes * MINUTE));
  const historyOf = (orderId: string) => fakeBrowser(ADMIN).payments.history(orderId);

  it('a wallet paid with no URL in the dashboard: no callback, the sweep asks and pays it', async () => {
    fake.setDashboardCallbacks(null);
    try {
      const { port, order } = await placed('wallet', true);
      const { intention } = await start(port, order.id, 'wallet');
      expect(intention.body).not.toHaveProperty('notification_url');
      const { transaction } = await fake.pay(intention, 'success');
      expect(fake.dropped.at(-1)?.body.obj.id).toBe(transaction.id);
      expect((await port.orders.get(order.id)).paymentStatus).toBe('pending');
      // The record says when it is due: five quiet minutes on.
      expect(await deps.paymentRecords.due(new Date(Date.now() + 4 * MINUTE), 10)).not.toContain(
        order.id,
      );
      expect(await sweep(6)).toMatchObject({ asked: 1, changed: 1, failed: 0 });
      expect(await port.orders.get(order.id)).toMatchObject({ paymentStatus: 'paid' });
      expect(backend.read(`orders/${order.id}`)?.paymentReference).toBe(String(transaction.id));
      expect(await port.tracking.get(order.orderNumber)).toMatchObject({ paymentStatus: 'paid' });
      const { events } = await historyOf(order.id);
      expect(events.at(-1)).toMatchObject({ kind: 'paid', detail: 'inquiry' });
      // Decided: off the sweeper's list, and a late callback changes nothing.
      expect(backend.read(`payments/${order.id}`)?.dueAt).toBeUndefined();
      await fake.sendCallback(transaction, { url: `${siteUrl}${PAYMOB_CALLBACK_PATH}` });
      expect((await historyOf(order.id)).events.map((e) => e.kind)).toEqual(['started', 'paid']);
    } finally {
      fake.setDashboardCallbacks(`${siteUrl}${PAYMOB_CALLBACK_PATH}`);
    }
  });

  it('the inquiry fails: nothing changes and the record waits a minute; then declined', async () => {
    const { port, order } = await placed();
    const { intention } = await start(port, order.id);
    await fake.pay(intention, 'declined', { order: 'redirect-only' });
    fake.failInquiries({ kind: 'error', status: 503 });
    const before = backend.read(`payments/${order.id}`);
    expect(await sweep(6)).toMatchObject({ asked: 1, failed: 1 });
    const after = backend.read(`payments/${order.id}`);
    expect(after?.attempts).toEqual(before?.attempts);
    expect(after?.events).toEqual(before?.events);
    expect(Date.parse(String(after?.dueAt))).toBeGreaterThan(Date.now() + 6 * MINUTE);
    expect(await sweep(8)).toMatchObject({ asked: 1, changed: 1 });
    const { attempts, events } = await historyOf(order.id);
    expect(attempts[0]!.state).toBe('declined');
    expect(events.at(-1)).toMatchObject({ kind: 'declined', detail: 'Do not honour (inquiry)' });
    expect(await port.payments.progress(order.id)).toMatchObject({ canPay: true });
  });

  it('Paymob never heard of it: asked, then expired after its checkout closed', async () => {
    const { port, order } = await placed();
    await start(port, order.id);
    await sweep(6);
    expect((await historyOf(order.id)).attempts[0]).toMatchObject({ state: 'awaiting' });
    await sweep(62);
    const { attempts, events } = await historyOf(order.id);
    expect(attempts[0]!.state).toBe('expired');
    expect(events.at(-1)).toMatchObject({ kind: 'expired', actor: 'system' });
    expect(backend.read(`payments/${order.id}`)?.dueAt).toBeUndefined();
  });

  it('a second payment: flagged, never attached, refunded by the sweep', async () => {
    const { port, order } = await placed();
    const { intention, attemptId } = await start(port, order.id);
    const { transaction: first } = await fake.pay(intention, 'success');
    const { transaction: second } = await fake.pay(intention, 'success');
    expect(backend.read(`orders/${order.id}`)?.paymentReference).toBe(String(first.id));
    let history = await historyOf(order.id);
    expect(history.events.at(-1)).toMatchObject({
      kind: 'duplicatePaid',
      transactionId: String(second.id),
    });
    expect(history.attempts.find((a) => a.id === attemptId)).toMatchObject({
      state: 'paid',
      transactionId: String(first.id),
    });
    expect(await sweep(0)).toMatchObject({ refunded: 1 });
    const refund = fake.requests.filter((r) => r.path.endsWith('/refund')).at(-1)!;
    expect(JSON.parse(refund.body)).toEqual({
      transaction_id: second.id,
      amount_cents: toPiastres(order.totalPrice),
    });
    history = await historyOf(order.id);
    expect(history.events.at(-1)).toMatchObject({
      kind: 'refunded',
      actor: 'system',
      transactionId: String(second.id),
    });
    expect((await port.orders.get(order.id)).paymentStatus).toBe('paid');
    // Its callbacks then change nothing.
    await vi.waitFor(() =>
      expect(fake.callbacks.filter((c) => c.body.obj.id === second.id).length).toBeGreaterThan(1),
    );
    expect((await historyOf(order.id)).events).toHaveLength(history.events.length);
  });

  it("the issue's attack is refused before the signature is trusted; refusals are counted", async () => {
    const { port, order } = await placed();
    const { intention } = await start(port, order.id);
    const genuine = fake.transaction(intention, 'success');
    const hmac = signTransaction(genuine);
    const moved = {
      ...genuine,
      amount_cents: Number(`${genuine.amount_cents}2`),
      created_at: String(genuine.created_at).slice(1),
    };
    logged.length = 0;
    for (let i = 0; i < 50; i += 1) {
      expect((await fake.sendCallback(moved, { hmac })).status).toBe(400);
    }
    // One warning for fifty (the rest wait for the instance's summary).
    expect(logged.filter((m) => m === 'payment callback refused')).toHaveLength(1);
    expect((await historyOf(order.id)).events.map((e) => e.kind)).toEqual(['started']);
    expect((await port.orders.get(order.id)).paymentStatus).toBe('pending');
  });
});
