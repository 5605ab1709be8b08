import type { Auth as AdminAuth } from 'firebase-admin/auth';
import { signInWithCustomToken } from 'firebase/auth';
import {
  createFirebaseDataPort,
  type FirebaseDataPort,
} from '../../src/data/firebase/firebase-adapter';
import type { CurrentUser, DataPort } from '../../src/data/port';
import type { ContractBackend } from './data-port.contract';

// What both runs of the DataPort contract against the Firebase adapter share:
// tests/contract/firebase.contract.test.ts (every emulator) and
// tests/firebase/in-process.contract.test.ts (the Auth emulator, the functions in-process).

/** The demo project the emulators run. */
export const FIREBASE_CONTRACT_PROJECT = 'demo-afsh';

const ADMIN = { email: 'admin@afsh.test', password: 'Admin-pass-2026' };

/**
 * The contract's admin account in the Auth emulator, with its `admin` claim; made on first use.
 * The caller puts its admins/{uid} document in place, as `firebase:grant-admin` does.
 */
export async function contractAdmin(adminAuth: AdminAuth): Promise<{ uid: string; email: string }> {
  const existing = await adminAuth.getUserByEmail(ADMIN.email).catch(() => null);
  const user = existing ?? (await adminAuth.createUser(ADMIN));
  await adminAuth.setCustomUserClaims(user.uid, { admin: true });
  return { uid: user.uid, email: ADMIN.email };
}

/**
 * The contract's browsers: each client its own Firebase app (`<appName>-<n>`) over `env` (the
 * project's settings and the emulators'), and the parts of ContractBackend that only need them.
 * `signOutAll` ends every browser's session, for `close`.
 */
export function firebaseContractClients(
  adminAuth: AdminAuth,
  appName: string,
  env: Record<string, string | undefined>,
): Omit<ContractBackend, 'close'> & { signOutAll(): Promise<void> } {
  const ports: FirebaseDataPort[] = [];
  const newClient = () => {
    const port = createFirebaseDataPort(
      {
        VITE_FIREBASE_API_KEY: 'demo-api-key',
        VITE_FIREBASE_AUTH_DOMAIN: `${FIREBASE_CONTRACT_PROJECT}.firebaseapp.com`,
        VITE_FIREBASE_PROJECT_ID: FIREBASE_CONTRACT_PROJECT,
        VITE_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
        ...env,
      },
      { appName: `${appName}-${ports.length + 1}` },
    );
    ports.push(port);
    return port;
  };
  const portOf = (client: DataPort): FirebaseDataPort => {
    const port = ports.find((candidate) => candidate === client);
    if (!port) throw new Error('not a client of this contract run');
    return port;
  };
  return {
    newClient,
    phoneCode: noPhoneCodeInNode,
    provePhone: firebaseProvePhone(adminAuth, portOf),
    adminClient: async () => {
      const client = newClient();
      await client.auth.signIn(ADMIN);
      return client;
    },
    signOutAll: async () => {
      await Promise.all(ports.map((port) => port.auth.signOut().catch(() => undefined)));
    },
  };
}

/**
 * `ContractBackend.provePhone` for the Firebase adapter in Node, whose SDK has no phone sign-in:
 * the number is proved with the admin SDK and the Auth emulator, with the outcome of typing the
 * code (a token that carries `phone_number`, D13): the number's own account signs in when it has
 * one, otherwise the browser's account gets the number.
 * tests/firebase/phone-auth-emulator.test.ts types real codes in the SDK's browser build.
 */
function firebaseProvePhone(
  adminAuth: AdminAuth,
  portOf: (client: DataPort) => FirebaseDataPort,
): (client: DataPort, phone: string) => Promise<CurrentUser> {
  return async (client, phone) => {
    const auth = portOf(client).authInstance;
    const e164 = `+20${phone.slice(1)}`;
    const owner = await adminAuth.getUserByPhoneNumber(e164).catch(() => null);
    if (owner) {
      await signInWithCustomToken(auth, await adminAuth.createCustomToken(owner.uid));
    } else {
      if (!auth.currentUser) await client.auth.ensureSession();
      await adminAuth.updateUser(auth.currentUser!.uid, { phoneNumber: e164 });
      await auth.currentUser!.reload();
      await auth.currentUser!.getIdToken(true);
    }
    const user = await client.auth.current();
    if (!user) throw new Error('provePhone: no user after proving the number');
    return user;
  };
}

/** `ContractBackend.phoneCode` where codes are never read in Node (see firebaseProvePhone). */
async function noPhoneCodeInNode(): Promise<string> {
  throw new Error('codes are typed in a browser build only: see firebaseProvePhone');
}
