import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, orderDocument, orderFromDocument } from '../../../src/domain/hosted-store.ts';
import type { Order, StatusActor } from '../../../src/domain/order.ts';
import {
  inquiryPolicy,
  paymentAttemptFromStored,
  paymentEventFromStored,
  paymentWorkDueAt,
  type InquiryPolicy,
  type PaymentAttempt,
  type PaymentEvent,
  type StoredPaymentAttempt,
  type StoredPaymentEvent,
} from '../../../src/domain/payments.ts';
import type { OrderPaymentChange } from '../../../src/domain/payment-decisions.ts';
import { NO_OUTBOX, type OrderOutbox } from '../orders/order-repository.ts';
import { publicCopiesIn } from '../orders/public-copies.ts';
import { byRefundDue } from '../../../src/domain/refund-queue.ts';

/**
 * An order's tries to pay and its payment history, kept in one document (`payments/{orderId}`),
 * with `dueAt`: when the order's payments next need the sweeper (D18; paymentWorkDueAt of its
 * tries and history, rewritten with the record), absent when nothing does.
 */
export interface PaymentRecord {
  attempts: PaymentAttempt[];
  events: PaymentEvent[];
}

/** The order as a payment decision needs it: with the transaction that paid it. */
export type PayableOrder = Order & { paymentReference: string | null };

export interface PaymentWork<T> {
  /** The record as it is to be stored (unchanged when undefined). */
  record?: PaymentRecord;
  /** The order's payment fields to change, if any. */
  change?: OrderPaymentChange | null;
  result: T;
}

/**
 * Where payments live. `update` is one transaction: the order, its public tracking copy and its
 * payment record never disagree, and a callback racing another sees the other's writes (the
 * transaction runs again).
 */
export interface PaymentRepository {
  record(orderId: string): Promise<PaymentRecord>;
  /** Orders whose payments need the sweeper at `now` (D18), soonest first. */
  due(now: Date, limit: number): Promise<string[]>;
  /** The orders whose refund is due (D16), the longest waiting first. */
  refundsDue(limit?: number): Promise<PayableOrder[]>;
  /** The order's work waits until `until` at least (it could not be done now). */
  postpone(orderId: string, until: Date): Promise<void>;
  /**
   * Reads the order (null when there is none) and its record; stores what `work` returns. A
   * change of the order's payment made by `actor` (the gateway's callback is the `system`) is
   * told like every other order change: its messages go to the outbox in the same transaction.
   */
  update<T>(
    orderId: string,
    work: (order: PayableOrder | null, record: PaymentRecord) => PaymentWork<T>,
    now: Date,
    actor?: StatusActor,
  ): Promise<{ order: Order | null; result: T }>;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

/** A stored record, read back through the domain's upcasters (tries stored before D18 too). */
function recordOf(data: Record<string, unknown> | undefined): PaymentRecord {
  const attempts = Array.isArray(data?.attempts) ? (data.attempts as StoredPaymentAttempt[]) : [];
  const events = Array.isArray(data?.events) ? (data.events as StoredPaymentEvent[]) : [];
  return {
    attempts: attempts.map(paymentAttemptFromStored),
    events: events.map(paymentEventFromStored),
  };
}

/**
 * The repository over Firestore through firebase-admin (which bypasses the rules). `outbox` is
 * the orders' own (D10): a payment confirmed by the gateway queues its message with the change.
 * `policy` says when tries nobody heard of are asked about (D18), for each record's `dueAt`.
 */
export function firestorePayments(
  db: Firestore,
  outbox: OrderOutbox = NO_OUTBOX,
  policy: InquiryPolicy = inquiryPolicy(),
): PaymentRepository {
  const orders = db.collection(COLLECTIONS.orders);
  const payments = db.collection(COLLECTIONS.payments);
  return {
    async record(orderId) {
      return recordOf((await payments.doc(orderId).get()).data());
    },

    async refundsDue(limit = 200) {
      // One equality filter: no composite index; the queue is short, sorted here.
      const snap = await orders.where('paymentStatus', '==', 'refund_due').limit(limit).get();
      return snap.docs
        .map((doc) => ({
          ...orderFromDocument(doc.id, doc.data(), toIso),
          paymentReference: (doc.data().paymentReference as string | null | undefined) ?? null,
        }))
        .sort(byRefundDue);
    },

    async due(now, limit) {
      const snap = await payments
        .where('dueAt', '<=', now.toISOString())
        .orderBy('dueAt')
        .limit(limit)
        .get();
      return snap.docs.map((doc) => doc.id);
    },

    async postpone(orderId, until) {
      const ref = payments.doc(orderId);
      await db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        const dueAt = snap.data()?.dueAt;
        if (typeof dueAt === 'string' && dueAt < until.toISOString()) {
          tx.update(ref, { dueAt: until.toISOString() });
        }
      });
    },

    async update(orderId, work, now, actor = 'system') {
      const orderRef = orders.doc(orderId);
      const recordRef = payments.doc(orderId);
      return db.runTransaction(async (tx) => {
        const [orderSnap, recordSnap] = await tx.getAll(orderRef, recordRef);
        const data = orderSnap!.exists ? orderSnap!.data()! : null;
        const before: PayableOrder | null = data
          ? {
              ...orderFromDocument(orderSnap!.id, data, toIso),
              paymentReference: (data.paymentReference as string | null | undefined) ?? null,
            }
          : null;
        // Read before any write: the order's public copies, rewritten with a payment (D19).
        const copies = before ? await publicCopiesIn(tx, db, before.orderNumber) : null;
        const { record, change, result } = work(before, recordOf(recordSnap!.data()));
        if (record) {
          const dueAt = before ? paymentWorkDueAt(record, policy) : null;
          tx.set(recordRef, {
            attempts: record.attempts,
            events: record.events,
            ...(dueAt === null ? {} : { dueAt }),
          });
        }
        if (!before || !change) return { order: before, result };
        const at = now.toISOString();
        const {
          paymentReference: _reference,
          id: _id,
          ...stored
        } = {
          ...before,
          paymentStatus: change.paymentStatus,
          paymentMethod: change.paymentMethod ?? before.paymentMethod,
          paymentProvider: change.paymentProvider ?? before.paymentProvider,
          ...(change.refund !== undefined ? { refund: change.refund } : {}),
        };
        const reference =
          change.paymentReference === undefined ? before.paymentReference : change.paymentReference;
        const document = orderDocument(stored, toTime, {
          paymentReference: reference,
          updatedAt: at,
        });
        const after: Order = { id: before.id, ...stored };
        const seq = Number(data!.outboxSeq ?? 0) || 0;
        const outboxSeq = outbox.record(tx, { before, after, actor }, seq, now);
        tx.update(orderRef, {
          paymentStatus: document.paymentStatus,
          paymentMethod: document.paymentMethod,
          paymentProvider: document.paymentProvider,
          paymentReference: reference,
          ...(change.refund !== undefined ? { refund: change.refund } : {}),
          updatedAt: document.updatedAt,
          // Every write of the order writes its search tokens under the current rules (D20).
          searchTokens: document.searchTokens,
          searchVersion: document.searchVersion,
          ...(outboxSeq !== seq ? { outboxSeq } : {}),
        });
        // The public copies are the projection of the order as it now is.
        copies!.write(tx, stored);
        return { order: after, result };
      });
    },
  };
}
