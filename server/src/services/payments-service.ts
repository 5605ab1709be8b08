import { RuleViolation } from '../../../src/domain/errors.ts';
import type { Order } from '../../../src/domain/order.ts';
import { checkCanRead, checkOwner, ORDER_MESSAGES } from '../../../src/domain/order.ts';
import {
  checkReversible,
  decideReversal,
  decideStart,
  decideStartAnswer,
  decideSwitchToCash,
  decideTransaction,
  type PaymentChange,
  type TransactionDecision,
} from '../../../src/domain/payment-decisions.ts';
import {
  PAYMENT_MESSAGES,
  paymentProgress,
  paymentStartOf,
  type PaymentHistory,
  type PaymentOptions,
  type PaymentProgress,
  type PaymentReversal,
  type PaymentStart,
} from '../../../src/domain/payments.ts';
import { randomUUID } from 'node:crypto';
import { PaymentProviderError } from '../payments/payment-provider.ts';
import { paymentOptionsOf, type PaymentRegistry } from '../payments/registry.ts';
import { parseStartRequest, paymentRequestFor } from '../payments/hosted-payment.ts';
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
  /** Attempts being refunded or voided now: a second click waits for the first's answer. */
  readonly #reversing = new Set<string>();

  constructor(options: PaymentsServiceOptions) {
    this.#providers = options.providers;
    this.#orders = options.orders;
    this.#ordersService = options.ordersService;
    this.#payments = options.payments;
    this.#log = options.log;
    this.#siteUrl = options.siteUrl;
    this.#now = options.now ?? (() => new Date());
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
   * A gateway's transaction callback. Only a signed one counts; what it does is decided by the
   * shared decision (server/src/payments/transaction-decision.ts) and recorded once.
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
        ? this.#payments.byProviderOrder(provider.name, transaction.providerOrderId)
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
      const level = decision.reason === 'duplicate' || decision.reason === 'child-transaction';
      this.#log[level ? 'info' : 'warn'](
        { ...context, reason: decision.reason },
        'payment callback changed nothing',
      );
      return { status: 200, outcome: 'ignored' };
    }
    this.#log.info(
      { ...context, orderId, outcome: decision.outcome, attemptState: decision.attemptState },
      'payment callback applied',
    );
    return { status: 200, outcome: 'applied' };
  }

  /** Stores a decision's tries and history; its order change is the caller's to make. */
  #store(change: PaymentChange, actorUserId: string | null) {
    this.#payments.store(change, this.#now(), actorUserId);
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

  /** An admin refunds or voids a paid try through its gateway; recorded in the history. */
  async reverse(
    orderId: string,
    attemptId: string,
    kind: PaymentReversal,
    admin: AuthUser,
  ): Promise<PaymentHistory> {
    const attempt = this.#payments.attempt(attemptId);
    if (!attempt || attempt.orderId !== orderId) throw notFound();
    const provider = this.#providers.named(attempt.provider);
    checkReversible(attempt);
    if (!provider || this.#reversing.has(attemptId)) {
      throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notReversible);
    }
    this.#reversing.add(attemptId);
    try {
      const answer = await provider.reverse(kind, attempt.transactionId, attempt.amountCents);
      this.#ordersService.changePayment(
        orderId,
        (order) => ({
          change: this.#store(
            decideReversal({
              order: { ...order, paymentReference: this.#orders.paymentReference(order.id) },
              attempt,
              kind,
              answer,
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
