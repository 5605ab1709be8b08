import type Database from 'better-sqlite3';
import type { ServerEnv } from '../plugins/env.ts';
import { countAdmins } from '../repositories/users-repository.ts';
import { createOrPromoteAdmin } from './admins.ts';
import { generatePassword } from './passwords.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@afsh.local';

export interface InitialAdminLog {
  info(message: string): void;
  info(object: object, message: string): void;
}

export type InitialAdminOutcome =
  | { action: 'none' }
  | { action: 'created' | 'promoted'; email: string; generatedPassword: boolean };

/** The one place a generated password is shown: straight to stdout, never through the logger. */
export function credentialsBanner(email: string, password: string): string {
  const line = '='.repeat(72);
  return [
    '',
    line,
    '  Afsh: the first admin account was created.',
    '',
    `    email:    ${email}`,
    `    password: ${password}`,
    '',
    '  Save these now: they will not be shown again.',
    '  Sign in at /admin-login. Change the password with:',
    `    npm run admin:create -- --email ${email}`,
    line,
    '',
    '',
  ].join('\n');
}

/**
 * Makes sure the server can be administered from its first start (D2). When no admin exists:
 * with ADMIN_EMAIL and ADMIN_PASSWORD that account is created (or promoted); otherwise an
 * account (ADMIN_EMAIL or admin@afsh.local) gets a generated password, printed once. Once any
 * admin exists this does nothing, so a restart never adds a second one or resets a password.
 */
export async function ensureInitialAdmin(
  db: Database.Database,
  env: Pick<ServerEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: InitialAdminLog,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<InitialAdminOutcome> {
  if (countAdmins(db) > 0) return { action: 'none' };

  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = env.ADMIN_PASSWORD === undefined;
  const password = env.ADMIN_PASSWORD ?? generatePassword();

  const result = await createOrPromoteAdmin(db, { email, password, onlyIfNoAdmin: true });
  // Another process on the same file got there first.
  if (!result) return { action: 'none' };
  const action = result.created ? 'created' : 'promoted';

  log.info({ email, generatedPassword }, `first admin account ${action}`);
  if (generatedPassword) print(credentialsBanner(email, password));
  return { action, email, generatedPassword };
}
