import { cairoParts } from './datetime';
import { normalizeDigits, stripInvisibleMarks } from './digits';

/**
 * Browser-side card checks (docs/decisions.md D3). Card data never leaves the payment provider seam,
 * so these exist only to catch typing mistakes before the provider sees them.
 */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Digits only: spaces and dashes are how people group card numbers, not part of them. */
export function normalizeCardNumber(number: string): string {
  return normalizeDigits(stripInvisibleMarks(number)).replace(/[\s-]/g, '');
}

export function luhnValid(number: string): boolean {
  if (typeof number !== 'string') return false;
  const digits = normalizeCardNumber(number);
  if (!/^\d+$/.test(digits)) return false;
  if (digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS)
    return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `MM/YY` → month 1-12 and the four-digit year (2000 + YY). */
export function parseExpiry(mmYY: string): { month: number; year: number } | null {
  if (typeof mmYY !== 'string') return null;
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(
    normalizeDigits(stripInvisibleMarks(mmYY)).trim(),
  );
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month, judged by the Cairo calendar. */
export function isExpiryValid(mmYY: string, now: Date = new Date()): boolean {
  const expiry = parseExpiry(mmYY);
  if (!expiry) return false;
  const today = cairoParts(now);
  return expiry.year > today.year || (expiry.year === today.year && expiry.month >= today.month);
}

export function isCvvValid(s: string): boolean {
  return typeof s === 'string' && /^\d{3,4}$/.test(normalizeDigits(stripInvisibleMarks(s)).trim());
}

/**
 * Keys that would carry card data in an order body, compared without case or separators
 * ("CVV", "card_number", "expiry-date"). The browser's payment provider keeps card data (D3); a
 * body that has any of them is refused outright by every backend, so a client bug cannot make us
 * a store of card numbers.
 */
const CARD_KEYS = new Set([
  'card',
  'cardnumber',
  'cardno',
  'pan',
  'cvv',
  'cvv2',
  'cvc',
  'cvn',
  'securitycode',
  'expiry',
  'expirydate',
  'expiration',
  'exp',
]);

/** The keys of `body` that look like card data, as sent. */
export function cardKeysIn(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) =>
    CARD_KEYS.has(key.toLowerCase().replace(/[^a-z0-9]/g, '')),
  );
}
