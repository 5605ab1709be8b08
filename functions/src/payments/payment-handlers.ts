// Online payments in the hosted build (docs/decisions.md D3), as plain functions like the other
// handlers: what /payment offers, a try on the gateway for the order's owner, where it stands,
// cash instead, the admin's history, refund and void, and the gateway's signed callback (an
// HTTPS function, paymobCallback). The gateway's client, its signature and what a callback
// decides are the server's own modules (server/src/payments/), so both backends agree.
import { RuleViolation } from '../../../src/domain/errors.ts';
import {
  checkCanRead,
  ORDER_MESSAGES,
  paymentMethodUnavailable,
} from '../../../src/domain/order.ts';
import type { Order } from '../../../src/domain/order.ts';
import {
  canPayOnline,
  canReverse,
  canSwitchToCash,
  merchantReference,
  orderIdOfReference,
  PAYMENT_ATTEMPTS_MAX,
  PAYMENT_MESSAGES,
  paymentProgress,
  toPiastres,
  type PaymentAttempt,
  type PaymentEvent,
  type PaymentHistory,
  type PaymentOptions,
  type PaymentProgress,
  type PaymentStart,
} from '../../../src/domain/payments.ts';
import {
  parseStartRequest,
  paymentOptionsOf,
  paymentRequestFor,
} from '../../../server/src/payments/hosted-payment.ts';
import {
  PaymentProviderError,
  type HostedPaymentProvider,
  type PaymentProvider,
} from '../../../server/src/payments/payment-provider.ts';
import {
  decideTransaction,
  type TransactionDecision,
} from '../../../server/src/payments/transaction-decision.ts';
import {
  isAdminCaller,
  permissionDenied,
  requireAdmin,
  requireCaller,
  type AdminDirectory,
  type CallContext,
} from '../platform/context.ts';
import { documentId, objectOf } from '../shared/input.ts';
import type { OrderRepository } from '../orders/order-repository.ts';
import type { PaymentRecord, PaymentRepository } from './payment-repository.ts';

/** Where payment log lines go (the functions' logger; a test's capture). */
export interface PaymentLog {
  info(message: string, details: object): void;
  warn(message: string, details: object): void;
}

export interface PaymentDeps {
  orders: OrderRepository;
  paymentRecords: PaymentRepository;
  admins: AdminDirectory;
  /** Who takes online payments; null when none is configured (PAYMENT_PROVIDER=none). */
  payments: PaymentProvider | null;
  /** The site's public address, where the gateway sends the customer back. */
  siteUrl: string;
  log: PaymentLog;
}

function notFound(): RuleViolation {
  return new RuleViolation('not-found', ORDER_MESSAGES.notFound);
}

function notPayable(): RuleViolation {
  return new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notPayable);
}

function event(
  fields: Omit<PaymentEvent, 'id' | 'transactionId' | 'amountCents' | 'detail'> &
    Partial<Pick<PaymentEvent, 'transactionId' | 'amountCents' | 'detail'>>,
): PaymentEvent {
  return {
    id: crypto.randomUUID(),
    transactionId: null,
    amountCents: null,
    detail: null,
    ...fields,
  };
}

function withAttempt(
  record: PaymentRecord,
  id: string,
  change: Partial<PaymentAttempt>,
  at: string,
): PaymentAttempt[] {
  return record.attempts.map((a) => (a.id === id ? { ...a, ...change, updatedAt: at } : a));
}

function newestFirst(attempts: readonly PaymentAttempt[]): PaymentAttempt[] {
  return [...attempts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function paymentOptions(
  _ctx: CallContext,
  _data: unknown,
  deps: PaymentDeps,
): Promise<PaymentOptions> {
  return paymentOptionsOf(deps.payments);
}

/** The owner starts paying a pending online order on the gateway (nothing is charged here). */
export async function startPayment(
  ctx: CallContext,
  data: unknown,
  deps: PaymentDeps,
): Promise<PaymentStart> {
  const caller = requireCaller(ctx);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  const { method, language } = parseStartRequest({ method: body.method, language: body.language });
  const at = ctx.now.toISOString();
  let provider: HostedPaymentProvider | null = null;

  const { order, result: attempt } = await deps.paymentRecords.update(
    id,
    (stored, record) => {
      if (!stored) throw notFound();
      if (stored.userId !== caller.uid) throw permissionDenied();
      const gateway = deps.payments;
      if (gateway?.kind !== 'hosted' || !gateway.methods.includes(method)) {
        throw paymentMethodUnavailable(method);
      }
      provider = gateway;
      if (!canPayOnline(stored)) throw notPayable();
      const seq = record.attempts.length + 1;
      if (seq > PAYMENT_ATTEMPTS_MAX) {
        throw new RuleViolation('rate-limited', PAYMENT_MESSAGES.tooManyAttempts);
      }
      const created: PaymentAttempt = {
        id: crypto.randomUUID(),
        orderId: id,
        provider: gateway.name,
        method,
        state: 'awaiting',
        amountCents: toPiastres(stored.totalPrice),
        currency: 'EGP',
        reference: merchantReference(id, seq),
        providerOrderId: null,
        transactionId: null,
        detail: null,
        createdAt: at,
        updatedAt: at,
        expiresAt: null,
      };
      return {
        record: {
          attempts: [...record.attempts, created],
          events: [
            ...record.events,
            event({
              orderId: id,
              attemptId: created.id,
              kind: 'started',
              actor: 'customer',
              amountCents: created.amountCents,
              detail: method,
              at,
            }),
          ],
        },
        result: created,
      };
    },
    ctx.now,
  );

  const gateway = provider as HostedPaymentProvider | null;
  if (!gateway || !order) throw notFound();
  try {
    const started = await gateway.start(
      paymentRequestFor(order, attempt, { language, siteUrl: deps.siteUrl, email: null }),
      ctx.now,
    );
    await deps.paymentRecords.update(
      id,
      (_stored, record) => ({
        record: {
          ...record,
          attempts: withAttempt(
            record,
            attempt.id,
            { providerOrderId: started.providerOrderId, expiresAt: started.expiresAt },
            at,
          ),
        },
        result: null,
      }),
      ctx.now,
    );
    deps.log.info('payment started', { orderId: id, attemptId: attempt.id });
    return { attemptId: attempt.id, redirectUrl: started.redirectUrl };
  } catch (error) {
    const detail = error instanceof PaymentProviderError ? error.detail : 'failed';
    await deps.paymentRecords.update(
      id,
      (_stored, record) => ({
        record: {
          attempts: withAttempt(record, attempt.id, { state: 'failed', detail }, at),
          events: [
            ...record.events,
            event({
              orderId: id,
              attemptId: attempt.id,
              kind: 'startFailed',
              actor: 'provider',
              detail,
              at,
            }),
          ],
        },
        result: null,
      }),
      ctx.now,
    );
    deps.log.warn('payment not started', { orderId: id, attemptId: attempt.id, detail });
    throw new RuleViolation('unavailable', PAYMENT_MESSAGES.providerUnavailable);
  }
}

/** Where an order's payment stands, for its owner or an admin. */
export async function paymentProgressOf(
  ctx: CallContext,
  data: unknown,
  deps: PaymentDeps,
): Promise<PaymentProgress> {
  const caller = requireCaller(ctx);
  const id = documentId(objectOf(data).id, ORDER_MESSAGES.notFound);
  const order = await deps.orders.get(id);
  if (!order) throw notFound();
  checkCanRead(order, { id: caller.uid, isAdmin: await isAdminCaller(ctx, deps.admins) });
  const { attempts } = await deps.paymentRecords.record(id);
  return paymentProgress(order, attempts, ctx.now);
}

/** The owner pays cash on delivery instead (a try still open may yet pay it). */
export async function switchToCash(
  ctx: CallContext,
  data: unknown,
  deps: PaymentDeps,
): Promise<Order> {
  const caller = requireCaller(ctx);
  const id = documentId(objectOf(data).id, ORDER_MESSAGES.notFound);
  const at = ctx.now.toISOString();
  const { order } = await deps.paymentRecords.update(
    id,
    (stored, record) => {
      if (!stored) throw notFound();
      if (stored.userId !== caller.uid) throw permissionDenied();
      if (!canSwitchToCash(stored)) throw notPayable();
      return {
        record: {
          ...record,
          events: [
            ...record.events,
            event({ orderId: id, attemptId: null, kind: 'switchedToCash', actor: 'customer', at }),
          ],
        },
        change: {
          paymentStatus: 'pending',
          paymentMethod: 'cod',
          paymentProvider: 'cash',
          paymentReference: null,
        },
        result: null,
      };
    },
    ctx.now,
    'customer',
  );
  if (!order) throw notFound();
  return order;
}

export async function paymentHistory(
  ctx: CallContext,
  data: unknown,
  deps: PaymentDeps,
): Promise<PaymentHistory> {
  await requireAdmin(ctx, deps.admins);
  const id = documentId(objectOf(data).id, ORDER_MESSAGES.notFound);
  if (!(await deps.orders.get(id))) throw notFound();
  const record = await deps.paymentRecords.record(id);
  return { attempts: newestFirst(record.attempts), events: record.events };
}

/** An admin refunds or voids a paid try through its gateway; recorded in the history. */
export async function reversePayment(
  ctx: CallContext,
  data: unknown,
  deps: PaymentDeps,
): Promise<PaymentHistory> {
  await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  const attemptId = documentId(body.attemptId, ORDER_MESSAGES.notFound);
  const kind = body.kind === 'void' ? 'void' : body.kind === 'refund' ? 'refund' : null;
  if (!kind) throw notFound();
  const attempt = (await deps.paymentRecords.record(id)).attempts.find((a) => a.id === attemptId);
  if (!attempt) throw notFound();
  const gateway = deps.payments;
  if (gateway?.kind !== 'hosted' || !canReverse(attempt)) {
    throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notReversible);
  }
  const at = ctx.now.toISOString();
  const outcome = await gateway.reverse(kind, attempt.transactionId!, attempt.amountCents);
  const state = kind === 'void' ? 'voided' : 'refunded';
  await deps.paymentRecords.update(
    id,
    (stored, record) => {
      if (!outcome.ok) {
        return {
          record: {
            ...record,
            events: [
              ...record.events,
              event({
                orderId: id,
                attemptId,
                kind: 'reverseFailed',
                actor: 'admin',
                detail: `${kind}: ${outcome.detail}`,
                at,
              }),
            ],
          },
          result: null,
        };
      }
      return {
        record: {
          attempts: withAttempt(
            record,
            attemptId,
            { state, detail: outcome.transactionId ? `${kind} ${outcome.transactionId}` : kind },
            at,
          ),
          // Under the paid transaction's id: its callback saying "refunded" finds this record.
          events: [
            ...record.events,
            event({
              orderId: id,
              attemptId,
              kind: state,
              actor: 'admin',
              transactionId: attempt.transactionId,
              amountCents: attempt.amountCents,
              detail: outcome.transactionId,
              at,
            }),
          ],
        },
        change:
          stored?.paymentReference === attempt.transactionId
            ? { paymentStatus: 'refunded' as const }
            : null,
        result: null,
      };
    },
    ctx.now,
    'admin',
  );
  if (!outcome.ok) {
    deps.log.warn('payment not reversed', { orderId: id, attemptId, kind, detail: outcome.detail });
    throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.reverseFailed);
  }
  deps.log.info('payment reversed', { orderId: id, attemptId, kind });
  return paymentHistory(ctx, { id }, deps);
}

/** What the HTTPS function answers the gateway. */
export interface HttpOutcome {
  status: number;
  body: unknown;
}

/**
 * The gateway's transaction processed callback. Only a signed one counts; what it does is the
 * shared decision, recorded once per transaction and kind in the order's payment record.
 */
export async function paymobCallback(
  request: { query: unknown; body: unknown },
  deps: PaymentDeps,
  now: Date,
): Promise<HttpOutcome> {
  const gateway = deps.payments;
  if (gateway?.kind !== 'hosted') {
    return { status: 404, body: { error: { code: 'not-found', message: 'errors:notFound' } } };
  }
  const reading = gateway.readCallback(request);
  if (!reading.ok) {
    if (reading.reason === 'signature') {
      deps.log.warn('payment callback failed verification: ignored', { reason: reading.reason });
      return {
        status: 401,
        body: { error: { code: 'unauthenticated', message: 'errors:unauthenticated' } },
      };
    }
    deps.log.info('payment callback without a transaction: ignored', { reason: reading.reason });
    return { status: 200, body: { outcome: 'ignored' } };
  }
  const transaction = reading.transaction;
  const orderId = orderIdOfReference(transaction.reference);
  const at = now.toISOString();
  const ignored: TransactionDecision = { kind: 'ignore', reason: 'unknown-reference' };
  const { result: decision } = orderId
    ? await deps.paymentRecords.update(
        orderId,
        (stored, record) => {
          const attempt =
            record.attempts.find((a) => a.reference === transaction.reference) ?? null;
          const decided = decideTransaction(transaction, {
            attempt,
            order: stored,
            recorded: (kind, id) =>
              record.events.some((e) => e.kind === kind && e.transactionId === id),
          });
          if (decided.kind !== 'apply' || !attempt) return { result: decided };
          return {
            record: {
              attempts: decided.attemptState
                ? withAttempt(
                    record,
                    attempt.id,
                    {
                      state: decided.attemptState,
                      transactionId: decided.event.transactionId,
                      detail: decided.event.detail,
                    },
                    at,
                  )
                : record.attempts,
              events: [
                ...record.events,
                event({
                  orderId: attempt.orderId,
                  attemptId: attempt.id,
                  kind: decided.event.kind,
                  actor: 'provider',
                  transactionId: decided.event.transactionId,
                  amountCents: decided.event.amountCents,
                  detail: decided.event.detail,
                  at,
                }),
              ],
            },
            change: decided.order ?? null,
            result: decided,
          };
        },
        now,
      )
    : { result: ignored };
  const context = { transactionId: transaction.transactionId, reference: transaction.reference };
  if (decision.kind === 'ignore') {
    const quiet = decision.reason === 'duplicate' || decision.reason === 'child-transaction';
    deps.log[quiet ? 'info' : 'warn']('payment callback changed nothing', {
      ...context,
      reason: decision.reason,
    });
    return { status: 200, body: { outcome: 'ignored' } };
  }
  deps.log.info('payment callback applied', { ...context, orderId, outcome: decision.event.kind });
  return { status: 200, body: { outcome: 'applied' } };
}
