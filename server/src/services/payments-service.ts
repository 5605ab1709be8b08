import { RuleViolation } from '../../../src/domain/errors.ts';
import type { Order } from '../../../src/domain/order.ts';
import { checkCanRead, checkOwner, ORDER_MESSAGES } from '../../../src/domain/order.ts';
import {
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
  toPiastres,
  MINUTE,
  orderIdOfReference,
  PAYMENT_MESSAGES,
  paymentProgress,
  paymentStartOf,
  type InquiryPolicy,
  type PaymentEventKind,
  type PaymentHistory,
  type PaymentOptions,
  type PaymentProgress,
  type PaymentReversal,
  type PaymentStart,
} from '../../../src/domain/payments.ts';
import {
  checkVoidAllowed,
  decideManualRefund,
  manualRefundDetail,
  manualRefundSchema,
  reversalAmountCents,
} from '../../../src/domain/refunds.ts';
import { refundQueueItem, type RefundQueueItem } from '../../../src/domain/refund-queue.ts';
import { fieldsOfIssues } from '../../../src/domain/errors.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import { randomUUID } from 'node:crypto';
import { PaymentProviderError } from '../payments/payment-provider.ts';
import { paymentOptionsOf, type PaymentRegistry } from '../payments/registry.ts';
import { parseStartRequest, paymentRequestFor } from '../payments/hosted-payment.ts';
import { RefusalLog } from '../payments/refusal-log.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';
import type { PaymentsRepository } from '../repositories/payments-repository.ts';
import type { OrdersService } from './orders-service.ts';

/** Where the payment log lines go: warnings for what was refused, info for what was applied. */
export interface PaymentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PaymentsServiceOptions {
  /** The providers on (D3), by method and by name. */
  providers: PaymentRegistry;
  orders: OrdersRepository;
  ordersService: OrdersService;
  payments: PaymentsRepository;
  log: PaymentLog;
  /** The site's public address: where the gateway sends the customer back. */
  siteUrl: string;
  /** When tries nobody heard of are asked about (D18); the repository's must be the same. */
  policy?: InquiryPolicy;
  /** Where refused callbacks are counted (D18); default: warnings on `log`, a minute each. */
  refusals?: RefusalLog;
  now?: () => Date;
}

/** What answering a gateway's callback came to (the route answers its status). */
export type CallbackOutcome =
  | { status: 200; outcome: 'applied' | 'ignored' }
  /** A signed field not of its shape (D18): counted, answered, nothing changed. */
  | { status: 400; outcome: 'rejected' }
  /** Not signed by the gateway: counted, answered, nothing changed. */
  | { status: 401; outcome: 'rejected' }
  | { status: 404; outcome: 'no-gateway' };

/** What one round of reconciliation did (D18), for its log line and the tests. */
export interface ReconcileSummary {
  /** Orders looked at. */
  orders: number;
  /** Tries asked about, and of those: answers that changed them, and inquiries that failed. */
  asked: number;
  changed: number;
  failed: number;
  /** Extra payments refunded, and refunds the provider refused. */
  refunded: number;
  refundsRefused: number;
}

/** Orders one round looks at, at most: the next round takes the rest. */
const ROUND_ORDERS = 20;
/** How long an order whose work could not be done waits before the next round tries again. */
const RETRY_MS = MINUTE;

function notFound(): RuleViolation {
  return new RuleViolation('not-found', ORDER_MESSAGES.notFound);
}

/**
 * Online payments on a gateway's page (D3): starting a try for the owner of a pending order,
 * where it stands, cash instead, the gateway's signed callbacks (the only thing that marks an
 * order paid), and an admin's refund or void. The gateway's own protocol is its provider's
 * (server/src/payments/); the rules are the domain's (src/domain/payments.ts).
 */
export class PaymentsService {
  readonly #providers: PaymentRegistry;
  readonly #orders: OrdersRepository;
  readonly #ordersService: OrdersService;
  readonly #payments: PaymentsRepository;
  readonly #log: PaymentLog;
  readonly #siteUrl: string;
  readonly #now: () => Date;
  readonly #policy: InquiryPolicy;
  readonly #refusals: RefusalLog;
  /**
   * Attempts (an admin's) and extra transactions (this system's) being refunded or voided now:
   * a second click, or a second round, waits for the first's answer.
   */
  readonly #reversing = new Set<string>();
  /** Orders a reconciliation round is working on (rounds are serialised: this is a backstop). */
  readonly #reconciling = new Set<string>();

  constructor(options: PaymentsServiceOptions) {
    this.#providers = options.providers;
    this.#orders = options.orders;
    this.#ordersService = options.ordersService;
    this.#payments = options.payments;
    this.#log = options.log;
    this.#siteUrl = options.siteUrl;
    this.#policy = options.policy ?? inquiryPolicy();
    this.#refusals = options.refusals ?? new RefusalLog(options.log);
    this.#now = options.now ?? (() => new Date());
  }

  /** Where refused callbacks are counted (the callback route's rate limit counts there too). */
  get refusals(): RefusalLog {
    return this.#refusals;
  }

  /** What /payment offers. */
  options(): PaymentOptions {
    return paymentOptionsOf(this.#providers);
  }

  #ownOrder(orderId: string, user: AuthUser): Order {
    const order = this.#orders.findById(orderId);
    if (!order) throw notFound();
    checkOwner(order, user.id);
    return order;
  }

  /**
   * The owner starts paying a pending online order: a new try on the gateway for exactly the
   * order's server-computed total, and where to send the browser. Nothing is charged here.
   */
  async start(orderId: string, body: unknown, user: AuthUser): Promise<PaymentStart> {
    const { method, language } = parseStartRequest(body);
    const order = this.#ownOrder(orderId, user);
    const provider = this.#providers.forMethod(method);
    const now = this.#now();
    const attempt = this.#orders.inTransaction(() => {
      const change = decideStart({
        order,
        attempts: this.#payments.attemptsFor(order.id),
        provider,
        method,
        attemptId: randomUUID(),
        now,
      });
      this.#payments.store(change, now, user.id);
      return change.newAttempt;
    });
    // decideStart refused a missing gateway.
    const gateway = provider!;

    let started;
    try {
      started = await gateway.start(
        paymentRequestFor(order, attempt, { language, siteUrl: this.#siteUrl, email: user.email }),
        now,
      );
    } catch (error) {
      const detail = error instanceof PaymentProviderError ? error.detail : 'failed';
      this.#orders.inTransaction(() =>
        this.#payments.store(decideStartAnswer(attempt, { ok: false, detail }), this.#now()),
      );
      this.#log.warn({ orderId: order.id, attemptId: attempt.id, detail }, 'payment not started');
      throw new RuleViolation('unavailable', PAYMENT_MESSAGES.providerUnavailable);
    }
    this.#payments.store(
      decideStartAnswer(attempt, {
        ok: true,
        providerOrderId: started.providerOrderId,
        expiresAt: started.expiresAt,
      }),
      this.#now(),
    );
    this.#log.info(
      { orderId: order.id, attemptId: attempt.id, providerOrderId: started.providerOrderId },
      'payment started',
    );
    return paymentStartOf(attempt.id, started.next);
  }

  /** Where an order's payment stands, for its owner (the return page) or an admin. */
  progress(orderId: string, user: AuthUser): PaymentProgress {
    const order = this.#orders.findById(orderId);
    if (!order) throw notFound();
    checkCanRead(order, { id: user.id, isAdmin: user.role === 'admin' });
    return paymentProgress(order, this.#payments.attemptsFor(order.id), this.#now());
  }

  /** The owner pays cash on delivery instead of online (a try still open may yet pay it). */
  switchToCash(orderId: string, user: AuthUser): Order {
    this.#ownOrder(orderId, user);
    const changed = this.#ordersService.changePayment(
      orderId,
      (order) => ({
        change: this.#store(decideSwitchToCash(order), user.id),
        result: null,
      }),
      'customer',
    );
    if (!changed) throw notFound();
    return changed.order;
  }

  /**
   * A gateway's transaction callback. Only one whose signed fields are of their shapes and whose
   * signature verifies counts; what it does is the shared decision, recorded once. Refusals are
   * counted, not logged one by one (D18). An extra payment it tells of is refunded at once.
   */
  handleCallback(
    providerName: string,
    request: { query: unknown; body: unknown },
  ): CallbackOutcome {
    const provider = this.#providers.named(providerName);
    if (!provider) return { status: 404, outcome: 'no-gateway' };
    const reading = provider.readCallback(request);
    if (!reading.ok) {
      if (reading.reason === 'signature') {
        this.#refusals.refused('signature');
        return { status: 401, outcome: 'rejected' };
      }
      if (reading.reason === 'format') {
        this.#refusals.refused('format', { field: reading.field });
        return { status: 400, outcome: 'rejected' };
      }
      this.#log.info({ reason: reading.reason }, 'payment callback without a transaction: ignored');
      return { status: 200, outcome: 'ignored' };
    }
    const transaction = reading.transaction;
    const orderId = orderIdOfReference(transaction.reference);
    const context = { transactionId: transaction.transactionId, reference: transaction.reference };

    const changed = orderId
      ? this.#ordersService.changePayment(
          orderId,
          (order) => {
            // Read inside the transaction: a callback racing another sees its writes.
            const attempt = attemptOfReference(
              this.#payments.attemptsFor(order.id),
              transaction.reference,
            );
            const decision = decideTransaction(transaction, {
              attempt,
              order: this.#paymentOrder(order),
              recorded: this.#recorded(order.id),
              now: this.#now(),
            });
            return {
              change: decision.kind === 'apply' ? this.#store(decision.change, null) : null,
              result: decision,
            };
          },
          'system',
        )
      : null;
    const decision: TransactionDecision = changed?.result ?? {
      kind: 'ignore',
      reason: 'unknown-reference',
    };
    if (decision.kind === 'ignore') {
      if (decision.reason === 'duplicate' || decision.reason === 'child-transaction') {
        this.#log.info({ ...context, reason: decision.reason }, 'payment callback changed nothing');
      } else {
        // Signed, but not ours to apply: a genuine callback replayed with another (unsigned)
        // reference looks like this, so these are counted too.
        this.#refusals.refused(decision.reason, context);
      }
      return { status: 200, outcome: 'ignored' };
    }
    this.#log.info(
      { ...context, orderId, outcome: decision.outcome, attemptState: decision.attemptState },
      'payment callback applied',
    );
    if (decision.outcome === 'duplicatePaid' && orderId) {
      this.#log.warn({ ...context, orderId }, 'payment: an extra payment, refunding it');
      void this.refundExtras(orderId).catch((error: unknown) =>
        this.#log.warn({ orderId, err: error }, 'payment: automatic refund not done now'),
      );
    }
    return { status: 200, outcome: 'applied' };
  }

  /**
   * One round of reconciliation (D18): the orders whose payments need the server at `now`
   * (payment_work), each try due asked about with its provider's transaction inquiry and the
   * answer decided as a callback is, then each extra payment due refunded. The reconciler runs
   * one a minute; tests call it with the time they want.
   */
  async reconcile(now: Date = this.#now()): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = {
      orders: 0,
      asked: 0,
      changed: 0,
      failed: 0,
      refunded: 0,
      refundsRefused: 0,
    };
    for (const orderId of this.#payments.dueOrders(now, ROUND_ORDERS)) {
      if (this.#reconciling.has(orderId)) continue;
      this.#reconciling.add(orderId);
      summary.orders += 1;
      try {
        const done = await this.#reconcileOrder(orderId, now, summary);
        // Work that could not be done (the provider down, or not on any more) waits a minute,
        // so it does not hold up the orders behind it.
        this.#payments.refreshWork(orderId);
        if (!done) this.#payments.postponeWork(orderId, new Date(now.getTime() + RETRY_MS));
      } finally {
        this.#reconciling.delete(orderId);
      }
    }
    return summary;
  }

  /** Asks about the order's tries that are due, then refunds its extra payments; true: all done. */
  async #reconcileOrder(orderId: string, now: Date, summary: ReconcileSummary): Promise<boolean> {
    let done = true;
    for (const attempt of this.#payments.attemptsFor(orderId)) {
      if (!inquiryDue(attempt, this.#policy, now)) continue;
      const provider = this.#providers.named(attempt.provider);
      if (!provider) {
        done = false;
        continue;
      }
      summary.asked += 1;
      const answer = await provider.inquire(attempt.reference);
      const changed = this.#ordersService.changePayment(
        orderId,
        (order) => {
          // As it is now: a callback may have come while the provider was asked.
          const fresh = this.#payments.attempt(attempt.id);
          if (!fresh) return { change: null, result: null };
          const decision = decideInquiry(answer, {
            attempt: fresh,
            order: this.#paymentOrder(order),
            recorded: this.#recorded(order.id),
            now,
          });
          return {
            change: decision.change ? this.#store(decision.change, null, now) : null,
            result: decision,
          };
        },
        'system',
      );
      const decision: InquiryDecision | null = changed?.result ?? null;
      const context = { orderId, attemptId: attempt.id, reference: attempt.reference };
      if (!decision || decision.outcome === 'failed') {
        summary.failed += 1;
        done = false;
        const detail = answer.kind === 'failed' ? answer.detail : 'order gone';
        this.#log.warn({ ...context, detail }, 'payment inquiry failed: asked again later');
      } else if (decision.outcome !== 'unchanged') {
        summary.changed += 1;
        this.#log.info({ ...context, outcome: decision.outcome }, 'payment inquiry applied');
      }
    }
    const refunds = await this.#refundDue(orderId, now);
    summary.refunded += refunds.refunded;
    summary.refundsRefused += refunds.refused;
    return done && refunds.refused === 0;
  }

  /**
   * Refunds the order's extra payments that are due now (D18), through the provider, with the
   * same decision as an admin's refund; a refusal is recorded and tried again a little later.
   */
  async refundExtras(orderId: string): Promise<{ refunded: number; refused: number }> {
    return this.#refundDue(orderId, this.#now());
  }

  async #refundDue(orderId: string, now: Date): Promise<{ refunded: number; refused: number }> {
    const counts = { refunded: 0, refused: 0 };
    // One at a time, each judged again from the history: the last one's outcome is in it.
    for (let i = 0; i < 10; i += 1) {
      const due = dueAutoRefund(
        {
          attempts: this.#payments.attemptsFor(orderId),
          events: this.#payments.eventsFor(orderId),
        },
        now,
      );
      if (!due || this.#reversing.has(due.transaction.id)) break;
      const provider = this.#providers.named(due.attempt.provider);
      if (!provider) {
        counts.refused += 1;
        break;
      }
      this.#reversing.add(due.transaction.id);
      try {
        const answer = await provider.reverse(
          'refund',
          due.transaction.id,
          due.transaction.amountCents,
        );
        this.#ordersService.changePayment(
          orderId,
          (order) => {
            const attempt = this.#payments.attempt(due.attempt.id) ?? due.attempt;
            return {
              change: this.#store(
                decideReversal({
                  order: this.#paymentOrder(order),
                  attempt,
                  kind: 'refund',
                  answer,
                  actor: 'system',
                  transaction: due.transaction,
                  recorded: this.#recorded(order.id),
                }),
                null,
                now,
              ),
              result: null,
            };
          },
          'system',
        );
        const context = { orderId, transactionId: due.transaction.id };
        if (answer.ok) {
          counts.refunded += 1;
          this.#log.info(context, 'payment: extra payment refunded');
        } else {
          counts.refused += 1;
          this.#log.warn(
            { ...context, detail: answer.detail },
            'payment: extra payment not refunded',
          );
          break;
        }
      } finally {
        this.#reversing.delete(due.transaction.id);
      }
    }
    return counts;
  }

  #paymentOrder(order: Order) {
    return { ...order, paymentReference: this.#orders.paymentReference(order.id) };
  }

  #recorded(orderId: string) {
    return (kind: PaymentEventKind, id: string) => this.#payments.hasEvent(orderId, kind, id);
  }

  /** Stores a decision's tries and history; its order change is the caller's to make. */
  #store(change: PaymentChange, actorUserId: string | null, at: Date = this.#now()) {
    this.#payments.store(change, at, actorUserId);
    return change.order ?? null;
  }

  /** An order's tries and payment history, for admins. */
  history(orderId: string): PaymentHistory {
    if (!this.#orders.findById(orderId)) throw notFound();
    return {
      attempts: this.#payments.attemptsFor(orderId),
      events: this.#payments.eventsFor(orderId),
    };
  }

  /**
   * The office's refunds queue (D16): each order whose refund is due, the longest waiting
   * first, with the paid try a refund through its provider reverses.
   */
  refundQueue(): RefundQueueItem[] {
    const now = this.#now();
    return this.#ordersService
      .refundQueue()
      .map((order) =>
        refundQueueItem(
          order,
          this.#payments.attemptsFor(order.id),
          this.#orders.paymentReference(order.id),
          now,
        ),
      );
  }

  /**
   * An admin records a refund made by hand (cash back, a bank transfer, a test payment): the
   * order ends `refunded`, the payment history says who, how, the reference and the note.
   */
  manualRefund(orderId: string, body: unknown, admin: AuthUser): Order {
    const parsed = manualRefundSchema.safeParse(body ?? {});
    if (!parsed.success) {
      throw new RuleViolation('invalid-argument', VALIDATION_MESSAGES.invalid, {
        ...fieldsOfIssues(parsed.error.issues),
      });
    }
    const input = parsed.data;
    const changed = this.#ordersService.changePayment(
      orderId,
      (order) => {
        const now = this.#now();
        const change = decideManualRefund(order, input, now, isHostedProvider);
        this.#store(
          {
            events: [
              {
                orderId: order.id,
                attemptId: null,
                kind: 'refunded',
                actor: 'admin',
                transactionId: null,
                amountCents: toPiastres(change.refund.amount),
                detail: manualRefundDetail(input),
              },
            ],
          },
          admin.id,
          now,
        );
        return { change, result: null };
      },
      'admin',
    );
    if (!changed) throw notFound();
    this.#log.info({ orderId, method: input.method }, 'refund recorded by hand');
    return changed.order;
  }

  /** An admin refunds or voids a paid try through its gateway; recorded in the history. */
  async reverse(
    orderId: string,
    attemptId: string,
    kind: PaymentReversal,
    admin: AuthUser,
  ): Promise<PaymentHistory> {
    const attempt = this.#payments.attempt(attemptId);
    if (!attempt || attempt.orderId !== orderId) throw notFound();
    const order = this.#orders.findById(orderId);
    if (!order) throw notFound();
    const provider = this.#providers.named(attempt.provider);
    checkReversible(attempt);
    if (!provider || this.#reversing.has(attemptId)) {
      throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notReversible);
    }
    // A cancelled order's refund gives back what it owes (less a late fee: a partial refund);
    // a void gives back everything, so it is for an order that keeps no fee (D16).
    if (kind === 'void') checkVoidAllowed(order);
    const amountCents = reversalAmountCents(order, attempt.amountCents);
    this.#reversing.add(attemptId);
    try {
      const answer = await provider.reverse(kind, attempt.transactionId, amountCents);
      this.#ordersService.changePayment(
        orderId,
        (current) => ({
          change: this.#store(
            decideReversal({
              order: this.#paymentOrder(current),
              attempt,
              kind,
              answer,
              recorded: this.#recorded(current.id),
              amountCents,
              now: this.#now(),
            }),
            admin.id,
          ),
          result: null,
        }),
        'admin',
      );
      if (!answer.ok) {
        this.#log.warn({ orderId, attemptId, kind, detail: answer.detail }, 'payment not reversed');
        throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.reverseFailed);
      }
      this.#log.info({ orderId, attemptId, kind }, 'payment reversed');
      return this.history(orderId);
    } finally {
      this.#reversing.delete(attemptId);
    }
  }
}
