import { cairoYmdCompact, isCalendarDate } from './datetime';

/**
 * `AF-{YYYYMMDD}-{NNN}` (DECISIONS.md D6). The suffix is 3 digits, 100-999; the database enforces
 * uniqueness and, once a day's 900 numbers are taken, callers retry with 4 digits (1000-9999).
 */
export const ORDER_NUMBER_PATTERN = /^AF-\d{8}-\d{3,4}$/;
export const ORDER_NUMBER_PREFIX = 'AF';

const SUFFIX_RANGE = { 3: [100, 999], 4: [1000, 9999] } as const;
const PARTS = /^AF-(\d{4})(\d{2})(\d{2})-(\d{3,4})$/;

function isValidCompactDate(ymdCompact: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(ymdCompact);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isValidSuffix(suffix: number): boolean {
  return Number.isInteger(suffix) && suffix >= SUFFIX_RANGE[3][0] && suffix <= SUFFIX_RANGE[4][1];
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
  digits: 3 | 4 = 3,
): string {
  const [min, max] = SUFFIX_RANGE[digits];
  // Math.random stays in [0, 1), but an injected source might not; keep the suffix in range.
  const suffix = Math.min(max, Math.max(min, min + Math.floor(random() * (max - min + 1))));
  return formatOrderNumber(cairoYmdCompact(now), suffix);
}
