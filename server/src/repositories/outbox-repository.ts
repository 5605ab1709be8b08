import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { DisplayLanguage } from '../../../src/domain/locale.ts';
import type { ResendChange, StopCustomerDecision } from '../../../src/domain/notification-desk.ts';
import type {
  NewOutboxMessage,
  NotificationChannel,
  NotificationRecipient,
  NotificationState,
  NotificationTemplate,
  OutboxMessage,
} from '../../../src/domain/notifications.ts';
import {
  clipNotificationError,
  outboxMessageFromStored,
  queuedOutboxMessage,
} from '../../../src/domain/notifications.ts';

export type { NewOutboxMessage, OutboxMessage };

interface MessageRow {
  id: string;
  event_id: string;
  order_id: string | null;
  recipient: NotificationRecipient;
  channel: NotificationChannel;
  fallback: string;
  address: string;
  template: NotificationTemplate;
  language: DisplayLanguage;
  params: string;
  body: string;
  subject: string;
  state: NotificationState;
  tries: number;
  max_tries: number;
  next_attempt_at: string;
  last_error: string | null;
  idempotency_key: string;
  provider: string | null;
  provider_message_id: string | null;
  fallback_of: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** A row as the domain's `OutboxMessage`, through the one upcaster of a stored message. */
function toMessage(row: MessageRow): OutboxMessage {
  return outboxMessageFromStored({
    id: row.id,
    eventId: row.event_id,
    orderId: row.order_id,
    recipient: row.recipient,
    channel: row.channel,
    fallback: row.fallback === '' ? [] : (row.fallback.split(',') as NotificationChannel[]),
    address: row.address,
    template: row.template,
    language: row.language,
    params: JSON.parse(row.params) as Record<string, string>,
    body: row.body,
    subject: row.subject,
    state: row.state,
    tries: row.tries,
    maxTries: row.max_tries,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    idempotencyKey: row.idempotency_key,
    provider: row.provider,
    providerMessageId: row.provider_message_id,
    fallbackOf: row.fallback_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sentAt: row.sent_at,
  });
}

const clip = clipNotificationError;

function prepareStatements(db: Database.Database) {
  return {
    insertEvent: db.prepare(`
      INSERT INTO outbox_events (id, order_id, type, detail, created_at) VALUES (?, ?, ?, ?, ?)`),
    // A team event about no order (the weekly summary): its id is its idempotency key.
    insertTeamEvent: db.prepare(`
      INSERT INTO outbox_events (id, order_id, type, detail, created_at)
      VALUES (?, NULL, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
    eventExists: db.prepare('SELECT 1 FROM outbox_events WHERE id = ?'),
    insertMessage: db.prepare(`
      INSERT INTO outbox_messages (
        id, event_id, order_id, recipient, channel, fallback, address, template, language,
        params, body, subject, state, tries, max_tries, next_attempt_at, idempotency_key,
        fallback_of, created_at, updated_at
      ) VALUES (
        :id, :event_id, :order_id, :recipient, :channel, :fallback, :address, :template,
        :language, :params, :body, :subject, 'pending', 0, :max_tries, :at, :idempotency_key,
        :fallback_of, :at, :at
      )`),
    due: db.prepare(`
      SELECT * FROM outbox_messages
      WHERE state IN ('pending', 'sending') AND next_attempt_at <= ?
      ORDER BY next_attempt_at, rowid LIMIT ?`),
    nextDue: db.prepare(`
      SELECT MIN(next_attempt_at) AS at FROM outbox_messages WHERE state IN ('pending', 'sending')`),
    claim: db.prepare(`
      UPDATE outbox_messages
      SET state = 'sending', tries = tries + 1, next_attempt_at = ?, updated_at = ?
      WHERE id = ? AND state IN ('pending', 'sending')`),
    sent: db.prepare(`
      UPDATE outbox_messages
      SET state = 'sent', provider = ?, provider_message_id = ?, sent_at = ?, updated_at = ?
      WHERE id = ? AND state = 'sending'`),
    retryLater: db.prepare(`
      UPDATE outbox_messages
      SET state = 'pending', provider = ?, last_error = ?, next_attempt_at = ?, updated_at = ?
      WHERE id = ? AND state = 'sending'`),
    failed: db.prepare(`
      UPDATE outbox_messages
      SET state = 'failed', provider = ?, last_error = ?, updated_at = ?
      WHERE id = ? AND state = 'sending'`),
    // After a restart nothing of this process is sending: what was is due again at once.
    resumeSending: db.prepare(`
      UPDATE outbox_messages SET state = 'pending', next_attempt_at = ?, updated_at = ?
      WHERE state = 'sending'`),
    resend: db.prepare(`
      UPDATE outbox_messages
      SET state = :state, max_tries = :maxTries, next_attempt_at = :nextAttemptAt,
        updated_at = :updatedAt
      WHERE id = :id AND state = 'failed'`),
    cancel: db.prepare(`
      UPDATE outbox_messages SET state = :state, updated_at = :updatedAt
      WHERE id = :id AND state = 'pending'`),
    byId: db.prepare('SELECT * FROM outbox_messages WHERE id = ?'),
    forOrder: db.prepare(`
      SELECT * FROM outbox_messages WHERE order_id = ? ORDER BY created_at, rowid`),
    fallbackExists: db.prepare('SELECT 1 FROM outbox_messages WHERE fallback_of = ?'),
  };
}

/**
 * All SQL of the notification outbox (D10). Recording runs inside the caller's transaction (the
 * order's own), so an order and its messages commit together; the worker's updates are each one
 * statement, guarded by the state they expect, so a message can never go back from `sent`.
 */
export class OutboxRepository {
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof prepareStatements>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = prepareStatements(db);
  }

  /**
   * Stores an event and its messages; call it inside the transaction of the change. An event
   * that causes no message (no consent, no team recipient) is not stored: it is one write less
   * in every booking's commit.
   */
  record(
    event: { orderId: string; type: string; detail: Record<string, unknown> },
    messages: readonly NewOutboxMessage[],
    now: Date = new Date(),
  ): OutboxMessage[] {
    if (messages.length === 0) return [];
    const at = now.toISOString();
    const eventId = randomUUID();
    const write = this.#db.transaction(() => {
      this.#statements.insertEvent.run(
        eventId,
        event.orderId,
        event.type,
        JSON.stringify(event.detail),
        at,
      );
      return messages.map((message) => this.#insert(eventId, event.orderId, message, at));
    });
    return write();
  }

  /**
   * Stores a team event about no order and its messages, once: the event's id is its
   * idempotency key (the week's, for the weekly summary), and an event already stored, by this
   * process or another on the same database, makes this write nothing and return []. The
   * messages' ids are given too, so their idempotency keys are the same wherever they are made.
   */
  recordOnce(
    event: { id: string; type: string; detail: Record<string, unknown> },
    messages: readonly (NewOutboxMessage & { id: string })[],
    now: Date = new Date(),
  ): OutboxMessage[] {
    if (messages.length === 0) return [];
    const at = now.toISOString();
    return this.#db
      .transaction(() => {
        const { changes } = this.#statements.insertTeamEvent.run(
          event.id,
          event.type,
          JSON.stringify(event.detail),
          at,
        );
        if (changes === 0) return [];
        return messages.map(({ id, ...message }) => this.#insert(event.id, null, message, at, id));
      })
      .immediate();
  }

  /** Whether an event (a week's summary, by its key) is stored. */
  hasEvent(id: string): boolean {
    return this.#statements.eventExists.get(id) !== undefined;
  }

  #insert(
    eventId: string,
    orderId: string | null,
    message: NewOutboxMessage,
    at: string,
    id: string = randomUUID(),
  ): OutboxMessage {
    const queued = queuedOutboxMessage({ id, eventId, orderId }, message, at);
    this.#statements.insertMessage.run({
      id: queued.id,
      event_id: eventId,
      order_id: orderId,
      recipient: queued.recipient,
      channel: queued.channel,
      fallback: queued.fallback.join(','),
      address: queued.address,
      template: queued.template,
      language: queued.language,
      params: JSON.stringify(queued.params),
      body: queued.body,
      subject: queued.subject,
      max_tries: queued.maxTries,
      at,
      idempotency_key: queued.idempotencyKey,
      fallback_of: queued.fallbackOf,
    });
    // What was just written, without reading it back (this runs in a booking's commit).
    return queued;
  }

  get(id: string): OutboxMessage | null {
    const row = this.#statements.byId.get(id) as MessageRow | undefined;
    return row ? toMessage(row) : null;
  }

  forOrder(orderId: string): OutboxMessage[] {
    return (this.#statements.forOrder.all(orderId) as MessageRow[]).map(toMessage);
  }

  /** When the next unfinished message is due (ISO), or null when there is none. */
  nextDueAt(): string | null {
    return (this.#statements.nextDue.get() as { at: string | null }).at;
  }

  /**
   * Takes up to `limit` due messages for sending: each is marked `sending`, its try counted, and
   * due again after `leaseMs` in case this process dies in the middle (restart resumes sooner).
   */
  claimDue(limit: number, leaseMs: number, now: Date = new Date()): OutboxMessage[] {
    const at = now.toISOString();
    const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
    // Most wakes find nothing due (a change that told nobody): a plain read says so without
    // taking the write lock. The claim itself reads again inside its transaction.
    const next = this.nextDueAt();
    if (next === null || next > at) return [];
    return this.#db
      .transaction(() => {
        const rows = this.#statements.due.all(at, limit) as MessageRow[];
        for (const row of rows) this.#statements.claim.run(leaseUntil, at, row.id);
        return rows.map((row) => this.get(row.id) as OutboxMessage);
      })
      .immediate();
  }

  markSent(
    id: string,
    provider: string,
    providerMessageId: string | null,
    now = new Date(),
  ): boolean {
    const at = now.toISOString();
    return this.#statements.sent.run(provider, providerMessageId, at, at, id).changes > 0;
  }

  markRetry(id: string, provider: string, error: string, nextAt: Date, now = new Date()): boolean {
    const at = now.toISOString();
    return (
      this.#statements.retryLater.run(provider, clip(error), nextAt.toISOString(), at, id).changes >
      0
    );
  }

  /**
   * Marks a message failed for good and, in the same transaction, queues its stand-in on the
   * next fallback channel (a failed WhatsApp message becomes an SMS), once.
   */
  markFailed(
    id: string,
    provider: string,
    error: string,
    fallback: NewOutboxMessage | null,
    now = new Date(),
  ): { failed: boolean; fallback: OutboxMessage | null } {
    const at = now.toISOString();
    return this.#db
      .transaction(() => {
        const failed = this.#statements.failed.run(provider, clip(error), at, id).changes > 0;
        if (!failed || !fallback || this.#statements.fallbackExists.get(id)) {
          return { failed, fallback: null };
        }
        const original = this.get(id) as OutboxMessage;
        return {
          failed,
          fallback: this.#insert(
            original.eventId,
            original.orderId,
            { ...fallback, fallbackOf: id },
            at,
          ),
        };
      })
      .immediate();
  }

  /** After a restart: every message left `sending` by the previous process is due now. */
  resumeInterrupted(now = new Date()): number {
    const at = now.toISOString();
    return this.#statements.resumeSending.run(at, at).changes;
  }

  /**
   * Drops the messages `ids` with `change` (decideStopCustomerMessages), those still waiting to
   * be sent; returns the ones dropped.
   */
  cancel(ids: readonly string[], change: StopCustomerDecision['change']): OutboxMessage[] {
    return ids.flatMap((id) =>
      this.#statements.cancel.run({ id, ...change }).changes > 0
        ? [this.get(id) as OutboxMessage]
        : [],
    );
  }

  /** Stores an admin's "send again" (decideResend); null when the message is not failed. */
  resend(id: string, change: ResendChange): OutboxMessage | null {
    if (this.#statements.resend.run({ id, ...change }).changes === 0) return null;
    return this.get(id);
  }
}
