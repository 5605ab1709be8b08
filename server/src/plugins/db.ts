import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { startCheckpointer } from './checkpointer.ts';
import type { ServerEnv } from './env.ts';

/** `server/migrations/`, wherever the process was started from. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

const MIGRATION_FILE = /^(\d+)_([a-z0-9_-]+)\.sql$/i;

/**
 * A migration that rebuilds a table (SQLite cannot change a CHECK or a column in place) starts
 * with this line. Dropping the old table would otherwise run its ON DELETE CASCADE and take the
 * rows of other tables with it, so the runner turns foreign keys off around that migration and
 * runs `PRAGMA foreign_key_check` before it commits instead.
 */
export const REBUILDS_TABLES = /^-- migration: rebuilds tables\s*$/m;

export interface Migration {
  version: number;
  name: string;
  file: string;
}

/** The `NNN_name.sql` files of `dir`, in numeric order. Two files with one number is an error. */
export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations: Migration[] = [];
  for (const entry of readdirSync(dir)) {
    const match = MIGRATION_FILE.exec(entry);
    if (!match) continue;
    migrations.push({ version: Number(match[1]), name: match[2] ?? '', file: join(dir, entry) });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i += 1) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(
        `Two migrations share the number ${migrations[i]?.version}: ` +
          `${migrations[i - 1]?.file} and ${migrations[i]?.file}`,
      );
    }
  }
  return migrations;
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction,
 * so a failing file leaves the database as it was before that file. IMMEDIATE transactions make
 * two processes starting at once (a server and `admin:create`) take turns instead of both
 * applying the same file. Returns the versions applied now.
 *
 * Numbers are handed out per piece of work in blocks (006-009, 010-019, …) and the work merges
 * in any order, so a database may meet a number below one it already ran: one that ran 010
 * before 006 existed applies 006 at its next start. That is by design: "not yet recorded" is the
 * rule, not "above the highest". So a migration must not depend on a higher-numbered one having
 * run or not, and one that rebuilds a table must name its columns (`INSERT INTO t_new (a, b)
 * SELECT a, b FROM t`), since two databases may then hold a table's columns in different orders.
 */
export function runMigrations(db: Database.Database, dir: string = MIGRATIONS_DIR): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const isApplied = db.prepare<[number], { version: number }>(
    'SELECT version FROM schema_migrations WHERE version = ?',
  );
  const record = db.prepare<[number, string, string]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );

  const applied: number[] = [];
  for (const migration of listMigrations(dir)) {
    const sql = readFileSync(migration.file, 'utf8');
    const rebuild = REBUILDS_TABLES.test(sql);
    const apply = db.transaction(() => {
      if (isApplied.get(migration.version)) return false;
      db.exec(sql);
      if (rebuild) {
        // The checks foreign_keys = OFF skipped, done once for the whole rebuilt schema.
        const broken = db.prepare('PRAGMA foreign_key_check').all();
        if (broken.length > 0) {
          throw new Error(`it leaves ${broken.length} rows with a broken foreign key`);
        }
      }
      record.run(migration.version, migration.name, new Date().toISOString());
      return true;
    });
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    // SQLite ignores this pragma inside a transaction, so it is switched around it.
    if (rebuild) db.pragma('foreign_keys = OFF');
    try {
      if (apply.immediate()) applied.push(migration.version);
    } catch (error) {
      throw new Error(`Migration ${migration.file} failed: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      if (rebuild) db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
  }
  return applied;
}

/**
 * Opens (creating it and its directory if needed) the SQLite database at `path` with the
 * settings every connection needs, and brings its schema up to date.
 */
export function openDatabase(
  path: string,
  migrationsDir: string = MIGRATIONS_DIR,
): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Database(path);
  try {
    // WAL lets readers continue while a write is in progress; busy_timeout makes a second
    // process (admin:create, a backup) wait for the lock instead of failing at once.
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    // Each booking of a group commit runs in its own savepoint (OrdersRepository.createSoon),
    // and SQLite copies every page a savepoint changes to a statement journal first: on disk,
    // two writes per page, about 30 system calls per order. That journal only serves a rollback
    // inside the open transaction, so memory loses nothing a crash could have needed. Sorts no
    // index serves stay in memory too; our lists are paged, so such a sort holds at most the
    // rows up to the page asked for.
    db.pragma('temp_store = MEMORY');
    runMigrations(db, migrationsDir);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Decorates `app.db`. It closes in onClose, which Fastify runs only after the server has stopped
 * accepting requests and the ones in flight have been answered.
 */
export function registerDb(app: FastifyInstance, env: Pick<ServerEnv, 'DATABASE_PATH'>): void {
  const db = openDatabase(env.DATABASE_PATH);
  app.decorate('db', db);
  const checkpointer = db.memory ? null : startCheckpointer(db, app.log);
  app.addHook('onClose', async () => {
    await checkpointer?.stop();
    if (db.open) db.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database.Database;
  }
}
