import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isValidYmd } from '../../../../src/domain/datetime.ts';
import { ORDER_MESSAGES } from '../../../../src/domain/order.ts';
import { ORDER_SORTS } from '../../../../src/domain/order-query.ts';
import { orderAdminUpdateSchema } from '../../../../src/domain/order-update-schema.ts';
import {
  orderGoBackSchema,
  orderRescheduleSchema,
} from '../../../../src/domain/order-lifecycle-schema.ts';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../../../src/domain/status.ts';
import { HttpError } from '../../errors.ts';
import { adminRequired, userOf, userRequired } from '../../plugins/sessions.ts';
import { MAX_PAGE_SIZE } from '../../repositories/orders-repository.ts';
import { orderResponse, orderPageResponse } from './response-schemas.ts';

const INVALID = 'validation:common.invalid';

/** Query strings: an empty `?status=` is "no filter", not an invalid status. */
function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );
}

const ymd = z.string({ error: INVALID }).trim().refine(isValidYmd, { error: INVALID });

const listQuerySchema = z.object(
  {
    search: optionalParam(z.string({ error: INVALID }).max(200, { error: INVALID })),
    status: optionalParam(z.enum(ORDER_STATUSES, { error: INVALID })),
    governorateId: optionalParam(z.string({ error: INVALID }).trim().max(100, { error: INVALID })),
    paymentStatus: optionalParam(z.enum(PAYMENT_STATUSES, { error: INVALID })),
    paymentMethod: optionalParam(z.enum(PAYMENT_METHODS, { error: INVALID })),
    moveDateFrom: optionalParam(ymd),
    moveDateTo: optionalParam(ymd),
    sort: optionalParam(z.enum(ORDER_SORTS, { error: INVALID })),
    page: optionalParam(
      z.coerce
        .number({ error: INVALID })
        .int({ error: INVALID })
        .min(1, { error: INVALID })
        .max(1_000_000, { error: INVALID }),
    ),
    // Larger pages are served at the maximum rather than refused.
    limit: optionalParam(
      z.coerce
        .number({ error: INVALID })
        .int({ error: INVALID })
        .min(1, { error: INVALID })
        .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
    ),
    mine: optionalParam(z.enum(['1', 'true', '0', 'false'], { error: INVALID })),
  },
  { error: INVALID },
);

const idParams = z.object({ id: z.string().min(1).max(200) });

export function orderId(request: FastifyRequest): string {
  const parsed = idParams.safeParse(request.params);
  // An id that can't be ours can't name an order: the same answer as an unknown one.
  if (!parsed.success) throw new HttpError(404, 'not-found', ORDER_MESSAGES.notFound);
  return parsed.data.id;
}

/**
 * Orders (D2, D3, D5, D6): customers create, read and cancel their own; admins manage all. The
 * routes parse and authorise (once per group, as a hook); OrdersService does the rest.
 */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  await app.register(async (customers) => {
    customers.addHook('preHandler', userRequired);

    customers.post(
      '/orders',
      { schema: { response: orderResponse(201) } },
      async (request, reply) => {
        const user = userOf(request);
        const order = await services.orders.place(
          request.body ?? {},
          user,
          services.orderQuota(request.ip, user),
        );
        return reply.code(201).send({ order });
      },
    );

    customers.get('/orders', { schema: { response: orderPageResponse } }, async (request) => {
      const { mine, ...query } = listQuerySchema.parse(request.query ?? {});
      return services.orders.list(userOf(request), {
        ...query,
        mine: mine === '1' || mine === 'true',
      });
    });

    customers.get('/orders/:id', { schema: { response: orderResponse(200) } }, async (request) => {
      return { order: services.orders.get(orderId(request), userOf(request)) };
    });

    customers.post(
      '/orders/:id/cancel',
      { schema: { response: orderResponse(200) } },
      async (request) => {
        return { order: services.orders.cancel(orderId(request), userOf(request)) };
      },
    );

    // The owner, or an admin for a caller (D17): the service decides which rules apply.
    customers.post(
      '/orders/:id/reschedule',
      { schema: { response: orderResponse(200) } },
      async (request) => {
        const id = orderId(request);
        const input = orderRescheduleSchema.parse(request.body ?? {});
        return { order: services.orders.reschedule(id, input, userOf(request)) };
      },
    );
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    admins.patch('/orders/:id', { schema: { response: orderResponse(200) } }, async (request) => {
      const id = orderId(request);
      const update = orderAdminUpdateSchema.parse(request.body ?? {});
      return { order: services.orders.update(id, update, userOf(request)) };
    });

    admins.post(
      '/orders/:id/go-back',
      { schema: { response: orderResponse(200) } },
      async (request) => {
        const id = orderId(request);
        const input = orderGoBackSchema.parse(request.body ?? {});
        return { order: services.orders.goBack(id, input, userOf(request)) };
      },
    );

    admins.delete('/orders/:id', async (request, reply) => {
      services.orders.remove(orderId(request));
      return reply.code(204).send();
    });
  });
}
