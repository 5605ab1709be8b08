import { getApps as getAdminApps, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getAuth } from 'firebase/auth';
import type { FirebaseApp } from 'firebase/app';
import { describe, inject, vi } from 'vitest';
import { firebaseAccounts } from '../../functions/src/shared/accounts';
import { routeFunctions, TEST_SETTINGS } from '../../functions/src/testing/in-process';
import { backend } from '../../src/data/firebase/testing-fake-firestore';
import { seedRoomyCapacity } from '../../src/data/firebase/testing-hosted';
import { firestoreReadRules } from '../../src/data/firebase/testing-read-rules';
import { describeDataPortContract } from '../contract/data-port.contract';
import {
  contractAdmin,
  FIREBASE_CONTRACT_PROJECT,
  firebaseContractClients,
} from '../contract/firebase-prove-phone';

// THE DataPort contract against the Firebase adapter and the Cloud Functions together, without
// the Firestore emulator: Firebase Auth is real (the Auth emulator, which runs in Node), every
// callable is answered in-process by the functions' handlers (functions/src/testing/in-process.ts)
// with the caller's ID token verified by firebase-admin as the callable protocol does, and
// Firestore is the in-process fake with the rules' model on browser reads.
// tests/contract/firebase.contract.test.ts runs the same suite under all the emulators.

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

describe.skipIf(!host)('firebase adapter + functions, in-process (Auth emulator)', () => {
  describeDataPortContract('firebase (in-process functions)', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host!;
    const adminApp =
      getAdminApps()[0] ?? initializeAdminApp({ projectId: FIREBASE_CONTRACT_PROJECT });
    const adminAuth = getAdminAuth(adminApp);
    const admin = await contractAdmin(adminAuth);

    backend.reset();
    backend.readRules = firestoreReadRules;
    backend.seed(`admins/${admin.uid}`, { email: admin.email });
    // As the other backends start: many crews per window, so the contract's many orders on one
    // morning are not refused; the crews tests save plans of their own.
    seedRoomyCapacity(backend);
    // The contract places many orders from few browsers: the order limits are the server's
    // RATE_LIMITS=off; the review limit is part of the contract and stays. Its customers prove
    // their numbers through `provePhone` (firebaseContractClients, D13).
    routeFunctions(
      backend,
      {
        ...TEST_SETTINGS,
        limits: {
          ...TEST_SETTINGS.limits,
          orderCustomer: [],
          orderAppToken: [],
          openOrders: 0,
          tracking: [],
          messages: [],
        },
      },
      { accounts: firebaseAccounts(adminAuth) },
    );
    // Who a browser is: its ID token, verified as the callable protocol and the rules do.
    backend.identify = async (app) => {
      const current = getAuth(app as FirebaseApp).currentUser;
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

    const clients = firebaseContractClients(adminAuth, 'in-process', {
      VITE_FIREBASE_AUTH_EMULATOR_HOST: host!,
      VITE_FIREBASE_APPCHECK_SITE_KEY: 'site-key-0123456789',
    });
    return {
      ...clients,
      close: async () => {
        await clients.signOutAll();
        backend.functions = null;
      },
    };
  });
});
