// Egyptian keyboards type Arabic-Indic digits (٠-٩); Persian/Urdu layouts, which some phones
// default to, type the Extended Arabic-Indic ones (۰-۹). Both must read as plain numbers.
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export function normalizeDigits(s: string): string {
  return s.replace(EASTERN_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero =
      code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

// Embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069) reorder everything that
// follows them up to the end of the paragraph, which may be the rest of an admin's table row.
const BIDI_CONTROL_RANGES = '\\u202A-\\u202E\\u2066-\\u2069';
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_RANGES}]`, 'g');

// Text copied out of right-to-left pages carries invisible direction marks (LRM, RLM, ALM,
// embeddings, isolates) and sometimes a BOM; they make an otherwise valid number fail to match.
const INVISIBLE_MARKS = new RegExp(`[\\u061C\\u200E\\u200F${BIDI_CONTROL_RANGES}\\uFEFF]`, 'g');

export function stripInvisibleMarks(s: string): string {
  return s.replace(INVISIBLE_MARKS, '');
}

/**
 * Free text keeps the direction marks (LRM, RLM, ALM), which only nudge the character next to
 * them, and loses the controls that reorder whole runs (see text.ts).
 */
export function stripBidiControls(s: string): string {
  return s.replace(BIDI_CONTROLS, '');
}

const ARABIC_DECIMAL_SEPARATOR = /\u066B/g;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads a number typed by a person: a finite number as is, or a decimal string in any of the
 * digit sets above (with the Arabic decimal separator ٫). Anything else is NaN, so that callers
 * decide their own fallback. `Number()` alone would accept hex, exponents and booleans.
 */
export function parseDecimal(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = normalizeDigits(stripInvisibleMarks(value).trim()).replace(
    ARABIC_DECIMAL_SEPARATOR,
    '.',
  );
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}
