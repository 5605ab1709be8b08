import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/order.ts';
import {
  adminReviewShape,
  orderShape,
  priceCatalogShape,
  publicTrackingShape,
  reviewableOrderShape,
  reviewShape,
  submittedReviewShape,
} from '../../src/domain/api-responses.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';
import { moveOrderTo } from './lifecycle-helpers.ts';

// Routes declare what they answer with the domain's zod shapes (src/domain/api-responses.ts);
// Fastify serialises with the JSON Schema generated from them, so the keys are exactly the
// shape's and a property a repository adds by mistake never reaches a browser.

let server: TestServer;
let client: TestClient;
let order: Order;

beforeAll(async () => {
  server = await createTestServer();
  // A customer who proved the fixtures' number may book it (D13).
  client = await customerClient(server.app);
  const res = await client.request<{ order: Order }>('POST', '/api/orders', orderBody());
  expect(res.status).toBe(201);
  order = res.body.order;
});

afterAll(async () => {
  await server.close();
});

const keys = (value: object) => Object.keys(value).sort();
const fieldsOf = (shape: { shape: object }) => keys(shape.shape);

describe('response schemas', () => {
  it('an order answer has exactly the Order fields', async () => {
    expect(keys(order)).toEqual(fieldsOf(orderShape));
    const res = await client.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(keys(res.body)).toEqual(['order']);
    expect(keys(res.body.order)).toEqual(fieldsOf(orderShape));
    expect(keys(res.body.order.statusHistory[0]!)).toEqual(['actor', 'at', 'status']);
  });

  it('the catalog answer is the catalog the service holds, every field of it', async () => {
    const res = await client.request<{ catalog: object }>('GET', '/api/prices');
    expect(res.status).toBe(200);
    expect(keys(res.body.catalog)).toEqual(fieldsOf(priceCatalogShape));
    expect(res.body.catalog).toEqual(server.app.services.catalog.current());
  });

  it('a field a repository adds by mistake is not sent', async () => {
    const { orders } = server.app;
    const findById = orders.findById.bind(orders);
    orders.findById = (id: string) => {
      const found = findById(id);
      return found && ({ ...found, paymentReference: 'gw_secret', passwordHash: 'x' } as Order);
    };
    try {
      const res = await client.request('GET', `/api/orders/${order.id}`);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('gw_secret');
      expect(JSON.stringify(res.body)).not.toContain('passwordHash');
    } finally {
      orders.findById = findById;
    }
  });

  it('tracking shows the public projection only', async () => {
    const res = await new TestClient(server.app).request<{ tracking: object }>(
      'GET',
      `/api/track/${order.orderNumber}`,
    );
    expect(res.status).toBe(200);
    expect(keys(res.body.tracking)).toEqual(fieldsOf(publicTrackingShape));
    expect(JSON.stringify(res.body)).not.toContain(order.fullName);
  });

  it('a page of orders: orders, total and a count for every status', async () => {
    const admin = await adminClient(server.app);
    const res = await admin.request<{ orders: Order[]; total: number; counts: object }>(
      'GET',
      '/api/orders',
    );
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(['counts', 'orders', 'total']);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(keys(res.body.orders[0]!)).toEqual(fieldsOf(orderShape));
  });

  it('reviews (D14): the public list has only the public fields; the author and the admins more', async () => {
    const admin = await adminClient(server.app);
    const reviewable = await client.request<{ orders: object[] }>('GET', '/api/reviews/reviewable');
    expect(reviewable.body.orders).toEqual([]);
    await moveOrderTo(admin, order.id, 'delivered');
    const listed = await client.request<{ orders: object[] }>('GET', '/api/reviews/reviewable');
    expect(keys(listed.body.orders[0]!)).toEqual(fieldsOf(reviewableOrderShape));

    const posted = await client.request<{ review: { id: string } }>('POST', '/api/reviews', {
      orderId: order.id,
      review: 'Careful and on time',
      rating: 5,
    });
    expect(posted.status).toBe(201);
    expect(keys(posted.body.review)).toEqual(fieldsOf(submittedReviewShape));
    const published = await admin.request<{ review: object }>(
      'PATCH',
      `/api/reviews/${posted.body.review.id}`,
      { hidden: false },
    );
    expect(keys(published.body.review)).toEqual(fieldsOf(adminReviewShape));
    const all = await admin.request<{ reviews: object[] }>('GET', '/api/reviews?all=1');
    expect(keys(all.body.reviews[0]!)).toEqual(fieldsOf(adminReviewShape));
    const shown = await client.request<{ reviews: object[] }>('GET', '/api/reviews');
    expect(keys(shown.body.reviews[0]!)).toEqual(fieldsOf(reviewShape));
    expect(JSON.stringify(shown.body)).not.toContain(order.fullName);
    expect(JSON.stringify(shown.body)).not.toContain(order.orderNumber);

    const settings = await admin.request<{ settings: object }>('GET', '/api/reviews/settings');
    expect(settings.body).toEqual({ settings: { publishAtOnce: false } });
  });
});
