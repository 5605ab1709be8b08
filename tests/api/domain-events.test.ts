import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/order.ts';
import type { DomainEvent } from '../../server/src/events/domain-events.ts';
import type { Subscriber } from '../../server/src/events/subscribers.ts';
import type { PaymentProvider } from '../../server/src/payments/payment-provider.ts';
import { orderBody, TEST_CARD_TOKEN } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient, uniquePhone } from './test-server.ts';
import type { TestClient, TestServer } from './test-server.ts';
import { moveOrderTo, reopenOrder } from './lifecycle-helpers.ts';

// The services publish what happened on one bus (order created, status changed, cancelled,
// payment confirmed, review posted); subscribers registered through build() hear it, and a
// subscriber that fails never fails the request.

const heard: DomainEvent[] = [];
let failing = false;
let broke = 0;
const recorder: Subscriber = (events) => {
  for (const type of [
    'order.created',
    'order.statusChanged',
    'order.cancelled',
    'order.paymentConfirmed',
    'order.deleted',
    'review.posted',
    'review.moderated',
  ] as const) {
    events.on(type, (event) => {
      heard.push(event);
    });
  }
};
const breaker: Subscriber = (events) => {
  events.on('order.created', () => {
    if (!failing) return;
    broke += 1;
    throw new Error('the SMS gateway is down');
  });
  events.on('review.posted', async () => {
    if (!failing) return;
    broke += 1;
    throw new Error('a rejected promise');
  });
};

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({}, { subscribers: [breaker, recorder] });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  heard.length = 0;
  failing = false;
});

/** A customer who proved a number of their own (D13), which their orders give. */
interface Customer {
  client: TestClient;
  phone: string;
}

async function place(
  { client, phone }: Customer,
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const res = await client.request<{ order: Order }>(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: phone, ...overrides }),
  );
  expect(res.status).toBe(201);
  return res.body.order;
}

let addresses = 0;
/** A new customer, from an address of its own too. */
async function customer(): Promise<Customer> {
  addresses += 1;
  const phone = uniquePhone();
  const client = await customerClient(server.app, {
    phone,
    remoteAddress: `203.0.113.${addresses}`,
  });
  return { client, phone };
}

const types = () => heard.map((event) => event.type);

describe('domain events', () => {
  it('a cash order: created, and no payment confirmed', async () => {
    const order = await place(await customer());
    expect(types()).toEqual(['order.created']);
    expect(heard[0]).toMatchObject({ type: 'order.created', order: { id: order.id } });
  });

  it('a card order is created paid: created, then payment confirmed', async () => {
    const order = await place(await customer(), {
      paymentMethod: 'card',
      paymentToken: TEST_CARD_TOKEN,
    });
    expect(types()).toEqual(['order.created', 'order.paymentConfirmed']);
    expect(heard[1]).toMatchObject({ order: { id: order.id, paymentStatus: 'paid' } });
  });

  it('a refused order publishes nothing', async () => {
    const { client, phone } = await customer();
    const res = await client.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone, totalPrice: 1 }),
    );
    expect(res.status).toBe(400);
    expect(heard).toEqual([]);
  });

  it('a customer cancel: status changed from received to cancelled, by the customer', async () => {
    const booker = await customer();
    const order = await place(booker);
    heard.length = 0;
    const res = await booker.client.request('POST', `/api/orders/${order.id}/cancel`);
    expect(res.status).toBe(200);
    expect(heard).toEqual([
      expect.objectContaining({
        type: 'order.statusChanged',
        from: 'received',
        to: 'cancelled',
        actor: 'customer',
      }),
      expect.objectContaining({ type: 'order.cancelled', actor: 'customer' }),
    ]);
  });

  it('an admin moves an order on and marks it paid; the same status again is refused, unheard', async () => {
    const order = await place(await customer());
    const admin = await adminClient(server.app);
    heard.length = 0;

    expect(
      (await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'under_review' })).status,
    ).toBe(200);
    expect(heard).toEqual([
      expect.objectContaining({
        type: 'order.statusChanged',
        from: 'received',
        to: 'under_review',
        actor: 'admin',
      }),
    ]);

    heard.length = 0;
    const paid = await admin.request('PATCH', `/api/orders/${order.id}`, { paymentStatus: 'paid' });
    expect(paid.status).toBe(200);
    expect(types()).toEqual(['order.paymentConfirmed']);

    heard.length = 0;
    const again = await admin.request('PATCH', `/api/orders/${order.id}`, {
      status: 'under_review',
    });
    expect(again.status).toBe(409);
    expect(types()).toEqual([]);

    await admin.request('DELETE', `/api/orders/${order.id}`);
    expect(heard).toEqual([
      expect.objectContaining({ type: 'order.deleted', orderNumber: order.orderNumber }),
    ]);
  });

  it('a review posted, then published; its order moved on: the public list may change', async () => {
    const buyer = await customer();
    const { client } = buyer;
    const order = await place(buyer);
    const admin = await adminClient(server.app);
    await moveOrderTo(admin, order.id, 'delivered');
    heard.length = 0;
    const res = await client.request<{ review: { id: string } }>('POST', '/api/reviews', {
      orderId: order.id,
      review: 'Careful and on time',
      rating: 5,
    });
    expect(res.status).toBe(201);
    expect(heard).toEqual([
      expect.objectContaining({
        type: 'review.posted',
        review: expect.objectContaining({ rating: 5, name: 'Mona' }),
      }),
    ]);
    heard.length = 0;
    await admin.request('PATCH', `/api/reviews/${res.body.review.id}`, { hidden: false });
    expect(types()).toEqual(['review.moderated']);
    // D14: a review is public only while its order is delivered.
    heard.length = 0;
    await reopenOrder(admin, order.id);
    // (The subscriber hears the change first and speaks before the recorder hears it.)
    expect(types().sort()).toEqual(['order.statusChanged', 'review.moderated']);
    expect(heard.find((e) => e.type === 'review.moderated')).toEqual({
      type: 'review.moderated',
      reviewId: res.body.review.id,
    });
    // Deleting a delivered order: its review, if any, leaves the public list.
    await moveOrderTo(admin, order.id, 'delivered');
    heard.length = 0;
    await admin.request('DELETE', `/api/orders/${order.id}`);
    expect(types().sort()).toEqual(['order.deleted', 'review.moderated']);
  });

  it('a subscriber that throws or rejects does not fail the request, nor keep others from hearing', async () => {
    // A delivered order to review, before anything fails.
    const buyer = await customer();
    const { client } = buyer;
    const reviewed = await place(buyer);
    const admin = await adminClient(server.app);
    await moveOrderTo(admin, reviewed.id, 'delivered');
    const before = broke;
    heard.length = 0;

    failing = true;
    const order = await place(await customer());
    expect(types()).toEqual(['order.created']);
    expect(server.app.orders.findById(order.id)).not.toBeNull();

    heard.length = 0;
    const res = await client.request('POST', '/api/reviews', {
      orderId: reviewed.id,
      review: 'Fine work',
      rating: 4,
    });
    expect(res.status).toBe(201);
    expect(types()).toEqual(['review.posted']);
    expect(broke - before).toBe(2);
  });
});

describe('build({ paymentProvider })', () => {
  let gateway: TestServer;
  const seen: { token: string; amount: number }[] = [];
  const provider: PaymentProvider = {
    kind: 'token',
    name: 'test',
    async verify(token, amount) {
      seen.push({ token, amount });
      return token === 'gateway-approves' ? { ok: true, reference: 'gw_123' } : { ok: false };
    },
  };

  beforeAll(async () => {
    gateway = await createTestServer({}, { paymentProvider: provider });
  });

  afterAll(async () => {
    await gateway.close();
  });

  it('card orders are verified by the provider given to build(), for the order total', async () => {
    const client = await customerClient(gateway.app);
    const body = orderBody({ paymentMethod: 'card', paymentToken: 'gateway-approves' });
    const res = await client.request<{ order: Order }>('POST', '/api/orders', body);
    expect(res.status).toBe(201);
    expect(seen).toEqual([{ token: 'gateway-approves', amount: body.totalPrice }]);
    const row = gateway.app.db
      .prepare('SELECT payment_reference AS ref FROM orders WHERE id = ?')
      .get(res.body.order.id) as { ref: string };
    expect(row.ref).toBe('gw_123');

    // The test token the default provider would approve is this provider's to refuse.
    const refused = await client.request(
      'POST',
      '/api/orders',
      orderBody({ paymentMethod: 'card', paymentToken: TEST_CARD_TOKEN }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ paymentToken: 'validation:payment.declined' });
  });
});
