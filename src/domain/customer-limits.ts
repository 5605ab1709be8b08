import { RuleViolation } from './errors';
import type { OrderStatus } from './status';

/**
 * What one customer, that is one verified mobile number (D13), may hold at once: moves booked
 * and still ahead of them. Each holds a crew, so this is what a stranger with real SIM cards
 * must pay for per crew taken. Admins booking for callers are not limited (D8).
 */
export const OPEN_ORDERS_PER_CUSTOMER = 3;

export const CUSTOMER_LIMIT_MESSAGES = {
  tooManyOpen: 'errors:order.tooManyOpen',
} as const;

/** An order that still holds its crew ahead of the customer: not ended, and not in the past. */
export function isOpenOrder(
  order: { status: OrderStatus; moveDate: string },
  today: string,
): boolean {
  return order.status !== 'cancelled' && order.status !== 'delivered' && order.moveDate >= today;
}

/**
 * Refuses one more order when the customer already holds `max` open ones (0 = no limit).
 * `orders` are theirs as a backend loads them (it may leave out those before `today`); which of
 * them hold a crew is isOpenOrder's to say.
 */
export function checkOpenOrders(
  orders: readonly { status: OrderStatus; moveDate: string }[],
  today: string,
  max: number = OPEN_ORDERS_PER_CUSTOMER,
): void {
  if (max <= 0) return;
  const openCount = orders.filter((order) => isOpenOrder(order, today)).length;
  if (openCount < max) return;
  throw new RuleViolation('rate-limited', CUSTOMER_LIMIT_MESSAGES.tooManyOpen, undefined, {
    openOrders: openCount,
    max,
  });
}

/**
 * Whether a booking counts against the customer limits (D8, D13: per customer and address, open
 * moves): not an admin's, who books by phone for many callers.
 */
export function customerLimitsApply(booker: { isAdmin: boolean }): boolean {
  return !booker.isAdmin;
}

/**
 * Whose a new order is (D13): the booker's own; an admin's booking for a caller is the customer's
 * who proved that number (`numberOwner`, looked up for admins' bookings only), when there is one,
 * so it is in their "my orders" at once.
 */
export function newOrderOwner(
  booker: { id: string; isAdmin: boolean },
  numberOwner: string | null,
): string {
  return booker.isAdmin && numberOwner !== null ? numberOwner : booker.id;
}
