// Dispatch on the self-hosted server (D28): the fleet, a booking's crew taken in its transaction,
// a long move holding the windows it needs, the office's assignments and their clashes, and the
// team leader's taps, each once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/order.ts';
import type { CrewJobs } from '../../src/domain/field.ts';
import type { Fleet, FleetDraft } from '../../src/domain/fleet.ts';
import { twoGovernoratesFleet } from '../../src/testing/dispatch-fixtures.ts';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity.ts';
import { futureMoveDate, orderBody } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  type TestClient,
  type TestServer,
} from './test-server.ts';
import { moveOrderTo } from './lifecycle-helpers.ts';

let server: TestServer;
let admin: TestClient;

beforeEach(async () => {
  // The first plan: three windows of three moves each.
  server = await createTestServer({}, { capacity: 'first' });
  admin = await adminClient(server.app);
});

afterEach(async () => {
  await server.close();
});

const SIGNATURE = `data:image/png;base64,${'iVBORw0KGgo'.repeat(20)}`;

async function saveFleet(fleet: FleetDraft = twoGovernoratesFleet()): Promise<Fleet> {
  const res = await admin.request('PUT', '/api/admin/fleet', fleet);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.fleet as Fleet;
}

/** A customer who proved `phone` books `overrides` (cash on delivery). */
async function book(phone: string, overrides: Record<string, unknown>) {
  const customer = await customerClient(server.app, { phone });
  return customer.request('POST', '/api/orders', orderBody({ phoneNumber: phone, ...overrides }));
}

async function booked(phone: string, overrides: Record<string, unknown>): Promise<Order> {
  const res = await book(phone, overrides);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as Order;
}

const DATE = futureMoveDate(3);
const cairo = (districtId: string, dropoff = 'zamalek') => ({
  governorateId: 'cairo',
  districtId,
  dropoffGovernorateId: 'cairo',
  dropoffDistrictId: dropoff,
  moveDate: DATE,
  moveTime: '08:00',
  pickupFloor: 1,
  dropoffFloor: 1,
});
const LONG = {
  governorateId: 'kafr-el-sheikh',
  districtId: 'desouk',
  dropoffGovernorateId: 'south-sinai',
  dropoffDistrictId: 'abu-zenima',
  moveDate: DATE,
  moveTime: '08:00',
  pickupFloor: 0,
  dropoffFloor: 0,
};

describe('the fleet (D28)', () => {
  it('reads the plan’s crews until the office saves its own, then the saved version', async () => {
    const first = await admin.request('GET', '/api/admin/fleet');
    expect(first.status).toBe(200);
    expect(first.body.fleet.version).toBe(0);
    expect(first.body.fleet.crews.map((c: { id: string }) => c.id)).toEqual([
      'crew-1',
      'crew-2',
      'crew-3',
    ]);
    const saved = await saveFleet();
    expect(saved.version).toBe(1);
    expect(saved.updatedBy).toBe('admin@afsh.test');
    expect(saved.crews.map((c) => c.id)).toEqual(['cairo-1', 'cairo-2', 'kafr-1']);
  });

  it('refuses a fleet whose two crews have one leader, in any typed form, and keeps the old one', async () => {
    const fleet = twoGovernoratesFleet();
    fleet.crews[1]!.leaderPhone = '01011111111';
    const res = await admin.request('PUT', '/api/admin/fleet', fleet);
    expect(res.status).toBe(400);
    expect(res.body.error.fields['crews.1.leaderPhone']).toBe('validation:fleet.duplicatePhone');
    expect((await admin.request('GET', '/api/admin/fleet')).body.fleet.version).toBe(0);
  });
});

describe('a booking takes its crew (D28)', () => {
  it('three crews in two governorates and a long move: each to its own, the long one over two days', async () => {
    await saveFleet();
    const maadi = await booked('01000000001', cairo('maadi'));
    const nasr = await booked('01000000002', cairo('nasr-city', 'heliopolis'));
    const long = await booked('01000000003', LONG);
    expect(new Set([maadi.assignment!.crewId, nasr.assignment!.crewId])).toEqual(
      new Set(['cairo-1', 'cairo-2']),
    );
    expect(long.assignment).toMatchObject({ crewId: 'kafr-1', truckId: 'truck-3' });
    expect(long.assignment!.hours).toBeGreaterThan(16);
    const days = new Set(long.assignment!.slots.map((s) => s.date));
    expect(days.size).toBe(2);
    // A third Cairo move that morning finds no Cairo crew: refused with the next free windows.
    const third = await book('01000000004', cairo('shubra'));
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe('errors:order.windowFull');
    expect(third.body.error.details.alternatives.length).toBeGreaterThan(0);
    // The date screen is told the same, for that move.
    const asked = await admin.request(
      'GET',
      `/api/availability?from=${DATE}&days=1&governorateId=cairo&districtId=shubra&moveType=full&pickupFloor=1&dropoffFloor=1`,
    );
    expect(asked.status).toBe(200);
    const morning = asked.body.days[0].windows.find((w: { id: string }) => w.id === 'morning');
    expect(morning.available).toBe(false);
    const midday = asked.body.days[0].windows.find((w: { id: string }) => w.id === 'midday');
    expect(midday.available).toBe(true);
  });

  it('of two bookings racing for the last crew, one gets it and the other is refused', async () => {
    const one = twoGovernoratesFleet();
    one.crews = one.crews.filter((c) => c.id === 'cairo-1');
    await saveFleet(one);
    const [a, b] = await Promise.all([
      book('01000000005', cairo('maadi')),
      book('01000000006', cairo('nasr-city')),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it('a cancelled order frees its crew; bringing it back takes the crew again', async () => {
    const one = twoGovernoratesFleet();
    one.crews = one.crews.filter((c) => c.id === 'cairo-1');
    await saveFleet(one);
    const first = await booked('01000000007', cairo('maadi'));
    expect(
      (await admin.request('PATCH', `/api/orders/${first.id}`, { status: 'cancelled' })).status,
    ).toBe(200);
    const second = await booked('01000000008', cairo('maadi'));
    expect(second.assignment!.crewId).toBe('cairo-1');
    const back = await admin.request('POST', `/api/orders/${first.id}/go-back`, {
      action: 'uncancel',
      reason: 'Cancelled by mistake',
    });
    expect(back.status).toBe(409);
    expect(back.body.error.message).toBe('errors:lifecycle.uncancelNoCrew');
  });
});

describe('the office assigns (D28)', () => {
  it('moves an order to another crew, and refuses a clash with its reason', async () => {
    await saveFleet();
    const maadi = await booked('01000000011', cairo('maadi'));
    const nasr = await booked('01000000012', cairo('nasr-city'));
    const other = maadi.assignment!.crewId === 'cairo-1' ? 'cairo-2' : 'cairo-1';
    const busy = await admin.request('PUT', `/api/admin/orders/${maadi.id}/assignment`, {
      crewId: other,
      date: DATE,
      windowId: 'morning',
    });
    expect(busy.status).toBe(409);
    expect(busy.body.error.fields).toEqual({ crewId: 'errors:dispatch.crewBusy' });
    const notServing = await admin.request('PUT', `/api/admin/orders/${maadi.id}/assignment`, {
      crewId: 'kafr-1',
      date: DATE,
      windowId: 'midday',
    });
    expect(notServing.body.error.fields).toEqual({ crewId: 'errors:dispatch.crewNotServing' });
    // To the other crew's free window: a reschedule by the office, with its history entry.
    const moved = await admin.request('PUT', `/api/admin/orders/${maadi.id}/assignment`, {
      crewId: other,
      date: DATE,
      windowId: 'midday',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.order.assignment).toMatchObject({ crewId: other, by: 'admin' });
    expect(moved.body.order.timeWindow.id).toBe('midday');
    expect(moved.body.order.statusHistory.at(-1)).toMatchObject({ kind: 'rescheduled' });
    const board = await admin.request('GET', `/api/admin/dispatch?from=${DATE}&days=1`);
    expect(board.status).toBe(200);
    expect(board.body.board.orders.map((o: Order) => o.id).sort()).toEqual(
      [maadi.id, nasr.id].sort(),
    );
  });
  it('of two offices moving two orders into one free window of one crew at once, one wins', async () => {
    await saveFleet();
    const maadi = await booked('01000000013', cairo('maadi'));
    const nasr = await booked('01000000014', cairo('nasr-city'));
    const target = { crewId: 'cairo-1', date: DATE, windowId: 'evening' };
    const other = await adminClient(server.app);
    const [a, b] = await Promise.all([
      admin.request('PUT', `/api/admin/orders/${maadi.id}/assignment`, target),
      other.request('PUT', `/api/admin/orders/${nasr.id}/assignment`, target),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.body.error.fields).toEqual({ crewId: 'errors:dispatch.crewBusy' });
    // The loser stays where it was: one order in that window, the other untouched.
    const board = await admin.request('GET', `/api/admin/dispatch?from=${DATE}&days=1`);
    const inEvening = (board.body.board.orders as Order[]).filter(
      (o) =>
        o.assignment?.crewId === 'cairo-1' &&
        o.assignment.slots.some((slot) => slot.windowId === 'evening'),
    );
    expect(inEvening).toHaveLength(1);
    const loser = (board.body.board.orders as Order[]).find(
      (o) => o.id === (lost === a ? maadi.id : nasr.id),
    )!;
    expect(loser.assignment?.slots[0]?.windowId).toBe('morning');
  });
});

describe('the team leader’s phone (D28)', () => {
  // A team leader signs in by phone code like any customer (D13): the fleet says who leads.
  const leaderOf = (phone: string) => customerClient(server.app, { phone });

  it('lists the crew’s jobs and moves one to a signed delivery, each tap once', async () => {
    const fleet = twoGovernoratesFleet();
    fleet.crews = fleet.crews.filter((c) => c.id === 'cairo-1');
    fleet.crews[0]!.leaderName = 'محمود حسن';
    await saveFleet(fleet);
    const order = await booked('01000000021', { ...cairo('maadi'), moveDate: futureMoveDate(1) });
    await moveOrderTo(admin, order.id, 'under_review');
    const leader = await leaderOf('01011111111');
    const jobs = await leader.request('GET', '/api/crew/jobs');
    expect(jobs.status, JSON.stringify(jobs.body)).toBe(200);
    const list = jobs.body.jobs as CrewJobs;
    expect(list.crew).toEqual({ id: 'cairo-1', name: 'Maadi crew', leaderName: 'محمود حسن' });
    expect(list.jobs.map((j) => j.orderNumber)).toEqual([order.orderNumber]);
    expect(list.jobs[0]).toMatchObject({ collectCash: order.totalPrice, next: ['on_the_way'] });

    const tap = (
      status: string,
      extra: Record<string, unknown> = {},
      tapId = `tap-${status.replaceAll('_', '-')}-0001`,
    ) =>
      leader.request('POST', `/api/crew/jobs/${order.id}/taps`, {
        tapId,
        status,
        tappedAt: new Date().toISOString(),
        ...extra,
      });
    const first = await tap('on_the_way');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.job.status).toBe('on_the_way');
    // The same tap again (a lost answer, the offline queue): nothing doubles.
    expect((await tap('on_the_way')).status).toBe(200);
    // The tracker names the crew by its leader's first name, never more.
    const tracked = await admin.request('GET', `/api/track/${order.orderNumber}`);
    expect(tracked.body.tracking).toMatchObject({ status: 'on_the_way', crewName: 'محمود' });
    expect(JSON.stringify(tracked.body)).not.toContain('1011111111');
    // A step skipped is refused; one already past too, with where the order is.
    expect((await tap('loading')).body.error.message).toBe('errors:field.notNext');
    expect((await tap('arrived')).status).toBe(200);
    const past = await tap('on_the_way', {}, 'tap-late-0001');
    expect(past.status).toBe(409);
    expect(past.body.error).toMatchObject({
      message: 'errors:field.alreadyPast',
      details: { status: 'arrived' },
    });
    await tap('loading');
    await tap('in_transit');
    const noProof = await tap('delivered');
    expect(noProof.status).toBe(400);
    expect(noProof.body.error.message).toBe('errors:field.proofNeeded');
    const done = await tap(
      'delivered',
      {
        proof: { receivedBy: 'منى حسن', signature: SIGNATURE },
        cashCollected: order.totalPrice,
      },
      'tap-delivered-0002',
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.job).toMatchObject({ status: 'delivered', next: [], collectCash: null });

    const after = (await admin.request('GET', `/api/orders/${order.id}`)).body.order as Order;
    expect(after.paymentStatus).toBe('paid');
    const crewSteps = after.statusHistory.filter((h) => h.actor === 'crew').map((h) => h.status);
    expect(crewSteps).toEqual(['on_the_way', 'arrived', 'loading', 'in_transit', 'delivered']);
    const delivery = server.app.orders.deliveryOf(order.id);
    expect(delivery).toMatchObject({
      crewId: 'cairo-1',
      receivedBy: 'منى حسن',
      cashCollected: order.totalPrice,
    });
  });

  it('refuses a phone that leads no crew, and another crew’s job', async () => {
    await saveFleet();
    const order = await booked('01000000031', cairo('maadi'));
    const stranger = await leaderOf('01099999999');
    expect((await stranger.request('GET', '/api/crew/jobs')).status).toBe(403);
    const kafr = await leaderOf('01033333333');
    const res = await kafr.request('POST', `/api/crew/jobs/${order.id}/taps`, {
      tapId: 'tap-other-0001',
      status: 'on_the_way',
      tappedAt: new Date().toISOString(),
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('errors:field.notYourJob');
  });
});

it('the first plan still gives three crews a window until a fleet is saved (old databases)', async () => {
  expect(FIRST_CAPACITY_PLAN.windows[0]!.crews).toBe(3);
  for (let i = 0; i < 3; i += 1) await booked(`0100000004${i}`, cairo('maadi'));
  const fourth = await book('01000000049', cairo('maadi'));
  expect(fourth.status).toBe(409);
});
