// Migration 045 (D20): orders gain a normalised search text behind an FTS5 trigram index, which
// the orders repository fills for the orders already there when it starts; contact messages
// gain who handled them and when, and every message already there reads as not handled. It
// starts from a database as the migrations before it left one.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderSearchText } from '../../src/domain/order-query.ts';
import { SEARCH_TEXT_VERSION } from '../../src/domain/search-text.ts';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { MessagesRepository } from '../../server/src/repositories/messages-repository.ts';
import { OrdersRepository } from '../../server/src/repositories/orders-repository.ts';

const T = '2026-05-20T10:00:00.000Z';

/** A database as every migration before 045 left it: three orders and two contact messages. */
function databaseBefore045(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 45)) {
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
  const order = db.prepare(
    `INSERT INTO orders (id, order_number, user_id, full_name, phone_number, pickup_address,
       dropoff_address, governorate_id, district_id, notes, move_type, housing, pickup_floor,
       dropoff_floor, workers, move_date, move_time, total_price, currency, payment_method,
       payment_status, payment_provider, payment_reference, status, created_at, updated_at)
     VALUES (?, ?, 'u1', ?, ?, 'Street 1', 'Street 2', 'cairo', 'nasr-city', '', 'full',
       'apartment', 1, 2, 3, '2026-06-01', '10:00', 2490, 'EGP', 'cod', 'pending', 'cash', NULL,
       'received', ?, ?)`,
  );
  order.run('o1', 'AF-20260520-123', 'أحمد سامي', '01012345678', T, T);
  order.run('o2', 'AF-20260520-456', 'فاطمة علي', '01123456789', T, T);
  order.run('o3', 'AF-20260520-789', 'مصطفى كامل', '01234567890', T, T);
  const message = db.prepare(
    `INSERT INTO messages (id, name, email, phone, message, user_id, ip, created_at)
     VALUES (?, ?, ?, ?, ?, 'u1', NULL, ?)`,
  );
  message.run('m1', 'Laila', 'laila@example.com', '01123456789', 'Both ways to reply', T);
  message.run('m2', 'Hoda', null, '01012345678', 'Phone only', '2026-05-20T11:00:00.000Z');
  return db;
}

describe('migration 045: the office’s search text and handled messages', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-045-'));
    db = databaseBefore045(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds the columns empty, and the repository fills every order there when it starts', () => {
    expect(runMigrations(db, MIGRATIONS_DIR)).toContain(45);
    const rows = () =>
      db.prepare('SELECT id, search_text, search_version FROM orders ORDER BY id').all() as {
        id: string;
        search_text: string | null;
        search_version: number;
      }[];
    expect(rows().map((row) => [row.search_text, row.search_version])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    const orders = new OrdersRepository(db);
    expect(rows()).toEqual([
      {
        id: 'o1',
        search_text: orderSearchText({
          fullName: 'أحمد سامي',
          orderNumber: 'AF-20260520-123',
          phoneNumber: '01012345678',
        }),
        search_version: SEARCH_TEXT_VERSION,
      },
      expect.objectContaining({ id: 'o2', search_version: SEARCH_TEXT_VERSION }),
      expect.objectContaining({ id: 'o3', search_version: SEARCH_TEXT_VERSION }),
    ]);
    // Nothing left to fill the next time.
    expect(orders.refreshSearchText()).toBe(0);
    expect(() =>
      db.exec("INSERT INTO order_search (order_search, rank) VALUES ('integrity-check', 1)"),
    ).not.toThrow();

    const found = (search: string) =>
      orders
        .list({ search })
        .orders.map((order) => order.id)
        .sort();
    expect(found('احمد')).toEqual(['o1']);
    expect(found('فاطمه')).toEqual(['o2']);
    expect(found('مصطفي')).toEqual(['o3']);
    expect(found('١٠١٢')).toEqual(['o1']);
  });

  it('writes again the text of an order an older version stored or left out', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const orders = new OrdersRepository(db);
    // As an older server (rolled back to, then upgraded again) would leave a row: no text.
    db.prepare("UPDATE orders SET search_text = 'stale', search_version = 0 WHERE id = 'o2'").run();
    expect(orders.list({ search: 'فاطمه' }).orders).toEqual([]);
    // The next start (a new repository) writes it again, and has nothing left after.
    expect(new OrdersRepository(db).refreshSearchText()).toBe(0);
    expect(orders.list({ search: 'فاطمه' }).orders.map((order) => order.id)).toEqual(['o2']);
  });

  it('reads every message there as not handled, and records who handles one', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const messages = new MessagesRepository(db);
    expect(messages.list().map((m) => [m.id, m.handled])).toEqual([
      ['m2', null],
      ['m1', null],
    ]);
    expect(messages.unhandledCount()).toBe(2);
    messages.setHandled('m1', { at: T, by: 'admin@afsh.test' }, 'u1');
    expect(messages.findById('m1')?.handled).toEqual({ at: T, by: 'admin@afsh.test' });
    expect(messages.list('unhandled').map((m) => m.id)).toEqual(['m2']);
    expect(messages.list('handled').map((m) => m.id)).toEqual(['m1']);
    expect(messages.unhandledCount()).toBe(1);
    // The admin's user row may go; the record of who it was stays.
    db.prepare("DELETE FROM users WHERE id = 'u1'").run();
    expect(messages.findById('m1')?.handled).toEqual({ at: T, by: 'admin@afsh.test' });
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });
});
