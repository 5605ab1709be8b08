import type { Firestore } from 'firebase-admin/firestore';
import { holdsCrew, type BookedWindow } from '../../src/domain/capacity.ts';
import { cairoToday } from '../../src/domain/datetime.ts';
import {
  bookedFromDocument,
  COLLECTIONS,
  orderFromDocument,
} from '../../src/domain/hosted-store.ts';

/** Window id → crews given away on one date (as `crewBookings/{date}` holds them). */
export type Booked = Record<string, number>;

/** One window's counter that the backfill set (or, on a dry run, would set). */
export interface CrewCounterChange {
  date: string;
  windowId: string;
  before: number;
  after: number;
}

export interface CrewBackfillOutcome {
  /** The first date looked at: today in Cairo. Earlier dates are left as they are. */
  today: string;
  /** The dates checked, in order: those with an order holding a crew or with a counter. */
  dates: string[];
  /** The counters that differed from their orders, by date and window. */
  changes: CrewCounterChange[];
  /** False on a dry run: nothing was written. */
  written: boolean;
}

/** What of an order decides whether it holds a crew, and which. */
type Held = { status: string; moveDate: string; timeWindow: BookedWindow | null };

/**
 * Date → window → crews held by `orders`, by the rule every order write of the functions keeps
 * the counters with (`holdsCrew`: an order booked in a window that is not cancelled holds one).
 */
export function crewsHeld(orders: Iterable<Held>): Map<string, Booked> {
  const held = new Map<string, Booked>();
  for (const order of orders) {
    if (!holdsCrew(order)) continue;
    const day = held.get(order.moveDate) ?? {};
    day[order.timeWindow.id] = (day[order.timeWindow.id] ?? 0) + 1;
    held.set(order.moveDate, day);
  }
  return held;
}

/** The windows whose count differs between `before` and `after` (a missing window is 0). */
export function counterChanges(date: string, before: Booked, after: Booked): CrewCounterChange[] {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return ids
    .map((windowId) => ({
      date,
      windowId,
      before: before[windowId] ?? 0,
      after: after[windowId] ?? 0,
    }))
    .filter((change) => change.before !== change.after);
}

/** An order document as the functions read it; its times are not used here. */
function heldBy(id: string, data: Record<string, unknown>): Held {
  return orderFromDocument(id, data, String);
}

/**
 * Sets one date's `crewBookings/{date}` to the crews its orders hold, in one transaction.
 *
 * Why this is safe while the site takes bookings: every order write that takes or frees a crew on
 * `date` (placeOrder, a cancel, an admin's status change or delete: `crewChanges` in
 * functions/src/catalog/catalog-repository.ts) reads and writes this same counter document in its
 * own transaction. This transaction reads it too, with the date's orders, and writes it. So
 * Firestore serializes the two on the counter (a lock, or an abort and a re-run of the later
 * one): either the order write commits first, and this transaction (run again if it had
 * already read) sees its order among the date's orders, or this one commits first, and the order
 * write reads the corrected counter and adds or frees its crew on top. No booking is lost and
 * none counted twice, without asking for a quiet site. On a dry run the transaction is read-only:
 * it locks nothing and writes nothing.
 */
async function backfillDate(
  db: Firestore,
  date: string,
  dryRun: boolean,
): Promise<CrewCounterChange[]> {
  const counterRef = db.collection(COLLECTIONS.crewBookings).doc(date);
  const ordersOfDate = db.collection(COLLECTIONS.orders).where('moveDate', '==', date);
  return db.runTransaction(
    async (tx) => {
      const counter = await tx.get(counterRef);
      const orders = await tx.get(ordersOfDate);
      const held = crewsHeld(orders.docs.map((doc) => heldBy(doc.id, doc.data())));
      const after = held.get(date) ?? {};
      const changes = counterChanges(date, bookedFromDocument(counter.data()), after);
      // The same shape the functions write ({date, booked, holders}); `date` is what
      // bookedBetween queries. The holders the functions named since dispatch (D28) stay.
      if (changes.length > 0 && !dryRun) {
        tx.set(counterRef, { ...counter.data(), date, booked: after });
      }
      return changes;
    },
    dryRun ? { readOnly: true } : {},
  );
}

/**
 * Brings every crews counter from today (Cairo) on in line with the orders: the one-off backfill
 * for a deployment that took bookings before the counters existed (D12), whose windows would
 * otherwise look freer than they are. Looks at every date from today on that has an order
 * holding a crew or a counter (a counter without such orders is set to 0), one transaction per
 * date. Running it again changes nothing; `dryRun` reports the same changes and writes nothing.
 */
export async function backfillCrewCounters(
  db: Firestore,
  options: { now: Date; dryRun: boolean },
): Promise<CrewBackfillOutcome> {
  const today = cairoToday(options.now);
  // Which dates to look at. Orders placed from here on keep their own counters (the deployed
  // functions), so a date first booked after this scan needs no backfill.
  const [orders, counters] = await Promise.all([
    db.collection(COLLECTIONS.orders).where('moveDate', '>=', today).get(),
    db.collection(COLLECTIONS.crewBookings).where('date', '>=', today).get(),
  ]);
  const held = crewsHeld(orders.docs.map((doc) => heldBy(doc.id, doc.data())));
  const dates = [...new Set([...held.keys(), ...counters.docs.map((doc) => doc.id)])].sort();
  const changes: CrewCounterChange[] = [];
  for (const date of dates) changes.push(...(await backfillDate(db, date, options.dryRun)));
  return { today, dates, changes, written: !options.dryRun };
}

/** What the script prints: one line per changed counter (date, window, before → after), then a summary. */
export function backfillReport(outcome: CrewBackfillOutcome, where: string): string[] {
  const { changes, written } = outcome;
  const lines = changes.map((c) => `${c.date} ${c.windowId}: ${c.before} → ${c.after}`);
  const dates = new Set(changes.map((change) => change.date)).size;
  const summary =
    changes.length === 0
      ? 'every counter already matches its orders'
      : `${changes.length} window counter(s) on ${dates} date(s) ${written ? 'changed' : 'would change'}`;
  lines.push(
    `${written ? '' : 'Dry run, nothing written: '}${outcome.dates.length} date(s) from ${outcome.today} (Cairo) checked in ${where}; ${summary}.`,
  );
  return lines;
}
