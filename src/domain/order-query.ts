/**
 * The admin orders list, as every backend understands it: the sorts it offers, its page sizes
 * and how the one search box reads what the admin typed. The server turns a parsed search into
 * SQL; the Firebase and in-memory adapters match orders with it, so all three find the same
 * orders for the same words.
 */
import { normalizeDigits, stripInvisibleMarks } from './digits';
import { normalizeEgyptianMobile } from './phone';
import { normalizeTrackingInput } from './tracking-input';

export const ORDER_SORTS = [
  'newest',
  'oldest',
  'move-date-asc',
  'move-date-desc',
  'price-desc',
  'price-asc',
] as const;

export type OrderSort = (typeof ORDER_SORTS)[number];

export function isOrderSort(value: unknown): value is OrderSort {
  return typeof value === 'string' && (ORDER_SORTS as readonly string[]).includes(value);
}

export const ORDER_PAGE_SIZE_DEFAULT = 50;
export const ORDER_PAGE_SIZE_MAX = 500;

/** A page size and 1-based page number from whatever the caller sent, clamped to the limits. */
export function orderPaging(filter: { page?: number; limit?: number }): {
  page: number;
  limit: number;
} {
  const limit = Math.min(
    ORDER_PAGE_SIZE_MAX,
    Math.max(1, Math.floor(filter.limit ?? ORDER_PAGE_SIZE_DEFAULT)),
  );
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  return {
    limit: Number.isFinite(limit) ? limit : ORDER_PAGE_SIZE_DEFAULT,
    page: Number.isFinite(page) ? page : 1,
  };
}

/**
 * What the search box means. An order matches when its name contains `name` (case-insensitive),
 * its number contains `orderNumber`, its phone equals `mobile` (a whole Egyptian mobile typed
 * any way: Arabic-Indic digits, "+20 10…", spaces, dashes) or, when the text is only part of a
 * number ("1234", "+20 100 12"), its phone contains `phoneDigits`.
 */
export interface OrderSearch {
  name: string;
  orderNumber: string;
  mobile: string | null;
  phoneDigits: string | null;
}

/** The parsed search, or null when there is nothing to search for. */
export function parseOrderSearch(search: string): OrderSearch | null {
  const text = stripInvisibleMarks(search).trim();
  if (text === '') return null;
  const mobile = normalizeEgyptianMobile(text);
  let phoneDigits: string | null = null;
  if (mobile === null) {
    const national = normalizeDigits(text)
      .replace(/[\s\-().]/g, '')
      .replace(/^(\+20|0020)/, '0');
    if (/^\+?\d{3,}$/.test(national)) phoneDigits = national.replace(/^\+/, '');
  }
  return { name: text, orderNumber: normalizeTrackingInput(text), mobile, phoneDigits };
}

export function matchesOrderSearch(
  order: { fullName: string; orderNumber: string; phoneNumber: string },
  search: OrderSearch,
): boolean {
  if (order.fullName.toLowerCase().includes(search.name.toLowerCase())) return true;
  if (order.orderNumber.includes(search.orderNumber)) return true;
  if (search.mobile !== null) return order.phoneNumber === search.mobile;
  return search.phoneDigits !== null && order.phoneNumber.includes(search.phoneDigits);
}
