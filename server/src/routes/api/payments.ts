import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ORDER_MESSAGES } from '../../../../src/domain/order.ts';
import { HttpError } from '../../errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { adminRequired, userOf, userRequired } from '../../plugins/sessions.ts';
import { orderId } from './orders.ts';
import {
  orderResponse,
  paymentHistoryResponse,
  paymentOptionsResponse,
  paymentProgressResponse,
  paymentStartResponse,
  refundQueueResponse,
} from './response-schemas.ts';

const attemptParams = z.object({
  id: z.string().min(1).max(200),
  attemptId: z.string().min(1).max(200),
  kind: z.enum(['refund', 'void']),
});

/**
 * Online payments (D3): what /payment offers, a try on the gateway for the order's owner, where
 * it stands, cash instead, the gateway's signed callback, and the admin's history, refund and
 * void. The routes parse and authorise; PaymentsService does the rest.
 */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  app.get('/payments/options', { schema: { response: paymentOptionsResponse } }, async () => ({
    options: services.payments.options(),
  }));

  // A gateway's transaction callback, by its name: no session, only its signature counts.
  // Paymob's account is configured with /api/payments/paymob/callback (PAYMOB_CALLBACK_PATH),
  // which is this route for `paymob`. Limited per client address (D8's address, D18); the
  // requests over the limit are counted with the other refusals, not logged one by one.
  app.post(
    '/payments/:provider/callback',
    {
      config: {
        rateLimit: {
          ...RATE_LIMITS.paymentCallback,
          onExceeded: () => services.payments.refusals.refused('rate-limited'),
        },
      },
    },
    async (request, reply) => {
      const { provider } = request.params as { provider: string };
      const { status, outcome } = services.payments.handleCallback(provider, {
        query: request.query,
        body: request.body,
      });
      if (status === 404) throw new HttpError(404, 'not-found', 'errors:notFound');
      // A signed field not of its shape: counted by the service, changes nothing.
      if (status === 400) throw new HttpError(400, 'invalid-argument', 'errors:invalid');
      // Not signed with our HMAC secret: counted by the service, changes nothing.
      if (status === 401) throw new HttpError(401, 'unauthenticated', 'errors:unauthenticated');
      return reply.code(status).send({ outcome });
    },
  );

  await app.register(async (customers) => {
    customers.addHook('preHandler', userRequired);

    customers.post(
      '/orders/:id/payments',
      { schema: { response: paymentStartResponse } },
      async (request, reply) => {
        const payment = await services.payments.start(
          orderId(request),
          request.body ?? {},
          userOf(request),
        );
        return reply.code(201).send({ payment });
      },
    );

    customers.get(
      '/orders/:id/payment',
      { schema: { response: paymentProgressResponse } },
      async (request) => ({
        progress: services.payments.progress(orderId(request), userOf(request)),
      }),
    );

    customers.post(
      '/orders/:id/payment/cash',
      { schema: { response: orderResponse(200) } },
      async (request) => ({
        order: services.payments.switchToCash(orderId(request), userOf(request)),
      }),
    );
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    admins.get(
      '/orders/:id/payments',
      { schema: { response: paymentHistoryResponse } },
      async (request) => ({ history: services.payments.history(orderId(request)) }),
    );

    // The refunds queue (D16), and a refund the office made by hand.
    admins.get('/admin/refunds', { schema: { response: refundQueueResponse } }, async () => ({
      refunds: services.payments.refundQueue(),
    }));

    admins.post(
      '/orders/:id/refund/manual',
      { schema: { response: orderResponse(200) } },
      async (request) => ({
        order: services.payments.manualRefund(orderId(request), request.body, userOf(request)),
      }),
    );

    admins.post(
      '/orders/:id/payments/:attemptId/:kind',
      { schema: { response: paymentHistoryResponse } },
      async (request) => {
        const parsed = attemptParams.safeParse(request.params);
        if (!parsed.success) throw new HttpError(404, 'not-found', ORDER_MESSAGES.notFound);
        const { id, attemptId, kind } = parsed.data;
        return {
          history: await services.payments.reverse(id, attemptId, kind, userOf(request)),
        };
      },
    );
  });
}
