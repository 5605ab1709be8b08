import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Starts the Firebase Auth emulator (pure Node, from firebase-tools; no Java) for the `firebase`
 * vitest project, or reuses one that already listens on 9099 (`npm run test:firebase` runs under
 * `firebase emulators:exec`). When it cannot start, the tests get the reason and skip with it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string | null;
    authEmulatorProblem: string;
  }
}

const HOST = '127.0.0.1';
const PORT = 9099;
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

let child: ChildProcess | null = null;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromEnv = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (fromEnv || (await listening(PORT))) {
    project.provide('authEmulatorHost', fromEnv || `${HOST}:${PORT}`);
    project.provide('authEmulatorProblem', '');
    return async () => {};
  }

  const root = join(import.meta.dirname, '..', '..');
  let output = '';
  child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT],
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
    if (await listening(PORT)) {
      ready = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const stop = async () => {
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
  project.provide('authEmulatorHost', `${HOST}:${PORT}`);
  project.provide('authEmulatorProblem', '');
  return stop;
}
