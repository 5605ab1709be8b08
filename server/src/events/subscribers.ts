import type { FastifyInstance } from 'fastify';
import type { DomainEvents } from './domain-events.ts';
import { reviewsFollowOrders } from './reviews-follow-orders.ts';

/**
 * Something that reacts to domain events: `(events, app) => { events.on('order.statusChanged',
 * ...) }`. It gets the app for its settings (`app.config`) and logger. A new reaction (an SMS
 * when an order's status changes, say) is one file exporting a Subscriber and one line in
 * SUBSCRIBERS below.
 */
export type Subscriber = (events: DomainEvents, app: FastifyInstance) => void;

/** Every subscriber the server starts with. Tests add their own through build({ subscribers }). */
export const SUBSCRIBERS: readonly Subscriber[] = [reviewsFollowOrders];
