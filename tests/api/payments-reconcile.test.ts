import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/server-process.ts';
import type { DomainEvent } from '../../server/src/events/domain-events.ts';
import { PAYMOB_CALLBACK_PATH } from '../../server/src/payments/settings.ts';
import { toPiastres } from '../../src/domain/payments.ts';
import {
  FAKE_PAYMOB,
  FakePaymob,
  signTransaction,
  type FakeIntention,
} from '../fakes/paymob-fake.ts';
import { orderBody } from './order-fixtures.ts';
import type { TestClient } from './test-server.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  phoneCodeLog,
  uniquePhone,
  type TestServer,
} from './test-server.ts';

// Issue 25, payments that always end (docs/decisions.md D18), against the local fake of Paymob
// (tests/fakes/paymob-fake.ts), which behaves as Paymob documents: a wallet's callbacks go only to
// the URL set on its integration in the dashboard; callbacks can be dropped, held and sent late,
// or sent twice; and it answers the transaction inquiry. A try nobody heard of is asked about
// (the reconciler's rounds, run here with the time a test chooses, never waited for) and the
// answer decided as a callback is; signed fields out of their shapes are refused; a second
// payment is flagged and refunded automatically; the callback route is limited per address and
// its refusals logged in aggregate.

const MINUTE = 60_000;

let fake: FakePaymob;
let server: TestServer;
let siteUrl: string;
const logLines: string[] = [];
const events: DomainEvent[] = [];

function loggingTo(lines: string[], getServer: () => TestServer | undefined) {
  return {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, done) {
        const line = String(chunk);
        lines.push(line);
        const codes = getServer()?.phoneCodes;
        if (codes) phoneCodeLog(codes).write(line);
        done();
      },
    }),
  };
}

beforeAll(async () => {
  fake = await new FakePaymob().listen();
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  server = await createTestServer(
    {
      ...fakeEnv(fake),
      SITE_URL: siteUrl,
      NOTIFY_PROVIDERS: ['log'],
      LOG_LEVEL: 'info',
    },
    {
      logger: loggingTo(logLines, () => server as TestServer | undefined),
      subscribers: [
        (bus) => {
          bus.on('order.paymentConfirmed', (event) => void events.push(event));
        },
      ],
    },
  );
  await server.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

beforeEach(() => {
  events.length = 0;
  // As the README says: our callback on both integrations in Paymob's dashboard.
  fake.setDashboardCallbacks(`${siteUrl}${PAYMOB_CALLBACK_PATH}`);
});

afterEach(async () => {
  fake.plan = { order: 'callback-first' };
  // Every test's tries end (decided or expired) before the next starts: rounds look at every
  // order, and a test counts what a round did for its own.
  for (let i = 0; i < 10; i += 1) {
    if ((await roundIn(3 * 24 * 60)).orders === 0) break;
  }
});

/** The server settings for the fake, typed as build() takes them. */
function fakeEnv(paymob: FakePaymob) {
  return {
    PAYMENT_PROVIDER: ['paymob' as const],
    PAYMOB_API_URL: paymob.apiUrl,
    PAYMOB_SECRET_KEY: FAKE_PAYMOB.secretKey,
    PAYMOB_PUBLIC_KEY: FAKE_PAYMOB.publicKey,
    PAYMOB_HMAC_SECRET: FAKE_PAYMOB.hmacSecret,
    PAYMOB_API_KEY: FAKE_PAYMOB.apiKey,
    PAYMOB_CARD_INTEGRATION_ID: String(FAKE_PAYMOB.cardIntegrationId),
    PAYMOB_WALLET_INTEGRATION_ID: String(FAKE_PAYMOB.walletIntegrationId),
    PAYMOB_TIMEOUT_SECONDS: 1,
  };
}

interface Placed {
  client: TestClient;
  order: { id: string; orderNumber: string; totalPrice: number };
}

async function place(app = server.app, method: 'card' | 'wallet' = 'card'): Promise<Placed> {
  const phone = uniquePhone();
  const client = await customerClient(app, { phone });
  const res = await client.request(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: phone, paymentMethod: method, notifyConsent: true }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { client, order: res.body.order };
}

async function start(
  placed: Placed,
  method: 'card' | 'wallet' = 'card',
): Promise<{ attemptId: string; intention: FakeIntention }> {
  const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/payments`, {
    method,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const secret = new URL(res.body.payment.redirectUrl).searchParams.get('clientSecret')!;
  return { attemptId: res.body.payment.attemptId, intention: fake.intentions.get(secret)! };
}

async function history(orderId: string, app = server.app) {
  const admin = await adminClient(app);
  const res = await admin.request('GET', `/api/orders/${orderId}/payments`);
  expect(res.status).toBe(200);
  return res.body.history as {
    attempts: {
      id: string;
      state: string;
      transactionId: string | null;
      checkedAt: string | null;
      updatedAt: string;
    }[];
    events: {
      kind: string;
      actor: string;
      transactionId: string | null;
      amountCents: number | null;
      detail: string | null;
    }[];
  };
}

function orderRow(id: string, app = server.app) {
  return app.db
    .prepare('SELECT payment_status, payment_method, payment_reference FROM orders WHERE id = ?')
    .get(id) as Record<string, string | null>;
}

function customerTemplates(orderId: string): string[] {
  return (
    server.app.db
      .prepare(
        `SELECT template FROM outbox_messages WHERE order_id = ? AND recipient = 'customer' ORDER BY created_at`,
      )
      .all(orderId) as { template: string }[]
  ).map((row) => row.template);
}

/** A reconciliation round `minutes` from now (the reconciler's clock is the test's). */
function roundIn(minutes: number, app = server.app) {
  return app.paymentReconciler.runOnce(new Date(Date.now() + minutes * MINUTE));
}

const kinds = (h: Awaited<ReturnType<typeof history>>) => h.events.map((e) => e.kind);

describe('the fake behaves as Paymob documents: a wallet calls back only where its integration says', () => {
  it('a wallet intention carries no notification_url; a card one does', async () => {
    const wallet = await place(server.app, 'wallet');
    const { intention } = await start(wallet, 'wallet');
    expect(intention.body).not.toHaveProperty('notification_url');
    const card = await place();
    const { intention: cardIntention } = await start(card);
    expect(cardIntention.body.notification_url).toBe(`${siteUrl}${PAYMOB_CALLBACK_PATH}`);
  });

  it('no URL in the dashboard: the wallet is paid, no callback comes, the inquiry settles it', async () => {
    fake.setDashboardCallbacks(null);
    const placed = await place(server.app, 'wallet');
    const { intention } = await start(placed, 'wallet');
    const dropped = fake.dropped.length;
    const { transaction } = await fake.pay(intention, 'success');
    // Paymob had nowhere to post it: exactly what the README's mandatory setting prevents.
    expect(fake.dropped.length).toBe(dropped + 1);
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
    // Four quiet minutes: not asked yet.
    await roundIn(4);
    expect(fake.inquiries).not.toContain(intention.specialReference);
    const summary = await roundIn(6);
    expect(summary).toMatchObject({ asked: 1, changed: 1, failed: 0 });
    expect(fake.inquiries.filter((r) => r === intention.specialReference)).toHaveLength(1);
    expect(orderRow(placed.order.id)).toEqual({
      payment_status: 'paid',
      payment_method: 'wallet',
      payment_reference: String(transaction.id),
    });
    const h = await history(placed.order.id);
    expect(h.events.at(-1)).toMatchObject({ kind: 'paid', actor: 'provider', detail: 'inquiry' });
    expect(customerTemplates(placed.order.id)).toEqual(['order_created', 'payment_confirmed']);
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toHaveLength(1);
  });

  it('with the URL in the dashboard, the wallet’s callback arrives and pays the order', async () => {
    const placed = await place(server.app, 'wallet');
    const { intention } = await start(placed, 'wallet');
    await fake.pay(intention, 'success');
    expect(fake.callbacks.at(-1)).toMatchObject({
      url: `${siteUrl}${PAYMOB_CALLBACK_PATH}`,
      status: 200,
    });
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
  });
});

describe('reconciliation: every try ends, decided once whichever word comes first', () => {
  it('the callback never comes: reconciled paid; then it comes late: nothing twice', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    const { transaction } = await fake.pay(intention, 'success', { order: 'held' });
    await roundIn(6);
    expect(orderRow(placed.order.id).payment_reference).toBe(String(transaction.id));
    // Paymob's callback, late.
    const [late] = await fake.sendHeld();
    expect(late!.status).toBe(200);
    const h = await history(placed.order.id);
    expect(kinds(h)).toEqual(['started', 'paid']);
    expect(customerTemplates(placed.order.id)).toEqual(['order_created', 'payment_confirmed']);
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toHaveLength(1);
    // Decided: never asked about again.
    const asked = () => fake.inquiries.filter((r) => r === intention.specialReference).length;
    expect(asked()).toBe(1);
    await roundIn(30);
    expect(asked()).toBe(1);
  });

  it('the callback comes twice before the round: the round changes nothing', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    await fake.pay(intention, 'success', { order: 'callback-first', duplicate: true });
    const before = await history(placed.order.id);
    const summary = await roundIn(6);
    expect(summary.asked).toBe(0);
    expect(await history(placed.order.id)).toEqual(before);
  });

  it('the callback lands while the inquiry is on its way: its answer changes nothing twice', async () => {
    const placed = await place();
    const { intention, attemptId } = await start(placed);
    const { transaction } = await fake.pay(intention, 'success', { order: 'held' });
    let release!: () => void;
    fake.failInquiries({ kind: 'wait', release: new Promise<void>((r) => (release = r)) });
    const round = roundIn(6);
    await vi.waitFor(() =>
      expect(
        fake.requests.some(
          (r) =>
            r.path.endsWith('/transaction_inquiry') && r.body.includes(intention.specialReference),
        ),
      ).toBe(true),
    );
    // Paymob's callback arrives first; then the inquiry answers the same transaction.
    await fake.sendHeld();
    release();
    expect(await round).toMatchObject({ asked: 1, changed: 0, failed: 0 });
    const h = await history(placed.order.id);
    expect(kinds(h)).toEqual(['started', 'paid']);
    expect(h.attempts.find((a) => a.id === attemptId)).toMatchObject({
      state: 'paid',
      transactionId: String(transaction.id),
    });
    expect(customerTemplates(placed.order.id)).toEqual(['order_created', 'payment_confirmed']);
  });

  it('the inquiry fails or times out: nothing changes, it is asked again later', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    await fake.pay(intention, 'success', { order: 'redirect-only' });
    let minutes = 6;
    for (const mode of [
      { kind: 'down' },
      { kind: 'hang' },
      { kind: 'error', status: 502 },
    ] as const) {
      fake.failInquiries(mode);
      const before = await history(placed.order.id);
      // Each failure waits a minute before the next round takes the order again.
      const summary = await roundIn(minutes);
      minutes += 2;
      expect(summary, mode.kind).toMatchObject({ asked: 1, failed: 1, changed: 0 });
      expect(orderRow(placed.order.id).payment_status).toBe('pending');
      // Not even recorded as asked.
      expect(await history(placed.order.id)).toEqual(before);
    }
    const summary = await roundIn(minutes);
    expect(summary).toMatchObject({ asked: 1, changed: 1 });
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
  }, 30_000);

  it('the inquiry says declined: the try is declined, the order stays payable', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    await fake.pay(intention, 'declined', { order: 'redirect-only' });
    await roundIn(6);
    const h = await history(placed.order.id);
    expect(h.attempts[0]).toMatchObject({ state: 'declined' });
    expect(h.events.at(-1)).toMatchObject({
      kind: 'declined',
      detail: 'Do not honour (inquiry)',
    });
    const progress = await placed.client.request('GET', `/api/orders/${placed.order.id}/payment`);
    expect(progress.body.progress).toMatchObject({ paymentStatus: 'pending', canPay: true });
  });

  it('Paymob never heard of it: asked, then ended expired once its checkout closed', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    // The customer opened the checkout and left.
    await roundIn(6);
    let h = await history(placed.order.id);
    expect(h.attempts[0]).toMatchObject({ state: 'awaiting' });
    expect(h.attempts[0]!.checkedAt).not.toBeNull();
    // Asking is not a change: the try's time stays its start.
    expect(kinds(h)).toEqual(['started']);
    await roundIn(62);
    h = await history(placed.order.id);
    expect(h.attempts[0]).toMatchObject({ state: 'expired' });
    expect(h.events.at(-1)).toMatchObject({ kind: 'expired', actor: 'system' });
    const asked = fake.inquiries.filter((r) => r === intention.specialReference).length;
    expect(asked).toBe(2);
    await roundIn(200);
    expect(fake.inquiries.filter((r) => r === intention.specialReference)).toHaveLength(asked);
    // The order is payable again, and a payment made on the old checkout still counts.
    const again = await placed.client.request('GET', `/api/orders/${placed.order.id}/payment`);
    expect(again.body.progress).toMatchObject({ canPay: true, attempt: { state: 'expired' } });
    await fake.pay(intention, 'success');
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
  });

  it('an hour later Paymob’s auth token has expired: a new one is made', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    await fake.pay(intention, 'success', { order: 'redirect-only' });
    fake.expireTokens();
    expect(await roundIn(6)).toMatchObject({ asked: 1, changed: 1, failed: 0 });
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
  });
});

describe('signed fields out of their shapes are refused before the signature is trusted', () => {
  it("the issue's attack: amount 50000 → 500002, a digit less in created_at, refused", async () => {
    const placed = await place();
    const { intention } = await start(placed);
    // The customer's own genuine transaction, its signature as their browser got it back.
    const genuine = fake.transaction(intention, 'success');
    const hmac = signTransaction(genuine);
    const amount = String(genuine.amount_cents);
    const moved = {
      ...genuine,
      amount_cents: Number(`${amount}${String(genuine.created_at).slice(0, 1)}`),
      created_at: String(genuine.created_at).slice(1),
    };
    expect(signTransaction(moved)).toBe(hmac);
    const sent = await fake.sendCallback(moved, { hmac });
    expect(sent.status).toBe(400);
    // Nothing recorded: not even a mismatch.
    expect(kinds(await history(placed.order.id))).toEqual(['started']);
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
    // The genuine one, as Paymob sends it, pays.
    expect((await fake.sendCallback(genuine, { hmac })).status).toBe(200);
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
  });
});

describe('a second payment is flagged and refunded automatically, never attached', () => {
  it('paid twice on one try: the order and the try keep the first; the second goes back', async () => {
    const placed = await place();
    const { intention, attemptId } = await start(placed);
    const { transaction: first } = await fake.pay(intention, 'success');
    const { transaction: second } = await fake.pay(intention, 'success');
    const refunded = await vi.waitFor(async () => {
      const h = await history(placed.order.id);
      expect(kinds(h)).toContain('refunded');
      return h;
    });
    expect(kinds(refunded)).toEqual(['started', 'paid', 'duplicatePaid', 'refunded']);
    expect(refunded.events.slice(2)).toMatchObject([
      { kind: 'duplicatePaid', actor: 'provider', transactionId: String(second.id) },
      { kind: 'refunded', actor: 'system', transactionId: String(second.id) },
    ]);
    const refund = fake.requests.find(
      (r) => r.path === '/api/acceptance/void_refund/refund' && r.body.includes(String(second.id)),
    )!;
    expect(JSON.parse(refund.body)).toEqual({
      transaction_id: second.id,
      amount_cents: toPiastres(placed.order.totalPrice),
    });
    expect(refunded.attempts.find((a) => a.id === attemptId)).toMatchObject({
      state: 'paid',
      transactionId: String(first.id),
    });
    expect(orderRow(placed.order.id)).toMatchObject({
      payment_status: 'paid',
      payment_reference: String(first.id),
    });
    expect(events.filter((e) => e.type === 'order.paymentConfirmed')).toHaveLength(1);
    // Paymob's callbacks about the refund change nothing.
    await vi.waitFor(() =>
      expect(fake.callbacks.filter((c) => c.body.obj.id === second.id).length).toBeGreaterThan(1),
    );
    expect(kinds(await history(placed.order.id))).toHaveLength(4);

    // The admin's refund of the try now refunds the first payment, the order's.
    const admin = await adminClient(server.app);
    const res = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${attemptId}/refund`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const adminRefund = fake.requests.filter((r) => r.path.endsWith('/refund')).at(-1)!;
    expect(JSON.parse(adminRefund.body).transaction_id).toBe(first.id);
    expect(orderRow(placed.order.id).payment_status).toBe('refunded');
  });

  it('paid on a second try after the first paid: that try is extra, refunded, the order keeps the first', async () => {
    const placed = await place();
    const one = await start(placed);
    const two = await start(placed);
    const { transaction: first } = await fake.pay(one.intention, 'success');
    const { transaction: second } = await fake.pay(two.intention, 'success');
    const h = await vi.waitFor(async () => {
      const read = await history(placed.order.id);
      expect(read.attempts.find((a) => a.id === two.attemptId)?.state).toBe('refunded');
      return read;
    });
    expect(h.attempts.find((a) => a.id === one.attemptId)).toMatchObject({
      state: 'paid',
      transactionId: String(first.id),
    });
    expect(h.attempts.find((a) => a.id === two.attemptId)?.transactionId).toBe(String(second.id));
    expect(orderRow(placed.order.id).payment_reference).toBe(String(first.id));
  });

  it('Paymob refuses the automatic refund: recorded, tried again by a later round', async () => {
    const placed = await place();
    const { intention } = await start(placed);
    await fake.pay(intention, 'success');
    fake.failReversals({ kind: 'error', status: 502 });
    const { transaction: second } = await fake.pay(intention, 'success');
    await vi.waitFor(async () =>
      expect(kinds(await history(placed.order.id))).toContain('reverseFailed'),
    );
    expect(orderRow(placed.order.id).payment_status).toBe('paid');
    // A minute on, the round refunds it.
    const summary = await roundIn(2);
    expect(summary.refunded).toBe(1);
    const h = await history(placed.order.id);
    expect(h.events.slice(-2)).toMatchObject([
      { kind: 'reverseFailed', actor: 'system', transactionId: String(second.id) },
      { kind: 'refunded', actor: 'system', transactionId: String(second.id) },
    ]);
  });
});

describe('refused callbacks are counted, not logged one by one', () => {
  it('300 forged callbacks: one warning at once, one summary after', async () => {
    const refusals = server.app.services.payments.refusals;
    refusals.flush();
    const warnings = () =>
      logLines.filter((line) => line.includes('"level":40') && line.includes('callback'));
    const before = warnings().length;
    const placed = await place();
    const { intention } = await start(placed);
    const forged = fake.transaction(intention, 'success');
    for (let i = 0; i < 300; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: `${PAYMOB_CALLBACK_PATH}?hmac=${'0'.repeat(128)}`,
        payload: { type: 'TRANSACTION', obj: forged },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(warnings().length - before).toBe(1);
    refusals.flush();
    const lines = warnings().slice(before);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]!)).toMatchObject({ total: 299, refused: { signature: 299 } });
    expect(orderRow(placed.order.id).payment_status).toBe('pending');
  });
});

describe('the callback route is limited per client address (RATE_LIMITS=on)', () => {
  let limited: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    limited = await createTestServer(
      { ...fakeEnv(fake), SITE_URL: siteUrl, RATE_LIMITS: 'on', LOG_LEVEL: 'info' },
      { logger: loggingTo(lines, () => limited as TestServer | undefined) },
    );
  });
  afterAll(async () => limited?.close());

  it('1,000 forged callbacks from one address: 120 answered, the rest refused, two warnings', async () => {
    const post = (remoteAddress: string, payload: Record<string, unknown>, hmac: string) =>
      limited.app.inject({
        method: 'POST',
        url: `${PAYMOB_CALLBACK_PATH}?hmac=${hmac}`,
        payload,
        remoteAddress,
      });
    const forged = { type: 'TRANSACTION', obj: { id: 1 } };
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const res = await post('203.0.113.7', forged, '0'.repeat(128));
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 400: 120, 429: 880 });
    // Another address (Paymob's) is not held up by the flood.
    expect((await post('198.51.100.1', forged, '0'.repeat(128))).statusCode).toBe(400);
    limited.app.services.payments.refusals.flush();
    const warnings = lines.filter((l) => l.includes('"level":40') && l.includes('callback'));
    expect(warnings).toHaveLength(2);
    expect(JSON.parse(warnings[1]!)).toMatchObject({
      total: 1000,
      refused: { 'rate-limited': 880, format: 120 },
    });
  });
});
