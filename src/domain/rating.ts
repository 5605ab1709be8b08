import { parseDecimal } from './digits';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;

/**
 * A star rating from a form, a quick-rating button or stored data. The spec asks for a forgiving
 * reading (default 5, out-of-range clamped) rather than an error: a review is never lost because
 * the rating was odd.
 */
export function parseRating(input: unknown, fallback: number = RATING_DEFAULT): number {
  const parsed = parseDecimal(input);
  const value = Number.isNaN(parsed) ? fallback : parsed;
  const rounded = Math.round(Number.isNaN(value) ? RATING_DEFAULT : value);
  return Math.min(RATING_MAX, Math.max(RATING_MIN, rounded));
}
