import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { RuleViolation } from '../../../src/domain/errors.ts';
import {
  COLLECTIONS,
  orderFromDocument,
  REVIEW_SETTINGS_ID,
  reviewDocument,
  reviewFromDocument,
  reviewVisibility,
} from '../../../src/domain/hosted-store.ts';
import type { Order } from '../../../src/domain/order.ts';
import {
  adminReview,
  decideModeration,
  reviewSettingsFrom,
  submittedReview,
  type ReviewDecision,
} from '../../../src/domain/review-rules.ts';
import type { AdminReview, ReviewSettings, SubmittedReview } from '../../../src/domain/reviews.ts';
import { takeLimits, type Limit } from '../shared/limits.ts';

/** The decision the handler makes (decideReview) on what the transaction read. */
export type DecideReview = (
  order: Order | null,
  existing: { id: string } | null,
  settings: ReviewSettings,
) => ReviewDecision | RuleViolation;

export interface ReviewRepository {
  /**
   * In one transaction: reads the order, its review and the team's settings, asks `decide`,
   * and stores the review (after taking one event from each limit: throws RetryLater) with
   * the order marked reviewed. A dropped review (the honeypot) is answered, not stored.
   */
  add(
    orderId: string,
    decide: DecideReview,
    options: { now: Date; limits: readonly Limit[] },
  ): Promise<SubmittedReview>;
  /** Publishes or hides a review (decideModeration); null when there is none. */
  setHidden(id: string, hidden: boolean): Promise<AdminReview | null>;
  /** Deletes a review; its order may be reviewed again. */
  remove(id: string): Promise<boolean>;
  /** Stores the team's choice; browsers read it through the rules (admins only). */
  saveSettings(
    settings: ReviewSettings,
    by: { uid: string; email: string | null },
    now: Date,
  ): Promise<ReviewSettings>;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Timestamp ? value.toDate().toISOString() : String(value);

/**
 * Review documents are public once listed (name, text, rating, state, order status, time): the
 * author's uid, the customer's full name and the order number are never stored in them.
 */
export function firestoreReviews(db: Firestore): ReviewRepository {
  const reviews = db.collection(COLLECTIONS.reviews);
  const orders = db.collection(COLLECTIONS.orders);
  const settingsRef = db.collection(COLLECTIONS.settings).doc(REVIEW_SETTINGS_ID);

  async function orderIn(tx: Transaction, orderId: string | null): Promise<Order | null> {
    if (orderId === null) return null;
    const snapshot = await tx.get(orders.doc(orderId));
    return snapshot.exists ? orderFromDocument(snapshot.id, snapshot.data()!, toIso) : null;
  }

  return {
    async add(orderId, decide, { now, limits }) {
      // One review per order: its document id is the order's, so a second create fails too.
      const ref = reviews.doc(orderId);
      return db.runTransaction(async (tx) => {
        const order = await orderIn(tx, orderId);
        const existing = await tx.get(ref);
        const settings = reviewSettingsFrom((await tx.get(settingsRef)).data());
        const decision = decide(order, existing.exists ? { id: existing.id } : null, settings);
        if (decision instanceof RuleViolation) throw decision;
        if (decision.action === 'drop') return submittedReview(ref.id, decision);
        const recordLimits = await takeLimits(tx, db, limits, now);
        recordLimits(tx);
        tx.create(ref, reviewDocument(decision.record, order!.status, toTime));
        // The owner's browser lists its orders to review from the orders it reads (D14).
        tx.update(orders.doc(orderId), { reviewId: ref.id });
        return submittedReview(ref.id, decision);
      });
    },

    async setHidden(id, hidden) {
      const ref = reviews.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return null;
        const stored = reviewFromDocument(id, snapshot.data()!, toIso);
        const order = await orderIn(tx, stored.orderId);
        const state = decideModeration({ order }, hidden);
        if (state instanceof RuleViolation) throw state;
        const visibility = reviewVisibility(state, order?.status ?? null);
        tx.update(ref, visibility);
        return adminReview(stored.review, state, order);
      });
    },

    async remove(id) {
      const ref = reviews.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return false;
        const { orderId } = reviewFromDocument(id, snapshot.data()!, toIso);
        const order = await orderIn(tx, orderId);
        tx.delete(ref);
        if (order) tx.update(orders.doc(order.id), { reviewId: null });
        return true;
      });
    },

    async saveSettings(settings, by, now) {
      await settingsRef.set({
        ...settings,
        updatedAt: Timestamp.fromDate(now),
        updatedBy: by.email,
        updatedByUid: by.uid,
      });
      return settings;
    },
  };
}

/**
 * Keeps an order's review in step with it (D14), inside the transaction that changes or
 * deletes the order: reads the review now (before the transaction's writes), and returns the
 * write for the order as it ends up (null: deleted, the review stays without an order).
 * `reviewId` is the order document's: `add` sets it and `remove` clears it in the review's own
 * transaction, so an order without one has no review, and nothing is read for it.
 */
export async function reviewFollowsOrder(
  tx: Transaction,
  db: Firestore,
  orderId: string,
  reviewId: unknown,
): Promise<(tx: Transaction, after: Order | null) => void> {
  if (typeof reviewId !== 'string') return () => {};
  const ref = db.collection(COLLECTIONS.reviews).doc(orderId);
  const snapshot = await tx.get(ref);
  if (!snapshot.exists) return () => {};
  const stored = reviewFromDocument(orderId, snapshot.data()!, toIso);
  if (stored.orderId !== orderId) return () => {};
  return (writer, after) => {
    writer.update(ref, {
      ...reviewVisibility(stored.state, after?.status ?? null),
      ...(after === null ? { orderId: null } : {}),
    });
  };
}
