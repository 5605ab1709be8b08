import { deleteApp, getApps, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { describe } from 'vitest';
import { COLLECTIONS, CURRENT_ID, planDocument } from '../../src/domain/hosted-store';
import { ROOMY_PLAN } from '../../src/testing/capacity-fixtures';
import { describeDataPortContract } from './data-port.contract';
import {
  contractAdmin,
  FIREBASE_CONTRACT_PROJECT,
  firebaseContractClients,
} from './firebase-prove-phone';

// The FirebaseDataPort against the Auth, Firestore and Functions emulators, with firestore.rules
// and functions/lib (built first) loaded by them (firebase.json; functions/.env.local turns App
// Check off and the test payment provider on there). `npm run test:firebase` starts them with
// `firebase emulators:exec`, which sets the *_EMULATOR_HOST variables; without the Firestore
// emulator this suite skips. tests/firebase/in-process.contract.test.ts runs the same suite here.

const FIRESTORE = process.env.FIRESTORE_EMULATOR_HOST;
const AUTH = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const FUNCTIONS = process.env.FUNCTIONS_EMULATOR_HOST ?? '127.0.0.1:5001';

if (!FIRESTORE || !AUTH) {
  console.info(
    'skipped: the Firestore emulator is not reachable (FIRESTORE_EMULATOR_HOST unset; it needs Java 21 + a downloaded JAR) — run npm run test:firebase where it can',
  );
}

describe.skipIf(!FIRESTORE || !AUTH)('firebase adapter (emulators)', () => {
  describeDataPortContract('firebase', async () => {
    const adminApp = getApps()[0] ?? initializeAdminApp({ projectId: FIREBASE_CONTRACT_PROJECT });
    const adminAuth = getAdminAuth(adminApp);
    const admin = await contractAdmin(adminAuth);
    const store = getAdminFirestore(adminApp);
    await store.doc(`admins/${admin.uid}`).set({ email: admin.email });
    // As the other backends start: many crews per window (the crews tests save their own).
    await store
      .doc(`${COLLECTIONS.capacity}/${CURRENT_ID}`)
      .set(planDocument(ROOMY_PLAN, (iso) => new Date(iso)));

    const clients = firebaseContractClients(adminAuth, 'contract', {
      VITE_FIREBASE_AUTH_EMULATOR_HOST: AUTH,
      VITE_FIRESTORE_EMULATOR_HOST: FIRESTORE,
      VITE_FIREBASE_FUNCTIONS_EMULATOR_HOST: FUNCTIONS,
    });
    return {
      ...clients,
      close: async () => {
        await clients.signOutAll();
        await deleteApp(adminApp);
      },
    };
  });
});
