import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';

/**
 * Builds the SPA once for the whole e2e run. Each spec file then starts a server of its own over
 * this build, with a database of its own (server.ts: ownServer), so files run at once and never
 * see each other's data.
 *
 * E2E_BASE_URL=http://host:port  test an already running server instead (no build, no servers);
 *                                E2E_SERVER_LOG=<file> is its log, where sign-in codes are read.
 *                                Specs then share its data (run them one file at a time).
 * E2E_SKIP_BUILD=1               reuse dist/ when it exists (`npm test` has just built it).
 * E2E_OUT_DIR=<dir>              build and serve a private copy of the app, so several people (or
 *                                runs) can test at once without one build emptying another's.
 */
function withoutVitest(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...rest } = env;
  return rest;
}

export default function setup(project: TestProject): void {
  const external = process.env.E2E_BASE_URL;
  project.provide('externalUrl', external ? external.replace(/\/$/, '') : '');
  project.provide('externalLog', process.env.E2E_SERVER_LOG ?? '');
  if (external) {
    console.info(`e2e: using the server at ${external} (E2E_BASE_URL)`);
    project.provide('staticDir', '');
    return;
  }

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
  project.provide('staticDir', outDir);
}
