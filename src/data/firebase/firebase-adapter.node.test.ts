// The Firebase adapter's own decisions around Firestore (validation before the round trip, the
// documents it writes and when, order-number retries, status changes mirrored to the tracking
// copy, the review cooldown, error mapping), run against in-process fakes of the SDK modules
// (testing-fake-firestore.ts). The Firestore emulator, which the contract and rules suites need,
// cannot run everywhere; these tests run in `npm test`. The rules themselves are not modelled
// here: tests/rules/ and tests/unit/firestore-rules.test.ts cover them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('firebase/app', async () => (await import('./testing-fake-firestore')).fakeAppModule);
vi.mock('firebase/auth', async () => (await import('./testing-fake-firestore')).fakeAuthModule);
vi.mock(
  'firebase/firestore',
  async () => (await import('./testing-fake-firestore')).fakeFirestoreModule,
);

import { expectedOrderTotal } from '../../domain/schemas';
import type { OrderStatus } from '../../domain/status';
import {
  DataError,
  type NewOrder,
  type Order,
  type OrderAdminUpdate,
  type OrderFilter,
  type Review,
} from '../port';
import { FirebaseDataPort } from './firebase-adapter';
import {
  backend,
  fakeUser,
  Timestamp,
  type Data,
  type FakeAuth,
  type FakeUser,
} from './testing-fake-firestore';

// ---------------------------------------------------------------------------------------------
// Set-up: a fixed clock, browsers signed in as someone, orders

/** 10:00 in Cairo on 10 March 2026: order numbers are AF-20260310-…. */
const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const NOW_ISO = new Date(NOW).toISOString();
const MOVE_DATE = '2026-04-01';
const numbered = (suffix: number) => `AF-20260310-${suffix}`;

const VISITOR = fakeUser({ uid: 'visitor-uid' });
const OTHER_VISITOR = fakeUser({ uid: 'other-visitor-uid' });
const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });

const SETTINGS = {
  apiKey: 'fake-api-key',
  authDomain: 'demo-afsh.firebaseapp.com',
  projectId: 'demo-afsh',
  appId: '1:000000000000:web:0000000000',
};

let browsers = 0;

/** A browser of its own (its own Firebase app and auth state), signed in as `user`. */
function browser(user: FakeUser | null): FirebaseDataPort {
  browsers += 1;
  const port = new FirebaseDataPort(SETTINGS, { appName: `browser-${browsers}` });
  (port.authInstance as unknown as FakeAuth).currentUser = user;
  return port;
}

/** Moves the browser's and the server's clock forward. */
function later(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

function orderInput(overrides: Partial<NewOrder> = {}): NewOrder {
  const values: NewOrder = {
    fullName: 'منى عبد الرحمن',
    phoneNumber: '01012345678',
    pickupAddress: '12 شارع التحرير، الدقي',
    dropoffAddress: '5 شارع 9، المعادي',
    governorateId: 'cairo',
    districtId: 'maadi',
    notes: 'الدور الثالث بدون أسانسير',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 3,
    dropoffFloor: 1,
    workers: 3,
    moveDate: MOVE_DATE,
    moveTime: '10:30',
    paymentMethod: 'cod',
    totalPrice: 0,
    ...overrides,
  };
  return { ...values, totalPrice: overrides.totalPrice ?? expectedOrderTotal(values) };
}

const CARD_TOKEN = 'test_ok_4242abcd';

/** Makes the next draws of generateOrderNumber give these suffixes (3 or 4 digits). */
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
  backend.seed(`tracking/${orderNumber}`, { orderNumber, orderId: 'earlier-order' });
}

/**
 * Moves a stored order (and its tracking copy) on to `status`, as an admin did earlier, without
 * going through the adapter under test.
 */
function advanceStored(order: Order, status: OrderStatus): void {
  for (const path of [`orders/${order.id}`, `tracking/${order.orderNumber}`]) {
    const stored = backend.read(path)!;
    const history = stored.statusHistory as unknown[];
    backend.seed(path, {
      ...stored,
      status,
      statusHistory: [...history, { status, at: Timestamp.now(), actor: 'admin' }],
    });
  }
}

/** The DataError a call fails with (and a clear message if it succeeds instead). */
async function rejection(promise: Promise<unknown>): Promise<DataError> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) {
    throw new Error(`expected a DataError, got ${JSON.stringify(outcome.value)}`);
  }
  expect(outcome.error).toBeInstanceOf(DataError);
  return outcome.error as DataError;
}

const history = (order: { statusHistory: { status: string; actor: string }[] }) =>
  order.statusHistory.map(({ status, actor }) => [status, actor]);

const keys = (data: object | undefined) => Object.keys(data ?? {}).sort();

const TRACKING_DOCUMENT_KEYS = [
  'currency',
  'moveDate',
  'moveType',
  'orderId',
  'orderNumber',
  'paymentMethod',
  'paymentStatus',
  'status',
  'statusHistory',
  'totalPrice',
];
/** The public view adds the route (null here: the hosted copy does not keep it yet). */
const PUBLIC_TRACKING_KEYS = [
  ...TRACKING_DOCUMENT_KEYS.filter((key) => key !== 'orderId'),
  'governorateId',
  'dropoffGovernorateId',
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------

describe('orders.create', () => {
  it.each(['cardNumber', 'cvv', 'expiry', 'card'])(
    'refuses a body carrying card data (%s) before anything is written',
    async (field) => {
      const body = { ...orderInput(), [field]: '4242424242424242' } as NewOrder;
      const error = await rejection(browser(VISITOR).orders.create(body));
      expect(error.code).toBe('invalid-argument');
      expect(error.fields).toEqual({ [field]: 'validation:common.invalid' });
      expect(backend.commits).toEqual([]);
    },
  );

  // The same card keys as the server and the memory backend (src/domain/card.ts cardKeysIn).
  it('refuses the same card keys as the server (cvc, pan, CVV)', async () => {
    for (const field of ['cvc', 'pan', 'CVV']) {
      const body = { ...orderInput(), [field]: '123' } as NewOrder;
      expect((await rejection(browser(VISITOR).orders.create(body))).code).toBe('invalid-argument');
    }
  });

  it('reports invalid input as invalid-argument with a message per field', async () => {
    const body = orderInput({ fullName: ' ', phoneNumber: '12345', pickupFloor: 25 });
    const error = await rejection(browser(VISITOR).orders.create(body));
    expect(error.code).toBe('invalid-argument');
    expect(error.fields).toEqual({
      fullName: 'validation:customerInfo.required',
      phoneNumber: 'validation:phone.invalid',
      pickupFloor: 'validation:floor.range',
    });
    expect(error.message).toBe('validation:customerInfo.required');
    expect(backend.commits).toEqual([]);
  });

  it('refuses a move date in the past (Cairo calendar)', async () => {
    const error = await rejection(
      browser(VISITOR).orders.create(orderInput({ moveDate: '2026-03-09' })),
    );
    expect(error.fields).toEqual({ moveDate: 'validation:date.past' });
  });

  it('refuses a tampered total price', async () => {
    const body = orderInput();
    const error = await rejection(
      browser(VISITOR).orders.create({ ...body, totalPrice: body.totalPrice - 500 }),
    );
    expect(error).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:order.priceMismatch',
      fields: { totalPrice: 'validation:order.priceMismatch' },
    });
    expect(backend.commits).toEqual([]);
  });

  it.each([
    ['no token', undefined],
    ['a token of another shape', 'tok_visa_4242'],
    ['a too short test token', 'test_ok_abc'],
    ['a test token with a slash', 'test_ok_abcdefgh/x'],
  ])('declines a card payment with %s', async (_label, paymentToken) => {
    const body = orderInput({ paymentMethod: 'card', ...(paymentToken ? { paymentToken } : {}) });
    const error = await rejection(browser(VISITOR).orders.create(body));
    expect(error).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:payment.declined',
      fields: { paymentToken: 'validation:payment.declined' },
    });
    expect(backend.commits).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await rejection(browser(null).orders.create(orderInput()))).code).toBe(
      'unauthenticated',
    );
  });

  it('stores a cash order as received, pending, cash, with one system history entry', async () => {
    drawSuffixes(427);
    // A token sent with a cash order is not stored (the rules refuse one there).
    const input = { ...orderInput(), paymentToken: CARD_TOKEN };
    const order = await browser(VISITOR).orders.create(input);

    const at = Timestamp.fromMillis(NOW);
    expect(backend.read(`orders/${order.id}`)).toEqual({
      orderNumber: numbered(427),
      userId: VISITOR.uid,
      fullName: input.fullName,
      phoneNumber: input.phoneNumber,
      pickupAddress: input.pickupAddress,
      dropoffAddress: input.dropoffAddress,
      governorateId: 'cairo',
      districtId: 'maadi',
      notes: input.notes,
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 3,
      dropoffFloor: 1,
      workers: 3,
      moveDate: MOVE_DATE,
      moveTime: '10:30',
      totalPrice: input.totalPrice,
      currency: 'EGP',
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      paymentProvider: 'cash',
      status: 'received',
      statusHistory: [{ status: 'received', at, actor: 'system' }],
      createdAt: at,
    });
    expect(order).toMatchObject({
      orderNumber: numbered(427),
      userId: VISITOR.uid,
      status: 'received',
      paymentStatus: 'pending',
      paymentProvider: 'cash',
      statusHistory: [{ status: 'received', at: NOW_ISO, actor: 'system' }],
      createdAt: NOW_ISO,
    });
    expect(order).not.toHaveProperty('paymentToken');
  });

  it('stores a card order with a test token as paid by the test provider', async () => {
    const order = await browser(VISITOR).orders.create(
      orderInput({ paymentMethod: 'card', paymentToken: CARD_TOKEN }),
    );
    expect(order).toMatchObject({ paymentStatus: 'paid', paymentProvider: 'test' });
    expect(order).not.toHaveProperty('paymentToken');
    const stored = backend.read(`orders/${order.id}`)!;
    expect(stored).toMatchObject({
      paymentMethod: 'card',
      paymentStatus: 'paid',
      paymentProvider: 'test',
      paymentToken: CARD_TOKEN,
    });
    expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({ paymentStatus: 'paid' });
    expect(backend.read(`tracking/${order.orderNumber}`)).not.toHaveProperty('paymentToken');
  });

  it('writes the order and its public tracking copy in one commit', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    expect(backend.commits.map((writes) => writes.map((w) => [w.kind, w.path]))).toEqual([
      [
        ['set', `orders/${order.id}`],
        ['set', `tracking/${order.orderNumber}`],
      ],
    ]);
    const tracking = backend.read(`tracking/${order.orderNumber}`)!;
    expect(keys(tracking)).toEqual(TRACKING_DOCUMENT_KEYS);
    expect(tracking).toMatchObject({
      orderNumber: order.orderNumber,
      orderId: order.id,
      status: 'received',
      paymentStatus: 'pending',
      totalPrice: order.totalPrice,
    });
    expect(tracking.statusHistory).toEqual(backend.read(`orders/${order.id}`)!.statusHistory);
  });

  it('does not store keys the schema does not know', async () => {
    const body = { ...orderInput(), isAdmin: true, status: 'delivered' } as NewOrder;
    const order = await browser(VISITOR).orders.create(body);
    const stored = backend.read(`orders/${order.id}`)!;
    expect(stored).not.toHaveProperty('isAdmin');
    expect(stored.status).toBe('received');
  });

  it('draws again when a number is taken, leaving the earlier order alone', async () => {
    takeNumber(numbered(100));
    takeNumber(numbered(101));
    const random = drawSuffixes(100, 101, 555);
    const order = await browser(VISITOR).orders.create(orderInput());
    expect(order.orderNumber).toBe(numbered(555));
    expect(random).toHaveBeenCalledTimes(3);
    expect(backend.read(`tracking/${numbered(100)}`)).toEqual({
      orderNumber: numbered(100),
      orderId: 'earlier-order',
    });
    expect(backend.read(`tracking/${numbered(555)}`)).toMatchObject({ orderId: order.id });
    expect(backend.commits).toHaveLength(1);
  });

  it('draws 3-digit numbers 8 times, then 4-digit ones', async () => {
    takeNumber(numbered(100));
    const random = vi.spyOn(Math, 'random').mockReturnValue(0); // 100, or 1000 with 4 digits
    const order = await browser(VISITOR).orders.create(orderInput());
    expect(order.orderNumber).toBe(numbered(1000));
    expect(random).toHaveBeenCalledTimes(9);
  });

  it('gives up as unavailable after 20 taken numbers, having written nothing', async () => {
    takeNumber(numbered(100));
    takeNumber(numbered(1000));
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const error = await rejection(browser(VISITOR).orders.create(orderInput()));
    expect(error.code).toBe('unavailable');
    expect(random).toHaveBeenCalledTimes(20);
    expect(backend.commits).toEqual([]);
    expect(backend.ids('orders')).toEqual([]);
  });

  it('does not retry other failures: a refused write is permission-denied, nothing stored', async () => {
    backend.failWrites((write) => write.path.startsWith('orders/'));
    const random = drawSuffixes(300);
    const error = await rejection(browser(VISITOR).orders.create(orderInput()));
    expect(error).toMatchObject({ code: 'permission-denied', message: 'errors:permissionDenied' });
    expect(random).toHaveBeenCalledTimes(1);
    expect(backend.ids('tracking')).toEqual([]);
  });

  it('two browsers drawing the same number at once get different numbers', async () => {
    drawSuffixes(777, 777, 888);
    const [a, b] = await Promise.all([
      browser(VISITOR).orders.create(orderInput()),
      browser(OTHER_VISITOR).orders.create(orderInput({ fullName: 'كريم' })),
    ]);
    expect([a.orderNumber, b.orderNumber].sort()).toEqual([numbered(777), numbered(888)]);
    for (const order of [a, b]) {
      expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({ orderId: order.id });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('orders.get and mine', () => {
  it('reads an order; an unknown or malformed id is not-found', async () => {
    const owner = browser(VISITOR);
    const order = await owner.orders.create(orderInput());
    expect(await owner.orders.get(order.id)).toEqual(order);
    for (const id of ['no-such-order', '', 'a/b']) {
      expect(await rejection(owner.orders.get(id))).toMatchObject({
        code: 'not-found',
        message: 'errors:notFound',
      });
    }
  });

  it('maps a refused read to permission-denied and an outage to unavailable', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    backend.failReads((path) => path === `orders/${order.id}`);
    expect(await rejection(browser(OTHER_VISITOR).orders.get(order.id))).toMatchObject({
      code: 'permission-denied',
      message: 'errors:permissionDenied',
    });
    backend.reset();
    backend.failReads(() => true, 'unavailable');
    expect((await rejection(browser(VISITOR).orders.mine())).code).toBe('unavailable');
  });
});

// ---------------------------------------------------------------------------------------------

describe('orders.cancel', () => {
  it('the owner cancels a received order; the tracking copy follows', async () => {
    const owner = browser(VISITOR);
    const order = await owner.orders.create(orderInput());
    later(60_000);
    const cancelled = await owner.orders.cancel(order.id);

    expect(cancelled.status).toBe('cancelled');
    expect(history(cancelled)).toEqual([
      ['received', 'system'],
      ['cancelled', 'customer'],
    ]);
    expect(cancelled.statusHistory[1]!.at).toBe(new Date(NOW + 60_000).toISOString());
    const stored = backend.read(`orders/${order.id}`)!;
    expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({
      status: 'cancelled',
      statusHistory: stored.statusHistory,
    });
    // Both in one commit (the rules check that the copy follows its order).
    expect(backend.commits.at(-1)!.map((w) => [w.kind, w.path])).toEqual([
      ['update', `orders/${order.id}`],
      ['update', `tracking/${order.orderNumber}`],
    ]);
    expect((await browser(null).tracking.get(order.orderNumber)).status).toBe('cancelled');
  });

  it('the owner cancels an order under review', async () => {
    const owner = browser(VISITOR);
    const order = await owner.orders.create(orderInput());
    advanceStored(order, 'under_review');
    const cancelled = await owner.orders.cancel(order.id);
    expect(history(cancelled)).toEqual([
      ['received', 'system'],
      ['under_review', 'admin'],
      ['cancelled', 'customer'],
    ]);
  });

  it.each(['in_transit', 'delivered', 'cancelled'] as const)(
    'refuses once the order is %s (failed-precondition), changing nothing',
    async (status) => {
      const owner = browser(VISITOR);
      const order = await owner.orders.create(orderInput());
      advanceStored(order, status);
      const before = backend.read(`orders/${order.id}`);
      const commits = backend.commits.length;
      expect(await rejection(owner.orders.cancel(order.id))).toMatchObject({
        code: 'failed-precondition',
        message: 'errors:orderNotCancellable',
      });
      expect(backend.read(`orders/${order.id}`)).toEqual(before);
      expect(backend.commits).toHaveLength(commits);
    },
  );

  it('another visitor (an admin too) may not cancel it; nobody signed out either', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    for (const user of [OTHER_VISITOR, ADMIN]) {
      expect((await rejection(browser(user).orders.cancel(order.id))).code).toBe(
        'permission-denied',
      );
    }
    expect((await rejection(browser(null).orders.cancel(order.id))).code).toBe('unauthenticated');
    expect(backend.read(`orders/${order.id}`)!.status).toBe('received');
    expect(backend.commits).toHaveLength(1);
  });

  it('an unknown order is not-found', async () => {
    expect((await rejection(browser(VISITOR).orders.cancel('no-such-order'))).code).toBe(
      'not-found',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('orders.update (admin)', () => {
  it('a status change appends an admin history entry and updates the tracking copy', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    later(5 * 60_000);
    const updated = await browser(ADMIN).orders.update(order.id, { status: 'in_transit' });

    expect(updated.status).toBe('in_transit');
    expect(history(updated)).toEqual([
      ['received', 'system'],
      ['in_transit', 'admin'],
    ]);
    expect(updated.statusHistory[1]!.at).toBe(new Date(NOW + 5 * 60_000).toISOString());
    const stored = backend.read(`orders/${order.id}`)!;
    expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({
      status: 'in_transit',
      statusHistory: stored.statusHistory,
    });
    expect(await browser(null).tracking.get(order.orderNumber)).toMatchObject({
      status: 'in_transit',
      statusHistory: updated.statusHistory,
    });
  });

  it('records every status change, the same status again included (as the server does)', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    const admin = browser(ADMIN);
    await admin.orders.update(order.id, { status: 'under_review' });
    const again = await admin.orders.update(order.id, { status: 'under_review' });
    expect(history(again)).toEqual([
      ['received', 'system'],
      ['under_review', 'admin'],
      ['under_review', 'admin'],
    ]);
  });

  it('marks a cash order paid without touching its status history', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    const updated = await browser(ADMIN).orders.update(order.id, { paymentStatus: 'paid' });
    expect(updated).toMatchObject({ paymentStatus: 'paid', status: 'received' });
    expect(updated.statusHistory).toEqual(order.statusHistory);
    expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({ paymentStatus: 'paid' });
    expect(backend.commits.at(-1)!.map((w) => [w.path, keys(w.data)])).toEqual([
      [`orders/${order.id}`, ['paymentStatus']],
      [`tracking/${order.orderNumber}`, ['paymentStatus']],
    ]);
  });

  it('changes status and payment status together', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    const updated = await browser(ADMIN).orders.update(order.id, {
      status: 'delivered',
      paymentStatus: 'paid',
    });
    expect(updated).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(backend.read(`tracking/${order.orderNumber}`)).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
    });
  });

  it.each([
    [{ status: 'lost' }, { status: 'validation:common.invalid' }],
    [{ paymentStatus: 'free' }, { paymentStatus: 'validation:common.invalid' }],
    [{ status: 'delivered', totalPrice: 1 }, { totalPrice: 'validation:common.invalid' }],
    [{}, { status: 'validation:common.invalid' }],
    [{ status: null }, { status: 'validation:common.invalid' }],
  ])('refuses %j as invalid-argument, writing nothing', async (update, fields) => {
    const order = await browser(VISITOR).orders.create(orderInput());
    const error = await rejection(
      browser(ADMIN).orders.update(order.id, update as OrderAdminUpdate),
    );
    expect(error).toMatchObject({ code: 'invalid-argument', fields });
    expect(backend.commits).toHaveLength(1);
  });

  it('customers (the owner too) are refused; signed out is unauthenticated', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    for (const user of [VISITOR, OTHER_VISITOR]) {
      expect(
        (await rejection(browser(user).orders.update(order.id, { status: 'delivered' }))).code,
      ).toBe('permission-denied');
    }
    expect(
      (await rejection(browser(null).orders.update(order.id, { status: 'delivered' }))).code,
    ).toBe('unauthenticated');
    expect(backend.commits).toHaveLength(1);
  });

  it('an unknown order is not-found', async () => {
    const error = await rejection(
      browser(ADMIN).orders.update('no-such-order', { status: 'delivered' }),
    );
    expect(error.code).toBe('not-found');
  });
});

// An id that cannot be a document id names nothing: not-found everywhere, as on the server.
describe('ids that are no document id', () => {
  it.each([
    ['orders.cancel', (port: FirebaseDataPort) => port.orders.cancel('')],
    [
      'orders.update',
      (port: FirebaseDataPort) => port.orders.update('a/b', { status: 'delivered' }),
    ],
    ['reviews.setHidden', (port: FirebaseDataPort) => port.reviews.setHidden('', true)],
    ['reviews.remove', (port: FirebaseDataPort) => port.reviews.remove('a/b')],
  ])('%s answers not-found, as orders.get does', async (name, call) => {
    const user = name === 'orders.cancel' ? VISITOR : ADMIN;
    expect((await rejection(call(browser(user)))).code).toBe('not-found');
  });
});

// ---------------------------------------------------------------------------------------------

describe('orders.list', () => {
  it('customers get only their own orders, newest first, from a query on their id', async () => {
    const owner = browser(VISITOR);
    const first = await owner.orders.create(orderInput());
    later(60_000);
    await browser(OTHER_VISITOR).orders.create(orderInput({ fullName: 'كريم' }));
    later(60_000);
    const second = await owner.orders.create(orderInput({ moveType: 'partial' }));

    const page = await owner.orders.list();
    expect(page.orders.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(page.total).toBe(2);
    expect(page.counts.received).toBe(2);
    expect((await owner.orders.mine()).map((o) => o.id)).toEqual([second.id, first.id]);
    // The rules allow a customer's list only when it filters on their own id.
    expect(backend.queries.at(-1)).toEqual({
      collection: 'orders',
      constraints: [
        { kind: 'where', field: 'userId', value: VISITOR.uid },
        { kind: 'orderBy', field: 'createdAt', direction: 'desc' },
      ],
    });
  });

  it("an admin's filters, search, sort, counts and paging apply", async () => {
    const visitor = browser(VISITOR);
    const cairoCash = await visitor.orders.create(orderInput({ fullName: 'منى' }));
    later(60_000);
    const gizaCash = await visitor.orders.create(
      orderInput({ fullName: 'Karim Adel', governorateId: 'giza', districtId: 'dokki' }),
    );
    later(60_000);
    const gizaCard = await visitor.orders.create(
      orderInput({
        fullName: 'Salma Nour',
        governorateId: 'giza',
        districtId: 'dokki',
        moveType: 'packaging',
        paymentMethod: 'card',
        paymentToken: CARD_TOKEN,
      }),
    );
    const admin = browser(ADMIN);
    await admin.orders.update(gizaCash.id, { status: 'delivered' });

    const ids = (page: { orders: Order[] }) => page.orders.map((o) => o.id);
    expect(ids(await admin.orders.list())).toEqual([gizaCard.id, gizaCash.id, cairoCash.id]);

    const giza = await admin.orders.list({ governorateId: 'giza' });
    expect(ids(giza)).toEqual([gizaCard.id, gizaCash.id]);
    expect(backend.queries.at(-1)!.constraints).toEqual([
      { kind: 'where', field: 'governorateId', value: 'giza' },
      { kind: 'orderBy', field: 'createdAt', direction: 'desc' },
      { kind: 'limit', count: 5000 },
    ]);

    const gizaReceived = await admin.orders.list({ governorateId: 'giza', status: 'received' });
    expect(ids(gizaReceived)).toEqual([gizaCard.id]);
    expect(gizaReceived.total).toBe(1);
    expect(gizaReceived.counts).toMatchObject({ received: 1, delivered: 1, cancelled: 0 });

    expect(ids(await admin.orders.list({ paymentMethod: 'card' }))).toEqual([gizaCard.id]);
    expect(ids(await admin.orders.list({ paymentStatus: 'pending' }))).toEqual([
      gizaCash.id,
      cairoCash.id,
    ]);
    expect(ids(await admin.orders.list({ search: 'karim' }))).toEqual([gizaCash.id]);
    expect(ids(await admin.orders.list({ search: gizaCard.orderNumber.toLowerCase() }))).toEqual([
      gizaCard.id,
    ]);
    // Equal prices fall back to newest first.
    expect(ids(await admin.orders.list({ sort: 'price-asc' }))).toEqual([
      gizaCard.id,
      gizaCash.id,
      cairoCash.id,
    ]);
    const secondPage = await admin.orders.list({ limit: 1, page: 2 });
    expect(ids(secondPage)).toEqual([gizaCash.id]);
    expect(secondPage.total).toBe(3);
  });

  it('refuses an invalid filter before querying', async () => {
    const admin = browser(ADMIN);
    const queries = backend.queries.length;
    const error = await rejection(
      admin.orders.list({ status: 'lost', sort: 'random' } as unknown as OrderFilter),
    );
    expect(error).toMatchObject({
      code: 'invalid-argument',
      fields: { status: 'validation:common.invalid', sort: 'validation:common.invalid' },
    });
    expect(backend.queries).toHaveLength(queries);
  });

  it('reads at most 5,000 orders for the admin list', async () => {
    for (let i = 0; i < 5001; i += 1) {
      backend.seed(`orders/order-${String(i).padStart(5, '0')}`, {
        orderNumber: numbered(1000 + i),
        userId: 'someone',
        fullName: 'Someone',
        phoneNumber: '01012345678',
        governorateId: 'cairo',
        paymentMethod: 'cod',
        paymentStatus: 'pending',
        status: 'received',
        moveDate: MOVE_DATE,
        moveTime: '10:00',
        totalPrice: 1000,
        statusHistory: [],
        createdAt: Timestamp.fromMillis(NOW - i * 1000),
      });
    }
    const page = await browser(ADMIN).orders.list({ limit: 1 });
    expect(page.total).toBe(5000);
    // The newest 5,000: the oldest order (order-05000) is the one left out.
    const oldest = await browser(ADMIN).orders.list({ sort: 'oldest', limit: 1 });
    expect(oldest.orders[0]!.id).toBe('order-04999');
  });

  it('signed out is unauthenticated', async () => {
    expect((await rejection(browser(null).orders.list())).code).toBe('unauthenticated');
  });
});

// ---------------------------------------------------------------------------------------------

describe('orders.remove', () => {
  it('an admin deletes the order and its tracking copy in one commit', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    const admin = browser(ADMIN);
    await admin.orders.remove(order.id);
    expect(backend.commits.at(-1)!.map((w) => [w.kind, w.path])).toEqual([
      ['delete', `orders/${order.id}`],
      ['delete', `tracking/${order.orderNumber}`],
    ]);
    expect(backend.ids('orders')).toEqual([]);
    expect(backend.ids('tracking')).toEqual([]);
    expect((await rejection(admin.orders.get(order.id))).code).toBe('not-found');
    expect((await rejection(browser(null).tracking.get(order.orderNumber))).code).toBe('not-found');
    expect((await rejection(admin.orders.remove(order.id))).code).toBe('not-found');
  });

  it('customers (the owner too) may not remove; signed out is unauthenticated', async () => {
    const order = await browser(VISITOR).orders.create(orderInput());
    for (const user of [VISITOR, OTHER_VISITOR]) {
      expect((await rejection(browser(user).orders.remove(order.id))).code).toBe(
        'permission-denied',
      );
    }
    expect((await rejection(browser(null).orders.remove(order.id))).code).toBe('unauthenticated');
    expect(backend.ids('orders')).toEqual([order.id]);
    expect(backend.ids('tracking')).toEqual([order.orderNumber]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('tracking.get', () => {
  async function placed(): Promise<Order> {
    drawSuffixes(555);
    return browser(VISITOR).orders.create(
      orderInput({ paymentMethod: 'card', paymentToken: CARD_TOKEN }),
    );
  }

  it.each([
    ['as issued', 'AF-20260310-555'],
    ['pasted with # and in lower case', '#af-20260310-555'],
    ['in Arabic-Indic digits with spaces', '  #AF-٢٠٢٦٠٣١٠-٥٥٥ '],
    ['with a right-to-left mark', '\u200f#AF-20260310-555'],
  ])('finds an order by its number %s, from any browser', async (_label, typed) => {
    const order = await placed();
    const tracking = await browser(null).tracking.get(typed);
    expect(tracking.orderNumber).toBe(order.orderNumber);
  });

  it('returns only the public projection', async () => {
    const order = await placed();
    const tracking = await browser(OTHER_VISITOR).tracking.get(order.orderNumber);
    expect(keys(tracking)).toEqual([...PUBLIC_TRACKING_KEYS].sort());
    expect(tracking).toEqual({
      orderNumber: order.orderNumber,
      moveType: 'full',
      // The hosted build's public copy has no route yet (issue 13): none is shown, none leaks.
      governorateId: null,
      dropoffGovernorateId: null,
      totalPrice: order.totalPrice,
      currency: 'EGP',
      paymentMethod: 'card',
      paymentStatus: 'paid',
      status: 'received',
      statusHistory: [{ status: 'received', at: NOW_ISO, actor: 'system' }],
      moveDate: MOVE_DATE,
    });
  });

  it.each(['', '   ', '#', '\u200f'])('empty input %j is invalid-argument', async (typed) => {
    expect(await rejection(browser(null).tracking.get(typed))).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:tracking.required',
    });
  });

  it('an unknown number is not-found', async () => {
    await placed();
    expect(await rejection(browser(null).tracking.get('AF-20260310-556'))).toMatchObject({
      code: 'not-found',
      message: 'errors:orderNotFound',
    });
  });

  it.each(['AF-1/2', '../orders/x', 'AF 20260310 555', 'A'.repeat(41), 'af_1'])(
    'malformed input %j is not-found without reaching Firestore',
    async (typed) => {
      backend.failReads(() => true, 'internal');
      expect(await rejection(browser(null).tracking.get(typed))).toMatchObject({
        code: 'not-found',
        message: 'errors:orderNotFound',
      });
    },
  );
});

// ---------------------------------------------------------------------------------------------

describe('reviews.add', () => {
  const review = { name: '  Mona  ', review: 'Careful and on time.', rating: '4' };

  it('stores the review and its throttle document together, with the server time', async () => {
    const added = await browser(VISITOR).reviews.add(review);
    expect(added).toEqual({
      id: expect.any(String),
      name: 'Mona',
      review: 'Careful and on time.',
      rating: 4,
      createdAt: NOW_ISO,
    });
    const at = Timestamp.fromMillis(NOW);
    expect(backend.read(`reviews/${added.id}`)).toEqual({
      name: 'Mona',
      review: 'Careful and on time.',
      rating: 4,
      hidden: false,
      createdAt: at,
    });
    expect(backend.read(`reviewThrottle/${VISITOR.uid}`)).toEqual({ last: at, reviewId: added.id });
    expect(backend.commits.map((writes) => writes.map((w) => w.path))).toEqual([
      [`reviews/${added.id}`, `reviewThrottle/${VISITOR.uid}`],
    ]);
  });

  it.each([
    [{ ...review, name: 'M' }, { name: 'validation:review.nameLength' }],
    [{ ...review, review: '' }, { review: 'validation:review.textLength' }],
    [{ ...review, review: 'x'.repeat(601) }, { review: 'validation:review.textLength' }],
  ])('refuses invalid input %#, writing nothing', async (input, fields) => {
    const error = await rejection(browser(VISITOR).reviews.add(input));
    expect(error).toMatchObject({ code: 'invalid-argument', fields });
    expect(backend.commits).toEqual([]);
  });

  it('a filled honeypot looks like success and stores nothing', async () => {
    const added = await browser(VISITOR).reviews.add({
      ...review,
      website: 'https://spam.example',
    });
    expect(added).toMatchObject({ name: 'Mona', rating: 4, createdAt: NOW_ISO });
    expect(backend.commits).toEqual([]);
    expect(backend.ids('reviews')).toEqual([]);
    expect(backend.ids('reviewThrottle')).toEqual([]);
  });

  it('a second review within 60 s is rate-limited with the seconds left', async () => {
    const visitor = browser(VISITOR);
    await visitor.reviews.add(review);
    later(30_000);
    expect(await rejection(visitor.reviews.add(review))).toMatchObject({
      code: 'rate-limited',
      message: 'validation:review.cooldown',
      retryAfterSeconds: 30,
    });
    later(29_500);
    expect((await rejection(visitor.reviews.add(review))).retryAfterSeconds).toBe(1);
    expect(backend.commits).toHaveLength(1);

    later(500);
    await visitor.reviews.add(review);
    expect(backend.ids('reviews')).toHaveLength(2);
    // Another visitor was never limited.
    await browser(OTHER_VISITOR).reviews.add(review);
    expect(backend.ids('reviews')).toHaveLength(3);
  });

  it('a refused commit (the rules saw a cooldown the browser did not) is rate-limited', async () => {
    backend.failWrites((write) => write.path.startsWith('reviewThrottle/'));
    expect(await rejection(browser(VISITOR).reviews.add(review))).toMatchObject({
      code: 'rate-limited',
      message: 'validation:review.cooldown',
      retryAfterSeconds: 60,
    });
    expect(backend.ids('reviews')).toEqual([]);
  });

  it('other commit failures keep their own code', async () => {
    backend.failWrites(() => true, 'unavailable');
    expect((await rejection(browser(VISITOR).reviews.add(review))).code).toBe('unavailable');
  });

  it('needs a session', async () => {
    expect((await rejection(browser(null).reviews.add(review))).code).toBe('unauthenticated');
  });
});

// ---------------------------------------------------------------------------------------------

describe('reviews: public list, live list, admin', () => {
  /** Reviews written earlier, oldest first, one minute apart. */
  function seedReviews(): void {
    const rows: [string, Data][] = [
      ['r1', { name: 'Mona', review: 'Very good', rating: 5, hidden: false }],
      ['r2', { name: 'Spammer', review: 'Buy now', rating: 1, hidden: true }],
      ['r3', { name: 'Karim', review: 'On time', rating: 4, hidden: false }],
      ['r4', { name: 'X', review: 'No real name', rating: 3, hidden: false }],
    ];
    rows.forEach(([id, data], index) => {
      backend.seed(`reviews/${id}`, {
        ...data,
        createdAt: Timestamp.fromMillis(NOW - (rows.length - index) * 60_000),
      });
    });
  }

  const ids = (reviews: { id: string }[]) => reviews.map((r) => r.id);

  it('list shows visible, displayable reviews newest first, without the hidden flag', async () => {
    seedReviews();
    const reviews = await browser(null).reviews.list();
    expect(ids(reviews)).toEqual(['r3', 'r1']);
    expect(reviews[0]).toEqual({
      id: 'r3',
      name: 'Karim',
      review: 'On time',
      rating: 4,
      createdAt: new Date(NOW - 2 * 60_000).toISOString(),
    });
    // The rules allow public queries only when they filter on hidden == false.
    expect(backend.queries.at(-1)!.constraints).toEqual([
      { kind: 'where', field: 'hidden', value: false },
      { kind: 'orderBy', field: 'createdAt', direction: 'desc' },
      { kind: 'limit', count: 100 },
    ]);
  });

  it('subscribe delivers the list now and after every change, until unsubscribed', async () => {
    seedReviews();
    const seen: Review[][] = [];
    const stop = browser(null).reviews.subscribe((reviews) => seen.push(reviews));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(ids(seen[0]!)).toEqual(['r3', 'r1']);

    const admin = browser(ADMIN);
    await admin.reviews.setHidden('r1', true);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(ids(seen[1]!)).toEqual(['r3']);

    later(1000);
    const added = await browser(VISITOR).reviews.add({ name: 'Salma', review: 'Great', rating: 5 });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(ids(seen[2]!)).toEqual([added.id, 'r3']);

    stop();
    await admin.reviews.remove('r3');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(3);
  });

  it('a refused live list reaches onError as a DataError', async () => {
    backend.failReads((path) => path === 'reviews');
    const errors: DataError[] = [];
    browser(null).reviews.subscribe(
      () => undefined,
      (error) => errors.push(error),
    );
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toBeInstanceOf(DataError);
    expect(errors[0]).toMatchObject({ code: 'permission-denied' });
  });

  it('an admin hides and shows a review; listAll has every review with its flag', async () => {
    seedReviews();
    const admin = browser(ADMIN);
    expect(await admin.reviews.setHidden('r3', true)).toEqual({
      id: 'r3',
      name: 'Karim',
      review: 'On time',
      rating: 4,
      createdAt: new Date(NOW - 2 * 60_000).toISOString(),
      hidden: true,
    });
    expect(backend.read('reviews/r3')!.hidden).toBe(true);
    expect(ids(await browser(null).reviews.list())).toEqual(['r1']);

    const all = await admin.reviews.listAll();
    expect(all.map((r) => [r.id, r.hidden])).toEqual([
      ['r4', false],
      ['r3', true],
      ['r2', true],
      ['r1', false],
    ]);
    expect((await admin.reviews.setHidden('r3', false)).hidden).toBe(false);
    expect(ids(await browser(null).reviews.list())).toEqual(['r3', 'r1']);
  });

  it('an admin removes a review; an unknown one is not-found', async () => {
    seedReviews();
    const admin = browser(ADMIN);
    await admin.reviews.remove('r1');
    expect(backend.ids('reviews')).toEqual(['r2', 'r3', 'r4']);
    expect((await rejection(admin.reviews.remove('r1'))).code).toBe('not-found');
    expect((await rejection(admin.reviews.setHidden('r1', true))).code).toBe('not-found');
    expect(backend.ids('reviews')).toEqual(['r2', 'r3', 'r4']);
  });

  it('setHidden, remove and listAll are admin-only', async () => {
    seedReviews();
    for (const [user, code] of [
      [VISITOR, 'permission-denied'],
      [null, 'unauthenticated'],
    ] as const) {
      const port = browser(user);
      expect((await rejection(port.reviews.setHidden('r1', true))).code).toBe(code);
      expect((await rejection(port.reviews.remove('r1'))).code).toBe(code);
      expect((await rejection(port.reviews.listAll())).code).toBe(code);
    }
    expect(backend.commits).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('messages', () => {
  const message = {
    name: 'Mona',
    email: 'Mona@Example.com',
    phone: '+20 ١٠٠ ١٢٣ ٤٥٦٧',
    message: 'Do you move pianos?',
  };

  it('anyone, signed in or not, sends one; it is stored normalised with the server time', async () => {
    await browser(null).messages.add(message);
    const [id] = backend.ids('messages');
    expect(backend.read(`messages/${id}`)).toEqual({
      name: 'Mona',
      email: 'mona@example.com',
      phone: '01001234567',
      message: 'Do you move pianos?',
      createdAt: Timestamp.fromMillis(NOW),
    });
  });

  it.each([
    [{ ...message, email: 'not-an-email' }, { email: 'validation:email.invalid' }],
    [{ ...message, phone: '12345' }, { phone: 'validation:phone.invalid' }],
    [{ ...message, message: '  ' }, { message: 'validation:message.required' }],
  ])('refuses invalid input %#, writing nothing', async (input, fields) => {
    const error = await rejection(browser(VISITOR).messages.add(input));
    expect(error).toMatchObject({ code: 'invalid-argument', fields });
    expect(backend.commits).toEqual([]);
  });

  it('admins list them newest first; others may not', async () => {
    const visitor = browser(VISITOR);
    await visitor.messages.add(message);
    later(60_000);
    await visitor.messages.add({ ...message, message: 'And a fridge?' });

    const listed = await browser(ADMIN).messages.list();
    expect(listed.map((m) => [m.message, m.createdAt])).toEqual([
      ['And a fridge?', new Date(NOW + 60_000).toISOString()],
      ['Do you move pianos?', NOW_ISO],
    ]);
    expect(listed[0]).toMatchObject({
      name: 'Mona',
      email: 'mona@example.com',
      phone: '01001234567',
    });
    expect((await rejection(visitor.messages.list())).code).toBe('permission-denied');
    expect((await rejection(browser(null).messages.list())).code).toBe('unauthenticated');
  });
});
