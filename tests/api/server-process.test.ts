import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';

// The real entry point (`npm run serve`), as a separate process: start-up, signals, exit codes.
describe('server process', () => {
  let tmp: string;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'afsh-server-'));
  });

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('starts, creates the database directory, logs its URL and stops cleanly on SIGTERM', async () => {
    const dbPath = join(tmp, 'nested', 'dir', 'afsh.sqlite');
    const server = await startServerProcess({
      env: { DATABASE_PATH: dbPath, NODE_ENV: 'test', LOG_LEVEL: 'info' },
    });
    try {
      expect(existsSync(join(tmp, 'nested', 'dir'))).toBe(true);
      const res = await fetch(`${server.url}/api/health`);
      expect(await res.json()).toEqual({ status: 'ok' });
      const port = new URL(server.url).port;
      expect(server.output()).toContain(`http://localhost:${port}`);
    } finally {
      const code = await server.stop();
      expect(code).toBe(0);
    }
    expect(server.output()).toContain('shutting down');
    // Starting a real process: tsx compiles the server first, seconds on a busy machine.
  }, 60_000);

  it('refuses to start with a bad setting and says which one', () => {
    const result = spawnSync(`${REPO_ROOT}node_modules/.bin/tsx`, ['server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: 'not-a-port', DATABASE_PATH: join(tmp, 'bad', 'x.sqlite') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('"not-a-port"');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(tmp, 'bad'))).toBe(false);
  }, 60_000);
});
