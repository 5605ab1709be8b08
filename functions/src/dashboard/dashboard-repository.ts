import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { ReviewForDashboard } from '../../../src/domain/dashboard.ts';
import {
  COLLECTIONS,
  orderFromDocument,
  reviewFromDocument,
} from '../../../src/domain/hosted-store.ts';
import type { DashboardReads } from './dashboard-handlers.ts';

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

/** The dashboard's reads (D25): two range queries on `createdAt`, indexed by default. */
export function firestoreDashboard(db: Firestore): DashboardReads {
  return {
    async ordersCreatedBetween(start, end) {
      const snapshot = await db
        .collection(COLLECTIONS.orders)
        .where('createdAt', '>=', toTime(start))
        .where('createdAt', '<', toTime(end))
        .get();
      return snapshot.docs.map((doc) => orderFromDocument(doc.id, doc.data(), toIso));
    },
    async reviewsCreatedBetween(start, end) {
      const snapshot = await db
        .collection(COLLECTIONS.reviews)
        .where('createdAt', '>=', toTime(start))
        .where('createdAt', '<', toTime(end))
        .get();
      return snapshot.docs.map((doc): ReviewForDashboard => {
        const { review, state } = reviewFromDocument(doc.id, doc.data(), toIso);
        return { rating: review.rating, createdAt: review.createdAt, state };
      });
    },
  };
}
