import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity.ts';
import { FIRST_CATALOG_RATES, ratesFromStored } from '../../src/domain/pricing.ts';
import { listMigrations, MIGRATIONS_DIR, runMigrations } from '../../server/src/plugins/db.ts';
import { MessagesRepository } from '../../server/src/repositories/messages-repository.ts';

const T = '2026-05-20T10:00:00.000Z';
/**
 * The columns later migrations added after the rebuilt ones, in the order a fresh database has
 * them (006 before 010). The copies below name them, so the order does not matter to them.
 */
const LATER_COLUMNS = `dropoff_governorate_id, dropoff_district_id, window_id, window_start,
  window_end, catalog_version, distance_km, distance_fee, language, notify_consent,
  cancellation_policy, refund, search_text, search_version, assignment`;

/** A database as a server before migration 004 left it: three orders, their history. */
function databaseBefore004(dir: string): Database.Database {
  const old = join(dir, 'old-migrations');
  mkdirSync(old);
  for (const migration of listMigrations().filter((m) => m.version < 4)) {
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
     VALUES (?, ?, 'u1', 'Mona', '01012345678', 'Street 1, Cairo', 'Street 2, Giza', 'cairo',
       'nasr-city', '', 'full', 'apartment', 1, 2, 3, '2026-06-01', '10:00', 2490, 'EGP', 'cod',
       'pending', 'cash', NULL, 'received', ?, ?)`,
  );
  const history = db.prepare(
    `INSERT INTO order_status_history (id, order_id, status, actor, actor_user_id, at)
     VALUES (?, ?, 'received', 'system', NULL, ?)`,
  );
  for (const [id, number] of [
    ['o1', 'AF-20260520-123'],
    ['o2', 'AF-20260520-4567'],
    ['o3', 'AF-20260521-100'],
  ] as const) {
    order.run(id, number, T, T);
    history.run(`h-${id}`, id, T);
  }
  return db;
}

describe('migrations 004 and 005: the orders table rebuilt', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-'));
    db = databaseBefore004(dir);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every order and every history row (no cascade), and foreign keys stay on', () => {
    runMigrations(db, MIGRATIONS_DIR);
    expect(db.prepare('SELECT id, order_number FROM orders ORDER BY rowid').all()).toEqual([
      { id: 'o1', order_number: 'AF-20260520-123' },
      { id: 'o2', order_number: 'AF-20260520-4567' },
      { id: 'o3', order_number: 'AF-20260521-100' },
    ]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM order_status_history').get()).toEqual({ n: 3 });
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    // The rebuilt table still cascades: deleting an order takes its history.
    db.prepare("DELETE FROM orders WHERE id = 'o1'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM order_status_history').get()).toEqual({ n: 2 });
  });

  it("starts each day's number counter from the orders it already has", () => {
    runMigrations(db, MIGRATIONS_DIR);
    expect(db.prepare('SELECT day, issued FROM order_number_days ORDER BY day').all()).toEqual([
      { day: '20260520', issued: 2 },
      { day: '20260521', issued: 1 },
    ]);
  });

  it('accepts numbers of 3 to 6 digits and nothing else', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const insert = (number: string) =>
      db
        .prepare(
          `INSERT INTO orders SELECT 'x-' || ?, ?, user_id, full_name, phone_number,
             pickup_address, dropoff_address, governorate_id, district_id, notes, move_type,
             housing, pickup_floor, dropoff_floor, workers, move_date, move_time, total_price,
             currency, payment_method, payment_status, payment_provider, payment_reference,
             status, created_at, updated_at, ${LATER_COLUMNS}
           FROM orders WHERE id = 'o1'`,
        )
        .run(number, number);
    for (const ok of ['AF-20260522-12345', 'AF-20260522-123456', 'AF-20260522-999']) {
      expect(() => insert(ok)).not.toThrow();
    }
    for (const bad of [
      'AF-20260522-1234567',
      'AF-20260522-012',
      'AF-20260522-12',
      'AF-20260522-12a4',
      'AF-2026052-1234',
    ]) {
      expect(() => insert(bad), bad).toThrow(/CHECK/);
    }
  });

  it('leaves growing lists (move types, statuses, providers) to the domain, checking only their shape', () => {
    runMigrations(db, MIGRATIONS_DIR);
    let suffix = 100;
    const insert = (id: string, values: Record<string, string>) =>
      db
        .prepare(
          `INSERT INTO orders SELECT :id, 'AF-20260523-' || :suffix, user_id,
             full_name, phone_number, pickup_address, dropoff_address, governorate_id,
             district_id, notes, :moveType, housing, pickup_floor, dropoff_floor, workers,
             move_date, move_time, total_price, currency, :method, payment_status, :provider,
             payment_reference, :status, created_at, updated_at, ${LATER_COLUMNS}
           FROM orders WHERE id = 'o1'`,
        )
        .run({
          id,
          suffix: String((suffix += 1)),
          moveType: 'full',
          method: 'cod',
          provider: 'cash',
          status: 'received',
          ...values,
        });
    expect(() => insert('n1', { moveType: 'piano', status: 'scheduled' })).not.toThrow();
    expect(() => insert('n2', { method: 'card', provider: 'paymob' })).not.toThrow();
    for (const [id, bad] of [
      ['b1', { moveType: 'Piano!' }],
      ['b2', { status: '' }],
      ['b3', { method: 'cod', provider: 'paymob' }],
      ['b4', { method: 'card', provider: 'cash' }],
    ] as const) {
      expect(() => insert(id, bad), JSON.stringify(bad)).toThrow(/CHECK/);
    }
    const history = db.prepare(
      "INSERT INTO order_status_history (id, order_id, status, actor, at) VALUES (?, 'o1', ?, 'admin', 'now')",
    );
    expect(() => history.run('h-new', 'scheduled')).not.toThrow();
    expect(() => history.run('h-bad', 'Scheduled Now')).toThrow(/CHECK/);
  });

  it('makes a random secret for address keys, different for each database', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const other = new Database(join(dir, 'other.sqlite'));
    try {
      runMigrations(other, MIGRATIONS_DIR);
      const secret = (d: Database.Database) =>
        (
          d.prepare("SELECT value FROM server_secrets WHERE name = 'address-key'").get() as {
            value: string;
          }
        ).value;
      expect(secret(db)).toMatch(/^[0-9a-f]{64}$/);
      expect(secret(db)).not.toBe(secret(other));
    } finally {
      other.close();
    }
  });
});

describe('migrations that rebuild tables', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-rebuild-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('roll back whole when they leave a broken foreign key, and turn foreign keys back on', () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(
      join(migrations, '001_tables.sql'),
      `CREATE TABLE parent (id TEXT PRIMARY KEY);
       CREATE TABLE child (id TEXT PRIMARY KEY,
         parent_id TEXT NOT NULL REFERENCES parent (id) ON DELETE CASCADE);
       INSERT INTO parent VALUES ('p');
       INSERT INTO child VALUES ('c', 'p');`,
    );
    writeFileSync(
      join(migrations, '002_bad_rebuild.sql'),
      `-- migration: rebuilds tables
       CREATE TABLE parent_new (id TEXT PRIMARY KEY, extra TEXT);
       DROP TABLE parent;
       ALTER TABLE parent_new RENAME TO parent;`,
    );
    const db = new Database(join(dir, 'x.sqlite'));
    db.pragma('foreign_keys = ON');
    try {
      expect(() => runMigrations(db, migrations)).toThrow(/002_bad_rebuild.*broken foreign key/);
      // The child row survived (no cascade) and the old parent is back.
      expect(db.prepare('SELECT * FROM child').all()).toEqual([{ id: 'c', parent_id: 'p' }]);
      expect(db.prepare('SELECT * FROM parent').all()).toEqual([{ id: 'p' }]);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });
});

describe('migration 006: prices as data, drop-off areas and crew windows', () => {
  let dir: string;
  let db: Database.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-migrate-'));
    db = databaseBefore004(dir);
    db.prepare("UPDATE orders SET move_time = '16:30' WHERE id = 'o2'").run();
    db.prepare("UPDATE orders SET move_time = '21:00' WHERE id = 'o3'").run();
    runMigrations(db, MIGRATIONS_DIR);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every order a move inside its district, priced with version 1', () => {
    expect(
      db
        .prepare(
          `SELECT id, dropoff_governorate_id, dropoff_district_id, catalog_version, distance_km,
                  distance_fee FROM orders ORDER BY rowid`,
        )
        .all(),
    ).toEqual(
      ['o1', 'o2', 'o3'].map((id) => ({
        id,
        dropoff_governorate_id: 'cairo',
        dropoff_district_id: 'nasr-city',
        catalog_version: 1,
        distance_km: 0,
        distance_fee: 0,
      })),
    );
  });

  it("puts each order in the first plan's window its time falls in, or in none", () => {
    expect(
      db.prepare('SELECT id, window_id, window_start, window_end FROM orders ORDER BY rowid').all(),
    ).toEqual([
      { id: 'o1', window_id: 'morning', window_start: '08:00', window_end: '12:00' },
      { id: 'o2', window_id: 'evening', window_start: '16:00', window_end: '20:00' },
      { id: 'o3', window_id: null, window_start: null, window_end: null },
    ]);
  });

  it('starts the catalog and the crews plan at version 1', () => {
    const catalog = db.prepare('SELECT version, rates FROM price_catalogs').all() as {
      version: number;
      rates: string;
    }[];
    expect(catalog).toHaveLength(1);
    expect(catalog[0]!.version).toBe(1);
    expect(ratesFromStored(JSON.parse(catalog[0]!.rates))).toEqual(FIRST_CATALOG_RATES);
    const plans = db.prepare('SELECT version, plan FROM capacity_plans').all() as {
      version: number;
      plan: string;
    }[];
    expect(plans.map((p) => p.version)).toEqual([1]);
    const { windows, exceptions } = FIRST_CAPACITY_PLAN;
    expect(JSON.parse(plans[0]!.plan)).toEqual({ windows, exceptions });
  });
});

describe('migration 006 on a database that ran 010 first (issue 14 merged before issue 16)', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-late-006-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Tables, their columns (by name: the order may differ) and the indexes, as SQLite has them. */
  function schemaOf(db: Database.Database) {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((t) => t.name);
    return {
      tables: Object.fromEntries(
        tables.map((name) => [
          name,
          (db.pragma(`table_info(${name})`) as { name: string; type: string; notnull: number }[])
            .map(({ name: column, type, notnull }) => `${column} ${type} ${notnull}`)
            .sort(),
        ]),
      ),
      indexes: db
        .prepare<[], { name: string; sql: string | null }>(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name",
        )
        .all(),
    };
  }

  it('applies 006 at the next start, keeps 010’s data, and ends with the schema of a new database', () => {
    const before = join(dir, 'before-006');
    mkdirSync(before);
    // Main before issue 16: up to 005, and 010. Later ones (020, which rebuilds orders with
    // 006's columns; 030, which rebuilds users) come with or after 006, and run after it in the
    // same start.
    for (const migration of listMigrations().filter((m) => m.version < 6 || m.version === 10)) {
      copyFileSync(migration.file, join(before, migration.file.split('/').pop()!));
    }
    const db = databaseBefore004(dir);
    try {
      runMigrations(db, before);
      db.prepare(
        "UPDATE orders SET move_time = '13:00', language = 'en', notify_consent = 1 WHERE id = 'o1'",
      ).run();

      // 006 and every migration after it but 010, in order (013, 020, …).
      expect(runMigrations(db, MIGRATIONS_DIR)).toEqual(
        listMigrations()
          .map((m) => m.version)
          .filter((version) => version >= 6 && version !== 10),
      );
      expect(
        db
          .prepare(
            `SELECT language, notify_consent, dropoff_governorate_id, dropoff_district_id,
                    window_id, catalog_version, distance_fee FROM orders WHERE id = 'o1'`,
          )
          .get(),
      ).toEqual({
        language: 'en',
        notify_consent: 1,
        dropoff_governorate_id: 'cairo',
        dropoff_district_id: 'nasr-city',
        window_id: 'midday',
        catalog_version: 1,
        distance_fee: 0,
      });
      expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);

      const fresh = new Database(join(dir, 'fresh.sqlite'));
      try {
        runMigrations(fresh, MIGRATIONS_DIR);
        expect(schemaOf(db)).toEqual(schemaOf(fresh));
      } finally {
        fresh.close();
      }
    } finally {
      db.close();
    }
  });
});

describe('migration 013: a phone or an email, either one enough (D7)', () => {
  let dir: string;
  let db: Database.Database;

  /** A database as the server left it before 013: every other migration, two messages. */
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-contact-either-'));
    const before = join(dir, 'before-013');
    mkdirSync(before);
    // Every other migration of its time: 045 came after 013 had shipped, and adds to the table
    // 013 makes, so no database runs it first.
    for (const migration of listMigrations().filter((m) => m.version !== 13 && m.version < 45)) {
      copyFileSync(migration.file, join(before, migration.file.split('/').pop()!));
    }
    db = new Database(join(dir, 'afsh.sqlite'));
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    runMigrations(db, before);
    db.prepare(
      `INSERT INTO users (id, role, anonymous, created_at, updated_at)
       VALUES ('u1', 'customer', 1, ?, ?)`,
    ).run(T, T);
    const insert = db.prepare(
      `INSERT INTO messages (id, name, email, phone, message, user_id, ip, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Two sent in the same millisecond: the list tells them apart by rowid.
    insert.run('m1', 'Karim', 'karim@example.com', '01012345678', 'First', 'u1', '203.0.113.7', T);
    insert.run('m2', 'ليلى', 'laila@example.com', '01123456789', 'ثانية', null, null, T);
    expect(() =>
      insert.run('m3', 'Omar', null, '01012345678', 'Phone only', null, null, T),
    ).toThrow(/NOT NULL/);
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every message as it was, and reads the old ones back unchanged', () => {
    const rows = () =>
      db
        .prepare(
          'SELECT rowid, id, name, email, phone, message, user_id, ip, created_at FROM messages ORDER BY rowid',
        )
        .all() as Record<string, unknown>[];
    const before = rows();
    expect(runMigrations(db, MIGRATIONS_DIR)).toEqual([13, 45, 46, 47, 48]);
    expect(rows()).toEqual(before);
    expect(new MessagesRepository(db).list()).toEqual([
      {
        id: 'm2',
        name: 'ليلى',
        email: 'laila@example.com',
        phone: '01123456789',
        message: 'ثانية',
        createdAt: T,
        handled: null,
      },
      {
        id: 'm1',
        name: 'Karim',
        email: 'karim@example.com',
        phone: '01012345678',
        message: 'First',
        createdAt: T,
        handled: null,
      },
    ]);
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('then takes a message with either one, reads the other back as null, and refuses neither', () => {
    runMigrations(db, MIGRATIONS_DIR);
    const insert = db.prepare(
      `INSERT INTO messages (id, name, email, phone, message, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    insert.run('m4', 'Omar', null, '01012345678', 'Phone only', '2026-05-21T10:00:00.000Z');
    insert.run('m5', 'Hoda', 'hoda@example.com', null, 'Email only', '2026-05-21T10:00:01.000Z');
    expect(new MessagesRepository(db).list().slice(0, 2)).toMatchObject([
      { id: 'm5', email: 'hoda@example.com', phone: null },
      { id: 'm4', email: null, phone: '01012345678' },
    ]);
    expect(() => insert.run('m9', 'Nobody', null, null, 'Neither', T)).toThrow(/CHECK/);
  });

  it('keeps the index and the link to the sender: deleting the user keeps the message', () => {
    runMigrations(db, MIGRATIONS_DIR);
    expect(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages'")
        .all()
        .map((row) => (row as { name: string }).name)
        .filter((name) => !name.startsWith('sqlite_'))
        .sort(),
    ).toEqual(['messages_created', 'messages_handled_by_user', 'messages_unhandled']);
    db.prepare("DELETE FROM users WHERE id = 'u1'").run();
    expect(db.prepare("SELECT user_id FROM messages WHERE id = 'm1'").get()).toEqual({
      user_id: null,
    });
  });
});
