import type { z } from 'zod';

/** The first message for each top-level field of a failed parse. */
export function fieldIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Focuses the first field, in screen order, that has a problem. */
export function focusFirstInvalid(
  order: readonly string[],
  errors: Record<string, string>,
  idFor: (field: string) => string,
): void {
  const first = order.find((field) => field in errors);
  if (!first) return;
  const element = document.getElementById(idFor(first));
  element?.focus();
}
