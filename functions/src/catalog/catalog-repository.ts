import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  datesFrom,
  freeWindowsAfter,
  hasFreeCrew,
  holdsCrew,
  windowFull,
  ALTERNATIVES_DAYS,
  type BookedWindow,
  type CapacityDraft,
  type CapacityPlan,
  type FreeWindow,
} from '../../../src/domain/capacity.ts';
import type { CrewToTake } from '../../../src/domain/order-changes.ts';
import {
  bookedFromDocument,
  catalogDocument,
  catalogFromDocument,
  catalogVersionDocument,
  COLLECTIONS,
  CURRENT_ID,
  moveAtRange,
  orderFromDocument,
  planDocument,
  planFromDocument,
  type SavedBy,
} from '../../../src/domain/hosted-store.ts';
import { checkStillPriced, type CheckedNewOrder, type Order } from '../../../src/domain/order.ts';
import {
  catalogFromRates,
  type CatalogRates,
  type PriceCatalog,
} from '../../../src/domain/pricing.ts';
import { cairoToday } from '../../../src/domain/datetime.ts';
import type { RuleViolation } from '../../../src/domain/errors.ts';

/** Window id → crews given away on one date. */
export type Booked = Record<string, number>;

/** The current catalog and crews plan, read together. */
export interface Current {
  catalog: PriceCatalog;
  plan: CapacityPlan;
}

/**
 * Prices and crews as data on the hosted build (D11, D12): the current catalog and plan (one
 * document each, version 1 and the first plan while none is saved), their numbered versions with
 * who saved them, and one counter document per date of the crews each window has given away.
 */
export interface CatalogRepository {
  current(): Promise<Current>;
  /** The current crews plan alone (availability and the calendar need no prices). */
  plan(): Promise<CapacityPlan>;
  /** Saves the next catalog version, effective at once; two saves at once get two numbers. */
  saveCatalog(rates: CatalogRates, by: SavedBy, now: Date): Promise<PriceCatalog>;
  /** Saves the next crews plan, effective at once. */
  savePlan(draft: CapacityDraft, by: SavedBy, now: Date): Promise<CapacityPlan>;
  /** Date → window → crews given away, for the dates from `from` to `to` inclusive. */
  bookedBetween(from: string, to: string): Promise<Map<string, Booked>>;
  /** The orders moving from `from` to `to` (inclusive), for the admins' calendar. */
  ordersBetween(from: string, to: string): Promise<Order[]>;
  /**
   * Throws the "window full" refusal, with the next free windows, unless `window` still has a
   * free crew on `date`. Before a card is charged; the order's transaction checks again.
   */
  checkCrewFree(date: string, window: BookedWindow, now: Date): Promise<void>;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

/** The crews counter documents of `dates`, read in `tx`: date → booked. */
async function bookingsIn(
  tx: Transaction,
  db: Firestore,
  dates: readonly string[],
): Promise<Map<string, Booked>> {
  const found = new Map<string, Booked>();
  if (dates.length === 0) return found;
  const refs = dates.map((date) => db.collection(COLLECTIONS.crewBookings).doc(date));
  const snapshots = await tx.getAll(...refs);
  snapshots.forEach((snapshot, i) => found.set(dates[i]!, bookedFromDocument(snapshot.data())));
  return found;
}

/** What an order write changes of the crews: the order before (null: new) and after (null: gone). */
interface Held {
  status: string;
  moveDate: string;
  timeWindow: BookedWindow | null;
}

/**
 * Reads, in `tx`, the counters an order write changes (an order that is not cancelled holds one
 * crew of its window, D12), and returns the writes that move them. Counters never go below 0
 * (orders from before the counters existed free a crew nobody counted).
 */
export async function crewChanges(
  tx: Transaction,
  db: Firestore,
  before: Held | null,
  after: Held | null,
  read: Map<string, Booked> = new Map(),
): Promise<(writer: Transaction) => void> {
  const deltas = new Map<string, Map<string, number>>();
  const add = (order: Held | null, delta: number) => {
    if (!order || !holdsCrew(order)) return;
    const day = deltas.get(order.moveDate) ?? new Map<string, number>();
    day.set(order.timeWindow.id, (day.get(order.timeWindow.id) ?? 0) + delta);
    deltas.set(order.moveDate, day);
  };
  add(before, -1);
  add(after, +1);
  for (const [date, day] of deltas) {
    for (const [id, delta] of day) if (delta === 0) day.delete(id);
    if (day.size === 0) deltas.delete(date);
  }
  const unread = [...deltas.keys()].filter((date) => !read.has(date));
  const bookings = new Map([...read, ...(await bookingsIn(tx, db, unread))]);
  return (writer) => {
    for (const [date, day] of deltas) {
      const booked = { ...bookings.get(date) };
      for (const [id, delta] of day) booked[id] = Math.max(0, (booked[id] ?? 0) + delta);
      writer.set(db.collection(COLLECTIONS.crewBookings).doc(date), { date, booked });
    }
  };
}

/**
 * A full window found inside an order's transaction: the refusal is built after it. `crew` is
 * the one a change wanted (D17: an un-cancel, a reschedule), with its own refusal; none for a new
 * order, refused as "window full".
 */
export class CrewTaken extends Error {
  constructor(
    readonly plan: CapacityPlan,
    readonly crew?: CrewToTake,
  ) {
    super('crew taken');
    this.name = 'CrewTaken';
  }
}

/**
 * Inside a change's transaction, before its writes (D17): when the change takes a crew its order
 * did not hold, reads the current plan and that date's counters and throws CrewTaken unless the
 * crew is free. Returns the counters read, for `crewChanges` to reuse.
 */
export async function checkCrewTakenIn(
  tx: Transaction,
  db: Firestore,
  crew: CrewToTake | undefined,
  now: Date,
): Promise<Map<string, Booked>> {
  if (!crew) return new Map();
  const planSnapshot = await tx.get(db.collection(COLLECTIONS.capacity).doc(CURRENT_ID));
  const plan = planFromDocument(planSnapshot.data(), toIso);
  const bookings = await bookingsIn(tx, db, [crew.date]);
  if (!hasFreeCrew(plan, crew.date, crew.window, bookings.get(crew.date) ?? {}, now)) {
    throw new CrewTaken(plan, crew);
  }
  return bookings;
}

/**
 * Inside a new order's transaction, before its writes: reads the current catalog, plan and the
 * date's counters; refuses a stale total ("prices changed", D11) and a window with no free crew
 * (CrewTaken, D12). Returns the writes that take the crew.
 */
export async function checkNewOrderIn(
  tx: Transaction,
  db: Firestore,
  checked: Pick<CheckedNewOrder, 'input' | 'price' | 'window'>,
  order: Held,
  now: Date,
): Promise<(writer: Transaction) => void> {
  const [catalogSnapshot, planSnapshot] = await tx.getAll(
    db.collection(COLLECTIONS.catalog).doc(CURRENT_ID),
    db.collection(COLLECTIONS.capacity).doc(CURRENT_ID),
  );
  checkStillPriced(checked, catalogFromDocument(catalogSnapshot!.data(), toIso));
  const plan = planFromDocument(planSnapshot!.data(), toIso);
  const date = checked.input.moveDate;
  const bookings = await bookingsIn(tx, db, [date]);
  if (!hasFreeCrew(plan, date, checked.window, bookings.get(date) ?? {}, now)) {
    throw new CrewTaken(plan);
  }
  return crewChanges(tx, db, null, order, bookings);
}

export function firestoreCatalog(db: Firestore): CatalogRepository {
  const catalogRef = db.collection(COLLECTIONS.catalog).doc(CURRENT_ID);
  const planRef = db.collection(COLLECTIONS.capacity).doc(CURRENT_ID);

  async function bookedBetween(from: string, to: string): Promise<Map<string, Booked>> {
    const snapshot = await db
      .collection(COLLECTIONS.crewBookings)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .get();
    const found = new Map<string, Booked>();
    for (const doc of snapshot.docs) found.set(doc.id, bookedFromDocument(doc.data()));
    return found;
  }

  async function current(): Promise<Current> {
    const [catalog, plan] = await Promise.all([catalogRef.get(), planRef.get()]);
    return {
      catalog: catalogFromDocument(catalog!.data(), toIso),
      plan: planFromDocument(plan!.data(), toIso),
    };
  }

  async function plan(): Promise<CapacityPlan> {
    return planFromDocument((await planRef.get()).data(), toIso);
  }

  return {
    current,
    plan,

    async saveCatalog(rates, by, now) {
      return db.runTransaction(async (tx) => {
        const before = catalogFromDocument((await tx.get(catalogRef)).data(), toIso);
        const catalog = catalogFromRates(rates, before.version + 1, now.toISOString());
        const versionRef = db.collection(COLLECTIONS.catalogVersions).doc(String(catalog.version));
        tx.create(versionRef, catalogVersionDocument(catalog, by, toTime));
        tx.set(catalogRef, catalogDocument(catalog, toTime));
        return catalog;
      });
    },

    async savePlan(draft, by, now) {
      return db.runTransaction(async (tx) => {
        const before = planFromDocument((await tx.get(planRef)).data(), toIso);
        const plan: CapacityPlan = {
          ...draft,
          version: before.version + 1,
          updatedAt: now.toISOString(),
          updatedBy: by.email,
        };
        const versionRef = db.collection(COLLECTIONS.capacityPlans).doc(String(plan.version));
        tx.create(versionRef, { ...planDocument(plan, toTime), updatedByUid: by.uid });
        tx.set(planRef, planDocument(plan, toTime));
        return plan;
      });
    },

    bookedBetween,

    async ordersBetween(from, to) {
      const range = moveAtRange(from, to);
      const snapshot = await db
        .collection(COLLECTIONS.orders)
        .where('moveAt', '>=', range.from)
        .where('moveAt', '<=', range.to)
        .orderBy('moveAt', 'asc')
        .get();
      return snapshot.docs.map((doc) => orderFromDocument(doc.id, doc.data(), toIso));
    },

    async checkCrewFree(date, window, now) {
      const [current, booked] = await Promise.all([plan(), bookedBetween(date, date)]);
      if (!hasFreeCrew(current, date, window, booked.get(date) ?? {}, now)) {
        throw await crewRefusal({ bookedBetween }, current, date, now);
      }
    },
  };
}

/** The "window full" refusal, with the free windows from `date` on as the counters say now. */
export async function crewRefusal(
  catalog: Pick<CatalogRepository, 'bookedBetween'>,
  plan: CapacityPlan,
  date: string,
  now: Date,
  whenFull: (alternatives: readonly FreeWindow[]) => RuleViolation = windowFull,
): Promise<RuleViolation> {
  const today = cairoToday(now);
  const dates = datesFrom(date < today ? today : date, ALTERNATIVES_DAYS);
  const booked = await catalog.bookedBetween(dates[0]!, dates[dates.length - 1]!);
  return whenFull(freeWindowsAfter(plan, date, (day) => booked.get(day) ?? {}, now));
}
