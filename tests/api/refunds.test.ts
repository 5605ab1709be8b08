import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/server-process.ts';
import type { ServerEnv } from '../../server/src/plugins/env.ts';
import { toPiastres } from '../../src/domain/payments.ts';
import { ratesOf, type PriceCatalog } from '../../src/domain/pricing.ts';
import { FAKE_PAYMOB, FakePaymob, type FakeIntention } from '../fakes/paymob-fake.ts';
import { futureMoveDate, orderBody } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  uniquePhone,
  type TestClient,
  type TestServer,
} from './test-server.ts';

// Money follows the order (D16), on the self-hosted server against the local Paymob fake:
// cancelling a paid order owes its refund (less the late fee its terms keep), the office's
// queue lists it, and it ends refunded through Paymob (partial when a fee is kept) or by hand;
// un-cancelling follows the money; a payment on a cancelled order is owed back.

let fake: FakePaymob;
let server: TestServer;

beforeAll(async () => {
  fake = await new FakePaymob().listen();
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const env: Partial<ServerEnv> = {
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
    NOTIFY_PROVIDERS: ['log'],
  };
  server = await createTestServer(env);
  await server.app.listen({ port, host: '127.0.0.1' });
  fake.setDashboardCallbacks(`${siteUrl}/api/payments/paymob/callback`);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

interface Placed {
  client: TestClient;
  order: { id: string; orderNumber: string; totalPrice: number };
}

async function placeOrder(
  paymentMethod: 'card' | 'cod',
  overrides: Record<string, unknown> = {},
): Promise<Placed> {
  const phone = uniquePhone();
  const client = await customerClient(server.app, { phone });
  const res = await client.request(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: phone, paymentMethod, notifyConsent: true, ...overrides }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { client, order: res.body.order };
}

/** A card order paid through the fake: the try's id and the transaction. */
async function placePaid(
  overrides: Record<string, unknown> = {},
): Promise<Placed & { attemptId: string; transactionId: number }> {
  const placed = await placeOrder('card', overrides);
  const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/payments`, {
    method: 'card',
    language: 'ar',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const secret = new URL(res.body.payment.redirectUrl).searchParams.get('clientSecret')!;
  const intention = fake.intentions.get(secret) as FakeIntention;
  const { transaction } = await fake.pay(intention, 'success');
  expect(orderRow(placed.order.id).payment_status).toBe('paid');
  return { ...placed, attemptId: res.body.payment.attemptId, transactionId: transaction.id };
}

function orderRow(id: string) {
  return server.app.db
    .prepare('SELECT payment_status, status, refund, cancellation_policy FROM orders WHERE id = ?')
    .get(id) as {
    payment_status: string;
    status: string;
    refund: string | null;
    cancellation_policy: string | null;
  };
}

function outboxTemplates(orderId: string): string[] {
  return (
    server.app.db
      .prepare(
        `SELECT template FROM outbox_messages WHERE order_id = ? AND recipient = 'customer' ORDER BY created_at, rowid`,
      )
      .all(orderId) as { template: string }[]
  ).map((row) => row.template);
}

async function queue(): Promise<
  {
    order: { id: string; refund: { amount: number } };
    attempt: { id: string } | null;
    canVoid: boolean;
  }[]
> {
  const admin = await adminClient(server.app);
  const res = await admin.request('GET', '/api/admin/refunds');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.refunds;
}

async function setPolicy(policy: {
  freeHours: number;
  lateFeePercent: number;
  closedHours: number;
}) {
  const admin = await adminClient(server.app);
  const current = (await admin.request('GET', '/api/prices')).body.catalog as PriceCatalog;
  const res = await admin.request('PUT', '/api/prices', {
    ...ratesOf(current),
    cancellationPolicy: policy,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('cancelling a paid order (D16)', () => {
  it('the customer cancels in the free phase: the whole payment is due back, on the queue, told', async () => {
    const placed = await placePaid();
    expect(JSON.parse(orderRow(placed.order.id).cancellation_policy!)).toEqual({
      freeHours: 24,
      lateFeePercent: 10,
      closedHours: 2,
    });
    const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refund_due',
      refund: { amount: placed.order.totalPrice, fee: 0, refundedAt: null, how: null },
    });
    expect(outboxTemplates(placed.order.id)).toContain('payment_refund_due');
    const item = (await queue()).find((i) => i.order.id === placed.order.id)!;
    expect(item.attempt?.id).toBe(placed.attemptId);
  });

  it('the office refunds it through Paymob: the order ends refunded and the customer is told', async () => {
    const placed = await placePaid();
    await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    const admin = await adminClient(server.app);
    const before = fake.requests.length;
    const res = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${placed.attemptId}/refund`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const request = fake.requests.slice(before).find((r) => r.path.endsWith('/refund'))!;
    expect(JSON.parse(request.body)).toEqual({
      transaction_id: placed.transactionId,
      amount_cents: toPiastres(placed.order.totalPrice),
    });
    expect(orderRow(placed.order.id).payment_status).toBe('refunded');
    expect(JSON.parse(orderRow(placed.order.id).refund!)).toMatchObject({ how: 'provider' });
    expect(outboxTemplates(placed.order.id)).toContain('payment_refunded');
    expect((await queue()).some((i) => i.order.id === placed.order.id)).toBe(false);
    // Refunded: it cannot be brought back.
    const back = await admin.request('POST', `/api/orders/${placed.order.id}/go-back`, {
      action: 'uncancel',
      reason: 'The customer called back',
    });
    expect(back.status).toBe(409);
    expect(back.body.error.message).toBe('errors:lifecycle.uncancelRefunded');
  }, 30_000);

  it('a refusal by Paymob is recorded, the order stays due, the error is the translated one', async () => {
    const placed = await placePaid();
    await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    fake.failReversals({ kind: 'error', status: 400, detail: 'Transaction can not be refunded' });
    const admin = await adminClient(server.app);
    const res = await admin.request(
      'POST',
      `/api/orders/${placed.order.id}/payments/${placed.attemptId}/refund`,
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors:payment.reverseFailed');
    expect(orderRow(placed.order.id).payment_status).toBe('refund_due');
    const history = (await admin.request('GET', `/api/orders/${placed.order.id}/payments`)).body
      .history;
    expect(history.events.at(-1)).toMatchObject({ kind: 'reverseFailed', actor: 'admin' });
    expect((await queue()).some((i) => i.order.id === placed.order.id)).toBe(true);
  });

  it('un-cancelling a refund due makes it paid again', async () => {
    const placed = await placePaid();
    await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    const admin = await adminClient(server.app);
    const res = await admin.request('POST', `/api/orders/${placed.order.id}/go-back`, {
      action: 'uncancel',
      reason: 'The customer called back',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      status: 'received',
      paymentStatus: 'paid',
      refund: null,
    });
  });

  it('an admin cannot settle a refund by changing the payment status', async () => {
    const placed = await placeOrder('cod');
    const admin = await adminClient(server.app);
    await admin.request('PATCH', `/api/orders/${placed.order.id}`, { paymentStatus: 'paid' });
    await admin.request('PATCH', `/api/orders/${placed.order.id}`, { status: 'cancelled' });
    expect(orderRow(placed.order.id).payment_status).toBe('refund_due');
    const res = await admin.request('PATCH', `/api/orders/${placed.order.id}`, {
      paymentStatus: 'refunded',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors:payment.refundQueue');
  });
});

describe('a late cancel keeps the fee: a partial refund (D16)', () => {
  it('the refund due is the total less the fee, and Paymob is asked for that amount', async () => {
    // Free only until a week before: every booking in the horizon is in the fee phase.
    await setPolicy({ freeHours: 168, lateFeePercent: 10, closedHours: 2 });
    try {
      // Three days ahead: well inside the week, well before the two closed hours.
      const placed = await placePaid({ moveDate: futureMoveDate(3) });
      const res = await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
      const fee = Math.round(placed.order.totalPrice / 10);
      expect(res.body.order.refund).toMatchObject({ amount: placed.order.totalPrice - fee, fee });
      const item = (await queue()).find((i) => i.order.id === placed.order.id)!;
      // A void would give back the fee too.
      expect(item.canVoid).toBe(false);
      const admin = await adminClient(server.app);
      const voided = await admin.request(
        'POST',
        `/api/orders/${placed.order.id}/payments/${placed.attemptId}/void`,
      );
      expect(voided.status).toBe(409);
      expect(voided.body.error.message).toBe('errors:refund.voidKeepsNoFee');
      const before = fake.requests.length;
      const refunded = await admin.request(
        'POST',
        `/api/orders/${placed.order.id}/payments/${placed.attemptId}/refund`,
      );
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      const request = fake.requests.slice(before).find((r) => r.path.endsWith('/refund'))!;
      expect(JSON.parse(request.body).amount_cents).toBe(toPiastres(placed.order.totalPrice - fee));
      expect(orderRow(placed.order.id).payment_status).toBe('refunded');
      expect(refunded.body.history.events.at(-1)).toMatchObject({
        kind: 'refunded',
        amountCents: toPiastres(placed.order.totalPrice - fee),
      });
    } finally {
      await setPolicy({ freeHours: 24, lateFeePercent: 10, closedHours: 2 });
    }
  }, 30_000);
});

describe('a refund made by hand (D16)', () => {
  it('a cash order paid and cancelled is recorded refunded with how, reference and note', async () => {
    const placed = await placeOrder('cod');
    const admin = await adminClient(server.app);
    await admin.request('PATCH', `/api/orders/${placed.order.id}`, { paymentStatus: 'paid' });
    const cancelled = await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    expect(cancelled.body.order.paymentStatus).toBe('refund_due');
    const item = (await queue()).find((i) => i.order.id === placed.order.id)!;
    expect(item.attempt).toBeNull();
    const bad = await admin.request('POST', `/api/orders/${placed.order.id}/refund/manual`, {
      method: 'cheque',
    });
    expect(bad.status).toBe(400);
    const res = await admin.request('POST', `/api/orders/${placed.order.id}/refund/manual`, {
      method: 'bank_transfer',
      reference: 'TR-5521',
      note: 'Sent from the office account',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      paymentStatus: 'refunded',
      refund: {
        how: 'manual',
        manual: {
          method: 'bank_transfer',
          reference: 'TR-5521',
          note: 'Sent from the office account',
        },
      },
    });
    const history = (await admin.request('GET', `/api/orders/${placed.order.id}/payments`)).body
      .history;
    expect(history.events.at(-1)).toMatchObject({ kind: 'refunded', actor: 'admin' });
    const who = server.app.db
      .prepare(`SELECT actor_user_id FROM payment_events WHERE order_id = ? AND kind = 'refunded'`)
      .get(placed.order.id) as { actor_user_id: string | null };
    expect(who.actor_user_id).not.toBeNull();
    expect(outboxTemplates(placed.order.id)).toContain('payment_refunded');
    // Once: it is not due any more.
    const again = await admin.request('POST', `/api/orders/${placed.order.id}/refund/manual`, {
      method: 'cash',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('errors:refund.notDue');
  });

  it('a Paymob payment is refunded through Paymob, never recorded by hand', async () => {
    const placed = await placePaid();
    await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    const admin = await adminClient(server.app);
    const res = await admin.request('POST', `/api/orders/${placed.order.id}/refund/manual`, {
      method: 'cash',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors:refund.providerRefunds');
    expect(orderRow(placed.order.id).payment_status).toBe('refund_due');
  });

  it('only an admin sees the queue and records a refund', async () => {
    const placed = await placeOrder('cod');
    expect((await placed.client.request('GET', '/api/admin/refunds')).status).toBe(403);
    expect(
      (
        await placed.client.request('POST', `/api/orders/${placed.order.id}/refund/manual`, {
          method: 'cash',
        })
      ).status,
    ).toBe(403);
  });
});

describe('a payment on a cancelled order (D16)', () => {
  it('is owed back whole: refund due, on the queue', async () => {
    const placed = await placeOrder('card');
    const started = await placed.client.request('POST', `/api/orders/${placed.order.id}/payments`, {
      method: 'card',
      language: 'ar',
    });
    const secret = new URL(started.body.payment.redirectUrl).searchParams.get('clientSecret')!;
    const cancelled = await placed.client.request('POST', `/api/orders/${placed.order.id}/cancel`);
    expect(cancelled.body.order).toMatchObject({ paymentStatus: 'pending', refund: null });
    await fake.pay(fake.intentions.get(secret) as FakeIntention, 'success');
    await vi.waitFor(() => expect(orderRow(placed.order.id).payment_status).toBe('refund_due'));
    expect(JSON.parse(orderRow(placed.order.id).refund!)).toMatchObject({
      amount: placed.order.totalPrice,
      fee: 0,
    });
    expect((await queue()).some((i) => i.order.id === placed.order.id)).toBe(true);
  });
});
