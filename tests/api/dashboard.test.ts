import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/data/port.ts';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity.ts';
import {
  aggregatesOf,
  dashboardOf,
  dashboardPeriod,
  type Dashboard,
} from '../../src/domain/dashboard.ts';
import { orderBody } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  TestClient,
  uniquePhone,
  visitorClient,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let admin: TestClient;
const placed: Order[] = [];

// Bookings on fixed Cairo days, written with their time (the server stamps "now"): Egypt is on
// UTC+2 in November 2026, so 22:00 UTC is midnight in Cairo.
const CREATED = [
  '2026-11-21T08:00:00.000Z',
  '2026-11-22T10:00:00.000Z',
  '2026-11-23T10:00:00.000Z',
  '2026-11-30T21:59:00.000Z', // 23:59 on the 30th in Cairo: in the period
  '2026-11-30T22:00:00.000Z', // 00:00 on 1 December in Cairo: after it
  '2026-11-15T10:00:00.000Z', // the previous period
];

beforeAll(async () => {
  server = await createTestServer();
  admin = await adminClient(server.app);
  const phone = uniquePhone();
  const customer = await customerClient(server.app, { phone });
  for (const [i, createdAt] of CREATED.entries()) {
    const res = await customer.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ moveType: i % 2 ? 'full' : 'partial', phoneNumber: phone }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    let order = res.body.order;
    if (i === 2) {
      const cancel = await customer.request<{ order: Order }>(
        'POST',
        `/api/orders/${order.id}/cancel`,
      );
      order = cancel.body.order;
    }
    server.app.db.prepare('UPDATE orders SET created_at = ? WHERE id = ?').run(createdAt, order.id);
    server.app.db
      .prepare(`UPDATE order_status_history SET at = ? WHERE order_id = ? AND status = 'received'`)
      .run(createdAt, order.id);
    placed.push(order);
  }
});

afterAll(async () => {
  await server.close();
});

async function dashboardFor(query: string): Promise<Dashboard> {
  const res = await admin.request<{ dashboard: Dashboard }>('GET', `/api/admin/dashboard?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.dashboard;
}

async function allOrders(): Promise<Order[]> {
  const res = await admin.request<{ orders: Order[] }>('GET', '/api/orders?limit=100');
  return res.body.orders;
}

describe('GET /api/admin/dashboard', () => {
  it('is for admins only', async () => {
    const visitor = await visitorClient(server.app);
    expect((await visitor.request('GET', '/api/admin/dashboard')).status).toBe(403);
    const customer = await customerClient(server.app, { phone: uniquePhone() });
    expect((await customer.request('GET', '/api/admin/dashboard')).status).toBe(403);
    expect((await new TestClient(server.app).request('GET', '/api/admin/dashboard')).status).toBe(
      401,
    );
  });

  it('counts the period in Cairo days, the booking at midnight in the next', async () => {
    const d = await dashboardFor('from=2026-11-21&to=2026-11-30&bucket=week');
    expect(d.current.bookings).toBe(4);
    expect(d.current.cancellations).toBe(1);
    expect(d.previous.bookings).toBe(1);
    expect([d.previousFrom, d.previousTo]).toEqual(['2026-11-11', '2026-11-20']);
    expect(d.series.map((p) => [p.from, p.bookings])).toEqual([
      ['2026-11-21', 3],
      ['2026-11-28', 1],
    ]);
    const december = await dashboardFor('from=2026-12-01&to=2026-12-01');
    expect(december.current.bookings).toBe(1);
  });

  it('answers in SQL what the domain computes from the orders themselves', async () => {
    const orders = await allOrders();
    expect(orders).toHaveLength(placed.length);
    const plan = (await admin.request('GET', '/api/capacity')).body.plan ?? FIRST_CAPACITY_PLAN;
    for (const query of [
      { from: '2026-11-21', to: '2026-11-30', bucket: 'week' as const },
      { from: '2026-11-01', to: '2026-12-31', bucket: 'month' as const },
      { from: '2026-11-14', to: '2026-12-03', bucket: 'day' as const },
    ]) {
      const period = dashboardPeriod(query)!;
      const expected = dashboardOf(period, aggregatesOf(period, orders, []), plan);
      const answer = await dashboardFor(new URLSearchParams(query).toString());
      expect(answer, JSON.stringify(query)).toEqual(expected);
    }
  });

  it('refuses a range that is not one with a message to show', async () => {
    for (const query of [
      'from=2026-11-30&to=2026-11-01',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=yesterday',
      'bucket=year',
    ]) {
      const res = await admin.request('GET', `/api/admin/dashboard?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.values(res.body.error.fields ?? {}).concat(res.body.error.message)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^validation:/)]),
      );
    }
    const res = await admin.request('GET', '/api/admin/dashboard?from=2026-11-30&to=2026-11-01');
    expect(res.body.error.fields).toEqual({ to: 'validation:dashboard.range' });
  });

  it('answers the last 30 days by day when asked nothing', async () => {
    const d = await dashboardFor('');
    expect(d.bucket).toBe('day');
    expect(d.series).toHaveLength(30);
  });
});
