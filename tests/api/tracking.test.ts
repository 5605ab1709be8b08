import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PublicTracking } from '../../src/data/port.ts';
import { orderBody } from './order-fixtures.ts';
import { adminClient, createTestServer, customerClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';
import { moveOrderTo } from './lifecycle-helpers.ts';

const PERSONAL = {
  fullName: 'Yasmin Tracking-Secret',
  phoneNumber: '01234567891',
  pickupAddress: '77 Hidden Pickup Street, Zamalek',
  dropoffAddress: '88 Hidden Dropoff Road, Maadi',
  notes: 'Secret note: the key is under the mat',
};

describe('GET /api/track/:orderNumber', () => {
  let server: TestServer;
  let order: Order;

  beforeAll(async () => {
    server = await createTestServer();
    // The customer proved the order's number (D13); their id is one more thing not to show.
    const owner = await customerClient(server.app, { phone: PERSONAL.phoneNumber });
    const res = await owner.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ ...PERSONAL, districtId: 'zamalek' }),
    );
    expect(res.status).toBe(201);
    order = res.body.order;
    const admin = await adminClient(server.app);
    await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'under_review' });
  });

  afterAll(async () => {
    await server.close();
  });

  /** Any browser: no cookie, no session, nothing in common with the customer's. */
  async function lookUp(number: string) {
    return server.app.inject({ method: 'GET', url: `/api/track/${encodeURIComponent(number)}` });
  }

  it('answers any browser, without a session, with the public view', async () => {
    const res = await lookUp(order.orderNumber);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { tracking } = res.json() as { tracking: PublicTracking };
    expect(tracking).toEqual({
      orderNumber: order.orderNumber,
      moveType: order.moveType,
      // The route by governorate only (D11): never a district or an address.
      governorateId: order.governorateId,
      dropoffGovernorateId: order.dropoffGovernorateId,
      totalPrice: order.totalPrice,
      currency: 'EGP',
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      paymentProvider: 'cash',
      status: 'under_review',
      statusHistory: [
        { status: 'received', at: order.createdAt, actor: 'system' },
        { status: 'under_review', at: expect.any(String), actor: 'admin' },
      ],
      moveDate: order.moveDate,
      // When the crew arrives (D19): the window booked, without the plan's id for it.
      moveWindow: { start: order.timeWindow!.start, end: order.timeWindow!.end },
      // D28: the crews made from the plan's counts have no leader to name yet.
      crewName: null,
    });
  });

  it('contains no personal data and no ids', async () => {
    const res = await lookUp(order.orderNumber);
    const { tracking } = res.json() as { tracking: Record<string, unknown> };
    for (const key of [
      'fullName',
      'phoneNumber',
      'pickupAddress',
      'dropoffAddress',
      'notes',
      'userId',
      'id',
      'districtId',
      'dropoffDistrictId',
      'timeWindow',
      'moveTime',
      'paymentReference',
    ]) {
      expect(tracking).not.toHaveProperty(key);
    }
    for (const change of tracking.statusHistory as Record<string, unknown>[]) {
      expect(Object.keys(change).sort()).toEqual(['actor', 'at', 'status']);
    }
    for (const secret of [...Object.values(PERSONAL), order.id, order.userId ?? '-', 'zamalek']) {
      expect(res.body).not.toContain(secret);
    }
    // The phone must not leak in another shape either.
    expect(res.body).not.toContain('1234567891');
  });

  it.each([
    ['lower case', (n: string) => n.toLowerCase()],
    ['a leading #', (n: string) => `#${n}`],
    ['a leading # and lower case', (n: string) => `#${n.toLowerCase()}`],
    ['surrounding spaces', (n: string) => `  ${n}  `],
    ['Arabic-Indic digits', (n: string) => n.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d)],
    ['a right-to-left mark', (n: string) => `\u200f${n}`],
  ])('finds the order typed with %s', async (_name, typed) => {
    const res = await lookUp(typed(order.orderNumber));
    expect(res.statusCode).toBe(200);
    expect(res.json().tracking.orderNumber).toBe(order.orderNumber);
  });

  it.each([
    ['an unknown number', 'AF-20200101-123'],
    ['a malformed number', 'hello'],
    ['an order id instead of a number', '__ID__'],
    ['a LIKE pattern', 'AF-%'],
  ])('answers 404 not-found for %s', async (_name, number) => {
    const res = await lookUp(number === '__ID__' ? order.id : number);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not-found');
  });

  it('answers 400 for a number that is blank once normalised', async () => {
    const res = await lookUp('#');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'invalid-argument',
      fields: { orderNumber: 'validation:tracking.required' },
    });
  });

  it('shows the cancelled status and the whole timeline after a cancel', async () => {
    const owner = await customerClient(server.app);
    const placed = (await owner.request<{ order: Order }>('POST', '/api/orders', orderBody())).body
      .order;
    await owner.request('POST', `/api/orders/${placed.id}/cancel`);
    const res = await lookUp(placed.orderNumber);
    const { tracking } = res.json() as { tracking: PublicTracking };
    expect(tracking.status).toBe('cancelled');
    expect(tracking.statusHistory.map((h) => [h.status, h.actor])).toEqual([
      ['received', 'system'],
      ['cancelled', 'customer'],
    ]);
  });

  it('an order booked before crew windows shows its time alone (D19)', async () => {
    const owner = await customerClient(server.app);
    const placed = (await owner.request<{ order: Order }>('POST', '/api/orders', orderBody())).body
      .order;
    // As an older version stored it: no window (D12 came later).
    server.app.db
      .prepare(
        'UPDATE orders SET window_id = NULL, window_start = NULL, window_end = NULL WHERE id = ?',
      )
      .run(placed.id);
    const res = await lookUp(placed.orderNumber);
    expect((res.json() as { tracking: PublicTracking }).tracking.moveWindow).toEqual({
      start: placed.moveTime,
      end: null,
    });
  });

  it('is never stale: a change right after a look-up shows on the next one (D9)', async () => {
    const owner = await customerClient(server.app);
    const placed = (await owner.request<{ order: Order }>('POST', '/api/orders', orderBody())).body
      .order;
    const status = async () => {
      const res = await lookUp(placed.orderNumber);
      return res.statusCode === 200 ? (res.json() as { tracking: PublicTracking }).tracking : null;
    };
    expect((await status())?.status).toBe('received');
    const admin = await adminClient(server.app);
    await moveOrderTo(admin, placed.id, 'in_transit');
    expect((await status())?.status).toBe('in_transit');
    await admin.request('PATCH', `/api/orders/${placed.id}`, { paymentStatus: 'paid' });
    expect((await status())?.paymentStatus).toBe('paid');
    await admin.request('DELETE', `/api/orders/${placed.id}`);
    expect(await status()).toBeNull();
  });
});

describe('tracking rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ RATE_LIMITS: 'on' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('allows 30 look-ups a minute per address, then answers 429 with Retry-After', async () => {
    const lookUp = (remoteAddress: string) =>
      server.app.inject({ method: 'GET', url: '/api/track/AF-20200101-123', remoteAddress });
    for (let i = 0; i < 30; i += 1) {
      expect((await lookUp('198.51.100.7')).statusCode).toBe(404);
    }
    const limited = await lookUp('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is unaffected.
    expect((await lookUp('198.51.100.8')).statusCode).toBe(404);
  });
});
