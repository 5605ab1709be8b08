import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  datesFrom,
  windowFull,
  ALTERNATIVES_DAYS,
  type CapacityDraft,
  type CapacityPlan,
  type DayAvailability,
} from '../../../src/domain/capacity.ts';
import {
  assignNewOrder,
  freeWindowsForJob,
  jobAvailability,
  takeCrew,
  JOB_DAYS_MAX,
  type Assignment,
  type DispatchJob,
  type JobSource,
} from '../../../src/domain/dispatch.ts';
import type { CrewToTake } from '../../../src/domain/order-changes.ts';
import {
  crewNameIn,
  currentIn,
  datesOfJob,
  dispatchReadOf,
  HoldersNotRead,
  holdsChangesIn,
  jobIn,
  loadDaysIn,
  stateOf,
  type DispatchRead,
} from '../dispatch/dispatch-store.ts';
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
   * Throws the "window full" refusal, with the next windows that could take the move, unless a
   * crew can take it from its window (D28). Before a card is charged; the order's transaction
   * decides again.
   */
  checkCrewFree(
    checked: Pick<CheckedNewOrder, 'input' | 'price' | 'window'>,
    now: Date,
  ): Promise<void>;
  /** The refusal of a change or booking whose window was taken (CrewTaken), with the next windows that could take its move. */
  refusalOf(taken: CrewTaken, now: Date): Promise<RuleViolation>;
  /**
   * Which windows of `dates` could take a move (the date screen's question with the customer's
   * move, D28), from one read of the plan, fleet, catalog and the holders.
   */
  availabilityFor(move: JobSource, dates: readonly string[], now: Date): Promise<DayAvailability[]>;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

/**
 * A full window found inside an order's transaction: the refusal is built after it, with the
 * next windows that could take `job` (D28). `crew` is the one a change wanted (D17: an
 * un-cancel, a reschedule), with its own refusal; none for a new order, refused as "window full".
 */
export class CrewTaken extends Error {
  constructor(
    readonly plan: CapacityPlan,
    readonly job: DispatchJob,
    readonly date: string,
    readonly crew?: CrewToTake,
  ) {
    super('crew taken');
    this.name = 'CrewTaken';
  }
}

/** Runs a dispatch decision; a full window, or one it could not see from here, is CrewTaken. */
function deciding<T>(taken: () => CrewTaken, decide: () => T): T {
  try {
    return decide();
  } catch (error) {
    if (error instanceof HoldersNotRead) throw taken();
    throw error;
  }
}

/**
 * Inside a change's transaction, before its writes (D17, D28): when the change takes a crew its
 * order did not hold (an un-cancel, a reschedule), reads the plan, fleet and the new windows'
 * holders and returns the assignment it takes (`takeCrew`: its own crew when free, else the one
 * proposed), or throws CrewTaken. Null when the change takes none.
 */
export async function takeCrewIn(
  tx: Transaction,
  db: Firestore,
  order: Order,
  crew: CrewToTake | undefined,
  now: Date,
): Promise<{ read: DispatchRead; assignment: Assignment } | null> {
  if (!crew) return null;
  const read = await currentIn(tx, db);
  const job = jobIn(read, order, order.id);
  await loadDaysIn(tx, db, read, datesOfJob(read, job, crew.date, crew.window.id));
  const taken = () => new CrewTaken(read.plan, job, crew.date, crew);
  const assignment = deciding(taken, () =>
    takeCrew(
      stateOf(read, order),
      job,
      {
        ...crew,
        whenFull: () => {
          throw taken();
        },
      },
      order.assignment,
      now,
    ),
  );
  return { read, assignment };
}

/**
 * Inside a new order's transaction, before its writes: reads the current catalog, plan, fleet
 * and the holders of the days the move would hold; refuses a stale total ("prices changed",
 * D11) and a window no crew can take the move in (CrewTaken, D12, D28). Returns the assignment
 * (`assignNewOrder`), the tracker's name of its crew, and the writes that hold its windows.
 */
export async function checkNewOrderIn(
  tx: Transaction,
  db: Firestore,
  checked: Pick<CheckedNewOrder, 'input' | 'price' | 'window'>,
  order: Pick<
    Order,
    'id' | 'status' | 'moveDate' | 'timeWindow' | 'dropoffGovernorateId' | 'dropoffDistrictId'
  >,
  now: Date,
): Promise<{
  assignment: Assignment;
  crewName: string | null;
  write: (writer: Transaction) => void;
}> {
  const read = await currentIn(tx, db);
  checkStillPriced(checked, read.catalog);
  const date = checked.input.moveDate;
  const job = jobIn(read, { ...checked.input, distanceKm: checked.price.distanceKm });
  await loadDaysIn(tx, db, read, datesOfJob(read, job, date, checked.window.id));
  const taken = () => new CrewTaken(read.plan, job, date);
  const assignment = deciding(taken, () =>
    assignNewOrder(stateOf(read), job, date, checked.window, now, () => {
      throw taken();
    }),
  );
  const write = await holdsChangesIn(tx, db, read, null, { ...order, assignment });
  return { assignment, crewName: crewNameIn(read, { assignment }), write };
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

    async checkCrewFree(checked, now) {
      const date = checked.input.moveDate;
      const read = await dispatchAround(date, now);
      const job = jobIn(read, { ...checked.input, distanceKm: checked.price.distanceKm });
      assignNewOrder(stateOf(read), job, date, checked.window, now, windowFull);
    },

    async refusalOf(taken, now) {
      const read = await dispatchAround(taken.date, now);
      const whenFull = taken.crew?.whenFull ?? windowFull;
      return whenFull(freeWindowsForJob(stateOf(read), taken.job, taken.date, now));
    },

    async availabilityFor(move, dates, now) {
      const from = dates[0]!;
      const read = await dispatchReadOf(
        db,
        from,
        datesFrom(dates[dates.length - 1]!, JOB_DAYS_MAX).at(-1)!,
      );
      // Past the booking horizon every window is closed: proposeAssignment says so.
      return jobAvailability(stateOf(read), jobIn(read, move), dates, now);
    },
  };

  /** The read a refusal's next windows need: from `date` (or today) over ALTERNATIVES_DAYS and a long move's days. */
  function dispatchAround(date: string, now: Date): Promise<DispatchRead> {
    const today = cairoToday(now);
    const from = date < today ? today : date;
    return dispatchReadOf(db, from, datesFrom(from, ALTERNATIVES_DAYS + JOB_DAYS_MAX).at(-1)!);
  }
}
