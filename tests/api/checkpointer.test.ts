import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_EVERY_MS } from '../../server/src/plugins/checkpointer.ts';
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

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
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

    // Let the worker catch up with the migrations, then measure the file before the writes.
    await new Promise((r) => setTimeout(r, CHECKPOINT_EVERY_MS * 1.5));
    const before = size(dbPath);
    // One customer who proved the fixtures' number (D13) places them all: RATE_LIMITS is off.
    const client = await customerClient(app);
    for (let i = 0; i < 300; i += 1) {
      expect((await client.request('POST', '/api/orders', orderBody())).status).toBe(201);
    }
    // Without a checkpoint every new page stays in the WAL and the file keeps its size.
    expect(await until(() => size(dbPath) > before, CHECKPOINT_EVERY_MS * 4)).toBe(true);
    // 300 bookings and up to 5.5 s of waiting: more than the default 5 s on a busy machine.
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
