import type { FastifyInstance } from 'fastify';
import { ratesFromStored, type CatalogRates } from '../../../src/domain/pricing.ts';
import { CapacityRepository } from '../repositories/capacity-repository.ts';
import { MessagesRepository } from '../repositories/messages-repository.ts';
import { OrdersRepository } from '../repositories/orders-repository.ts';
import { ReviewsRepository } from '../repositories/reviews-repository.ts';
import { VersionsRepository } from '../repositories/versions-repository.ts';

/**
 * One instance of each repository for the whole app, made after the database opens. Services
 * use these rather than their own: a repository prepares its statements once and holds caches
 * (the tracking view) that every write must keep up to date.
 */
export function registerRepositories(app: FastifyInstance): void {
  app.decorate('orders', new OrdersRepository(app.db));
  app.decorate('reviews', new ReviewsRepository(app.db));
  app.decorate('messages', new MessagesRepository(app.db));
  app.decorate(
    'catalogs',
    // Read through the domain's upcaster: a version saved before a move type existed prices it
    // at the type's default rate (docs/architecture.md, "Stored data ages well").
    new VersionsRepository(app.db, { table: 'price_catalogs', column: 'rates' }, ratesFromStored),
  );
  app.decorate('capacity', new CapacityRepository(app.db));
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersRepository;
    reviews: ReviewsRepository;
    messages: MessagesRepository;
    /** The price catalog's versions (D11). */
    catalogs: VersionsRepository<CatalogRates>;
    /** The crews plan's versions and the crews each window has given away (D12). */
    capacity: CapacityRepository;
  }
}
