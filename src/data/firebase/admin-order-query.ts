/**
 * The admin orders list on Firestore, planned without the SDK (so the index check in
 * tests/unit/firestore-rules.test.ts and the benchmark read the same plans the adapter runs).
 * Filters, sorting and paging run in Firestore: a page load reads one page of orders, counts come
 * from the counters document or from count() aggregations, and the next page starts after the
 * last document of the one before (a cursor), never by skipping. Searches that name one customer
 * (an exact order number, a whole mobile number) fetch that customer's few orders and page them
 * in the browser, with the same answers the server gives.
 */
import { moveAtRange, searchTokenOf } from '../../domain/hosted-store';
import type { OrderFilter } from '../../domain/order';
import { isOrderNumber } from '../../domain/order-number';
import { parseOrderSearch, type OrderSort } from '../../domain/order-query';
import type { OrderStatus } from '../../domain/status';

export type OrderField = 'createdAt' | 'moveAt' | 'totalPrice';
export type Direction = 'asc' | 'desc';

/** The equality filters Firestore serves, one composite index each (merged when combined). */
export const EQUALITY_FIELDS = [
  'status',
  'governorateId',
  'paymentStatus',
  'paymentMethod',
] as const;
export type EqualityField = (typeof EQUALITY_FIELDS)[number];

export const SEARCH_TOKENS_FIELD = 'searchTokens';
export const RANGE_FIELD = 'moveAt';

export const SORT_ORDER: Readonly<Record<OrderSort, { field: OrderField; direction: Direction }>> =
  {
    newest: { field: 'createdAt', direction: 'desc' },
    oldest: { field: 'createdAt', direction: 'asc' },
    'move-date-asc': { field: 'moveAt', direction: 'asc' },
    'move-date-desc': { field: 'moveAt', direction: 'desc' },
    'price-desc': { field: 'totalPrice', direction: 'desc' },
    'price-asc': { field: 'totalPrice', direction: 'asc' },
  };

/** A Firestore query on `orders`, as data. */
export interface OrderQueryPlan {
  equalities: [EqualityField, string][];
  /** The search: `searchTokens array-contains token` (name, number or phone, D20). */
  token: string | null;
  range: { from?: string; to?: string } | null;
  order: { field: OrderField; direction: Direction } | null;
}

/** Most orders one customer could have: a search by their number or mobile reads at most this. */
export const CUSTOMER_ORDERS_CAP = 500;

export type OrderListPlan =
  /** One customer's orders by an exact field; filtered, counted and paged in the browser. */
  | { kind: 'customer'; field: 'orderNumber' | 'phoneNumber'; value: string }
  /** A search that can match nothing (too short to search). */
  | { kind: 'nothing' }
  | {
      kind: 'query';
      /** The page's query: every filter, the status included, sorted. */
      page: OrderQueryPlan;
      /** The counts' query: every filter but the status (one count() per status). */
      counts: OrderQueryPlan;
      /** No filter but the status: the counters document has the counts (one read). */
      countsFromStats: boolean;
      status: OrderStatus | null;
    };

/** How `filter` (already checked by checkOrderFilter) is answered. */
export function planOrderList(filter: OrderFilter): OrderListPlan {
  const search = filter.search === undefined ? null : parseOrderSearch(filter.search);
  // A whole mobile first: "01071009910" also reads as an order number (a date of year 0107 and
  // a suffix), and no number we issue is a mobile (its date starts 20…, a mobile's 01 or +201).
  if (search?.mobile) return { kind: 'customer', field: 'phoneNumber', value: search.mobile };
  if (search && isOrderNumber(search.orderNumber)) {
    return { kind: 'customer', field: 'orderNumber', value: search.orderNumber };
  }
  const token = search ? searchTokenOf(search) : null;
  if (search && !token) return { kind: 'nothing' };

  const equalities: [EqualityField, string][] = [];
  if (filter.governorateId) equalities.push(['governorateId', filter.governorateId]);
  if (filter.paymentStatus) equalities.push(['paymentStatus', filter.paymentStatus]);
  if (filter.paymentMethod) equalities.push(['paymentMethod', filter.paymentMethod]);
  const range =
    filter.moveDateFrom || filter.moveDateTo
      ? moveAtRange(filter.moveDateFrom, filter.moveDateTo)
      : null;
  const counts: OrderQueryPlan = { equalities, token, range, order: null };
  const status = filter.status ?? null;
  return {
    kind: 'query',
    page: {
      equalities: status ? [['status', status], ...equalities] : equalities,
      token,
      range,
      order: SORT_ORDER[filter.sort ?? 'newest'],
    },
    counts,
    countsFromStats: equalities.length === 0 && token === null && range === null,
    status,
  };
}

/**
 * The composite index fields a plan needs for each of its equality filters (Firestore merges
 * one index per equality filter that shares the order and range suffix), or the one index a plan
 * without equality filters needs; single-field plans need none.
 */
export function indexesNeeded(plan: OrderQueryPlan): { field: string; mode: string }[][] {
  const suffix: { field: string; mode: string }[] = [];
  if (plan.order) suffix.push({ field: plan.order.field, mode: plan.order.direction });
  if (plan.range && plan.order?.field !== RANGE_FIELD)
    suffix.push({ field: RANGE_FIELD, mode: 'asc' });
  const prefixes: { field: string; mode: string }[] = [
    ...plan.equalities.map(([field]) => ({ field, mode: 'asc' })),
    ...(plan.token ? [{ field: SEARCH_TOKENS_FIELD, mode: 'contains' }] : []),
  ];
  if (prefixes.length === 0) return suffix.length > 1 ? [suffix] : [];
  if (suffix.length === 0) return [];
  return prefixes.map((prefix) => [prefix, ...suffix]);
}
