import { errorMessageKey } from '../../data/error-messages';
import { isDataError } from '../../data/port';

/** The field's own refusals (D28), each more telling than its code: shown as they are. */
const CREW_PREFIXES = ['errors:field.', 'errors:dispatch.', 'validation:field.'] as const;

/**
 * The message key of a failed call of the crew's phone: the backend's own field refusal ("this
 * number is not a team leader's", "already past") when it gives one, else the generic wording of
 * its code.
 */
export function crewErrorKey(error: unknown): string {
  if (isDataError(error)) {
    const keys = [error.message, ...Object.values(error.fields ?? {})];
    const own = keys.find((key) => CREW_PREFIXES.some((prefix) => key.startsWith(prefix)));
    if (own) return own;
  }
  return errorMessageKey(error, 'generic');
}
