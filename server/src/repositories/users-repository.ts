import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { isClaimableOwner } from '../../../src/domain/phone-verification.ts';

export type UserRole = 'customer' | 'admin';

/**
 * A stored role as this version knows it: roles are a list that grows (D13 leaves room for
 * crew leaders), so a role written by a newer version reads as the least privileged one.
 */
export function userRole(stored: string): UserRole {
  return stored === 'admin' ? 'admin' : 'customer';
}

export interface UserRecord {
  id: string;
  email: string | null;
  passwordHash: string | null;
  role: UserRole;
  anonymous: boolean;
  /** The verified mobile number (E.164, D13), or null. */
  phone: string | null;
  createdAt: string;
}

interface UserRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  role: string;
  anonymous: number;
  phone: string | null;
  created_at: string;
}

const COLUMNS = 'id, email, password_hash, role, anonymous, phone, created_at';

const statementsByDb = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * `db.prepare(sql)`, once per database. better-sqlite3 keeps no statement cache of its own, and
 * preparing (parsing and planning the SQL) cost several times what running these lookups does:
 * the session lookup ran on every /api request. Prepared lazily, one statement at a time, so a
 * database whose migrations have not made a table yet (see moveOrders) only fails on use.
 * A schema change later is fine: SQLite re-prepares a statement whose schema changed.
 */
export function cachedStatement<Params extends unknown[] = unknown[], Row = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<Params, Row> {
  let statements = statementsByDb.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDb.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement as Database.Statement<Params, Row>;
}

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    role: userRole(row.role),
    anonymous: row.anonymous === 1,
    phone: row.phone,
    createdAt: row.created_at,
  };
}

/** Emails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** SQLite's answer when the unique email index refuses a row. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

export function findUserById(db: Database.Database, id: string): UserRecord | null {
  const row = cachedStatement<[string], UserRow>(
    db,
    `SELECT ${COLUMNS} FROM users WHERE id = ?`,
  ).get(id);
  return row ? toRecord(row) : null;
}

export function findUserByEmail(db: Database.Database, email: string): UserRecord | null {
  const row = cachedStatement<[string], UserRow>(
    db,
    `SELECT ${COLUMNS} FROM users WHERE email = ?`,
  ).get(normalizeEmail(email));
  return row ? toRecord(row) : null;
}

/** `at` is for imports and seeds that back-date the visit; a live sign-in uses now. */
export function createAnonymousUser(db: Database.Database, at: Date = new Date()): UserRecord {
  const now = at.toISOString();
  const id = randomUUID();
  cachedStatement(
    db,
    `INSERT INTO users (id, email, password_hash, role, anonymous, created_at, updated_at)
     VALUES (?, NULL, NULL, 'customer', 1, ?, ?)`,
  ).run(id, now, now);
  return {
    id,
    email: null,
    passwordHash: null,
    role: 'customer',
    anonymous: true,
    phone: null,
    createdAt: now,
  };
}

/** Throws a SQLITE_CONSTRAINT_UNIQUE error (see isUniqueViolation) when the email is taken. */
export function createUser(
  db: Database.Database,
  input: { email: string; passwordHash: string; role?: UserRole },
): UserRecord {
  const now = new Date().toISOString();
  const id = randomUUID();
  const email = normalizeEmail(input.email);
  const role = input.role ?? 'customer';
  cachedStatement(
    db,
    `INSERT INTO users (id, email, password_hash, role, anonymous, created_at, updated_at)
     VALUES (?, ?, ?, ?, 0, ?, ?)`,
  ).run(id, email, input.passwordHash, role, now, now);
  return {
    id,
    email,
    passwordHash: input.passwordHash,
    role,
    anonymous: false,
    phone: null,
    createdAt: now,
  };
}

/**
 * Gives a user without an email (an anonymous visitor, or a customer known by a proved number,
 * D13) an email and password in place: the id, and so every order that points at it, stays the
 * same. Returns null when the row has an email by now (a second tab signed up first). Throws a
 * unique violation when the email is taken.
 */
export function upgradeAnonymousUser(
  db: Database.Database,
  id: string,
  input: { email: string; passwordHash: string },
): UserRecord | null {
  const result = cachedStatement(
    db,
    `UPDATE users SET email = ?, password_hash = ?, anonymous = 0, updated_at = ?
     WHERE id = ? AND email IS NULL`,
  ).run(normalizeEmail(input.email), input.passwordHash, new Date().toISOString(), id);
  return result.changes === 1 ? findUserById(db, id) : null;
}

export function setUserPassword(db: Database.Database, id: string, passwordHash: string): void {
  cachedStatement(db, 'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(
    passwordHash,
    new Date().toISOString(),
    id,
  );
}

export function setUserRole(db: Database.Database, id: string, role: UserRole): void {
  cachedStatement(db, 'UPDATE users SET role = ?, updated_at = ? WHERE id = ?').run(
    role,
    new Date().toISOString(),
    id,
  );
}

export function countAdmins(db: Database.Database): number {
  const row = cachedStatement<[], { n: number }>(
    db,
    "SELECT COUNT(*) AS n FROM users WHERE role = 'admin'",
  ).get();
  return row?.n ?? 0;
}

/**
 * Every admin account that signs in with a password, with its stored hash: what the production
 * guard tries known passwords against (D24). Any version's database answers it (the columns are
 * migration 001's), and one not yet migrated at all has no admins.
 */
export function listAdminPasswordHashes(
  db: Database.Database,
): { email: string; passwordHash: string }[] {
  if (!tableExists(db, 'users')) return [];
  return db
    .prepare<[], { email: string; passwordHash: string }>(
      `SELECT email, password_hash AS passwordHash FROM users
       WHERE role = 'admin' AND email IS NOT NULL AND password_hash IS NOT NULL
       ORDER BY email`,
    )
    .all();
}

function tableExists(db: Database.Database, name: string): boolean {
  return (
    cachedStatement<[string], { name: string }>(
      db,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?",
    ).get(name) !== undefined
  );
}

/**
 * Moves the orders of `fromUserId` (an anonymous visitor who then signed in) to `toUserId`.
 * Returns how many moved. Reviews stay with the visitor: they are public and carry no account.
 */
export function moveOrders(db: Database.Database, fromUserId: string, toUserId: string): number {
  if (fromUserId === toUserId || !tableExists(db, 'orders')) return 0;
  return cachedStatement(db, 'UPDATE orders SET user_id = ? WHERE user_id = ?').run(
    toUserId,
    fromUserId,
  ).changes;
}

export function findUserByPhone(db: Database.Database, phone: string): UserRecord | null {
  const row = cachedStatement<[string], UserRow>(
    db,
    `SELECT ${COLUMNS} FROM users WHERE phone = ?`,
  ).get(phone);
  return row ? toRecord(row) : null;
}

/** A customer known by a verified number alone (D13). Throws a unique violation when taken. */
export function createPhoneUser(db: Database.Database, phone: string): UserRecord {
  const now = new Date().toISOString();
  const id = randomUUID();
  cachedStatement(
    db,
    `INSERT INTO users (id, email, password_hash, role, anonymous, phone, phone_verified_at,
                        created_at, updated_at)
     VALUES (?, NULL, NULL, 'customer', 0, ?, ?, ?, ?)`,
  ).run(id, phone, now, now, now);
  return {
    id,
    email: null,
    passwordHash: null,
    role: 'customer',
    anonymous: false,
    phone,
    createdAt: now,
  };
}

/** Gives an account its verified number (or a new one). Throws a unique violation when taken. */
export function setUserPhone(db: Database.Database, id: string, phone: string): void {
  const now = new Date().toISOString();
  cachedStatement(
    db,
    'UPDATE users SET phone = ?, phone_verified_at = ?, updated_at = ? WHERE id = ? AND anonymous = 0',
  ).run(phone, now, now, id);
}

/**
 * The orders booked for `nationalPhone` that nobody who proved it owns yet (the domain's
 * `isClaimableOwner`: the office's bookings for a caller, an anonymous visitor's, ownerless ones)
 * become `userId`'s, the number's proved owner (D13). Orders of other customers' accounts stay
 * theirs. Returns how many moved.
 */
export function claimOrdersByPhone(
  db: Database.Database,
  nationalPhone: string,
  userId: string,
): number {
  const orders = cachedStatement<
    [string, string],
    { id: string; owner: string | null; anonymous: number | null; role: string | null }
  >(
    db,
    `SELECT o.id, o.user_id AS owner, u.anonymous, u.role
     FROM orders o LEFT JOIN users u ON u.id = o.user_id
     WHERE o.phone_number = ? AND (o.user_id IS NULL OR o.user_id <> ?)`,
  ).all(nationalPhone, userId);
  const move = cachedStatement<[string, string]>(db, 'UPDATE orders SET user_id = ? WHERE id = ?');
  let moved = 0;
  for (const order of orders) {
    const owner =
      order.owner === null || order.anonymous === null
        ? null
        : { anonymous: order.anonymous === 1, isAdmin: userRole(order.role ?? '') === 'admin' };
    if (!isClaimableOwner(owner)) continue;
    moved += move.run(userId, order.id).changes;
  }
  return moved;
}

/**
 * SQL that is true when the user `u` has written something of theirs the product keeps: an
 * order, a review or a contact message (D8). Each is one look-up in an index on user_id.
 */
const HAS_WRITTEN = `(EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)
  OR EXISTS (SELECT 1 FROM reviews r WHERE r.user_id = u.id)
  OR EXISTS (SELECT 1 FROM messages m WHERE m.user_id = u.id))`;

/** Whether the user has placed an order, posted a review or sent a message. */
export function hasWritten(db: Database.Database, userId: string): boolean {
  const row = cachedStatement<[string], { written: number }>(
    db,
    `SELECT ${HAS_WRITTEN} AS written FROM users u WHERE u.id = ?`,
  ).get(userId);
  return row?.written === 1;
}

/**
 * Deletes anonymous users who have written nothing and whose sessions are ending: provisional
 * ones past their day (`now`), and others the prune deletes, having ended before `before`. A user
 * with another live session stays. Nobody can sign in as them again, and nothing points at them;
 * their sessions go with them. Only users with a session ending are looked at, never the whole
 * table: every anonymous user has a session until the prune takes its last one (migration 012
 * deleted those an older version had left without any). Returns how many users were deleted.
 */
export function deleteIdleAnonymousUsers(
  db: Database.Database,
  now: string,
  before: string,
): number {
  return cachedStatement(
    db,
    `DELETE FROM users WHERE id IN (
       SELECT u.id FROM users u
       WHERE u.id IN (
           SELECT s.user_id FROM sessions s
           WHERE (s.provisional = 1 AND s.expires_at <= @now)
              OR s.expires_at < @before OR s.revoked_at < @before
         )
         AND u.anonymous = 1
         AND NOT EXISTS (
           SELECT 1 FROM sessions l
           WHERE l.user_id = u.id AND l.revoked_at IS NULL AND l.expires_at > @now
         )
         AND NOT ${HAS_WRITTEN}
     )`,
  ).run({ now, before }).changes;
}

/**
 * Deletes the `count` anonymous users whose provisional sessions are the oldest, with those
 * sessions, to make room for new ones (D8). A user who has written something keeps theirs,
 * whatever the session row still says. Returns how many users were deleted.
 */
export function deleteOldestUnusedAnonymousUsers(db: Database.Database, count: number): number {
  if (count <= 0) return 0;
  return cachedStatement(
    db,
    `DELETE FROM users WHERE id IN (
       SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.provisional = 1 AND u.anonymous = 1 AND NOT ${HAS_WRITTEN}
       ORDER BY s.created_at
       LIMIT ?
     )`,
  ).run(count).changes;
}
