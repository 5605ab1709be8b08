import {
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { RuleViolation } from '../../../src/domain/errors.ts';
import {
  COLLECTIONS,
  CREW_DAYS_FIELD,
  LIVE_KEY_FIELD,
  liveKeyOf,
  ORDER_STATS_ID,
  orderDocument,
  orderFromDocument,
  trackingFromDocument,
} from '../../../src/domain/hosted-store.ts';
import type {
  CheckedNewOrder,
  Order,
  PublicTracking,
  StatusActor,
} from '../../../src/domain/order.ts';
import { checkOpenOrders } from '../../../src/domain/customer-limits.ts';
import { cairoYmdCompact } from '../../../src/domain/datetime.ts';
import { orderNumberCandidates } from '../../../src/domain/order-number.ts';
import type { OrderChangeDecision } from '../../../src/domain/order-changes.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/domain/status.ts';
import { checkNewOrderIn, takeCrewIn } from '../catalog/catalog-repository.ts';
import { crewNameIn, holdsChangesIn, type DispatchRead } from '../dispatch/dispatch-store.ts';
import { reviewFollowsOrder } from '../reviews/review-repository.ts';
import { takeLimits, type Limit } from '../shared/limits.ts';
import { copiesUnder, newLiveKey, publicCopiesIn } from './public-copies.ts';

/** A new order as the handler settled it: validated, priced, paid or pending (D2, D3). */
export interface NewOrderRecord {
  fields: Omit<Order, 'id' | 'orderNumber'>;
  /**
   * What the order was checked with: its transaction checks it again against the catalog and
   * crews plan current then (D11, D12).
   */
  checked: Pick<CheckedNewOrder, 'input' | 'price' | 'window'>;
  /** The payment provider's reference for a card payment, for reconciliation. */
  paymentReference: string | null;
}

/**
 * Where orders live. Every method is one transaction: an order, its public tracking copy, the
 * day's number counter, the limits and the admin list's counters never disagree.
 */
export interface OrderRepository {
  /**
   * Stores a new order and its tracking copy under a fresh number of the day (D6), after taking
   * one event from each limit (D8) and one crew of its window (D12). Throws RetryLater,
   * `errors:order.tooManyOpen` when the customer already holds as many open orders as allowed
   * (D13), "prices changed" when a catalog version was saved since it was checked with another
   * total (D11), CrewTaken when its window has no free crew, or `unavailable` when the day's
   * numbers are spent.
   */
  place(record: NewOrderRecord, options: PlaceOptions): Promise<Order>;
  /**
   * Refuses (RetryLater, or too many open orders) when one more order would break a limit,
   * without recording anything: before a card is charged.
   */
  checkLimits(limits: readonly Limit[], now: Date, openOrders: OpenOrders | null): Promise<void>;
  get(id: string): Promise<Order | null>;
  /**
   * Stores what `decide` decided for the order as stored (src/domain/order-changes.ts: a
   * customer's cancel, an admin's update) in the transaction it was read in, with its tracking
   * copy, crews, review, counters and messages; null when there is no such order.
   */
  change(
    id: string,
    decide: (order: Order) => OrderChangeDecision,
    now: Date,
  ): Promise<Order | null>;
  /**
   * The same, for a decision that reads more in the transaction (D28: the office's assignment,
   * the crew's tap): `decideIn` reads what it needs (before any write) and returns the decision,
   * the dispatch state it read (the tracker's crew name comes from its fleet), and what else to
   * write; null when nothing changes (a tap sent again), and the order is answered as stored.
   */
  changeIn(
    id: string,
    decideIn: (tx: Transaction, order: Order) => Promise<DecidedIn | null>,
    now: Date,
  ): Promise<Order | null>;
  /** Deletes the order, its tracking copy and its payment record together; the order, or null. */
  remove(id: string, now: Date): Promise<Order | null>;
  /**
   * The public view of an order number, after taking one event from each limit, and the key of
   * its live copy (D19), which an order placed before them is given here.
   */
  track(
    orderNumber: string,
    options: { now: Date; limits: readonly Limit[] },
  ): Promise<{ tracking: PublicTracking; liveKey: string } | null>;
}

/** What `changeIn`'s decision returns. */
export interface DecidedIn {
  decision: OrderChangeDecision;
  /** The dispatch state read for it: its holds and the tracker's crew name follow it. */
  read: DispatchRead | null;
  /** Writes beside the order's (a delivery's proof), made after every read. */
  also?: (tx: Transaction) => void;
}

/** An order write as the notification outbox hears of it: a new order, or a change by `actor`. */
export type OrderWrite =
  { before: null; after: Order } | { before: Order; after: Order; actor: StatusActor };

/**
 * What an order write tells the notification outbox (docs/decisions.md D10), inside the order's
 * own transaction and after its reads, so the order and its messages commit together or not at
 * all. `seq` is the order's count of outbox events so far (`outboxSeq`); returns the new count.
 */
export interface OrderOutbox {
  record(tx: Transaction, write: OrderWrite, seq: number, now: Date): number;
  /**
   * Reads, in the transaction that deletes an order, what of the outbox goes with it; returns
   * the writes that delete it, made after the transaction's reads.
   */
  removal(tx: Transaction, orderId: string): Promise<(tx: Transaction) => void>;
}

/** No outbox: nothing is told. */
export const NO_OUTBOX: OrderOutbox = {
  record: (_tx, _write, seq) => seq,
  removal: async () => () => {},
};

/** Whose open orders a new order counts against (D13), as of which Cairo date, up to what. */
export interface OpenOrders {
  userId: string;
  /** YYYY-MM-DD, Cairo: moves on this date or later are still ahead. */
  today: string;
  /** The most a customer may hold (OPEN_ORDERS_PER_CUSTOMER). */
  max: number;
}

export interface PlaceOptions {
  now: Date;
  limits: readonly Limit[];
  /** The customer's open orders to count (null for an admin booking by phone, D8). */
  openOrders: OpenOrders | null;
  /** The order-number draws; tests inject it to force collisions. */
  random?: () => number;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

type Counts = Record<OrderStatus, number>;

function countsOf(data: DocumentData | undefined): Counts {
  const stored = (data?.counts ?? {}) as Partial<Counts>;
  return Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, Math.max(0, Number(stored[status] ?? 0) || 0)]),
  ) as Counts;
}

function unavailable(): RuleViolation {
  return new RuleViolation('unavailable', 'errors:unavailable');
}

/** The repository over Firestore through firebase-admin (which bypasses the rules). */
export function firestoreOrders(db: Firestore, outbox: OrderOutbox = NO_OUTBOX): OrderRepository {
  const orders = db.collection(COLLECTIONS.orders);
  const tracking = db.collection(COLLECTIONS.tracking);
  const statsRef = db.collection(COLLECTIONS.stats).doc(ORDER_STATS_ID);

  /**
   * Inside a transaction, before its writes: refuses one more order when the customer already
   * holds the most open orders allowed (D13). Cost: one query on the customer's orders with
   * `moveDate >= today` (index userId + moveDate), billed one read per order it returns and one
   * when it returns none. That is at most 3 open ones, plus the cancelled and delivered ones
   * still ahead, which isOpenOrder leaves out and the order limits (D8) keep few. The documents
   * it returns are read by the transaction; with the per-customer order limit on (the default),
   * every order a customer places also takes their quota document in the same transaction, so
   * two of their orders at once are counted one after the other.
   */
  async function checkOpenOrdersIn(tx: Transaction, openOrders: OpenOrders | null): Promise<void> {
    if (!openOrders) return;
    const ahead = await tx.get(
      orders.where('userId', '==', openOrders.userId).where('moveDate', '>=', openOrders.today),
    );
    const theirs = ahead.docs.map((snapshot) => {
      const data = snapshot.data();
      return { status: data.status as OrderStatus, moveDate: String(data.moveDate) };
    });
    checkOpenOrders(theirs, openOrders.today, openOrders.max);
  }

  /** Reads the counters; returns the write that moves one order from `from` to `to`. */
  async function countersIn(tx: Transaction) {
    const counts = countsOf((await tx.get(statsRef)).data());
    return (writer: Transaction, from: OrderStatus | null, to: OrderStatus | null) => {
      if (from) counts[from] = Math.max(0, counts[from] - 1);
      if (to) counts[to] += 1;
      const total = ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0);
      writer.set(statsRef, { counts, total });
    };
  }

  async function changeIn(
    id: string,
    decideIn: (tx: Transaction, order: Order) => Promise<DecidedIn | null>,
    now: Date,
  ): Promise<Order | null> {
    const ref = orders.doc(id);
    return db.runTransaction(async (tx) => {
      const snapshot = await tx.get(ref);
      if (!snapshot.exists) return null;
      const before = orderFromDocument(snapshot.id, snapshot.data()!, toIso);
      const count = await countersIn(tx);
      const decided = await decideIn(tx, before);
      if (!decided) return before;
      const { change, after } = decided.decision;
      const at = now.toISOString();
      const statusChanged = before.status !== after.status;
      // A cancelled order frees its windows; one brought back takes them again; a rescheduled
      // or reassigned one frees the old ones and takes the new (D12, D17, D28).
      const moveCrews = await holdsChangesIn(tx, db, decided.read, before, after);
      // Its review is public only while it is delivered (D14): only a new status moves it.
      const moveReview = statusChanged
        ? await reviewFollowsOrder(tx, db, id, snapshot.data()!.reviewId)
        : () => {};
      const copies = await publicCopiesIn(tx, db, after.orderNumber);
      const { id: _id, ...stored } = after;
      const document = orderDocument(stored, toTime, { paymentReference: null, updatedAt: at });
      const seq = Number(snapshot.data()!.outboxSeq ?? 0) || 0;
      const outboxSeq = outbox.record(tx, { before, after, actor: change.actor }, seq, now);
      tx.update(ref, {
        status: document.status,
        statusHistory: document.statusHistory,
        paymentStatus: document.paymentStatus,
        // What a cancelled paid order owes back (D16); null once not owed.
        ...(change.refund !== undefined ? { refund: change.refund } : {}),
        updatedAt: document.updatedAt,
        // Every write of the order writes its search tokens under the current rules (D20).
        searchTokens: document.searchTokens,
        searchVersion: document.searchVersion,
        // The move's date, time and window, and the admin list's field of them (D17).
        ...(change.slot !== undefined
          ? {
              moveDate: document.moveDate,
              moveTime: document.moveTime,
              timeWindow: document.timeWindow,
              moveAt: document.moveAt,
            }
          : {}),
        // Its crew, truck and windows, and the crew phone's field of them (D28).
        ...(change.assignment !== undefined
          ? { assignment: document.assignment, [CREW_DAYS_FIELD]: document[CREW_DAYS_FIELD] }
          : {}),
        ...(outboxSeq !== seq ? { outboxSeq } : {}),
      });
      // The public copies are the projection of the order as it now is, whatever they held;
      // the crew's name is the fleet's when this change read it, else the copy's own.
      copies.write(tx, stored, decided.read ? crewNameIn(decided.read, after) : undefined);
      if (statusChanged) count(tx, before.status, after.status);
      moveCrews(tx);
      moveReview(tx, after);
      decided.also?.(tx);
      return after;
    });
  }

  return {
    async place(record, { now, limits, openOrders, random = Math.random }) {
      const day = cairoYmdCompact(now);
      const dayRef = db.collection(COLLECTIONS.orderNumberDays).doc(day);
      const orderRef = orders.doc();
      return db.runTransaction(async (tx) => {
        const recordLimits = await takeLimits(tx, db, limits, now);
        await checkOpenOrdersIn(tx, openOrders);
        // The crew and truck are dispatch's (D28), decided with the holders read here.
        const held = await checkNewOrderIn(
          tx,
          db,
          record.checked,
          { id: orderRef.id, ...record.fields },
          now,
        );
        const issued = Number((await tx.get(dayRef)).data()?.issued ?? 0) || 0;
        const count = await countersIn(tx);
        let orderNumber: string | null = null;
        for (const candidate of orderNumberCandidates(issued, now, random)) {
          // The tracking id is the order number: an existing one means "taken".
          if (!(await tx.get(tracking.doc(candidate))).exists) {
            orderNumber = candidate;
            break;
          }
        }
        if (orderNumber === null) throw unavailable();
        const order: Order = {
          id: orderRef.id,
          orderNumber,
          ...record.fields,
          assignment: held.assignment,
        };
        recordLimits(tx);
        tx.set(dayRef, { issued: issued + 1 });
        count(tx, null, order.status);
        held.write(tx);
        const { id: _id, ...stored } = order;
        const outboxSeq = outbox.record(tx, { before: null, after: order }, 0, now);
        tx.create(orderRef, {
          ...orderDocument(stored, toTime, {
            paymentReference: record.paymentReference,
            updatedAt: order.createdAt,
          }),
          ...(outboxSeq > 0 ? { outboxSeq } : {}),
        });
        // Its public copies (D2, D19): the tracking document, and the live one under a new key.
        copiesUnder(db, orderNumber, newLiveKey()).create(tx, stored, held.crewName);
        return order;
      });
    },

    async checkLimits(limits, now, openOrders) {
      if (limits.length === 0 && !openOrders) return;
      // A read-only transaction: the refusal, or nothing (the events are recorded by place()).
      await db.runTransaction(async (tx) => {
        await takeLimits(tx, db, limits, now);
        await checkOpenOrdersIn(tx, openOrders);
      });
    },

    async get(id) {
      const snapshot = await orders.doc(id).get();
      return snapshot.exists ? orderFromDocument(snapshot.id, snapshot.data()!, toIso) : null;
    },

    async change(id, decide, now) {
      return changeIn(
        id,
        async (tx, before) => {
          const decision = decide(before);
          // A crew the change takes (an un-cancel, a reschedule: D17, D28) must be free, decided
          // in this transaction: of two changes racing for a window's last crew, Firestore runs
          // the second again once the first has committed, and it then sees the crew gone.
          const taken = await takeCrewIn(tx, db, before, decision.crew, now);
          if (!taken) return { decision, read: null };
          const { assignment } = taken;
          return {
            decision: {
              ...decision,
              change: { ...decision.change, assignment },
              after: { ...decision.after, assignment },
            },
            read: taken.read,
          };
        },
        now,
      );
    },

    changeIn,

    async remove(id) {
      const ref = orders.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return null;
        const order = orderFromDocument(snapshot.id, snapshot.data()!, toIso);
        const count = await countersIn(tx);
        const forget = await outbox.removal(tx, id);
        const freeCrew = await holdsChangesIn(tx, db, null, order, null);
        // Its review stays for the admin, without an order (D14).
        const keepReview = await reviewFollowsOrder(tx, db, id, snapshot.data()!.reviewId);
        const copies = await publicCopiesIn(tx, db, order.orderNumber);
        tx.delete(ref);
        copies.remove(tx);
        // Its payment tries and history go with it, as on the server (ON DELETE CASCADE).
        tx.delete(db.collection(COLLECTIONS.payments).doc(id));
        forget(tx);
        freeCrew(tx);
        keepReview(tx, null);
        count(tx, order.status, null);
        return order;
      });
    },

    async track(orderNumber, { now, limits }) {
      return db.runTransaction(async (tx) => {
        const recordLimits = await takeLimits(tx, db, limits, now);
        const snapshot = await tx.get(tracking.doc(orderNumber));
        // A miss counts against the limits too: that is what stops enumerating a day's numbers.
        recordLimits(tx);
        if (!snapshot.exists) return null;
        const data = snapshot.data()!;
        let liveKey = liveKeyOf(data);
        if (liveKey === null) {
          // An order placed before live copies (D19): it gets one now, from the copy it has.
          liveKey = newLiveKey();
          const { [LIVE_KEY_FIELD]: _none, ...view } = data;
          tx.update(tracking.doc(orderNumber), { [LIVE_KEY_FIELD]: liveKey });
          tx.set(db.collection(COLLECTIONS.liveTracking).doc(liveKey), view);
        }
        return { tracking: trackingFromDocument(data, toIso), liveKey };
      });
    },
  };
}
