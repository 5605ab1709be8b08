import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { cachedStatement, userRole } from './users-repository.ts';
import type { UserRole } from './users-repository.ts';

export interface SessionWithUser {
  sessionId: string;
  expiresAt: string;
  revokedAt: string | null;
  /** An anonymous visitor's session from before they wrote anything: short and not sliding (D8). */
  provisional: boolean;
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
  provisional: number;
  user_id: string;
  email: string | null;
  role: string;
  anonymous: number;
  phone: string | null;
}

export function createSession(
  db: Database.Database,
  input: { userId: string; tokenHash: string; expiresAt: string; provisional?: boolean },
): string {
  const id = randomUUID();
  cachedStatement(
    db,
    `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at, provisional)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.tokenHash,
    input.userId,
    new Date().toISOString(),
    input.expiresAt,
    input.provisional ? 1 : 0,
  );
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
    `SELECT s.id AS session_id, s.expires_at, s.revoked_at, s.provisional,
            u.id AS user_id, u.email, u.role, u.anonymous, u.phone
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ?`,
  ).get(tokenHash);
  if (!row) return null;
  return {
    sessionId: row.session_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    provisional: row.provisional === 1,
    user: {
      id: row.user_id,
      email: row.email,
      role: userRole(row.role),
      anonymous: row.anonymous === 1,
      phone: row.phone,
    },
  };
}

/**
 * Whether a session still signs its browser in (not revoked, not expired): a live stream opened
 * with it stops when it no longer does (D19).
 */
export function isSessionLive(
  db: Database.Database,
  sessionId: string,
  now: Date = new Date(),
): boolean {
  return (
    cachedStatement<[string, string], { live: number }>(
      db,
      'SELECT 1 AS live FROM sessions WHERE id = ? AND revoked_at IS NULL AND expires_at > ?',
    ).get(sessionId, now.toISOString()) !== undefined
  );
}

export function extendSession(db: Database.Database, sessionId: string, expiresAt: string): void {
  cachedStatement(db, 'UPDATE sessions SET expires_at = ? WHERE id = ? AND revoked_at IS NULL').run(
    expiresAt,
    sessionId,
  );
}

/**
 * The visitor of a provisional session has written something: from now on it is an ordinary
 * session, sliding like any other (D8).
 */
export function keepSession(db: Database.Database, sessionId: string, expiresAt: string): void {
  cachedStatement(
    db,
    'UPDATE sessions SET provisional = 0, expires_at = ? WHERE id = ? AND revoked_at IS NULL',
  ).run(expiresAt, sessionId);
}

// A revoked session is no longer provisional: it counts against no bound, and is kept a while
// (see deleteEndedSessions) like any other.
export function revokeSession(db: Database.Database, sessionId: string): void {
  cachedStatement(
    db,
    'UPDATE sessions SET revoked_at = ?, provisional = 0 WHERE id = ? AND revoked_at IS NULL',
  ).run(new Date().toISOString(), sessionId);
}

/** Signs a user out everywhere (a password change by admin:create). */
export function revokeUserSessions(db: Database.Database, userId: string): number {
  return cachedStatement(
    db,
    'UPDATE sessions SET revoked_at = ?, provisional = 0 WHERE user_id = ? AND revoked_at IS NULL',
  ).run(new Date().toISOString(), userId).changes;
}

/** Provisional sessions stored, live or expired and not yet pruned (D8). */
export function countProvisionalSessions(db: Database.Database): number {
  return (
    cachedStatement<[], { n: number }>(
      db,
      'SELECT COUNT(*) AS n FROM sessions WHERE provisional = 1',
    ).get()?.n ?? 0
  );
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

/**
 * Provisional sessions, still live, whose visitor has written something since `since` after all
 * (the request that wrote could not say so: the process stopped first): ordinary sessions from
 * now on, until `expiresAt`. A provisional session lives a day, so writes older than that cannot
 * be its visitor's; only the recent ones are read. Returns how many.
 */
export function keepWrittenProvisionalSessions(
  db: Database.Database,
  input: { now: string; since: string; expiresAt: string },
): number {
  return cachedStatement(
    db,
    `UPDATE sessions SET provisional = 0, expires_at = @expiresAt
     WHERE provisional = 1 AND revoked_at IS NULL AND expires_at > @now
       AND user_id IN (
         SELECT user_id FROM orders WHERE created_at > @since
         UNION SELECT user_id FROM reviews WHERE created_at > @since
         UNION SELECT user_id FROM messages WHERE created_at > @since
       )`,
  ).run(input).changes;
}

/**
 * Deletes provisional sessions that have ended: nobody wrote anything with them, so there is
 * nothing to recognise a replayed cookie for (an unknown cookie is refused the same way).
 */
export function deleteExpiredProvisionalSessions(db: Database.Database, now: string): number {
  return cachedStatement(db, 'DELETE FROM sessions WHERE provisional = 1 AND expires_at <= ?').run(
    now,
  ).changes;
}
