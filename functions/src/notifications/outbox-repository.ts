// The notification outbox of the hosted build in Firestore (docs/decisions.md D10): `outbox`
// holds one document per message, `outboxEvents` what caused them. Both are written by the
// functions only (firebase-admin); firestore.rules lets no browser read or write them.
//
// Ids are derived, never random: an order's events are numbered by `outboxSeq` on the order
// document (read and advanced in the order's own transaction), a message is `<event>-<n>`, its
// SMS stand-in `<message>-f`, and its idempotency key `afsh-<message id>`. A transaction that
// runs again, or a trigger delivered twice, finds the same ids and creates nothing twice.
import {
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../../src/domain/hosted-store.ts';
import type { ResendChange, StopCustomerDecision } from '../../../src/domain/notification-desk.ts';
import type {
  NewOutboxMessage,
  NotificationChannel,
  OutboxEntry,
  OutboxMessage,
  StoredOutboxMessage,
} from '../../../src/domain/notifications.ts';
import {
  clipNotificationError,
  outboxMessageFromStored,
  queuedOutboxMessage,
} from '../../../src/domain/notifications.ts';

/** A team event and its messages, each with the id the domain gave it (weeklySummaryEntry). */
export interface TeamOutboxEntry {
  id: string;
  type: string;
  detail: Record<string, unknown>;
  messages: readonly (NewOutboxMessage & { id: string })[];
}

/** A try's verdict as the outbox records it. */
export type Settlement =
  | { kind: 'sent'; provider: string; providerMessageId: string | null }
  | { kind: 'retry'; provider: string; error: string; nextAt: Date }
  | { kind: 'failed'; provider: string; error: string; fallback: NewOutboxMessage | null };

export interface HostedOutbox {
  /**
   * Writes `entries` (the events of one order change and their messages) inside the change's
   * transaction, after its reads, numbering the events after `seq`; returns the new `seq`.
   */
  record(
    tx: Transaction,
    orderId: string,
    seq: number,
    entries: readonly OutboxEntry[],
    now: Date,
  ): number;
  /**
   * An order is deleted: reads its events and messages in the deleting transaction; returns the
   * writes that delete them with it (nothing more is sent about an order that is gone).
   */
  removal(tx: Transaction, orderId: string): Promise<(tx: Transaction) => void>;
  /**
   * Writes a team event about no order (the weekly summary) and its messages in one
   * transaction, once: the event's id is its idempotency key, and an event already written (by
   * an earlier run, or one running at the same time) makes this write nothing. Returns the ids
   * of the messages written.
   */
  recordOnce(entry: TeamOutboxEntry, now: Date): Promise<string[]>;
  /** Whether an event (a week's summary, by its key) is written: one document read. */
  recorded(eventId: string): Promise<boolean>;
  get(id: string): Promise<OutboxMessage | null>;
  /** An order's messages, oldest first. */
  forOrder(orderId: string): Promise<OutboxMessage[]>;
  /** Ids of messages due by `now` (waiting, or whose sender's lease ran out), soonest first. */
  due(now: Date, limit: number): Promise<string[]>;
  /**
   * Takes a due message for one try: `sending`, the try counted, due again after `leaseMs` in
   * case the function dies mid-send. Null when it is not due (sent, failed, someone else's).
   */
  claim(id: string, now: Date, leaseMs: number): Promise<OutboxMessage | null>;
  /**
   * Records the try of a claimed message; a failure with a fallback queues its stand-in in the
   * same transaction, once. False when the claim was lost meanwhile (nothing is recorded).
   */
  settle(claimed: OutboxMessage, settlement: Settlement, now: Date): Promise<boolean>;
  /**
   * "Send again": stores what `decide` (decideResend) makes of the message, or of none, in one
   * transaction; its refusal is thrown.
   */
  resend(
    id: string,
    decide: (message: OutboxMessage | null) => ResendChange,
  ): Promise<OutboxMessage>;
  /**
   * The customer asked to stop: stores what `decide` (decideStopCustomerMessages) makes of the
   * order, or of none, and its messages, in one transaction; its refusal is thrown.
   */
  stopCustomer(
    orderId: string,
    decide: (order: object | null, messages: OutboxMessage[]) => StopCustomerDecision,
  ): Promise<void>;
}

const clip = clipNotificationError;

const time = (date: Date) => Timestamp.fromDate(date);
const isoOf = (value: unknown): string =>
  value instanceof Object && 'toDate' in value && typeof value.toDate === 'function'
    ? (value.toDate() as Date).toISOString()
    : String(value);
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : isoOf(value));

/** A message document as the domain's OutboxMessage, through the one upcaster of a stored message. */
export function outboxMessageFrom(id: string, d: DocumentData): OutboxMessage {
  return outboxMessageFromStored({
    ...(d as StoredOutboxMessage),
    id,
    eventId: String(d.eventId),
    // Every message had an order until the weekly summary: none is null.
    orderId: d.orderId === null || d.orderId === undefined ? null : String(d.orderId),
    fallback: Array.isArray(d.fallback) ? (d.fallback as NotificationChannel[]) : [],
    address: String(d.address),
    nextAttemptAt: isoOf(d.nextAttemptAt),
    idempotencyKey: String(d.idempotencyKey),
    createdAt: isoOf(d.createdAt),
    updatedAt: isoOf(d.updatedAt),
    sentAt: isoOrNull(d.sentAt),
  });
}

/** A new message's document: waiting, due now. */
function messageDocument(
  id: string,
  eventId: string,
  orderId: string | null,
  message: NewOutboxMessage,
  now: Date,
): DocumentData {
  const queued = queuedOutboxMessage({ id, eventId, orderId }, message, now.toISOString());
  const {
    id: _id,
    nextAttemptAt: _next,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = queued;
  return {
    ...fields,
    // When the sender should next try it: the queue's field, null once it is finished (a
    // finished message then drops out of the sweeper's range query by itself).
    dueAt: time(now),
    nextAttemptAt: time(now),
    createdAt: time(now),
    updatedAt: time(now),
  };
}

const isDue = (d: DocumentData | undefined, now: Date) =>
  d !== undefined &&
  (d.state === 'pending' || d.state === 'sending') &&
  d.dueAt instanceof Object &&
  'toMillis' in d.dueAt &&
  (d.dueAt as Timestamp).toMillis() <= now.getTime();

/** The outbox over Firestore through firebase-admin (which bypasses the rules). */
export function firestoreOutbox(db: Firestore): HostedOutbox {
  const messages = db.collection(COLLECTIONS.outbox);
  const events = db.collection(COLLECTIONS.outboxEvents);

  return {
    record(tx, orderId, seq, entries, now) {
      let next = seq;
      for (const entry of entries) {
        next += 1;
        const eventId = `${orderId}-${next}`;
        tx.create(events.doc(eventId), {
          orderId,
          type: entry.type,
          detail: entry.detail,
          createdAt: time(now),
        });
        entry.messages.forEach((message, index) => {
          const id = `${eventId}-${index + 1}`;
          tx.create(messages.doc(id), messageDocument(id, eventId, orderId, message, now));
        });
      }
      return next;
    },

    async recordOnce(entry, now) {
      if (entry.messages.length === 0) return [];
      const eventRef = events.doc(entry.id);
      return db.runTransaction(async (tx) => {
        if ((await tx.get(eventRef)).exists) return [];
        tx.create(eventRef, {
          orderId: null,
          type: entry.type,
          detail: entry.detail,
          createdAt: time(now),
        });
        for (const { id, ...message } of entry.messages) {
          tx.create(messages.doc(id), messageDocument(id, entry.id, null, message, now));
        }
        return entry.messages.map((message) => message.id);
      });
    },

    async recorded(eventId) {
      return (await events.doc(eventId).get()).exists;
    },

    async removal(tx, orderId) {
      const [ownMessages, ownEvents] = [
        await tx.get(messages.where('orderId', '==', orderId)),
        await tx.get(events.where('orderId', '==', orderId)),
      ];
      return (writer) => {
        for (const doc of [...ownMessages.docs, ...ownEvents.docs]) writer.delete(doc.ref);
      };
    },

    async get(id) {
      const snapshot = await messages.doc(id).get();
      return snapshot.exists ? outboxMessageFrom(snapshot.id, snapshot.data()!) : null;
    },

    async forOrder(orderId) {
      // One equality filter (a single-field index); an order has a handful of messages.
      const snapshot = await messages.where('orderId', '==', orderId).get();
      return snapshot.docs
        .map((doc) => outboxMessageFrom(doc.id, doc.data()))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },

    async due(now, limit) {
      const snapshot = await messages
        .where('dueAt', '<=', time(now))
        .orderBy('dueAt')
        .limit(limit)
        .get();
      return snapshot.docs.map((doc) => doc.id);
    },

    async claim(id, now, leaseMs) {
      const ref = messages.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const data = snapshot.data();
        if (!snapshot.exists || !isDue(data, now)) return null;
        const leaseUntil = time(new Date(now.getTime() + leaseMs));
        const update = {
          state: 'sending',
          tries: (Number(data!.tries) || 0) + 1,
          dueAt: leaseUntil,
          nextAttemptAt: leaseUntil,
          updatedAt: time(now),
        };
        tx.update(ref, update);
        return outboxMessageFrom(id, { ...data, ...update });
      });
    },

    async settle(claimed, settlement, now) {
      const ref = messages.doc(claimed.id);
      const fallbackRef = messages.doc(`${claimed.id}-f`);
      return db.runTransaction(async (tx) => {
        const [snapshot, fallback] = await tx.getAll(ref, fallbackRef);
        const data = snapshot!.data();
        // Only the claim that is still current records its try.
        if (data?.state !== 'sending' || Number(data.tries) !== claimed.tries) return false;
        const at = time(now);
        if (settlement.kind === 'sent') {
          tx.update(ref, {
            state: 'sent',
            provider: settlement.provider,
            providerMessageId: settlement.providerMessageId,
            sentAt: at,
            dueAt: null,
            updatedAt: at,
          });
        } else if (settlement.kind === 'retry') {
          tx.update(ref, {
            state: 'pending',
            provider: settlement.provider,
            lastError: clip(settlement.error),
            dueAt: time(settlement.nextAt),
            nextAttemptAt: time(settlement.nextAt),
            updatedAt: at,
          });
        } else {
          tx.update(ref, {
            state: 'failed',
            provider: settlement.provider,
            lastError: clip(settlement.error),
            dueAt: null,
            updatedAt: at,
          });
          if (settlement.fallback && !fallback!.exists) {
            tx.create(
              fallbackRef,
              messageDocument(
                fallbackRef.id,
                claimed.eventId,
                claimed.orderId,
                settlement.fallback,
                now,
              ),
            );
          }
        }
        return true;
      });
    },

    async resend(id, decide) {
      const ref = messages.doc(id);
      return db.runTransaction(async (tx) => {
        const snapshot = await tx.get(ref);
        const change = decide(snapshot.exists ? outboxMessageFrom(id, snapshot.data()!) : null);
        const due = time(new Date(change.nextAttemptAt));
        const update = {
          state: change.state,
          maxTries: change.maxTries,
          dueAt: due,
          nextAttemptAt: due,
          updatedAt: time(new Date(change.updatedAt)),
        };
        tx.update(ref, update);
        return outboxMessageFrom(id, { ...snapshot.data()!, ...update });
      });
    },

    async stopCustomer(orderId, decide) {
      const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
      return db.runTransaction(async (tx) => {
        const order = await tx.get(orderRef);
        const waiting = order.exists
          ? (await tx.get(messages.where('orderId', '==', orderId))).docs
          : [];
        const decision = decide(
          order.exists ? { id: orderId } : null,
          waiting.map((doc) => outboxMessageFrom(doc.id, doc.data())),
        );
        tx.update(orderRef, decision.order);
        const cancel = new Set(decision.cancel);
        const update = {
          state: decision.change.state,
          dueAt: null,
          updatedAt: time(new Date(decision.change.updatedAt)),
        };
        for (const doc of waiting) if (cancel.has(doc.id)) tx.update(doc.ref, update);
      });
    },
  };
}
