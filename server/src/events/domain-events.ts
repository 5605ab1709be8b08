import type { FastifyBaseLogger } from 'fastify';
import type { ContactMessage } from '../../../src/domain/contact-message.ts';
import type { OrderEvent } from '../../../src/domain/notifications.ts';
import type { Order } from '../../../src/domain/order.ts';
import type { Review } from '../../../src/domain/reviews.ts';
import type { OrderStatus } from '../../../src/domain/status.ts';
import type { OutboxMessage } from '../repositories/outbox-repository.ts';

/**
 * What happened, in the business's words. Services publish an event after its write has
 * committed; the live streams and the notification worker subscribe (the messages themselves
 * were written to the outbox inside the change's transaction, D10). Nothing that reacts to an
 * event can fail the request that caused it.
 */
export type DomainEvent =
  | OrderEvent<Order>
  /**
   * `status`: the order's when deleted (a delivered one's review may have been public, D14);
   * `userId`: whose it was, so their live "my orders" drops it (D19).
   */
  | {
      type: 'order.deleted';
      orderId: string;
      orderNumber: string;
      status: OrderStatus;
      userId?: string | null;
    }
  /**
   * The order as stored after any change to it (a status, a payment, its date), whatever else
   * the change is told as: the live trackers and "my orders" follow it (D19).
   */
  | { type: 'order.changed'; order: Order }
  | { type: 'review.posted'; review: Review }
  /**
   * The public list of reviews may have changed another way: a review published, hidden or
   * deleted, or its order's status changed (D14). `reviewId` is null when a delivered order was
   * deleted: its review, if it had one, is not known by that order any more.
   */
  | { type: 'review.moderated'; reviewId: string | null }
  /** A notification was queued, tried, sent, failed or sent again (D10). */
  | { type: 'notification.changed'; message: OutboxMessage }
  /** A contact message was sent, or marked handled or not (D20). */
  | { type: 'contactMessage.changed'; message: ContactMessage };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
type Handler<T extends DomainEventType> = (event: EventOf<T>) => void | Promise<void>;

/**
 * One in-process bus. One server process owns the SQLite file, so an event never needs to cross
 * a process boundary; a deployment that outgrows one machine moves to Firestore (D1) and its
 * functions, which react to document writes instead.
 */
export class DomainEvents {
  readonly #handlers = new Map<DomainEventType, Set<Handler<DomainEventType>>>();
  readonly #log: Pick<FastifyBaseLogger, 'error'>;

  constructor(log: Pick<FastifyBaseLogger, 'error'>) {
    this.#log = log;
  }

  /** Returns the function that removes the handler. */
  on<T extends DomainEventType>(type: T, handler: Handler<T>): () => void {
    let handlers = this.#handlers.get(type);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(type, handlers);
    }
    const stored = handler as unknown as Handler<DomainEventType>;
    handlers.add(stored);
    return () => {
      handlers.delete(stored);
    };
  }

  /** Whether anyone listens for `type` (a publisher can skip building an expensive event). */
  has(type: DomainEventType): boolean {
    return (this.#handlers.get(type)?.size ?? 0) > 0;
  }

  /**
   * Calls every handler of the event's type. A handler that throws, or whose promise rejects, is
   * logged; the others still run and the publisher carries on.
   */
  publish(event: DomainEvent): void {
    const handlers = this.#handlers.get(event.type);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        const result = handler(event);
        if (result instanceof Promise) {
          result.catch((error: unknown) => this.#failed(event, error));
        }
      } catch (error) {
        this.#failed(event, error);
      }
    }
  }

  #failed(event: DomainEvent, error: unknown): void {
    this.#log.error({ err: error, event: event.type }, 'a domain event handler failed');
  }
}
