import { fieldsOfIssues, RuleViolation } from '../../../src/domain/errors.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';

/** The call's data as an object (a callable may be sent anything). */
export function objectOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? (data as Record<string, unknown>)
    : {};
}

/**
 * A document id the caller names. Anything that cannot be one ('', a slash, '.' or '..', a
 * non-string) names nothing: `not-found`, as on the server.
 */
export function documentId(value: unknown, notFoundMessage = 'errors:notFound'): string {
  if (
    typeof value !== 'string' ||
    value === '' ||
    value.length > 200 ||
    value.includes('/') ||
    value === '.' ||
    value === '..'
  ) {
    throw new RuleViolation('not-found', notFoundMessage);
  }
  return value;
}

/** invalid-argument naming each field that is wrong. */
export function invalidFields(fields: Record<string, string>): RuleViolation {
  return new RuleViolation('invalid-argument', VALIDATION_MESSAGES.invalid, fields);
}

/** The schema's output, or invalid-argument with the first problem of each field. */
export function parseOrRefuse<T>(
  schema: {
    safeParse(data: unknown):
      | { success: true; data: T }
      | {
          success: false;
          error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
        };
  },
  data: unknown,
): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  return refuse(issues);
}

function refuse(issues: readonly { path: readonly PropertyKey[]; message: string }[]): never {
  throw new RuleViolation(
    'invalid-argument',
    issues[0]?.message ?? VALIDATION_MESSAGES.invalid,
    fieldsOfIssues(issues),
  );
}
