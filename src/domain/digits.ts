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

// Text copied out of right-to-left pages carries invisible direction marks (LRM, RLM, ALM,
// embeddings, isolates) and sometimes a BOM; they make an otherwise valid number fail to match.
const INVISIBLE_MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export function stripInvisibleMarks(s: string): string {
  return s.replace(INVISIBLE_MARKS, '');
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
