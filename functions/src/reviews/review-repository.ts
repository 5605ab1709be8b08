import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../../src/domain/hosted-store.ts';
import type { AdminReview, Review } from '../../../src/domain/reviews.ts';
import { takeLimits, type Limit } from '../shared/limits.ts';

export interface ReviewRepository {
  /** Stores a visible review after taking one event from each limit (throws LimitReached). */
  add(
    review: { name: string; review: string; rating: number },
    options: { now: Date; limits: readonly Limit[] },
  ): Promise<Review>;
  /** Hides or shows a review; null when there is none. */
  setHidden(id: string, hidden: boolean): Promise<AdminReview | null>;
  remove(id: string): Promise<boolean>;
}

function toAdminReview(id: string, d: DocumentData): AdminReview {
  return {
    id,
    name: d.name,
    review: d.review,
    rating: d.rating,
    createdAt: (d.createdAt as Timestamp).toDate().toISOString(),
    hidden: d.hidden === true,
  };
}

/**
 * Reviews are public documents (name, text, rating, hidden, time): the author's uid is not
 * stored in them, since anyone may read a visible review.
 */
export function firestoreReviews(db: Firestore): ReviewRepository {
  const reviews = db.collection(COLLECTIONS.reviews);
  return {
    async add(review, { now, limits }) {
      const ref = reviews.doc();
      await db.runTransaction(async (tx) => {
        const recordLimits = await takeLimits(tx, db, limits, now);
        recordLimits(tx);
        tx.create(ref, { ...review, hidden: false, createdAt: Timestamp.fromDate(now) });
      });
      return { id: ref.id, ...review, createdAt: now.toISOString() };
    },

    async setHidden(id, hidden) {
      const ref = reviews.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) return null;
        tx.update(ref, { hidden });
        return { ...toAdminReview(id, snapshot.data()!), hidden };
      });
    },

    async remove(id) {
      const ref = reviews.doc(id);
      return db.runTransaction(async (tx) => {
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
    },
  };
}
