import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { listMigrations, MIGRATIONS_DIR } from './plugins/db.ts';

// Backups of the one SQLite file the business is (D24). `npm run backup` copies it with SQLite's
// online backup while the server keeps writing; `npm run restore` puts a copy back only after
// checking it is whole and belongs to this version of the code.

/** `afsh-20261202T051200Z.sqlite`: sortable by name, and what rotation counts. */
const BACKUP_NAME = /^afsh-\d{8}T\d{6}(?:\d{3})?Z\.sqlite$/;

export function backupFileName(at: Date): string {
  return `afsh-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.(\d{3})Z$/, '$1Z')}.sqlite`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  orders: number;
  /** Older backups rotation removed. */
  removed: string[];
}

/**
 * Copies the database at `source` into `target` (a file, or a folder where a time-stamped file
 * is made and only the newest `keep` are kept). SQLite's backup API copies a snapshot of one
 * moment: every transaction committed before it began is in the copy, and writers go on
 * meanwhile (WAL). The copy is written beside its name and renamed, so a crash never leaves a
 * half-written file that looks like a backup.
 */
export async function backupDatabase(
  source: string,
  target: string,
  options: { keep?: number; now?: Date } = {},
): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`there is no database at ${source}`);
  const asFolder = (existsSync(target) && statSync(target).isDirectory()) || /[\\/]$/.test(target);
  const file = asFolder ? join(target, backupFileName(options.now ?? new Date())) : target;
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });

  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step: a step that yields lets a write in between restart the copy.
    await db.backup(partial, { progress: () => 1_000_000_000 });
  } finally {
    db.close();
  }
  // A single file, without a WAL beside it: copied, moved and opened read-only as it is.
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const check = inspectDatabase(partial);
  if (check.problems.length > 0) {
    rmSync(partial, { force: true });
    throw new Error(`the copy is not sound: ${check.problems.join('; ')}`);
  }
  renameSync(partial, file);

  const removed: string[] = [];
  if (asFolder && options.keep !== undefined) {
    const backups = readdirSync(dirname(file))
      .filter((name) => BACKUP_NAME.test(name))
      .sort()
      .reverse();
    for (const name of backups.slice(Math.max(1, options.keep))) {
      rmSync(join(dirname(file), name), { force: true });
      removed.push(join(dirname(file), name));
    }
  }
  return { file, bytes: statSync(file).size, orders: check.orders, removed };
}

export interface DatabaseCheck {
  /** Empty when the file is a whole Afsh database this code can run on. */
  problems: string[];
  orders: number;
  /** Migrations it ran that this code does not have (a backup from a newer version). */
  unknownMigrations: number[];
}

/** Whether `file` is a whole SQLite database with Afsh's schema, from this version or an older one. */
export function inspectDatabase(
  file: string,
  migrationsDir: string = MIGRATIONS_DIR,
): DatabaseCheck {
  const none = { orders: 0, unknownMigrations: [] };
  if (!existsSync(file)) return { problems: [`${file} does not exist`], ...none };
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { problems: [`not a database: ${(error as Error).message}`], ...none };
  }
  try {
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    const lines = integrity.map((row) => row.integrity_check);
    if (lines.length !== 1 || lines[0] !== 'ok') {
      return { problems: [`integrity check failed: ${lines.slice(0, 3).join('; ')}`], ...none };
    }
    const tables = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    );
    if (!tables.has('schema_migrations') || !tables.has('orders')) {
      return { problems: ['not an Afsh database (no schema_migrations or orders table)'], ...none };
    }
    const ran = db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version);
    const known = new Set(listMigrations(migrationsDir).map((m) => m.version));
    const unknownMigrations = ran.filter((version) => !known.has(version));
    const orders = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM orders').get()?.n ?? 0;
    const problems =
      unknownMigrations.length > 0
        ? [
            `it was written by a newer version of Afsh (migrations ${unknownMigrations.join(', ')} are unknown here): update the code first`,
          ]
        : [];
    return { problems, orders, unknownMigrations };
  } catch (error) {
    return { problems: [`not a database: ${(error as Error).message}`], ...none };
  } finally {
    db.close();
  }
}

/**
 * Whether another process (a running server) has the database open. SQLite's exclusive locking
 * mode takes the whole file on the first read, which fails at once while any other connection
 * holds it.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT;');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  restored: string;
  /** Where the database that was there went (null: there was none). */
  keptAside: string | null;
  orders: number;
}

/**
 * Puts the backup `from` in place of the database at `to`: refuses a damaged or foreign file and
 * a database a server has open, moves the current one aside (with its WAL, folded in first), and
 * copies the backup in under a temporary name before renaming it into place.
 */
export function restoreDatabase(from: string, to: string, now: Date = new Date()): RestoreResult {
  const check = inspectDatabase(from);
  if (check.problems.length > 0) throw new Error(`${from}: ${check.problems.join('; ')}`);
  if (databaseInUse(to)) {
    throw new Error(
      `${to} is open in another process (is the server running?): stop it first (systemctl stop afsh)`,
    );
  }
  let keptAside: string | null = null;
  if (existsSync(to)) {
    // Fold the WAL into the file so the file alone is the whole old database.
    const old = new Database(to, { fileMustExist: true });
    try {
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.pragma('journal_mode = DELETE');
    } finally {
      old.close();
    }
    keptAside = `${to}.before-restore-${backupFileName(now).slice(5, -7)}`;
    renameSync(to, keptAside);
    for (const suffix of ['-wal', '-shm']) rmSync(`${to}${suffix}`, { force: true });
  }
  mkdirSync(dirname(resolve(to)), { recursive: true });
  const partial = join(dirname(resolve(to)), `.${basename(to)}.restoring`);
  copyFileSync(from, partial);
  renameSync(partial, to);
  return { restored: to, keptAside, orders: check.orders };
}
