/**
 * An Egyptian mobile as people write it, `010 1234 5678`, from a number as it is stored (E.164,
 * `+201…`, or national, `01…`); anything else as it is. Its own module of a few lines: the
 * header, on every page, writes the signed-in customer's number with it, and importing
 * phone-number.tsx there costs the first download a chunk of its own (scripts/bundle-budget.ts).
 */
export function groupMobile(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 12 && digits.startsWith('20') ? `0${digits.slice(2)}` : digits;
  return /^01\d{9}$/.test(national)
    ? `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`
    : value;
}
