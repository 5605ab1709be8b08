// Dispatch in Firestore (docs/decisions.md D28): what the domain's dispatch decisions read, read
// inside the transaction of the order write they decide, and the writes that keep the per-date
// holders documents (`crewBookings/{date}`: who holds each window, with their crew) in step with
// the orders. Every rule is src/domain/dispatch.ts's; this module only loads and stores.
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { holdsCrew, type CapacityPlan } from '../../../src/domain/capacity.ts';
import {
  jobOf,
  jobSlots,
  orderHolds,
  type DispatchJob,
  type DispatchState,
  type HoldingOrder,
  type Slot,
  type SlotHolder,
} from '../../../src/domain/dispatch.ts';
import { crewFirstName, findCrew, type Fleet } from '../../../src/domain/fleet.ts';
import {
  catalogFromDocument,
  COLLECTIONS,
  CURRENT_ID,
  fleetFromDocument,
  holdersDocument,
  holdersFromDocument,
  planFromDocument,
  UNNAMED_HOLDER,
} from '../../../src/domain/hosted-store.ts';
import type { Order } from '../../../src/domain/order.ts';
import type { PriceCatalog } from '../../../src/domain/pricing.ts';

const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

/** A holders document's day: window id → the orders holding it. */
export type Day = Record<string, SlotHolder[]>;

/**
 * A date whose holders this read has not loaded: a decision that looks there (the next windows
 * for a full one) is answered outside the transaction (`dispatchReadOf`).
 */
export class HoldersNotRead extends Error {
  constructor(readonly date: string) {
    super(`holders of ${date} not read`);
    this.name = 'HoldersNotRead';
  }
}

/** What a dispatch decision reads: the plan, the fleet, the catalog, and the days loaded. */
export interface DispatchRead {
  plan: CapacityPlan;
  fleet: Fleet;
  catalog: PriceCatalog;
  days: Map<string, Day>;
}

/** The plan, fleet and catalog documents, in one read. */
function currentRefs(db: Firestore) {
  return [
    db.collection(COLLECTIONS.capacity).doc(CURRENT_ID),
    db.collection(COLLECTIONS.fleet).doc(CURRENT_ID),
    db.collection(COLLECTIONS.catalog).doc(CURRENT_ID),
  ] as const;
}

function readOf(
  [planDoc, fleetDoc, catalogDoc]: (Record<string, unknown> | undefined)[],
  days: Map<string, Day>,
): DispatchRead {
  const plan = planFromDocument(planDoc, toIso);
  return {
    plan,
    fleet: fleetFromDocument(fleetDoc, plan, toIso),
    catalog: catalogFromDocument(catalogDoc, toIso),
    days,
  };
}

const dayRef = (db: Firestore, date: string) => db.collection(COLLECTIONS.crewBookings).doc(date);

/** Reads, in `tx`, the plan, fleet and catalog (before any write). */
export async function currentIn(tx: Transaction, db: Firestore): Promise<DispatchRead> {
  const snapshots = await tx.getAll(...currentRefs(db));
  return readOf(
    snapshots.map((s) => s.data()),
    new Map(),
  );
}

/** Reads, in `tx`, the holders of the dates `read` has not loaded yet (before any write). */
export async function loadDaysIn(
  tx: Transaction,
  db: Firestore,
  read: DispatchRead,
  dates: Iterable<string>,
): Promise<void> {
  const missing = [...new Set(dates)].filter((date) => !read.days.has(date));
  if (missing.length === 0) return;
  const snapshots = await tx.getAll(...missing.map((date) => dayRef(db, date)));
  snapshots.forEach((snapshot, i) =>
    read.days.set(missing[i]!, holdersFromDocument(snapshot.data())),
  );
}

/** Outside a transaction (availability, the board, a refusal's next windows): the same read. */
export async function dispatchReadOf(
  db: Firestore,
  from: string,
  to: string,
): Promise<DispatchRead> {
  const [current, days] = await Promise.all([
    Promise.all(currentRefs(db).map((ref) => ref.get())),
    db.collection(COLLECTIONS.crewBookings).where('date', '>=', from).where('date', '<=', to).get(),
  ]);
  const loaded = new Map<string, Day>();
  for (const doc of days.docs) loaded.set(doc.id, holdersFromDocument(doc.data()));
  const read = readOf(
    current.map((s) => s.data()),
    loaded,
  );
  // Dates without a document hold nothing: within the range, they are read too.
  return { ...read, days: withEmptyDays(loaded, from, to) };
}

function withEmptyDays(days: Map<string, Day>, from: string, to: string): Map<string, Day> {
  const filled = new Map(days);
  for (let d = new Date(`${from}T00:00:00Z`); ; d.setUTCDate(d.getUTCDate() + 1)) {
    const date = d.toISOString().slice(0, 10);
    if (date > to) break;
    if (!filled.has(date)) filled.set(date, {});
  }
  return filled;
}

/**
 * The state a decision about `order` reads (none: a new booking): the days loaded, and an order
 * from before dispatch does not count against itself (it is one of its window's unnamed holders).
 */
export function stateOf(
  read: DispatchRead,
  order?: Pick<Order, 'status' | 'moveDate' | 'timeWindow' | 'assignment'>,
): DispatchState {
  const own =
    order && !order.assignment && holdsCrew(order)
      ? { date: order.moveDate, windowId: order.timeWindow.id }
      : null;
  return {
    plan: read.plan,
    fleet: read.fleet,
    holdersOn: (date) => {
      const day = read.days.get(date);
      if (!day) throw new HoldersNotRead(date);
      if (!own || own.date !== date) return day;
      const list = [...(day[own.windowId] ?? [])];
      const i = list.findIndex((h) => h.orderId === UNNAMED_HOLDER);
      if (i >= 0) list.splice(i, 1);
      return { ...day, [own.windowId]: list };
    },
  };
}

/** A move as dispatch plans it, under the catalog read. */
export function jobIn(
  read: DispatchRead,
  source: Parameters<typeof jobOf>[0],
  orderId?: string,
): DispatchJob {
  return jobOf(source, read.catalog, orderId);
}

/** The dates a move from `windowId` on `date` would hold (the booked date when it fits none). */
export function datesOfJob(read: DispatchRead, job: DispatchJob, date: string, windowId: string) {
  const slots = jobSlots(read.plan, date, windowId, job.hours);
  return slots ? [...new Set(slots.map((s) => s.date))] : [date];
}

/** The first name the tracker shows for an order's crew (D28), under the fleet read. */
export function crewNameIn(read: Pick<DispatchRead, 'fleet'>, order: Pick<Order, 'assignment'>) {
  const crewId = order.assignment?.crewId;
  return crewId ? crewFirstName(findCrew(read.fleet, crewId)) : null;
}

/** What an order holds (D28): a row per window, named by its id once it has an assignment. */
type Hold = Slot & { holder: SlotHolder | null };

function holdsOfOrder(order: HoldingOrder | null): Hold[] {
  if (!order) return [];
  // An order from before dispatch is one of its window's unnamed holders.
  return orderHolds(order).map(({ date, windowId, ...holder }) => ({
    date,
    windowId,
    holder: holder.crewId === null ? null : holder,
  }));
}

/**
 * Reads, in `tx` (before its writes), the holders documents an order write changes: the order
 * before (null: new) and after (null: deleted). Returns the writes that move its holds, from the
 * days as read, so the documents and the orders never disagree. An order from before dispatch is
 * one of its window's unnamed holders; one the counters never counted frees nothing.
 */
export async function holdsChangesIn(
  tx: Transaction,
  db: Firestore,
  read: DispatchRead | null,
  before: Parameters<typeof holdsOfOrder>[0],
  after: Parameters<typeof holdsOfOrder>[0],
): Promise<(writer: Transaction) => void> {
  const gone = holdsOfOrder(before);
  const added = holdsOfOrder(after);
  if (JSON.stringify(gone) === JSON.stringify(added)) return () => {};
  const days = read?.days ?? new Map<string, Day>();
  const dates = [...new Set([...gone, ...added].map((h) => h.date))];
  const missing = dates.filter((date) => !days.has(date));
  if (missing.length > 0) {
    const snapshots = await tx.getAll(...missing.map((date) => dayRef(db, date)));
    snapshots.forEach((snapshot, i) => days.set(missing[i]!, holdersFromDocument(snapshot.data())));
  }
  return (writer) => {
    for (const date of dates) {
      const day: Day = Object.fromEntries(
        Object.entries(days.get(date) ?? {}).map(([id, list]) => [id, [...list]]),
      );
      for (const hold of gone.filter((h) => h.date === date)) {
        const list = day[hold.windowId] ?? [];
        const i = list.findIndex((h) =>
          hold.holder ? h.orderId === hold.holder.orderId : h.orderId === UNNAMED_HOLDER,
        );
        if (i >= 0) list.splice(i, 1);
        day[hold.windowId] = list;
      }
      for (const hold of added.filter((h) => h.date === date)) {
        (day[hold.windowId] ??= []).push(
          hold.holder ?? { orderId: UNNAMED_HOLDER, crewId: null, truckId: null, dropoff: null },
        );
      }
      days.set(date, day);
      writer.set(dayRef(db, date), holdersDocument(date, day));
    }
  };
}

export const fleetTime = (iso: string) => Timestamp.fromDate(new Date(iso));
