import { cairoYmdCompact, isCalendarDate } from './datetime';

/**
 * `AF-{YYYYMMDD}-{N…}` (docs/decisions.md D6). The suffix is random, without a leading zero, and
 * 3 digits wide on an ordinary day; the database enforces uniqueness and callers retry. A day
 * that issues many numbers moves to 4, then 5, then 6 digits (see `orderSuffixWidth`), so a
 * busy or attacked day never runs out.
 */
export const ORDER_NUMBER_PATTERN = /^AF-\d{8}-[1-9]\d{2,5}$/;
export const ORDER_NUMBER_PREFIX = 'AF';

export const ORDER_SUFFIX_WIDTHS = [3, 4, 5, 6] as const;
export type OrderSuffixWidth = (typeof ORDER_SUFFIX_WIDTHS)[number];

/** [lowest, highest] suffix of each width: 100-999, 1000-9999, … */
function suffixRange(width: OrderSuffixWidth): [number, number] {
  return [10 ** (width - 1), 10 ** width - 1];
}

/** How many suffixes a width has: 900, 9,000, 90,000, 900,000. */
export function suffixCapacity(width: OrderSuffixWidth): number {
  return 9 * 10 ** (width - 1);
}

/**
 * A width is used until half of its numbers are taken: a random pick then finds a free number
 * at least every other try, so a dozen tries practically never all collide. The last width
 * takes over from there and is used until it is 90% full.
 */
const FILL_BEFORE_WIDENING = 0.5;
const FILL_OF_LAST_WIDTH = 0.9;

/** The numbers a day issues before each width is left behind: 450, 4,950, 49,950, 859,950. */
export const ORDER_SUFFIX_THRESHOLDS: readonly number[] = ORDER_SUFFIX_WIDTHS.reduce<number[]>(
  (thresholds, width, index) => {
    const last = index === ORDER_SUFFIX_WIDTHS.length - 1;
    const share = Math.floor(
      suffixCapacity(width) * (last ? FILL_OF_LAST_WIDTH : FILL_BEFORE_WIDENING),
    );
    thresholds.push((thresholds[index - 1] ?? 0) + share);
    return thresholds;
  },
  [],
);

/**
 * The width of the next number of a day that has already issued `issuedToday` numbers, or
 * null when the day's whole space is spent (about 860,000 orders: a clear "try again", never a
 * crash). Widths never shrink during a day, so the numbers counted against a width are its own.
 */
export function orderSuffixWidth(issuedToday: number): OrderSuffixWidth | null {
  const index = ORDER_SUFFIX_THRESHOLDS.findIndex((threshold) => issuedToday < threshold);
  return index === -1 ? null : (ORDER_SUFFIX_WIDTHS[index] ?? null);
}

/** The width after `width`, for the last tries when every pick at `width` collided. */
export function widerSuffix(width: OrderSuffixWidth): OrderSuffixWidth | null {
  const index = ORDER_SUFFIX_WIDTHS.indexOf(width);
  return ORDER_SUFFIX_WIDTHS[index + 1] ?? null;
}

const PARTS = /^AF-(\d{4})(\d{2})(\d{2})-(\d{3,6})$/;

function isValidCompactDate(ymdCompact: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(ymdCompact);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isValidSuffix(suffix: number): boolean {
  const [min] = suffixRange(3);
  const [, max] = suffixRange(6);
  return Number.isInteger(suffix) && suffix >= min && suffix <= max;
}

export function formatOrderNumber(ymdCompact: string, suffix: number): string {
  // A malformed number would be saved and then never found by tracking: fail at the source.
  if (!isValidCompactDate(ymdCompact)) throw new RangeError(`Invalid order date: ${ymdCompact}`);
  if (!isValidSuffix(suffix)) throw new RangeError(`Invalid order suffix: ${suffix}`);
  return `${ORDER_NUMBER_PREFIX}-${ymdCompact}-${suffix}`;
}

export function parseOrderNumber(s: string): { date: string; suffix: number } | null {
  if (typeof s !== 'string') return null;
  const match = PARTS.exec(s);
  if (!match) return null;
  const [, year = '', month = '', day = '', suffixText = ''] = match;
  if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
  // "AF-20250101-012" is not a number we would issue: a leading zero means the wrong width.
  if (suffixText.startsWith('0')) return null;
  return { date: `${year}${month}${day}`, suffix: Number(suffixText) };
}

export function isOrderNumber(s: unknown): boolean {
  return typeof s === 'string' && parseOrderNumber(s) !== null;
}

export function generateOrderNumber(
  now: Date = new Date(),
  random: () => number = Math.random,
  digits: OrderSuffixWidth = 3,
): string {
  const [min, max] = suffixRange(digits);
  // Math.random stays in [0, 1), but an injected source might not; keep the suffix in range.
  const suffix = Math.min(max, Math.max(min, min + Math.floor(random() * (max - min + 1))));
  return formatOrderNumber(cairoYmdCompact(now), suffix);
}

/**
 * Tries at the day's width before the last few go to the next width (D6). A width is at most
 * half full, so twelve collisions in a row happen once in 4,096 orders at worst, and then the
 * next width is nearly empty.
 */
export const ORDER_NUMBER_TRIES_PER_WIDTH = 12;
export const ORDER_NUMBER_ATTEMPTS = 20;

/**
 * The numbers to try, in order, for the next order of a day that has issued `issuedToday`: random
 * picks at the day's width, then at the next one. Empty when the day's space is spent.
 */
export function* orderNumberCandidates(
  issuedToday: number,
  now: Date,
  random: () => number = Math.random,
): Generator<string> {
  let width = orderSuffixWidth(issuedToday);
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS && width !== null; attempt += 1) {
    if (attempt === ORDER_NUMBER_TRIES_PER_WIDTH) width = widerSuffix(width);
    if (width === null) return;
    yield generateOrderNumber(now, random, width);
  }
}
export { normalizeTrackingInput } from './tracking-input';
