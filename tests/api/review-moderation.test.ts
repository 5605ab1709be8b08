import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminReview, Order, Review } from '../../src/data/port.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient, uniquePhone } from './test-server.ts';
import type { TestServer, TestClient } from './test-server.ts';
import { moveOrderTo } from './lifecycle-helpers.ts';

// Review moderation (issue 5, D14): admins list every review with its order, publish (approve)
// held ones, hide and delete. Who may call these is in the authorization matrix; this file is
// about what they do.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('review moderation over REST', () => {
  let server: TestServer;
  let admin: TestClient;
  let nextIp = 1;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.app.db.exec('DELETE FROM reviews');
  });

  /** A customer who proved a number of their own (D13), from a new address (one a minute each). */
  interface Customer {
    client: TestClient;
    phone: string;
  }

  async function newCustomer(): Promise<Customer> {
    const phone = uniquePhone();
    return {
      client: await customerClient(server.app, { phone, remoteAddress: nextAddress() }),
      phone,
    };
  }

  /** An order of `customer`'s, delivered by the team. */
  async function deliveredOrder({ client, phone }: Customer): Promise<Order> {
    const placed = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone }),
    );
    expect(placed.status).toBe(201);
    await moveOrderTo(admin, placed.body.order.id, 'delivered');
    return placed.body.order;
  }

  /**
   * A customer's review of their delivered order, held for approval (the default): a new
   * customer's unless given.
   */
  async function post(text: string, author?: Customer): Promise<Review> {
    const customer = author ?? (await newCustomer());
    const order = await deliveredOrder(customer);
    const res = await customer.client.request<{ review: Review }>('POST', '/api/reviews', {
      orderId: order.id,
      review: text,
      rating: 4,
    });
    expect(res.status).toBe(201);
    return res.body.review;
  }
  const nextAddress = () => `198.51.100.${nextIp++}`;

  async function publicIds(): Promise<string[]> {
    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    return (res.json() as { reviews: Review[] }).reviews.map((r) => r.id);
  }

  function stateColumn(id: string): string | undefined {
    const row = server.app.db.prepare('SELECT state FROM reviews WHERE id = ?').get(id) as
      { state: string } | undefined;
    return row?.state;
  }

  it('lists every review for admins, every state, with its order, newest first, without who posted', async () => {
    const older = await post('The older review, fine');
    // The next review is written once the clock has moved past this one's time.
    while (Date.now() <= Date.parse(older.createdAt))
      await new Promise((resolve) => setImmediate(resolve));
    const newer = await post('The newer review, great');
    await admin.request('PATCH', `/api/reviews/${newer.id}`, { hidden: false });

    const res = await admin.request<{ reviews: AdminReview[] }>('GET', '/api/reviews?all=1');
    expect(res.status).toBe(200);
    expect(res.body.reviews.map((r) => [r.id, r.state, r.listed])).toEqual([
      [newer.id, 'published', true],
      [older.id, 'pending', false],
    ]);
    for (const review of res.body.reviews) {
      expect(Object.keys(review).sort()).toEqual(
        ['createdAt', 'id', 'listed', 'name', 'order', 'rating', 'review', 'state'].sort(),
      );
      expect(Object.keys(review.order!).sort()).toEqual(
        ['fullName', 'id', 'orderNumber', 'status'].sort(),
      );
    }
    // Without all=1 the admin gets the public list, like everyone else.
    expect(await publicIds()).toEqual([newer.id]);
    const plain = await admin.request<{ reviews: Review[] }>('GET', '/api/reviews?all=0');
    expect(plain.body.reviews.map((r) => r.id)).toEqual([newer.id]);
  });

  it('refuses an unknown value of all', async () => {
    const res = await admin.request('GET', '/api/reviews?all=yes');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
  });

  it('publishes a held review, hides it, and publishes it again', async () => {
    const review = await post('Publish me, hide me, publish me');
    expect(stateColumn(review.id)).toBe('pending');

    const published = await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: false });
    expect(published.status).toBe(200);
    expect(published.body.review).toMatchObject({ ...review, state: 'published', listed: true });
    expect(await publicIds()).toEqual([review.id]);

    const hidden = await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body.review).toMatchObject({ id: review.id, state: 'hidden', listed: false });
    expect(stateColumn(review.id)).toBe('hidden');
    expect(await publicIds()).not.toContain(review.id);

    await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: false });
    expect(await publicIds()).toEqual([review.id]);
  });

  it('a hidden review still counts for its author’s one-a-minute rule', async () => {
    const author = await newCustomer();
    const first = await post('First one, then hidden', author);
    await admin.request('PATCH', `/api/reviews/${first.id}`, { hidden: true });
    const second = await deliveredOrder(author);
    const again = await author.client.request('POST', '/api/reviews', {
      orderId: second.id,
      review: 'Trying again at once',
      rating: 1,
    });
    expect(again.status).toBe(429);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a string for hidden', { hidden: 'true' }],
    ['a number for hidden', { hidden: 1 }],
    ['an extra key', { hidden: true, rating: 1 }],
  ])('refuses %s with 400 and changes nothing', async (_what, body) => {
    const review = await post('Not to be touched');
    const res = await admin.request('PATCH', `/api/reviews/${review.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(stateColumn(review.id)).toBe('pending');
  });

  it('refuses a PATCH that is not JSON (415), the CSRF guard', async () => {
    const review = await post('Form posts cannot hide me');
    const res = await admin.request('PATCH', `/api/reviews/${review.id}`, undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(stateColumn(review.id)).toBe('pending');
  });

  it('deletes a review: 204, gone from both lists, then 404', async () => {
    const review = await post('Delete me please');
    await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: false });
    const res = await admin.request('DELETE', `/api/reviews/${review.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(stateColumn(review.id)).toBeUndefined();
    expect(await publicIds()).toEqual([]);
    const all = await admin.request('GET', '/api/reviews?all=1');
    expect(all.body.reviews).toEqual([]);

    const again = await admin.request('DELETE', `/api/reviews/${review.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not-found');
  });

  it('after a deletion the customer may review that order again (hide keeps them from it)', async () => {
    const author = await newCustomer();
    const client = author.client;
    const review = await post('Rude words, deleted', author);
    const orderId = (
      server.app.db.prepare('SELECT order_id FROM reviews WHERE id = ?').get(review.id) as {
        order_id: string;
      }
    ).order_id;
    await admin.request('DELETE', `/api/reviews/${review.id}`);
    server.app.db.exec("UPDATE reviews SET created_at = '2020-01-01T00:00:00.000Z'");
    const reviewable = await client.request('GET', '/api/reviews/reviewable');
    expect(reviewable.body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
    const rewritten = await client.request('POST', '/api/reviews', {
      orderId,
      review: 'Kinder words',
      rating: 3,
    });
    expect(rewritten.status).toBe(201);
  });

  it('refuses a DELETE with a non-JSON body (415)', async () => {
    const review = await post('Still here after a form delete');
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${review.id}`,
      headers: {
        'content-type': 'text/plain',
        cookie: `afsh_session=${admin.sessionCookie ?? ''}`,
      },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(stateColumn(review.id)).toBe('pending');
  });

  it('answers 404 for an unknown id', async () => {
    await post('Some other review');
    for (const id of [UNKNOWN_ID, 'not-a-review']) {
      const patch = await admin.request('PATCH', `/api/reviews/${id}`, { hidden: true });
      expect(patch.status).toBe(404);
      expect(patch.body.error.code).toBe('not-found');
      const del = await admin.request('DELETE', `/api/reviews/${id}`);
      expect(del.status).toBe(404);
    }
  });
});
