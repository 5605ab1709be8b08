// The holes an attacker or an operator found in the hosted build (issue 13), one test each, against
// the Firebase adapter and the functions together (in-process, as firebase-adapter.node.test.ts),
// with the settings a deployment gets by default: no card gateway and the product's limits. What
// only the rules could enforce before is checked here where it is enforced now; the rules' part
// (browsers write nothing) is in tests/unit/firestore-rules.test.ts, the grant script's in
// tests/firebase/auth-emulator.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one: the unit project's setup (testing-sdk-fakes.ts).

import { routeFunctions } from '../../../functions/src/testing/in-process';
import { defaultLimits } from '../../../functions/src/platform/settings';
import type { Timestamp } from './testing-fake-firestore';
import { backend, fakeUser, type FakeUser } from './testing-fake-firestore';
import {
  fakeBrowser,
  HOSTED_ORDER_PHONE,
  hostedOrderInput,
  rejection,
  seedRoomyCapacity,
  signInAs,
  verifiedCustomer,
} from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';
import { walkStatus } from '../../testing/lifecycle-steps';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const MINUTE = 60_000;

let users = 0;

/** A browser (its own app, so its own App Check token), signed in as `user`. */
const browser = (user: FakeUser | null = newVisitor()) => fakeBrowser(user);
const signIn = signInAs;

/**
 * A new account with a proved number (D13): each costs a code to a SIM, yet one browser may
 * still hold several, so no limit may rest on accounts alone.
 */
function newVisitor(): FakeUser {
  users += 1;
  return verifiedCustomer(`customer-${users}`);
}

const orderInput = hostedOrderInput;

/** A browser signed in as the seeded admin. */
function admin() {
  backend.seed('admins/admin-uid', {});
  return browser(fakeUser({ uid: 'admin-uid', email: 'a@example.com', claims: { admin: true } }));
}

/** The team moves an order on to delivered. */
async function deliver(orderId: string): Promise<void> {
  const team = admin();
  await walkStatus(await team.orders.get(orderId), 'delivered', (id, change) =>
    team.orders.update(id, change),
  );
}

/** A call straight to a function, as a script would make it, past the adapter's own checks. */
async function scriptCalls(name: string, data: unknown, uid = newVisitor().uid) {
  return backend.functions!({
    name,
    data,
    auth: { uid, admin: false, anonymous: false, phone: HOSTED_ORDER_PHONE },
    appCheckToken: `script-token-${uid}`,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.readRules = firestoreReadRules;
  // A deployment's defaults: PAYMENT_PROVIDER=none and the product's limits (D8).
  routeFunctions(backend, { paymentProviders: [], limits: defaultLimits() });
  // The limits tests book more orders on one morning than the first plan has crews for.
  seedRoomyCapacity(backend);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('holes found in the hosted build, closed', () => {
  it('a card order with a test-shaped token is not accepted as paid', async () => {
    const error = await rejection(
      browser().orders.create(
        orderInput({ paymentMethod: 'card', paymentToken: 'test_ok_4242abcd' }),
      ),
    );
    expect(error).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:payment.cardUnavailable',
      fields: { paymentMethod: 'errors:payment.cardUnavailable' },
    });
    expect(backend.ids('orders')).toEqual([]);
  });

  it("the order number's date is the functions' Cairo date, whatever the browser's clock says", async () => {
    // The browser thinks it is tomorrow; the functions know better.
    backend.serverClockOffsetMs = -24 * 60 * MINUTE;
    vi.setSystemTime(NOW + 24 * 60 * MINUTE);
    const order = await browser().orders.create(orderInput());
    expect(order.orderNumber).toMatch(/^AF-20260310-\d{3}$/);
  });

  it('a day whose 3- and 4-digit numbers are all taken still books, at 5 digits', async () => {
    for (let suffix = 100; suffix <= 9999; suffix += 1) {
      backend.seed(`tracking/AF-20260310-${suffix}`, { orderNumber: `AF-20260310-${suffix}` });
    }
    backend.seed('orderNumberDays/20260310', { issued: 9900 });
    const order = await browser().orders.create(orderInput());
    expect(order.orderNumber).toMatch(/^AF-20260310-[1-9]\d{4}$/);
  });

  it('one account may place 3 orders an hour; the 4th is refused with the wait', async () => {
    const port = browser();
    for (let i = 0; i < 3; i += 1) await port.orders.create(orderInput());
    const error = await rejection(port.orders.create(orderInput()));
    expect(error).toMatchObject({ code: 'rate-limited', message: 'errors:order.limitReached' });
    expect(error.retryAfterSeconds).toBeGreaterThan(59 * 60);
    expect(backend.ids('orders')).toHaveLength(3);
  });

  it('new anonymous accounts in one browser share its App Check token’s limit (10 an hour)', async () => {
    const port = browser();
    for (let i = 0; i < 10; i += 1) {
      signIn(port, newVisitor());
      await port.orders.create(orderInput());
    }
    signIn(port, newVisitor());
    expect((await rejection(port.orders.create(orderInput()))).code).toBe('rate-limited');
    expect(backend.ids('orders')).toHaveLength(10);
  });

  it('contact messages need a session and are limited (5 in 10 minutes)', async () => {
    const port = browser();
    const message = { name: 'Laila', email: 'l@example.com', phone: '01123456789', message: 'Hi' };
    for (let i = 0; i < 5; i += 1) await port.messages.add(message);
    expect((await rejection(port.messages.add(message))).code).toBe('rate-limited');
    const anonymous = await backend.functions!({
      name: 'sendMessage',
      data: message,
      auth: null,
      appCheckToken: 'token',
    });
    expect(anonymous).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect(backend.ids('messages')).toHaveLength(5);
  });

  it('tracking copies hold only the public view, and look-ups are limited, misses included', async () => {
    const order = await browser().orders.create(orderInput());
    const copy = backend.read(`tracking/${order.orderNumber}`)!;
    expect(copy).not.toHaveProperty('orderId');
    expect(JSON.stringify(copy)).not.toContain(order.id);

    const prober = browser();
    for (let suffix = 100; suffix < 130; suffix += 1) {
      await prober.tracking.get(`AF-20260310-${suffix}`).catch(() => undefined);
    }
    const error = await rejection(prober.tracking.get(order.orderNumber));
    expect(error.code).toBe('rate-limited');
  });

  it('a whitespace-only review is refused where it is stored, not only in the form', async () => {
    const outcome = await scriptCalls('addReview', {
      orderId: 'o1',
      review: '  \u200b ',
      rating: 5,
    });
    expect(outcome).toMatchObject({ ok: false, code: 'invalid-argument' });
    expect(backend.ids('reviews')).toEqual([]);
  });

  it('a one-tap rating by a visitor with no order behind it is refused (D14)', async () => {
    const stranger = newVisitor().uid;
    // The old quick rating's call: a name and a rating, no order.
    const asBefore = await scriptCalls(
      'addReview',
      { name: 'Visitor', review: 'Rated 1 star', rating: 1 },
      stranger,
    );
    expect(asBefore).toMatchObject({ ok: false, code: 'invalid-argument' });
    const noSuchOrder = await scriptCalls(
      'addReview',
      { orderId: 'no-such-order', review: 'Rated 1 star', rating: 1 },
      stranger,
    );
    expect(noSuchOrder).toMatchObject({ ok: false, code: 'not-found' });
    const someone = await browser().orders.create(orderInput());
    const notTheirs = await scriptCalls(
      'addReview',
      { orderId: someone.id, review: 'Rated 1 star', rating: 1 },
      stranger,
    );
    expect(notTheirs).toMatchObject({ ok: false, code: 'permission-denied' });
    expect(backend.ids('reviews')).toEqual([]);
    expect(await browser(null).reviews.list()).toEqual([]);
  });

  it('new anonymous accounts in one browser do not lift the one-review-a-minute limit', async () => {
    const [a, b] = [newVisitor(), newVisitor()];
    const port = browser(a);
    const first = await port.orders.create(orderInput());
    signIn(port, b);
    const second = await port.orders.create(orderInput());
    for (const order of [first, second]) await deliver(order.id);
    signIn(port, a);
    await port.reviews.add({ orderId: first.id, review: 'Great team', rating: 5 });
    signIn(port, b);
    const error = await rejection(
      port.reviews.add({ orderId: second.id, review: 'Again', rating: 5 }),
    );
    expect(error.code).toBe('rate-limited');
  });

  it('a flood of blank reviews cannot empty the public list', async () => {
    const owner = newVisitor();
    const order = await browser(owner).orders.create(orderInput());
    await deliver(order.id);
    const real = await browser(owner).reviews.add({
      orderId: order.id,
      review: 'On time',
      rating: 5,
    });
    await admin().reviews.setHidden(real.id, false);
    for (let i = 0; i < 100; i += 1) {
      await scriptCalls('addReview', { orderId: order.id, review: '   ', rating: 1 });
    }
    expect((await browser(null).reviews.list()).map((r) => r.id)).toEqual([real.id]);
  });

  it('a governorate or district that does not exist is refused', async () => {
    for (const [governorateId, districtId] of [
      ['atlantis', 'maadi'],
      ['cairo', 'nowhere'],
      ['giza', 'maadi'],
    ]) {
      const outcome = await scriptCalls('placeOrder', orderInput({ governorateId, districtId }));
      expect(outcome).toMatchObject({ ok: false, code: 'invalid-argument' });
    }
    expect(backend.ids('orders')).toEqual([]);
  });

  it('an order and its tracking copy are deleted together; nothing left names the order', async () => {
    backend.seed('admins/admin-uid', {});
    const order = await browser().orders.create(orderInput());
    const admin = browser(
      fakeUser({ uid: 'admin-uid', email: 'a@example.com', claims: { admin: true } }),
    );
    await admin.orders.remove(order.id);
    expect(backend.read(`orders/${order.id}`)).toBeUndefined();
    expect(backend.read(`tracking/${order.orderNumber}`)).toBeUndefined();
  });

  it('a phone whose clock is 10 minutes fast books, and the history has the functions’ time', async () => {
    backend.serverClockOffsetMs = -10 * MINUTE;
    vi.setSystemTime(NOW + 10 * MINUTE);
    const order = await browser().orders.create(orderInput());
    const stored = backend.read(`orders/${order.id}`)!;
    const history = stored.statusHistory as { at: Timestamp }[];
    expect(history[0]!.at.toMillis()).toBe(NOW);
    expect((stored.createdAt as Timestamp).toMillis()).toBe(NOW);
  });
});
