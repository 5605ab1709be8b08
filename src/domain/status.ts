/** One lifecycle for the tracker, the admin panel and the server (docs/decisions.md D5). */
export const ORDER_STATUSES = [
  'received',
  'under_review',
  'in_transit',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** New orders always start here (D2); the client never chooses a status. */
export const INITIAL_ORDER_STATUS: OrderStatus = 'received';

export function isOrderStatus(x: unknown): x is OrderStatus {
  return typeof x === 'string' && (ORDER_STATUSES as readonly string[]).includes(x);
}

/** The tracker's progress bar, in order; a cancelled order is off the bar. */
export const PROGRESS_STATUSES = ['received', 'under_review', 'in_transit', 'delivered'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** Keys in the `common` namespace. Old or hand-edited data may hold anything, hence `unknown`. */
export function statusLabelKey(status: string | null | undefined): string {
  return isOrderStatus(status) ? `status.${status}` : 'status.unknown';
}

export function statusProgressIndex(status: string | null | undefined): number {
  return (PROGRESS_STATUSES as readonly (string | null | undefined)[]).indexOf(status);
}

/** Customers may cancel only before the crew is on its way (D2). */
export const CUSTOMER_CANCELLABLE_STATUSES = ['received', 'under_review'] as const;

export function canCustomerCancel(status: string | null | undefined): boolean {
  return (CUSTOMER_CANCELLABLE_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/**
 * How the customer pays (D3): a bank card or a mobile wallet (Vodafone Cash and the like) online,
 * through the payment provider's own page, or cash to the crew.
 */
export const PAYMENT_METHODS = ['card', 'wallet', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods paid online, before the move. */
export const ONLINE_PAYMENT_METHODS = ['card', 'wallet'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

export function isOnlinePaymentMethod(x: unknown): x is OnlinePaymentMethod {
  return typeof x === 'string' && (ONLINE_PAYMENT_METHODS as readonly string[]).includes(x);
}

export function isPaymentMethod(x: unknown): x is PaymentMethod {
  return typeof x === 'string' && (PAYMENT_METHODS as readonly string[]).includes(x);
}

/** `refunded`: the money went back to the customer (a refund or a void through the provider). */
export const PAYMENT_STATUSES = ['paid', 'pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(x: unknown): x is PaymentStatus {
  return typeof x === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(x);
}
