// Migration 041: money follows the order (D16). It starts from a database as every other
// migration left one (before 041, whatever their numbers), holding a paid order cancelled and the
// first catalog version, both written before refunds existed, and reads them back through the
// repositories: the order has the terms of its time and owes nothing it was not told of, the
// catalog has the default policy; a refund due written after is kept and found by the queue.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { OrdersRepository } from '../../server/src/repositories/orders-repository.ts';
import { VersionsRepository } from '../../server/src/repositories/versions-repository.ts';
import { DEFAULT_CANCELLATION_POLICY, TERMS_BEFORE_POLICY } from '../../src/domain/cancellation.ts';
import { ratesFromStored } from '../../src/domain/pricing.ts';

const T = '2026-05-20T10:00:00.000Z';

function databaseBefore041(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version !== 41)) {
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
       'EGP', 'card', 'paid', 'paymob', '9', 'cancelled', ?, ?, 'morning', '08:00', '12:00')`,
  ).run(T, T);
  db.prepare(
    `INSERT INTO order_status_history (id, order_id, status, actor, actor_user_id, at)
     VALUES ('h1', 'o1', 'received', 'system', NULL, ?)`,
  ).run(T);
  return db;
}

describe('migration 041: the order’s terms and its refund (D16)', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-041-'));
    db = databaseBefore041(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads an order and a catalog version written before it', () => {
    expect(runMigrations(db, MIGRATIONS_DIR)).toContain(41);
    const order = new OrdersRepository(db).findById('o1')!;
    expect(order.cancellationPolicy).toEqual(TERMS_BEFORE_POLICY);
    expect(order.refund).toBeNull();
    expect(order.paymentStatus).toBe('paid');
    const catalogs = new VersionsRepository(
      db,
      { table: 'price_catalogs', column: 'rates' },
      ratesFromStored,
    );
    expect(catalogs.current().value.cancellationPolicy).toEqual(DEFAULT_CANCELLATION_POLICY);
  });

  it('then keeps a refund due, which the queue finds, oldest first', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const orders = new OrdersRepository(db);
    const refund = {
      amount: 2490,
      fee: 0,
      dueAt: '2026-05-21T09:00:00.000Z',
      refundedAt: null,
      how: null,
      manual: null,
    };
    orders.setPayment('o1', { paymentStatus: 'refund_due', refund });
    expect(orders.findById('o1')).toMatchObject({ paymentStatus: 'refund_due', refund });
    expect(orders.refundQueue().map((o) => o.id)).toEqual(['o1']);
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT * FROM orders WHERE payment_status = 'refund_due'
         ORDER BY json_extract(refund, '$.dueAt')`,
      )
      .all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join(' ')).toContain('orders_refund_queue_idx');
  });
});
