// Online payments in the hosted build (docs/decisions.md D3), as plain functions like the other
// handlers: what /payment offers, a try on the gateway for the order's owner, where it stands,
// cash instead, the admin's history, refund and void, and the gateway's signed callback (an
// HTTPS function, paymobCallback). The gateway's client, its signature and what a callback
// decides are the server's own modules (server/src/payments/), so both backends agree.
import { RuleViolation } from '../../../src/domain/errors.ts';
import { checkCanRead, checkOwner, ORDER_MESSAGES } from '../../../src/domain/order.ts';
import type { Order } from '../../../src/domain/order.ts';
import {
  applyPaymentChange,
  attemptOfReference,
  checkReversible,
  decideInquiry,
  decideReversal,
  decideStart,
  decideStartAnswer,
  decideSwitchToCash,
  decideTransaction,
  dueAutoRefund,
  type InquiryDecision,
  type PaymentChange,
  type TransactionDecision,
} from '../../../src/domain/payment-decisions.ts';
import {
  inquiryDue,
  inquiryPolicy,
  isHostedProvider,
  MINUTE,
  orderIdOfReference,
  PAYMENT_MESSAGES,
  paymentProgress,
  paymentStartOf,
  type InquiryPolicy,
  type PaymentAttempt,
  type PaymentEventKind,
  type PaymentHistory,
  type PaymentOptions,
  type PaymentProgress,
  type PaymentStart,
  toPiastres,
} from '../../../src/domain/payments.ts';
import { fieldsOfIssues } from '../../../src/domain/errors.ts';
import {
  checkVoidAllowed,
  decideManualRefund,
  manualRefundDetail,
  manualRefundSchema,
  reversalAmountCents,
} from '../../../src/domain/refunds.ts';
import { refundQueueItem, type RefundQueueItem } from '../../../src/domain/refund-queue.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import { RefusalLog } from '../../../server/src/payments/refusal-log.ts';
import {
  parseStartRequest,
  paymentRequestFor,
} from '../../../server/src/payments/hosted-payment.ts';
import { PaymentProviderError } from '../../../server/src/payments/payment-provider.ts';
import { paymentOptionsOf, type PaymentRegistry } from '../../../server/src/payments/registry.ts';
import {
  isAdminCaller,
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
  /** The payment providers on (none when PAYMENT_PROVIDER=none), by method and by name. */
  payments: PaymentRegistry;
  /** The site's public address, where the gateway sends the customer back. */
  siteUrl: string;
  log: PaymentLog;
  /** When tries nobody heard of are asked about (D18); the repository's is the same. */
  policy?: InquiryPolicy;
  /** Where refused callbacks are counted (D18), per instance; default: warnings on `log`. */
  refusals?: RefusalLog;
}

const refusalLogs = new WeakMap<PaymentLog, RefusalLog>();

/** The refusal counter of `deps` (one per log, so per instance in production). */
function refusalsOf(deps: PaymentDeps): RefusalLog {
  if (deps.refusals) return deps.refusals;
  let refusals = refusalLogs.get(deps.log);
  if (!refusals) {
    refusals = new RefusalLog({ warn: (details, message) => deps.log.warn(message, details) });
    refusalLogs.set(deps.log, refusals);
  }
  return refusals;
}

function recordedIn(record: PaymentRecord) {
  return (kind: PaymentEventKind, id: string) =>
    record.events.some((e) => e.kind === kind && e.transactionId === id);
}

function notFound(): RuleViolation {
  return new RuleViolation('not-found', ORDER_MESSAGES.notFound);
}

/** `record` with a decision's change stored at `at` (the order change is the repository's). */
function stored(record: PaymentRecord, change: PaymentChange, at: string): PaymentRecord {
  return applyPaymentChange(record, change, at, () => crypto.randomUUID());
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
  const gateway = deps.payments.forMethod(method);

  const { order, result: attempt } = await deps.paymentRecords.update(
    id,
    (current, record) => {
      if (!current) throw notFound();
      checkOwner(current, caller.uid);
      const change = decideStart({
        order: current,
        attempts: record.attempts,
        provider: gateway,
        method,
        attemptId: crypto.randomUUID(),
        now: ctx.now,
      });
      return { record: stored(record, change, at), result: change.newAttempt };
    },
    ctx.now,
  );
  if (!gateway || !order) throw notFound();

  const answer = async (change: PaymentChange) =>
    deps.paymentRecords.update(
      id,
      (_current, record) => ({ record: stored(record, change, at), result: null }),
      ctx.now,
    );
  let started;
  try {
    started = await gateway.start(
      paymentRequestFor(order, attempt, { language, siteUrl: deps.siteUrl, email: null }),
      ctx.now,
    );
  } catch (error) {
    const detail = error instanceof PaymentProviderError ? error.detail : 'failed';
    await answer(decideStartAnswer(attempt, { ok: false, detail }));
    deps.log.warn('payment not started', { orderId: id, attemptId: attempt.id, detail });
    throw new RuleViolation('unavailable', PAYMENT_MESSAGES.providerUnavailable);
  }
  await answer(
    decideStartAnswer(attempt, {
      ok: true,
      providerOrderId: started.providerOrderId,
      expiresAt: started.expiresAt,
    }),
  );
  deps.log.info('payment started', { orderId: id, attemptId: attempt.id });
  return paymentStartOf(attempt.id, started.next);
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
    (current, record) => {
      if (!current) throw notFound();
      checkOwner(current, caller.uid);
      const change = decideSwitchToCash(current);
      return { record: stored(record, change, at), change: change.order ?? null, result: null };
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
  checkReversible(attempt);
  const gateway = deps.payments.named(attempt.provider);
  if (!gateway) {
    throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notReversible);
  }
  const order = await deps.orders.get(id);
  if (!order) throw notFound();
  // A cancelled order's refund gives back what it owes, less a late fee; a void all (D16).
  if (kind === 'void') checkVoidAllowed(order);
  const amountCents = reversalAmountCents(order, attempt.amountCents);
  const at = ctx.now.toISOString();
  const outcome = await gateway.reverse(kind, attempt.transactionId, amountCents);
  await deps.paymentRecords.update(
    id,
    (current, record) => {
      const change = decideReversal({
        order: {
          id,
          paymentReference: current?.paymentReference ?? null,
          totalPrice: current?.totalPrice ?? order.totalPrice,
          refund: current?.refund ?? null,
        },
        attempt,
        kind,
        answer: outcome,
        recorded: recordedIn(record),
        amountCents,
        now: ctx.now,
      });
      return { record: stored(record, change, at), change: change.order ?? null, result: null };
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

/** The office's refunds queue (D16): orders whose refund is due, the longest waiting first. */
export async function refundQueue(
  ctx: CallContext,
  _data: unknown,
  deps: PaymentDeps,
): Promise<RefundQueueItem[]> {
  await requireAdmin(ctx, deps.admins);
  const due = await deps.paymentRecords.refundsDue();
  // Each order's payment record is its own document: read them side by side, not one by one.
  const records = await Promise.all(due.map((order) => deps.paymentRecords.record(order.id)));
  return due.map((order, i) =>
    refundQueueItem(order, newestFirst(records[i]!.attempts), order.paymentReference, ctx.now),
  );
}

/** An admin records a refund made by hand (cash, a bank transfer, a test payment; D16). */
export async function manualRefund(
  ctx: CallContext,
  data: unknown,
  deps: PaymentDeps,
): Promise<Order> {
  const caller = await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id, ORDER_MESSAGES.notFound);
  const parsed = manualRefundSchema.safeParse(body);
  if (!parsed.success) {
    throw new RuleViolation('invalid-argument', VALIDATION_MESSAGES.invalid, {
      ...fieldsOfIssues(parsed.error.issues),
    });
  }
  const input = parsed.data;
  const at = ctx.now.toISOString();
  const { order } = await deps.paymentRecords.update(
    id,
    (current, record) => {
      if (!current) throw notFound();
      const orderChange = decideManualRefund(current, input, ctx.now, isHostedProvider);
      const change: PaymentChange = {
        order: orderChange,
        events: [
          {
            orderId: id,
            attemptId: null,
            kind: 'refunded',
            actor: 'admin',
            transactionId: null,
            amountCents: toPiastres(orderChange.refund.amount),
            detail: manualRefundDetail(input),
          },
        ],
      };
      return { record: stored(record, change, at), change: orderChange, result: null };
    },
    ctx.now,
    'admin',
  );
  if (!order) throw notFound();
  deps.log.info('refund recorded by hand', { orderId: id, method: input.method, by: caller.uid });
  return order;
}

/** What the HTTPS function answers the gateway. */
export interface HttpOutcome {
  status: number;
  body: unknown;
}

/**
 * A gateway's transaction callback (`/api/payments/:provider/callback`). Only one whose signed
 * fields are of their shapes and whose signature verifies counts (D18); what it does is the
 * shared decision, recorded once per transaction and kind in the order's payment record. Its try
 * is found by our merchant reference only, as on the server. Refusals are counted, not logged
 * one by one. An extra payment it records is refunded by the next sweep (reconcilePayments).
 */
export async function paymentCallback(
  providerName: string,
  request: { query: unknown; body: unknown },
  deps: PaymentDeps,
  now: Date,
): Promise<HttpOutcome> {
  const gateway = deps.payments.named(providerName);
  if (!gateway) {
    return { status: 404, body: { error: { code: 'not-found', message: 'errors:notFound' } } };
  }
  const refusals = refusalsOf(deps);
  const reading = gateway.readCallback(request);
  if (!reading.ok) {
    if (reading.reason === 'signature') {
      refusals.refused('signature');
      return {
        status: 401,
        body: { error: { code: 'unauthenticated', message: 'errors:unauthenticated' } },
      };
    }
    if (reading.reason === 'format') {
      refusals.refused('format', { field: reading.field });
      return {
        status: 400,
        body: { error: { code: 'invalid-argument', message: 'errors:invalid' } },
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
    ? await deps.paymentRecords.update<TransactionDecision>(
        orderId,
        (current, record) => {
          const decided = decideTransaction(transaction, {
            attempt: attemptOfReference(record.attempts, transaction.reference),
            order: current,
            recorded: recordedIn(record),
          });
          if (decided.kind !== 'apply') return { result: decided };
          return {
            record: stored(record, decided.change, at),
            change: decided.change.order ?? null,
            result: decided,
          };
        },
        now,
      )
    : { result: ignored };
  const context = { transactionId: transaction.transactionId, reference: transaction.reference };
  if (decision.kind === 'ignore') {
    if (decision.reason === 'duplicate' || decision.reason === 'child-transaction') {
      deps.log.info('payment callback changed nothing', { ...context, reason: decision.reason });
    } else {
      refusals.refused(decision.reason, context);
    }
    return { status: 200, body: { outcome: 'ignored' } };
  }
  deps.log.info('payment callback applied', { ...context, orderId, outcome: decision.outcome });
  return { status: 200, body: { outcome: 'applied' } };
}

/** What one sweep of reconcilePayments did (D18), for its log line and the tests. */
export interface ReconcileSummary {
  orders: number;
  asked: number;
  changed: number;
  failed: number;
  refunded: number;
  refundsRefused: number;
}

/** Orders one sweep looks at, at most: the next sweep takes the rest. */
const SWEEP_ORDERS = 20;

/**
 * Payments that always end, in the hosted build (D18): the scheduled `reconcilePayments`
 * function runs this every minute; tests call it with the time they want. Each order whose
 * record is due: its tries due are asked about with the gateway's transaction inquiry, each
 * answer decided as a callback is (decideInquiry), then its extra payments due are refunded
 * through the gateway (decideReversal). Work that could not be done waits a minute.
 */
export async function reconcilePayments(deps: PaymentDeps, now: Date): Promise<ReconcileSummary> {
  const policy = deps.policy ?? inquiryPolicy();
  const summary: ReconcileSummary = {
    orders: 0,
    asked: 0,
    changed: 0,
    failed: 0,
    refunded: 0,
    refundsRefused: 0,
  };
  const at = now.toISOString();
  for (const orderId of await deps.paymentRecords.due(now, SWEEP_ORDERS)) {
    summary.orders += 1;
    let done = true;
    const { attempts } = await deps.paymentRecords.record(orderId);
    for (const attempt of attempts) {
      if (!inquiryDue(attempt, policy, now)) continue;
      const gateway = deps.payments.named(attempt.provider);
      if (!gateway) {
        done = false;
        continue;
      }
      summary.asked += 1;
      const answer = await gateway.inquire(attempt.reference);
      const { result: decision } = await deps.paymentRecords.update<InquiryDecision | null>(
        orderId,
        (current, record) => {
          // As it is now: a callback may have come while the gateway was asked.
          const fresh = record.attempts.find((a) => a.id === attempt.id);
          if (!current || !fresh) return { result: null };
          const decided = decideInquiry(answer, {
            attempt: fresh,
            order: current,
            recorded: recordedIn(record),
            now,
          });
          if (!decided.change) return { result: decided };
          return {
            record: stored(record, decided.change, at),
            change: decided.change.order ?? null,
            result: decided,
          };
        },
        now,
      );
      const context = { orderId, attemptId: attempt.id, reference: attempt.reference };
      if (!decision || decision.outcome === 'failed') {
        summary.failed += 1;
        done = false;
        const detail = answer.kind === 'failed' ? answer.detail : 'order gone';
        deps.log.warn('payment inquiry failed: asked again later', { ...context, detail });
      } else if (decision.outcome !== 'unchanged') {
        summary.changed += 1;
        deps.log.info('payment inquiry applied', { ...context, outcome: decision.outcome });
      }
    }
    const refunds = await refundExtras(orderId, deps, now);
    summary.refunded += refunds.refunded;
    summary.refundsRefused += refunds.refused;
    if (!done || refunds.refused > 0) {
      await deps.paymentRecords.postpone(orderId, new Date(now.getTime() + MINUTE));
    }
  }
  return summary;
}

/** Refunds the order's extra payments due at `now` (D18), as the server's round does. */
async function refundExtras(
  orderId: string,
  deps: PaymentDeps,
  now: Date,
): Promise<{ refunded: number; refused: number }> {
  const counts = { refunded: 0, refused: 0 };
  const at = now.toISOString();
  for (let i = 0; i < 10; i += 1) {
    const due = dueAutoRefund(await deps.paymentRecords.record(orderId), now);
    if (!due) break;
    const gateway = deps.payments.named(due.attempt.provider);
    if (!gateway) {
      counts.refused += 1;
      break;
    }
    const answer = await gateway.reverse('refund', due.transaction.id, due.transaction.amountCents);
    await deps.paymentRecords.update(
      orderId,
      (current, record) => {
        const change = decideReversal({
          order: {
            id: orderId,
            paymentReference: current?.paymentReference ?? null,
            totalPrice: current?.totalPrice ?? 0,
            refund: current?.refund ?? null,
          },
          attempt: record.attempts.find((a) => a.id === due.attempt.id) ?? due.attempt,
          kind: 'refund',
          answer,
          actor: 'system',
          transaction: due.transaction,
          recorded: recordedIn(record),
        });
        return { record: stored(record, change, at), change: change.order ?? null, result: null };
      },
      now,
    );
    const context = { orderId, transactionId: due.transaction.id };
    if (answer.ok) {
      counts.refunded += 1;
      deps.log.info('payment: extra payment refunded', context);
    } else {
      counts.refused += 1;
      deps.log.warn('payment: extra payment not refunded', { ...context, detail: answer.detail });
      break;
    }
  }
  return counts;
}

/**
 * Any gateway's callback, by the name in its address (`/api/payments/<name>/callback`): a new
 * provider's callbacks need no function of their own.
 */
export function paymentCallbackByPath(
  request: { query: unknown; body: unknown; path: string },
  deps: PaymentDeps,
  now: Date,
): Promise<HttpOutcome> {
  const name = /^\/api\/payments\/([a-z0-9-]{1,40})\/callback$/.exec(request.path)?.[1] ?? '';
  return paymentCallback(name, request, deps, now);
}

/** Paymob's callback: its account is configured with /api/payments/paymob/callback. */
export function paymobCallback(
  request: { query: unknown; body: unknown },
  deps: PaymentDeps,
  now: Date,
): Promise<HttpOutcome> {
  return paymentCallback('paymob', request, deps, now);
}
