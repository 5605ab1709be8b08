// Migration 042: an order's history says more than its status (D17): a kind, a reason and a
// reschedule's slots. It starts from a database as the migrations before it left one, holding an
// order and its history, and reads them back through the repository (orderFromStored).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { OrdersRepository } from '../../server/src/repositories/orders-repository.ts';

const T = '2026-05-20T10:00:00.000Z';
const MORNING = { id: 'morning', start: '08:00', end: '12:00' };

function databaseBefore042(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 42)) {
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
       payment_status, payment_provider, payment_reference, status, created_at, updated_at,
       window_id, window_start, window_end)
     VALUES ('o1', 'AF-20260520-123', 'u1', 'Mona', '01012345678', 'Street 1', 'Street 2',
       'cairo', 'nasr-city', '', 'full', 'apartment', 1, 2, 3, '2026-06-01', '09:00', 2490,
       'EGP', 'cod', 'pending', 'cash', NULL, 'cancelled', ?, ?, 'morning', '08:00', '12:00')`,
  ).run(T, T);
  const history = db.prepare(
    `INSERT INTO order_status_history (id, order_id, status, actor, actor_user_id, at)
     VALUES (?, 'o1', ?, ?, NULL, ?)`,
  );
  history.run('h1', 'received', 'system', T);
  // Before D17 an admin could bring an order back with a plain status change.
  history.run('h2', 'cancelled', 'customer', '2026-05-20T11:00:00.000Z');
  history.run('h3', 'received', 'admin', '2026-05-20T12:00:00.000Z');
  history.run('h4', 'cancelled', 'admin', '2026-05-20T13:00:00.000Z');
  return db;
}

describe('migration 042: what a history entry says beyond its status (D17)', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-042-'));
    db = databaseBefore042(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the entries written before as plain status changes, none lost', () => {
    expect(runMigrations(db, MIGRATIONS_DIR)).toContain(42);
    const order = new OrdersRepository(db).findById('o1')!;
    expect(order.statusHistory).toEqual([
      { status: 'received', at: T, actor: 'system' },
      { status: 'cancelled', at: '2026-05-20T11:00:00.000Z', actor: 'customer' },
      { status: 'received', at: '2026-05-20T12:00:00.000Z', actor: 'admin' },
      { status: 'cancelled', at: '2026-05-20T13:00:00.000Z', actor: 'admin' },
    ]);
    expect(new OrdersRepository(db).findTracking('AF-20260520-123')!.statusHistory).toHaveLength(4);
  });

  it('then keeps a going back’s kind and reason, and a reschedule’s slots', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const orders = new OrdersRepository(db);
    const at = '2026-05-21T09:00:00.000Z';
    orders.storeChange(
      'o1',
      { status: 'received', actor: 'admin', note: { kind: 'uncancelled', reason: 'Called' } },
      { userId: null, at },
    );
    const moved = {
      from: { date: '2026-06-01', time: '09:00', window: MORNING },
      to: { date: '2026-06-02', time: '08:00', window: MORNING },
    };
    const later = '2026-05-21T10:00:00.000Z';
    const after = orders.storeChange(
      'o1',
      {
        actor: 'customer',
        slot: { moveDate: '2026-06-02', moveTime: '08:00', timeWindow: MORNING },
        note: { kind: 'rescheduled', moved },
      },
      { userId: 'u1', at: later },
    )!;
    expect(after).toMatchObject({ status: 'received', moveDate: '2026-06-02', moveTime: '08:00' });
    expect(after.statusHistory.slice(-2)).toEqual([
      { status: 'received', at, actor: 'admin', kind: 'uncancelled', reason: 'Called' },
      { status: 'received', at: later, actor: 'customer', kind: 'rescheduled', moved },
    ]);
    // The public copy knows the kinds, never the reason nor the slots.
    expect(orders.findTracking('AF-20260520-123')!.statusHistory.slice(-2)).toEqual([
      { status: 'received', at, actor: 'admin', kind: 'uncancelled' },
      { status: 'received', at: later, actor: 'customer', kind: 'rescheduled' },
    ]);
  });

  it('checks only the shape of a kind (a list that grows), and that the slots are JSON', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const insert = db.prepare(
      `INSERT INTO order_status_history (id, order_id, status, actor, at, kind, moved)
       VALUES (?, 'o1', 'received', 'admin', ?, ?, ?)`,
    );
    insert.run('h5', '2026-05-22T10:00:00.000Z', 'paused', null);
    expect(() => insert.run('h6', T, 'Not A Kind', null)).toThrow(/CHECK/);
    expect(() => insert.run('h7', T, 'rescheduled', '{not json')).toThrow(/CHECK/);
    // A kind this code does not know (a newer version wrote it) is read, kept as it is.
    expect(new OrdersRepository(db).findById('o1')!.statusHistory.at(-1)!.kind).toBe('paused');
  });
});
