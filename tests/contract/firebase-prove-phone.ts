import type { Auth as AdminAuth } from 'firebase-admin/auth';
import { getApp } from 'firebase/app';
import { getAuth, signInWithCustomToken } from 'firebase/auth';
import type { CurrentUser, DataPort } from '../../src/data/port';

/**
 * `ContractBackend.provePhone` for the Firebase adapter in Node, whose SDK has no phone sign-in:
 * the number is proved with the admin SDK and the Auth emulator, with the outcome of typing the
 * code (a token that carries `phone_number`, D13): the number's own account signs in when it has
 * one, otherwise the browser's account gets the number. `appName` is the client's Firebase app.
 * tests/firebase/phone-auth-emulator.test.ts types real codes in the SDK's browser build.
 */
export function firebaseProvePhone(
  adminAuth: AdminAuth,
  appName: (client: DataPort) => string,
): (client: DataPort, phone: string) => Promise<CurrentUser> {
  return async (client, phone) => {
    const auth = getAuth(getApp(appName(client)));
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
export async function noPhoneCodeInNode(): Promise<string> {
  throw new Error('codes are typed in a browser build only: see firebaseProvePhone');
}
