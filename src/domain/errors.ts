/**
 * The ways a request can fail, one list for every backend: the server answers them as HTTP
 * statuses, the adapters as DataErrors, and the screens translate each (spec section 8).
 */
export type ErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'already-exists'
  | 'failed-precondition'
  | 'rate-limited'
  | 'unavailable'
  | 'internal';

/**
 * A business rule said no (a tampered price, someone else's order, an order past cancelling).
 * Thrown by the shared rules in this folder; the server and every adapter turn it into their own
 * error shape with the same code, message key and field keys.
 */
export class RuleViolation extends Error {
  readonly code: ErrorCode;
  /** Field → translation key, for invalid-argument. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  /**
   * What the screen needs to say more than the message can: the new total when prices changed,
   * the next free windows when a window is full. Plain JSON.
   */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'RuleViolation';
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

/**
 * A refusal that says when trying again can work (a cooldown): the server answers it with a
 * Retry-After header, the adapters with their DataError's `retryAfterSeconds`.
 */
export class RetryLater extends RuleViolation {
  /** Whole seconds, at least 1. */
  readonly retryAfterSeconds: number;

  constructor(
    code: 'rate-limited' | 'unavailable',
    message: string,
    retryAfterMs: number,
    fields?: Record<string, string>,
  ) {
    super(code, message, fields);
    this.name = 'RetryLater';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** zod-style issues as `{ field: message }`, the first problem of each field. */
export function fieldsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}
