import type { z } from 'zod';

// What the schema tests compare: a parse's issues as [path, message] pairs, or its data.

export type Issue = [path: string, message: string];

export function issuesOf(result: z.ZodSafeParseResult<unknown>): Issue[] {
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

export function dataOf<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(issuesOf(result))}`);
  return result.data;
}

export const repeat = (n: number) => 'x'.repeat(n);
