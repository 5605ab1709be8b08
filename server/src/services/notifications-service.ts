import { RuleViolation } from '../../../src/domain/errors.ts';
import {
  decideResend,
  decideStopCustomerMessages,
  NOTIFICATION_MESSAGES,
} from '../../../src/domain/notification-desk.ts';
import { isNotificationEvent, outboxEntries, triesFor } from '../../../src/domain/notifications.ts';
import type { NotificationRouting } from '../../../src/domain/notifications.ts';
import {
  weeklySummaryEntry,
  type SummaryWeek,
  type WeeklySummaryFigures,
} from '../../../src/domain/weekly-summary.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import type { TemplateRenderer } from '../notifications/templates.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';
import type { OutboxMessage, OutboxRepository } from '../repositories/outbox-repository.ts';

export interface NotificationsServiceOptions {
  outbox: OutboxRepository;
  orders: OrdersRepository;
  renderer: TemplateRenderer;
  routing: NotificationRouting;
  maxTries: number;
}

/**
 * The notification use cases (D10): turning what happened to an order into messages in the
 * outbox, inside the transaction of the change; the admin's view of an order's messages; and
 * "send again". Sending is the worker's (notification-worker.ts).
 */
export class NotificationsService {
  readonly #outbox: OutboxRepository;
  readonly #orders: OrdersRepository;
  readonly #renderer: TemplateRenderer;
  readonly #routing: NotificationRouting;
  readonly #maxTries: number;

  constructor(options: NotificationsServiceOptions) {
    this.#outbox = options.outbox;
    this.#orders = options.orders;
    this.#renderer = options.renderer;
    this.#routing = options.routing;
    this.#maxTries = options.maxTries;
  }

  /**
   * Records the events of one change and the messages they cause. Must run inside the
   * change's transaction: the order and its messages commit together or not at all.
   */
  record(events: readonly DomainEvent[]): OutboxMessage[] {
    const relevant = events.filter(isNotificationEvent);
    if (relevant.length === 0) return [];
    const render = this.#renderer.render.bind(this.#renderer);
    return outboxEntries(relevant, this.#routing, render, this.#maxTries).flatMap(
      ({ messages, ...event }) => this.#outbox.record(event, messages),
    );
  }

  /** Whether a team event (a week's summary, by its key) is recorded already. */
  hasRecorded(key: string): boolean {
    return this.#outbox.hasEvent(key);
  }

  /**
   * Records a week's summary to the company (weeklySummaryEntry), once: with the week's record,
   * in one transaction; nothing when the week is recorded already or the company hears on no
   * channel. Returns the messages queued.
   */
  recordWeeklySummary(
    week: SummaryWeek,
    figures: WeeklySummaryFigures,
    now: Date = new Date(),
  ): OutboxMessage[] {
    const render = this.#renderer.render.bind(this.#renderer);
    const entry = weeklySummaryEntry(week, figures, this.#routing, render, this.#maxTries);
    return entry ? this.#outbox.recordOnce(entry, entry.messages, now) : [];
  }

  maxTriesFor(canFallBack: boolean): number {
    return triesFor(this.#maxTries, canFallBack);
  }

  /** An order's messages, oldest first (admins). */
  forOrder(orderId: string): OutboxMessage[] {
    return this.#outbox.forOrder(orderId);
  }

  /**
   * The customer asked us to stop (decideStopCustomerMessages): their consent is withdrawn and
   * what waits to be sent to them is dropped, in one transaction. Returns the dropped messages.
   */
  stopCustomerMessages(orderId: string, now: Date = new Date()): OutboxMessage[] {
    return this.#orders.inTransaction(() => {
      const decision = decideStopCustomerMessages(
        this.#orders.findById(orderId),
        this.#outbox.forOrder(orderId),
        now.toISOString(),
      );
      this.#orders.withdrawNotifyConsent(orderId, now);
      return this.#outbox.cancel(decision.cancel, decision.change);
    });
  }

  /** "Send again" for a failed message (decideResend): a new round of tries, starting now. */
  resend(messageId: string, now: Date = new Date()): OutboxMessage {
    const change = decideResend(this.#outbox.get(messageId), this.#maxTries, now.toISOString());
    const resent = this.#outbox.resend(messageId, change);
    if (!resent) throw new RuleViolation('failed-precondition', NOTIFICATION_MESSAGES.notFailed);
    return resent;
  }
}
