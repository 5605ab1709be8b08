import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Order } from '../../../../src/domain/order.ts';
import { isValidYmd } from '../../../../src/domain/datetime.ts';
import { cardKeysIn } from '../../../../src/domain/card.ts';
import { ORDER_SORTS } from '../../../../src/domain/order-query.ts';
import { expectedOrderTotal, orderInputSchema } from '../../../../src/domain/schemas.ts';
import {
  canCustomerCancel,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../../../src/domain/status.ts';
import { HttpError } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { testPaymentProvider } from '../../payments/test-provider.ts';
import { addressKey } from '../../plugins/client-address.ts';
import type { AuthUser } from '../../plugins/sessions.ts';
import { requireAdmin, requireUser } from '../../plugins/sessions.ts';
import {
  MAX_PAGE_SIZE,
  OrderNumberExhaustedError,
  OrderQuotaExceededError,
} from '../../repositories/orders-repository.ts';
import type {
  NewOrderRecord,
  OrderQuota,
  QuotaRule,
} from '../../repositories/orders-repository.ts';
import { serverSecret } from '../../repositories/secrets-repository.ts';

const INVALID = 'validation:common.invalid';
const PRICE_MISMATCH = 'validation:order.priceMismatch';
const PAYMENT_DECLINED = 'validation:payment.declined';
const ORDER_LIMIT = 'errors:order.limitReached';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The quota log is read one day back; a second day covers a clock that moved. */
const QUOTA_LOG_KEPT_MS = 2 * DAY_MS;
const QUOTA_PRUNE_EVERY_MS = HOUR_MS;
/** A spent day of order numbers (D6) is not one client's doing (D8): ask to come back soon. */
const NUMBERS_SPENT_RETRY_S = 60;

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

/**
 * The limits on orders (D8) for a request, or undefined where none apply: admins book by phone
 * for many customers, and RATE_LIMITS=off is for tests and load tests.
 */
function quotaFor(
  app: FastifyInstance,
): (request: FastifyRequest, user: AuthUser) => OrderQuota | undefined {
  const env = app.config;
  if (env.RATE_LIMITS === 'off') return () => undefined;
  const secret = serverSecret(app.db, 'address-key');
  const rules = (hour: number, day: number): QuotaRule[] => [
    { max: hour, windowMs: HOUR_MS },
    { max: day, windowMs: DAY_MS },
  ];
  const customer = rules(env.ORDER_LIMIT_CUSTOMER_HOUR, env.ORDER_LIMIT_CUSTOMER_DAY);
  const address = rules(env.ORDER_LIMIT_ADDRESS_HOUR, env.ORDER_LIMIT_ADDRESS_DAY);
  return (request, user) =>
    user.role === 'admin'
      ? undefined
      : { addressKey: addressKey(secret, request.ip), customer, address };
}

/** The two ways placing an order can be refused for reasons other than its content. */
function refusal(error: unknown): HttpError | null {
  if (error instanceof OrderQuotaExceededError) {
    return new HttpError(429, 'rate-limited', ORDER_LIMIT, undefined, {
      retryAfterSeconds: Math.ceil(error.retryAfterMs / 1000),
    });
  }
  if (error instanceof OrderNumberExhaustedError) {
    return new HttpError(503, 'unavailable', 'errors:unavailable', undefined, {
      retryAfterSeconds: NUMBERS_SPENT_RETRY_S,
    });
  }
  return null;
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
  const { orders } = app;
  const payments = options.paymentProvider ?? testPaymentProvider;
  const quotaOf = quotaFor(app);

  let pruneTimer: NodeJS.Timeout | undefined;
  const prune = () => {
    try {
      orders.pruneQuotaLog(new Date(Date.now() - QUOTA_LOG_KEPT_MS));
    } catch (error) {
      app.log.warn({ err: error }, 'could not prune the order quota log');
    }
  };
  app.addHook('onReady', async () => {
    prune();
    pruneTimer = setInterval(prune, QUOTA_PRUNE_EVERY_MS);
    pruneTimer.unref();
  });
  app.addHook('preClose', async () => {
    if (pruneTimer) clearInterval(pruneTimer);
  });

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

    // Built once: "today" and the booking horizon are read at each parse.
    const input = orderInputSchema.parse(body);
    const totalPrice = expectedOrderTotal(input);
    // The price is ours to compute (D2); a different one means a stale page or tampering.
    if (input.totalPrice !== totalPrice) {
      throw new HttpError(400, 'invalid-argument', PRICE_MISMATCH, {
        totalPrice: PRICE_MISMATCH,
      });
    }

    const quota = quotaOf(request, user);
    try {
      // Before the payment: a customer over the limit must not be charged and then refused.
      if (quota) orders.checkQuota(quota, user.id);
    } catch (error) {
      throw refusal(error) ?? error;
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

    let order: Order;
    try {
      order = await orders.createSoon(
        { input, userId: user.id, totalPrice, ...payment },
        quota ? { quota } : {},
      );
    } catch (error) {
      throw refusal(error) ?? error;
    }
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
