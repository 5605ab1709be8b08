/**
 * The admin orders list computed in the browser, for adapters that hold the orders themselves
 * (the in-memory test backend, and the Firebase adapter for the filters Firestore cannot index).
 * It gives the same answers as the server's SQL: same validation, search, sorts, status counts
 * and pages (the http contract suite checks the server; the memory one checks this).
 */
import {
  isOrderSort,
  matchesOrderSearch,
  orderPaging,
  parseOrderSearch,
  type OrderSort,
} from '../domain/order-query';
import { VALIDATION_MESSAGES } from '../domain/validation-messages';
import {
  isOrderStatus,
  isPaymentMethod,
  isPaymentStatus,
  ORDER_STATUSES,
  type OrderStatus,
} from '../domain/status';
import { DataError, type Order, type OrderFilter } from './port';

/** Refuses a filter whose values no backend knows, with the field that is wrong. */
export function checkOrderFilter(filter: OrderFilter): void {
  const fields: Record<string, string> = {};
  if (filter.status !== undefined && !isOrderStatus(filter.status))
    fields.status = VALIDATION_MESSAGES.invalid;
  if (filter.paymentStatus !== undefined && !isPaymentStatus(filter.paymentStatus))
    fields.paymentStatus = VALIDATION_MESSAGES.invalid;
  if (filter.paymentMethod !== undefined && !isPaymentMethod(filter.paymentMethod))
    fields.paymentMethod = VALIDATION_MESSAGES.invalid;
  if (filter.sort !== undefined && !isOrderSort(filter.sort))
    fields.sort = VALIDATION_MESSAGES.invalid;
  if (Object.keys(fields).length > 0) {
    throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid, { fields });
  }
}

/** Every part of the filter except its status (the status tabs count across statuses). */
function matchesAllButStatus(order: Order, filter: OrderFilter): boolean {
  if (filter.search !== undefined) {
    const search = parseOrderSearch(filter.search);
    if (search && !matchesOrderSearch(order, search)) return false;
  }
  if (filter.governorateId && order.governorateId !== filter.governorateId) return false;
  if (filter.paymentStatus && order.paymentStatus !== filter.paymentStatus) return false;
  if (filter.paymentMethod && order.paymentMethod !== filter.paymentMethod) return false;
  if (filter.moveDateFrom && order.moveDate < filter.moveDateFrom) return false;
  if (filter.moveDateTo && order.moveDate > filter.moveDateTo) return false;
  return true;
}

/** The order of a sort; ties (and 'newest') fall back to `newestFirst`. */
export function orderComparator<T>(
  sort: OrderSort,
  orderOf: (item: T) => Order,
  newestFirst: (a: T, b: T) => number,
): (a: T, b: T) => number {
  const by = (key: (order: Order) => string | number, direction: 1 | -1) => (a: T, b: T) => {
    const x = key(orderOf(a));
    const y = key(orderOf(b));
    return (x < y ? -1 : x > y ? 1 : 0) * direction || newestFirst(a, b);
  };
  const moveTime = (order: Order) => `${order.moveDate} ${order.moveTime}`;
  switch (sort) {
    case 'oldest':
      return (a, b) => -newestFirst(a, b);
    case 'move-date-asc':
      return by(moveTime, 1);
    case 'move-date-desc':
      return by(moveTime, -1);
    case 'price-desc':
      return by((order) => order.totalPrice, -1);
    case 'price-asc':
      return by((order) => order.totalPrice, 1);
    case 'newest':
      return newestFirst;
  }
}

export function emptyStatusCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
}

/**
 * One page of `items`. Admins get the whole filter applied; customers (whose list is already
 * just their own orders) get them newest first, unfiltered, in the same shape.
 */
export function pageOrders<T>(
  items: readonly T[],
  filter: OrderFilter,
  options: { admin: boolean; orderOf: (item: T) => Order; newestFirst: (a: T, b: T) => number },
): { items: T[]; total: number; counts: Record<OrderStatus, number> } {
  const { admin, orderOf, newestFirst } = options;
  if (admin) checkOrderFilter(filter);
  const { page, limit } = orderPaging(filter);
  const counted = admin
    ? items.filter((item) => matchesAllButStatus(orderOf(item), filter))
    : [...items];
  const matching =
    admin && filter.status
      ? counted.filter((item) => orderOf(item).status === filter.status)
      : counted;
  const counts = emptyStatusCounts();
  for (const item of counted) counts[orderOf(item).status] += 1;
  const sort = admin ? orderComparator(filter.sort ?? 'newest', orderOf, newestFirst) : newestFirst;
  const sorted = [...matching].sort(sort);
  return {
    items: sorted.slice((page - 1) * limit, page * limit),
    total: matching.length,
    counts,
  };
}
