import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  onlyChecked,
  type PaymentAttemptChange,
  type PaymentChange,
} from '../../../src/domain/payment-decisions.ts';
import {
  attemptNumber,
  inquiryPolicy,
  paymentAttemptFromStored,
  paymentEventFromStored,
  paymentWorkDueAt,
  type HostedProviderName,
  type InquiryPolicy,
  type PaymentAttempt,
  type PaymentEvent,
  type PaymentEventKind,
} from '../../../src/domain/payments.ts';
import type { OnlinePaymentMethod } from '../../../src/domain/status.ts';

interface AttemptRow {
  id: string;
  order_id: string;
  seq: number;
  provider: HostedProviderName;
  method: OnlinePaymentMethod;
  state: string;
  amount_cents: number;
  currency: 'EGP';
  reference: string;
  provider_order_id: string | null;
  transaction_id: string | null;
  detail: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  /** 043 (D18). */
  checked_at: string | null;
}

interface EventRow {
  id: string;
  order_id: string;
  attempt_id: string | null;
  kind: string;
  actor: string;
  transaction_id: string | null;
  amount_cents: number | null;
  detail: string | null;
  at: string;
}

function toAttempt(row: AttemptRow): PaymentAttempt {
  return paymentAttemptFromStored({
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    method: row.method,
    state: row.state,
    amountCents: row.amount_cents,
    currency: row.currency,
    reference: row.reference,
    providerOrderId: row.provider_order_id,
    transactionId: row.transaction_id,
    detail: row.detail,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
    checkedAt: row.checked_at,
  });
}

function toEvent(row: EventRow): PaymentEvent {
  return paymentEventFromStored({
    id: row.id,
    orderId: row.order_id,
    attemptId: row.attempt_id,
    kind: row.kind,
    actor: row.actor,
    transactionId: row.transaction_id,
    amountCents: row.amount_cents,
    detail: row.detail,
    at: row.at,
  });
}

export interface NewPaymentEvent {
  orderId: string;
  attemptId: string | null;
  kind: PaymentEventKind;
  actor: PaymentEvent['actor'];
  actorUserId?: string | null;
  transactionId?: string | null;
  amountCents?: number | null;
  detail?: string | null;
}

/**
 * All SQL about online payment attempts and the payment history (D3), and when an order's
 * payments next need the server (`payment_work`, D18): rewritten from the domain's
 * paymentWorkDueAt with every change this repository stores, under the inquiry `policy`.
 */
export class PaymentsRepository {
  readonly #statements;
  readonly #policy: InquiryPolicy;

  constructor(db: Database.Database, policy: InquiryPolicy = inquiryPolicy()) {
    this.#policy = policy;
    this.#statements = {
      byOrder: db.prepare(
        'SELECT * FROM payment_attempts WHERE order_id = ? ORDER BY created_at DESC, seq DESC',
      ),
      byId: db.prepare('SELECT * FROM payment_attempts WHERE id = ?'),
      insert: db.prepare(`
        INSERT INTO payment_attempts (id, order_id, seq, provider, method, state, amount_cents,
          currency, reference, created_at, updated_at)
        VALUES (:id, :order_id, :seq, :provider, :method, 'awaiting', :amount_cents, 'EGP',
          :reference, :at, :at)`),
      update: db.prepare(`
        UPDATE payment_attempts SET
          state = coalesce(:state, state),
          provider_order_id = coalesce(:provider_order_id, provider_order_id),
          transaction_id = CASE WHEN :set_transaction THEN :transaction_id ELSE transaction_id END,
          detail = CASE WHEN :set_detail THEN :detail ELSE detail END,
          expires_at = CASE WHEN :set_expires THEN :expires_at ELSE expires_at END,
          checked_at = coalesce(:checked_at, checked_at),
          updated_at = CASE WHEN :only_checked THEN updated_at ELSE :at END
        WHERE id = :id`),
      insertEvent: db.prepare(`
        INSERT INTO payment_events (id, order_id, attempt_id, kind, actor, actor_user_id,
          transaction_id, amount_cents, detail, at)
        VALUES (:id, :order_id, :attempt_id, :kind, :actor, :actor_user_id, :transaction_id,
          :amount_cents, :detail, :at)`),
      hasEvent: db.prepare(
        'SELECT 1 FROM payment_events WHERE order_id = ? AND kind = ? AND transaction_id = ?',
      ),
      events: db.prepare(
        'SELECT * FROM payment_events WHERE order_id = ? ORDER BY at ASC, rowid ASC',
      ),
      orderOfAttempt: db.prepare('SELECT order_id FROM payment_attempts WHERE id = ?'),
      setWork: db.prepare(
        `INSERT INTO payment_work (order_id, due_at) VALUES (?, ?)
         ON CONFLICT (order_id) DO UPDATE SET due_at = excluded.due_at`,
      ),
      clearWork: db.prepare('DELETE FROM payment_work WHERE order_id = ?'),
      postponeWork: db.prepare(
        'UPDATE payment_work SET due_at = max(due_at, ?) WHERE order_id = ?',
      ),
      dueWork: db.prepare(
        'SELECT order_id FROM payment_work WHERE due_at <= ? ORDER BY due_at, order_id LIMIT ?',
      ),
      orderExists: db.prepare('SELECT 1 FROM orders WHERE id = ?'),
    };
  }

  attemptsFor(orderId: string): PaymentAttempt[] {
    return (this.#statements.byOrder.all(orderId) as AttemptRow[]).map(toAttempt);
  }

  attempt(id: string): PaymentAttempt | null {
    const row = this.#statements.byId.get(id) as AttemptRow | undefined;
    return row ? toAttempt(row) : null;
  }

  /**
   * Stores what a payment decision changed (src/domain/payment-decisions.ts): its new try, the
   * try it changed and its history entries, made by `actorUserId` unless the provider's or this
   * system's; then when the order's payments next need the server.
   */
  store(change: PaymentChange, now: Date, actorUserId: string | null = null): void {
    const orderIds = new Set<string>();
    if (change.newAttempt) orderIds.add(change.newAttempt.orderId);
    for (const event of change.events) orderIds.add(event.orderId);
    if (change.attempt) {
      const row = this.#statements.orderOfAttempt.get(change.attempt.id) as
        { order_id: string } | undefined;
      if (row) orderIds.add(row.order_id);
    }
    this.#storeChange(change, now, actorUserId);
    for (const orderId of orderIds) this.refreshWork(orderId);
  }

  #storeChange(change: PaymentChange, now: Date, actorUserId: string | null): void {
    const created = change.newAttempt;
    if (created) {
      this.#statements.insert.run({
        id: created.id,
        order_id: created.orderId,
        seq: attemptNumber(created),
        provider: created.provider,
        method: created.method,
        amount_cents: created.amountCents,
        reference: created.reference,
        at: created.createdAt,
      });
    }
    if (change.attempt) this.updateAttempt(change.attempt.id, change.attempt.change, now);
    for (const event of change.events) {
      const byPerson = event.actor === 'customer' || event.actor === 'admin';
      this.recordEvent({ ...event, actorUserId: byPerson ? actorUserId : null }, now);
    }
  }

  /** Writes when `orderId`'s payments next need the server (none: no row). */
  refreshWork(orderId: string): void {
    if (this.#statements.orderExists.get(orderId) === undefined) return;
    const due = paymentWorkDueAt(
      { attempts: this.attemptsFor(orderId), events: this.eventsFor(orderId) },
      this.#policy,
    );
    if (due === null) this.#statements.clearWork.run(orderId);
    else this.#statements.setWork.run(orderId, due);
  }

  /** The order's work waits until `until` at least (it could not be done now). */
  postponeWork(orderId: string, until: Date): void {
    this.#statements.postponeWork.run(until.toISOString(), orderId);
  }

  /** Orders whose payments need the server at `now`, soonest first. */
  dueOrders(now: Date, limit: number): string[] {
    return (this.#statements.dueWork.all(now.toISOString(), limit) as { order_id: string }[]).map(
      (row) => row.order_id,
    );
  }

  updateAttempt(
    id: string,
    change: PaymentAttemptChange,
    now: Date = new Date(),
  ): PaymentAttempt | null {
    this.#statements.update.run({
      id,
      state: change.state ?? null,
      provider_order_id: change.providerOrderId ?? null,
      set_transaction: change.transactionId === undefined ? 0 : 1,
      transaction_id: change.transactionId ?? null,
      set_detail: change.detail === undefined ? 0 : 1,
      detail: change.detail ?? null,
      set_expires: change.expiresAt === undefined ? 0 : 1,
      expires_at: change.expiresAt ?? null,
      checked_at: change.checkedAt ?? null,
      only_checked: onlyChecked(change) ? 1 : 0,
      at: now.toISOString(),
    });
    return this.attempt(id);
  }

  recordEvent(event: NewPaymentEvent, now: Date = new Date()): void {
    this.#statements.insertEvent.run({
      id: randomUUID(),
      order_id: event.orderId,
      attempt_id: event.attemptId,
      kind: event.kind,
      actor: event.actor,
      actor_user_id: event.actorUserId ?? null,
      transaction_id: event.transactionId ?? null,
      amount_cents: event.amountCents ?? null,
      detail: event.detail ?? null,
      at: now.toISOString(),
    });
  }

  /** True when this outcome of this transaction is recorded for the order already. */
  hasEvent(orderId: string, kind: PaymentEventKind, transactionId: string): boolean {
    return this.#statements.hasEvent.get(orderId, kind, transactionId) !== undefined;
  }

  eventsFor(orderId: string): PaymentEvent[] {
    return (this.#statements.events.all(orderId) as EventRow[]).map(toEvent);
  }
}
