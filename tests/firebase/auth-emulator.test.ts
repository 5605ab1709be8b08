import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isDataError } from '../../src/data/port';
import type { CurrentUser } from '../../src/data/port';
import {
  createFirebaseDataPort,
  type FirebaseDataPort,
} from '../../src/data/firebase/firebase-adapter';

// The auth half of the Firebase adapter against the real Auth emulator (started by
// auth-emulator-setup.ts): anonymous sessions, sign-up that links the anonymous account (same
// uid, so earlier orders stay the customer's), sign-in, sign-out, and the admin claim set by
// `npm run firebase:grant-admin`, which the adapter reads from the ID token.

const host = inject('authEmulatorHost');
const problem = inject('authEmulatorProblem');
if (!host) console.info(`skipped: ${problem}`);

const ROOT = join(import.meta.dirname, '..', '..');
const PASSWORD = 'Moving-day-2026';
const ports: FirebaseDataPort[] = [];
let apps = 0;
const uniqueEmail = () =>
  `fb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function browser(): FirebaseDataPort {
  apps += 1;
  const port = createFirebaseDataPort(
    {
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: 'demo-afsh.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'demo-afsh',
      VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: host ?? '127.0.0.1:9099',
    },
    { appName: `auth-test-${apps}` },
  );
  ports.push(port);
  return port;
}

function grantAdmin(email: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/firebase-grant-admin.ts', '--email', email, '--project', 'demo-afsh'],
      {
        cwd: ROOT,
        env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

afterAll(async () => {
  await Promise.all(ports.map((port) => port.auth.signOut().catch(() => undefined)));
});

describe.skipIf(!host)('Firebase adapter: auth against the Auth emulator', () => {
  it('starts without a user, and ensureSession signs in anonymously once', async () => {
    const port = browser();
    expect(await port.auth.current()).toBeNull();
    const first = await port.auth.ensureSession();
    expect(first).toMatchObject({ email: null, anonymous: true, isAdmin: false });
    expect(first.id).toMatch(/\S{10,}/);
    const again = await port.auth.ensureSession();
    expect(again.id).toBe(first.id);
    expect(await port.auth.current()).toEqual(first);
  });

  it('sign-up from an anonymous session links it: the uid stays the same', async () => {
    const port = browser();
    const visitor = await port.auth.ensureSession();
    const email = uniqueEmail();
    const account = await port.auth.signUp({ email, password: PASSWORD });
    expect(account).toEqual({ id: visitor.id, email, anonymous: false, isAdmin: false });
    expect(await port.auth.current()).toEqual(account);
  });

  it('rejects a taken email and a weak password with DataError codes', async () => {
    const email = uniqueEmail();
    await browser().auth.signUp({ email, password: PASSWORD });
    const other = browser();
    await other.auth.ensureSession();
    const taken = await failure(other.auth.signUp({ email, password: PASSWORD }));
    expect(isDataError(taken) && taken.code).toBe('already-exists');
    const weak = await failure(browser().auth.signUp({ email: uniqueEmail(), password: 'short' }));
    expect(isDataError(weak) && weak.code).toBe('invalid-argument');
  });

  it('signs in on another browser as the same user, and signs out', async () => {
    const email = uniqueEmail();
    const created = await browser().auth.signUp({ email, password: PASSWORD });
    const port = browser();
    const seen: (CurrentUser | null)[] = [];
    const stop = port.auth.subscribe((user) => seen.push(user));
    const signedIn = await port.auth.signIn({ email, password: PASSWORD });
    expect(signedIn).toEqual(created);
    await expect.poll(() => seen.at(-1)?.id).toBe(created.id);
    await port.auth.signOut();
    expect(await port.auth.current()).toBeNull();
    await expect.poll(() => seen.at(-1)).toBeNull();
    stop();
  });

  it('refuses a wrong password as unauthenticated with the translated key', async () => {
    const email = uniqueEmail();
    await browser().auth.signUp({ email, password: PASSWORD });
    const error = await failure(browser().auth.signIn({ email, password: 'Wrong-pass-2026' }));
    expect(isDataError(error) && error.code).toBe('unauthenticated');
    expect((error as Error).message).toBe('auth:invalidCredentials');
  });

  it('the grant script sets the admin claim; isAdmin follows after a token refresh', async () => {
    const email = uniqueEmail();
    const port = browser();
    const user = await port.auth.signUp({ email, password: PASSWORD });
    expect(user.isAdmin).toBe(false);

    const granted = await grantAdmin(email);
    expect(granted.output).toContain('is now an admin');
    expect(granted.code).toBe(0);

    // The old token still says "not admin" (the browser is no authority); a refresh reads the claim.
    expect((await port.auth.current())?.isAdmin).toBe(false);
    expect((await port.refreshClaims())?.isAdmin).toBe(true);
    expect((await port.auth.current())?.isAdmin).toBe(true);
    // A fresh sign-in elsewhere gets the claim in its first token.
    expect((await browser().auth.signIn({ email, password: PASSWORD })).isAdmin).toBe(true);

    const missing = await grantAdmin(uniqueEmail());
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No account with the email');
  });
});
