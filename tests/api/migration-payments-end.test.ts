// Migration 043 (docs/decisions.md D18): the payment history's actor becomes a list the domain
// checks (this system now refunds and ends tries on its own), a try records when the gateway
// was asked about it, and payment_work says when an order's payments next need the server. It
// starts from a database as the migrations before it left one, holding tries and history.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { PaymentsRepository } from '../../server/src/repositories/payments-repository.ts';
import { inquiryPolicy } from '../../src/domain/payments.ts';

const T = '2026-05-20T10:00:00.000Z';
const EXPIRES = '2026-05-20T11:00:00.000Z';

/** A database as every migration before 043 left it: a card order, two tries, their history. */
function databaseBefore043(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 43)) {
    copyFileSync(migration.file, join(old, migration.file.split('/').pop()!));
  }
  const db = new Database(join(dir, 'afsh.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  runMigrations(db, old);
  db.prepare(
    `INSERT INTO users (id, role, anonymous, created_at, updated_at)
     VALUES ('u1', 'customer', 1, ?, ?)`,
  ).run(T, T);
  db.prepare(
    `INSERT INTO orders (id, order_number, user_id, full_name, phone_number, pickup_address,
       dropoff_address, governorate_id, district_id, notes, move_type, housing, pickup_floor,
       dropoff_floor, workers, move_date, move_time, total_price, currency, payment_method,
       payment_status, payment_provider, payment_reference, status, created_at, updated_at)
     VALUES ('o1', 'AF-20260520-123', 'u1', 'Mona', '01012345678', 'Street 1', 'Street 2',
       'cairo', 'nasr-city', '', 'full', 'apartment', 1, 2, 3, '2026-06-01', '10:00', 2490,
       'EGP', 'card', 'pending', 'paymob', NULL, 'received', ?, ?)`,
  ).run(T, T);
  const attempt = db.prepare(
    `INSERT INTO payment_attempts (id, order_id, seq, provider, method, state, amount_cents,
       currency, reference, provider_order_id, transaction_id, detail, created_at, updated_at,
       expires_at)
     VALUES (:id, 'o1', :seq, 'paymob', 'card', :state, 249000, 'EGP', :reference, :providerOrder,
       :tx, :detail, :at, :at, :expires)`,
  );
  attempt.run({
    id: 'a1',
    seq: 1,
    state: 'declined',
    reference: 'o1.1',
    providerOrder: '77',
    tx: '9',
    detail: 'Do not honour',
    at: T,
    expires: EXPIRES,
  });
  attempt.run({
    id: 'a2',
    seq: 2,
    state: 'awaiting',
    reference: 'o1.2',
    providerOrder: '78',
    tx: null,
    detail: null,
    at: T,
    expires: EXPIRES,
  });
  const event = db.prepare(
    `INSERT INTO payment_events (id, order_id, attempt_id, kind, actor, actor_user_id,
       transaction_id, amount_cents, detail, at)
     VALUES (?, 'o1', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  event.run('e1', 'a1', 'started', 'customer', 'u1', null, 249000, 'card', T);
  event.run('e2', 'a1', 'declined', 'provider', null, '9', 249000, 'Do not honour', T);
  event.run('e3', 'a2', 'started', 'customer', 'u1', null, 249000, 'card', T);
  return db;
}

const all = (db: Database.Database, table: string) =>
  db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
const indexes = (db: Database.Database, table: string) =>
  db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name`)
    .all(table);

describe('migration 043: payments that always end', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-043-'));
    db = databaseBefore043(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a `system` entry before it (the CHECK list it removes)', () => {
    expect(() =>
      db.prepare("UPDATE payment_events SET actor = 'system' WHERE id = 'e2'").run(),
    ).toThrow(/CHECK/);
  });

  it('keeps every history row and try as they were, their indexes, and foreign keys on', () => {
    const before = {
      events: all(db, 'payment_events'),
      attempts: all(db, 'payment_attempts'),
      eventIndexes: indexes(db, 'payment_events'),
    };
    expect(before.eventIndexes).toContainEqual({ name: 'payment_events_actor_idx' });
    expect(runMigrations(db, MIGRATIONS_DIR)).toContain(43);
    expect(all(db, 'payment_events')).toEqual(before.events);
    expect(indexes(db, 'payment_events')).toEqual(before.eventIndexes);
    expect(all(db, 'payment_attempts')).toEqual(
      (before.attempts as object[]).map((row) => ({ ...row, checked_at: null })),
    );
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // Still cascading: deleting the order takes its history and its work.
    db.prepare("DELETE FROM orders WHERE id = 'o1'").run();
    expect(all(db, 'payment_events')).toEqual([]);
    expect(all(db, 'payment_work')).toEqual([]);
  });

  it('puts the order of a try still undecided in the first round’s work', () => {
    runMigrations(db, MIGRATIONS_DIR);
    expect(all(db, 'payment_work')).toEqual([{ order_id: 'o1', due_at: T }]);
    // The round judges it with the domain's rule and writes its real time.
    const payments = new PaymentsRepository(db, inquiryPolicy(5));
    payments.refreshWork('o1');
    expect(all(db, 'payment_work')).toEqual([
      { order_id: 'o1', due_at: '2026-05-20T10:05:00.000Z' },
    ]);
    expect(payments.attemptsFor('o1').map((a) => [a.id, a.checkedAt])).toEqual([
      ['a2', null],
      ['a1', null],
    ]);
  });

  it('then takes entries by this system, and refused refunds more than once', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const event = db.prepare(
      `INSERT INTO payment_events (id, order_id, attempt_id, kind, actor, transaction_id, at)
       VALUES (?, 'o1', 'a1', ?, ?, '9', ?)`,
    );
    expect(() => event.run('e4', 'reverseFailed', 'system', T)).not.toThrow();
    expect(() => event.run('e5', 'reverseFailed', 'system', T)).not.toThrow();
    // One outcome per transaction and kind otherwise, as before.
    expect(() => event.run('e6', 'declined', 'provider', T)).toThrow(/UNIQUE/);
    // Shape only: no spaces, no capitals, at most 40.
    for (const [id, actor] of [
      ['e7', 'Some One'],
      ['e8', ''],
      ['e9', 'x'.repeat(41)],
    ] as const) {
      expect(() => event.run(id, 'refunded', actor, T), actor).toThrow(/CHECK/);
    }
  });

  it('ends with the schema of a new database', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const fresh = new Database(':memory:');
    try {
      runMigrations(fresh, MIGRATIONS_DIR);
      const schema = (d: Database.Database) =>
        d
          .prepare(
            `SELECT type, name, sql FROM sqlite_master
             WHERE tbl_name IN ('payment_events', 'payment_attempts', 'payment_work') ORDER BY name`,
          )
          .all();
      expect(schema(db)).toEqual(schema(fresh));
    } finally {
      fresh.close();
    }
  });
});
