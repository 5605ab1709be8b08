// Migration 047: an outbox event and its messages may be about no order (the team's weekly
// summary, D27). It starts from a database as the migrations before it left one, holding an
// order with its events and messages written by that schema.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewOutboxMessage } from '../../src/domain/notifications.ts';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { OutboxRepository } from '../../server/src/repositories/outbox-repository.ts';

const T = '2026-11-20T10:00:00.000Z';

/** A database as every migration before 047 left it: an order, its event, two messages. */
function databaseBefore047(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 47)) {
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
     VALUES ('o1', 'AF-20261120-123', 'u1', 'Mona', '01012345678', 'Street 1', 'Street 2',
       'cairo', 'nasr-city', '', 'full', 'apartment', 1, 2, 3, '2026-12-01', '10:00', 2490,
       'EGP', 'cod', 'pending', 'cash', NULL, 'received', ?, ?)`,
  ).run(T, T);
  db.prepare(
    `INSERT INTO outbox_events (id, order_id, type, detail, created_at)
     VALUES ('e1', 'o1', 'order.created', '{}', ?)`,
  ).run(T);
  const message = db.prepare(
    `INSERT INTO outbox_messages (id, event_id, order_id, recipient, channel, fallback, address,
       template, language, params, body, subject, state, tries, max_tries, next_attempt_at,
       last_error, idempotency_key, provider, provider_message_id, fallback_of, created_at,
       updated_at, sent_at)
     VALUES (:id, 'e1', 'o1', :recipient, :channel, '', :address, :template, 'ar', '{}',
       'Booked', '', 'sent', 1, 6, :at, NULL, 'afsh-' || :id, :channel, NULL, NULL, :at, :at,
       :at)`,
  );
  message.run({
    id: 'm1',
    recipient: 'customer',
    channel: 'whatsapp',
    address: '+201012345678',
    template: 'order_created',
    at: T,
  });
  message.run({
    id: 'm2',
    recipient: 'company',
    channel: 'email',
    address: 'team@afsh.example',
    template: 'company_new_order',
    at: T,
  });
  return db;
}

const all = (db: Database.Database, table: string) =>
  db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
const indexes = (db: Database.Database, table: string) =>
  db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name`)
    .all(table);

const SUMMARY: NewOutboxMessage & { id: string } = {
  id: 'weekly-summary:2026-11-21:email',
  recipient: 'company',
  channel: 'email',
  fallback: [],
  address: 'team@afsh.example',
  template: 'weekly_summary',
  language: 'en',
  params: { week: 'Sat, Nov 21 – Fri, Nov 27' },
  body: 'Afsh weekly summary',
  subject: 'Afsh weekly summary: Sat, Nov 21 – Fri, Nov 27',
  maxTries: 6,
};
const WEEK = {
  id: 'weekly-summary:2026-11-21',
  type: 'company.weeklySummary',
  detail: { from: '2026-11-21', to: '2026-11-27' },
};

describe('migration 047: team messages about no order', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-047-'));
    db = databaseBefore047(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an event without an order before it (the NOT NULL this migration lifts)', () => {
    expect(() =>
      db
        .prepare(
          "INSERT INTO outbox_events (id, order_id, type, created_at) VALUES ('w', NULL, 't', ?)",
        )
        .run(T),
    ).toThrow(/NOT NULL/);
  });

  it('keeps every event and message as the older schema wrote them, with their indexes', () => {
    const before = {
      events: all(db, 'outbox_events'),
      messages: all(db, 'outbox_messages'),
      eventIndexes: indexes(db, 'outbox_events'),
      messageIndexes: indexes(db, 'outbox_messages'),
    };
    expect(runMigrations(db, MIGRATIONS_DIR)).toEqual([47, 48]);
    expect(all(db, 'outbox_events')).toEqual(before.events);
    expect(all(db, 'outbox_messages')).toEqual(before.messages);
    expect(indexes(db, 'outbox_events')).toEqual(before.eventIndexes);
    expect(indexes(db, 'outbox_messages')).toEqual(before.messageIndexes);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // Read back through the upcaster: the old rows still name their order.
    const outbox = new OutboxRepository(db);
    expect(outbox.forOrder('o1').map((m) => [m.id, m.orderId, m.recipient])).toEqual([
      ['m1', 'o1', 'customer'],
      ['m2', 'o1', 'company'],
    ]);
  });

  it('then stores a week’s summary once, about no order, and the worker finds it due', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const outbox = new OutboxRepository(db);
    const now = new Date('2026-11-28T07:00:00.000Z');
    const [queued] = outbox.recordOnce(WEEK, [SUMMARY], now);
    expect(queued).toMatchObject({
      id: SUMMARY.id,
      eventId: WEEK.id,
      orderId: null,
      idempotencyKey: `afsh-${SUMMARY.id}`,
      state: 'pending',
    });
    expect(outbox.get(SUMMARY.id)).toEqual(queued);
    // Again, as a second run or a second process on the same file would: nothing more.
    expect(outbox.recordOnce(WEEK, [SUMMARY], now)).toEqual([]);
    expect(outbox.hasEvent(WEEK.id)).toBe(true);
    expect(
      db.prepare('SELECT COUNT(*) AS n FROM outbox_messages WHERE order_id IS NULL').get(),
    ).toEqual({ n: 1 });
    expect(outbox.claimDue(10, 60_000, now).map((m) => m.id)).toEqual([SUMMARY.id]);
    // Deleting an order still takes its own events and messages, and leaves the team's.
    db.prepare("DELETE FROM orders WHERE id = 'o1'").run();
    expect(all(db, 'outbox_messages')).toHaveLength(1);
    expect(all(db, 'outbox_events')).toEqual([expect.objectContaining({ id: WEEK.id })]);
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
             WHERE name LIKE 'outbox_%' ORDER BY type, name`,
          )
          .all();
      expect(schema(db)).toEqual(schema(fresh));
    } finally {
      fresh.close();
    }
  });
});
