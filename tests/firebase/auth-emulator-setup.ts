import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the Firebase Auth emulator (pure Node, from firebase-tools; no Java) for the `firebase`
 * vitest project, on ports of its own, or uses the one FIREBASE_AUTH_EMULATOR_HOST names
 * (`npm run test:firebase` runs under `firebase emulators:exec`, which sets it). It never adopts
 * whatever listens on 9099: that may be another run's emulator, which stops when that run ends.
 * When it cannot start, the tests get the reason and skip with it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string | null;
    authEmulatorProblem: string;
  }
}

const HOST = '127.0.0.1';
const PROJECT = 'demo-afsh';
const START_TIMEOUT_MS = 90_000;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `count` different ports nothing listens on now, as the system hands them out. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, HOST, () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

let child: ChildProcess | null = null;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromEnv = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (fromEnv) {
    project.provide('authEmulatorHost', fromEnv);
    project.provide('authEmulatorProblem', '');
    return async () => {};
  }

  // The emulator, its hub and its log server each on a free port, from a config of this run's own
  // (firebase.json's fixed 9099, 4400 and 4500 would clash with a run beside this one).
  const root = join(import.meta.dirname, '..', '..');
  const [port, hub, logging] = (await freePorts(3)) as [number, number, number];
  const configDir = await mkdtemp(join(tmpdir(), 'afsh-auth-emulator-'));
  const config = join(configDir, 'firebase.json');
  await writeFile(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port },
        hub: { host: HOST, port: hub },
        logging: { host: HOST, port: logging },
        ui: { enabled: false },
      },
    }),
  );
  let output = '';
  child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT, '--config', config],
    // Its own process group, so teardown ends the CLI and anything it started, and only those.
    { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', (error) => {
    exited = true;
    output += error.message;
  });

  const deadline = Date.now() + START_TIMEOUT_MS;
  let ready = false;
  while (!exited && Date.now() < deadline) {
    if (await listening(port)) {
      ready = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const stop = async () => {
    await stopEmulator();
    await rm(configDir, { recursive: true, force: true });
  };
  const stopEmulator = async () => {
    const running = child;
    child = null;
    if (!running?.pid || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    try {
      process.kill(-running.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-running.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await gone;
    clearTimeout(timer);
  };

  if (!ready) {
    await stop();
    const tail = output.trim().split('\n').slice(-5).join(' | ');
    project.provide('authEmulatorHost', null);
    project.provide(
      'authEmulatorProblem',
      `the Auth emulator did not start within ${START_TIMEOUT_MS / 1000} s (${tail || 'no output'})`,
    );
    return async () => {};
  }
  project.provide('authEmulatorHost', `${HOST}:${port}`);
  project.provide('authEmulatorProblem', '');
  return stop;
}
