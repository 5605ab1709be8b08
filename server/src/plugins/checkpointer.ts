import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the WAL is copied back into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;

// Plain JavaScript, so the worker needs no TypeScript loader whatever started the server. It has
// its own connection: a checkpoint there copies the WAL into the database file and fsyncs it
// while the main thread goes on answering requests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Takes WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside the
 * commit that crosses 1,000 pages and fsyncs the database file there, so every few hundred
 * bookings one customer waited for a disk flush. Here a worker thread checkpoints every second
 * on its own connection. If the worker fails, automatic checkpoints come back, so the WAL never
 * grows without bound. Durability is unchanged: a commit is in the WAL before it is
 * acknowledged, and the checkpoint only moves committed pages.
 */
export function startCheckpointer(
  db: Database.Database,
  log: { warn(obj: object, msg: string): void },
): Checkpointer {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      path: db.name,
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  worker.unref();
  db.pragma('wal_autocheckpoint = 0');

  const fallBack = (reason: string) => {
    if (!db.open) return;
    log.warn({ reason }, 'background checkpoints stopped: SQLite checkpoints on commit again');
    db.pragma('wal_autocheckpoint = 1000');
  };
  let stopping = false;
  worker.on('message', (message: { error?: string }) => {
    if (message.error) log.warn({ reason: message.error }, 'background checkpoint failed');
  });
  worker.on('error', (error) => fallBack(error.message));
  worker.on('exit', (code) => {
    if (!stopping) fallBack(`worker exited with code ${code}`);
  });

  return {
    stop: async () => {
      stopping = true;
      const stopped = new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.once('message', (message: { stopped?: boolean }) => {
          if (message.stopped) void worker.terminate().then(() => resolve());
        });
      });
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 2000).unref())]);
      await worker.terminate();
      // What the worker had not copied yet, so the file is whole without its WAL.
      if (db.open) db.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}
