import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { COLLECTIONS, CURRENT_ID } from '../../src/domain/hosted-store';

/** A live copy's key (D19), as trackOrder hands them out. */
const LIVE_KEY = 'live-key-of-the-rules-test';

// The allow/deny matrix of firestore.rules under the Firestore emulator: browsers only read (every
// write is a Cloud Function); no auth, the anonymous owner, another user, an admin (the claim and
// an admins document) and a revoked admin (the claim only). Needs the Firestore emulator (Java 21
// and a downloaded JAR): `npm run test:firebase` runs it under `firebase emulators:exec`. The same
// decisions are modelled for the in-process tests in src/data/firebase/testing-read-rules.ts.

const HOST = process.env.FIRESTORE_EMULATOR_HOST;
const REASON =
  'skipped: the Firestore emulator is not reachable (FIRESTORE_EMULATOR_HOST unset; it needs Java 21 + a downloaded JAR) — run npm run test:firebase where it can';
if (!HOST) console.info(REASON);

const ROOT = join(import.meta.dirname, '..', '..');
const OWNER = 'owner-uid';
const OTHER = 'other-uid';
const ADMIN = 'admin-uid';
const REVOKED = 'revoked-uid';

let env: RulesTestEnvironment;

const db = (context: RulesTestContext) => context.firestore() as unknown as Firestore;
const owner = () =>
  db(env.authenticatedContext(OWNER, { firebase: { sign_in_provider: 'anonymous' } }));
const other = () => db(env.authenticatedContext(OTHER));
const admin = () => db(env.authenticatedContext(ADMIN, { admin: true }));
const revoked = () => db(env.authenticatedContext(REVOKED, { admin: true }));
const nobody = () => db(env.unauthenticatedContext());

const ORDER = { orderNumber: 'AF-20260101-123', userId: OWNER, status: 'received' };

describe.skipIf(!HOST)('firestore.rules (emulator)', () => {
  beforeAll(async () => {
    const [host, port] = HOST!.split(':');
    env = await initializeTestEnvironment({
      projectId: 'demo-afsh-rules',
      firestore: {
        host: host!,
        port: Number(port),
        rules: readFileSync(join(ROOT, 'firestore.rules'), 'utf8'),
      },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  beforeEach(async () => {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (context) => {
      const store = db(context);
      await setDoc(doc(store, COLLECTIONS.admins, ADMIN), { email: 'admin@afsh.test' });
      await setDoc(doc(store, COLLECTIONS.orders, 'o1'), {
        ...ORDER,
        createdAt: Timestamp.now(),
      });
      await setDoc(doc(store, COLLECTIONS.tracking, ORDER.orderNumber), { status: 'received' });
      await setDoc(doc(store, COLLECTIONS.liveTracking, LIVE_KEY), { status: 'received' });
      // D14: a published review of a delivered order, one held for approval, one from before.
      await setDoc(doc(store, COLLECTIONS.reviews, 'visible'), {
        orderId: 'visible',
        name: 'Mona',
        review: 'Good',
        rating: 5,
        state: 'published',
        orderStatus: 'delivered',
        public: true,
        createdAt: Timestamp.now(),
      });
      await setDoc(doc(store, COLLECTIONS.reviews, 'hidden'), {
        orderId: 'hidden',
        name: 'Spam',
        review: 'Buy',
        rating: 1,
        state: 'pending',
        orderStatus: 'delivered',
        public: false,
        createdAt: Timestamp.now(),
      });
      await setDoc(doc(store, COLLECTIONS.reviews, 'legacy'), {
        name: 'Visitor',
        review: 'Rated 1 star',
        rating: 1,
        hidden: false,
        createdAt: Timestamp.now(),
      });
      await setDoc(doc(store, COLLECTIONS.settings, 'reviews'), { publishAtOnce: false });
      await setDoc(doc(store, COLLECTIONS.messages, 'm1'), { name: 'Laila' });
      await setDoc(doc(store, COLLECTIONS.stats, 'orders'), { counts: {}, total: 1 });
      await setDoc(doc(store, COLLECTIONS.quotas, 'q1'), { times: [] });
      await setDoc(doc(store, COLLECTIONS.orderNumberDays, '20260101'), { issued: 1 });
      await setDoc(doc(store, COLLECTIONS.outboxEvents, 'o1-1'), { orderId: 'o1' });
      await setDoc(doc(store, COLLECTIONS.catalog, CURRENT_ID), { version: 2, rates: {} });
      await setDoc(doc(store, COLLECTIONS.catalogVersions, '2'), {
        version: 2,
        rates: {},
        createdBy: 'admin@afsh.test',
      });
      await setDoc(doc(store, COLLECTIONS.capacity, CURRENT_ID), { version: 2, windows: [] });
      await setDoc(doc(store, COLLECTIONS.capacityPlans, '2'), { version: 2, windows: [] });
      await setDoc(doc(store, COLLECTIONS.crewBookings, '2026-04-01'), {
        date: '2026-04-01',
        booked: { morning: 1 },
      });
      await setDoc(doc(store, COLLECTIONS.outbox, 'o1-1-1'), {
        orderId: 'o1',
        recipient: 'customer',
        address: '+201012345678',
        state: 'pending',
      });
    });
  });

  it('orders: the owner and an admin read one; others, a revoked admin and nobody may not', async () => {
    await assertSucceeds(getDoc(doc(owner(), COLLECTIONS.orders, 'o1')));
    await assertSucceeds(getDoc(doc(admin(), COLLECTIONS.orders, 'o1')));
    await assertFails(getDoc(doc(other(), COLLECTIONS.orders, 'o1')));
    await assertFails(getDoc(doc(revoked(), COLLECTIONS.orders, 'o1')));
    await assertFails(getDoc(doc(nobody(), COLLECTIONS.orders, 'o1')));
    // A missing order reads as missing (random ids reveal nothing).
    await assertSucceeds(getDoc(doc(other(), COLLECTIONS.orders, 'missing')));
  });

  it('orders: a customer lists only their own; an admin lists all', async () => {
    const mine = (store: Firestore, uid: string) =>
      getDocs(
        query(
          collection(store, COLLECTIONS.orders),
          where('userId', '==', uid),
          orderBy('createdAt', 'desc'),
        ),
      );
    await assertSucceeds(mine(owner(), OWNER));
    await assertFails(mine(other(), OWNER));
    await assertFails(getDocs(collection(other(), COLLECTIONS.orders)));
    await assertSucceeds(getDocs(query(collection(admin(), COLLECTIONS.orders), limit(50))));
    await assertFails(getDocs(query(collection(revoked(), COLLECTIONS.orders), limit(50))));
  });

  it('nobody writes anything from a browser, the admin included', async () => {
    for (const store of [owner(), other(), admin(), nobody()]) {
      await assertFails(setDoc(doc(store, COLLECTIONS.orders, 'new'), { ...ORDER }));
      await assertFails(updateDoc(doc(store, COLLECTIONS.orders, 'o1'), { status: 'delivered' }));
      await assertFails(deleteDoc(doc(store, COLLECTIONS.orders, 'o1')));
      await assertFails(setDoc(doc(store, COLLECTIONS.tracking, 'AF-20260101-999'), {}));
      await assertFails(addDoc(collection(store, COLLECTIONS.reviews), { public: true }));
      await assertFails(updateDoc(doc(store, COLLECTIONS.reviews, 'hidden'), { public: true }));
      await assertFails(
        setDoc(doc(store, COLLECTIONS.settings, 'reviews'), { publishAtOnce: true }),
      );
      await assertFails(addDoc(collection(store, COLLECTIONS.messages), { name: 'x' }));
      await assertFails(setDoc(doc(store, COLLECTIONS.admins, OTHER), {}));
    }
  });

  it('tracking copies, limits, number counters and the admins list: no browser reads them', async () => {
    for (const store of [owner(), admin(), nobody()]) {
      await assertFails(getDoc(doc(store, COLLECTIONS.tracking, ORDER.orderNumber)));
      await assertFails(getDoc(doc(store, COLLECTIONS.quotas, 'q1')));
      await assertFails(getDoc(doc(store, COLLECTIONS.orderNumberDays, '20260101')));
      await assertFails(getDoc(doc(store, COLLECTIONS.admins, ADMIN)));
    }
  });

  it('live tracking copies (D19): anyone gets one by its key, nobody lists or writes them', async () => {
    for (const store of [owner(), other(), admin(), nobody()]) {
      await assertSucceeds(getDoc(doc(store, COLLECTIONS.liveTracking, LIVE_KEY)));
      await assertFails(getDocs(query(collection(store, COLLECTIONS.liveTracking), limit(5))));
      await assertFails(setDoc(doc(store, COLLECTIONS.liveTracking, LIVE_KEY), {}));
      await assertFails(deleteDoc(doc(store, COLLECTIONS.liveTracking, LIVE_KEY)));
    }
  });

  it('the notification outbox and its events: no browser reads or writes them, the admin and the order’s owner included (D10)', async () => {
    for (const store of [owner(), other(), admin(), revoked(), nobody()]) {
      for (const name of [COLLECTIONS.outbox, COLLECTIONS.outboxEvents]) {
        const id = name === COLLECTIONS.outbox ? 'o1-1-1' : 'o1-1';
        await assertFails(getDoc(doc(store, name, id)));
        await assertFails(getDocs(query(collection(store, name), where('orderId', '==', 'o1'))));
        await assertFails(setDoc(doc(store, name, 'new'), { orderId: 'o1' }));
        await assertFails(updateDoc(doc(store, name, id), { state: 'sent' }));
        await assertFails(deleteDoc(doc(store, name, id)));
      }
    }
  });

  it('prices and crews (D11, D12): the current catalog for everyone; versions and the plan for admins; counters for nobody', async () => {
    for (const store of [owner(), other(), admin(), revoked(), nobody()]) {
      await assertSucceeds(getDoc(doc(store, COLLECTIONS.catalog, CURRENT_ID)));
    }
    const history = (store: Firestore) =>
      getDocs(
        query(
          collection(store, COLLECTIONS.catalogVersions),
          orderBy('version', 'desc'),
          limit(50),
        ),
      );
    await assertSucceeds(history(admin()));
    for (const store of [owner(), revoked(), nobody()]) {
      await assertFails(history(store));
      await assertFails(getDoc(doc(store, COLLECTIONS.capacity, CURRENT_ID)));
    }
    await assertSucceeds(getDoc(doc(admin(), COLLECTIONS.capacity, CURRENT_ID)));
    for (const store of [owner(), other(), admin(), revoked(), nobody()]) {
      await assertFails(getDoc(doc(store, COLLECTIONS.crewBookings, '2026-04-01')));
      await assertFails(getDocs(collection(store, COLLECTIONS.crewBookings)));
      await assertFails(getDoc(doc(store, COLLECTIONS.capacityPlans, '2')));
      // Only the functions write them: no price, plan or counter from a browser, an admin's included.
      await assertFails(setDoc(doc(store, COLLECTIONS.catalog, CURRENT_ID), { version: 9 }));
      await assertFails(updateDoc(doc(store, COLLECTIONS.catalog, CURRENT_ID), { version: 9 }));
      await assertFails(setDoc(doc(store, COLLECTIONS.catalogVersions, '9'), { version: 9 }));
      await assertFails(setDoc(doc(store, COLLECTIONS.capacity, CURRENT_ID), { version: 9 }));
      await assertFails(
        updateDoc(doc(store, COLLECTIONS.crewBookings, '2026-04-01'), { booked: {} }),
      );
      await assertFails(deleteDoc(doc(store, COLLECTIONS.crewBookings, '2026-04-01')));
    }
  });

  it('reviews (D14): public ones for everyone; held, hidden and older ones for admins', async () => {
    const listed = (store: Firestore) =>
      getDocs(query(collection(store, COLLECTIONS.reviews), where('public', '==', true)));
    await assertSucceeds(listed(nobody()));
    await assertSucceeds(getDoc(doc(nobody(), COLLECTIONS.reviews, 'visible')));
    await assertFails(getDoc(doc(owner(), COLLECTIONS.reviews, 'hidden')));
    await assertFails(getDoc(doc(nobody(), COLLECTIONS.reviews, 'legacy')));
    await assertFails(
      getDocs(query(collection(nobody(), COLLECTIONS.reviews), where('hidden', '==', false))),
    );
    await assertFails(getDocs(collection(owner(), COLLECTIONS.reviews)));
    await assertSucceeds(getDocs(collection(admin(), COLLECTIONS.reviews)));
  });

  it('the review settings (D14): admins read them, nobody else', async () => {
    await assertSucceeds(getDoc(doc(admin(), COLLECTIONS.settings, 'reviews')));
    await assertFails(getDoc(doc(owner(), COLLECTIONS.settings, 'reviews')));
    await assertFails(getDoc(doc(revoked(), COLLECTIONS.settings, 'reviews')));
    await assertFails(getDoc(doc(nobody(), COLLECTIONS.settings, 'reviews')));
  });

  it('messages and the counters: admins only', async () => {
    await assertSucceeds(getDocs(collection(admin(), COLLECTIONS.messages)));
    await assertFails(getDocs(collection(owner(), COLLECTIONS.messages)));
    await assertFails(getDocs(collection(revoked(), COLLECTIONS.messages)));
    await assertSucceeds(getDoc(doc(admin(), COLLECTIONS.stats, 'orders')));
    await assertFails(getDoc(doc(owner(), COLLECTIONS.stats, 'orders')));
  });
});
