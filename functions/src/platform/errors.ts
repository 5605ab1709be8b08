import { RetryLater, RuleViolation, type ErrorCode } from '../../../src/domain/errors.ts';

/** What a caller learns about a failure: the shared error code, its message key, field keys. */
export interface FailureDetails {
  code: ErrorCode;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** What the screen needs beyond the message: the new total, the next free windows (JSON). */
  details?: Record<string, unknown>;
}

/** The callable protocol's code for each of ours (firebase-functions `FunctionsErrorCode`). */
export const CALLABLE_CODES = {
  'invalid-argument': 'invalid-argument',
  unauthenticated: 'unauthenticated',
  'permission-denied': 'permission-denied',
  'not-found': 'not-found',
  'already-exists': 'already-exists',
  'failed-precondition': 'failed-precondition',
  'rate-limited': 'resource-exhausted',
  unavailable: 'unavailable',
  internal: 'internal',
} as const satisfies Record<ErrorCode, string>;

/**
 * Any failure as (code, message, details). A rule's refusal keeps its code, message key and
 * fields; anything else is an internal error whose message says nothing about the cause (it is
 * logged by the caller instead).
 */
export function describeFailure(error: unknown): { message: string; details: FailureDetails } {
  if (error instanceof RuleViolation) {
    return {
      message: error.message,
      details: {
        code: error.code,
        ...(error.fields ? { fields: { ...error.fields } } : {}),
        ...(error.details ? { details: JSON.parse(JSON.stringify(error.details)) } : {}),
        // A limit reached (D8) or a cooldown says when trying again can work.
        ...(error instanceof RetryLater ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      },
    };
  }
  return { message: 'errors:unavailable', details: { code: 'internal' } };
}
