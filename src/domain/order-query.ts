/**
 * The admin orders list, as every backend understands it: the sorts it offers, its page sizes
 * and how the one search box reads what the admin typed. The server turns a parsed search into
 * SQL; the Firebase and in-memory adapters match orders with it, so all three find the same
 * orders for the same words.
 */
import { normalizeDigits, stripInvisibleMarks } from './digits';
import { normalizeEgyptianMobile } from './phone';
import { normalizeSearchText } from './search-text';
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
 * What the search box means (D20). An order matches when one of `terms` occurs in its search
 * text (`orderSearchText`: its name, number and phone, normalised), or its phone equals `mobile`
 * (a whole Egyptian mobile typed any way: Arabic-Indic digits, "+20 10…", spaces, dashes). The
 * terms are the text normalised (`normalizeSearchText`: hamza forms, teh marbuta, alef maqsura,
 * tatweel and diacritics folded, so "احمد" finds "أحمد") and, when the text is only part of a
 * number ("1234", "+20 100 12"), its digits as the stored 01… form has them. The self-hosted
 * server looks for the terms anywhere in the text; the hosted build, which Firestore limits to
 * whole tokens, by the start of a word or number and the end of a phone (`orderSearchTokens`).
 */
export interface OrderSearch {
  /** The text as typed, without invisible marks and surrounding blanks. */
  name: string;
  /** The text as an order number is written (upper case, ASCII digits, no "#"). */
  orderNumber: string;
  mobile: string | null;
  phoneDigits: string | null;
  /**
   * What to look for in `orderSearchText`, normalised. Empty for text of only punctuation ("#",
   * "--"), which then matches nothing (not everything).
   */
  terms: string[];
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
  const terms = [normalizeSearchText(text), ...(phoneDigits === null ? [] : [phoneDigits])];
  return {
    name: text,
    orderNumber: normalizeTrackingInput(text),
    mobile,
    phoneDigits,
    terms: [...new Set(terms.filter((term) => term !== ''))],
  };
}

/**
 * Between two fields of the search text: never part of a normalised term (only letters, digits
 * and single spaces are), so no term matches across a name and a number.
 */
export const SEARCH_FIELD_SEPARATOR = ' | ';

/** What the search looks in: the order's name, number and phone, normalised (D20). */
export function orderSearchText(order: {
  fullName: string;
  orderNumber: string;
  phoneNumber: string;
}): string {
  return [
    normalizeSearchText(order.fullName),
    normalizeSearchText(order.orderNumber),
    normalizeSearchText(order.phoneNumber),
  ].join(SEARCH_FIELD_SEPARATOR);
}

export function matchesOrderSearch(
  order: { fullName: string; orderNumber: string; phoneNumber: string },
  search: OrderSearch,
): boolean {
  const text = orderSearchText(order);
  if (search.terms.some((term) => text.includes(term))) return true;
  return search.mobile !== null && order.phoneNumber === search.mobile;
}
