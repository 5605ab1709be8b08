import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { listMigrations, openDatabase, runMigrations } from '../../server/src/plugins/db.ts';

describe('database', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-db-test-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file and its directory with WAL, foreign keys, a busy timeout and journals in memory', () => {
    const path = join(dir, 'a', 'b', 'afsh.sqlite');
    const db = openDatabase(path);
    try {
      expect(existsSync(path)).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      // 2 = MEMORY: a savepoint's statement journal costs no file writes.
      expect(db.pragma('temp_store', { simple: true })).toBe(2);
    } finally {
      db.close();
    }
  });

  it('applies every migration once, in order, and records it', () => {
    const path = join(dir, 'afsh.sqlite');
    const versions = listMigrations().map((m) => m.version);
    expect(versions.slice(0, 3)).toEqual([1, 2, 3]);

    const db = openDatabase(path);
    const recorded = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
    expect(recorded).toEqual(versions.map((version) => ({ version })));
    for (const table of ['users', 'sessions', 'messages']) {
      expect(db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(table)).toBeDefined();
    }
    // Running again changes nothing (and does not fail on CREATE TABLE).
    expect(runMigrations(db)).toEqual([]);
    db.close();

    const reopened = openDatabase(path);
    expect(reopened.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
      n: versions.length,
    });
    reopened.close();
  });

  it('sorts migrations by number, not by name', () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '10_second.sql'), 'ALTER TABLE t ADD COLUMN b TEXT;');
    writeFileSync(join(migrations, '9_first.sql'), 'CREATE TABLE t (a TEXT);');
    writeFileSync(join(migrations, 'README.md'), 'not a migration');
    expect(listMigrations(migrations).map((m) => m.name)).toEqual(['first', 'second']);
    const db = openDatabase(join(dir, 'x.sqlite'), migrations);
    expect(db.prepare('SELECT b FROM t').all()).toEqual([]);
    db.close();
  });

  it('rolls a failing migration back whole and names the file', () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '001_ok.sql'), 'CREATE TABLE ok (a TEXT);');
    writeFileSync(
      join(migrations, '002_broken.sql'),
      'CREATE TABLE half (a TEXT);\nINSERT INTO missing_table VALUES (1);',
    );
    const path = join(dir, 'y.sqlite');
    expect(() => openDatabase(path, migrations)).toThrow(/002_broken\.sql/);

    const db = new Database(path);
    try {
      expect(db.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }]);
      expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
      expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'ok'").get()).toBeDefined();
    } finally {
      db.close();
    }
  });

  it('applies a lower number found after a higher one ran, and nothing twice', () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '001_base.sql'), 'CREATE TABLE t (a TEXT);');
    writeFileSync(join(migrations, '010_later.sql'), 'ALTER TABLE t ADD COLUMN c TEXT;');
    const db = openDatabase(join(dir, 'z.sqlite'), migrations);
    try {
      // Merged after 010 had run on this database: it is applied now, 010 is not run again.
      writeFileSync(join(migrations, '006_merged_late.sql'), 'ALTER TABLE t ADD COLUMN b TEXT;');
      expect(runMigrations(db, migrations)).toEqual([6]);
      expect(db.prepare('SELECT a, b, c FROM t').all()).toEqual([]);
      expect(
        db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all(),
      ).toEqual([1, 6, 10]);
      expect(runMigrations(db, migrations)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('refuses two migrations with one number', () => {
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '004_a.sql'), 'SELECT 1;');
    writeFileSync(join(migrations, '4_b.sql'), 'SELECT 1;');
    expect(() => listMigrations(migrations)).toThrow(/number 4/);
  });

  it('keeps emails unique regardless of case, and accounts consistent', () => {
    const db = openDatabase(join(dir, 'z.sqlite'));
    try {
      const insert = db.prepare(
        `INSERT INTO users (id, email, password_hash, role, anonymous, created_at, updated_at)
         VALUES (?, ?, ?, 'customer', ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      );
      insert.run('u1', 'same@example.com', 'scrypt$x', 0);
      expect(() => insert.run('u2', 'SAME@example.com', 'scrypt$x', 0)).toThrow(/UNIQUE/);
      // An anonymous user has no credentials; an account always has both.
      expect(() => insert.run('u3', 'anon@example.com', null, 1)).toThrow(/CHECK/);
      expect(() => insert.run('u4', 'nopw@example.com', null, 0)).toThrow(/CHECK/);
      expect(() =>
        db
          .prepare(
            `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at)
             VALUES ('s1', 'h', 'nobody', 'x', 'y')`,
          )
          .run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });

  it('closes the database when the app closes', async () => {
    const app = await build({
      staticDir: '/nonexistent/afsh-dist',
      env: { DATABASE_PATH: join(dir, 'app.sqlite') },
    });
    const db = app.db;
    expect(db.open).toBe(true);
    await app.close();
    expect(db.open).toBe(false);
  });

  it('lets the requests in flight finish before closing the database', async () => {
    const app = await build({
      staticDir: '/nonexistent/afsh-dist',
      env: { DATABASE_PATH: join(dir, 'slow.sqlite') },
    });
    let arrived = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let closing = () => {};
    const closeBegun = new Promise<void>((resolve) => {
      closing = resolve;
    });
    // preClose runs once close() has begun and before the requests in flight are waited for.
    app.addHook('preClose', async () => closing());
    app.get('/api/test/slow', async () => {
      arrived();
      // Still in the handler when the app is closing: the database must be open for it.
      await closeBegun;
      return app.db.prepare('SELECT COUNT(*) AS n FROM users').get();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    // Closed once the request is in the handler, not after a guess at how long that takes (on
    // a loaded machine the connection itself can take longer than any fixed wait).
    await inFlight;
    const closed = app.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 0 });
    await closed;
    expect(app.db.open).toBe(false);
  });

  it('refuses to start on a database it cannot open', async () => {
    const blocker = join(dir, 'file');
    writeFileSync(blocker, 'not a directory');
    await expect(
      build({
        staticDir: '/nonexistent/afsh-dist',
        env: { DATABASE_PATH: join(blocker, 'x.sqlite') },
      }),
    ).rejects.toThrow();
  });
});
