import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/data/port.ts';
import type { CapacityDraft, CapacityPlan, DayAvailability } from '../../src/domain/capacity.ts';
import { FIRST_CAPACITY_PLAN, weekdayOf } from '../../src/domain/capacity.ts';
import { cairoDatePlusDays } from '../../src/domain/datetime.ts';
import type { CalendarDay } from '../../src/domain/order.ts';
import { orderBody } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  TEST_ADMIN,
  TestClient,
  uniquePhone,
  visitorClient,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  // Migration 006's plan: three windows of three crews.
  server = await createTestServer({}, { capacity: 'first' });
  admin = await adminClient(server.app);
});

afterAll(async () => {
  await server.close();
});

function visitor(): Promise<TestClient> {
  return visitorClient(server.app);
}

/** A customer who proved a number of their own (D13), which their bookings give. */
interface Customer {
  client: TestClient;
  phone: string;
}

async function customer(): Promise<Customer> {
  const phone = uniquePhone();
  return { client: await customerClient(server.app, { phone }), phone };
}

async function savePlan(plan: CapacityDraft): Promise<CapacityPlan> {
  const res = await admin.request('PUT', '/api/capacity', plan);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.plan as CapacityPlan;
}

async function availability(from: string, days = 1): Promise<DayAvailability[]> {
  const res = await new TestClient(server.app).request(
    'GET',
    `/api/availability?from=${from}&days=${days}`,
  );
  expect(res.status).toBe(200);
  return res.body.days as DayAvailability[];
}

const freeWindows = async (date: string) =>
  (await availability(date))[0]!.windows.filter((w) => w.available).map((w) => w.id);

const bookedIn = (date: string, windowId: string) =>
  (
    server.app.db
      .prepare(
        `SELECT COUNT(*) AS n FROM orders
         WHERE move_date = ? AND window_id = ? AND status <> 'cancelled'`,
      )
      .get(date, windowId) as { n: number }
  ).n;

function book({ client, phone }: Customer, date: string, windowId: string, moveTime: string) {
  return client.request(
    'POST',
    '/api/orders',
    orderBody({ phoneNumber: phone, moveDate: date, windowId, moveTime }),
  );
}

describe('the crews plan (admins)', () => {
  it('starts with three windows of three crews', async () => {
    const res = await admin.request('GET', '/api/capacity');
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({
      version: 1,
      windows: FIRST_CAPACITY_PLAN.windows,
      exceptions: [],
      updatedBy: null,
    });
  });

  it("is the admins' alone to read and change", async () => {
    const customer = await visitor();
    expect((await customer.request('GET', '/api/capacity')).status).toBe(403);
    expect((await customer.request('PUT', '/api/capacity', FIRST_CAPACITY_PLAN)).status).toBe(403);
    expect((await new TestClient(server.app).request('GET', '/api/capacity')).status).toBe(401);
    expect((await customer.request('GET', '/api/capacity/calendar')).status).toBe(403);
  });

  it('refuses overlapping windows with a translated message, and keeps the plan', async () => {
    const res = await admin.request('PUT', '/api/capacity', {
      windows: [
        { id: 'a', start: '08:00', end: '13:00', crews: 2 },
        { id: 'b', start: '12:00', end: '16:00', crews: 2 },
      ],
      exceptions: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ 'windows.1.start': 'validation:capacity.overlap' });
    expect((await admin.request('GET', '/api/capacity')).body.plan.version).toBe(1);
  });

  it('saves a new version with who and when', async () => {
    const plan = await savePlan({ windows: FIRST_CAPACITY_PLAN.windows, exceptions: [] });
    expect(plan).toMatchObject({ version: 2, updatedBy: TEST_ADMIN.email });
    expect(Date.parse(plan.updatedAt!)).not.toBeNaN();
  });
});

describe('booking a window (D12)', () => {
  it('50 customers racing for a window with 3 crews: exactly 3 get it', async () => {
    const date = cairoDatePlusDays(20);
    const customers = await Promise.all(Array.from({ length: 50 }, () => customer()));
    const answers = await Promise.all(customers.map((c) => book(c, date, 'midday', '12:00')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(47);
    expect(bookedIn(date, 'midday')).toBe(3);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.error).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:order.windowFull',
      fields: { moveTime: 'errors:order.windowFull' },
    });
    // The next free windows: the rest of that day first.
    expect(refused.body.error.details.alternatives).toEqual([
      { date, window: { id: 'morning', start: '08:00', end: '12:00' } },
      { date, window: { id: 'evening', start: '16:00', end: '20:00' } },
      { date: cairoDatePlusDays(21), window: { id: 'morning', start: '08:00', end: '12:00' } },
    ]);
    expect(await freeWindows(date)).toEqual(['morning', 'evening']);
  });

  it('a cancelled order frees its crew', async () => {
    const date = cairoDatePlusDays(21);
    const customers = await Promise.all(Array.from({ length: 4 }, () => customer()));
    const placed: Order[] = [];
    for (const customer of customers.slice(0, 3)) {
      const res = await book(customer, date, 'morning', '08:00');
      expect(res.status).toBe(201);
      placed.push(res.body.order);
    }
    expect((await book(customers[3]!, date, 'morning', '08:00')).status).toBe(409);
    expect(await freeWindows(date)).not.toContain('morning');

    const cancel = await customers[0]!.client.request(
      'POST',
      `/api/orders/${placed[0]!.id}/cancel`,
    );
    expect(cancel.status).toBe(200);
    expect(await freeWindows(date)).toContain('morning');
    expect((await book(customers[3]!, date, 'morning', '08:00')).status).toBe(201);
    expect(bookedIn(date, 'morning')).toBe(3);

    // An admin's cancellation frees one as well, and a deleted order.
    await admin.request('PATCH', `/api/orders/${placed[1]!.id}`, { status: 'cancelled' });
    expect(await freeWindows(date)).toContain('morning');
  });

  it('an order without a window id holds the window its time falls in', async () => {
    const date = cairoDatePlusDays(22);
    const { client, phone } = await customer();
    const res = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone, moveDate: date, moveTime: '17:30' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order.timeWindow).toEqual({ id: 'evening', start: '16:00', end: '20:00' });
    const outside = await client.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone, moveDate: date, moveTime: '21:00' }),
    );
    expect(outside.status).toBe(400);
    expect(outside.body.error.fields).toEqual({ moveTime: 'validation:time.noWindow' });
  });

  it('exceptions close a holiday and thin out every Friday', async () => {
    let friday = cairoDatePlusDays(30);
    for (let days = 31; weekdayOf(friday) !== 5; days += 1) friday = cairoDatePlusDays(days);
    const holiday = cairoDatePlusDays(40);
    await savePlan({
      windows: FIRST_CAPACITY_PLAN.windows,
      exceptions: [
        { weekday: 5, crews: { midday: 0, evening: 0 }, note: 'Friday' },
        { date: holiday, crews: { morning: 0, midday: 0, evening: 0 }, note: 'Holiday' },
      ],
    });
    expect(await freeWindows(friday)).toEqual(['morning']);
    expect(await freeWindows(holiday)).toEqual([]);
    const refused = await book(await customer(), holiday, 'morning', '08:00');
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.alternatives[0].date > holiday).toBe(true);
    expect((await book(await customer(), friday, 'evening', '16:00')).status).toBe(409);
    expect((await book(await customer(), friday, 'morning', '09:15')).status).toBe(201);
  });

  it('a window removed since the customer chose it is refused, not silently moved', async () => {
    const date = cairoDatePlusDays(50);
    await savePlan({
      windows: [
        { id: 'morning', start: '07:00', end: '11:00', crews: 3 },
        { id: 'afternoon', start: '13:00', end: '18:00', crews: 3 },
      ],
      exceptions: [],
    });
    const gone = await book(await customer(), date, 'midday', '12:00');
    expect(gone.status).toBe(400);
    expect(gone.body.error.fields).toEqual({ moveTime: 'validation:time.noWindow' });
    await savePlan({ windows: FIRST_CAPACITY_PLAN.windows, exceptions: [] });
  });
});

describe('GET /api/availability', () => {
  it('answers anyone with yes or no per window, and no counts', async () => {
    const from = cairoDatePlusDays(1);
    const days = await availability(from, 3);
    expect(days.map((d) => d.date)).toEqual([from, cairoDatePlusDays(2), cairoDatePlusDays(3)]);
    expect(days[0]!.windows).toEqual([
      { id: 'morning', start: '08:00', end: '12:00', available: true },
      { id: 'midday', start: '12:00', end: '16:00', available: true },
      { id: 'evening', start: '16:00', end: '20:00', available: true },
    ]);
  });

  it('offers nothing in the past or past the booking horizon', async () => {
    const [yesterday] = await availability(cairoDatePlusDays(-1));
    expect(yesterday!.windows.every((w) => !w.available)).toBe(true);
    const [tooFar] = await availability(cairoDatePlusDays(181));
    expect(tooFar!.windows.every((w) => !w.available)).toBe(true);
  });

  it('refuses a malformed range', async () => {
    const client = new TestClient(server.app);
    for (const query of ['from=2026-02-30', 'days=0', 'days=500', 'days=x']) {
      expect((await client.request('GET', `/api/availability?${query}`)).status, query).toBe(400);
    }
  });
});

describe('GET /api/capacity/calendar (admins)', () => {
  it('shows booked against crews per window, and the orders in each', async () => {
    const date = cairoDatePlusDays(60);
    const booker = await customer();
    const first = await book(booker, date, 'morning', '08:00');
    const second = await book(booker, date, 'evening', '16:00');
    const cancelled = await book(booker, date, 'evening', '16:00');
    await booker.client.request('POST', `/api/orders/${cancelled.body.order.id}/cancel`);

    const res = await admin.request('GET', `/api/capacity/calendar?from=${date}&days=2`);
    expect(res.status).toBe(200);
    const [day, next] = res.body.days as CalendarDay[];
    expect(next!.date).toBe(cairoDatePlusDays(61));
    expect(day!.windows.map((w) => [w.id, w.booked, w.crews, w.free])).toEqual([
      ['morning', 1, 3, 2],
      ['midday', 0, 3, 3],
      ['evening', 1, 3, 2],
    ]);
    expect(day!.windows[0]!.orders.map((o) => o.id)).toEqual([first.body.order.id]);
    expect(day!.windows[2]!.orders.map((o) => o.id)).toEqual([second.body.order.id]);
    expect(day!.others).toEqual([]);
    expect(day!.windows[0]!.orders[0]).toMatchObject({ fullName: 'Mona Hassan' });
  });
});
