// Migration 048 (D28): dispatch's tables on a database as the migrations before it left one. Its
// orders hold their booked windows without a crew, it has no fleet (the plan's counts stand in),
// and an order reads back without an assignment.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { CapacityRepository } from '../../server/src/repositories/capacity-repository.ts';
import { OrdersRepository } from '../../server/src/repositories/orders-repository.ts';

const T = '2026-11-20T10:00:00.000Z';

/** A database as every migration before 048 left it: three orders, one of them cancelled. */
function databaseBefore048(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 48)) {
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
       payment_status, payment_provider, payment_reference, status, created_at, updated_at,
       dropoff_governorate_id, dropoff_district_id, window_id, window_start, window_end)
     VALUES (:id, :number, 'u1', 'Mona', '01012345678', 'Street 1', 'Street 2',
       'cairo', 'nasr-city', '', 'full', 'apartment', 1, 2, 3, '2026-12-01', '08:00', 2490,
       'EGP', 'cod', 'pending', 'cash', NULL, :status, :at, :at, 'giza', 'dokki', :window,
       :start, :end)`,
  );
  const morning = { window: 'morning', start: '08:00', end: '12:00' };
  order.run({ id: 'o1', number: 'AF-20261120-101', status: 'received', at: T, ...morning });
  order.run({ id: 'o2', number: 'AF-20261120-102', status: 'cancelled', at: T, ...morning });
  // From before windows (D12): no window, holds none.
  order.run({
    id: 'o3',
    number: 'AF-20261120-103',
    status: 'received',
    at: T,
    window: null,
    start: null,
    end: null,
  });
  db.prepare(
    `INSERT INTO order_status_history (id, order_id, status, actor, actor_user_id, at)
     VALUES ('h1', 'o1', 'received', 'system', NULL, ?)`,
  ).run(T);
  return db;
}

describe('migration 048: dispatch', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-048-'));
    db = databaseBefore048(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every order; the booked ones hold their window without a crew', () => {
    expect(runMigrations(db, MIGRATIONS_DIR)).toEqual([48]);
    const orders = new OrdersRepository(db);
    expect(orders.holdersBetween('2026-12-01', '2026-12-01').get('2026-12-01')).toEqual({
      morning: [
        {
          orderId: 'o1',
          crewId: null,
          truckId: null,
          dropoff: { governorateId: 'giza', districtId: 'dokki' },
        },
      ],
    });
    const o1 = orders.findById('o1')!;
    expect(o1.assignment).toBeNull();
    expect(o1.statusHistory).toEqual([{ status: 'received', at: T, actor: 'system' }]);
    // No fleet was saved: the plan's counts stand in for it (fleetOfPlan).
    expect(new CapacityRepository(db).fleets.currentOrNull()).toBeNull();
  });

  it('a cancel then frees the window, and an un-cancel takes it again, from the stored order', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const orders = new OrdersRepository(db);
    const at = '2026-11-21T10:00:00.000Z';
    orders.inTransaction(() =>
      orders.storeChange('o1', { status: 'cancelled', actor: 'admin' }, { userId: null, at }),
    );
    expect(orders.holdersBetween('2026-12-01', '2026-12-01').size).toBe(0);
    orders.inTransaction(() =>
      orders.storeChange('o1', { status: 'received', actor: 'admin' }, { userId: null, at }),
    );
    expect(
      orders.holdersBetween('2026-12-01', '2026-12-01').get('2026-12-01')?.morning,
    ).toHaveLength(1);
  });
});
