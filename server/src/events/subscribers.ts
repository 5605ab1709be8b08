import type { FastifyInstance } from 'fastify';
import type { DomainEvents } from './domain-events.ts';
import { reviewsFollowOrders } from './reviews-follow-orders.ts';

/**
 * Something that reacts to domain events: `(events, app) => { events.on('order.statusChanged',
 * ...) }`. It gets the app for its settings (`app.config`) and logger. It runs after the change
 * has committed, once, with no retry and no record: right for what may be lost (the live review
 * stream following an order). A message a change causes (an SMS when an order's status changes,
 * say) must not be lost, so it is not a subscriber: it is a template and a line in the domain's
 * planMessages (src/domain/notifications.ts), which both backends call inside the change's own
 * transaction to write the outbox (D10).
 */
export type Subscriber = (events: DomainEvents, app: FastifyInstance) => void;

/** Every subscriber the server starts with. Tests add their own through build({ subscribers }). */
export const SUBSCRIBERS: readonly Subscriber[] = [reviewsFollowOrders];
