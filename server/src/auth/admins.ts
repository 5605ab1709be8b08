import type Database from 'better-sqlite3';
import { revokeUserSessions } from '../repositories/sessions-repository.ts';
import {
  countAdmins,
  createUser,
  findUserByEmail,
  normalizeEmail,
  setUserPassword,
  setUserRole,
} from '../repositories/users-repository.ts';
import { hashPassword } from './passwords.ts';
import type { ScryptCost } from './passwords.ts';

export interface AdminResult {
  userId: string;
  email: string;
  /** false when an existing account was promoted (it keeps its id and so its orders). */
  created: boolean;
}

/**
 * Creates an admin account, or makes the account with that email an admin and sets its
 * password. Its other sessions end: whoever knew the old password is signed out.
 */
export async function createOrPromoteAdmin(
  db: Database.Database,
  input: { email: string; password: string; passwordCost?: ScryptCost },
): Promise<AdminResult>;
/** With `onlyIfNoAdmin`, does nothing (null) when an admin exists by the time it writes. */
export async function createOrPromoteAdmin(
  db: Database.Database,
  input: { email: string; password: string; onlyIfNoAdmin: true; passwordCost?: ScryptCost },
): Promise<AdminResult | null>;
export async function createOrPromoteAdmin(
  db: Database.Database,
  input: { email: string; password: string; onlyIfNoAdmin?: boolean; passwordCost?: ScryptCost },
): Promise<AdminResult | null> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password, input.passwordCost);
  // IMMEDIATE: the check and the write happen under one write lock, so two processes starting
  // on one file cannot both decide there is no admin yet.
  return db
    .transaction((): AdminResult | null => {
      if (input.onlyIfNoAdmin && countAdmins(db) > 0) return null;
      const existing = findUserByEmail(db, email);
      if (existing) {
        setUserPassword(db, existing.id, passwordHash);
        setUserRole(db, existing.id, 'admin');
        revokeUserSessions(db, existing.id);
        return { userId: existing.id, email, created: false };
      }
      const user = createUser(db, { email, passwordHash, role: 'admin' });
      return { userId: user.id, email, created: true };
    })
    .immediate();
}
