import { RuleViolation } from '../../../src/domain/errors.ts';
import type { Order } from '../../../src/domain/order.ts';
import {
  checkCanRead,
  ORDER_MESSAGES,
  paymentMethodUnavailable,
} from '../../../src/domain/order.ts';
import {
  canPayOnline,
  canReverse,
  canSwitchToCash,
  merchantReference,
  PAYMENT_ATTEMPTS_MAX,
  PAYMENT_MESSAGES,
  paymentProgress,
  toPiastres,
  type PaymentHistory,
  type PaymentOptions,
  type PaymentProgress,
  type PaymentReversal,
  type PaymentStart,
} from '../../../src/domain/payments.ts';
import {
  PaymentProviderError,
  type HostedPaymentProvider,
  type PaymentProvider,
} from '../payments/payment-provider.ts';
import { decideTransaction, type TransactionDecision } from '../payments/transaction-decision.ts';
import {
  parseStartRequest,
  paymentOptionsOf,
  paymentRequestFor,
} from '../payments/hosted-payment.ts';
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
  provider: PaymentProvider;
  orders: OrdersRepository;
  ordersService: OrdersService;
  payments: PaymentsRepository;
  log: PaymentLog;
  /** The site's public address: where the gateway sends the customer back. */
  siteUrl: string;
  now?: () => Date;
}

/** What answering a gateway's callback came to (the route answers its status). */
export type CallbackOutcome =
  | { status: 200; outcome: 'applied' | 'ignored' }
  /** Not signed by the gateway: logged, answered, nothing changed. */
  | { status: 401; outcome: 'rejected' }
  | { status: 404; outcome: 'no-gateway' };

function notFound(): RuleViolation {
  return new RuleViolation('not-found', ORDER_MESSAGES.notFound);
}

function notPayable(): RuleViolation {
  return new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notPayable);
}

/**
 * Online payments on a gateway's page (D3): starting a try for the owner of a pending order,
 * where it stands, cash instead, the gateway's signed callbacks (the only thing that marks an
 * order paid), and an admin's refund or void. The gateway's own protocol is its provider's
 * (server/src/payments/); the rules are the domain's (src/domain/payments.ts).
 */
export class PaymentsService {
  readonly #provider: PaymentProvider;
  readonly #orders: OrdersRepository;
  readonly #ordersService: OrdersService;
  readonly #payments: PaymentsRepository;
  readonly #log: PaymentLog;
  readonly #siteUrl: string;
  readonly #now: () => Date;
  /** Attempts being refunded or voided now: a second click waits for the first's answer. */
  readonly #reversing = new Set<string>();

  constructor(options: PaymentsServiceOptions) {
    this.#provider = options.provider;
    this.#orders = options.orders;
    this.#ordersService = options.ordersService;
    this.#payments = options.payments;
    this.#log = options.log;
    this.#siteUrl = options.siteUrl;
    this.#now = options.now ?? (() => new Date());
  }

  /** What /payment offers. */
  options(): PaymentOptions {
    return paymentOptionsOf(this.#provider);
  }

  /** The gateway; without one (the test provider) there is nothing to pay online (D3). */
  #hosted(method: 'card' | 'wallet'): HostedPaymentProvider {
    if (this.#provider.kind !== 'hosted') throw paymentMethodUnavailable(method);
    return this.#provider;
  }

  #ownOrder(orderId: string, user: AuthUser): Order {
    const order = this.#orders.findById(orderId);
    if (!order) throw notFound();
    if (order.userId === null || order.userId !== user.id) {
      throw new RuleViolation('permission-denied', ORDER_MESSAGES.permissionDenied);
    }
    return order;
  }

  /**
   * The owner starts paying a pending online order: a new try on the gateway for exactly the
   * order's server-computed total, and where to send the browser. Nothing is charged here.
   */
  async start(orderId: string, body: unknown, user: AuthUser): Promise<PaymentStart> {
    const { method, language } = parseStartRequest(body);
    const order = this.#ownOrder(orderId, user);
    const provider = this.#hosted(method);
    if (!provider.methods.includes(method)) throw paymentMethodUnavailable(method);
    if (!canPayOnline(order)) throw notPayable();

    const now = this.#now();
    const attempt = this.#orders.inTransaction(() => {
      const seq = this.#payments.nextSeq(order.id);
      if (seq > PAYMENT_ATTEMPTS_MAX) {
        throw new RuleViolation('rate-limited', PAYMENT_MESSAGES.tooManyAttempts);
      }
      const created = this.#payments.createAttempt(
        {
          orderId: order.id,
          seq,
          reference: merchantReference(order.id, seq),
          provider: provider.name,
          method,
          amountCents: toPiastres(order.totalPrice),
        },
        now,
      );
      this.#payments.recordEvent(
        {
          orderId: order.id,
          attemptId: created.id,
          kind: 'started',
          actor: 'customer',
          actorUserId: user.id,
          amountCents: created.amountCents,
          detail: method,
        },
        now,
      );
      return created;
    });

    try {
      const started = await provider.start(
        paymentRequestFor(order, attempt, { language, siteUrl: this.#siteUrl, email: user.email }),
        now,
      );
      this.#payments.updateAttempt(attempt.id, {
        providerOrderId: started.providerOrderId,
        expiresAt: started.expiresAt,
      });
      this.#log.info(
        { orderId: order.id, attemptId: attempt.id, providerOrderId: started.providerOrderId },
        'payment started',
      );
      return { attemptId: attempt.id, redirectUrl: started.redirectUrl };
    } catch (error) {
      const detail = error instanceof PaymentProviderError ? error.detail : 'failed';
      this.#orders.inTransaction(() => {
        this.#payments.updateAttempt(attempt.id, { state: 'failed', detail });
        this.#payments.recordEvent({
          orderId: order.id,
          attemptId: attempt.id,
          kind: 'startFailed',
          actor: 'provider',
          detail,
        });
      });
      this.#log.warn({ orderId: order.id, attemptId: attempt.id, detail }, 'payment not started');
      throw new RuleViolation('unavailable', PAYMENT_MESSAGES.providerUnavailable);
    }
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
      (order) => {
        if (!canSwitchToCash(order)) throw notPayable();
        this.#payments.recordEvent({
          orderId,
          attemptId: null,
          kind: 'switchedToCash',
          actor: 'customer',
          actorUserId: user.id,
        });
        return {
          change: {
            paymentStatus: 'pending',
            paymentMethod: 'cod',
            paymentProvider: 'cash',
            paymentReference: null,
          },
          result: null,
        };
      },
      'customer',
    );
    if (!changed) throw notFound();
    return changed.order;
  }

  /**
   * A gateway's transaction callback. Only a signed one counts; what it does is decided by the
   * shared decision (server/src/payments/transaction-decision.ts) and recorded once.
   */
  handleCallback(request: { query: unknown; body: unknown }): CallbackOutcome {
    if (this.#provider.kind !== 'hosted') return { status: 404, outcome: 'no-gateway' };
    const reading = this.#provider.readCallback(request);
    if (!reading.ok) {
      if (reading.reason === 'signature') {
        this.#log.warn({ reason: reading.reason }, 'payment callback failed verification: ignored');
        return { status: 401, outcome: 'rejected' };
      }
      this.#log.info({ reason: reading.reason }, 'payment callback without a transaction: ignored');
      return { status: 200, outcome: 'ignored' };
    }
    const transaction = reading.transaction;
    const found =
      (transaction.reference ? this.#payments.byReference(transaction.reference) : null) ??
      (transaction.reference === null
        ? this.#payments.byProviderOrder(this.#provider.name, transaction.providerOrderId)
        : null);
    const orderId = found?.orderId ?? null;
    const context = { transactionId: transaction.transactionId, reference: transaction.reference };

    const changed =
      found && orderId
        ? this.#ordersService.changePayment(
            orderId,
            (order) => {
              // Read again inside the transaction: a callback racing another sees its writes.
              const attempt = this.#payments.attempt(found.id);
              const decision = decideTransaction(transaction, {
                attempt,
                order: { ...order, paymentReference: this.#orders.paymentReference(order.id) },
                recorded: (kind, id) => this.#payments.hasEvent(order.id, kind, id),
              });
              if (decision.kind === 'apply') this.#record(found.id, order.id, decision);
              return {
                change: decision.kind === 'apply' ? (decision.order ?? null) : null,
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
      const level = decision.reason === 'duplicate' || decision.reason === 'child-transaction';
      this.#log[level ? 'info' : 'warn'](
        { ...context, reason: decision.reason },
        'payment callback changed nothing',
      );
      return { status: 200, outcome: 'ignored' };
    }
    this.#log.info(
      { ...context, orderId, outcome: decision.event.kind, attemptState: decision.attemptState },
      'payment callback applied',
    );
    return { status: 200, outcome: 'applied' };
  }

  #record(
    attemptId: string,
    orderId: string,
    decision: Extract<TransactionDecision, { kind: 'apply' }>,
  ): void {
    if (decision.attemptState) {
      this.#payments.updateAttempt(attemptId, {
        state: decision.attemptState,
        transactionId: decision.event.transactionId,
        detail: decision.event.detail,
      });
    }
    this.#payments.recordEvent({
      orderId,
      attemptId,
      kind: decision.event.kind,
      actor: 'provider',
      transactionId: decision.event.transactionId,
      amountCents: decision.event.amountCents,
      detail: decision.event.detail,
    });
  }

  /** An order's tries and payment history, for admins. */
  history(orderId: string): PaymentHistory {
    if (!this.#orders.findById(orderId)) throw notFound();
    return {
      attempts: this.#payments.attemptsFor(orderId),
      events: this.#payments.eventsFor(orderId),
    };
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
    const provider = this.#provider;
    if (provider.kind !== 'hosted' || !canReverse(attempt) || this.#reversing.has(attemptId)) {
      throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notReversible);
    }
    this.#reversing.add(attemptId);
    try {
      const result = await provider.reverse(kind, attempt.transactionId!, attempt.amountCents);
      if (!result.ok) {
        this.#payments.recordEvent({
          orderId,
          attemptId,
          kind: 'reverseFailed',
          actor: 'admin',
          actorUserId: admin.id,
          transactionId: null,
          detail: `${kind}: ${result.detail}`,
        });
        this.#log.warn({ orderId, attemptId, kind, detail: result.detail }, 'payment not reversed');
        throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.reverseFailed);
      }
      const state = kind === 'void' ? 'voided' : 'refunded';
      this.#ordersService.changePayment(
        orderId,
        (order) => {
          this.#payments.updateAttempt(attemptId, {
            state,
            detail: result.transactionId ? `${kind} ${result.transactionId}` : kind,
          });
          // Under the paid transaction's id: its callback saying "refunded" finds this record.
          this.#payments.recordEvent({
            orderId,
            attemptId,
            kind: state,
            actor: 'admin',
            actorUserId: admin.id,
            transactionId: attempt.transactionId,
            amountCents: attempt.amountCents,
            detail: result.transactionId,
          });
          const paidByIt = this.#orders.paymentReference(order.id) === attempt.transactionId;
          return {
            change: paidByIt ? { paymentStatus: 'refunded' as const } : null,
            result: null,
          };
        },
        'admin',
      );
      this.#log.info({ orderId, attemptId, kind }, 'payment reversed');
      return this.history(orderId);
    } finally {
      this.#reversing.delete(attemptId);
    }
  }
}
