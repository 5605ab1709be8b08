// Phone-verified customers on the hosted build (D13), the functions' half, in-process: the calls
// as the callable protocol hands them over (the caller's ID token already verified, its
// `phone_number` claim included), over the fake Firestore and a fake of Firebase Auth's accounts
// (functions/src/testing/in-process.ts). Who may book, the open orders a customer may hold, an
// admin's booking for a customer with an account, and the two claims after a phone sign-in. The
// adapter's half (Firebase's phone sign-in itself) is in hosted-phone-auth.node.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// This file never calls the SDK, but it reaches the adapter (testing-hosted.ts): the SDK is the
// fake one, as in every unit file (the unit project's setup, testing-sdk-fakes.ts).

import {
  routeFunctions,
  TEST_SETTINGS,
  type FakeAccounts,
} from '../../../functions/src/testing/in-process';
import { testPaymentProvider } from '../../../server/src/payments/test-provider';
import { CUSTOMER_LIMIT_MESSAGES } from '../../domain/customer-limits';
import type { Order } from '../../domain/order';
import { PHONE_MESSAGES } from '../../domain/phone-verification';
import { statusSteps } from '../../testing/lifecycle-steps';
import { backend, fakeIdToken, fakeUser, type Identity } from './testing-fake-firestore';
import { HOSTED_ORDER_PHONE, hostedOrderInput, seedRoomyCapacity } from './testing-hosted';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const PHONE = { national: '01012345678', e164: HOSTED_ORDER_PHONE };
const OTHER = { national: '01112345678', e164: '+201112345678' };

const ADMIN: Identity = { uid: 'admin-uid', admin: true, anonymous: false, email: 'a@afsh.test' };
const VISITOR: Identity = { uid: 'visitor-uid', admin: false, anonymous: true };
/** Proved PHONE with a code: `phone_number` is in their ID token. */
const CUSTOMER: Identity = {
  uid: 'customer-uid',
  admin: false,
  anonymous: false,
  phone: PHONE.e164,
};
const EMAIL_ACCOUNT: Identity = {
  uid: 'email-uid',
  admin: false,
  anonymous: false,
  email: 'mona@example.com',
};

let accounts: FakeAccounts;

/** Routes the callables with the product's limits, or these. */
function deploy(limits: Partial<typeof TEST_SETTINGS.limits> = {}): void {
  accounts = routeFunctions(backend, {
    ...TEST_SETTINGS,
    limits: { ...TEST_SETTINGS.limits, ...limits },
  }).fakeAccounts!;
}

async function call(name: string, data: unknown, auth: Identity | null) {
  return backend.functions!({ name, data, auth, appCheckToken: `app-check-of-${auth?.uid}` });
}

async function succeed<T>(name: string, data: unknown, auth: Identity | null): Promise<T> {
  const outcome = await call(name, data, auth);
  if (!outcome.ok) throw new Error(`${name} refused: ${outcome.code} ${outcome.message}`);
  return outcome.data as T;
}

const place = (auth: Identity, overrides: Parameters<typeof hostedOrderInput>[0] = {}) =>
  succeed<Order>('placeOrder', hostedOrderInput(overrides), auth);

const ownerOf = (orderId: string) => backend.read(`orders/${orderId}`)?.userId;

/** The stored order now belongs to `userId` (as an order placed before D13 might). */
function giveTo(orderId: string, userId: string | null): void {
  backend.seed(`orders/${orderId}`, { ...backend.read(`orders/${orderId}`)!, userId });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.seed(`admins/${ADMIN.uid}`, { email: ADMIN.email });
  seedRoomyCapacity(backend);
  deploy();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('placeOrder: a crew is held only for a verified customer (D13)', () => {
  it('refuses an anonymous visitor before anything is read or decided', async () => {
    backend.resetReads();
    const outcome = await call('placeOrder', hostedOrderInput(), VISITOR);
    expect(outcome).toMatchObject({
      ok: false,
      code: 'permission-denied',
      message: PHONE_MESSAGES.verificationRequired,
      details: {
        code: 'permission-denied',
        fields: { phoneNumber: PHONE_MESSAGES.verificationRequired },
        details: { verify: PHONE.national },
      },
    });
    // Not the catalog, not the crews, not a limit: the refusal costs no read.
    expect(backend.reads.functions).toBe(0);
    expect(backend.ids('orders')).toEqual([]);
  });

  it('refuses an account with an email but no proved number, and one that proved another', async () => {
    for (const caller of [EMAIL_ACCOUNT, { ...CUSTOMER, phone: OTHER.e164 }]) {
      const outcome = await call('placeOrder', hostedOrderInput(), caller);
      expect(outcome).toMatchObject({ ok: false, code: 'permission-denied' });
    }
    // Even a stale total is not looked at first: who books comes before what is booked.
    const stale = await call(
      'placeOrder',
      { ...hostedOrderInput(), totalPrice: 1 },
      { ...CUSTOMER, phone: OTHER.e164 },
    );
    expect(stale).toMatchObject({ ok: false, message: PHONE_MESSAGES.verificationRequired });
    expect(backend.ids('orders')).toEqual([]);
  });

  it('books for the customer who proved the order’s number, however the number is typed', async () => {
    const order = await place(CUSTOMER);
    expect(order).toMatchObject({ userId: CUSTOMER.uid, phoneNumber: PHONE.national });
    const typed = await place(CUSTOMER, { phoneNumber: '+20 ١٠ ١٢٣٤ ٥٦٧٨' });
    expect(typed.phoneNumber).toBe(PHONE.national);
  });

  it('an invalid body is still refused as invalid, field by field', async () => {
    const outcome = await call('placeOrder', hostedOrderInput({ phoneNumber: '12345' }), CUSTOMER);
    expect(outcome).toMatchObject({
      ok: false,
      code: 'invalid-argument',
      details: { fields: { phoneNumber: 'validation:phone.invalid' } },
    });
  });

  it('admins book for callers without a code; the order is the admin’s while the number has no account', async () => {
    const order = await place(ADMIN);
    expect(order.userId).toBe(ADMIN.uid);
    expect(ownerOf(order.id)).toBe(ADMIN.uid);
  });

  it('an admin’s booking for a number with an account is that customer’s order', async () => {
    accounts.add(fakeUser({ uid: 'mona-uid', phone: PHONE.e164 }));
    const order = await place(ADMIN);
    expect(order.userId).toBe('mona-uid');
    const other = await place(ADMIN, { phoneNumber: OTHER.national });
    expect(other.userId).toBe(ADMIN.uid);
  });
});

describe('placeOrder: at most 3 open orders per customer (D13)', () => {
  beforeEach(() => {
    // The hourly order limits (D8) stay out of the way: this is about open orders only.
    deploy({ orderCustomer: [], orderAppToken: [] });
  });

  it('a 4th open order is refused; a cancelled one frees a place', async () => {
    const orders = [await place(CUSTOMER), await place(CUSTOMER), await place(CUSTOMER)];
    const refused = await call('placeOrder', hostedOrderInput(), CUSTOMER);
    expect(refused).toMatchObject({
      ok: false,
      code: 'resource-exhausted',
      message: CUSTOMER_LIMIT_MESSAGES.tooManyOpen,
      details: { code: 'rate-limited', details: { openOrders: 3, max: 3 } },
    });
    expect(backend.ids('orders')).toHaveLength(3);

    await succeed('cancelOrder', { id: orders[0]!.id }, CUSTOMER);
    await place(CUSTOMER);
    expect(backend.ids('orders')).toHaveLength(4);
  });

  it('delivered orders and moves already past do not count; other customers’ do not either', async () => {
    const delivered = await place(CUSTOMER);
    for (const status of statusSteps('received', 'delivered')) {
      await succeed('updateOrder', { id: delivered.id, update: { status } }, ADMIN);
    }
    const past = await place(CUSTOMER);
    backend.seed(`orders/${past.id}`, {
      ...backend.read(`orders/${past.id}`)!,
      moveDate: '2026-03-09',
    });
    await place({ ...CUSTOMER, uid: 'someone-else' });
    await place(CUSTOMER);
    await place(CUSTOMER);
    await place(CUSTOMER);
    expect((await call('placeOrder', hostedOrderInput(), CUSTOMER)).ok).toBe(false);
  });

  it('counts with one query on the customer’s orders from today, inside the order’s transaction', async () => {
    await place(CUSTOMER);
    backend.queries.length = 0;
    await place(CUSTOMER);
    const counted = backend.queries.filter((q) => q.collection === 'orders');
    expect(counted).toEqual([
      {
        collection: 'orders',
        constraints: [
          { kind: 'where', field: 'userId', op: '==', value: CUSTOMER.uid },
          { kind: 'where', field: 'moveDate', op: '>=', value: '2026-03-10' },
        ],
      },
    ]);
  });

  it('a card is not charged for an order refused for too many open ones', async () => {
    for (let i = 0; i < 3; i += 1) await place(CUSTOMER);
    const verify = vi.spyOn(testPaymentProvider, 'verify');
    const refused = await call(
      'placeOrder',
      hostedOrderInput({ paymentMethod: 'card', paymentToken: 'test_ok_4242abcd' }),
      CUSTOMER,
    );
    expect(refused).toMatchObject({ ok: false, message: CUSTOMER_LIMIT_MESSAGES.tooManyOpen });
    expect(verify).not.toHaveBeenCalled();
  });

  it('admins booking by phone are not limited', async () => {
    for (let i = 0; i < 5; i += 1) await place(ADMIN);
    expect(backend.ids('orders')).toHaveLength(5);
  });
});

describe('claimPhoneOrders: the orders booked for the proved number become the customer’s', () => {
  it('claims the office’s, anonymous visitors’ and ownerless orders of the number, nothing else', async () => {
    const byOffice = await place(ADMIN);
    const byVisitor = await place(ADMIN);
    giveTo(byVisitor.id, VISITOR.uid);
    accounts.add(VISITOR);
    const ownerGone = await place(ADMIN);
    giveTo(ownerGone.id, 'deleted-uid');
    const ownerless = await place(ADMIN);
    giveTo(ownerless.id, null);
    const anotherCustomers = await place(ADMIN);
    giveTo(anotherCustomers.id, EMAIL_ACCOUNT.uid);
    accounts.add(EMAIL_ACCOUNT);
    const otherNumber = await place(ADMIN, { phoneNumber: OTHER.national });

    const result = await succeed('claimPhoneOrders', {}, CUSTOMER);
    expect(result).toEqual({ claimed: 4 });
    for (const order of [byOffice, byVisitor, ownerGone, ownerless]) {
      expect(ownerOf(order.id), order.id).toBe(CUSTOMER.uid);
    }
    expect(ownerOf(anotherCustomers.id)).toBe(EMAIL_ACCOUNT.uid);
    expect(ownerOf(otherNumber.id)).toBe(ADMIN.uid);
    // Claimed again: nothing more moves.
    expect(await succeed('claimPhoneOrders', {}, CUSTOMER)).toEqual({ claimed: 0 });
  });

  it('an admin who left the office still counts as the office: admins/{uid} or the claim', async () => {
    const order = await place(ADMIN);
    giveTo(order.id, 'former-admin');
    accounts.add({ uid: 'former-admin', admin: true, anonymous: false });
    expect(await succeed('claimPhoneOrders', {}, CUSTOMER)).toEqual({ claimed: 1 });
  });

  it('the number is the ID token’s, never one the browser names', async () => {
    const order = await place(ADMIN, { phoneNumber: OTHER.national });
    await succeed('claimPhoneOrders', { phone: OTHER.e164, phoneNumber: OTHER.national }, CUSTOMER);
    expect(ownerOf(order.id)).toBe(ADMIN.uid);
  });

  it('a session without a proved number is refused', async () => {
    for (const caller of [VISITOR, EMAIL_ACCOUNT]) {
      expect(await call('claimPhoneOrders', {}, caller)).toMatchObject({
        ok: false,
        code: 'permission-denied',
        message: PHONE_MESSAGES.verificationRequired,
      });
    }
    expect(await call('claimPhoneOrders', {}, null)).toMatchObject({ code: 'unauthenticated' });
  });

  it('is limited per customer (10 an hour)', async () => {
    for (let i = 0; i < 10; i += 1) await succeed('claimPhoneOrders', {}, CUSTOMER);
    expect(await call('claimPhoneOrders', {}, CUSTOMER)).toMatchObject({
      ok: false,
      code: 'resource-exhausted',
    });
  });
});

describe('claimAnonymousOrders: the orders of the session a customer left go with them', () => {
  /** The visitor's orders, from before D13 (or the office's, given to the visitor). */
  async function visitorOrders(): Promise<Order[]> {
    accounts.add(VISITOR);
    const orders = [await place(ADMIN), await place(ADMIN, { phoneNumber: OTHER.national })];
    for (const order of orders) giveTo(order.id, VISITOR.uid);
    return orders;
  }

  it('moves every order of the anonymous session whose ID token the customer hands over', async () => {
    const orders = await visitorOrders();
    const result = await succeed(
      'claimAnonymousOrders',
      { idToken: fakeIdToken(VISITOR.uid) },
      CUSTOMER,
    );
    expect(result).toEqual({ claimed: 2 });
    for (const order of orders) expect(ownerOf(order.id)).toBe(CUSTOMER.uid);
  });

  it('refuses a forged token, another account’s, the caller’s own, and a session since linked', async () => {
    const orders = await visitorOrders();
    accounts.add(EMAIL_ACCOUNT);
    const linked = fakeUser({ uid: 'was-anonymous' });
    accounts.add(linked);
    for (const idToken of [
      'eyJhbGciOiJSUzI1NiJ9.forged.signature',
      fakeIdToken('nobody'),
      fakeIdToken(EMAIL_ACCOUNT.uid),
      fakeIdToken(CUSTOMER.uid),
    ]) {
      expect(await call('claimAnonymousOrders', { idToken }, CUSTOMER), idToken).toMatchObject({
        ok: false,
        code: 'permission-denied',
      });
    }
    // The anonymous account became an account of its own since the token was issued.
    accounts.add(fakeUser({ uid: linked.uid, email: 'now@example.com' }));
    expect(
      await call('claimAnonymousOrders', { idToken: fakeIdToken(linked.uid) }, CUSTOMER),
    ).toMatchObject({ ok: false, code: 'permission-denied' });
    for (const order of orders) expect(ownerOf(order.id)).toBe(VISITOR.uid);
  });

  it('only a customer who proved a number may claim, with a token in the call', async () => {
    await visitorOrders();
    const idToken = fakeIdToken(VISITOR.uid);
    expect(await call('claimAnonymousOrders', { idToken }, EMAIL_ACCOUNT)).toMatchObject({
      ok: false,
      code: 'permission-denied',
      message: PHONE_MESSAGES.verificationRequired,
    });
    expect(await call('claimAnonymousOrders', {}, CUSTOMER)).toMatchObject({
      ok: false,
      code: 'invalid-argument',
      details: { fields: { idToken: 'validation:common.invalid' } },
    });
  });

  it('guessing tokens is limited like any claim', async () => {
    for (let i = 0; i < 10; i += 1) {
      await call('claimAnonymousOrders', { idToken: `guess-${i}` }, CUSTOMER);
    }
    await visitorOrders();
    expect(
      await call('claimAnonymousOrders', { idToken: fakeIdToken(VISITOR.uid) }, CUSTOMER),
    ).toMatchObject({ ok: false, code: 'resource-exhausted' });
  });
});
