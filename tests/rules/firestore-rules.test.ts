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
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { newOrderDocuments } from '../../src/data/firebase/firestore-documents';
import { futureDate, sampleOrderInput } from './order-fixture';

// The allow/deny matrix of firestore.rules: no auth, the anonymous owner, another user, an admin
// (custom claim), for every collection and operation. Needs the Firestore emulator (Java 21 and
// a downloaded JAR): `npm run test:firebase` runs it under `firebase emulators:exec`.

const HOST = process.env.FIRESTORE_EMULATOR_HOST;
const REASON =
  'skipped: the Firestore emulator is not reachable (FIRESTORE_EMULATOR_HOST unset; it needs Java 21 + a downloaded JAR) — run npm run test:firebase where it can';
if (!HOST) console.info(REASON);

const ROOT = join(import.meta.dirname, '..', '..');
const OWNER = 'owner-uid';
const OTHER = 'other-uid';
const ADMIN = 'admin-uid';

let env: RulesTestEnvironment;
let counter = 0;

const db = (context: RulesTestContext) => context.firestore() as unknown as Firestore;
const owner = () =>
  db(env.authenticatedContext(OWNER, { firebase: { sign_in_provider: 'anonymous' } }));
const other = () => db(env.authenticatedContext(OTHER));
const admin = () => db(env.authenticatedContext(ADMIN, { admin: true }));
const nobody = () => db(env.unauthenticatedContext());

function nextNumber(): string {
  counter += 1;
  return `AF-20260101-${String(100 + counter).padStart(3, '0')}`;
}

/** What the adapter writes (src/data/firebase/firestore-documents.ts), then `overrides`. */
function orderDoc(uid: string, orderNumber: string, overrides: DocumentData = {}): DocumentData {
  const card = overrides.paymentMethod === 'card';
  const { order } = newOrderDocuments({
    values: sampleOrderInput({ paymentMethod: card ? 'card' : 'cod' }),
    userId: uid,
    orderId: 'unused',
    orderNumber,
    paymentToken: card ? 'test_ok_abcdefgh1234' : undefined,
    historyAt: Timestamp.now(),
  });
  const merged: DocumentData = { ...order, ...overrides };
  // An override of `undefined` removes the field (Firestore refuses undefined values).
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
}

function trackingDoc(orderId: string, order: DocumentData): DocumentData {
  return {
    orderNumber: order.orderNumber,
    orderId,
    moveType: order.moveType,
    totalPrice: order.totalPrice,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    status: order.status,
    statusHistory: order.statusHistory,
    moveDate: order.moveDate,
  };
}

/** The adapter's create: the order and its tracking copy in one write. */
function createOrder(
  firestore: Firestore,
  uid: string,
  overrides: DocumentData = {},
  tracking: DocumentData | null | ((t: DocumentData) => DocumentData) = (t) => t,
) {
  const id = `order-${(counter += 1)}`;
  const order = orderDoc(uid, nextNumber(), overrides);
  const batch = writeBatch(firestore);
  batch.set(doc(firestore, 'orders', id), order);
  if (tracking) {
    const copy = trackingDoc(id, order);
    batch.set(
      doc(firestore, 'tracking', order.orderNumber),
      typeof tracking === 'function' ? tracking(copy) : tracking,
    );
  }
  return { id, order, commit: () => batch.commit() };
}

/** An order as it would be stored, written with the rules off. */
async function seedOrder(
  uid: string,
  status = 'received',
): Promise<{ id: string; number: string }> {
  const id = `seed-${(counter += 1)}`;
  const number = nextNumber();
  const history = [{ status, at: Timestamp.now(), actor: 'system' }];
  const order = orderDoc(uid, number, {
    status,
    statusHistory: history,
    createdAt: Timestamp.now(),
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const firestore = db(context);
    await setDoc(doc(firestore, 'orders', id), order);
    await setDoc(doc(firestore, 'tracking', number), trackingDoc(id, order));
  });
  return { id, number };
}

/** Status change on the order and its tracking copy, as the adapter writes it. */
async function changeStatus(
  firestore: Firestore,
  seeded: { id: string; number: string },
  status: string,
  actor: string,
  { mirror = true }: { mirror?: boolean } = {},
) {
  let history: DocumentData[] = [];
  await env.withSecurityRulesDisabled(async (context) => {
    history = (await getDoc(doc(db(context), 'orders', seeded.id))).data()!.statusHistory;
  });
  const patch = { status, statusHistory: [...history, { status, at: Timestamp.now(), actor }] };
  const batch = writeBatch(firestore);
  batch.update(doc(firestore, 'orders', seeded.id), patch);
  if (mirror) batch.update(doc(firestore, 'tracking', seeded.number), patch);
  return batch.commit();
}

function reviewWrite(firestore: Firestore, uid: string, overrides: DocumentData = {}) {
  const ref = doc(collection(firestore, 'reviews'));
  const batch = writeBatch(firestore);
  batch.set(ref, {
    name: 'منى',
    review: 'خدمة ممتازة',
    rating: 5,
    hidden: false,
    createdAt: serverTimestamp(),
    ...overrides,
  });
  batch.set(doc(firestore, 'reviewThrottle', uid), { last: serverTimestamp(), reviewId: ref.id });
  return batch.commit();
}

const message = (overrides: DocumentData = {}) => ({
  name: 'منى',
  email: 'mona@example.com',
  phone: '01012345678',
  message: 'هل تعملون يوم الجمعة؟',
  createdAt: serverTimestamp(),
  ...overrides,
});

describe.skipIf(!HOST)('firestore.rules', () => {
  beforeAll(async () => {
    const [host, port] = (HOST ?? '127.0.0.1:8080').split(':');
    env = await initializeTestEnvironment({
      projectId: 'demo-afsh',
      firestore: {
        rules: readFileSync(join(ROOT, 'firestore.rules'), 'utf8'),
        host: host!,
        port: Number(port),
      },
    });
  });
  beforeEach(() => env?.clearFirestore());
  afterAll(() => env?.cleanup());

  describe('orders: create', () => {
    it('the signed-in owner creates a valid order with its tracking copy', async () => {
      await assertSucceeds(createOrder(owner(), OWNER).commit());
    });
    it('a card order with a test token is paid (D3 test provider); cash stays pending', async () => {
      const card = {
        paymentMethod: 'card',
        paymentProvider: 'test',
        paymentToken: 'test_ok_abcdefgh1234',
        paymentStatus: 'paid',
      };
      await assertSucceeds(createOrder(owner(), OWNER, card).commit());
      await assertFails(
        createOrder(owner(), OWNER, { ...card, paymentStatus: 'pending' }).commit(),
      );
      await assertFails(
        createOrder(owner(), OWNER, { ...card, paymentToken: 'not-a-token' }).commit(),
      );
      await assertFails(createOrder(owner(), OWNER, { ...card, paymentToken: undefined }).commit());
      await assertFails(createOrder(owner(), OWNER, { ...card, paymentProvider: 'cash' }).commit());
      await assertFails(createOrder(owner(), OWNER, { paymentStatus: 'paid' }).commit());
      await assertFails(
        createOrder(owner(), OWNER, { paymentToken: 'test_ok_abcdefgh1234' }).commit(),
      );
    });
    it('refuses a visitor without a session', async () => {
      await assertFails(createOrder(nobody(), OWNER).commit());
    });
    it('refuses an order for somebody else', async () => {
      await assertFails(createOrder(other(), OWNER).commit());
    });
    it('refuses a tampered price', async () => {
      await assertFails(createOrder(owner(), OWNER, { totalPrice: 100 }).commit());
      await assertFails(createOrder(owner(), OWNER, { totalPrice: '2250' }).commit());
    });
    it('prices the workers the order stores: six workers at the price of six, not of four', async () => {
      const six = sampleOrderInput({ workers: 6 });
      await assertSucceeds(
        createOrder(owner(), OWNER, { workers: 6, totalPrice: six.totalPrice }).commit(),
      );
      // The sample's own total is for its four workers.
      await assertFails(createOrder(owner(), OWNER, { workers: 6 }).commit());
    });
    it('refuses a move date beyond the booking horizon', async () => {
      await assertFails(createOrder(owner(), OWNER, { moveDate: futureDate(200) }).commit());
      await assertFails(createOrder(owner(), OWNER, { moveDate: '9999-12-31' }).commit());
      await assertSucceeds(createOrder(owner(), OWNER, { moveDate: futureDate(170) }).commit());
    });
    it('refuses a forged status, history or creation time', async () => {
      await assertFails(createOrder(owner(), OWNER, { status: 'delivered' }).commit());
      await assertFails(
        createOrder(owner(), OWNER, {
          statusHistory: [{ status: 'received', at: Timestamp.now(), actor: 'admin' }],
        }).commit(),
      );
      await assertFails(createOrder(owner(), OWNER, { createdAt: Timestamp.now() }).commit());
    });
    it('refuses bad fields: lengths, phone, floors, dates, unknown keys', async () => {
      for (const bad of [
        { fullName: 'م' },
        { phoneNumber: '0123' },
        { pickupAddress: 'abc' },
        { notes: 'x'.repeat(1001) },
        { pickupFloor: 21 },
        { workers: 7 },
        { moveType: 'castle' },
        { moveDate: '2020-01-01' },
        { moveTime: '25:00' },
        { isAdmin: true },
      ]) {
        await assertFails(createOrder(owner(), OWNER, bad).commit());
      }
    });
    it('refuses an order without its tracking copy, or with a copy that differs', async () => {
      await assertFails(createOrder(owner(), OWNER, {}, null).commit());
      await assertFails(createOrder(owner(), OWNER, {}, (t) => ({ ...t, totalPrice: 1 })).commit());
    });
    it('refuses a taken order number (the tracking id exists)', async () => {
      const seeded = await seedOrder(OWNER);
      const firestore = owner();
      const order = orderDoc(OWNER, seeded.number);
      const batch = writeBatch(firestore);
      batch.set(doc(firestore, 'orders', 'fresh-id'), order);
      batch.set(doc(firestore, 'tracking', seeded.number), trackingDoc('fresh-id', order));
      await assertFails(batch.commit());
    });
  });

  describe('orders: read', () => {
    it('the owner and admins get it; another user and no session do not', async () => {
      const { id } = await seedOrder(OWNER);
      await assertSucceeds(getDoc(doc(owner(), 'orders', id)));
      await assertSucceeds(getDoc(doc(admin(), 'orders', id)));
      await assertFails(getDoc(doc(other(), 'orders', id)));
      await assertFails(getDoc(doc(nobody(), 'orders', id)));
    });
    it('a missing id reads as missing (for "not found"), for signed-in users', async () => {
      await assertSucceeds(getDoc(doc(other(), 'orders', 'no-such-order')));
      await assertFails(getDoc(doc(nobody(), 'orders', 'no-such-order')));
    });
    it('customers list only their own; admins list all', async () => {
      await seedOrder(OWNER);
      await seedOrder(OTHER);
      const own = (f: Firestore, uid: string) =>
        query(collection(f, 'orders'), where('userId', '==', uid), orderBy('createdAt', 'desc'));
      await assertSucceeds(getDocs(own(owner(), OWNER)));
      await assertFails(getDocs(own(owner(), OTHER)));
      await assertFails(getDocs(collection(owner(), 'orders')));
      await assertFails(getDocs(collection(nobody(), 'orders')));
      await assertSucceeds(getDocs(collection(admin(), 'orders')));
    });
  });

  describe('orders: update and delete', () => {
    it('the owner cancels while received or under review', async () => {
      await assertSucceeds(changeStatus(owner(), await seedOrder(OWNER), 'cancelled', 'customer'));
      await assertSucceeds(
        changeStatus(owner(), await seedOrder(OWNER, 'under_review'), 'cancelled', 'customer'),
      );
    });
    it('the owner cannot cancel later, set another status, or skip the tracking copy', async () => {
      await assertFails(
        changeStatus(owner(), await seedOrder(OWNER, 'in_transit'), 'cancelled', 'customer'),
      );
      await assertFails(changeStatus(owner(), await seedOrder(OWNER), 'delivered', 'customer'));
      await assertFails(changeStatus(owner(), await seedOrder(OWNER), 'cancelled', 'admin'));
      await assertFails(
        changeStatus(owner(), await seedOrder(OWNER), 'cancelled', 'customer', { mirror: false }),
      );
    });
    it('the owner cannot change the price, payment status or owner', async () => {
      const { id } = await seedOrder(OWNER);
      await assertFails(updateDoc(doc(owner(), 'orders', id), { totalPrice: 1 }));
      await assertFails(updateDoc(doc(owner(), 'orders', id), { paymentStatus: 'paid' }));
      await assertFails(updateDoc(doc(owner(), 'orders', id), { userId: OTHER }));
    });
    it('another user and no session cannot cancel', async () => {
      await assertFails(changeStatus(other(), await seedOrder(OWNER), 'cancelled', 'customer'));
      await assertFails(changeStatus(nobody(), await seedOrder(OWNER), 'cancelled', 'customer'));
    });
    it('admins set any status (with history and tracking copy) and the payment status', async () => {
      const seeded = await seedOrder(OWNER);
      await assertSucceeds(changeStatus(admin(), seeded, 'in_transit', 'admin'));
      await assertFails(changeStatus(admin(), seeded, 'delivered', 'admin', { mirror: false }));
      await assertFails(changeStatus(admin(), seeded, 'lost', 'admin'));
      const firestore = admin();
      const batch = writeBatch(firestore);
      batch.update(doc(firestore, 'orders', seeded.id), { paymentStatus: 'paid' });
      batch.update(doc(firestore, 'tracking', seeded.number), { paymentStatus: 'paid' });
      await assertSucceeds(batch.commit());
      await assertFails(updateDoc(doc(admin(), 'orders', seeded.id), { fullName: 'x y' }));
    });
    it('only admins delete', async () => {
      const { id } = await seedOrder(OWNER);
      await assertFails(deleteDoc(doc(owner(), 'orders', id)));
      await assertFails(deleteDoc(doc(other(), 'orders', id)));
      await assertSucceeds(deleteDoc(doc(admin(), 'orders', id)));
    });
  });

  describe('tracking', () => {
    it('anyone gets a copy by number, nobody lists them', async () => {
      const { number } = await seedOrder(OWNER);
      await assertSucceeds(getDoc(doc(nobody(), 'tracking', number)));
      await assertSucceeds(getDoc(doc(other(), 'tracking', number)));
      await assertFails(getDocs(collection(nobody(), 'tracking')));
      await assertFails(getDocs(collection(owner(), 'tracking')));
      await assertFails(getDocs(collection(admin(), 'tracking')));
    });
    it('a copy cannot change on its own, nor be made for an existing order', async () => {
      const seeded = await seedOrder(OWNER);
      await assertFails(
        updateDoc(doc(owner(), 'tracking', seeded.number), { status: 'delivered' }),
      );
      await assertFails(
        updateDoc(doc(admin(), 'tracking', seeded.number), { status: 'delivered' }),
      );
      const order = orderDoc(OWNER, seeded.number);
      await assertFails(
        setDoc(doc(owner(), 'tracking', 'AF-20260101-9999'), {
          ...trackingDoc(seeded.id, order),
          orderNumber: 'AF-20260101-9999',
        }),
      );
      await assertFails(deleteDoc(doc(owner(), 'tracking', seeded.number)));
      await assertSucceeds(deleteDoc(doc(admin(), 'tracking', seeded.number)));
    });
  });

  describe('reviews', () => {
    it('a signed-in visitor posts one review, a second within 60 s is refused', async () => {
      await assertSucceeds(reviewWrite(owner(), OWNER));
      await assertFails(reviewWrite(owner(), OWNER));
      await assertSucceeds(reviewWrite(other(), OTHER));
    });
    it('no session, no throttle document, or bad fields: refused', async () => {
      await assertFails(reviewWrite(nobody(), OWNER));
      const firestore = owner();
      await assertFails(
        setDoc(doc(firestore, 'reviews', 'r1'), {
          name: 'منى',
          review: 'ممتاز',
          rating: 5,
          hidden: false,
          createdAt: serverTimestamp(),
        }),
      );
      for (const bad of [
        { rating: 6 },
        { rating: 0 },
        { rating: 4.5 },
        { name: 'م' },
        { review: 'x'.repeat(601) },
        { hidden: true },
        { createdAt: Timestamp.now() },
        { userId: OWNER },
      ]) {
        await assertFails(reviewWrite(owner(), OWNER, bad));
      }
    });
    it('the throttle cannot be reset or read by others', async () => {
      await assertSucceeds(reviewWrite(owner(), OWNER));
      await assertSucceeds(getDoc(doc(owner(), 'reviewThrottle', OWNER)));
      await assertFails(getDoc(doc(other(), 'reviewThrottle', OWNER)));
      await assertFails(deleteDoc(doc(owner(), 'reviewThrottle', OWNER)));
      await assertFails(
        setDoc(doc(owner(), 'reviewThrottle', OWNER), {
          last: serverTimestamp(),
          reviewId: 'whatever',
        }),
      );
    });
    it('visible reviews are public; hidden ones and moderation are for admins', async () => {
      await env.withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(db(context), 'reviews', 'shown'), {
          name: 'منى',
          review: 'ممتاز',
          rating: 5,
          hidden: false,
          createdAt: Timestamp.now(),
        });
        await setDoc(doc(db(context), 'reviews', 'hidden'), {
          name: 'سبام',
          review: 'سبام',
          rating: 1,
          hidden: true,
          createdAt: Timestamp.now(),
        });
      });
      const visible = (f: Firestore) =>
        query(collection(f, 'reviews'), where('hidden', '==', false), orderBy('createdAt', 'desc'));
      await assertSucceeds(getDocs(visible(nobody())));
      await assertFails(getDocs(collection(nobody(), 'reviews')));
      await assertFails(getDoc(doc(nobody(), 'reviews', 'hidden')));
      await assertSucceeds(getDocs(collection(admin(), 'reviews')));
      await assertFails(updateDoc(doc(owner(), 'reviews', 'shown'), { hidden: true }));
      await assertFails(updateDoc(doc(admin(), 'reviews', 'shown'), { rating: 1 }));
      await assertSucceeds(updateDoc(doc(admin(), 'reviews', 'shown'), { hidden: true }));
      await assertFails(deleteDoc(doc(owner(), 'reviews', 'hidden')));
      await assertSucceeds(deleteDoc(doc(admin(), 'reviews', 'hidden')));
    });
  });

  describe('messages', () => {
    it('anyone sends a valid message; bad fields are refused', async () => {
      await assertSucceeds(setDoc(doc(nobody(), 'messages', 'm1'), message()));
      await assertSucceeds(setDoc(doc(owner(), 'messages', 'm2'), message()));
      for (const bad of [
        { phone: '123' },
        { email: 'nope' },
        { message: '' },
        { message: 'x'.repeat(2001) },
        { createdAt: Timestamp.now() },
        { read: true },
      ]) {
        await assertFails(setDoc(doc(nobody(), 'messages', `bad-${(counter += 1)}`), message(bad)));
      }
    });
    it('only admins read them; nobody edits them', async () => {
      await assertSucceeds(setDoc(doc(nobody(), 'messages', 'm1'), message()));
      await assertFails(getDocs(collection(nobody(), 'messages')));
      await assertFails(getDocs(collection(owner(), 'messages')));
      await assertFails(getDoc(doc(owner(), 'messages', 'm1')));
      await assertSucceeds(getDocs(collection(admin(), 'messages')));
      await assertFails(updateDoc(doc(admin(), 'messages', 'm1'), { message: 'changed' }));
    });
  });

  describe('everything else', () => {
    it('unknown collections are closed to everyone', async () => {
      await assertFails(setDoc(doc(admin(), 'users', ADMIN), { role: 'admin' }));
      await assertFails(getDoc(doc(admin(), 'users', ADMIN)));
      await assertFails(setDoc(doc(owner(), 'orders/x/notes', 'n'), { text: 'hi' }));
    });
  });
});
