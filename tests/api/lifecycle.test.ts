// One lifecycle for the office, going back and another date (docs/decisions.md D17), over REST:
// the refusals and their codes, what the database keeps of each history entry (migration 042),
// the crews counted in the change's own transaction, and the outbox row a new date causes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/order.ts';
import { futureMoveDate, orderBody } from './order-fixtures.ts';
import { moveOrderTo } from './lifecycle-helpers.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  TestClient,
  uniquePhone,
  type TestServer,
} from './test-server.ts';

let server: TestServer;
let admin: TestClient;

// Two windows of one crew and one of two: the crews tests below fill them on dates of their own.
const PLAN = {
  windows: [
    { id: 'morning', start: '08:00', end: '12:00', crews: 2 },
    { id: 'midday', start: '12:00', end: '16:00', crews: 1 },
    { id: 'evening', start: '16:00', end: '20:00', crews: 1 },
  ],
  exceptions: [],
};

beforeAll(async () => {
  server = await createTestServer({}, { capacity: PLAN });
  admin = await adminClient(server.app);
});

afterAll(async () => {
  await server.close();
});

let days = 20;
/** A date of its own for each test, so crews counted on it are that test's alone. */
const nextDate = () => futureMoveDate((days += 2));

async function customer(): Promise<{ client: TestClient; phone: string }> {
  const phone = uniquePhone();
  return { client: await customerClient(server.app, { phone }), phone };
}

async function place(
  who: { client: TestClient; phone: string },
  moveDate: string,
  moveTime = '09:00',
): Promise<Order> {
  const res = await who.client.request<{ order: Order }>(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: who.phone, moveDate, moveTime }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}

const historyRows = (orderId: string) =>
  server.app.db
    .prepare(
      `SELECT status, actor, actor_user_id IS NOT NULL AS byUser, kind, reason, moved
       FROM order_status_history WHERE order_id = ? ORDER BY at, rowid`,
    )
    .all(orderId) as {
    status: string;
    actor: string;
    byUser: number;
    kind: string | null;
    reason: string | null;
    moved: string | null;
  }[];

const bookedOn = (date: string) =>
  Object.fromEntries(
    (
      server.app.db
        .prepare(
          `SELECT window_id, COUNT(*) AS n FROM orders
           WHERE move_date = ? AND status <> 'cancelled' GROUP BY window_id`,
        )
        .all(date) as { window_id: string; n: number }[]
    ).map(({ window_id, n }) => [window_id, n]),
  );

describe('POST /api/orders/:id/go-back (D17)', () => {
  it('un-cancels with the reason kept in the history row, by the admin; a plain PATCH back is 409', async () => {
    const buyer = await customer();
    const order = await place(buyer, nextDate());
    await moveOrderTo(admin, order.id, 'under_review');
    expect((await buyer.client.request('POST', `/api/orders/${order.id}/cancel`)).status).toBe(200);
    const patched = await admin.request('PATCH', `/api/orders/${order.id}`, {
      status: 'under_review',
    });
    expect(patched.status).toBe(409);
    expect(patched.body.error.message).toBe('errors:lifecycle.notAllowed');

    const res = await admin.request<{ order: Order }>('POST', `/api/orders/${order.id}/go-back`, {
      action: 'uncancel',
      reason: '  The customer called back  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('under_review');
    expect(historyRows(order.id)).toEqual([
      { status: 'received', actor: 'system', byUser: 0, kind: null, reason: null, moved: null },
      { status: 'under_review', actor: 'admin', byUser: 1, kind: null, reason: null, moved: null },
      { status: 'cancelled', actor: 'customer', byUser: 1, kind: null, reason: null, moved: null },
      {
        status: 'under_review',
        actor: 'admin',
        byUser: 1,
        kind: 'uncancelled',
        reason: 'The customer called back',
        moved: null,
      },
    ]);
    // The public view: the kind of step, not the reason.
    const tracked = await new TestClient(server.app).request(
      'GET',
      `/api/track/${order.orderNumber}`,
    );
    expect(tracked.body.tracking.statusHistory.at(-1)).toEqual({
      status: 'under_review',
      at: res.body.order.statusHistory.at(-1)!.at,
      actor: 'admin',
      kind: 'uncancelled',
    });
    expect(JSON.stringify(tracked.body)).not.toContain('called back');
  });

  it.each([
    ['no reason', 400, { action: 'uncancel' }, 'validation:lifecycle.reasonRequired'],
    [
      'a blank reason',
      400,
      { action: 'uncancel', reason: '  ' },
      'validation:lifecycle.reasonRequired',
    ],
    [
      'an unknown action',
      400,
      { action: 'undeliver', reason: 'Mistake' },
      'validation:common.invalid',
    ],
    [
      'an extra field',
      400,
      { action: 'uncancel', reason: 'Mistake', status: 'received' },
      'validation:common.invalid',
    ],
    [
      'a reopen of an order not delivered',
      409,
      { action: 'reopen', reason: 'Mistake' },
      'errors:lifecycle.notDelivered',
    ],
  ])('refuses %s (%i) and changes nothing', async (_name, status, body, message) => {
    const order = await place(await customer(), nextDate());
    if (status === 400) {
      await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'cancelled' });
    }
    const before = historyRows(order.id);
    const res = await admin.request('POST', `/api/orders/${order.id}/go-back`, body);
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body.error)).toContain(message);
    expect(historyRows(order.id)).toEqual(before);
  });

  it('refuses an un-cancel of an order whose money went back (409): book a new one', async () => {
    const order = await place(await customer(), nextDate());
    await admin.request('PATCH', `/api/orders/${order.id}`, { paymentStatus: 'paid' });
    await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'cancelled' });
    // However the refund was made (D16: through the gateway, or recorded by hand), it was made.
    server.app.db
      .prepare("UPDATE orders SET payment_status = 'refunded' WHERE id = ?")
      .run(order.id);
    const res = await admin.request('POST', `/api/orders/${order.id}/go-back`, {
      action: 'uncancel',
      reason: 'The customer called back',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors:lifecycle.uncancelRefunded');
    expect(server.app.orders.findById(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
  });

  it('refuses an un-cancel when its window’s crew went to another order (409 with the next free)', async () => {
    const date = nextDate();
    const first = await customer();
    const order = await place(first, date, '12:30');
    await first.client.request('POST', `/api/orders/${order.id}/cancel`);
    await place(await customer(), date, '13:00');
    const res = await admin.request('POST', `/api/orders/${order.id}/go-back`, {
      action: 'uncancel',
      reason: 'The customer called back',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors:lifecycle.uncancelNoCrew');
    // The same day's free windows first, in time order.
    expect(res.body.error.details.alternatives.slice(0, 2)).toEqual([
      { date, window: { id: 'morning', start: '08:00', end: '12:00' } },
      { date, window: { id: 'evening', start: '16:00', end: '20:00' } },
    ]);
    expect(bookedOn(date)).toEqual({ midday: 1 });
    expect(server.app.orders.findById(order.id)!.status).toBe('cancelled');
  });
});

describe('POST /api/orders/:id/reschedule (D17)', () => {
  it('moves the order and its crew, records from-to in the history row, and queues the customer’s message', async () => {
    const date = nextDate();
    const buyer = await customer();
    const res0 = await buyer.client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({
        phoneNumber: buyer.phone,
        moveDate: date,
        moveTime: '09:00',
        notifyConsent: true,
        language: 'en',
      }),
    );
    const order = res0.body.order;
    expect(bookedOn(date)).toEqual({ morning: 1 });
    const later = nextDate();
    const res = await buyer.client.request<{ order: Order }>(
      'POST',
      `/api/orders/${order.id}/reschedule`,
      { moveDate: later, windowId: 'evening' },
    );
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      moveDate: later,
      moveTime: '16:00',
      timeWindow: { id: 'evening', start: '16:00', end: '20:00' },
      totalPrice: order.totalPrice,
      status: 'received',
    });
    expect(bookedOn(date)).toEqual({});
    expect(bookedOn(later)).toEqual({ evening: 1 });
    const row = historyRows(order.id).at(-1)!;
    expect(row).toMatchObject({
      status: 'received',
      actor: 'customer',
      kind: 'rescheduled',
      reason: null,
    });
    expect(JSON.parse(row.moved!)).toEqual({
      from: { date, time: '09:00', window: { id: 'morning', start: '08:00', end: '12:00' } },
      to: { date: later, time: '16:00', window: { id: 'evening', start: '16:00', end: '20:00' } },
    });
    // The outbox: the event, its detail, and the customer's message in their language.
    const event = server.app.db
      .prepare(
        "SELECT id, detail FROM outbox_events WHERE order_id = ? AND type = 'order.rescheduled'",
      )
      .get(order.id) as { id: string; detail: string };
    expect(JSON.parse(event.detail)).toMatchObject({ actor: 'customer', to: { date: later } });
    const message = server.app.db
      .prepare('SELECT template, recipient, language, body FROM outbox_messages WHERE event_id = ?')
      .get(event.id) as { template: string; recipient: string; language: string; body: string };
    expect(message).toMatchObject({
      template: 'order_rescheduled',
      recipient: 'customer',
      language: 'en',
    });
    expect(message.body).toContain('4:00 PM');
    expect(message.body).toContain('The price stays the same');
  });

  it.each([
    ['no date', 400, { windowId: 'evening' }, 'validation:date.invalid'],
    ['a date past', 400, { moveDate: '2020-01-01', windowId: 'evening' }, 'validation:date.past'],
    [
      'a window the plan lacks',
      400,
      { moveDate: futureMoveDate(40), windowId: 'night' },
      'validation:time.noWindow',
    ],
    [
      'a price',
      400,
      { moveDate: futureMoveDate(40), windowId: 'evening', totalPrice: 1 },
      'validation:common.invalid',
    ],
  ])('refuses %s (%i), and the order keeps its date', async (_name, status, body, message) => {
    const buyer = await customer();
    const order = await place(buyer, nextDate());
    const res = await buyer.client.request('POST', `/api/orders/${order.id}/reschedule`, body);
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body.error)).toContain(message);
    expect(server.app.orders.findById(order.id)).toEqual(order);
  });

  it('is the owner’s or an admin’s: 401 without a session, 403 for someone else, 404 unknown', async () => {
    const order = await place(await customer(), nextDate());
    const path = `/api/orders/${order.id}/reschedule`;
    const body = { moveDate: futureMoveDate(41), windowId: 'evening' };
    expect((await new TestClient(server.app).request('POST', path, body)).status).toBe(401);
    expect((await (await customer()).client.request('POST', path, body)).status).toBe(403);
    expect((await admin.request('POST', '/api/orders/nope/reschedule', body)).status).toBe(404);
    const byAdmin = await admin.request<{ order: Order }>('POST', path, {
      ...body,
      reason: 'Called',
    });
    expect(byAdmin.status).toBe(200);
    expect(historyRows(order.id).at(-1)).toMatchObject({
      actor: 'admin',
      kind: 'rescheduled',
      reason: 'Called',
      byUser: 1,
    });
  });

  it('two customers for the last crew of a window at once: one wins, the other gets 409, counts right', async () => {
    const date = nextDate();
    const [a, b] = [await customer(), await customer()];
    const [first, second] = [await place(a, date), await place(b, date)];
    const results = await Promise.all([
      a.client.request('POST', `/api/orders/${first.id}/reschedule`, {
        moveDate: date,
        windowId: 'midday',
      }),
      b.client.request('POST', `/api/orders/${second.id}/reschedule`, {
        moveDate: date,
        windowId: 'midday',
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error.message).toBe('errors:order.windowFull');
    expect(bookedOn(date)).toEqual({ morning: 1, midday: 1 });
  });
});
