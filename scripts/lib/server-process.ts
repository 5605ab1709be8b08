import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port nobody listens on right now (the OS picks it; tiny race until the server binds it). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** SIGTERM, then wait for exit (SIGKILL after `timeoutMs`). Resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
  /** SIGKILL (a crash: no shutdown code runs) and wait until the process is gone. */
  kill(): Promise<void>;
}

export interface StartOptions {
  env: Record<string, string>;
  host?: string;
  port?: number;
  /** How long to wait for /api/health. */
  timeoutMs?: number;
  /** Also copy the server's output to this stream as it arrives. */
  echo?: NodeJS.WritableStream;
  /** The script to run, relative to the repository root. Default: the server's entry point. */
  entry?: string;
  /**
   * Run `node ...nodeArgs --import tsx <entry>` as one process instead of the tsx CLI, which runs
   * the script in a second, child process: a SIGKILL then kills the server itself (not only the
   * tsx wrapper, leaving the server running), and flags such as --cpu-prof apply to it.
   */
  nodeArgs?: string[];
  /**
   * The entry is JavaScript already (the server bundled, as the e2e run does once for all its
   * servers): `node ...nodeArgs <entry>`, one process with no TypeScript loader. The server gets
   * SIGTERM itself and exits 0 once it has closed; the tsx CLI, when the busy child does not
   * answer its relay within 30 ms, kills it instead and exits 143.
   */
  compiled?: boolean;
  /**
   * Write the server's output to this file instead of a pipe we read: under load the request
   * log would otherwise cost the reading process (a load generator, say) CPU of its own.
   */
  logFile?: string;
}

function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the real server (`tsx server/src/server.ts`, exactly what `npm run serve` runs) on its
 * own port and resolves once /api/health answers. On failure the error carries its output.
 */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const url = `http://${host}:${port}`;
  let output = '';

  const entry = options.entry ?? 'server/src/server.ts';
  const [command, args] = options.compiled
    ? [process.execPath, [...(options.nodeArgs ?? []), entry]]
    : options.nodeArgs
      ? [process.execPath, [...options.nodeArgs, '--import', 'tsx', entry]]
      : [`${REPO_ROOT}node_modules/.bin/tsx`, [entry]];
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env, HOST: host, PORT: String(port) },
      stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
    });
  } finally {
    // The child has its own copy of the descriptor.
    if (logFd !== undefined) closeSync(logFd);
  }
  // The server prints a line once it listens: the health check is tried again at once, not at
  // the next tick of the poll below.
  let printed: (() => void) | null = null;
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    options.echo?.write(chunk);
    printed?.();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const readOutput = () =>
    options.logFile === undefined ? output : readFileSync(options.logFile, 'utf8');

  const stop = async (timeoutMs = 15_000): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = waitForExit(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const kill = async (): Promise<void> => {
    const exited = waitForExit(child);
    child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ` +
          `ready. Its output:\n${readOutput()}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop(2_000);
      throw new Error(
        `The server did not answer ${url}/api/health within ${(options.timeoutMs ?? 30_000) / 1000} s. ` +
          `Its output:\n${readOutput()}`,
      );
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 150);
      function done() {
        clearTimeout(timer);
        printed = null;
        resolve();
      }
      printed = done;
    });
  }

  return { url, child, output: readOutput, stop, kill };
}
