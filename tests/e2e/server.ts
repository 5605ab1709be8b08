import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { REPO_ROOT, startServerProcess } from '../../scripts/lib/server-process.ts';
import type { ServerProcess, StartOptions } from '../../scripts/lib/server-process.ts';
import type { CapacityDraft } from '../../src/domain/capacity.ts';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures.ts';
import { E2E_ADMIN, saveCrewsPlan } from './e2e-admin.ts';
import { setBaseUrl } from './harness.ts';
import { codesInLog, forgetCodeSource, useCodeSource } from './phone-codes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The build the servers serve (the global setup made it, or reused it). */
    staticDir: string;
    /** E2E_BASE_URL: an already running server every spec uses instead of its own. */
    externalUrl: string;
    /** E2E_SERVER_LOG: that server's log, where its sign-in codes are printed. */
    externalLog: string;
    /** The server bundled once for the run (server-bundle.ts); empty with E2E_BASE_URL. */
    serverEntry: string;
    /** The run's one Chromium, which every spec file connects to (harness.ts). */
    browserEndpoint: string;
  }
}

export interface E2eServerOptions {
  /** Settings beside the defaults (an admin, RATE_LIMITS=off, NODE_ENV=test). */
  env?: Record<string, string>;
  /** The crews plan saved once it is up (null: the first plan). Default: ROOMY_CAPACITY. */
  crews?: CapacityDraft | null;
}

export interface E2eServer {
  /** Its address (valid once the file's beforeAll hooks have run). */
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
}

const RESULTS_DIR = join(REPO_ROOT, 'test-results');

/** The build to serve: what the global setup provided, for a spec started some other way too. */
export function staticDir(): string {
  const dir = inject('staticDir') || process.env.E2E_OUT_DIR || join(REPO_ROOT, 'dist');
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`No build in ${dir}: run the e2e project (its global setup builds first).`);
  }
  return dir;
}

/**
 * Starts a server of the spec file's own, with a database nobody else writes, around the file's
 * tests (beforeAll / afterAll), and makes it the file's `baseUrl()`. Call it once, at the top of
 * a spec file: no spec then sees another's orders, prices, crews, reviews or limits, and files
 * can run at once, in any order.
 *
 * E2E_BASE_URL (and E2E_SERVER_LOG) point every spec at one running server instead; specs that
 * change settings then change them for the others too.
 */
export function ownServer(options: E2eServerOptions = {}): E2eServer {
  let server: ServerProcess | null = null;
  let url = '';
  let tmp = '';
  let logName = 'e2e-server';

  beforeAll(async () => {
    const filepath = expect.getState().testPath;
    if (filepath) logName = basename(filepath).replace(/\.e2e\.ts$/, '');

    const external = inject('externalUrl');
    if (external) {
      url = external.replace(/\/$/, '');
      setBaseUrl(url);
      const log = inject('externalLog');
      useCodeSource(url, () => {
        if (!log) {
          throw new Error(
            'e2e: the server log is unknown (E2E_BASE_URL without E2E_SERVER_LOG): no sign-in codes to read.',
          );
        }
        return existsSync(log) ? codesInLog(readFileSync(log, 'utf8')) : [];
      });
      return;
    }

    tmp = await mkdtemp(join(tmpdir(), `afsh-e2e-${logName}-`));
    server = await startSpecServer({
      env: {
        DATABASE_PATH: join(tmp, 'afsh.sqlite'),
        STATIC_DIR: staticDir(),
        NODE_ENV: 'test',
        // The first-start admin, exactly as an operator configures one in .env.
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // A spec signs in and books from one address many times in a minute; the limits
        // themselves are covered by the API tests (and order-limits.e2e.ts).
        RATE_LIMITS: 'off',
        ...options.env,
      },
    });
    url = server.url;
    setBaseUrl(url);
    // No message provider: the server prints each sign-in code in its log (D13), where a spec
    // reads it as an operator running `npm start` would.
    const started = server;
    useCodeSource(url, () => codesInLog(started.output()));
    // Many specs book moves on the same few mornings; the crews are not what they test.
    const crews = options.crews === undefined ? ROOMY_CAPACITY : options.crews;
    if (crews) await saveCrewsPlan(url, crews);
  });

  afterAll(async () => {
    if (!server) return;
    forgetCodeSource(server.url);
    setBaseUrl(null);
    const code = await server.stop();
    // The server's log helps explain a failed spec; keep it beside the other results.
    const dir = join(RESULTS_DIR, 'e2e-servers');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `${logName}.log`), server.output());
    if (tmp) await rm(tmp, { recursive: true, force: true });
    server = null;
    if (code !== 0) console.warn(`e2e: the server of ${logName} exited with code ${code}`);
  });

  return {
    get url() {
      if (!url) throw new Error('e2e: the server is not started yet (use it inside a test).');
      return url;
    },
    output: () => server?.output() ?? '',
  };
}

/**
 * A server process for a spec: the run's bundled server (global-setup.ts) started with node, or,
 * for a spec run some other way, `node --import tsx server/src/server.ts`. Either way one process,
 * which gets SIGTERM itself and exits 0 once closed. Settings beside `env` are the caller's.
 */
export async function startSpecServer(
  options: Omit<StartOptions, 'entry' | 'compiled' | 'nodeArgs'>,
): Promise<ServerProcess> {
  const bundle = inject('serverEntry');
  const start = () =>
    startServerProcess({
      timeoutMs: 60_000,
      ...options,
      ...(bundle ? { entry: bundle, compiled: true } : { nodeArgs: [] }),
    });
  // A port the OS just gave out: another file's server, starting at the same moment, can take it
  // between the probe and the bind. Then it is tried again on another port, unless the spec
  // chose the port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      const retry = options.port === undefined && attempt < 3;
      if (!retry || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}
