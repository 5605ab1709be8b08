import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { linkedNumbers, productionProblems } from '../../src/domain/production-problems.ts';

/**
 * Why this server must not start as a public site (D24), from its raw settings (`source`, the
 * environment with .env loaded) and the build it serves: the numbers customers call are the
 * ones baked into dist's pages, whatever the environment says now.
 */
export function serverProductionProblems(
  source: Readonly<Record<string, string | undefined>>,
  staticDir: string,
): string[] {
  let builtNumbers: string[] | undefined;
  try {
    builtNumbers = linkedNumbers(readFileSync(join(resolve(staticDir), 'index.html'), 'utf8'));
  } catch {
    // No build (an API-only server): the VITE_* settings a build would use are checked instead.
  }
  return productionProblems({
    env: source,
    backend: 'server',
    ...(builtNumbers ? { builtNumbers } : {}),
  });
}

/** The lines the server prints before it exits, one per problem. */
export function productionRefusal(problems: readonly string[]): string {
  return [
    `Afsh will not start with NODE_ENV=production: ${problems.length} setting${problems.length === 1 ? '' : 's'} would mislead customers.`,
    ...problems.map((problem) => `  - ${problem}`),
    'Fix them (see README, "Running the self-hosted server on a machine") and start again.',
  ].join('\n');
}
