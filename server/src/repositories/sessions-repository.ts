import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { cachedStatement, userRole } from './users-repository.ts';
import type { UserRole } from './users-repository.ts';

export interface SessionWithUser {
  sessionId: string;
  expiresAt: string;
  revokedAt: string | null;
  user: {
    id: string;
    email: string | null;
    role: UserRole;
    anonymous: boolean;
    phone: string | null;
  };
}

interface SessionRow {
  session_id: string;
  expires_at: string;
  revoked_at: string | null;
  user_id: string;
  email: string | null;
  role: string;
  anonymous: number;
  phone: string | null;
}

export function createSession(
  db: Database.Database,
  input: { userId: string; tokenHash: string; expiresAt: string },
): string {
  const id = randomUUID();
  cachedStatement(
    db,
    `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(id, input.tokenHash, input.userId, new Date().toISOString(), input.expiresAt);
  return id;
}

/** The session and its user, whatever its state: the caller decides about expiry and revocation. */
export function findSessionByTokenHash(
  db: Database.Database,
  tokenHash: string,
): SessionWithUser | null {
  // Runs on every /api request that carries a session cookie.
  const row = cachedStatement<[string], SessionRow>(
    db,
    `SELECT s.id AS session_id, s.expires_at, s.revoked_at,
            u.id AS user_id, u.email, u.role, u.anonymous, u.phone
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ?`,
  ).get(tokenHash);
  if (!row) return null;
  return {
    sessionId: row.session_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    user: {
      id: row.user_id,
      email: row.email,
      role: userRole(row.role),
      anonymous: row.anonymous === 1,
      phone: row.phone,
    },
  };
}

export function extendSession(db: Database.Database, sessionId: string, expiresAt: string): void {
  cachedStatement(db, 'UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL').run(
    expiresAt,
    sessionId,
  );
}

export function revokeSession(db: Database.Database, sessionId: string): void {
  cachedStatement(db, 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(
    new Date().toISOString(),
    sessionId,
  );
}

/** Signs a user out everywhere (a password change by admin:create). */
export function revokeUserSessions(db: Database.Database, userId: string): number {
  return cachedStatement(
    db,
    'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
  ).run(new Date().toISOString(), userId).changes;
}

/**
 * Deletes sessions that ended (expired or revoked) before `before`. Revoked rows are kept a while
 * first so a replayed cookie is recognised as revoked rather than merely unknown.
 */
export function deleteEndedSessions(db: Database.Database, before: string): number {
  return cachedStatement(db, 'DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?').run(
    before,
    before,
  ).changes;
}
