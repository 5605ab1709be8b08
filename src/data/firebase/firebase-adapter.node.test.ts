// The Firebase adapter and the Cloud Functions together, in-process: the adapter runs against
// fakes of the SDK modules (testing-fake-firestore.ts), its callables are answered by the
// functions' handlers (functions/src/testing/in-process.ts) over a fake of firebase-admin's
// Firestore on the same store, and browser reads pass a model of firestore.rules. The Firestore
// emulator, which the contract and rules suites need, cannot run everywhere; these run in
// `npm test`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Firebase SDK is the fake one: the unit project's setup (testing-sdk-fakes.ts).

import { routeFunctions, TEST_SETTINGS } from '../../../functions/src/testing/in-process';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/status';
import { walkStatus } from '../../testing/lifecycle-steps';
import type { NewOrder, Order, Review } from '../port';
import { FirebaseDataPort } from './firebase-adapter';
import {
  appCheckOptions,
  backend,
  fakeUser,
  Timestamp,
  type Data,
  type FakeUser,
} from './testing-fake-firestore';
import {
  fakeBrowser,
  hostedOrderInput,
  rejection,
  signInAs,
  TEST_FIREBASE_SETTINGS,
  verifiedCustomer,
} from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';
import { seedOrders } from './testing-seed-orders';

// ---------------------------------------------------------------------------------------------
// Set-up: a fixed clock, browsers signed in as someone, orders

/** 10:00 in Cairo on 10 March 2026: order numbers are AF-20260310-…. */
const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const MOVE_DATE = '2026-04-01';
const numbered = (suffix: number) => `AF-20260310-${suffix}`;

/** Customers who proved their numbers (D13); CUSTOMER's is the one orderInput() books for. */
const CUSTOMER = verifiedCustomer('visitor-uid');
const OTHER_PHONE = '01112345678';
const OTHER_CUSTOMER = verifiedCustomer('other-visitor-uid', '+201112345678');
const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });

const browser = (user: FakeUser | null) => fakeBrowser(user);
const signIn = signInAs;

/** Moves the browser's and the functions' clock forward. */
function later(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

const orderInput = hostedOrderInput;

const CARD_TOKEN = 'test_ok_4242abcd';

/** Makes the next draws of the order number give these suffixes (3 or 4 digits). */
function drawSuffixes(...suffixes: number[]) {
  const random = vi.spyOn(Math, 'random');
  for (const suffix of suffixes) {
    random.mockReturnValueOnce(
      suffix >= 1000 ? (suffix - 1000 + 0.5) / 9000 : (suffix - 100 + 0.5) / 900,
    );
  }
  return random;
}

/** An order number already in use by someone else's order. */
function takeNumber(orderNumber: string): void {
  backend.seed(`tracking/${orderNumber}`, { orderNumber });
}

/** Moves a stored order on to `status` through the admin's function, step by step (D17). */
async function advance(order: Order, status: OrderStatus): Promise<void> {
  const admin = browser(ADMIN);
  await walkStatus(await admin.orders.get(order.id), status, (id, change) =>
    admin.orders.update(id, change),
  );
}

const history = (order: { statusHistory: { status: string; actor: string }[] }) =>
  order.statusHistory.map(({ status, actor }) => [status, actor]);

const keys = (data: object | undefined) => Object.keys(data ?? {}).sort();

/** The public projection (D2), the route by governorate included (D11). */
const PUBLIC_TRACKING_KEYS = [
  'crewName',
  'currency',
  'dropoffGovernorateId',
  'governorateId',
  'moveDate',
  'moveType',
  'moveWindow',
  'orderNumber',
  'paymentMethod',
  'paymentProvider',
  'paymentStatus',
  'status',
  'statusHistory',
  'totalPrice',
];
/** A tracking document: the public view and the key of its live copy, closed to browsers (D19). */
const TRACKING_DOCUMENT_KEYS = [...PUBLIC_TRACKING_KEYS, 'liveKey'].sort();

/** The key a tracking document names its live copy by. */
const liveKeyOf = (orderNumber: string) => String(backend.read(`tracking/${orderNumber}`)?.liveKey);

const callNames = () => backend.calls.map((call) => call.name);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.readRules = firestoreReadRules;
  routeFunctions(backend, TEST_SETTINGS);
  backend.seed('admins/admin-uid', { email: 'admin@example.com' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------

describe('orders.create', () => {
  it.each(['cardNumber', 'cvv', 'expiry', 'card', 'cvc', 'pan', 'CVV'])(
    'refuses a body carrying card data (%s) before anything is sent',
    async (field) => {
      const body = { ...orderInput(), [field]: '4242424242424242' } as NewOrder;
      const error = await rejection(browser(CUSTOMER).orders.create(body));
      expect(error.code).toBe('invalid-argument');
      expect(error.fields).toEqual({ [field]: 'validation:common.invalid' });
      expect(backend.calls).toEqual([]);
    },
  );

  it('reports invalid input as invalid-argument with a message per field, before the call', async () => {
    const body = orderInput({ fullName: ' ', phoneNumber: '12345', pickupFloor: 25 });
    const error = await rejection(browser(CUSTOMER).orders.create(body));
    expect(error.code).toBe('invalid-argument');
    expect(error.fields).toEqual({
      fullName: 'validation:customerInfo.required',
      phoneNumber: 'validation:phone.invalid',
      pickupFloor: 'validation:floor.range',
    });
    expect(backend.calls).toEqual([]);
  });

  it('refuses a tampered total price', async () => {
    const body = orderInput();
    const error = await rejection(
      browser(CUSTOMER).orders.create({ ...body, totalPrice: body.totalPrice - 500 }),
    );
    expect(error).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:order.priceMismatch',
      fields: { totalPrice: 'validation:order.priceMismatch' },
    });
  });

  it.each([
    ['a token of another shape', 'tok_visa_4242'],
    ['a too short test token', 'test_ok_abc'],
    ['a test token with a slash', 'test_ok_abcdefgh/x'],
  ])('the function declines a card payment with %s; nothing is stored', async (_l, token) => {
    const error = await rejection(
      browser(CUSTOMER).orders.create(orderInput({ paymentMethod: 'card', paymentToken: token })),
    );
    expect(callNames()).toEqual(['placeOrder']);
    expect(error).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:payment.declined',
      fields: { paymentToken: 'validation:payment.declined' },
    });
    expect(backend.ids('orders')).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await rejection(browser(null).orders.create(orderInput()))).code).toBe(
      'unauthenticated',
    );
  });

  it('stores a cash order as received, pending, cash, with the functions’ time', async () => {
    drawSuffixes(427);
    const input = orderInput();
    const order = await browser(CUSTOMER).orders.create(input);
    expect(order).toMatchObject({
      orderNumber: numbered(427),
      userId: CUSTOMER.uid,
      status: 'received',
      paymentStatus: 'pending',
      paymentProvider: 'cash',
      createdAt: new Date(NOW).toISOString(),
    });
    const at = Timestamp.fromMillis(NOW);
    const stored = backend.read(`orders/${order.id}`)!;
    expect(stored).toMatchObject({
      orderNumber: numbered(427),
      userId: CUSTOMER.uid,
      fullName: input.fullName,
      phoneNumber: '01012345678',
      governorateId: 'cairo',
      districtId: 'maadi',
      totalPrice: input.totalPrice,
      paymentReference: null,
      statusHistory: [{ status: 'received', at, actor: 'system' }],
      createdAt: at,
      moveAt: `${MOVE_DATE} 10:30`,
    });
    // Normalised: "منى" is searched as "مني", whichever of the two a person types.
    expect(stored.searchTokens).toEqual(expect.arrayContaining(['من', 'مني', 'عبد', 'مني عبد']));
    expect(await browser(CUSTOMER).orders.get(order.id)).toEqual(order);
  });

  it('stores a card order with a test token as paid by the test provider, without the token', async () => {
    const order = await browser(CUSTOMER).orders.create(
      orderInput({ paymentMethod: 'card', paymentToken: CARD_TOKEN }),
    );
    expect(order).toMatchObject({ paymentStatus: 'paid', paymentProvider: 'test' });
    const stored = backend.read(`orders/${order.id}`)!;
    expect(stored.paymentReference).toMatch(/^test_[0-9a-f]{24}$/);
    expect(JSON.stringify(stored)).not.toContain(CARD_TOKEN);
  });

  it('writes the order, its public copy, the day counter and the counters in one commit', async () => {
    drawSuffixes(512);
    const order = await browser(CUSTOMER).orders.create(orderInput());
    const commit = backend.commits.find((writes) =>
      writes.some((w) => w.path === `orders/${order.id}`),
    )!;
    const written = commit.map((w) => `${w.kind} ${w.path}`);
    const live = liveKeyOf(numbered(512));
    expect(live).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(written.filter((w) => !w.startsWith('set quotas/')).sort()).toEqual(
      [
        `create orders/${order.id}`,
        `create tracking/${numbered(512)}`,
        `set liveTracking/${live}`,
        'set crewBookings/2026-04-01',
        'set orderNumberDays/20260310',
        'set stats/orders',
      ].sort(),
    );
    // Its live copy (D19): the public view alone, under a key nothing about the order gives.
    expect(keys(backend.read(`liveTracking/${live}`))).toEqual(PUBLIC_TRACKING_KEYS);
    expect(live).not.toContain(order.id);
    // The crew it takes of its window (D12), named with its crew (D28), in the same commit.
    expect(backend.read('crewBookings/2026-04-01')).toEqual({
      date: '2026-04-01',
      booked: { morning: 1 },
      holders: {
        morning: [
          {
            orderId: order.id,
            crewId: order.assignment!.crewId,
            truckId: null,
            dropoff: {
              governorateId: order.dropoffGovernorateId,
              districtId: order.dropoffDistrictId,
            },
          },
        ],
      },
    });
    expect(order.assignment).toMatchObject({
      slots: [{ date: '2026-04-01', windowId: 'morning' }],
      by: 'auto',
    });
    // The customer's and the App Check token's limits are counted in the same commit.
    expect(written.filter((w) => w.startsWith('set quotas/'))).toHaveLength(2);
    expect(keys(backend.read(`tracking/${numbered(512)}`))).toEqual(TRACKING_DOCUMENT_KEYS);
    expect(backend.read('orderNumberDays/20260310')).toEqual({ issued: 1 });
    expect(backend.read('stats/orders')).toMatchObject({ counts: { received: 1 }, total: 1 });
  });

  it('draws again when a number is taken, leaving the earlier order alone', async () => {
    takeNumber(numbered(111));
    drawSuffixes(111, 222);
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect(order.orderNumber).toBe(numbered(222));
    expect(backend.read(`tracking/${numbered(111)}`)).toEqual({ orderNumber: numbered(111) });
  });

  it('draws 12 numbers at the day’s width, then wider ones (D6)', async () => {
    for (let suffix = 100; suffix < 112; suffix += 1) takeNumber(numbered(suffix));
    const random = drawSuffixes(...Array.from({ length: 12 }, (_, i) => 100 + i), 4321);
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect(order.orderNumber).toBe(numbered(4321));
    expect(random).toHaveBeenCalledTimes(13);
  });

  it('a day that issued 450 numbers already draws 4 digits (the counter, not collisions)', async () => {
    backend.seed('orderNumberDays/20260310', { issued: 450 });
    drawSuffixes(5555);
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect(order.orderNumber).toBe(numbered(5555));
    expect(backend.read('orderNumberDays/20260310')).toEqual({ issued: 451 });
  });

  it('a spent day answers unavailable, having written nothing', async () => {
    backend.seed('orderNumberDays/20260310', { issued: 860_000 });
    const error = await rejection(browser(CUSTOMER).orders.create(orderInput()));
    expect(error).toMatchObject({ code: 'unavailable', message: 'errors:unavailable' });
    expect(backend.ids('orders')).toEqual([]);
  });

  it('two browsers drawing the same number at once get different numbers', async () => {
    drawSuffixes(333, 333, 444);
    const [a, b] = await Promise.all([
      browser(CUSTOMER).orders.create(orderInput()),
      browser(OTHER_CUSTOMER).orders.create(orderInput({ phoneNumber: OTHER_PHONE })),
    ]);
    expect([a.orderNumber, b.orderNumber].sort()).toEqual([numbered(333), numbered(444)]);
    expect(backend.read('orderNumberDays/20260310')).toEqual({ issued: 2 });
  });
});

describe('orders.get and mine', () => {
  it('reads an order; an unknown or malformed id is not-found', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect((await browser(CUSTOMER).orders.get(order.id)).id).toBe(order.id);
    for (const id of ['missing', '', 'a/b', '.', '..']) {
      expect((await rejection(browser(CUSTOMER).orders.get(id))).code).toBe('not-found');
    }
  });

  it('another visitor is refused by the rules; an admin reads it', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect((await rejection(browser(OTHER_CUSTOMER).orders.get(order.id))).code).toBe(
      'permission-denied',
    );
    expect((await browser(ADMIN).orders.get(order.id)).id).toBe(order.id);
  });

  it('mine lists the user’s own orders newest first', async () => {
    const first = await browser(CUSTOMER).orders.create(orderInput());
    later(1000);
    await browser(OTHER_CUSTOMER).orders.create(orderInput({ phoneNumber: OTHER_PHONE }));
    later(1000);
    const second = await browser(CUSTOMER).orders.create(orderInput());
    expect((await browser(CUSTOMER).orders.mine()).map((o) => o.id)).toEqual([second.id, first.id]);
  });

  it('maps an outage to unavailable', async () => {
    backend.failReads((path) => path.startsWith('orders'), 'unavailable');
    expect((await rejection(browser(CUSTOMER).orders.mine())).code).toBe('unavailable');
  });
});

describe('orders.cancel', () => {
  it('the owner cancels a received order; the tracking copy follows', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    later(60_000);
    const cancelled = await browser(CUSTOMER).orders.cancel(order.id);
    expect(cancelled.status).toBe('cancelled');
    expect(history(cancelled)).toEqual([
      ['received', 'system'],
      ['cancelled', 'customer'],
    ]);
    expect(cancelled.statusHistory[1]!.at).toBe(new Date(NOW + 60_000).toISOString());
    expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({ status: 'cancelled' });
    expect(backend.read('stats/orders')).toMatchObject({
      counts: { received: 0, cancelled: 1 },
      total: 1,
    });
  });

  it.each(['in_transit', 'delivered'] as const)('not once it is %s', async (status) => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    await advance(order, status);
    const error = await rejection(browser(CUSTOMER).orders.cancel(order.id));
    expect(error).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:orderNotCancellable',
    });
    expect((await browser(CUSTOMER).orders.get(order.id)).status).toBe(status);
  });

  it('another visitor may not cancel it; an unknown order is not-found', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect((await rejection(browser(OTHER_CUSTOMER).orders.cancel(order.id))).code).toBe(
      'permission-denied',
    );
    expect((await rejection(browser(CUSTOMER).orders.cancel('missing'))).code).toBe('not-found');
    expect((await rejection(browser(null).orders.cancel(order.id))).code).toBe('unauthenticated');
  });
});

describe('orders.update and remove (admin)', () => {
  it('a status change appends an admin history entry and updates the tracking copy', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    const updated = await browser(ADMIN).orders.update(order.id, {
      status: 'under_review',
      paymentStatus: 'paid',
    });
    expect(history(updated)).toEqual([
      ['received', 'system'],
      ['under_review', 'admin'],
    ]);
    const copy = backend.read(`tracking/${order.orderNumber}`)!;
    expect(copy).toMatchObject({ status: 'under_review', paymentStatus: 'paid' });
    expect(keys(copy)).toEqual(TRACKING_DOCUMENT_KEYS);
    // The live copy follows in the same commit (D19).
    const live = backend.read(`liveTracking/${liveKeyOf(order.orderNumber)}`)!;
    expect(live).toMatchObject({ status: 'under_review', paymentStatus: 'paid' });
    expect(keys(live)).toEqual(PUBLIC_TRACKING_KEYS);
  });

  it.each([
    [{ status: 'lost' }, { status: 'validation:common.invalid' }],
    [{ paymentStatus: 'voided' }, { paymentStatus: 'validation:common.invalid' }],
    [{}, { status: 'validation:common.invalid' }],
    // A field the update does not have is the body's fault, named `_` as on the server (one
    // domain schema, orderAdminUpdateSchema).
    [{ status: 'delivered', notes: 'x' }, { _: 'validation:common.invalid' }],
  ])('refuses %j', async (update, fields) => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    const error = await rejection(browser(ADMIN).orders.update(order.id, update as never));
    expect(error).toMatchObject({ code: 'invalid-argument', fields });
  });

  it('customers (the owner too) are refused; so is an admin whose access was revoked', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    expect(
      (await rejection(browser(CUSTOMER).orders.update(order.id, { status: 'delivered' }))).code,
    ).toBe('permission-denied');
    expect((await rejection(browser(CUSTOMER).orders.remove(order.id))).code).toBe(
      'permission-denied',
    );
    // The claim is still in the token, the admins document is gone (grant-admin --revoke).
    const revoked = fakeUser({ uid: 'former-admin', claims: { admin: true } });
    expect(
      (await rejection(browser(revoked).orders.update(order.id, { status: 'delivered' }))).code,
    ).toBe('permission-denied');
    expect((await rejection(browser(revoked).orders.list())).code).toBe('permission-denied');
    expect((await browser(CUSTOMER).orders.get(order.id)).status).toBe('received');
  });

  it('an admin deletes the order, its tracking copy and its payment record in one commit', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    const live = liveKeyOf(order.orderNumber);
    await browser(ADMIN).orders.remove(order.id);
    expect(backend.commits.at(-1)!.map((w) => `${w.kind} ${w.path}`)).toEqual([
      `delete orders/${order.id}`,
      `delete tracking/${order.orderNumber}`,
      `delete liveTracking/${live}`,
      `delete payments/${order.id}`,
      'set crewBookings/2026-04-01',
      'set stats/orders',
    ]);
    // Its crew is free again (D12).
    expect(backend.read('crewBookings/2026-04-01')).toMatchObject({ booked: { morning: 0 } });
    expect((await rejection(browser(ADMIN).orders.remove(order.id))).code).toBe('not-found');
    expect(backend.read('stats/orders')).toMatchObject({ total: 0 });
  });
});

describe('tracking.get', () => {
  it('returns only the public projection, signing a visitor in anonymously first', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    const visitor = browser(null);
    const signInAnonymously = vi.fn(async () => {
      signIn(visitor, OTHER_CUSTOMER);
      return { user: OTHER_CUSTOMER };
    });
    const { fakeAuthModule } = await import('./testing-fake-firestore');
    vi.spyOn(fakeAuthModule, 'signInAnonymously').mockImplementation(signInAnonymously as never);
    const tracking = await visitor.tracking.get(` #${order.orderNumber.toLowerCase()} `);
    expect(signInAnonymously).toHaveBeenCalledTimes(1);
    expect(keys(tracking)).toEqual(PUBLIC_TRACKING_KEYS);
    expect(tracking).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'received',
      // The route by governorate only (D11).
      governorateId: order.governorateId,
      dropoffGovernorateId: order.dropoffGovernorateId,
    });
  });

  it.each(['', '   ', '#', '\u200f'])(
    'empty input %j is invalid-argument, with no call',
    async (typed) => {
      const error = await rejection(browser(CUSTOMER).tracking.get(typed));
      expect(error).toMatchObject({
        code: 'invalid-argument',
        message: 'validation:tracking.required',
      });
      expect(backend.calls).toEqual([]);
    },
  );

  it.each(['AF-20260310-999', 'AF-1/2', 'nonsense'])('%s is orderNotFound', async (typed) => {
    const error = await rejection(browser(CUSTOMER).tracking.get(typed));
    expect(error).toMatchObject({ code: 'not-found', message: 'errors:orderNotFound' });
  });

  it('browsers cannot read tracking copies themselves: only the limited function can', async () => {
    const order = await browser(CUSTOMER).orders.create(orderInput());
    const { getDoc, doc, getFirestore } = (await import('./testing-fake-firestore'))
      .fakeFirestoreModule;
    const port = browser(CUSTOMER);
    const refused = await getDoc(doc(getFirestore(port.app), 'tracking', order.orderNumber)).then(
      () => null,
      (error: { code: string }) => error.code,
    );
    expect(refused).toBe('permission-denied');
  });
});

describe('App Check', () => {
  it('is initialised with reCAPTCHA Enterprise on the first call, not for reads', async () => {
    const port = browser(CUSTOMER);
    await port.reviews.list();
    await port.orders.mine();
    expect(appCheckOptions.has(port.app)).toBe(false);
    await port.orders.create(orderInput());
    const options = appCheckOptions.get(port.app)!;
    expect(options.provider).toMatchObject({ siteKey: TEST_FIREBASE_SETTINGS.appCheckSiteKey });
    expect(options.isTokenAutoRefreshEnabled).toBe(true);
    await port.orders.create(orderInput());
  });

  it('without a site key (the emulator) no App Check is initialised', async () => {
    const port = new FirebaseDataPort(
      { ...TEST_FIREBASE_SETTINGS, appCheckSiteKey: undefined },
      { appName: 'no-app-check' },
    );
    signIn(port, CUSTOMER);
    await port.orders.create(orderInput());
    expect(appCheckOptions.has(port.app)).toBe(false);
  });
});

describe('reviews from orders (D14)', () => {
  /** An order of `user`'s the team delivered. */
  async function deliveredOrder(user: FakeUser = CUSTOMER): Promise<Order> {
    const order = await browser(user).orders.create(orderInput());
    await advance(order, 'delivered');
    return { ...order, status: 'delivered' };
  }

  function seedReviews(): void {
    const listed = { state: 'published', orderStatus: 'delivered', public: true };
    const rows: [string, Data][] = [
      ['r1', { orderId: 'r1', name: 'Mona', review: 'Very good', rating: 5, ...listed }],
      [
        'r2',
        {
          orderId: 'r2',
          name: 'Spammer',
          review: 'Buy now',
          rating: 1,
          state: 'hidden',
          orderStatus: 'delivered',
          public: false,
        },
      ],
      ['r3', { orderId: 'r3', name: 'Karim', review: 'On time', rating: 4, ...listed }],
      // Written before D14: no order, no state, "visible" then.
      ['old', { name: 'Visitor', review: 'Rated 1 star', rating: 1, hidden: false }],
    ];
    rows.forEach(([id, data], index) => {
      backend.seed(`reviews/${id}`, {
        ...data,
        createdAt: Timestamp.fromMillis(NOW - (rows.length - index) * 60_000),
      });
    });
  }
  const ids = (reviews: { id: string }[]) => reviews.map((r) => r.id);

  it('the public list shows public reviews newest first, read in the browser; older ones are not', async () => {
    seedReviews();
    expect(ids(await browser(null).reviews.list())).toEqual(['r3', 'r1']);
    expect(backend.calls).toEqual([]);
  });

  it('the owner reviews a delivered order through the function: named from the order, held, no private data stored', async () => {
    const order = await deliveredOrder();
    const added = await browser(CUSTOMER).reviews.add({
      orderId: order.id,
      review: ' Great team ',
      rating: '٤',
    });
    expect(added).toEqual({
      id: order.id,
      name: 'منى',
      review: 'Great team',
      rating: 4,
      createdAt: new Date(NOW).toISOString(),
      state: 'pending',
      listed: false,
    });
    expect(backend.read(`reviews/${order.id}`)).toEqual({
      orderId: order.id,
      name: 'منى',
      review: 'Great team',
      rating: 4,
      state: 'pending',
      orderStatus: 'delivered',
      public: false,
      createdAt: Timestamp.fromMillis(NOW),
    });
    // The order says it has a review, so the owner's browser no longer offers it.
    expect(backend.read(`orders/${order.id}`)?.reviewId).toBe(order.id);
    expect(await browser(CUSTOMER).reviews.reviewable()).toEqual([]);
    expect(ids(await browser(null).reviews.list())).toEqual([]);
  });

  it('someone else’s order, an unconfirmed one, a second review: refused by the function', async () => {
    const order = await deliveredOrder();
    const review = { orderId: order.id, review: 'Great', rating: 5 };
    expect((await rejection(browser(OTHER_CUSTOMER).reviews.add(review))).code).toBe(
      'permission-denied',
    );
    const waiting = await browser(CUSTOMER).orders.create(orderInput());
    expect(
      await rejection(browser(CUSTOMER).reviews.add({ ...review, orderId: waiting.id })),
    ).toMatchObject({ code: 'failed-precondition', message: 'errors:review.notYet' });
    await browser(CUSTOMER).reviews.add(review);
    later(61_000);
    expect(await rejection(browser(CUSTOMER).reviews.add(review))).toMatchObject({
      code: 'already-exists',
      message: 'errors:review.alreadyReviewed',
    });
  });

  it('a second review within a minute is rate-limited with the seconds left', async () => {
    const first = await deliveredOrder();
    const second = await deliveredOrder();
    await browser(CUSTOMER).reviews.add({ orderId: first.id, review: 'Great', rating: 5 });
    later(20_000);
    const error = await rejection(
      browser(CUSTOMER).reviews.add({ orderId: second.id, review: 'Again', rating: 5 }),
    );
    expect(error).toMatchObject({
      code: 'rate-limited',
      message: 'validation:review.cooldown',
      retryAfterSeconds: 40,
    });
  });

  it('a filled honeypot looks like success and stores nothing', async () => {
    const order = await deliveredOrder();
    const review = await browser(CUSTOMER).reviews.add({
      orderId: order.id,
      review: 'Spam',
      rating: 5,
      website: 'https://spam.example',
    });
    expect(review.name).toBe('منى');
    expect(backend.ids('reviews')).toEqual([]);
    expect(backend.read(`orders/${order.id}`)?.reviewId).toBeUndefined();
  });

  it('an admin publishes, hides and removes reviews through the functions; others may not', async () => {
    const order = await deliveredOrder();
    const added = await browser(CUSTOMER).reviews.add({
      orderId: order.id,
      review: 'Careful',
      rating: 5,
    });
    seedReviews();
    const admin = browser(ADMIN);
    expect(await admin.reviews.setHidden(added.id, false)).toMatchObject({
      id: added.id,
      state: 'published',
      listed: true,
      order: { id: order.id, orderNumber: order.orderNumber, fullName: order.fullName },
    });
    expect(ids(await browser(null).reviews.list())).toEqual([added.id, 'r3', 'r1']);
    const all = await admin.reviews.listAll();
    expect(all.map((r) => [r.id, r.state, r.listed, r.order?.id ?? null])).toEqual([
      [added.id, 'published', true, order.id],
      ['old', 'pending', false, null],
      ['r3', 'published', false, null],
      ['r2', 'hidden', false, null],
      ['r1', 'published', false, null],
    ]);
    // A review without an order is never public (seeded r1 and r3 name orders that do not exist).
    expect(await rejection(admin.reviews.setHidden('old', false))).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:review.noOrder',
    });
    expect((await admin.reviews.setHidden(added.id, true)).listed).toBe(false);
    expect(ids(await browser(null).reviews.list())).toEqual(['r3', 'r1']);
    await admin.reviews.remove(added.id);
    expect(backend.read(`orders/${order.id}`)?.reviewId).toBeNull();
    expect((await rejection(admin.reviews.remove(added.id))).code).toBe('not-found');
    expect((await rejection(browser(CUSTOMER).reviews.setHidden('r1', false))).code).toBe(
      'permission-denied',
    );
    expect((await rejection(browser(CUSTOMER).reviews.listAll())).code).toBe('permission-denied');
  });

  it('a review is public only while its order is delivered; a deleted order leaves it without one', async () => {
    const order = await deliveredOrder();
    const added = await browser(CUSTOMER).reviews.add({
      orderId: order.id,
      review: 'Careful',
      rating: 5,
    });
    await browser(ADMIN).reviews.setHidden(added.id, false);
    expect(backend.read(`reviews/${order.id}`)).toMatchObject({ public: true });
    // Reopened (D17): back in transit, the review off the public list.
    await browser(ADMIN).orders.goBack(order.id, { action: 'reopen', reason: 'Second trip' });
    expect(backend.read(`reviews/${order.id}`)).toMatchObject({
      orderStatus: 'in_transit',
      public: false,
    });
    expect(ids(await browser(null).reviews.list())).toEqual([]);
    await advance(order, 'delivered');
    expect(ids(await browser(null).reviews.list())).toEqual([added.id]);
    await browser(ADMIN).orders.remove(order.id);
    expect(backend.read(`reviews/${order.id}`)).toMatchObject({ orderId: null, public: false });
    expect(ids(await browser(null).reviews.list())).toEqual([]);
    const [kept] = await browser(ADMIN).reviews.listAll();
    expect(kept).toMatchObject({ id: added.id, order: null, listed: false });
  });

  it('an order’s change reads its review only when the order has one and its status changes', async () => {
    const reviewed = await deliveredOrder();
    await browser(CUSTOMER).reviews.add({ orderId: reviewed.id, review: 'Careful', rating: 5 });
    const unreviewed = await deliveredOrder();
    // From here on a read of any review fails: none of these changes may need one (each is billed).
    backend.failReads((path) => path.startsWith('reviews/'));
    const admin = browser(ADMIN);
    await admin.orders.update(reviewed.id, { paymentStatus: 'paid' });
    await admin.orders.goBack(unreviewed.id, { action: 'reopen', reason: 'Second trip' });
    await admin.orders.remove(unreviewed.id);
    expect(backend.read(`orders/${reviewed.id}`)).toMatchObject({ paymentStatus: 'paid' });
    expect(backend.read(`orders/${unreviewed.id}`)).toBeUndefined();
  });

  it('the review settings: held by default; only an admin reads and saves them', async () => {
    const admin = browser(ADMIN);
    expect(await admin.reviews.settings()).toEqual({ publishAtOnce: false });
    expect(await admin.reviews.saveSettings({ publishAtOnce: true })).toEqual({
      publishAtOnce: true,
    });
    expect(backend.read('settings/reviews')).toMatchObject({
      publishAtOnce: true,
      updatedBy: 'admin@example.com',
    });
    expect((await rejection(browser(CUSTOMER).reviews.settings())).code).toBe('permission-denied');
    expect(
      (await rejection(browser(CUSTOMER).reviews.saveSettings({ publishAtOnce: false }))).code,
    ).toBe('permission-denied');
    const order = await deliveredOrder();
    const added = await browser(CUSTOMER).reviews.add({
      orderId: order.id,
      review: 'Published at once',
      rating: 5,
    });
    expect(added).toMatchObject({ state: 'published', listed: true });
    expect(ids(await browser(null).reviews.list())).toEqual([added.id]);
  });

  it('subscribe delivers the list now and after every change', async () => {
    seedReviews();
    const seen: Review[][] = [];
    const stop = browser(null).reviews.subscribe((reviews) => seen.push(reviews));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const order = await deliveredOrder();
    const added = await browser(CUSTOMER).reviews.add({
      orderId: order.id,
      review: 'Ok',
      rating: 3,
    });
    await browser(ADMIN).reviews.setHidden(added.id, false);
    await vi.waitFor(() => expect(ids(seen.at(-1)!)).toEqual([added.id, 'r3', 'r1']));
    stop();
  });
});

/** What a new message document says of its handling (D20): not handled, written now. */
const NOT_HANDLED = {
  handled: false,
  handledAt: null,
  handledBy: null,
  handledByUid: null,
  updatedAt: Timestamp.fromMillis(NOW),
};

describe('messages', () => {
  const message = {
    name: 'Laila',
    email: 'laila@example.com',
    phone: '٠١١ ٢٣٤٥ ٦٧٨٩',
    message: 'Hello',
  };

  it('a visitor without a session is signed in anonymously; the message is stored normalised', async () => {
    const port = browser(null);
    const { fakeAuthModule } = await import('./testing-fake-firestore');
    vi.spyOn(fakeAuthModule, 'signInAnonymously').mockImplementation((async () => {
      signIn(port, OTHER_CUSTOMER);
      return { user: OTHER_CUSTOMER };
    }) as never);
    await port.messages.add(message);
    const [id] = backend.ids('messages');
    expect(backend.read(`messages/${id}`)).toEqual({
      name: 'Laila',
      email: 'laila@example.com',
      phone: '01123456789',
      message: 'Hello',
      userId: OTHER_CUSTOMER.uid,
      createdAt: Timestamp.fromMillis(NOW),
      ...NOT_HANDLED,
    });
    expect((await browser(ADMIN).messages.list()).map((m) => m.name)).toEqual(['Laila']);
    expect((await rejection(browser(CUSTOMER).messages.list())).code).toBe('permission-denied');
  });

  it('validates before the call', async () => {
    const error = await rejection(browser(CUSTOMER).messages.add({ ...message, phone: '123' }));
    expect(error.fields).toEqual({ phone: 'validation:phone.invalid' });
    const { email: _email, phone: _phone, ...neither } = message;
    expect((await rejection(browser(CUSTOMER).messages.add(neither))).fields).toEqual({
      phone: 'validation:contact.phoneOrEmail',
      email: 'validation:contact.phoneOrEmail',
    });
    expect(backend.calls).toEqual([]);
  });

  it('the function refuses neither a phone nor an email, whoever calls it', async () => {
    const { email: _email, phone: _phone, ...neither } = message;
    // As a script would call it, past the adapter's own check.
    const result = await backend.functions!({
      name: 'sendMessage',
      data: { ...neither, email: '', phone: null },
      auth: { uid: CUSTOMER.uid, admin: false, anonymous: true },
      appCheckToken: 'script-token',
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid-argument',
      details: {
        fields: {
          phone: 'validation:contact.phoneOrEmail',
          email: 'validation:contact.phoneOrEmail',
        },
      },
    });
    expect(backend.ids('messages')).toEqual([]);
  });

  it('stores the way to reply not given as null, and reads every document alike', async () => {
    const { email: _email, ...byPhone } = message;
    await browser(CUSTOMER).messages.add(byPhone);
    const [id] = backend.ids('messages');
    expect(backend.read(`messages/${id}`)).toEqual({
      name: 'Laila',
      email: null,
      phone: '01123456789',
      message: 'Hello',
      userId: CUSTOMER.uid,
      createdAt: Timestamp.fromMillis(NOW),
      ...NOT_HANDLED,
    });
    // Written before either one was enough (both), and a document with no phone field at all.
    backend.seed('messages/old', {
      name: 'Karim',
      email: 'karim@example.com',
      phone: '01012345678',
      message: 'Old',
      userId: 'someone',
      createdAt: Timestamp.fromMillis(NOW - 2000),
    });
    backend.seed('messages/no-phone', {
      name: 'Hoda',
      email: 'hoda@example.com',
      message: 'No phone field',
      userId: 'someone',
      createdAt: Timestamp.fromMillis(NOW - 1000),
    });
    expect(await browser(ADMIN).messages.list()).toEqual([
      {
        id,
        name: 'Laila',
        email: null,
        phone: '01123456789',
        message: 'Hello',
        createdAt: new Date(NOW).toISOString(),
        handled: null,
      },
      {
        id: 'no-phone',
        name: 'Hoda',
        email: 'hoda@example.com',
        phone: null,
        message: 'No phone field',
        createdAt: new Date(NOW - 1000).toISOString(),
        handled: null,
      },
      {
        id: 'old',
        name: 'Karim',
        email: 'karim@example.com',
        phone: '01012345678',
        message: 'Old',
        createdAt: new Date(NOW - 2000).toISOString(),
        handled: null,
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The admin list at scale: seeded as the functions store orders, read by the adapter's queries

/** Billed browser reads of one admin action. */
async function readsOf(action: () => Promise<unknown>): Promise<number> {
  backend.resetReads();
  await action();
  return backend.reads.browser;
}

describe('orders.list (admin) at scale', () => {
  it('a page load reads one page and the counters, however many orders there are', async () => {
    const reads: number[] = [];
    for (const size of [600, 3000]) {
      backend.reset();
      backend.readRules = firestoreReadRules;
      backend.seed('admins/admin-uid', {});
      seedOrders(backend, size, NOW);
      const admin = browser(ADMIN);
      let page = await admin.orders.list({ limit: 50 });
      reads.push(await readsOf(async () => (page = await admin.orders.list({ limit: 50 }))));
      expect(page.orders).toHaveLength(50);
      expect(page.total).toBe(size);
      // The seeded orders go round every status.
      expect(page.counts.received).toBe(size / ORDER_STATUSES.length);
      expect(page.orders.map((o) => o.createdAt)).toEqual(
        [...page.orders.map((o) => o.createdAt)].sort().reverse(),
      );
    }
    // 50 orders, the counters document, and the rules' admins look-ups: the same for both sizes.
    expect(reads[0]).toBe(reads[1]);
    expect(reads[0]).toBeLessThanOrEqual(55);
  });

  it('the next page starts after the last order of the one before (a cursor, not a skip)', async () => {
    seedOrders(backend, 300, NOW);
    const admin = browser(ADMIN);
    const first = await admin.orders.list({ limit: 50, page: 1 });
    const secondReads = await readsOf(() => admin.orders.list({ limit: 50, page: 2 }));
    expect(secondReads).toBeLessThanOrEqual(55);
    const second = await admin.orders.list({ limit: 50, page: 2 });
    const last = backend.queries.at(-1)!.constraints;
    expect(last.some((c) => c.kind === 'startAfter')).toBe(true);
    expect(second.orders[0]!.createdAt < first.orders.at(-1)!.createdAt).toBe(true);
    expect(new Set([...first.orders, ...second.orders].map((o) => o.id)).size).toBe(100);
  });

  it('a link straight to page 4 reads the pages before it once, then pages by cursor', async () => {
    seedOrders(backend, 300, NOW);
    const admin = browser(ADMIN);
    const page4 = await admin.orders.list({ limit: 50, page: 4 });
    const all = await admin.orders.list({ limit: 500 });
    expect(page4.orders.map((o) => o.id)).toEqual(all.orders.slice(150, 200).map((o) => o.id));
    expect(await readsOf(() => admin.orders.list({ limit: 50, page: 5 }))).toBeLessThanOrEqual(55);
  });

  it('filters, sorts and counts in Firestore, with count() when filtered', async () => {
    seedOrders(backend, 600, NOW);
    const admin = browser(ADMIN);
    const page = await admin.orders.list({
      governorateId: 'giza',
      paymentMethod: 'card',
      status: 'delivered',
      moveDateFrom: '2026-04-05',
      moveDateTo: '2026-04-20',
      sort: 'price-desc',
      limit: 20,
    });
    const expected = (await admin.orders.list({ limit: 500, page: 1 })).orders.concat(
      (await admin.orders.list({ limit: 500, page: 2 })).orders,
    );
    const matching = expected.filter(
      (o) =>
        o.governorateId === 'giza' &&
        o.paymentMethod === 'card' &&
        o.moveDate >= '2026-04-05' &&
        o.moveDate <= '2026-04-20',
    );
    expect(page.total).toBe(matching.filter((o) => o.status === 'delivered').length);
    expect(page.counts.received).toBe(matching.filter((o) => o.status === 'received').length);
    const prices = page.orders.map((o) => o.totalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(page.orders.every((o) => o.status === 'delivered' && o.governorateId === 'giza')).toBe(
      true,
    );
  });

  it('finds an order by its exact number, a customer by their mobile, names by a word', async () => {
    seedOrders(backend, 300, NOW);
    const admin = browser(ADMIN);
    const byNumber = await admin.orders.list({ search: 'af-20260301-100123' });
    expect(byNumber.orders.map((o) => o.orderNumber)).toEqual(['AF-20260301-100123']);
    const phone = byNumber.orders[0]!.phoneNumber;
    const byPhone = await admin.orders.list({ search: `+20 ${phone.slice(1)}` });
    expect(byPhone.orders.map((o) => o.phoneNumber)).toEqual([phone]);
    const byName = await admin.orders.list({ search: 'محمد', limit: 500 });
    expect(byName.total).toBe(Math.ceil(300 / 7));
    expect(byName.orders.every((o) => o.fullName === 'محمد علي')).toBe(true);
    // "مُحمّد" with its diacritics, and a second word, find the same orders.
    expect((await admin.orders.list({ search: 'مُحمّد عل', limit: 1 })).total).toBe(byName.total);
    expect((await admin.orders.list({ search: 'x' })).total).toBe(0);
  });

  it('the tracker’s updater finds an order by its number with one read', async () => {
    seedOrders(backend, 3000, NOW);
    const admin = browser(ADMIN);
    let found: Order | null = null;
    const reads = await readsOf(
      async () => (found = await admin.orders.findByNumber('AF-20260301-102500')),
    );
    expect(found!.orderNumber).toBe('AF-20260301-102500');
    // The order, and the rules' look-up of the admins document.
    expect(reads).toBeLessThanOrEqual(2);
    expect(await admin.orders.findByNumber('AF-20260301-999999')).toBeNull();
    // Anyone else finds only their own orders.
    expect(await browser(CUSTOMER).orders.findByNumber('AF-20260301-102500')).toBeNull();
  });
});
