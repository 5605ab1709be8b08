// Migration 040: the outbox's channel, recipient and state, and the history's actor, are lists
// that grow; after it SQLite checks only their shape (docs/decisions.md D15). It starts from a
// database as the migrations before it left one, holding outbox messages and history.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationChannel } from '../../src/domain/notifications.ts';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { OutboxRepository } from '../../server/src/repositories/outbox-repository.ts';

const T = '2026-05-20T10:00:00.000Z';

/** A database as every migration before 040 left it: an order, its history, two messages. */
function databaseBefore040(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 40)) {
    copyFileSync(migration.file, join(old, migration.file.split('/').pop()!));
  }
  const db = new Database(join(dir, 'afsh.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  runMigrations(db, old);
  expect(runMigrations(db, old)).toEqual([]);
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
       'EGP', 'cod', 'pending', 'cash', NULL, 'received', ?, ?)`,
  ).run(T, T);
  db.prepare(
    `INSERT INTO order_status_history (id, order_id, status, actor, actor_user_id, at)
     VALUES ('h1', 'o1', 'received', 'customer', 'u1', ?)`,
  ).run(T);
  db.prepare(
    `INSERT INTO outbox_events (id, order_id, type, detail, created_at)
     VALUES ('e1', 'o1', 'order.created', '{}', ?)`,
  ).run(T);
  const message = db.prepare(
    `INSERT INTO outbox_messages (id, event_id, order_id, recipient, channel, fallback, address,
       template, language, params, body, subject, state, tries, max_tries, next_attempt_at,
       last_error, idempotency_key, provider, provider_message_id, fallback_of, created_at,
       updated_at, sent_at)
     VALUES (:id, 'e1', 'o1', 'customer', :channel, :fallback, '+201012345678', 'order_created',
       'ar', '{"orderNumber":"AF-20260520-123"}', 'Booked', '', :state, 3, 3, :at, :error,
       'afsh-' || :id, :channel, NULL, :fallbackOf, :at, :at, NULL)`,
  );
  message.run({
    id: 'm1',
    channel: 'whatsapp',
    fallback: 'sms',
    state: 'failed',
    at: T,
    error: 'not on WhatsApp',
    fallbackOf: null,
  });
  message.run({
    id: 'm2',
    channel: 'sms',
    fallback: '',
    state: 'pending',
    at: T,
    error: null,
    fallbackOf: 'm1',
  });
  return db;
}

const all = (db: Database.Database, table: string) =>
  db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
const indexes = (db: Database.Database, table: string) =>
  db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name`)
    .all(table);

describe('migration 040: growing outbox and history lists checked for shape only', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-040-'));
    db = databaseBefore040(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a Telegram message before it (the CHECK list this migration removes)', () => {
    expect(() =>
      db.prepare("UPDATE outbox_messages SET channel = 'telegram' WHERE id = 'm2'").run(),
    ).toThrow(/CHECK/);
  });

  it('keeps every message and history row as it was, with their indexes, and foreign keys on', () => {
    const before = {
      messages: all(db, 'outbox_messages'),
      history: all(db, 'order_status_history'),
      messageIndexes: indexes(db, 'outbox_messages'),
      historyIndexes: indexes(db, 'order_status_history'),
    };
    expect(before.messages).toHaveLength(2);
    expect(runMigrations(db, MIGRATIONS_DIR)).toEqual(
      listMigrations()
        .filter((m) => m.version >= 40)
        .map((m) => m.version),
    );
    expect(all(db, 'outbox_messages')).toEqual(before.messages);
    // Later migrations may add columns (042: what an entry says beyond its status, D17); the
    // rows keep every value they had.
    const columns = Object.keys(before.history[0] as object);
    const kept = (all(db, 'order_status_history') as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(columns.map((column) => [column, row[column]])),
    );
    expect(kept).toEqual(before.history);
    expect(indexes(db, 'outbox_messages')).toEqual(before.messageIndexes);
    // Later migrations may add an index (048: a crew phone's tap, D28); none is lost.
    expect(indexes(db, 'order_status_history')).toEqual(
      expect.arrayContaining(before.historyIndexes as unknown[]),
    );
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // The worker's partial index still serves its question.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM outbox_messages
         WHERE state IN ('pending', 'sending') AND next_attempt_at <= ? ORDER BY next_attempt_at`,
      )
      .all(T) as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain('outbox_messages_due_idx');
    // Still cascading: deleting the first message takes its stand-in, the order the rest.
    db.prepare("DELETE FROM outbox_messages WHERE id = 'm1'").run();
    expect(all(db, 'outbox_messages')).toEqual([]);
    db.prepare("DELETE FROM orders WHERE id = 'o1'").run();
    expect(all(db, 'order_status_history')).toEqual([]);
    expect(all(db, 'outbox_events')).toEqual([]);
  });

  it('then takes a Telegram message to a new kind of recipient, and reads it back', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const outbox = new OutboxRepository(db);
    const [queued] = outbox.record({ orderId: 'o1', type: 'order.created', detail: {} }, [
      {
        recipient: 'company',
        channel: 'telegram' as NotificationChannel,
        fallback: [],
        address: '@afsh_team',
        template: 'order_created',
        language: 'en',
        params: {},
        body: 'A new order',
        subject: '',
        maxTries: 2,
      },
    ]);
    db.prepare(
      "UPDATE outbox_messages SET recipient = 'driver', state = 'scheduled' WHERE id = ?",
    ).run(queued!.id);
    expect(outbox.get(queued!.id)).toMatchObject({
      channel: 'telegram',
      recipient: 'driver',
      state: 'scheduled',
      body: 'A new order',
    });
    expect(outbox.forOrder('o1').map((m) => m.channel)).toEqual(['whatsapp', 'sms', 'telegram']);
    const history = db.prepare(
      "INSERT INTO order_status_history (id, order_id, status, actor, at) VALUES (?, 'o1', 'received', ?, ?)",
    );
    expect(() => history.run('h2', 'provider', T)).not.toThrow();
  });

  it('still checks the shape, and keeps the two languages a closed list', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const set = (column: string, value: string) => () =>
      db.prepare(`UPDATE outbox_messages SET ${column} = ? WHERE id = 'm2'`).run(value);
    for (const [column, value] of [
      ['channel', 'Tele gram'],
      ['channel', ''],
      ['recipient', 'x'.repeat(41)],
      ['state', 'Pending!'],
      ['language', 'fr'],
    ] as const) {
      expect(set(column, value), `${column} = ${value}`).toThrow(/CHECK/);
    }
    expect(() =>
      db.prepare("UPDATE order_status_history SET actor = 'Some One' WHERE id = 'h1'").run(),
    ).toThrow(/CHECK/);
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
             WHERE tbl_name IN ('outbox_messages', 'order_status_history') ORDER BY name`,
          )
          .all();
      expect(schema(db)).toEqual(schema(fresh));
    } finally {
      fresh.close();
    }
  });
});
