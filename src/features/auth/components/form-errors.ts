import type { ZodError } from 'zod';
import { fieldMessageKey } from '../../../data/error-messages';
import { isDataError } from '../../../data/port';

/** Field → first translation key, from a failed zod parse of a domain schema. */
export function fieldErrors<F extends string>(error: ZodError): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    out[field] ??= issue.message;
  }
  return out;
}

/** The server's field messages (invalid-argument), as keys this app can translate. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  known: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!isDataError(error) || !error.fields) return out;
  for (const [field, key] of Object.entries(error.fields)) {
    if ((known as readonly string[]).includes(field)) out[field as F] = fieldMessageKey(key);
  }
  return out;
}
