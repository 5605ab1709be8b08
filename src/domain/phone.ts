import { normalizeDigits, stripInvisibleMarks } from './digits';

/** Canonical Egyptian mobile: 010 Vodafone, 011 Etisalat (e&), 012 Orange, 015 WE; then 8 digits. */
const CANONICAL_MOBILE = /^01[0125]\d{8}$/;
const SEPARATORS = /[\s\-\u2010-\u2015\u2212().]/g;

export function normalizeEgyptianMobile(input: string): string | null {
  if (typeof input !== 'string') return null;
  const compact = normalizeDigits(stripInvisibleMarks(input)).replace(SEPARATORS, '');
  let national: string;
  if (compact.startsWith('+20')) national = compact.slice(3);
  else if (compact.startsWith('0020')) national = compact.slice(4);
  // Without the plus, "20" is only a country code when the rest is a full national number:
  // a local number always starts with 0, so "20…" of 12 digits cannot be one.
  else if (compact.startsWith('20') && compact.length >= 12) national = compact.slice(2);
  else national = compact;
  // "+20 010…" (country code plus the trunk 0) is a common way to write it; "+20 10…" is correct.
  const mobile = national.startsWith('0') ? national : `0${national}`;
  return CANONICAL_MOBILE.test(mobile) ? mobile : null;
}

export function isEgyptianMobile(input: unknown): boolean {
  return typeof input === 'string' && normalizeEgyptianMobile(input) !== null;
}

/**
 * `201XXXXXXXXX`, the form wa.me and tel: links with a country code expect. Callers pass numbers
 * that were validated when saved, so an invalid one is a bug and fails loudly rather than
 * producing a link to a stranger.
 */
export function toInternationalEgyptian(mobile: string): string {
  const canonical = normalizeEgyptianMobile(mobile);
  if (canonical === null) throw new RangeError(`Not an Egyptian mobile number: ${mobile}`);
  return `20${canonical.slice(1)}`;
}

/** `+201XXXXXXXXX` (E.164): how a verified number is stored and compared (identity, D13). */
export function toE164Egyptian(input: string): string | null {
  const canonical = normalizeEgyptianMobile(input);
  return canonical === null ? null : `+20${canonical.slice(1)}`;
}

/** `01XXXXXXXXX` from an E.164 Egyptian mobile (or any form the phone field accepts). */
export function nationalEgyptian(e164: string): string | null {
  return normalizeEgyptianMobile(e164);
}
