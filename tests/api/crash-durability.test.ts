import diagnostics from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveRoomyCapacity,
  validOrderBody,
  verifiedSessionCookie,
} from '../../scripts/lib/order-body.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import type { ServerProcess } from '../../scripts/lib/server-process.ts';

// The promise behind every 201 from POST /api/orders: an order the server acknowledged is on
// disk. The real server (one process: SIGKILL reaches the server itself, not a wrapper) is
// killed with SIGKILL while orders pour in, restarted on the same file, and every order it had
// acknowledged must be there. This fails if the answer ever went out before the COMMIT (say, a
// batched write acknowledged early) or if a crash could corrupt the file. It says nothing about
// power loss: with WAL and synchronous=NORMAL the last commits may live only in the OS's page
// cache, which survives the process but not the machine.

const ROUNDS = 3;
const WORKERS = 24;
/** Kill once this many orders of the round are acknowledged, with the other workers mid-request. */
const KILL_AFTER = 60;

interface RoundResult {
  acknowledged: string[];
  /** Requests that got no complete answer: the kill cut them off. */
  cutOff: number;
}

/**
 * Keeps WORKERS order creations in flight, all from the customer whose session `cookie` is, and
 * SIGKILLs the server mid-stream. When the round's KILL_AFTER-th answer arrives the server is
 * stopped (SIGSTOP) wherever it is, in a transaction or between answers: answers already on
 * their way still arrive, and nothing more is answered. It is killed once a request has been
 * sent to it since, so the kill always cuts requests off, however late a busy machine let this
 * process read the answers (all of a group commit's answers can arrive before it reads one).
 */
async function ordersUntilKilled(server: ServerProcess, cookie: string): Promise<RoundResult> {
  const body = JSON.stringify(validOrderBody());
  const acknowledged: string[] = [];
  let cutOff = 0;
  let stopped = false;
  let killed: Promise<void> | undefined;
  const killOnceSent = () => {
    if (stopped) killed ??= server.kill();
  };
  diagnostics.subscribe('undici:request:bodySent', killOnceSent);

  const worker = async () => {
    while (!killed) {
      try {
        const res = await fetch(`${server.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body,
        });
        // Only a whole answer counts: a body cut off by the kill fails to parse and is no ack.
        const answer = (await res.json()) as { order?: { orderNumber?: unknown } };
        if (res.status !== 201 || typeof answer.order?.orderNumber !== 'string') {
          throw new Error(`POST /api/orders answered ${res.status}: ${JSON.stringify(answer)}`);
        }
        acknowledged.push(answer.order.orderNumber);
        if (acknowledged.length >= KILL_AFTER && !stopped) {
          server.child.kill('SIGSTOP');
          stopped = true;
        }
      } catch (error) {
        if (killed) {
          cutOff += 1;
          continue;
        }
        // Something else went wrong: the server goes (stopped or not), the others wind down.
        killed = server.kill();
        throw error;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: WORKERS }, worker));
  } finally {
    diagnostics.unsubscribe('undici:request:bodySent', killOnceSent);
  }
  await killed;
  return { acknowledged, cutOff };
}

describe('kill -9 while orders are being placed', () => {
  let tmp: string;
  let dbPath: string;
  /**
   * Five starts of the real server, each of which may take half a minute on a saturated machine
   * (the check waits for its health for up to that): the time the test is given.
   */
  const START = { timeoutMs: 30_000 };
  const env = () => ({
    DATABASE_PATH: dbPath,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    // No per-customer or per-address order limits: one session places every order here.
    ORDER_LIMIT_CUSTOMER_HOUR: '0',
    ORDER_LIMIT_CUSTOMER_DAY: '0',
    ORDER_LIMIT_CUSTOMER_WEEK: '0',
    ORDER_LIMIT_CUSTOMER_OPEN: '0',
    ORDER_LIMIT_ADDRESS_HOUR: '0',
    ORDER_LIMIT_ADDRESS_DAY: '0',
  });

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'afsh-crash-'));
    dbPath = join(tmp, 'afsh.sqlite');
    // Every order of every round goes into one window: give it the crews (D12).
    const db = openDatabase(dbPath);
    giveRoomyCapacity(db);
    db.close();
  });

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it(
    'loses no acknowledged order and leaves an intact database',
    async () => {
      // The customer proves the orders' number first (D13), on a start that logs at info, where
      // the log provider prints the code; the session is in the database and outlives restarts.
      const proving = await startServerProcess({
        ...START,
        env: { ...env(), LOG_LEVEL: 'info' },
        nodeArgs: [],
      });
      let cookie: string;
      try {
        cookie = await verifiedSessionCookie(proving);
      } finally {
        await proving.stop();
      }
      const acknowledged = new Set<string>();
      for (let round = 1; round <= ROUNDS; round += 1) {
        // `nodeArgs` runs the server as one `node` process, so the SIGKILL lands on it.
        const server = await startServerProcess({ ...START, env: env(), nodeArgs: [] });
        const result = await ordersUntilKilled(server, cookie);
        expect(server.child.signalCode, `round ${round}: the server died of the kill`).toBe(
          'SIGKILL',
        );
        // The kill must have come mid-stream, or the test proves nothing about in-flight writes.
        expect(result.acknowledged.length, `round ${round}`).toBeGreaterThanOrEqual(KILL_AFTER);
        expect(result.cutOff, `round ${round}: requests in flight at the kill`).toBeGreaterThan(0);
        for (const number of result.acknowledged) acknowledged.add(number);
      }

      // A restart recovers the file (SQLite replays the WAL up to its last commit).
      const server = await startServerProcess({ ...START, env: env(), nodeArgs: [] });
      try {
        const db = new Database(dbPath, { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(db.pragma('foreign_key_check')).toEqual([]);
          const stored = new Set(
            db
              .prepare<[], { order_number: string }>('SELECT order_number FROM orders')
              .all()
              .map((row) => row.order_number),
          );
          const lost = [...acknowledged].filter((number) => !stored.has(number));
          expect(lost, `${lost.length} of ${acknowledged.size} acknowledged orders lost`).toEqual(
            [],
          );
          expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS * KILL_AFTER);
        } finally {
          db.close();
        }

        // And the restarted server serves them: tracking reads a few back.
        for (const number of [...acknowledged].slice(0, 5)) {
          const res = await fetch(`${server.url}/api/track/${number}`);
          expect(res.status, number).toBe(200);
        }
      } finally {
        await server.stop();
      }
    },
    5 * START.timeoutMs,
  );
});
