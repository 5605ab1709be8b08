import type { FastifyInstance } from 'fastify';
import { MessagesRepository } from '../repositories/messages-repository.ts';
import { OrdersRepository } from '../repositories/orders-repository.ts';
import { ReviewsRepository } from '../repositories/reviews-repository.ts';

/**
 * One instance of each repository for the whole app, made after the database opens. Services
 * use these rather than their own: a repository prepares its statements once and holds caches
 * (the tracking view) that every write must keep up to date.
 */
export function registerRepositories(app: FastifyInstance): void {
  app.decorate('orders', new OrdersRepository(app.db));
  app.decorate('reviews', new ReviewsRepository(app.db));
  app.decorate('messages', new MessagesRepository(app.db));
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersRepository;
    reviews: ReviewsRepository;
    messages: MessagesRepository;
  }
}
