import { normalizeDigits, stripInvisibleMarks } from './digits';

// Its own module, with nothing but digits behind it: the browser's data adapter needs it on
// every page, and order-number.ts brings Cairo dates along.

// What separates the parts of a number as people type or read it out: spaces (a phone's
// keyboard puts one after every group), every kind of dash (a phone's autocorrect makes "-" an
// en dash, Arabic keyboards type U+2010-U+2015 or the minus sign), the Arabic tatweel, dots,
// slashes and underscores.
const SEPARATORS = '\\s\\-\\u2010-\\u2015\\u2212\\u0640._/\\\\';
// "AF", then the Cairo date, then the suffix (D6): whatever separates them, or nothing at all,
// the 8 digits of the date say where the suffix starts. The prefix may be left out.
const AF_NUMBER = new RegExp(`^(?:AF)?[${SEPARATORS}]*(\\d{8})[${SEPARATORS}]*(\\d{1,6})$`);

/**
 * What people type or paste: "#AF-…" from a chat, Arabic-Indic digits, lower case, direction
 * marks, "af 20261127 838" with spaces or other dashes, "AF20261127838" with none. Anything
 * with the shape of an order number (D6) comes out as `AF-YYYYMMDD-N`. The AF pattern is not
 * enforced: anything else is only trimmed and upper-cased, and an unknown number is the
 * backend's "not found", not a typo.
 */
export function normalizeTrackingInput(s: string): string {
  if (typeof s !== 'string') return '';
  const trimmed = stripInvisibleMarks(s)
    .trim()
    .replace(/^[#\uFF03\s]+/, '')
    .trim();
  const upper = normalizeDigits(trimmed).toUpperCase();
  const number = AF_NUMBER.exec(upper);
  return number ? `AF-${number[1]}-${number[2]}` : upper;
}
