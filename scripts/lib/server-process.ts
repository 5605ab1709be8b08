import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
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
}

export interface StartOptions {
  env: Record<string, string>;
  host?: string;
  port?: number;
  /** How long to wait for /api/health. */
  timeoutMs?: number;
  /** Also copy the server's output to this stream as it arrives. */
  echo?: NodeJS.WritableStream;
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

  const child = spawn(`${REPO_ROOT}node_modules/.bin/tsx`, ['server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env, HOST: host, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    options.echo?.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

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

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ` +
          `ready. Its output:\n${output}`,
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
          `Its output:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return { url, child, output: () => output, stop };
}
