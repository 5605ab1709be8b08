// Dispatch in the hosted build (D28), in-process (the Firebase adapter, the functions' handlers
// and the fake store, as the other *.node.test.ts files): what the contract cannot see from the
// port. Data stored before dispatch (holders counted but not named, orders without an
// assignment), a long move's windows over two days, the crew's delivery with its proof and its
// message in the order's own commit, and documents no browser may read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one: the unit project's setup (testing-sdk-fakes.ts).

import { routeFunctions, TEST_SETTINGS } from '../../../functions/src/testing/in-process';
import { FIRST_CAPACITY_PLAN, type CapacityDraft } from '../../domain/capacity';
import type { FleetDraft } from '../../domain/fleet';
import { COLLECTIONS, CREW_DAYS_FIELD, CURRENT_ID } from '../../domain/hosted-store';
import type { FirebaseDataPort } from './firebase-adapter';
import { backend, fakeUser, type FakeUser } from './testing-fake-firestore';
import { fakeBrowser, hostedOrderInput, rejection, verifiedCustomer } from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';
import { checkOrderTotal } from '../../domain/order';
import { FIRST_CATALOG } from '../../domain/pricing';

// 10:00 in Cairo on 31 March: the 1 April windows are tomorrow's.
const NOW = Date.parse('2026-03-31T08:00:00.000Z');
const DATE = '2026-04-01';
const NEXT = '2026-04-02';

const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });
const LEADER_PHONE = '+201055500011';
const LEADER = fakeUser({ uid: 'leader-uid', phone: LEADER_PHONE });
let visitors = 0;
const visitor = (): FakeUser => verifiedCustomer(`visitor-${(visitors += 1)}`);
const browser = (user: FakeUser | null = visitor()): FirebaseDataPort => fakeBrowser(user);

const morning = { moveDate: DATE, moveTime: '08:00' };

/** Crews on DATE's windows: as many as `crews` (the plan's cap) in each. */
function planWith(crews: number): CapacityDraft {
  return {
    windows: FIRST_CAPACITY_PLAN.windows,
    exceptions: [
      { date: DATE, crews: { morning: crews, midday: crews, evening: crews }, note: 'Test' },
    ],
  };
}

const crew = (id: string, governorates: string[], phone: string | null = null) => ({
  id,
  name: `فريق ${id}`,
  leaderName: phone ? 'محمود عادل' : '',
  leaderPhone: phone,
  size: 4,
  governorates,
  days: [0, 1, 2, 3, 4, 5, 6],
  truckId: null,
  active: true,
});

/** The long move of the issue: Kafr El-Sheikh City to Sharm El-Sheikh, priced by the catalog. */
function longMove() {
  const input = hostedOrderInput({
    ...morning,
    governorateId: 'kafr-el-sheikh',
    districtId: 'kafr-el-sheikh-city',
    dropoffGovernorateId: 'south-sinai',
    dropoffDistrictId: 'sharm-el-sheikh',
  });
  return { ...input, totalPrice: checkOrderTotal(input, FIRST_CATALOG).total };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.readRules = firestoreReadRules;
  routeFunctions(backend, {
    ...TEST_SETTINGS,
    limits: { ...TEST_SETTINGS.limits, orderCustomer: [], orderAppToken: [], openOrders: 0 },
  });
  backend.seed('admins/admin-uid', { email: 'admin@example.com' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('data stored before dispatch (D28)', () => {
  it('a window’s counted orders without names keep their crews; the office names one, and the count stays', async () => {
    await browser(ADMIN).capacity.save(planWith(3));
    // Two orders booked before dispatch: no assignment, and a holders document that only counts.
    const old = [
      await browser().orders.create(hostedOrderInput(morning)),
      await browser().orders.create(hostedOrderInput(morning)),
    ];
    for (const order of old) {
      const {
        assignment: _a,
        [CREW_DAYS_FIELD]: _days,
        ...stored
      } = backend.read(`${COLLECTIONS.orders}/${order.id}`)!;
      backend.seed(`${COLLECTIONS.orders}/${order.id}`, stored);
    }
    backend.seed(`${COLLECTIONS.crewBookings}/${DATE}`, { date: DATE, booked: { morning: 2 } });
    expect((await browser(ADMIN).orders.get(old[0]!.id)).assignment).toBeNull();

    // The fleet is still the plan's three crews (version 0): one is left that morning.
    const third = await browser().orders.create(hostedOrderInput(morning));
    expect(third.assignment).toMatchObject({ crewId: 'crew-1', by: 'auto' });
    const full = await rejection(browser().orders.create(hostedOrderInput(morning)));
    expect(full).toMatchObject({ code: 'failed-precondition', message: 'errors:order.windowFull' });

    // The board shows the old ones without a crew; the office gives one a crew: still three.
    const board = await browser(ADMIN).dispatch.board(DATE, 1);
    expect(board.fleet.version).toBe(0);
    expect(board.orders.map((o) => [o.id, o.assignment?.crewId ?? null])).toEqual(
      expect.arrayContaining([
        [old[0]!.id, null],
        [old[1]!.id, null],
        [third.id, 'crew-1'],
      ]),
    );
    const busy = await rejection(
      browser(ADMIN).dispatch.assign(old[0]!.id, {
        crewId: 'crew-1',
        date: DATE,
        windowId: 'morning',
      }),
    );
    expect(busy.fields).toEqual({ crewId: 'errors:dispatch.crewBusy' });
    const named = await browser(ADMIN).dispatch.assign(old[0]!.id, {
      crewId: 'crew-2',
      date: DATE,
      windowId: 'morning',
    });
    expect(named.assignment).toMatchObject({ crewId: 'crew-2', by: 'admin' });
    const day = backend.read(`${COLLECTIONS.crewBookings}/${DATE}`)!;
    expect(day.booked).toEqual({ morning: 3 });
    expect(
      (day.holders as { morning: { orderId: string }[] }).morning.map((h) => h.orderId).sort(),
    ).toEqual([old[0]!.id, third.id].sort());

    // Cancelling the other old one frees an unnamed crew: a new booking takes crew-3.
    await browser(ADMIN).orders.update(old[1]!.id, { status: 'cancelled' });
    expect(backend.read(`${COLLECTIONS.crewBookings}/${DATE}`)!.booked).toEqual({ morning: 2 });
    const after = await browser().orders.create(hostedOrderInput(morning));
    expect(after.assignment?.crewId).toBe('crew-3');
  });
});

describe('a long move (D28)', () => {
  it('Kafr El-Sheikh to Sharm El-Sheikh holds windows over two days, each day’s document names it, and a cancel frees both', async () => {
    await browser(ADMIN).dispatch.saveFleet({
      crews: [crew('delta', ['kafr-el-sheikh', 'gharbia']), crew('maadi', ['cairo'])],
      trucks: [],
    });
    const order = await browser().orders.create(longMove());
    const dates = [...new Set(order.assignment!.slots.map((s) => s.date))];
    expect(order.assignment).toMatchObject({ crewId: 'delta' });
    // About 28 hours of work at the catalog's durations: three days' windows from the morning booked.
    expect(dates.slice(0, 2)).toEqual([DATE, NEXT]);
    expect(order.assignment!.hours).toBeGreaterThan(12);
    expect(backend.read(`${COLLECTIONS.orders}/${order.id}`)![CREW_DAYS_FIELD]).toEqual(
      dates.map((date) => `delta|${date}`),
    );
    for (const date of dates) {
      const day = backend.read(`${COLLECTIONS.crewBookings}/${date}`)!;
      const named = Object.values(day.holders as Record<string, { orderId: string }[]>).flat();
      expect(named.length).toBeGreaterThan(0);
      expect(named.every((h) => h.orderId === order.id)).toBe(true);
    }
    // The date screen asks with the move: no crew serving Kafr El-Sheikh is free that morning.
    const move = {
      governorateId: 'kafr-el-sheikh',
      districtId: 'kafr-el-sheikh-city',
      dropoffGovernorateId: 'south-sinai',
      dropoffDistrictId: 'sharm-el-sheikh',
      moveType: 'full_home',
      pickupFloor: 0,
      dropoffFloor: 0,
    };
    const [asked] = await browser().capacity.availability(DATE, 1, move);
    expect(asked!.windows.find((w) => w.id === 'morning')!.available).toBe(false);
    // Inside Cairo the Maadi crew is free: the same morning is open for that move.
    const [cairo] = await browser().capacity.availability(DATE, 1, {
      governorateId: 'cairo',
      districtId: 'maadi',
      moveType: 'full_home',
      pickupFloor: 0,
      dropoffFloor: 0,
    });
    expect(cairo!.windows.find((w) => w.id === 'morning')!.available).toBe(true);

    await browser(ADMIN).orders.update(order.id, { status: 'cancelled' });
    for (const date of dates) {
      const day = backend.read(`${COLLECTIONS.crewBookings}/${date}`)!;
      expect(Object.values(day.booked as Record<string, number>).every((n) => n === 0)).toBe(true);
    }
  });
});

describe('the crew’s phone (D28)', () => {
  async function assignedOrder() {
    const fleet: FleetDraft = {
      crews: [crew('maadi', ['cairo'], LEADER_PHONE)],
      trucks: [{ id: 'truck-1', plate: 'ق م ن ١٢٣', size: 'large', active: true }],
    };
    await browser(ADMIN).dispatch.saveFleet(fleet);
    const order = await browser().orders.create(
      hostedOrderInput({ ...morning, language: 'ar', notifyConsent: true }),
    );
    expect(order.assignment).toMatchObject({ crewId: 'maadi', truckId: 'truck-1' });
    await browser(ADMIN).orders.update(order.id, { status: 'under_review' });
    return order;
  }

  it('the leader sees the job and delivers it: proof and cash stored with the order, paid, and the customer told in the same commit', async () => {
    const order = await assignedOrder();
    const phone = browser(LEADER);
    const jobs = await phone.dispatch!.crewJobs();
    expect(jobs.crew.id).toBe('maadi');
    expect(jobs.jobs.map((j) => [j.orderId, j.collectCash, j.next])).toEqual([
      [order.id, order.totalPrice, ['on_the_way']],
    ]);

    const tap = (status: 'on_the_way' | 'arrived' | 'loading' | 'in_transit' | 'delivered') => ({
      tapId: `tap-${status.replaceAll('_', '-')}-1`,
      status,
      tappedAt: new Date(NOW).toISOString(),
    });
    await phone.dispatch!.crewTap(order.id, tap('on_the_way'));
    const commit = backend.commits.at(-1)!.map((w) => w.path);
    expect(commit).toContain(`${COLLECTIONS.orders}/${order.id}`);
    // Setting out is told to the customer (order_status_on_the_way), in the tap's own commit.
    const told = commit
      .filter((path) => path.startsWith(`${COLLECTIONS.outbox}/`))
      .map((path) => backend.read(path)!.template);
    expect(told).toContain('order_status_on_the_way');
    // The tracker names the leader by first name, and the public copy holds no phone.
    const tracked = await browser().tracking.get(order.orderNumber);
    expect(tracked).toMatchObject({ status: 'on_the_way', crewName: 'محمود' });
    expect(
      JSON.stringify(backend.read(`${COLLECTIONS.tracking}/${order.orderNumber}`)),
    ).not.toContain('1055500011');

    for (const status of ['arrived', 'loading', 'in_transit'] as const) {
      await phone.dispatch!.crewTap(order.id, tap(status));
    }
    const noProof = await rejection(phone.dispatch!.crewTap(order.id, tap('delivered')));
    expect(noProof.fields).toEqual({ proof: 'errors:field.proofNeeded' });
    const delivered = await phone.dispatch!.crewTap(order.id, {
      ...tap('delivered'),
      proof: { receivedBy: 'منى', signature: 'data:image/png;base64,iVBORw0KGgo=', photo: null },
      cashCollected: order.totalPrice,
    });
    expect(delivered.status).toBe('delivered');
    expect(backend.read(`${COLLECTIONS.deliveries}/${order.id}`)).toMatchObject({
      orderId: order.id,
      crewId: 'maadi',
      receivedBy: 'منى',
      cashCollected: order.totalPrice,
    });
    expect(await browser(ADMIN).orders.get(order.id)).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
    });
    // A step the order is past (a queued tap sent late): refused with where the order is, unchanged.
    const late = await rejection(
      phone.dispatch!.crewTap(order.id, { ...tap('arrived'), tapId: 'tap-arrived-late' }),
    );
    expect(late).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:field.alreadyPast',
      details: { status: 'delivered' },
    });
    expect(
      (await browser(ADMIN).orders.get(order.id)).statusHistory.map((h) => h.status).slice(-5),
    ).toEqual(['on_the_way', 'arrived', 'loading', 'in_transit', 'delivered']);
  });

  it('no browser reads the fleet, its versions or the holders; another phone is no leader', async () => {
    await assignedOrder();
    for (const path of [
      `${COLLECTIONS.fleet}/${CURRENT_ID}`,
      `${COLLECTIONS.fleetVersions}/1`,
      `${COLLECTIONS.crewBookings}/${DATE}`,
    ]) {
      const [collection, id] = path.split('/') as [string, string];
      expect(backend.read(path)).toBeDefined();
      for (const user of [ADMIN, LEADER, visitor()]) {
        const auth = { uid: user.uid, admin: user === ADMIN, anonymous: false };
        for (const kind of ['get', 'list'] as const) {
          expect(() =>
            backend.authorize({ auth, kind, collection, id, resource: backend.read(path) }),
          ).toThrow(/refused/);
        }
      }
    }
    const stranger = await rejection(browser().dispatch!.crewJobs());
    expect(stranger).toMatchObject({ code: 'permission-denied', message: 'errors:field.notCrew' });
    const notAdmin = await rejection(browser(LEADER).dispatch!.fleet());
    expect(notAdmin.code).toBe('permission-denied');
  });
});
