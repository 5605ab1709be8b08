import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { trackingInputSchema } from '../../../../src/domain/schemas.ts';
import { HttpError } from '../../errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { OrdersRepository } from '../../repositories/orders-repository.ts';

const paramsSchema = z.object({ orderNumber: trackingInputSchema });

/**
 * Tracking by order number from any device, with or without a session (D2). It answers with the
 * public projection only, so knowing a number never reveals who ordered or where they live; the
 * rate limit keeps anyone from walking the ~900 numbers of a day.
 */
export async function trackRoutes(app: FastifyInstance): Promise<void> {
  const orders = new OrdersRepository(app.db);

  app.get(
    '/track/:orderNumber',
    { config: { rateLimit: RATE_LIMITS.tracking } },
    async (request) => {
      const { orderNumber } = paramsSchema.parse(request.params);
      const tracking = orders.findTracking(orderNumber);
      if (!tracking) throw new HttpError(404, 'not-found', 'errors:orderNotFound');
      return { tracking };
    },
  );
}
