import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Order } from '../../../../src/data/port.ts';
import { isValidYmd } from '../../../../src/domain/datetime.ts';
import { cardKeysIn } from '../../../../src/domain/card.ts';
import { ORDER_SORTS } from '../../../../src/domain/order-query.ts';
import { createOrderInputSchema, expectedOrderTotal } from '../../../../src/domain/schemas.ts';
import {
  canCustomerCancel,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../../../src/domain/status.ts';
import { HttpError } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { testPaymentProvider } from '../../payments/test-provider.ts';
import type { AuthUser } from '../../plugins/sessions.ts';
import { requireAdmin, requireUser } from '../../plugins/sessions.ts';
import { MAX_PAGE_SIZE, OrdersRepository } from '../../repositories/orders-repository.ts';
import type { NewOrderRecord } from '../../repositories/orders-repository.ts';

const INVALID = 'validation:common.invalid';
const PRICE_MISMATCH = 'validation:order.priceMismatch';
const PAYMENT_DECLINED = 'validation:payment.declined';

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

const adminUpdateSchema = z
  .strictObject(
    {
      status: z.enum(ORDER_STATUSES, { error: INVALID }).optional(),
      paymentStatus: z.enum(PAYMENT_STATUSES, { error: INVALID }).optional(),
    },
    { error: INVALID },
  )
  .refine((update) => update.status !== undefined || update.paymentStatus !== undefined, {
    error: INVALID,
    path: ['status'],
  });

const paymentTokenSchema = z.string().min(1).max(200);

const idParams = z.object({ id: z.string().min(1).max(200) });

function notFound(): HttpError {
  return new HttpError(404, 'not-found', 'errors:orderNotFound');
}

function isOwner(order: Order, user: AuthUser): boolean {
  return order.userId !== null && order.userId === user.id;
}

function orderId(request: FastifyRequest): string {
  const parsed = idParams.safeParse(request.params);
  // An id that can't be ours can't name an order: the same answer as an unknown one.
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

export interface OrdersRoutesOptions {
  /** Who verifies card payment tokens (D3); the test provider until a gateway is configured. */
  paymentProvider?: PaymentProvider;
}

/** Orders (D2, D3, D5, D6): customers create, read and cancel their own; admins manage all. */
export async function ordersRoutes(
  app: FastifyInstance,
  options: OrdersRoutesOptions = {},
): Promise<void> {
  const orders = new OrdersRepository(app.db);
  const payments = options.paymentProvider ?? testPaymentProvider;

  app.post('/orders', async (request, reply) => {
    const user = requireUser(request);
    const body: unknown = request.body ?? {};

    const cardKeys = cardKeysIn(body);
    if (cardKeys.length > 0) {
      throw new HttpError(
        400,
        'invalid-argument',
        INVALID,
        Object.fromEntries(cardKeys.map((key) => [key, INVALID])),
      );
    }

    // Built per request: "today" (no moves in the past) is today in Cairo, now.
    const input = createOrderInputSchema().parse(body);
    const totalPrice = expectedOrderTotal(input);
    // The price is ours to compute (D2); a different one means a stale page or tampering.
    if (input.totalPrice !== totalPrice) {
      throw new HttpError(400, 'invalid-argument', PRICE_MISMATCH, {
        totalPrice: PRICE_MISMATCH,
      });
    }

    let payment: Pick<NewOrderRecord, 'paymentStatus' | 'paymentProvider' | 'paymentReference'>;
    if (input.paymentMethod === 'card') {
      const token = paymentTokenSchema.safeParse((body as { paymentToken?: unknown }).paymentToken);
      const verified = token.success ? await payments.verify(token.data, totalPrice) : null;
      if (!verified?.ok) {
        throw new HttpError(400, 'invalid-argument', PAYMENT_DECLINED, {
          paymentToken: PAYMENT_DECLINED,
        });
      }
      payment = {
        paymentStatus: 'paid',
        paymentProvider: payments.name,
        paymentReference: verified.reference ?? null,
      };
    } else {
      payment = { paymentStatus: 'pending', paymentProvider: 'cash', paymentReference: null };
    }

    const order = orders.create({ input, userId: user.id, totalPrice, ...payment });
    return reply.code(201).send({ order });
  });

  app.get('/orders', async (request) => {
    const user = requireUser(request);
    const query = listQuerySchema.parse(request.query ?? {});
    const { mine, page, limit, ...filters } = query;
    const ownOnly = user.role !== 'admin' || mine === '1' || mine === 'true';
    if (ownOnly) {
      // A customer's list is theirs, newest first; the admin filters don't apply to it.
      return orders.list({ page, limit }, { userId: user.id });
    }
    return orders.list({ ...filters, page, limit });
  });

  app.get('/orders/:id', async (request) => {
    const user = requireUser(request);
    const order = orders.findById(orderId(request));
    if (!order) throw notFound();
    if (user.role !== 'admin' && !isOwner(order, user)) {
      throw new HttpError(403, 'permission-denied', 'errors:permissionDenied');
    }
    return { order };
  });

  app.post('/orders/:id/cancel', async (request) => {
    const user = requireUser(request);
    const id = orderId(request);
    const existing = orders.findById(id);
    if (!existing) throw notFound();
    // Only the customer who placed it; admins change status with PATCH (D2).
    if (!isOwner(existing, user)) {
      throw new HttpError(403, 'permission-denied', 'errors:permissionDenied');
    }
    const outcome = orders.cancelIfAllowed(id, user.id, canCustomerCancel);
    if (outcome.result !== 'cancelled') {
      if (outcome.result === 'not-found') throw notFound();
      throw new HttpError(409, 'failed-precondition', 'errors:orderNotCancellable');
    }
    return { order: outcome.order };
  });

  app.patch('/orders/:id', async (request) => {
    const admin = requireAdmin(request);
    const id = orderId(request);
    const update = adminUpdateSchema.parse(request.body ?? {});
    const order = orders.update(id, update, { actor: 'admin', userId: admin.id });
    if (!order) throw notFound();
    return { order };
  });

  app.delete('/orders/:id', async (request, reply) => {
    requireAdmin(request);
    if (!orders.remove(orderId(request))) throw notFound();
    return reply.code(204).send();
  });
}
