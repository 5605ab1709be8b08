import { getApps as getAdminApps, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { setAdmin } from '../../scripts/lib/admin-grant';
import {
  FakeAdminFirestore,
  FakeFirestoreBackend,
} from '../../src/data/firebase/testing-fake-firestore';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
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

/** The admins collection the grant script writes (Firestore itself needs its emulator). */
const store = new FakeFirestoreBackend();
const adminDb = new FakeAdminFirestore(store) as unknown as AdminFirestore;
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

/** `npm run firebase:grant-admin` as the script runs it, with the Firestore half in-process. */
async function grantAdmin(email: string, revoke = false) {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host ?? '127.0.0.1:9099';
  const app = getAdminApps()[0] ?? initializeAdminApp({ projectId: 'demo-afsh' });
  return setAdmin({ auth: getAdminAuth(app), db: adminDb, email, revoke });
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
    expect(account).toEqual({
      id: visitor.id,
      email,
      phone: null,
      anonymous: false,
      isAdmin: false,
    });
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
    expect(granted).toMatchObject({ ok: true, uid: user.id, admin: true });
    expect(store.read(`admins/${user.id}`)).toMatchObject({ email });

    // The old token still says "not admin" (the browser is no authority); a refresh reads the claim.
    expect((await port.auth.current())?.isAdmin).toBe(false);
    expect((await port.refreshClaims())?.isAdmin).toBe(true);
    expect((await port.auth.current())?.isAdmin).toBe(true);
    // A fresh sign-in elsewhere gets the claim in its first token.
    expect((await browser().auth.signIn({ email, password: PASSWORD })).isAdmin).toBe(true);

    const missing = await grantAdmin(uniqueEmail());
    expect(missing).toMatchObject({ ok: false, reason: 'no-account' });
  });

  it('--revoke ends an admin’s access at once: the document goes and every session is revoked', async () => {
    const email = uniqueEmail();
    const port = browser();
    const user = await port.auth.signUp({ email, password: PASSWORD });
    await grantAdmin(email);
    expect((await port.refreshClaims())?.isAdmin).toBe(true);
    const token = await port.authInstance.currentUser!.getIdToken();
    const adminAuth = getAdminAuth(getAdminApps()[0]!);
    const decoded = await adminAuth.verifyIdToken(token, true);
    expect(decoded.admin).toBe(true);

    // Revocation is kept in whole seconds and spares a token signed in during the revoke's own
    // second (auth_time): revoke once the clock has moved past the token's sign-in second.
    await vi.waitFor(
      () => expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(decoded.auth_time),
      { timeout: 5_000, interval: 50 },
    );
    expect(await grantAdmin(email, true)).toMatchObject({ ok: true, admin: false });
    // The rules and the functions check this document on every request.
    expect(store.read(`admins/${user.id}`)).toBeUndefined();
    // The hour-long ID token the browser holds is revoked, and so are its refresh tokens (the
    // emulator still hands out new ID tokens for them; Firebase Auth does not).
    const revoked = await failure(adminAuth.verifyIdToken(token, true));
    expect((revoked as { code?: string }).code).toBe('auth/id-token-revoked');
    const validAfter = Date.parse((await adminAuth.getUser(user.id)).tokensValidAfterTime ?? '');
    expect(validAfter).toBeGreaterThan(Date.now() - 5_000);
    expect((await adminAuth.getUser(user.id)).customClaims?.admin).toBeUndefined();
  });
});
