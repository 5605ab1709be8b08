import type { Order } from '../../../src/domain/order.ts';
import {
  toPiastres,
  type PaymentAttempt,
  type PaymentAttemptState,
  type PaymentEventKind,
} from '../../../src/domain/payments.ts';
import type { PaymentMethod, PaymentStatus } from '../../../src/domain/status.ts';
import type { ProviderTransaction } from './payment-provider.ts';

// What a provider's verified transaction does to our records (D3), decided in one pure function
// that the server (in a SQLite transaction) and the hosted build's callback function (in a
// Firestore transaction) both apply. Only the provider's signed facts count: the transaction's
// id, its provider order, amount, currency and success flags. Our merchant reference comes back
// unsigned, so it only finds the attempt; the signed provider order id must then be that
// attempt's. Every outcome is recorded once per transaction and kind, so a repeated or late
// callback changes nothing.

/** Where the order's payment stands, as the decision needs it. */
export type DecisionOrder = Pick<
  Order,
  'id' | 'totalPrice' | 'paymentMethod' | 'paymentStatus' | 'paymentProvider'
> & {
  /** The transaction that paid it, if one did. */
  paymentReference: string | null;
};

export interface DecisionContext {
  /** The attempt our reference names, if it is one of ours. */
  attempt: PaymentAttempt | null;
  order: DecisionOrder | null;
  /** True when this kind of outcome is already recorded for this transaction. */
  recorded(kind: PaymentEventKind, transactionId: string): boolean;
}

/** The order's payment fields after a decision. */
export interface OrderPaymentChange {
  paymentStatus: PaymentStatus;
  paymentMethod?: PaymentMethod;
  paymentProvider?: Order['paymentProvider'];
  paymentReference?: string | null;
}

export type IgnoredReason =
  'unknown-reference' | 'reference-mismatch' | 'child-transaction' | 'duplicate' | 'late';

export type TransactionDecision =
  | { kind: 'ignore'; reason: IgnoredReason }
  | {
      kind: 'apply';
      /** The attempt's new state (unchanged when undefined), with the deciding transaction. */
      attemptState?: PaymentAttemptState;
      event: {
        kind: PaymentEventKind;
        transactionId: string;
        amountCents: number;
        detail: string | null;
      };
      order?: OrderPaymentChange;
    };

/** Attempts a decline or a pending word may still move (never a paid or reversed one). */
const OPEN_STATES: ReadonlySet<PaymentAttemptState> = new Set([
  'awaiting',
  'pending',
  'declined',
  'failed',
  'mismatch',
]);

export function decideTransaction(
  transaction: ProviderTransaction,
  { attempt, order, recorded }: DecisionContext,
): TransactionDecision {
  if (!attempt || !order || attempt.orderId !== order.id) {
    return { kind: 'ignore', reason: 'unknown-reference' };
  }
  if (attempt.providerOrderId !== transaction.providerOrderId) {
    return { kind: 'ignore', reason: 'reference-mismatch' };
  }
  // A refund or void is recorded by whoever asked for it; one made in the provider's dashboard
  // is heard through its parent's callback (is_refunded / is_voided), below.
  if (transaction.child) return { kind: 'ignore', reason: 'child-transaction' };

  const id = transaction.transactionId;
  const event = (kind: PaymentEventKind, detail: string | null = transaction.message) => ({
    kind,
    transactionId: id,
    amountCents: transaction.amountCents,
    detail,
  });
  const once = (kind: PaymentEventKind, decision: TransactionDecision): TransactionDecision =>
    recorded(kind, id) ? { kind: 'ignore', reason: 'duplicate' } : decision;

  if (transaction.refunded || transaction.voided) {
    const kind = transaction.voided ? 'voided' : 'refunded';
    if (recorded('refunded', id) || recorded('voided', id)) {
      return { kind: 'ignore', reason: 'duplicate' };
    }
    if (attempt.state !== 'paid' || attempt.transactionId !== id) {
      return { kind: 'ignore', reason: 'late' };
    }
    return {
      kind: 'apply',
      attemptState: kind,
      event: event(kind, null),
      ...(order.paymentReference === id ? { order: { paymentStatus: 'refunded' as const } } : {}),
    };
  }

  const expected = toPiastres(order.totalPrice);
  if (
    transaction.amountCents !== attempt.amountCents ||
    transaction.amountCents !== expected ||
    transaction.currency !== attempt.currency
  ) {
    const detail = `${transaction.amountCents} ${transaction.currency}, expected ${expected} ${attempt.currency}`;
    return once('mismatch', {
      kind: 'apply',
      ...(OPEN_STATES.has(attempt.state) ? { attemptState: 'mismatch' as const } : {}),
      event: event('mismatch', detail),
    });
  }

  if (transaction.success && !transaction.pending && !transaction.errorOccurred) {
    // Money moved. The order is paid by it, even if the customer chose cash meanwhile or the
    // order was cancelled (the admin refunds then); an order already paid by another
    // transaction stays as it is, and the admin sees this one paid too, to refund it.
    const paidAlready = order.paymentStatus === 'paid' && order.paymentReference !== id;
    return once('paid', {
      kind: 'apply',
      attemptState: 'paid',
      event: event('paid', paidAlready ? 'paid twice' : null),
      ...(paidAlready
        ? {}
        : {
            order: {
              paymentStatus: 'paid' as const,
              paymentMethod: attempt.method,
              paymentProvider: attempt.provider,
              paymentReference: id,
            },
          }),
    });
  }

  if (transaction.pending) {
    return once('pending', {
      kind: 'apply',
      ...(OPEN_STATES.has(attempt.state) ? { attemptState: 'pending' as const } : {}),
      event: event('pending'),
    });
  }

  return once('declined', {
    kind: 'apply',
    ...(OPEN_STATES.has(attempt.state) ? { attemptState: 'declined' as const } : {}),
    event: event('declined'),
  });
}
