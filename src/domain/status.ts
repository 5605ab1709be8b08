import { RuleViolation } from './errors';

/** One lifecycle for the tracker, the admin panel and the server (docs/decisions.md D5). */
export const ORDER_STATUSES = [
  'received',
  'under_review',
  // The crew's steps in the field (D28), moved by its team leader's phone or by the office.
  'on_the_way',
  'arrived',
  'loading',
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
export const PROGRESS_STATUSES = [
  'received',
  'under_review',
  'on_the_way',
  'arrived',
  'loading',
  'in_transit',
  'delivered',
] as const;
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
  // The lifecycle's list says it (D17); CUSTOMER_CANCELLABLE_STATUSES names the same statuses.
  return isStatusMove(status, 'cancelled', 'customer');
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

/**
 * `refund_due`: a paid order was cancelled (or a payment came after its cancel) and money is owed
 * back to the customer (D16), on the office's refunds queue; `refunded`: the money went back (a
 * refund or a void through the provider, or a refund the office recorded by hand).
 */
export const PAYMENT_STATUSES = ['paid', 'pending', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(x: unknown): x is PaymentStatus {
  return typeof x === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(x);
}

/**
 * Who moves an order on (D17): the customer cancels their own; the office does the rest. The
 * system only places an order (`INITIAL_ORDER_STATUS`).
 */
export type StatusMover = 'customer' | 'admin' | 'crew';

/** One step an order may take, and who may take it. */
export interface StatusMove {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly StatusMover[];
}

/**
 * Every status change there is (D17), as data: one step forward at a time along the lifecycle,
 * and a cancel before the move is done (the customer's only before the crew is on its way, D2).
 * Nothing follows `delivered` or `cancelled` but the explicit going-back actions (`GOING_BACK`).
 * The crew's steps (on its way, arrived, loading, D28) are entries here like the others; the
 * admin's status control and the crew's phone offer what this list says.
 */
export const STATUS_MOVES: readonly StatusMove[] = [
  { from: 'received', to: 'under_review', by: ['admin'] },
  // The crew sets out (D28): from its phone, or the office for it; a crew may set out on an
  // order the office has not reviewed yet (the job is on its list once assigned).
  { from: 'received', to: 'on_the_way', by: ['crew'] },
  { from: 'under_review', to: 'on_the_way', by: ['admin', 'crew'] },
  { from: 'on_the_way', to: 'arrived', by: ['admin', 'crew'] },
  { from: 'arrived', to: 'loading', by: ['admin', 'crew'] },
  { from: 'loading', to: 'in_transit', by: ['admin', 'crew'] },
  // The office's step straight to the road, as before the crew had a phone.
  { from: 'under_review', to: 'in_transit', by: ['admin'] },
  { from: 'in_transit', to: 'delivered', by: ['admin', 'crew'] },
  { from: 'received', to: 'cancelled', by: ['customer', 'admin'] },
  { from: 'under_review', to: 'cancelled', by: ['customer', 'admin'] },
  // The crew is already out: only the office can call it back (a breakdown, a customer's call).
  { from: 'on_the_way', to: 'cancelled', by: ['admin'] },
  { from: 'arrived', to: 'cancelled', by: ['admin'] },
  { from: 'loading', to: 'cancelled', by: ['admin'] },
  { from: 'in_transit', to: 'cancelled', by: ['admin'] },
];

/** The steps a crew takes in the field (D28), in order: the buttons of its phone. */
export const FIELD_STATUSES = [
  'on_the_way',
  'arrived',
  'loading',
  'in_transit',
  'delivered',
] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

export function isFieldStatus(x: unknown): x is FieldStatus {
  return typeof x === 'string' && (FIELD_STATUSES as readonly string[]).includes(x);
}

/** The statuses `by` may move an order in status `from` to, in the lifecycle's order. */
export function nextStatuses(from: string | null | undefined, by: StatusMover): OrderStatus[] {
  const to = new Set(
    STATUS_MOVES.filter((move) => move.from === from && move.by.includes(by)).map((m) => m.to),
  );
  return ORDER_STATUSES.filter((status) => to.has(status));
}

/** Whether `by` may move an order from `from` to `to` (a status set again is no move). */
export function isStatusMove(
  from: string | null | undefined,
  to: string | null | undefined,
  by: StatusMover,
): boolean {
  return STATUS_MOVES.some((move) => move.from === from && move.to === to && move.by.includes(by));
}

/**
 * Going back (D17): what undoes an end of the lifecycle, as explicit admin actions with a reason,
 * never a plain status change. `uncancel` brings a cancelled order back to the status it had
 * before it was cancelled (`before`; `received` when the history does not say); `reopen` takes a
 * delivered order back on the road.
 */
export const GOING_BACK = [
  { action: 'uncancel', from: 'cancelled', to: 'before' },
  { action: 'reopen', from: 'delivered', to: 'in_transit' },
] as const satisfies readonly { action: string; from: OrderStatus; to: OrderStatus | 'before' }[];
export type GoBackAction = (typeof GOING_BACK)[number]['action'];
export const GO_BACK_ACTIONS: readonly GoBackAction[] = GOING_BACK.map((back) => back.action);

/** The going back an order in `status` offers, if any. */
export function goBackActionFor(status: string | null | undefined): GoBackAction | null {
  return GOING_BACK.find((back) => back.from === status)?.action ?? null;
}

/**
 * The orders whose date and window may change (D17): those whose crew has not set out yet. An
 * order in transit is cancelled and booked again instead.
 */
export const RESCHEDULABLE_STATUSES = ['received', 'under_review'] as const;

export function canReschedule(status: string | null | undefined): boolean {
  return (RESCHEDULABLE_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

/** The lifecycle's refusals (D17), keys in the `errors` namespace. */
export const LIFECYCLE_MESSAGES = {
  notAllowed: 'errors:lifecycle.notAllowed',
  notCancelled: 'errors:lifecycle.notCancelled',
  notDelivered: 'errors:lifecycle.notDelivered',
  uncancelPast: 'errors:lifecycle.uncancelPast',
  uncancelNoCrew: 'errors:lifecycle.uncancelNoCrew',
  uncancelRefunded: 'errors:lifecycle.uncancelRefunded',
  rescheduleNotOpen: 'errors:reschedule.notOpen',
  rescheduleClosed: 'errors:reschedule.closed',
  rescheduleSameSlot: 'errors:reschedule.sameSlot',
  rescheduleTooMany: 'errors:reschedule.tooMany',
} as const;

/**
 * Throws the refusal of a move `by` may not make (D17): `failed-precondition` with
 * `errors:lifecycle.notAllowed` on the `status` field, the status the order already has included
 * (setting it again is no step; a stale page sees the refusal and reloads).
 */
export function checkStatusMove(
  from: string | null | undefined,
  to: string | null | undefined,
  by: StatusMover,
): void {
  if (isStatusMove(from, to, by)) return;
  throw new RuleViolation('failed-precondition', LIFECYCLE_MESSAGES.notAllowed, {
    status: LIFECYCLE_MESSAGES.notAllowed,
  });
}
