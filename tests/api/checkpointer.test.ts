import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderBody } from './order-fixtures.ts';
import type { TestServer } from './test-server.ts';
import { createTestServer, customerClient } from './test-server.ts';

const size = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** Waits until `check` holds, however long a busy machine takes; the test's timeout bounds it. */
function until(check: () => boolean): Promise<void> {
  return vi.waitFor(
    () => {
      if (!check()) throw new Error('not yet');
    },
    { timeout: 30_000, interval: 50 },
  );
}

describe('WAL checkpoints in the background', () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await createTestServer();
  });

  afterEach(async () => {
    await server.close();
  });

  it('turns off checkpoints on commit, and still copies the WAL into the database file', async () => {
    const { app, dbPath } = server;
    expect(app.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    // Everything written so far (the migrations) copied into the file, and the WAL emptied, by
    // a checkpoint of our own (retried while the worker's is running), then the file measured:
    // from here on only the worker can make it grow.
    await until(
      () => (app.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]?.busy === 0,
    );
    const before = size(dbPath);
    // One customer who proved the fixtures' number (D13) places them all: RATE_LIMITS is off.
    const client = await customerClient(app);
    for (let i = 0; i < 300; i += 1) {
      expect((await client.request('POST', '/api/orders', orderBody())).status).toBe(201);
    }
    // Without a checkpoint every new page stays in the WAL and the file keeps its size.
    await until(() => size(dbPath) > before);
    expect(size(dbPath)).toBeGreaterThan(before);
    // 300 bookings and the worker's next checkpoint: more than the default 5 s on a busy machine.
  }, 30_000);

  it('leaves a whole database file and an empty WAL on close', async () => {
    const { app, dbPath } = server;
    const client = await customerClient(app);
    for (let i = 0; i < 50; i += 1) {
      expect((await client.request('POST', '/api/orders', orderBody())).status).toBe(201);
    }
    await app.close();
    expect(size(`${dbPath}-wal`)).toBe(0);
  });
});
