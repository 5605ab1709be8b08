// Phone-verified customers on the hosted build (D13), the adapter's half: requestPhoneCode and
// verifyPhoneCode over a fake of Firebase Auth's phone sign-in (testing-fake-phone-auth.ts), with
// the functions answering in-process (claimPhoneOrders, claimAnonymousOrders, placeOrder) as in
// firebase-adapter.node.test.ts. How Firebase's answers become the port's DataErrors, which
// sign-in each session gets, and the bookkeeping of codes asked for and typed. The real SDK's
// phone sign-in runs against the Auth emulator in tests/firebase/phone-auth-emulator.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one: the unit project's setup (testing-sdk-fakes.ts).

import { FirebaseError } from '@firebase/util';
import {
  routeFunctions,
  TEST_SETTINGS,
  type FakeAccounts,
} from '../../../functions/src/testing/in-process';
import { PHONE_MESSAGES } from '../../domain/phone-verification';
import type { Order } from '../port';
import {
  phoneAuthError,
  PHONE_CODE_LIFETIME_SECONDS,
  PHONE_RESEND_SECONDS,
  type FirebaseDataPort,
} from './firebase-adapter';
import { backend, fakeUser, type FakeUser } from './testing-fake-firestore';
import { fakeDocument, phoneAuth } from './testing-fake-phone-auth';
import {
  fakeBrowser,
  HOSTED_ORDER_PHONE,
  hostedOrderInput,
  rejection,
  seedRoomyCapacity,
} from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const PHONE = HOSTED_ORDER_PHONE;
const TYPED = '٠١٠ ١٢٣٤ ٥٦٧٨';
const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });

let accounts: FakeAccounts;
let page: ReturnType<typeof fakeDocument>;

const browser = (user: FakeUser | null) => fakeBrowser(user);
const callNames = () => backend.calls.map((call) => call.name);
const ownerOf = (orderId: string) => backend.read(`orders/${orderId}`)?.userId;

/** Asks for a code on `port` and types the one the SMS brought. */
async function signInByPhone(port: FirebaseDataPort, phone = PHONE) {
  const challenge = await port.auth.requestPhoneCode({ phone, language: 'ar' });
  return port.auth.verifyPhoneCode(challenge.challengeId, phoneAuth.codeFor(challenge.phone));
}

/** An order the office booked by phone for PHONE, owned by `owner` (as before D13). */
async function officeOrder(owner: string | null = ADMIN.uid): Promise<Order> {
  const order = await browser(ADMIN).orders.create(hostedOrderInput());
  backend.seed(`orders/${order.id}`, { ...backend.read(`orders/${order.id}`)!, userId: owner });
  return order;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.readRules = firestoreReadRules;
  accounts = routeFunctions(backend, TEST_SETTINGS).fakeAccounts!;
  backend.seed('admins/admin-uid', { email: 'admin@example.com' });
  seedRoomyCapacity(backend);
  phoneAuth.reset();
  page = fakeDocument();
  vi.stubGlobal('document', page);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requestPhoneCode', () => {
  it('sends an SMS to the number in E.164, in the page’s language, and says when to ask again', async () => {
    const port = browser(fakeUser({ uid: 'visitor' }));
    const challenge = await port.auth.requestPhoneCode({ phone: TYPED, language: 'en' });
    expect(challenge).toEqual({
      challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
      phone: PHONE,
      channel: 'sms',
      expiresInSeconds: PHONE_CODE_LIFETIME_SECONDS,
      resendInSeconds: PHONE_RESEND_SECONDS,
    });
    expect(phoneAuth.sent).toEqual([expect.objectContaining({ phone: PHONE, language: 'en' })]);
  });

  it('asked for WhatsApp, sends an SMS: Firebase has no WhatsApp channel', async () => {
    const challenge = await browser(null).auth.requestPhoneCode({
      phone: PHONE,
      language: 'ar',
      channel: 'whatsapp',
    });
    expect(challenge.channel).toBe('sms');
    expect(phoneAuth.sent[0]).toMatchObject({ phone: PHONE, language: 'ar' });
  });

  it('refuses a number that is not an Egyptian mobile before anything is sent', async () => {
    for (const phone of ['12345', '', '+44 7700 900123']) {
      const error = await rejection(browser(null).auth.requestPhoneCode({ phone, language: 'ar' }));
      expect(error.code, phone).toBe('invalid-argument');
      expect(error.fields?.phone).toMatch(/^validation:phone\./);
    }
    expect(phoneAuth.sent).toEqual([]);
    expect(phoneAuth.verifiers).toEqual([]);
  });

  it('one invisible reCAPTCHA per try, in the one element the adapter keeps; the last is cleared', async () => {
    const port = browser(null);
    await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    vi.setSystemTime(NOW + PHONE_RESEND_SECONDS * 1000);
    await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    const [first, second] = phoneAuth.verifiers;
    expect(first!.parameters).toEqual({ size: 'invisible' });
    expect(first!.cleared).toBe(true);
    expect(second!.cleared).toBe(false);
    expect(second!.container).toBe(first!.container);
    expect(page.body.children).toEqual([first!.container]);
  });

  it('a second code to the same number waits a minute (the screen’s countdown)', async () => {
    const port = browser(null);
    await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    vi.setSystemTime(NOW + 20_000);
    const error = await rejection(port.auth.requestPhoneCode({ phone: TYPED, language: 'ar' }));
    expect(error).toMatchObject({
      code: 'rate-limited',
      message: PHONE_MESSAGES.resendTooSoon,
      fields: { phone: PHONE_MESSAGES.resendTooSoon },
      retryAfterSeconds: 40,
    });
    expect(phoneAuth.sent).toHaveLength(1);
    // Another number is not held up; a failed try does not start the wait.
    phoneAuth.failNext('send', 'captcha-check-failed');
    await rejection(port.auth.requestPhoneCode({ phone: '01112345678', language: 'ar' }));
    await port.auth.requestPhoneCode({ phone: '01112345678', language: 'ar' });
  });

  it.each([
    ['too-many-requests', 'rate-limited', PHONE_MESSAGES.tooManyCodes, 'phone'],
    ['quota-exceeded', 'unavailable', PHONE_MESSAGES.busy, undefined],
    ['operation-not-allowed', 'unavailable', PHONE_MESSAGES.notSent, undefined],
    ['captcha-check-failed', 'unavailable', PHONE_MESSAGES.notSent, undefined],
    ['invalid-app-credential', 'unavailable', PHONE_MESSAGES.notSent, undefined],
    ['network-request-failed', 'unavailable', 'errors:unavailable', undefined],
  ])('Firebase’s auth/%s is %s with %s', async (firebaseCode, code, message, field) => {
    phoneAuth.failNext('send', firebaseCode);
    const error = await rejection(
      browser(null).auth.requestPhoneCode({ phone: PHONE, language: 'ar' }),
    );
    expect(error).toMatchObject({ code, message });
    expect(error.fields).toEqual(field ? { [field]: message } : undefined);
  });
});

describe('verifyPhoneCode: which sign-in each session gets (decidePhoneSignIn)', () => {
  it('an anonymous visitor links the number: same uid, their orders stay, the session now books', async () => {
    const visitor = fakeUser({ uid: 'visitor' });
    const port = browser(visitor);
    const user = await signInByPhone(port);
    expect(user).toEqual({
      id: 'visitor',
      email: null,
      phone: PHONE,
      anonymous: false,
      isAdmin: false,
    });
    expect(await port.auth.current()).toEqual(user);
    const order = await port.orders.create(hostedOrderInput());
    expect(order.userId).toBe('visitor');
    expect(callNames()).toEqual(['claimPhoneOrders', 'placeOrder']);
  });

  it('with no session, the number’s account signs in (created for it the first time)', async () => {
    const first = await signInByPhone(browser(null));
    expect(first).toMatchObject({ phone: PHONE, anonymous: false });
    vi.setSystemTime(NOW + PHONE_RESEND_SECONDS * 1000);
    const again = await signInByPhone(browser(null));
    expect(again.id).toBe(first.id);
  });

  it('the number already has an account: the visitor switches to it and their orders go along', async () => {
    const visitor = fakeUser({ uid: 'visitor' });
    accounts.add(visitor);
    const theirs = await officeOrder('visitor');
    const booked = await officeOrder(ADMIN.uid);
    const mona = phoneAuth.accountFor(PHONE, 'mona-uid');
    const port = browser(visitor);
    backend.calls.length = 0;

    const user = await signInByPhone(port);
    expect(user).toMatchObject({ id: mona.uid, phone: PHONE, anonymous: false });
    expect(port.authInstance.currentUser?.uid).toBe(mona.uid);
    // The visitor's ID token (taken before switching) proves the orders left behind were theirs.
    expect(backend.calls).toEqual([
      { name: 'claimAnonymousOrders', data: { idToken: 'token-of-visitor' } },
      { name: 'claimPhoneOrders', data: {} },
    ]);
    expect(ownerOf(theirs.id)).toBe(mona.uid);
    expect(ownerOf(booked.id)).toBe(mona.uid);
    expect((await port.orders.mine()).map((o) => o.id).sort()).toEqual(
      [theirs.id, booked.id].sort(),
    );
  });

  it('an email account without a number gets it: same account, same session', async () => {
    const account = fakeUser({ uid: 'email-uid', email: 'mona@example.com' });
    const user = await signInByPhone(browser(account));
    expect(user).toEqual({
      id: 'email-uid',
      email: 'mona@example.com',
      phone: PHONE,
      anonymous: false,
      isAdmin: false,
    });
  });

  it('an email account is told the number is another account’s, and keeps its session', async () => {
    phoneAuth.accountFor(PHONE, 'mona-uid');
    const account = fakeUser({ uid: 'email-uid', email: 'sara@example.com' });
    const port = browser(account);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    const error = await rejection(
      port.auth.verifyPhoneCode(challenge.challengeId, phoneAuth.codeFor(PHONE)),
    );
    expect(error).toMatchObject({
      code: 'already-exists',
      message: PHONE_MESSAGES.numberTaken,
      fields: { code: PHONE_MESSAGES.numberTaken },
    });
    expect(port.authInstance.currentUser?.uid).toBe('email-uid');
    expect(account.phoneNumber).toBeNull();
    expect(callNames()).toEqual([]);
  });

  it('an account with another number takes this one instead (attach)', async () => {
    const account = fakeUser({ uid: 'sara-uid', phone: '+201112345678' });
    phoneAuth.owners.set('+201112345678', account);
    const port = browser(account);
    const user = await signInByPhone(port);
    expect(user).toMatchObject({ id: 'sara-uid', phone: PHONE });
    expect(phoneAuth.owners.get('+201112345678')).toBeUndefined();
  });

  it('an account proving its own number again signs in afresh, as itself', async () => {
    const account = phoneAuth.accountFor(PHONE, 'mona-uid');
    const port = browser(account);
    expect((await signInByPhone(port)).id).toBe('mona-uid');
  });

  it('an admin without a number gets one and stays an admin', async () => {
    const user = await signInByPhone(browser(ADMIN));
    expect(user).toMatchObject({ id: ADMIN.uid, phone: PHONE, isAdmin: true });
  });
});

describe('verifyPhoneCode: codes typed, and Firebase’s refusals', () => {
  it('a wrong code may be typed again; the right one then signs in', async () => {
    const port = browser(null);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    const wrong = await rejection(port.auth.verifyPhoneCode(challenge.challengeId, '000000'));
    expect(wrong).toMatchObject({
      code: 'invalid-argument',
      message: PHONE_MESSAGES.wrongCode,
      fields: { code: PHONE_MESSAGES.wrongCode },
    });
    const user = await port.auth.verifyPhoneCode(challenge.challengeId, phoneAuth.codeFor(PHONE));
    expect(user.phone).toBe(PHONE);
    // Used: typing it again finds no try to finish.
    const used = await rejection(
      port.auth.verifyPhoneCode(challenge.challengeId, phoneAuth.codeFor(PHONE)),
    );
    expect(used).toMatchObject({ code: 'failed-precondition', message: PHONE_MESSAGES.expired });
  });

  it('accepts the code in Arabic-Indic digits, with spaces', async () => {
    const port = browser(null);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    const arabic = phoneAuth
      .codeFor(PHONE)
      .replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))
      .replace(/^(...)/, '$1 ');
    expect((await port.auth.verifyPhoneCode(challenge.challengeId, arabic)).phone).toBe(PHONE);
  });

  it('refuses a malformed code or challenge before asking Firebase', async () => {
    const port = browser(null);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    const short = await rejection(port.auth.verifyPhoneCode(challenge.challengeId, '123'));
    expect(short).toMatchObject({
      code: 'invalid-argument',
      fields: { code: 'validation:phoneCode.invalid' },
    });
    const empty = await rejection(port.auth.verifyPhoneCode(challenge.challengeId, ' '));
    expect(empty.fields).toEqual({ code: 'validation:phoneCode.required' });
    const bogus = await rejection(port.auth.verifyPhoneCode('x', '123456'));
    expect(bogus.fields).toEqual({ challengeId: 'validation:phoneCode.required' });
  });

  it('an unknown challenge (another tab, a reload) is expired: ask for a new code', async () => {
    const error = await rejection(browser(null).auth.verifyPhoneCode('a'.repeat(32), '123456'));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      message: PHONE_MESSAGES.expired,
      fields: { code: PHONE_MESSAGES.expired },
    });
  });

  it('an expired code is refused and its try forgotten', async () => {
    const port = browser(null);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    const code = phoneAuth.codeFor(PHONE);
    phoneAuth.expire(PHONE);
    const error = await rejection(port.auth.verifyPhoneCode(challenge.challengeId, code));
    expect(error).toMatchObject({ code: 'failed-precondition', message: PHONE_MESSAGES.expired });
    const again = await rejection(port.auth.verifyPhoneCode(challenge.challengeId, code));
    expect(again.message).toBe(PHONE_MESSAGES.expired);
  });

  it('too many tries is locked, with the code field', async () => {
    const port = browser(null);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    phoneAuth.failNext('confirm', 'too-many-requests');
    const error = await rejection(
      port.auth.verifyPhoneCode(challenge.challengeId, phoneAuth.codeFor(PHONE)),
    );
    expect(error).toMatchObject({
      code: 'rate-limited',
      message: PHONE_MESSAGES.locked,
      fields: { code: PHONE_MESSAGES.locked },
    });
  });

  it('a session that ended since the code was asked for does not get linked', async () => {
    const visitor = fakeUser({ uid: 'visitor' });
    const port = browser(visitor);
    const challenge = await port.auth.requestPhoneCode({ phone: PHONE, language: 'ar' });
    (port.authInstance as unknown as { currentUser: FakeUser | null }).currentUser = null;
    const error = await rejection(
      port.auth.verifyPhoneCode(challenge.challengeId, phoneAuth.codeFor(PHONE)),
    );
    expect(error.message).toBe(PHONE_MESSAGES.expired);
    expect(visitor.phoneNumber).toBeNull();
  });

  it('claims that fail leave the sign-in standing, and are tried again before orders are read', async () => {
    const booked = await officeOrder();
    const functions = backend.functions!;
    backend.functions = async (request) =>
      request.name === 'claimPhoneOrders'
        ? { ok: false, code: 'unavailable', message: 'errors:unavailable' }
        : functions(request);
    const port = browser(fakeUser({ uid: 'visitor' }));
    const user = await signInByPhone(port);
    expect(user.phone).toBe(PHONE);
    expect(ownerOf(booked.id)).toBe(ADMIN.uid);

    backend.functions = functions;
    expect((await port.orders.mine()).map((o) => o.id)).toEqual([booked.id]);
    // Once done, not again.
    await port.orders.mine();
    expect(callNames().filter((name) => name === 'claimPhoneOrders')).toHaveLength(2);
  });
});

describe('phoneAuthError', () => {
  it('maps what only confirming can answer', () => {
    const error = (code: string) => new FirebaseError(`auth/${code}`, code);
    expect(phoneAuthError(error('invalid-verification-id'), 'verify').message).toBe(
      PHONE_MESSAGES.expired,
    );
    for (const taken of ['credential-already-in-use', 'account-exists-with-different-credential']) {
      expect(phoneAuthError(error(taken), 'verify')).toMatchObject({
        code: 'already-exists',
        message: PHONE_MESSAGES.numberTaken,
        fields: { code: PHONE_MESSAGES.numberTaken },
      });
    }
    expect(phoneAuthError(error('internal-error'), 'verify').code).toBe('internal');
    expect(phoneAuthError(error('internal-error'), 'request').message).toBe(PHONE_MESSAGES.notSent);
    expect(phoneAuthError(error('user-disabled'), 'verify').code).toBe('permission-denied');
    expect(phoneAuthError(new Error('boom'), 'verify').code).toBe('internal');
  });
});
