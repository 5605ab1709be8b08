import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/server-process.ts';
import type { DomainEvent } from '../../server/src/events/domain-events.ts';
import type { ServerEnv } from '../../server/src/plugins/env.ts';
import { toPiastres } from '../../src/domain/payments.ts';
import { ratesOf, type PriceCatalog } from '../../src/domain/pricing.ts';
import { orderPrice } from '../../src/domain/booking-schemas.ts';
import { FAKE_PAYMOB, FakePaymob, type FakeIntention } from '../fakes/paymob-fake.ts';
import { orderBody, priced } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  phoneCodeLog,
  TestClient,
  uniquePhone,
  type TestServer,
} from './test-server.ts';

// Issue 15 (D3): real payments through Paymob, against a local fake of its API (tests/fakes/
// paymob-fake.ts) that sends signed callbacks to this server over HTTP. Only a callback signed
// with the HMAC secret, for our order's amount, currency and Paymob order, marks an order paid;
// each scenario below ends in the state it should, and nothing else changes.

function paymobEnv(fake: FakePaymob, siteUrl: string): Partial<ServerEnv> {
  return {
    PAYMENT_PROVIDER: ['paymob'],
    PAYMOB_API_URL: fake.apiUrl,
    PAYMOB_SECRET_KEY: FAKE_PAYMOB.secretKey,
    PAYMOB_PUBLIC_KEY: FAKE_PAYMOB.publicKey,
    PAYMOB_HMAC_SECRET: FAKE_PAYMOB.hmacSecret,
    PAYMOB_API_KEY: FAKE_PAYMOB.apiKey,
    PAYMOB_CARD_INTEGRATION_ID: String(FAKE_PAYMOB.cardIntegrationId),
    PAYMOB_WALLET_INTEGRATION_ID: String(FAKE_PAYMOB.walletIntegrationId),
    PAYMOB_TIMEOUT_SECONDS: 1,
    SITE_URL: siteUrl,
  };
}

let fake: FakePaymob;
let server: TestServer;
let siteUrl: string;
const logLines: string[] = [];
const events: DomainEvent[] = [];

beforeAll(async () => {
  fake = await new FakePaymob().listen();
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  server = await createTestServer(
    { ...paymobEnv(fake, siteUrl), NOTIFY_PROVIDERS: ['log'], LOG_LEVEL: 'info' },
    {
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            const line = String(chunk);
            logLines.push(line);
            // The sign-in codes the log provider prints (D13), for TestClient.signInByPhone
            // (none while the server is starting, before `server` is set).
            const codes = (server as TestServer | undefined)?.phoneCodes;
            if (codes) phoneCodeLog(codes).write(line);
            done();
          },
        }),
      },
      subscribers: [
        (bus) => {
          bus.on('order.paymentConfirmed', (event) => void events.push(event));
          bus.on('order.created', (event) => void events.push(event));
        },
      ],
    },
  );
  await server.app.listen({ port, host: '127.0.0.1' });
  // The merchant set our callback on both integrations in Paymob's dashboard (README).
  fake.setDashboardCallbacks(`${siteUrl}/api/payments/paymob/callback`);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

beforeEach(() => {
  events.length = 0;
});

interface Placed {
  client: TestClient;
  /** The number the customer proved (D13), which the order gives. */
  phone: string;
  order: { id: string; orderNumber: string; totalPrice: number; paymentStatus: string };
}

/** A new customer, with a number of their own, books an online payment. */
async function placeCardOrder(overrides: Record<string, unknown> = {}): Promise<Placed> {
  const phone = uniquePhone();
  const client = await customerClient(server.app, { phone });
  const res = await client.request(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: phone, paymentMethod: 'card', notifyConsent: true, ...overrides }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { client, phone, order: res.body.order };
}

async function startPayment(
  placed: Placed,
  body: Record<string, unknown> = { method: 'card', language: 'ar' },
): Promise<{ redirectUrl: string; attemptId: string; intention: FakeIntention }> {
  const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/payments`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const clientSecret = new URL(res.body.payment.redirectUrl).searchParams.get('clientSecret')!;
  const intention = fake.intentions.get(clientSecret)!;
  expect(intention).toBeDefined();
  return { ...res.body.payment, intention };
}

async function progress(placed: Placed) {
  const res = await placed.client.request('GET', `/api/orders/${placed.order.id}/payment`);
  expect(res.status).toBe(200);
  return res.body.progress;
}

async function history(orderId: string) {
  const admin = await adminClient(server.app);
  const res = await admin.request('GET', `/api/orders/${orderId}/payments`);
  expect(res.status).toBe(200);
  return res.body.history as {
    attempts: { id: string; state: string; transactionId: string | null; detail: string | null }[];
    events: { kind: string; actor: string; transactionId: string | null; detail: string | null }[];
  };
}

function orderRow(id: string) {
  return server.app.db
    .prepare(
      'SELECT payment_status, payment_method, payment_provider, payment_reference, status, updated_at FROM orders WHERE id = ?',
    )
    .get(id) as Record<string, string | null>;
}

function outboxTemplates(orderId: string): string[] {
  return (
    server.app.db
      .prepare(
        `SELECT template FROM outbox_messages WHERE order_id = ? AND recipient = 'customer' ORDER BY created_at`,
      )
      .all(orderId) as { template: string }[]
  ).map((row) => row.template);
}

/**
 * Reads until `ok` holds. The tests that wait for Paymob's later callbacks, or for a request to
 * Paymob to time out, take 30 s rather than the default 5 s: a busy machine can be slower.
 */
function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 25_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error(`still ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: ms, interval: 25 },
  );
}

describe('Paymob: settings and starting a payment', () => {
  it('offers card, wallet and cash, in Paymob test mode, without any secret', async () => {
    const res = await new TestClient(server.app).request('GET', '/api/payments/options');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      options: { provider: 'paymob', methods: ['card', 'wallet', 'cod'], testMode: true },
    });
    expect(JSON.stringify(res.body)).not.toContain(FAKE_PAYMOB.secretKey);
  });

  it('places a card order pending, with no card data and no token', async () => {
    const { order } = await placeCardOrder();
    expect(order).toMatchObject({ paymentStatus: 'pending', paymentProvider: 'paymob' });
    expect(orderRow(order.id).payment_reference).toBeNull();
    // Placing an order told nobody it was paid.
    expect(events.map((e) => e.type)).toEqual(['order.created']);
  });

  it('asks Paymob for exactly the server-computed amount, in EGP, under our reference', async () => {
    const placed = await placeCardOrder();
    const before = fake.requests.length;
    const { redirectUrl, intention } = await startPayment(placed);
    const request = fake.requests.slice(before).find((r) => r.path === '/v1/intention/')!;
    expect(request.headers.authorization).toBe(`Token ${FAKE_PAYMOB.secretKey}`);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({
      amount: toPiastres(placed.order.totalPrice),
      currency: 'EGP',
      payment_methods: [FAKE_PAYMOB.cardIntegrationId],
      special_reference: `${placed.order.id}.1`,
      notification_url: `${siteUrl}/api/payments/paymob/callback`,
      redirection_url: `${siteUrl}/payment-return`,
      billing_data: { phone_number: `+20${placed.phone.slice(1)}`, country: 'EG' },
    });
    // Our addresses stay ours: Paymob gets a name and a phone number, no street.
    expect(request.body).not.toContain('Abbas El Akkad');
    const url = new URL(redirectUrl);
    expect(url.origin + url.pathname).toBe(`${fake.url}/unifiedcheckout/`);
    expect(url.searchParams.get('publicKey')).toBe(FAKE_PAYMOB.publicKey);
    expect(url.searchParams.get('clientSecret')).toBe(intention.clientSecret);
    expect(redirectUrl).not.toContain(FAKE_PAYMOB.secretKey);
    expect(await progress(placed)).toMatchObject({
      paymentStatus: 'pending',
      attempt: { method: 'card', state: 'awaiting' },
      canPay: true,
      canSwitchToCash: true,
    });
  });

  it('prices with the current catalog version, distance fee included (D11), and asks for that', async () => {
    const admin = await adminClient(server.app);
    const first = (await admin.request('GET', '/api/prices')).body.catalog as PriceCatalog;
    const raised = ratesOf(first);
    raised.base.full += 100;
    const saved = await admin.request('PUT', '/api/prices', raised);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const catalog = saved.body.catalog as PriceCatalog;
    try {
      const route = { dropoffGovernorateId: 'alexandria', dropoffDistrictId: 'smouha' };
      const body = priced({ ...orderBody(route), totalPrice: undefined }, catalog);
      const price = orderPrice(catalog, body as Parameters<typeof orderPrice>[1]);
      expect(price.distanceFee).toBeGreaterThan(0);
      const placed = await placeCardOrder({
        ...route,
        catalogVersion: catalog.version,
        totalPrice: price.total,
      });
      expect(placed.order).toMatchObject({
        totalPrice: price.total,
        catalogVersion: catalog.version,
        distanceFee: price.distanceFee,
        paymentStatus: 'pending',
      });
      const { intention } = await startPayment(placed);
      expect(intention.amount).toBe(toPiastres(price.total));
      // The first version's total is refused: the customer is shown the new one (D11).
      const stale = await placed.client.request(
        'POST',
        '/api/orders',
        orderBody({
          ...route,
          phoneNumber: placed.phone,
          paymentMethod: 'card',
          catalogVersion: first.version,
        }),
      );
      expect(stale.status).toBe(409);
    } finally {
      // The rest of this file books with the first version's prices.
      const back = await admin.request('PUT', '/api/prices', ratesOf(first));
      expect(back.status).toBe(200);
    }
  });

  it('uses the wallet integration for a wallet, and returns English visitors to /en', async () => {
    const placed = await placeCardOrder({ paymentMethod: 'wallet' });
    const { intention } = await startPayment(placed, { method: 'wallet', language: 'en' });
    expect(intention.integrationId).toBe(FAKE_PAYMOB.walletIntegrationId);
    expect(intention.redirectionUrl).toBe(`${siteUrl}/en/payment-return`);
  });

  it('starts only for the owner of a pending online order', async () => {
    const placed = await placeCardOrder();
    const stranger = new TestClient(server.app);
    await stranger.anonymous();
    const path = `/api/orders/${placed.order.id}/payments`;
    expect((await stranger.request('POST', path, { method: 'card' })).status).toBe(403);
    expect(
      (await new TestClient(server.app).request('POST', path, { method: 'card' })).status,
    ).toBe(401);
    expect((await placed.client.request('POST', path, { method: 'kiosk' })).status).toBe(400);
    const cash = await placed.client.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: placed.phone }),
    );
    expect(cash.status).toBe(201);
    const onCash = await placed.client.request(
      'POST',
      `/api/orders/${cash.body.order.id}/payments`,
      { method: 'card' },
    );
    expect(onCash.status).toBe(409);
    expect(onCash.body.error.message).toBe('errors:payment.notPayable');
  });

  it('answers "try again" when Paymob is down, times out or fails, and records the try', async () => {
    const placed = await placeCardOrder();
    const path = `/api/orders/${placed.order.id}/payments`;
    for (const mode of [
      { kind: 'down' },
      { kind: 'hang' },
      { kind: 'error', status: 502 },
    ] as const) {
      fake.failIntentions(mode);
      const res = await placed.client.request('POST', path, { method: 'card' });
      expect(res.status, mode.kind).toBe(503);
      expect(res.body.error.message).toBe('errors:payment.providerUnavailable');
    }
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
    const tries = await history(placed.order.id);
    expect(tries.attempts.map((a) => a.state)).toEqual(['failed', 'failed', 'failed']);
    expect(tries.attempts[1]!.detail).toBe('timed out');
    // Paymob is back: the fourth try goes through, under its own reference.
    const { intention } = await startPayment(placed);
    expect(intention.specialReference).toBe(`${placed.order.id}.4`);
  }, 30_000);

  it('stops a customer after ten tries on one order', async () => {
    const placed = await placeCardOrder();
    for (let i = 0; i < 10; i += 1) await startPayment(placed);
    const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/payments`, {
      method: 'card',
    });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('errors:payment.tooManyAttempts');
  });
});

describe('Paymob: the transaction callback decides', () => {
  it('paid: the order is paid, the transaction recorded, the customer told once', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const { transaction } = await fake.pay(intention, 'success');
    expect(fake.callbacks.at(-1)!.status).toBe(200);
    const row = orderRow(placed.order.id);
    expect(row).toMatchObject({
      payment_status: 'paid',
      payment_method: 'card',
      payment_provider: 'paymob',
      payment_reference: String(transaction.id),
    });
    expect(await progress(placed)).toMatchObject({
      paymentStatus: 'paid',
      attempt: { state: 'paid' },
      canPay: false,
      canSwitchToCash: false,
    });
    const tracking = await placed.client.request('GET', `/api/track/${placed.order.orderNumber}`);
    expect(tracking.body.tracking).toMatchObject({
      paymentStatus: 'paid',
      paymentProvider: 'paymob',
    });
    // The same path as every change: a paymentConfirmed event, a payment_confirmed message.
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toHaveLength(1);
    expect(outboxTemplates(placed.order.id)).toEqual(['order_created', 'payment_confirmed']);
    const { attempts, events: log } = await history(placed.order.id);
    expect(attempts[0]).toMatchObject({ state: 'paid', transactionId: String(transaction.id) });
    expect(log.map((e) => [e.kind, e.actor])).toEqual([
      ['started', 'customer'],
      ['paid', 'provider'],
    ]);
  });

  it('duplicate callback: the second changes nothing', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    await fake.pay(intention, 'success', { order: 'callback-first', duplicate: true });
    expect(fake.callbacks.slice(-2).map((c) => c.status)).toEqual([200, 200]);
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toHaveLength(1);
    expect(outboxTemplates(placed.order.id)).toEqual(['order_created', 'payment_confirmed']);
    expect((await history(placed.order.id)).events.filter((e) => e.kind === 'paid')).toHaveLength(
      1,
    );
  });

  it('declined: the order stays pending, payable again or in cash', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    await fake.pay(intention, 'declined');
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
    expect(await progress(placed)).toMatchObject({
      paymentStatus: 'pending',
      attempt: { state: 'declined' },
      canPay: true,
      canSwitchToCash: true,
    });
    expect((await history(placed.order.id)).attempts[0]!.detail).toBe('Do not honour');
    expect(outboxTemplates(placed.order.id)).toEqual(['order_created']);
    // Pay again: a second try, its own reference, paid this time.
    const again = await startPayment(placed);
    expect(again.intention.specialReference).toBe(`${placed.order.id}.2`);
    await fake.pay(again.intention, 'success');
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
  });

  it('tampered signature: counted in the log, refused, nothing changes', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const before = orderRow(placed.order.id);
    const refusals = server.app.services.payments.refusals;
    refusals.flush();
    const linesBefore = logLines.length;
    for (const tamper of ['signature', 'unsigned-amount'] as const) {
      await fake.pay(intention, 'success', { order: 'callback-first', tamper });
      expect(fake.callbacks.at(-1)!.status, tamper).toBe(401);
    }
    // The first at once, the second in the summary (D18: refusals are counted).
    refusals.flush();
    const logged = logLines.slice(linesBefore).join('');
    expect(logged).toContain('"reason":"signature","msg":"payment callback refused"');
    expect(logged).toContain('"refused":{"signature":1}');
    expect(orderRow(placed.order.id)).toEqual(before);
    expect((await history(placed.order.id)).events.map((e) => e.kind)).toEqual(['started']);
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toEqual([]);
  });

  it('a callback with no signature, or for nobody, changes nothing', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const tx = fake.transaction(intention, 'success');
    const res = await fetch(`${siteUrl}/api/payments/paymob/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'TRANSACTION', obj: tx }),
    });
    expect(res.status).toBe(401);
    const garbage = await fetch(`${siteUrl}/api/payments/paymob/callback?hmac=abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"obj": 1}',
    });
    expect(garbage.status).toBe(200);
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
  });

  it('wrong amount (signed): not paid; the try is flagged for the admin', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    await fake.pay(intention, 'success', { order: 'callback-first', tamper: 'amount' });
    expect(fake.callbacks.at(-1)!.status).toBe(200);
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
    const { attempts, events: log } = await history(placed.order.id);
    expect(attempts[0]!.state).toBe('mismatch');
    expect(log.at(-1)).toMatchObject({ kind: 'mismatch', actor: 'provider' });
    expect(log.at(-1)!.detail).toContain(`expected ${toPiastres(placed.order.totalPrice)} EGP`);
    expect(outboxTemplates(placed.order.id)).toEqual(['order_created']);
  });

  it("wrong reference: a genuine payment of one order cannot pay another's", async () => {
    const victim = await placeCardOrder();
    const victimTry = await startPayment(victim);
    const payer = await placeCardOrder({ moveType: 'packaging', workers: 1 });
    const payerTry = await startPayment(payer);
    // A real, signed (cheaper) transaction of the payer's try, its unsigned reference pointed
    // at the victim's try.
    const tx = fake.transaction(payerTry.intention, 'success');
    await fake.sendCallback(tx, {
      tamper: 'reference',
      reference: victimTry.intention.specialReference,
    });
    expect(fake.callbacks.at(-1)!.status).toBe(200);
    expect(orderRow(victim.order.id).payment_status).toBe('pending');
    expect(orderRow(payer.order.id).payment_status).toBe('pending');
    expect((await history(victim.order.id)).events.map((e) => e.kind)).toEqual(['started']);
    // A reference that is nobody's.
    await fake.sendCallback(tx, { tamper: 'reference', reference: 'nobody.1' });
    expect(fake.callbacks.at(-1)!.status).toBe(200);
    expect(orderRow(payer.order.id).payment_status).toBe('pending');
  });

  it('callback before the redirect: paid by the time the customer is back', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const { redirect } = await fake.pay(intention, 'success', { order: 'callback-first' });
    expect(new URL(redirect).pathname).toBe('/payment-return');
    expect((await progress(placed)).paymentStatus).toBe('paid');
  });

  it('redirect before the callback: pending until the callback, then paid', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const { redirect } = await fake.pay(intention, 'success', {
      order: 'redirect-first',
      delayMs: 400,
    });
    // The browser is back with "success=true" in its address: that alone proves nothing.
    expect(new URL(redirect).searchParams.get('success')).toBe('true');
    await placed.client.request('GET', new URL(redirect).pathname + new URL(redirect).search);
    expect((await progress(placed)).attempt.state).toBe('awaiting');
    const paid = await until(
      () => progress(placed),
      (p) => p.paymentStatus === 'paid',
    );
    expect(paid.attempt.state).toBe('paid');
  }, 30_000);

  it('redirect without a callback: the order stays pending, payable again', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const { redirect } = await fake.pay(intention, 'success', { order: 'redirect-only' });
    const back = await placed.client.request(
      'GET',
      new URL(redirect).pathname + new URL(redirect).search,
    );
    // Whatever the page answers (the SPA's return page in a real build), it decides nothing.
    // Nothing else is on its way: this plan sends no callback, and the return has been answered.
    expect(back.status).toBeLessThan(500);
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
    expect(await progress(placed)).toMatchObject({ attempt: { state: 'awaiting' }, canPay: true });
  });

  it('a late decline of the same try does not undo its payment', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    await fake.pay(intention, 'success');
    await fake.sendCallback(fake.transaction(intention, 'declined'));
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
    expect((await history(placed.order.id)).attempts[0]!.state).toBe('paid');
  });

  it('pending (a wallet awaiting approval), then paid', async () => {
    const placed = await placeCardOrder({ paymentMethod: 'wallet' });
    const { intention } = await startPayment(placed, { method: 'wallet' });
    await fake.pay(intention, 'pending');
    expect(await progress(placed)).toMatchObject({
      paymentStatus: 'pending',
      attempt: { state: 'pending' },
    });
    await fake.pay(intention, 'success');
    expect(orderRow(placed.order.id)).toMatchObject({
      payment_status: 'paid',
      payment_method: 'wallet',
    });
  });

  it('paid twice: the order keeps its first payment, the second is refunded automatically (D18)', async () => {
    const placed = await placeCardOrder();
    const first = await startPayment(placed);
    const second = await startPayment(placed);
    const { transaction } = await fake.pay(first.intention, 'success');
    const { transaction: extra } = await fake.pay(second.intention, 'success');
    expect(orderRow(placed.order.id).payment_reference).toBe(String(transaction.id));
    const { attempts, events: log } = await until(
      () => history(placed.order.id),
      (h) => h.attempts.some((a) => a.state === 'refunded'),
    );
    expect(attempts.map((a) => [a.state, a.transactionId])).toEqual([
      ['refunded', String(extra.id)],
      ['paid', String(transaction.id)],
    ]);
    expect(log.map((e) => [e.kind, e.actor, e.transactionId])).toEqual([
      ['started', 'customer', null],
      ['started', 'customer', null],
      ['paid', 'provider', String(transaction.id)],
      ['duplicatePaid', 'provider', String(extra.id)],
      ['refunded', 'system', String(extra.id)],
    ]);
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toHaveLength(1);
  });
});

describe('Paymob: cash instead, refunds and voids', () => {
  it('switches to cash on delivery; a payment made meanwhile still counts', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/payment/cash`);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      paymentMethod: 'cod',
      paymentProvider: 'cash',
      paymentStatus: 'pending',
    });
    expect(await progress(placed)).toMatchObject({ canPay: false, canSwitchToCash: false });
    const again = await placed.client.request(
      'POST',
      `/api/orders/${placed.order.id}/payment/cash`,
    );
    expect(again.status).toBe(409);
    // The customer had paid in another tab: the money moved, so the order is paid online.
    await fake.pay(intention, 'success');
    expect(orderRow(placed.order.id)).toMatchObject({
      payment_status: 'paid',
      payment_method: 'card',
      payment_provider: 'paymob',
    });
  });

  it('only the owner switches to cash', async () => {
    const placed = await placeCardOrder();
    const stranger = new TestClient(server.app);
    await stranger.anonymous();
    const res = await stranger.request('POST', `/api/orders/${placed.order.id}/payment/cash`);
    expect(res.status).toBe(403);
    expect(orderRow(placed.order.id).payment_method).toBe('card');
  });

  it('an admin refunds a paid order through Paymob; its callbacks then change nothing', async () => {
    const placed = await placeCardOrder();
    const { intention, attemptId } = await startPayment(placed);
    const { transaction } = await fake.pay(intention, 'success');
    const admin = await adminClient(server.app);
    const before = fake.requests.length;
    const res = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${attemptId}/refund`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const request = fake.requests.slice(before).find((r) => r.path.endsWith('/refund'))!;
    expect(request.headers.authorization).toBe(`Token ${FAKE_PAYMOB.secretKey}`);
    expect(JSON.parse(request.body)).toEqual({
      transaction_id: transaction.id,
      amount_cents: toPiastres(placed.order.totalPrice),
    });
    expect(orderRow(placed.order.id).payment_status).toBe('refunded');
    expect(res.body.history.attempts[0].state).toBe('refunded');
    expect(res.body.history.events.at(-1)).toMatchObject({
      kind: 'refunded',
      actor: 'admin',
      transactionId: String(transaction.id),
    });
    // Paymob's two callbacks (the refund, and the parent marked refunded) arrive: no change.
    const callbacks = fake.callbacks.length;
    await until(
      async () => fake.callbacks.length,
      (n) => n >= callbacks + 2,
    );
    expect(fake.callbacks.slice(-2).map((c) => c.status)).toEqual([200, 200]);
    expect(orderRow(placed.order.id).payment_status).toBe('refunded');
    expect((await history(placed.order.id)).events.map((e) => e.kind)).toEqual([
      'started',
      'paid',
      'refunded',
    ]);
    // Refunded once: a second click is refused without asking Paymob.
    const twice = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${attemptId}/refund`,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('errors:payment.notReversible');
  }, 30_000);

  it('a void goes through Paymob too; a refund Paymob refuses is recorded and changes nothing', async () => {
    const placed = await placeCardOrder();
    const { intention, attemptId } = await startPayment(placed);
    await fake.pay(intention, 'success');
    const admin = await adminClient(server.app);
    fake.failReversals({ kind: 'error', status: 400, detail: 'Transaction can not be refunded' });
    const refused = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${attemptId}/refund`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('errors:payment.reverseFailed');
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
    const failed = (await history(placed.order.id)).events.at(-1)!;
    expect(failed).toMatchObject({ kind: 'reverseFailed', actor: 'admin' });
    expect(failed.detail).toContain('Transaction can not be refunded');

    const voided = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${attemptId}/void`,
    );
    expect(voided.status).toBe(200);
    expect(orderRow(placed.order.id).payment_status).toBe('refunded');
    expect(voided.body.history.attempts[0].state).toBe('voided');
  });

  it('a refund made in the Paymob dashboard is heard through its callback', async () => {
    const placed = await placeCardOrder();
    const { intention } = await startPayment(placed);
    const { transaction } = await fake.pay(intention, 'success');
    await fake.sendCallback({ ...transaction, is_refunded: true });
    expect(orderRow(placed.order.id).payment_status).toBe('refunded');
    expect((await history(placed.order.id)).events.at(-1)).toMatchObject({
      kind: 'refunded',
      actor: 'provider',
    });
  });

  it('customers cannot see the payment history or refund', async () => {
    const placed = await placeCardOrder();
    const { attemptId } = await startPayment(placed);
    expect(
      (await placed.client.request('GET', `/api/orders/${placed.order.id}/payments`)).status,
    ).toBe(403);
    const refund = await placed.client.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${attemptId}/refund`,
    );
    expect(refund.status).toBe(403);
  });

  it("an admin cannot mark a Paymob order paid or refunded by hand: only Paymob's word counts", async () => {
    const admin = await adminClient(server.app);
    const unpaid = await placeCardOrder();
    const markPaid = await admin.request('PATCH', `/api/orders/${unpaid.order.id}`, {
      paymentStatus: 'paid',
    });
    expect(markPaid.status).toBe(409);
    expect(markPaid.body.error.message).toBe('errors:payment.gatewayDecides');
    expect(orderRow(unpaid.order.id).payment_status).toBe('pending');

    const paid = await placeCardOrder();
    const { intention } = await startPayment(paid);
    await fake.pay(intention, 'success');
    const markRefunded = await admin.request('PATCH', `/api/orders/${paid.order.id}`, {
      paymentStatus: 'refunded',
    });
    expect(markRefunded.status).toBe(409);
    expect(orderRow(paid.order.id).payment_status).toBe('paid');
    // The status is still the admin's to change, with the payment as it is.
    const moved = await admin.request('PATCH', `/api/orders/${paid.order.id}`, {
      status: 'under_review',
      paymentStatus: 'paid',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.order).toMatchObject({ status: 'under_review', paymentStatus: 'paid' });

    // Cash is still marked paid by hand, once the customer chose it.
    await unpaid.client.request('POST', `/api/orders/${unpaid.order.id}/payment/cash`);
    const cash = await admin.request('PATCH', `/api/orders/${unpaid.order.id}`, {
      paymentStatus: 'paid',
    });
    expect(cash.status).toBe(200);
  });
});

describe('Paymob: no card data anywhere on our side', () => {
  it('the card typed at the checkout reaches the fake only: not our log, not our database', async () => {
    const placed = await placeCardOrder();
    const { redirectUrl } = await startPayment(placed);
    const clientSecret = new URL(redirectUrl).searchParams.get('clientSecret')!;
    // The customer fills in Paymob's form (as the browser would post it to Paymob).
    const res = await fetch(`${fake.url}/unifiedcheckout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        clientSecret,
        number: FAKE_PAYMOB.approvedCard,
        expiry: '11/37',
        cvv: '739',
        holder: 'Mona Hassan',
      }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
    expect(fake.checkoutForms.at(-1)!.number).toBe(FAKE_PAYMOB.approvedCard);

    server.app.db.pragma('wal_checkpoint(TRUNCATE)');
    // The file's bytes, free pages included: the number and the expiry are too long to
    // appear there by chance.
    const bytes = [
      readFileSync(server.dbPath),
      readFileSync(`${server.dbPath}-wal`, { flag: 'a+' }),
    ]
      .map((b) => b.toString('latin1'))
      .join('');
    // Every value the database holds, as text: a field name that could carry a CVV or the
    // masked number is looked for here, not in the raw bytes, where three random bytes read
    // "cvv" about once per megabyte.
    const tables = server.app.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    expect(tables.map((t) => t.name)).toContain('payment_attempts');
    const values = tables
      .map(({ name }) => JSON.stringify(server.app.db.prepare(`SELECT * FROM "${name}"`).all()))
      .join('');
    expect(values).toContain(placed.order.id);
    const logged = logLines.join('');
    for (const text of [bytes, values, logged]) {
      expect(text).not.toContain(FAKE_PAYMOB.approvedCard);
      expect(text).not.toContain('11/37');
    }
    for (const text of [values, logged]) {
      expect(text.toLowerCase()).not.toMatch(/cvv|"pan"|source_data/);
    }
    expect(logged).not.toContain(FAKE_PAYMOB.secretKey);
    expect(logged).not.toContain(FAKE_PAYMOB.hmacSecret);
  });

  it('an order carrying card fields is refused outright', async () => {
    const phone = uniquePhone();
    const client = await customerClient(server.app, { phone });
    const res = await client.request(
      'POST',
      '/api/orders',
      orderBody({
        phoneNumber: phone,
        paymentMethod: 'card',
        cardNumber: FAKE_PAYMOB.approvedCard,
        cvv: '123',
      }),
    );
    expect(res.status).toBe(400);
  });
});

describe('without Paymob (the default test provider)', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await createTestServer();
  });
  afterAll(async () => plain?.close());

  it('offers the test provider, refuses wallets and the callback', async () => {
    const client = new TestClient(plain.app);
    expect((await client.request('GET', '/api/payments/options')).body.options).toEqual({
      provider: 'test',
      methods: ['card', 'cod'],
      testMode: true,
    });
    // A customer who proved the fixtures' number (D13): only the wallet is wrong.
    await client.signInByPhone();
    const wallet = await client.request(
      'POST',
      '/api/orders',
      orderBody({ paymentMethod: 'wallet' }),
    );
    expect(wallet.status).toBe(409);
    expect(wallet.body.error.message).toBe('errors:payment.walletUnavailable');
    const callback = await client.request('POST', '/api/payments/paymob/callback?hmac=00', {
      type: 'TRANSACTION',
      obj: {},
    });
    expect(callback.status).toBe(404);
  });
});

afterEach(() => {
  fake.plan = { order: 'callback-first' };
});
