import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { decideMessageHandled, type ContactMessage } from '../../../src/domain/contact-message.ts';
import {
  COLLECTIONS,
  messageDocument,
  messageFromDocument,
  messageHandledFields,
} from '../../../src/domain/hosted-store.ts';
import type { ContactInput } from '../../../src/domain/contact-schema.ts';
import { takeLimits, type Limit } from '../shared/limits.ts';

export interface MessageRepository {
  /** Stores a contact message after taking one event from each limit (throws RetryLater). */
  add(
    message: ContactInput & { userId: string },
    options: { now: Date; limits: readonly Limit[] },
  ): Promise<{ id: string }>;
  /**
   * Stores what decideMessageHandled decides for the message as stored, in its transaction;
   * throws its `not-found`. Returns the message as it now is.
   */
  setHandled(
    id: string,
    handled: boolean,
    by: { uid: string; email: string | null },
    now: Date,
  ): Promise<ContactMessage>;
}

const toTime = (iso: string) => Timestamp.fromDate(new Date(iso));
const toIso = (value: unknown) =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);

export function firestoreMessages(db: Firestore): MessageRepository {
  const messages = db.collection(COLLECTIONS.messages);
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

    async setHandled(id, handled, by, now) {
      const ref = messages.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const before = snapshot.exists ? messageFromDocument(id, snapshot.data()!, toIso) : null;
        const at = now.toISOString();
        const decision = decideMessageHandled(before, handled, by, at);
        if (decision.changed) {
          tx.update(ref, messageHandledFields(decision.handled, by.uid, toTime, at));
        }
        return { ...before!, handled: decision.handled };
      });
    },
  };
}
