// What the hosted build's in-process tests share: a browser's settings, a valid order, and the
// DataError a call fails with. Each test file still declares its own vi.mock()s (they must be at
// its top), then routes the fake store's callables to the functions (routeFunctions).
import { expect } from 'vitest';
import { COLLECTIONS, CURRENT_ID, planDocument } from '../../domain/hosted-store';
import { expectedOrderTotal } from '../../domain/booking-schemas';
import { ROOMY_PLAN } from '../../testing/capacity-fixtures';
import { DataError, type NewOrder } from '../port';
import { FirebaseDataPort } from './firebase-adapter';
import type { FirebaseSettings } from './firebase-config';
import {
  fakeUser,
  type FakeAuth,
  type FakeFirestoreBackend,
  type FakeUser,
} from './testing-fake-firestore';

export const TEST_FIREBASE_SETTINGS: FirebaseSettings = {
  apiKey: 'fake-api-key',
  authDomain: 'demo-afsh.firebaseapp.com',
  projectId: 'demo-afsh',
  appId: '1:000000000000:web:0000000000',
  functionsRegion: 'europe-west1',
  appCheckSiteKey: 'site-key-0123456789',
};

let apps = 0;

/** A browser of its own (its own app, auth state and App Check token), signed in as `user`. */
export function fakeBrowser(
  user: FakeUser | null,
  settings: FirebaseSettings = TEST_FIREBASE_SETTINGS,
): FirebaseDataPort {
  apps += 1;
  const port = new FirebaseDataPort(settings, { appName: `browser-${apps}` });
  signInAs(port, user);
  return port;
}

export function signInAs(port: FirebaseDataPort, user: FakeUser | null): void {
  (port.authInstance as unknown as FakeAuth).currentUser = user;
}

/** The mobile number of hostedOrderInput(), as Firebase Auth's phone sign-in proves it (E.164). */
export const HOSTED_ORDER_PHONE = '+201012345678';

/**
 * A customer who proved `phone` with a code (D13): who may book hostedOrderInput()'s orders.
 * Tests that need an anonymous visitor use fakeUser({ uid }).
 */
export function verifiedCustomer(uid: string, phone: string = HOSTED_ORDER_PHONE): FakeUser {
  return fakeUser({ uid, phone });
}

/** A valid order for 1 April 2026, priced by the catalog. */
export function hostedOrderInput(overrides: Partial<NewOrder> = {}): NewOrder {
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
    moveDate: '2026-04-01',
    moveTime: '10:30',
    paymentMethod: 'cod',
    totalPrice: 0,
    ...overrides,
  };
  return { ...values, totalPrice: overrides.totalPrice ?? expectedOrderTotal(values) };
}

/** The DataError a call fails with (and a clear message if it succeeds instead). */
export async function rejection(promise: Promise<unknown>): Promise<DataError> {
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

/**
 * As the other test backends start (D12): many crews per window, so tests that are not about
 * crews may book many orders on one morning. Tests of crews save a plan of their own.
 */
export function seedRoomyCapacity(store: FakeFirestoreBackend): void {
  store.seed(`${COLLECTIONS.capacity}/${CURRENT_ID}`, planDocument(ROOMY_PLAN, String));
}
