import { normalizeDigits, stripInvisibleMarks } from './digits';

// Its own module, with nothing but digits behind it: the browser's data adapter needs it on
// every page, and order-number.ts brings Cairo dates along.
/**
 * What people paste: "#AF-…" from a chat, Arabic-Indic digits, lower case, direction marks.
 * The AF pattern is not enforced: an unknown number is the backend's "not found", not a typo.
 */
export function normalizeTrackingInput(s: string): string {
  if (typeof s !== 'string') return '';
  const trimmed = stripInvisibleMarks(s)
    .trim()
    .replace(/^[#\uFF03\s]+/, '')
    .trim();
  return normalizeDigits(trimmed).toUpperCase();
}
