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

/** Refuses one more order when the customer already holds `max` open ones (0 = no limit). */
export function checkOpenOrders(openCount: number, max: number = OPEN_ORDERS_PER_CUSTOMER): void {
  if (max <= 0 || openCount < max) return;
  throw new RuleViolation('rate-limited', CUSTOMER_LIMIT_MESSAGES.tooManyOpen, undefined, {
    openOrders: openCount,
    max,
  });
}
