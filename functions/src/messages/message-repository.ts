import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, messageDocument } from '../../../src/domain/hosted-store.ts';
import type { ContactInput } from '../../../src/domain/contact-schema.ts';
import { takeLimits, type Limit } from '../shared/limits.ts';

export interface MessageRepository {
  /** Stores a contact message after taking one event from each limit (throws RetryLater). */
  add(
    message: ContactInput & { userId: string },
    options: { now: Date; limits: readonly Limit[] },
  ): Promise<{ id: string }>;
}

export function firestoreMessages(db: Firestore): MessageRepository {
  const messages = db.collection(COLLECTIONS.messages);
  const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
  return {
    async add({ userId, ...message }, { now, limits }) {
      const ref = messages.doc();
      await db.runTransaction(async (tx) => {
        const recordLimits = await takeLimits(tx, db, limits, now);
        recordLimits(tx);
        tx.create(ref, messageDocument(message, userId, toTime, now.toISOString()));
      });
      return { id: ref.id };
    },
  };
}
