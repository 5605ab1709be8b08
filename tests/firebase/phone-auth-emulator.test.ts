import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getApps as getAdminApps, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth, type Auth as AdminAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { firebaseAccounts } from '../../functions/src/shared/accounts';
import { routeFunctions, TEST_SETTINGS } from '../../functions/src/testing/in-process';
import {
  createFirebaseDataPort,
  type FirebaseDataPort,
} from '../../src/data/firebase/firebase-adapter';
import { backend } from '../../src/data/firebase/testing-fake-firestore';
import { hostedOrderInput, seedRoomyCapacity } from '../../src/data/firebase/testing-hosted';
import { firestoreReadRules } from '../../src/data/firebase/testing-read-rules';
import { isDataError, type DataError } from '../../src/data/port';
import { cairoDatePlusDays } from '../../src/domain/datetime';
import { PHONE_MESSAGES } from '../../src/domain/phone-verification';

// Firebase Auth's phone sign-in through the adapter, against the Auth emulator (D13): the real
// SDK sends the code (the emulator keeps it; we read it from its REST endpoint, as a customer
// reads the SMS), links it to an anonymous session or switches to the number's account, and the
// ID tokens it hands out carry `phone_number`. The callables are answered in-process by the
// functions' handlers, which verify those tokens with firebase-admin against the same emulator,
// over the fake Firestore (as tests/firebase/in-process.contract.test.ts).
//
// The SDK's Node build has no phone sign-in (it needs a page for the reCAPTCHA), so this file
// gives the SDK's browser build a page (jsdom's window, document and location as globals; the
// functions' code stays Node's), and `appVerificationDisabledForTesting` stands in for the
// reCAPTCHA a real page shows. The mapping of every Firebase refusal is tested without the
// emulator in src/data/firebase/hosted-phone-auth.node.test.ts.

await vi.hoisted(async () => {
  // jsdom ships no types; this is the part of it used here.
  const jsdom = 'jsdom';
  const { JSDOM } = (await import(/* @vite-ignore */ jsdom)) as {
    JSDOM: new (html: string, options: { url: string }) => { window: Window };
  };
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost/',
  });
  Object.assign(globalThis, {
    window,
    self: window,
    document: window.document,
    location: window.location,
  });
});

vi.mock('firebase/auth', async () => {
  // The browser build of the same @firebase/auth the firebase package uses.
  const firebase = createRequire(import.meta.url).resolve('firebase/package.json');
  const nodeBuild = createRequire(firebase).resolve('@firebase/auth');
  const browserBuild = join(dirname(dirname(nodeBuild)), 'esm', 'index.js');
  return (await import(pathToFileURL(browserBuild).href)) as Record<string, unknown>;
});
vi.mock(
  'firebase/firestore',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeFirestoreModule,
);
vi.mock(
  'firebase/functions',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeFunctionsModule,
);
vi.mock(
  'firebase/app-check',
  async () => (await import('../../src/data/firebase/testing-fake-firestore')).fakeAppCheckModule,
);

const host = inject('authEmulatorHost');
if (!host) console.info(`skipped: ${inject('authEmulatorProblem')}`);

const PROJECT = 'demo-afsh';
const ports: FirebaseDataPort[] = [];
let adminAuth: AdminAuth;

/** An order for next week, for `national` (this suite runs on the real clock). */
const orderFor = (national: string) =>
  hostedOrderInput({ phoneNumber: national, moveDate: cairoDatePlusDays(7) });

/** A mobile number no earlier run used (the emulator keeps its accounts while it runs). */
function freshNumber(): { e164: string; national: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { e164: `+2010${digits}`, national: `010${digits}` };
}

function browser(): FirebaseDataPort {
  const port = createFirebaseDataPort(
    {
      VITE_FIREBASE_API_KEY: 'demo-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
      VITE_FIREBASE_PROJECT_ID: PROJECT,
      VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: host!,
      VITE_FIREBASE_APPCHECK_SITE_KEY: 'site-key-0123456789',
    },
    { appName: `phone-${ports.length + 1}` },
  );
  // What a test page may do instead of solving a reCAPTCHA (only the emulator and test numbers).
  port.authInstance.settings.appVerificationDisabledForTesting = true;
  ports.push(port);
  return port;
}

/** The code the emulator "sent" to `phone`: what the customer reads in the SMS. */
async function codeSentTo(phone: string): Promise<string> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const { verificationCodes = [] } = (await response.json()) as {
    verificationCodes?: { phoneNumber: string; code: string }[];
  };
  const code = verificationCodes.filter((sent) => sent.phoneNumber === phone).at(-1)?.code;
  if (!code) throw new Error(`the emulator sent no code to ${phone}`);
  return code;
}

async function signInByPhone(port: FirebaseDataPort, phone: string) {
  const challenge = await port.auth.requestPhoneCode({ phone, language: 'ar' });
  expect(challenge).toMatchObject({ phone, channel: 'sms' });
  return port.auth.verifyPhoneCode(challenge.challengeId, await codeSentTo(phone));
}

async function failure(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDataError(error)) throw new Error(`expected a DataError, got ${String(error)}`);
  return error;
}

beforeAll(() => {
  if (!host) return;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  adminAuth = getAdminAuth(getAdminApps()[0] ?? initializeAdminApp({ projectId: PROJECT }));
});

beforeEach(() => {
  if (!host) return;
  backend.reset();
  backend.readRules = firestoreReadRules;
  seedRoomyCapacity(backend);
  routeFunctions(backend, TEST_SETTINGS, { accounts: firebaseAccounts(adminAuth) });
  // Who a browser is: its ID token, verified by firebase-admin as the callable protocol does.
  backend.identify = async (app) => {
    const current = ports.find((port) => port.app === app)?.authInstance.currentUser;
    if (!current) return null;
    const decoded = await adminAuth.verifyIdToken(await current.getIdToken());
    return {
      uid: decoded.uid,
      admin: decoded.admin === true,
      anonymous: decoded.firebase.sign_in_provider === 'anonymous',
      email: decoded.email ?? null,
      phone: decoded.phone_number ?? null,
    };
  };
});

afterAll(async () => {
  await Promise.all(ports.map((port) => port.auth.signOut().catch(() => undefined)));
  backend.functions = null;
});

describe.skipIf(!host)('phone sign-in through the adapter, against the Auth emulator', () => {
  it('an anonymous visitor proves a number: same uid, a token with phone_number, and may book', async () => {
    const number = freshNumber();
    const port = browser();
    const visitor = await port.auth.ensureSession();
    const refused = await failure(port.orders.create(orderFor(number.national)));
    expect(refused).toMatchObject({
      code: 'permission-denied',
      message: PHONE_MESSAGES.verificationRequired,
    });

    // Booked by the office for this number, by an admin account deleted since.
    backend.seed('orders/office-booked', {
      ...orderFor(number.national),
      userId: 'former-admin-uid',
    });

    const user = await signInByPhone(port, number.e164);
    expect(user).toEqual({
      id: visitor.id,
      email: null,
      phone: number.e164,
      anonymous: false,
      isAdmin: false,
    });
    const token = await adminAuth.verifyIdToken(await port.authInstance.currentUser!.getIdToken());
    expect(token.phone_number).toBe(number.e164);

    // claimPhoneOrders read the number from that token: the office's order is now theirs.
    expect(backend.read('orders/office-booked')?.userId).toBe(visitor.id);
    const order = await port.orders.create(orderFor(number.national));
    expect(order.userId).toBe(visitor.id);
  });

  it('a number with an account: the visitor switches to it, and their orders go along', async () => {
    const number = freshNumber();
    const existing = await adminAuth.createUser({ phoneNumber: number.e164 });
    const port = browser();
    const visitor = await port.auth.ensureSession();
    // An order the visitor placed before D13, in the fake Firestore.
    backend.seed('orders/visitors-order', {
      ...orderFor('01112345678'),
      userId: visitor.id,
    });

    const user = await signInByPhone(port, number.e164);
    expect(user).toMatchObject({ id: existing.uid, phone: number.e164, anonymous: false });
    // claimAnonymousOrders verified the anonymous session's real ID token with firebase-admin.
    expect(backend.read('orders/visitors-order')?.userId).toBe(existing.uid);
  });

  it('a wrong code is refused as wrong and may be typed again; the right one signs in', async () => {
    const number = freshNumber();
    const port = browser();
    const challenge = await port.auth.requestPhoneCode({ phone: number.national, language: 'en' });
    const code = await codeSentTo(number.e164);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await failure(port.auth.verifyPhoneCode(challenge.challengeId, wrong))).toMatchObject({
      code: 'invalid-argument',
      message: PHONE_MESSAGES.wrongCode,
      fields: { code: PHONE_MESSAGES.wrongCode },
    });
    const user = await port.auth.verifyPhoneCode(challenge.challengeId, code);
    expect(user.phone).toBe(number.e164);
  });

  it('an email account is told a number is another account’s, and keeps its session', async () => {
    const number = freshNumber();
    await adminAuth.createUser({ phoneNumber: number.e164 });
    const port = browser();
    const email = `phone-${Date.now().toString(36)}@example.com`;
    const account = await port.auth.signUp({ email, password: 'Moving-day-2026' });
    const challenge = await port.auth.requestPhoneCode({ phone: number.e164, language: 'ar' });
    const error = await failure(
      port.auth.verifyPhoneCode(challenge.challengeId, await codeSentTo(number.e164)),
    );
    expect(error).toMatchObject({ code: 'already-exists', message: PHONE_MESSAGES.numberTaken });
    expect(await port.auth.current()).toEqual({ ...account, phone: null });
  });
});
