import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures.ts';
import { E2E_ADMIN, saveCrewsPlan } from './e2e-admin.ts';

/**
 * Builds the SPA and starts the real server (the same entry point as `npm start`) on a free port
 * with a throw-away database, for the whole e2e run. Specs get its URL from `baseUrl()`.
 *
 * E2E_BASE_URL=http://host:port  test an already running server instead (no build, no start);
 *                                E2E_SERVER_LOG=<file> is its log, where sign-in codes are read.
 * E2E_SKIP_BUILD=1               reuse dist/ when it exists (`npm test` has just built it).
 */
function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...rest } = env;
  return rest;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    console.info(`e2e: using the server at ${external} (E2E_BASE_URL)`);
    project.provide('baseUrl', external.replace(/\/$/, ''));
    // Its log, where the sign-in codes are printed (D13), if it is written to a file.
    project.provide('serverLog', process.env.E2E_SERVER_LOG ?? '');
    return;
  }

  // E2E_OUT_DIR builds and serves a private copy of the app, so several people (or runs) can
  // test at once without one build emptying the dist/ another is serving.
  const outDir = process.env.E2E_OUT_DIR ? process.env.E2E_OUT_DIR : join(REPO_ROOT, 'dist');
  const built = existsSync(join(outDir, 'index.html'));
  if (process.env.E2E_SKIP_BUILD === '1' && built) {
    console.info('e2e: reusing dist/ (E2E_SKIP_BUILD=1)');
  } else {
    console.info('e2e: building the web app (vite build)');
    const result = spawnSync(
      join(REPO_ROOT, 'node_modules', '.bin', 'vite'),
      ['build', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        // Vitest sets NODE_ENV=test, and Vite honours it: React's development build (about 60 KB
        // more gzip, dev-only warnings) would be what the e2e specs test. It also sets VITEST,
        // which tells the prerender step it runs inside a test and must do nothing. Build what
        // ships: production, prerendered.
        env: { ...withoutVitest(process.env), NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status}).`);
  }

  const tmp = await mkdtemp(join(tmpdir(), 'afsh-e2e-'));
  // The server's output as it comes, in a file of this run: specs read the sign-in codes the log
  // provider prints there (D13), as an operator running `npm start` reads them.
  const liveLog = join(tmp, 'server.log');
  const echo = createWriteStream(liveLog);
  const server = await startServerProcess({
    echo,
    env: {
      DATABASE_PATH: join(tmp, 'afsh.sqlite'),
      STATIC_DIR: outDir,
      NODE_ENV: 'test',
      // The first-start admin, exactly as an operator configures one in .env.
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Many specs sign up and look up orders from one address in a few minutes; the limits
      // themselves are covered by the API tests.
      RATE_LIMITS: 'off',
    },
    timeoutMs: 30_000,
  }).catch(async (error: unknown) => {
    echo.end();
    await rm(tmp, { recursive: true, force: true });
    throw error;
  });
  console.info(`e2e: server ready at ${server.url}`);
  // Many specs book moves on the same few mornings; the crews are not what they test. The spec
  // of the crew windows (capacity.e2e.ts) saves a plan of its own and puts this one back.
  await saveCrewsPlan(server.url, ROOMY_CAPACITY);
  project.provide('baseUrl', server.url);
  project.provide('serverLog', liveLog);

  return async () => {
    const code = await server.stop();
    await new Promise<void>((resolve) => echo.end(resolve));
    // The server's log helps explain a failed spec; keep it beside the other results.
    const logDir = join(REPO_ROOT, 'test-results');
    await mkdir(logDir, { recursive: true });
    await writeFile(join(logDir, 'e2e-server.log'), server.output());
    await rm(tmp, { recursive: true, force: true });
    if (code !== 0) console.warn(`e2e: the server exited with code ${code} on SIGTERM`);
  };
}
