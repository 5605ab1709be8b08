import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import {
  knownAdminPasswordSpellings,
  linkedNumbers,
  productionProblems,
} from '../../src/domain/production-problems.ts';
import { verifyPassword } from './auth/passwords.ts';
import { listAdminPasswordHashes } from './repositories/users-repository.ts';

/**
 * The emails of the admin accounts in the database at `databasePath` whose password is a known
 * one (D24): each stored hash is verified, with its own scrypt parameters, against every
 * spelling the domain lists. Read only, before the server opens (and migrates) the database;
 * no file yet means no admins yet. Throws when the file cannot be read as a database.
 */
export async function storedAdminsWithKnownPasswords(databasePath: string): Promise<string[]> {
  if (databasePath === ':memory:' || !existsSync(databasePath)) return [];
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  let accounts: { email: string; passwordHash: string }[];
  try {
    accounts = listAdminPasswordHashes(db);
  } finally {
    db.close();
  }
  const spellings = knownAdminPasswordSpellings();
  const found: string[] = [];
  for (const account of accounts) {
    // scrypt runs on libuv's thread pool: the spellings of one account are tried side by side.
    const matches = await Promise.all(
      spellings.map((password) => verifyPassword(password, account.passwordHash)),
    );
    if (matches.includes(true)) found.push(account.email);
  }
  return found;
}

/**
 * Why this server must not start as a public site (D24), from its raw settings (`source`, the
 * environment with .env loaded), the build it serves (the numbers customers call are the ones
 * baked into dist's pages, whatever the environment says now) and the admin accounts already in
 * its database.
 */
export async function serverProductionProblems(
  source: Readonly<Record<string, string | undefined>>,
  staticDir: string,
  databasePath: string,
): Promise<string[]> {
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
    adminsWithKnownPasswords: await storedAdminsWithKnownPasswords(databasePath),
  });
}

/** The lines the server prints before it exits, one per problem. */
export function productionRefusal(problems: readonly string[]): string {
  return [
    `Afsh will not start with NODE_ENV=production: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix before the site is public.`,
    ...problems.map((problem) => `  - ${problem}`),
    'Fix them (see README, "Running the self-hosted server on a machine") and start again.',
  ].join('\n');
}
