// The one-off backfill of the hosted build's crews counters (scripts/lib/crew-backfill.ts), run
// against the in-process fake of firebase-admin's Firestore that the functions' tests use, with
// order documents built as placeOrder builds them and counters moved by the functions' own
// crewChanges.
import type { Firestore } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { firestoreCatalog } from '../../functions/src/catalog/catalog-repository.ts';
import { holdsChangesIn } from '../../functions/src/dispatch/dispatch-store.ts';
import { hostedOrderInput } from '../../src/data/firebase/testing-hosted.ts';
import { backfillCrewCounters, backfillReport } from '../../scripts/lib/crew-backfill.ts';
import {
  CAPACITY_MESSAGES,
  FIRST_CAPACITY_PLAN,
  type BookedWindow,
} from '../../src/domain/capacity.ts';
import { COLLECTIONS, orderDocument } from '../../src/domain/hosted-store.ts';
import type { Order } from '../../src/domain/order.ts';
import {
  FakeAdminFirestore,
  FakeFirestoreBackend,
  Timestamp,
} from '../../src/data/firebase/testing-fake-firestore.ts';
import { seededOrder } from '../../src/data/firebase/testing-seed-orders.ts';

// 23:30 on 9 March in UTC is 01:30 on 10 March in Cairo: "today" is Cairo's date.
const NOW = new Date('2026-03-09T23:30:00.000Z');
const TODAY = '2026-03-10';
const YESTERDAY = '2026-03-09';
const LATER = '2026-04-01';
const [MORNING, MIDDAY, EVENING] = FIRST_CAPACITY_PLAN.windows.map(
  ({ id, start, end }): BookedWindow => ({ id, start, end }),
) as [BookedWindow, BookedWindow, BookedWindow];

let store: FakeFirestoreBackend;
let db: Firestore;
let ids = 0;

beforeEach(() => {
  store = new FakeFirestoreBackend();
  db = new FakeAdminFirestore(store) as unknown as Firestore;
  ids = 0;
});

const toTime = (iso: string) => Timestamp.fromMillis(Date.parse(iso));

function orderOn(
  moveDate: string,
  timeWindow: BookedWindow | null,
  status: Order['status'] = 'received',
): Omit<Order, 'id'> {
  return { ...seededOrder(ids, 1000, NOW.getTime()), moveDate, timeWindow, status };
}

function documentOf(order: Omit<Order, 'id'>) {
  return orderDocument(order, toTime, { paymentReference: null, updatedAt: order.createdAt });
}

/** An order already stored, as placeOrder wrote it before the counters existed (no counter moved). */
function seedOrder(...args: Parameters<typeof orderOn>): string {
  const id = `old-${String((ids += 1)).padStart(3, '0')}`;
  store.seed(`${COLLECTIONS.orders}/${id}`, documentOf(orderOn(...args)));
  return id;
}

function seedCounter(date: string, booked: Record<string, number>): void {
  store.seed(`${COLLECTIONS.crewBookings}/${date}`, { date, booked });
}

const counter = (date: string) => store.read(`${COLLECTIONS.crewBookings}/${date}`);

/** Places an order the way the functions do: the order and its crew taken in one transaction. */
async function placeWithCounter(order: Omit<Order, 'id'>): Promise<void> {
  await db.runTransaction(async (tx) => {
    const id = `new-${(ids += 1)}`;
    const take = await holdsChangesIn(tx, db, null, null, { id, ...order });
    tx.create(db.collection(COLLECTIONS.orders).doc(id), documentOf(order));
    take(tx);
  });
}

/** Paths the backfill wrote since commit number `from`. */
const writtenSince = (from: number) =>
  store.commits.slice(from).flatMap((c) => c.map((w) => w.path));

describe('the crews counters backfill (D12)', () => {
  it('counts per date and window the orders that hold a crew: not cancelled ones, windowless ones or past dates', async () => {
    seedOrder(TODAY, MORNING, 'received');
    seedOrder(TODAY, MORNING, 'under_review');
    seedOrder(TODAY, MORNING, 'cancelled');
    seedOrder(TODAY, EVENING, 'in_transit');
    seedOrder(LATER, MIDDAY, 'received');
    seedOrder(LATER, null, 'received'); // booked before windows existed: holds no crew
    seedOrder(LATER, EVENING, 'cancelled');
    seedOrder(YESTERDAY, MORNING, 'delivered'); // today in UTC, but past in Cairo
    seedOrder(YESTERDAY, MORNING, 'received');

    const outcome = await backfillCrewCounters(db, { now: NOW, dryRun: false });

    expect(outcome).toEqual({
      today: TODAY,
      dates: [TODAY, LATER],
      changes: [
        { date: TODAY, windowId: 'evening', before: 0, after: 1 },
        { date: TODAY, windowId: 'morning', before: 0, after: 2 },
        { date: LATER, windowId: 'midday', before: 0, after: 1 },
      ],
      written: true,
    });
    expect(counter(TODAY)).toEqual({ date: TODAY, booked: { morning: 2, evening: 1 } });
    expect(counter(LATER)).toEqual({ date: LATER, booked: { midday: 1 } });
    expect(counter(YESTERDAY)).toBeUndefined();
  });

  it('corrects wrong counters (too high, too low, a window with no order left) and leaves right and past ones alone', async () => {
    seedCounter(TODAY, { morning: 5, evening: 1 });
    seedOrder(TODAY, MORNING);
    seedOrder(TODAY, MORNING);
    seedOrder(TODAY, MIDDAY);
    seedCounter('2026-03-20', { morning: 2 }); // its orders were deleted: nothing holds a crew
    seedCounter('2026-03-25', { midday: 1 });
    seedOrder('2026-03-25', MIDDAY);
    seedCounter('2026-03-01', { morning: 9 }); // past: no window of it can be booked any more
    const commits = store.commits.length;

    const outcome = await backfillCrewCounters(db, { now: NOW, dryRun: false });

    expect(outcome.dates).toEqual([TODAY, '2026-03-20', '2026-03-25']);
    expect(outcome.changes).toEqual([
      { date: TODAY, windowId: 'evening', before: 1, after: 0 },
      { date: TODAY, windowId: 'midday', before: 0, after: 1 },
      { date: TODAY, windowId: 'morning', before: 5, after: 2 },
      { date: '2026-03-20', windowId: 'morning', before: 2, after: 0 },
    ]);
    expect(counter(TODAY)).toEqual({ date: TODAY, booked: { morning: 2, midday: 1 } });
    expect(counter('2026-03-20')).toEqual({ date: '2026-03-20', booked: {} });
    expect(counter('2026-03-25')).toEqual({ date: '2026-03-25', booked: { midday: 1 } });
    expect(counter('2026-03-01')).toEqual({ date: '2026-03-01', booked: { morning: 9 } });
    // Only the two wrong counters were written.
    expect(writtenSince(commits)).toEqual([
      `${COLLECTIONS.crewBookings}/${TODAY}`,
      `${COLLECTIONS.crewBookings}/2026-03-20`,
    ]);
  });

  it('is idempotent: a second run finds every counter right and writes nothing', async () => {
    seedCounter(TODAY, { morning: 1 });
    seedOrder(TODAY, MORNING);
    seedOrder(TODAY, MORNING);
    seedOrder(LATER, EVENING);
    await backfillCrewCounters(db, { now: NOW, dryRun: false });
    const after = [counter(TODAY), counter(LATER)];
    const commits = store.commits.length;

    const again = await backfillCrewCounters(db, { now: NOW, dryRun: false });

    expect(again.dates).toEqual([TODAY, LATER]);
    expect(again.changes).toEqual([]);
    expect(writtenSince(commits)).toEqual([]);
    expect([counter(TODAY), counter(LATER)]).toEqual(after);
    expect(after).toEqual([
      { date: TODAY, booked: { morning: 2 } },
      { date: LATER, booked: { evening: 1 } },
    ]);
  });

  it('a dry run reports the same changes and writes nothing', async () => {
    seedCounter(TODAY, { morning: 3 });
    seedOrder(TODAY, MORNING);
    seedOrder(LATER, MIDDAY);
    const commits = store.commits.length;

    const dry = await backfillCrewCounters(db, { now: NOW, dryRun: true });

    expect(dry.written).toBe(false);
    expect(writtenSince(commits)).toEqual([]);
    expect(counter(TODAY)).toEqual({ date: TODAY, booked: { morning: 3 } });
    expect(counter(LATER)).toBeUndefined();
    const real = await backfillCrewCounters(db, { now: NOW, dryRun: false });
    expect(real.changes).toEqual(dry.changes);
    expect(real.changes).toEqual([
      { date: TODAY, windowId: 'morning', before: 3, after: 1 },
      { date: LATER, windowId: 'midday', before: 0, after: 1 },
    ]);
    // What the script prints.
    expect(backfillReport(dry, 'project demo')).toEqual([
      '2026-03-10 morning: 3 → 1',
      '2026-04-01 midday: 0 → 1',
      'Dry run, nothing written: 2 date(s) from 2026-03-10 (Cairo) checked in project demo; 2 window counter(s) on 2 date(s) would change.',
    ]);
    expect(backfillReport(real, 'project demo').at(-1)).toBe(
      '2 date(s) from 2026-03-10 (Cairo) checked in project demo; 2 window counter(s) on 2 date(s) changed.',
    );
    expect(
      backfillReport(await backfillCrewCounters(db, { now: NOW, dryRun: false }), 'project demo'),
    ).toEqual([
      '2 date(s) from 2026-03-10 (Cairo) checked in project demo; every counter already matches its orders.',
    ]);
  });

  it('an order placed while a date’s transaction is open is not lost: the date is counted again with it', async () => {
    seedOrder(LATER, MORNING);
    seedOrder(LATER, MORNING);
    // The backfill's first transaction on LATER has read its counter and orders; before it
    // commits, placeOrder takes a crew there (and writes the counter, from nothing to 1).
    let placed = false;
    const racing = {
      collection: db.collection.bind(db),
      runTransaction: ((update, options) =>
        db.runTransaction(async (tx) => {
          const result = await update(tx);
          if (!placed) {
            placed = true;
            await placeWithCounter(orderOn(LATER, MORNING));
          }
          return result;
        }, options)) as Firestore['runTransaction'],
    } as unknown as Firestore;

    const outcome = await backfillCrewCounters(racing, { now: NOW, dryRun: false });

    expect(placed).toBe(true);
    expect(counter(LATER)).toEqual({ date: LATER, booked: { morning: 3 }, holders: {} });
    // What the transaction that committed saw: the placed order's counter, and all three orders.
    expect(outcome.changes).toEqual([{ date: LATER, windowId: 'morning', before: 1, after: 3 }]);
    expect((await backfillCrewCounters(db, { now: NOW, dryRun: false })).changes).toEqual([]);
  });

  it('after it, the functions see the window as full that old orders had filled', async () => {
    const crews = FIRST_CAPACITY_PLAN.windows.find((w) => w.id === MORNING.id)!.crews;
    for (let i = 0; i < crews; i += 1) seedOrder(LATER, MORNING);
    const catalog = firestoreCatalog(db);
    // A booking as checkNewOrder leaves it (its date is past for today's clock, not for NOW's).
    const checked = (window: BookedWindow) =>
      ({
        input: hostedOrderInput({ moveDate: LATER, moveTime: window.start }),
        price: { distanceKm: 0 },
        window,
      }) as unknown as Parameters<typeof catalog.checkCrewFree>[0];
    // Without counters the window looks free: the overbooking the backfill prevents.
    await expect(catalog.checkCrewFree(checked(MORNING), NOW)).resolves.toBeUndefined();

    await backfillCrewCounters(db, { now: NOW, dryRun: false });

    await expect(catalog.checkCrewFree(checked(MORNING), NOW)).rejects.toMatchObject({
      message: CAPACITY_MESSAGES.windowFull,
    });
    await expect(catalog.checkCrewFree(checked(MIDDAY), NOW)).resolves.toBeUndefined();
  });
});
