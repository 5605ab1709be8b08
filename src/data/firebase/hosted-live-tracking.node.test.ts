// The hosted build's live tracking and "my orders" (D19), in-process: the adapter against the
// fake SDK, its callables answered by the functions' handlers, browser reads through the model
// of firestore.rules. A tracker listens to the order's live copy by the key trackOrder answers;
// "my orders" listens to the owner's own query.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFunctions, TEST_SETTINGS } from '../../../functions/src/testing/in-process';
import type { Order, PublicTracking } from '../port';
import { backend, fakeUser, Timestamp } from './testing-fake-firestore';
import { fakeBrowser, hostedOrderInput, verifiedCustomer } from './testing-hosted';
import { firestoreReadRules } from './testing-read-rules';
import { COLLECTIONS, orderDocument, trackingDocument } from '../../domain/hosted-store';
import { seededOrder } from './testing-seed-orders';

const CUSTOMER = verifiedCustomer('live-customer');
const OTHER = verifiedCustomer('live-other', '+201112345678');
const ADMIN = fakeUser({ uid: 'admin-uid', email: 'admin@example.com', claims: { admin: true } });

/** 10:00 in Cairo on 10 March 2026, before hostedOrderInput()'s move (1 April). */
const NOW = Date.parse('2026-03-10T08:00:00.000Z');

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

const trackCalls = () => backend.calls.filter((call) => call.name === 'trackOrder').length;

/** A watch's listener and live state, recorded. */
function recorder<T>() {
  const heard: T[] = [];
  const live: boolean[] = [];
  return {
    heard,
    live,
    listener: (value: T) => heard.push(value),
    onLive: (up: boolean) => live.push(up),
  };
}

const until = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 5 });

describe('tracking.watch (D19)', () => {
  it('follows the live copy by its key: the view now, each change, and null once deleted', async () => {
    const order = await fakeBrowser(CUSTOMER).orders.create(hostedOrderInput());
    const visitor = fakeBrowser(fakeUser({ uid: 'someone' }));
    const seen = recorder<PublicTracking | null>();
    const stop = visitor.tracking.watch(order.orderNumber, seen.listener, seen.onLive);
    try {
      await until(() => expect(seen.heard.at(-1)?.status).toBe('received'));
      await until(() => expect(seen.live.at(-1)).toBe(true));
      expect(seen.heard[0]!.moveWindow).toEqual({
        start: order.timeWindow!.start,
        end: order.timeWindow!.end,
      });
      // One look-up for the key, then no more calls: the changes come from the listener.
      expect(trackCalls()).toBe(1);

      const admin = fakeBrowser(ADMIN);
      await admin.orders.update(order.id, { status: 'under_review' });
      await until(() => expect(seen.heard.at(-1)?.status).toBe('under_review'));
      await admin.orders.update(order.id, { paymentStatus: 'paid' });
      await until(() => expect(seen.heard.at(-1)?.paymentStatus).toBe('paid'));
      expect(trackCalls()).toBe(1);
      // Each view is the public one (D2), however it came.
      for (const view of seen.heard) {
        expect(JSON.stringify(view)).not.toContain(order.fullName);
        expect(view).not.toHaveProperty('liveKey');
      }

      await admin.orders.remove(order.id);
      await until(() => expect(seen.heard.at(-1)).toBeNull());
      expect(backend.docListenerPaths()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('a number looked up first is followed without asking again', async () => {
    const order = await fakeBrowser(CUSTOMER).orders.create(hostedOrderInput());
    const visitor = fakeBrowser(fakeUser({ uid: 'someone' }));
    await visitor.tracking.get(order.orderNumber);
    const seen = recorder<PublicTracking | null>();
    const stop = visitor.tracking.watch(order.orderNumber, seen.listener, seen.onLive);
    await until(() => expect(seen.heard).toHaveLength(1));
    expect(trackCalls()).toBe(1);
    stop();
    // Stopped: the listener is let go.
    expect(backend.docListenerPaths()).toEqual([]);
  });

  it('an order placed before live copies gets one when it is looked up', async () => {
    const seeded = seededOrder(1, 1, Date.now());
    const order = {
      ...seeded,
      userId: CUSTOMER.uid,
      status: 'received' as const,
      statusHistory: [
        { status: 'received' as const, at: seeded.createdAt, actor: 'system' as const },
      ],
    };
    const toTime = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
    backend.seed(
      `${COLLECTIONS.orders}/old-order`,
      orderDocument(order, toTime, { paymentReference: null, updatedAt: order.createdAt }),
    );
    // Its tracking copy as written before D19: no live key, no window.
    const { moveWindow: _none, ...before } = trackingDocument(order, toTime);
    backend.seed(`${COLLECTIONS.tracking}/${order.orderNumber}`, before);

    const seen = recorder<PublicTracking | null>();
    const stop = fakeBrowser(fakeUser({ uid: 'someone' })).tracking.watch(
      order.orderNumber,
      seen.listener,
      seen.onLive,
    );
    try {
      await until(() => expect(seen.live.at(-1)).toBe(true));
      const key = backend.read(`${COLLECTIONS.tracking}/${order.orderNumber}`)!.liveKey;
      expect(typeof key).toBe('string');
      expect(backend.ids(COLLECTIONS.liveTracking)).toEqual([key]);
      // A copy from before the window was kept says none.
      expect(seen.heard.at(-1)?.moveWindow).toBeNull();
      await fakeBrowser(ADMIN).orders.update('old-order', { status: 'under_review' });
      await until(() => expect(seen.heard.at(-1)?.status).toBe('under_review'));
      // Written again with the order, the live copy carries the window now.
      expect(seen.heard.at(-1)?.moveWindow).toEqual({ start: '08:00', end: '12:00' });
    } finally {
      stop();
    }
  });

  it('an unknown number hears null and listens to nothing', async () => {
    const seen = recorder<PublicTracking | null>();
    fakeBrowser(fakeUser({ uid: 'someone' })).tracking.watch(
      'AF-20260310-999',
      seen.listener,
      seen.onLive,
    );
    await until(() => expect(seen.heard).toEqual([null]));
    expect(backend.docListenerPaths()).toEqual([]);
  });

  it('a refused listener falls back to asking trackOrder, and says it is not live', async () => {
    const order = await fakeBrowser(CUSTOMER).orders.create(hostedOrderInput());
    backend.failReads((path) => path.startsWith(`${COLLECTIONS.liveTracking}/`));
    const seen = recorder<PublicTracking | null>();
    const stop = fakeBrowser(fakeUser({ uid: 'someone' })).tracking.watch(
      order.orderNumber,
      seen.listener,
      seen.onLive,
    );
    try {
      await until(() => expect(seen.live).toEqual([false]));
      expect(seen.heard.at(-1)?.orderNumber).toBe(order.orderNumber);
      expect(backend.docListenerPaths()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('browsers get a live copy by its key, and cannot list them', async () => {
    const order = await fakeBrowser(CUSTOMER).orders.create(hostedOrderInput());
    const key = String(backend.read(`${COLLECTIONS.tracking}/${order.orderNumber}`)!.liveKey);
    const port = fakeBrowser(null);
    const { getDoc, getDocs, collection, doc, getFirestore } = (
      await import('./testing-fake-firestore')
    ).fakeFirestoreModule;
    const store = getFirestore(port.app);
    const copy = await getDoc(doc(store, COLLECTIONS.liveTracking, key));
    expect(copy.data()).toMatchObject({ orderNumber: order.orderNumber });
    const listed = await getDocs(collection(store, COLLECTIONS.liveTracking)).then(
      () => 'listed',
      (error: { code: string }) => error.code,
    );
    expect(listed).toBe('permission-denied');
  });
});

describe('orders.watchMine (D19)', () => {
  it('hears the owner’s own orders, newest first, and each change to them only', async () => {
    const mine = fakeBrowser(CUSTOMER);
    const first = await mine.orders.create(hostedOrderInput());
    const theirs = await fakeBrowser(OTHER).orders.create(
      hostedOrderInput({ phoneNumber: '01112345678' }),
    );
    const seen = recorder<Order[]>();
    const stop = mine.orders.watchMine(seen.listener, seen.onLive);
    try {
      await until(() => expect(seen.heard.at(-1)?.map((o) => o.id)).toEqual([first.id]));
      await until(() => expect(seen.live.at(-1)).toBe(true));
      const admin = fakeBrowser(ADMIN);
      await admin.orders.update(theirs.id, { status: 'under_review' });
      await admin.orders.update(first.id, { status: 'under_review' });
      await until(() => expect(seen.heard.at(-1)?.[0]?.status).toBe('under_review'));
      const second = await mine.orders.create(hostedOrderInput());
      await until(() => expect(seen.heard.at(-1)?.map((o) => o.id)).toEqual([second.id, first.id]));
      for (const list of seen.heard) expect(list.map((o) => o.id)).not.toContain(theirs.id);
      // Offline: not live, and back.
      backend.setOnline(false);
      await until(() => expect(seen.live.at(-1)).toBe(false));
      backend.setOnline(true);
      await until(() => expect(seen.live.at(-1)).toBe(true));
    } finally {
      stop();
    }
  });

  it('without a session: not live, and nothing heard', async () => {
    const seen = recorder<Order[]>();
    fakeBrowser(null).orders.watchMine(seen.listener, seen.onLive);
    await until(() => expect(seen.live).toEqual([false]));
    expect(seen.heard).toEqual([]);
  });
});
