import type { FastifyInstance } from 'fastify';
import { adminDeskRoutes } from './admin-desk.ts';
import { authRoutes } from './auth.ts';
import type { AuthRoutesOptions } from './auth.ts';
import { capacityRoutes } from './capacity.ts';
import { dashboardRoutes } from './dashboard.ts';
import { dispatchRoutes } from './dispatch.ts';
import { healthRoutes } from './health.ts';
import { messagesRoutes } from './messages.ts';
import { orderStreamRoutes } from './order-streams.ts';
import type { OrderStreamsOptions } from './order-streams.ts';
import { ordersRoutes } from './orders.ts';
import { phoneAuthRoutes } from './phone-auth.ts';
import { paymentsRoutes } from './payments.ts';
import { pricesRoutes } from './prices.ts';
import { reviewsRoutes } from './reviews.ts';
import type { ReviewsRoutesOptions } from './reviews.ts';
import { trackRoutes } from './track.ts';

export interface ApiRoutesOptions {
  /** The review streams' limits; tests make them small (D8). */
  reviewStreams?: ReviewsRoutesOptions;
  /** The live order streams' limits (D19); tests make them small. */
  orderStreams?: OrderStreamsOptions;
  /** What sign-up hashes passwords at; tests that sign in hundreds of times lower it. */
  passwordCost?: AuthRoutesOptions['passwordCost'];
}

/** Every /api route file is registered here (prefix /api is applied by the caller). */
export async function apiRoutes(
  app: FastifyInstance,
  options: ApiRoutesOptions = {},
): Promise<void> {
  // API answers are per-user and change often; no browser or proxy cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { passwordCost: options.passwordCost });
  await app.register(phoneAuthRoutes);
  await app.register(messagesRoutes);
  await app.register(pricesRoutes);
  await app.register(capacityRoutes);
  await app.register(dispatchRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(trackRoutes);
  await app.register(reviewsRoutes, options.reviewStreams ?? {});
  await app.register(adminDeskRoutes);
  await app.register(dashboardRoutes);
  await app.register(orderStreamRoutes, options.orderStreams ?? {});
}
