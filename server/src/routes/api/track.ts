import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { trackingInputSchema } from '../../../../src/domain/tracking-schema.ts';
import { sendError } from '../../plugins/errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { trackingResponse } from './response-schemas.ts';

const paramsSchema = z.object({ orderNumber: trackingInputSchema() });

/**
 * Tracking by order number from any device, with or without a session (D2). It answers with the
 * public projection only, so knowing a number never reveals who ordered or where they live; the
 * rate limit keeps anyone from walking the ~900 numbers of a day.
 */
export async function trackRoutes(app: FastifyInstance): Promise<void> {
  const { orders } = app;

  app.get(
    '/track/:orderNumber',
    { config: { rateLimit: RATE_LIMITS.tracking }, schema: { response: trackingResponse } },
    async (request, reply) => {
      const { orderNumber } = paramsSchema.parse(request.params);
      const tracking = orders.findTracking(orderNumber);
      // Answered here rather than thrown: the same body as the error handler's, without an
      // Error's stack capture and the error path, which made an unknown number (what someone
      // walking the numbers gets) cost about a quarter more CPU than a found one.
      if (!tracking) return sendError(reply, 404, 'not-found', 'errors:orderNotFound');
      return { tracking };
    },
  );
}
