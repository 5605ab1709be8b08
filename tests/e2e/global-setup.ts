import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import {
  CHROMIUM_ARGS,
  CHROMIUM_REQUIRED,
  chromiumPath,
  chromiumVersion,
} from '../../scripts/lib/chromium.ts';
import { REPO_ROOT } from '../../scripts/lib/server-process.ts';
import { bundleServer } from './server-bundle.ts';

/**
 * Builds the SPA once for the whole e2e run, bundles the server once (server-bundle.ts), and
 * starts one Chromium that every spec file connects to. Each spec file then starts a server of
 * its own over this build, with a database of its own (server.ts: ownServer), and opens its own
 * browser contexts, so files run at once and never see each other's data, cookies or storage.
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

function build(outDir: string): void {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(outDir, 'index.html'))) {
    console.info('e2e: reusing dist/ (E2E_SKIP_BUILD=1)');
    return;
  }
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = chromiumPath();
  if (!chromiumVersion(executablePath)) {
    throw new Error(`${CHROMIUM_REQUIRED} (looked for ${executablePath}).`);
  }

  const external = process.env.E2E_BASE_URL;
  project.provide('externalUrl', external ? external.replace(/\/$/, '') : '');
  project.provide('externalLog', process.env.E2E_SERVER_LOG ?? '');
  let serverDir = '';
  if (external) {
    console.info(`e2e: using the server at ${external} (E2E_BASE_URL)`);
    project.provide('staticDir', '');
    project.provide('serverEntry', '');
  } else {
    const outDir = process.env.E2E_OUT_DIR ? process.env.E2E_OUT_DIR : join(REPO_ROOT, 'dist');
    build(outDir);
    project.provide('staticDir', outDir);
    // Inside the repository, so the bundle's packages resolve from its node_modules; a directory
    // of this run's own, so two runs at once never start each other's server.
    const results = join(REPO_ROOT, 'test-results');
    await mkdir(results, { recursive: true });
    serverDir = await mkdtemp(join(results, 'e2e-server-'));
    project.provide('serverEntry', await bundleServer(serverDir));
  }

  // One browser for the run: a launch costs seconds of CPU, and every spec file used to pay it.
  // Files share the process only; each opens contexts of its own (no cookie or storage is shared).
  const browser = await chromium.launchServer({
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  project.provide('browserEndpoint', browser.wsEndpoint());

  return async () => {
    await browser.close();
    if (serverDir) await rm(serverDir, { recursive: true, force: true });
  };
}
