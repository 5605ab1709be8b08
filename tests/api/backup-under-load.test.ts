import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveRoomyCapacity,
  validOrderBody,
  verifiedSessionCookie,
} from '../../scripts/lib/order-body.ts';
import { REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';
import type { ServerProcess } from '../../scripts/lib/server-process.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';

// D24: `npm run backup` while orders pour in, then `npm run restore` into a fresh data folder and
// a server on it. Every order the server acknowledged before the backup began must be in the
// copy (SQLite's backup copies one moment, after those commits); the restored server answers
// for them. The scripts run as an operator runs them: their own processes, beside the server.

const WORKERS = 8;
/** Orders acknowledged before the backup starts, and after it ends, before the load stops. */
const BEFORE = 40;
const AFTER = 20;

const env = (databasePath: string) => ({
  DATABASE_PATH: databasePath,
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  RATE_LIMITS: 'off',
  ORDER_LIMIT_CUSTOMER_HOUR: '0',
  ORDER_LIMIT_CUSTOMER_DAY: '0',
  ORDER_LIMIT_CUSTOMER_WEEK: '0',
  ORDER_LIMIT_CUSTOMER_OPEN: '0',
  ORDER_LIMIT_ADDRESS_HOUR: '0',
  ORDER_LIMIT_ADDRESS_DAY: '0',
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `tsx scripts/<script>.ts args` with DATABASE_PATH set, as `npm run <script>` runs it. */
function runScript(script: string, args: string[], databasePath: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, [`scripts/${script}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_PATH: databasePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run backup while orders are placed, then npm run restore', () => {
  let tmp: string;
  let dbPath: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'afsh-backup-'));
    dbPath = join(tmp, 'live', 'afsh.sqlite');
    const db = openDatabase(dbPath);
    giveRoomyCapacity(db);
    db.close();
  });

  afterAll(async () => {
    await server?.stop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('holds every order acknowledged before it began, and a server runs on the restored copy', async () => {
    server = await startServerProcess({ env: env(dbPath), nodeArgs: [], timeoutMs: 150_000 });
    const live = server;
    const cookie = await verifiedSessionCookie(live);
    const body = JSON.stringify(validOrderBody());

    const acknowledged: { id: string; number: string }[] = [];
    let ackedBeforeBackup = null as { id: string; number: string }[] | null;
    let ackedAfterBackup = Infinity;
    let backup: Promise<Run> | undefined;
    const backupFile = join(tmp, 'backups', 'copy.sqlite');
    let stop = false;

    const worker = async () => {
      while (!stop) {
        const res = await fetch(`${live.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body,
        });
        const answer = (await res.json()) as { order?: { id: string; orderNumber: string } };
        if (res.status !== 201 || !answer.order) {
          stop = true;
          throw new Error(`POST /api/orders answered ${res.status}: ${JSON.stringify(answer)}`);
        }
        acknowledged.push({ id: answer.order.id, number: answer.order.orderNumber });
        if (acknowledged.length >= BEFORE && !backup) {
          // What the server had acknowledged when the backup was started.
          ackedBeforeBackup = [...acknowledged];
          backup = runScript('backup', ['--out', backupFile], dbPath).then((run) => {
            ackedAfterBackup = acknowledged.length + AFTER;
            return run;
          });
        }
        if (acknowledged.length >= ackedAfterBackup) stop = true;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const backedUp = await backup!;
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^backup: wrote .*copy\.sqlite \(\d+ bytes, \d+ orders\)/);

    const before = ackedBeforeBackup ?? [];
    const copy = new Database(backupFile, { readonly: true });
    const inBackup = new Set(
      copy
        .prepare<[], { order_number: string }>('SELECT order_number FROM orders')
        .all()
        .map((row) => row.order_number),
    );
    copy.close();
    const missing = before.filter((order) => !inBackup.has(order.number));
    console.info(
      `acknowledged ${before.length} before the backup began (${acknowledged.length} in all), in backup ${before.length - missing.length} of them (${inBackup.size} orders in the copy)`,
    );
    expect(missing).toEqual([]);
    // Orders kept coming while it ran: the copy is of a moment mid-stream, not an idle file.
    expect(acknowledged.length).toBeGreaterThanOrEqual(before.length + AFTER);

    // The live server has it open: restoring over it is refused.
    const busy = await runScript('restore', [backupFile], dbPath);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is open in another process \(is the server running\?\)/);
    await live.stop();

    // A fresh machine: restore into an empty data folder, start a server on it.
    const freshPath = join(tmp, 'fresh', 'afsh.sqlite');
    const restored = await runScript('restore', [backupFile], freshPath);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(new RegExp(`now holds .* \\(${inBackup.size} orders\\)`));
    server = await startServerProcess({ env: env(freshPath), nodeArgs: [], timeoutMs: 150_000 });
    for (const order of before) {
      const res = await fetch(`${server.url}/api/orders/${order.id}`, { headers: { cookie } });
      expect(res.status, order.number).toBe(200);
      const answer = (await res.json()) as { order: { orderNumber: string } };
      expect(answer.order.orderNumber).toBe(order.number);
    }
    console.info(
      `acknowledged ${before.length}, in backup ${before.length - missing.length}, served by the restored server ${before.length}`,
    );
  }, 240_000);

  it('refuses a damaged file, a file that is not a database, and keeps the old one aside', async () => {
    const target = join(tmp, 'refusals', 'afsh.sqlite');
    const db = openDatabase(target);
    db.close();

    const notADatabase = join(tmp, 'notes.sqlite');
    await writeFile(notADatabase, 'these are not the pages of a database\n'.repeat(200));
    const refused = await runScript('restore', [notADatabase], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/restore: refused: .*not a database/);

    // A whole database with a page overwritten in the middle.
    const good = join(tmp, 'good.sqlite');
    const made = openDatabase(good);
    made.pragma('journal_mode = DELETE');
    made.exec('CREATE TABLE filler (x TEXT); ');
    const fill = made.prepare('INSERT INTO filler VALUES (?)');
    for (let i = 0; i < 2000; i += 1) fill.run(`row ${i} `.repeat(20));
    made.close();
    const bytes = await readFile(good);
    const damaged = join(tmp, 'damaged.sqlite');
    bytes.fill(0x5a, 8 * 4096, 10 * 4096);
    await writeFile(damaged, bytes);
    const broken = await runScript('restore', [damaged], target);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/restore: refused: .*(integrity check failed|malformed)/);

    const fine = await runScript('restore', [good], target);
    expect(fine.stderr).toBe('');
    expect(fine.code).toBe(0);
    expect(fine.stdout).toMatch(
      /the database that was there is kept as .*afsh\.sqlite\.before-restore-/,
    );
  }, 120_000);

  it('refuses a backup from a newer version of the code', async () => {
    const newer = join(tmp, 'newer.sqlite');
    const db = openDatabase(newer);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      999,
      'from_the_future',
      new Date().toISOString(),
    );
    db.close();
    const refused = await runScript('restore', [newer], join(tmp, 'newer-target', 'afsh.sqlite'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/newer version of Afsh \(migrations 999 are unknown here\)/);
  }, 120_000);
});
