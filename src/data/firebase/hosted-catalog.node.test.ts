// Prices and crews as data in the hosted build (D11, D12), in-process (the Firebase adapter, the
// functions' handlers and the fake store, as the other *.node.test.ts files): what the contract
// cannot see from the port. Who may read which document, the order's transaction checking the
// catalog and the crews again, counters that only their own transactions keep exact, and a card
// never verified for a window that is full.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one: the unit project's setup (testing-sdk-fakes.ts).

import type { Firestore } from 'firebase-admin/firestore';
import { checkNewOrderIn, CrewTaken } from '../../../functions/src/catalog/catalog-repository';
import type { Deps } from '../../../functions/src/handlers';
import { routeFunctions, TEST_SETTINGS } from '../../../functions/src/testing/in-process';
import { paymentRegistry } from '../../../server/src/payments/registry';
import { testPaymentProvider } from '../../../server/src/payments/test-provider';
import { FIRST_CAPACITY_PLAN, type CapacityDraft } from '../../domain/capacity';
import { COLLECTIONS, CURRENT_ID } from '../../domain/hosted-store';
import { checkNewOrder, newOrderFields } from '../../domain/order';
import { FIRST_CATALOG, PRICE_CATALOG, ratesOf } from '../../domain/pricing';
import type { FirebaseDataPort } from './firebase-adapter';
import { backend, FakeAdminFirestore, fakeUser, type FakeUser } from './testing-fake-firestore';
import { fakeBrowser, hostedOrderInput, rejection, verifiedCustomer } from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const DATE = '2026-04-01';
const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });
let visitors = 0;
/** A customer who proved the number hostedOrderInput() books for (D13). */
const visitor = (): FakeUser => verifiedCustomer(`visitor-${(visitors += 1)}`);
const browser = (user: FakeUser | null = visitor()): FirebaseDataPort => fakeBrowser(user);

let deps: Deps;
const verify = vi.fn(testPaymentProvider.verify);

/** A plan of the first windows with `crews` in each on DATE. */
function planWith(crews: number): CapacityDraft {
  return {
    windows: FIRST_CAPACITY_PLAN.windows,
    exceptions: [
      { date: DATE, crews: { morning: crews, midday: crews, evening: crews }, note: 'Test' },
    ],
  };
}

const morning = { moveDate: DATE, windowId: 'morning', moveTime: '09:00' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.readRules = firestoreReadRules;
  verify.mockClear();
  deps = routeFunctions(
    backend,
    { ...TEST_SETTINGS, limits: { ...TEST_SETTINGS.limits, orderCustomer: [], orderAppToken: [] } },
    { payments: paymentRegistry([{ ...testPaymentProvider, verify }]) },
  ).deps;
  backend.seed('admins/admin-uid', { email: 'admin@example.com' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the catalog’s documents (D11)', () => {
  it('a save writes the public current version without who saved it, and the admins’ record with it', async () => {
    const rates = ratesOf(FIRST_CATALOG);
    rates.floorFee = 95;
    const saved = await browser(ADMIN).prices.save(rates);
    expect(saved).toMatchObject({
      version: 2,
      floorFee: 95,
      createdAt: new Date(NOW).toISOString(),
    });
    const current = backend.read(`${COLLECTIONS.catalog}/${CURRENT_ID}`)!;
    expect(Object.keys(current).sort()).toEqual(['createdAt', 'rates', 'version']);
    expect(backend.read(`${COLLECTIONS.catalogVersions}/2`)).toMatchObject({
      version: 2,
      createdBy: 'admin@example.com',
      createdByUid: 'admin-uid',
    });
    // Anyone reads the current one, signed in or not; the history is the admins'.
    expect(await browser(null).prices.catalog()).toEqual(saved);
    const history = await browser(ADMIN).prices.history();
    expect(history.map((v) => [v.catalog.version, v.createdBy])).toEqual([
      [2, 'admin@example.com'],
      [1, null],
    ]);
    expect((await rejection(browser().prices.history())).code).toBe('permission-denied');
  });

  it('no document yet: version 1, and the history is version 1 alone', async () => {
    expect(await browser(null).prices.catalog()).toEqual(FIRST_CATALOG);
    expect(await browser(ADMIN).prices.history()).toEqual([
      { catalog: FIRST_CATALOG, createdBy: null },
    ]);
  });

  it('a version stored before a move type existed prices it at the type’s default: read and booked, no NaN', async () => {
    // As every version saved before "piano" would be: `loading` stands for the type it lacks.
    const { loading: _loading, ...base } = FIRST_CATALOG.base;
    const stored = { version: 2, rates: { ...ratesOf(FIRST_CATALOG), base }, createdAt: null };
    backend.seed(`${COLLECTIONS.catalog}/${CURRENT_ID}`, stored);
    backend.seed(`${COLLECTIONS.catalogVersions}/2`, { ...stored, createdBy: 'admin@example.com' });
    const catalog = await browser(null).prices.catalog();
    expect(catalog).toMatchObject({ version: 2, base: { loading: PRICE_CATALOG.loading } });
    expect((await browser(ADMIN).prices.history())[0]!.catalog.base.loading).toBe(
      PRICE_CATALOG.loading,
    );
    const input = hostedOrderInput({ ...morning, moveType: 'loading' });
    const order = await browser().orders.create(input);
    expect(order).toMatchObject({ moveType: 'loading', totalPrice: input.totalPrice });
    expect(Number.isFinite(order.totalPrice)).toBe(true);
  });

  it('the order’s transaction prices again: a version saved after the check refuses a changed total, and keeps an unchanged one', async () => {
    const input = hostedOrderInput(morning);
    const checked = checkNewOrder(input, { catalog: FIRST_CATALOG, plan: FIRST_CAPACITY_PLAN });
    const place = () =>
      deps.orders.place(
        {
          fields: newOrderFields(
            checked,
            'visitor-x',
            { paymentStatus: 'pending', paymentProvider: 'cash' },
            new Date(NOW).toISOString(),
          ),
          checked,
          paymentReference: null,
        },
        { now: new Date(NOW), limits: [], openOrders: null },
      );
    // Saved between the function's check and its transaction: full moves cost 200 more.
    const dearer = ratesOf(FIRST_CATALOG);
    dearer.base.full += 200;
    await browser(ADMIN).prices.save(dearer);
    const refused = await place().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:order.pricesChanged',
      details: { totalPrice: input.totalPrice + 200, catalogVersion: 2 },
    });
    expect(backend.ids(COLLECTIONS.orders)).toEqual([]);
    expect(backend.read(`${COLLECTIONS.crewBookings}/${DATE}`)).toBeUndefined();

    // A version that leaves this order's total as it was: placed, with the version it was priced with.
    const packing = ratesOf(FIRST_CATALOG);
    packing.base.packaging += 50;
    await browser(ADMIN).prices.save(packing);
    const order = await place();
    expect(order).toMatchObject({ catalogVersion: 1, totalPrice: input.totalPrice });
  });
});

describe('the crews’ documents (D12)', () => {
  it('the plan is the admins’ to read; its record says who saved it', async () => {
    const saved = await browser(ADMIN).capacity.save(planWith(2));
    expect(saved).toMatchObject({ version: 2, updatedBy: 'admin@example.com' });
    expect(await browser(ADMIN).capacity.plan()).toEqual(saved);
    expect((await rejection(browser().capacity.plan())).code).toBe('permission-denied');
    expect(backend.read(`${COLLECTIONS.capacityPlans}/2`)).toMatchObject({
      version: 2,
      updatedByUid: 'admin-uid',
    });
  });

  it('availability says yes or no per window, never a count, and reads the plan and the counters only', async () => {
    await browser(ADMIN).capacity.save(planWith(1));
    await browser().orders.create(hostedOrderInput(morning));
    backend.resetReads();
    const [day] = await browser(null).capacity.availability(DATE, 1);
    expect(day).toEqual({
      date: DATE,
      windows: [
        { id: 'morning', start: '08:00', end: '12:00', available: false },
        { id: 'midday', start: '12:00', end: '16:00', available: true },
        { id: 'evening', start: '16:00', end: '20:00', available: true },
      ],
    });
    // The plan, and the one counter document of the date.
    expect(backend.reads.functions).toBe(2);
  });

  it('transactions that share nothing but a window’s counter still give away exactly its crews', async () => {
    await browser(ADMIN).capacity.save(planWith(3));
    const db = new FakeAdminFirestore(backend) as unknown as Firestore;
    const checked = checkNewOrder(hostedOrderInput(morning), {
      catalog: FIRST_CATALOG,
      plan: FIRST_CAPACITY_PLAN,
    });
    const runsBefore = backend.transactionRuns;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        db.runTransaction(async (tx) => {
          const held = await checkNewOrderIn(
            tx,
            db,
            checked,
            {
              id: `o${i}`,
              status: 'received',
              moveDate: DATE,
              timeWindow: checked.window,
              dropoffGovernorateId: 'cairo',
              dropoffDistrictId: 'maadi',
            },
            new Date(NOW),
          );
          // Each its own document: only the holders document is shared.
          tx.set(db.collection('scratch').doc(`o${i}`), { i });
          held.write(tx);
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refused).toHaveLength(9);
    for (const reason of refused) expect(reason).toBeInstanceOf(CrewTaken);
    const day = backend.read(`${COLLECTIONS.crewBookings}/${DATE}`)!;
    expect(day.booked).toEqual({ morning: 3 });
    // Three orders, three different crews (D28): none was given twice.
    const holders = (day.holders as { morning: { orderId: string; crewId: string }[] }).morning;
    expect(holders).toHaveLength(3);
    expect(new Set(holders.map((h) => h.crewId)).size).toBe(3);
    // The fake re-ran the transactions whose counter changed under them.
    expect(backend.transactionRuns - runsBefore).toBeGreaterThan(12);
  });

  it('a card order for a full window is refused before the card is verified', async () => {
    await browser(ADMIN).capacity.save(planWith(1));
    await browser().orders.create(hostedOrderInput(morning));
    const refused = await rejection(
      browser().orders.create(
        hostedOrderInput({
          ...morning,
          paymentMethod: 'card',
          paymentToken: 'test_ok_4242abcd4242',
        }),
      ),
    );
    expect(refused).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:order.windowFull',
    });
    expect(refused.details?.alternatives).toEqual([
      { date: DATE, window: { id: 'midday', start: '12:00', end: '16:00' } },
      { date: DATE, window: { id: 'evening', start: '16:00', end: '20:00' } },
      { date: '2026-04-02', window: { id: 'morning', start: '08:00', end: '12:00' } },
    ]);
    expect(verify).not.toHaveBeenCalled();
    expect(backend.ids(COLLECTIONS.orders)).toHaveLength(1);
  });

  it('an order from before the windows holds no crew: cancelling or deleting it changes no counter', async () => {
    const order = await browser().orders.create(hostedOrderInput(morning));
    const { timeWindow: _window, ...stored } = backend.read(`${COLLECTIONS.orders}/${order.id}`)!;
    backend.seed(`${COLLECTIONS.orders}/${order.id}`, stored);
    backend.seed(`${COLLECTIONS.crewBookings}/${DATE}`, { date: DATE, booked: {} });
    await browser(ADMIN).orders.update(order.id, { status: 'cancelled' });
    await browser(ADMIN).orders.remove(order.id);
    expect(backend.read(`${COLLECTIONS.crewBookings}/${DATE}`)).toEqual({ date: DATE, booked: {} });
    expect(backend.commits.at(-1)!.map((w) => w.path)).not.toContain(
      `${COLLECTIONS.crewBookings}/${DATE}`,
    );
  });
});
