import { normalizeDigits } from '../../../../domain/digits';

export const CARD_NUMBER_MAX_DIGITS = 19;

/** Western digits only: the card's own script, whatever keyboard the customer typed on. */
export function digitsOnly(value: string): string {
  return normalizeDigits(value).replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242", as printed on the card. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28"; the slash appears once the year starts, so deleting it never fights back. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvv(value: string): string {
  return digitsOnly(value).slice(0, 4);
}

/**
 * Where the caret belongs after reformatting: after the same number of digits as before, so
 * editing in the middle of a card number does not jump to the end.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i] as string)) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
