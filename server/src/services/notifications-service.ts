import { RuleViolation } from '../../../src/domain/errors.ts';
import { isNotificationEvent, outboxEntries, triesFor } from '../../../src/domain/notifications.ts';
import type { NotificationRouting } from '../../../src/domain/notifications.ts';
import type { DomainEvent } from '../events/domain-events.ts';
import type { TemplateRenderer } from '../notifications/templates.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';
import type { OutboxMessage, OutboxRepository } from '../repositories/outbox-repository.ts';

export const NOTIFICATION_MESSAGES = {
  notFound: 'errors:notifications.notFound',
  notFailed: 'errors:notifications.notFailed',
} as const;

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

  maxTriesFor(canFallBack: boolean): number {
    return triesFor(this.#maxTries, canFallBack);
  }

  /** An order's messages, oldest first (admins). */
  forOrder(orderId: string): OutboxMessage[] {
    return this.#outbox.forOrder(orderId);
  }

  /**
   * The customer asked us to stop (by phone, WhatsApp or the contact form, as the privacy policy
   * says): their consent is withdrawn and what waits to be sent to them is dropped, in one
   * transaction. Messages to the team are not affected. Returns the dropped messages (admins).
   */
  stopCustomerMessages(orderId: string): OutboxMessage[] {
    return this.#orders.inTransaction(() => {
      if (!this.#orders.withdrawNotifyConsent(orderId)) {
        throw new RuleViolation('not-found', 'errors:orderNotFound');
      }
      return this.#outbox.cancelPending(orderId, 'customer');
    });
  }

  /** "Send again" for a failed message: a new round of tries, starting now (admins). */
  resend(messageId: string): OutboxMessage {
    const message = this.#outbox.get(messageId);
    if (!message) throw new RuleViolation('not-found', NOTIFICATION_MESSAGES.notFound);
    const resent = this.#outbox.resend(messageId, this.maxTriesFor(false));
    if (!resent) throw new RuleViolation('failed-precondition', NOTIFICATION_MESSAGES.notFailed);
    return resent;
  }
}
