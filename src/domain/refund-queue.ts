/**
 * The office's refunds queue (docs/decisions.md D16): each order whose refund is due, the
 * longest waiting first, with the paid try a refund through the provider reverses (none: the
 * money was not a gateway's, and the office records a refund made by hand).
 */
import type { Order } from './order';
import { canVoid, isHostedProvider, type PaymentAttempt } from './payments';

export interface RefundQueueItem {
  order: Order;
  /** The paid try a provider's refund or void reverses; null: refunded by hand. */
  attempt: PaymentAttempt | null;
  /** A void is offered: a card paid today whose whole amount is due back (no fee kept). */
  canVoid: boolean;
}

/** The queue's order: the refund due longest first (the server's SQL orders its query alike). */
export function byRefundDue(a: Pick<Order, 'refund'>, b: Pick<Order, 'refund'>): number {
  return (a.refund?.dueAt ?? '').localeCompare(b.refund?.dueAt ?? '');
}

/** The queue's item for `order`, from its tries and the transaction that paid it. */
export function refundQueueItem(
  order: Order,
  attempts: readonly PaymentAttempt[],
  paymentReference: string | null,
  now: Date,
): RefundQueueItem {
  const attempt =
    isHostedProvider(order.paymentProvider) && paymentReference !== null
      ? (attempts.find((a) => a.state === 'paid' && a.transactionId === paymentReference) ?? null)
      : null;
  return {
    order,
    attempt,
    canVoid: attempt !== null && canVoid(attempt, now) && (order.refund?.fee ?? 0) === 0,
  };
}
