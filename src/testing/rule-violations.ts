import { RuleViolation } from '../domain/errors';

/** The violation `check` throws, or fails the test when it throws nothing (or something else). */
export function violation(check: () => unknown): RuleViolation {
  try {
    check();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a RuleViolation');
}
