import type { Auth, UserRecord } from 'firebase-admin/auth';

/**
 * The Firebase Auth accounts, as far as the functions need them (D13): who owns a verified
 * number, what an order's owner is (an admin, an anonymous visitor, gone), and whose an ID token
 * a browser hands over is. firebase-admin's Auth in a deployment; a fake in the in-process tests.
 */
export interface Account {
  uid: string;
  /** An anonymous session's account: no email, no phone, no provider. */
  anonymous: boolean;
  /** The verified number (E.164), or null. */
  phone: string | null;
  /** The `admin: true` custom claim. */
  admin: boolean;
}

/** What an ID token proves, once verified: whose it is and how they had signed in. */
export interface VerifiedToken {
  uid: string;
  /** The token's `firebase.sign_in_provider`: `anonymous`, `phone`, `password`, … */
  signInProvider: string;
}

export interface Accounts {
  /** The account that proved this number (E.164), or null. */
  byPhone(phone: string): Promise<Account | null>;
  /** The accounts of these uids that still exist (at most 100 a call, as Auth's `getUsers`). */
  get(uids: readonly string[]): Promise<Map<string, Account>>;
  /**
   * An ID token of this project, verified (signature, audience, expiry, not revoked); null for
   * anything else: forged, expired, another project's, a disabled or deleted account.
   */
  verifyIdToken(token: string): Promise<VerifiedToken | null>;
}

/** Auth's `getUsers` takes at most this many identifiers a call. */
export const ACCOUNTS_PER_LOOKUP = 100;

function accountOf(user: UserRecord): Account {
  return {
    uid: user.uid,
    // Anonymous accounts are the ones signed in with no provider at all.
    anonymous: user.providerData.length === 0 && !user.email && !user.phoneNumber,
    phone: user.phoneNumber ?? null,
    admin: user.customClaims?.admin === true,
  };
}

function notFound(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'auth/user-not-found';
}

/** The accounts through firebase-admin (each look-up is one Auth API call, free of charge). */
export function firebaseAccounts(auth: Auth): Accounts {
  return {
    async byPhone(phone) {
      try {
        return accountOf(await auth.getUserByPhoneNumber(phone));
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async get(uids) {
      const found = new Map<string, Account>();
      for (let i = 0; i < uids.length; i += ACCOUNTS_PER_LOOKUP) {
        const batch = uids.slice(i, i + ACCOUNTS_PER_LOOKUP).map((uid) => ({ uid }));
        const { users } = await auth.getUsers(batch);
        for (const user of users) found.set(user.uid, accountOf(user));
      }
      return found;
    },

    async verifyIdToken(token) {
      try {
        // checkRevoked: a token of a disabled account, or one whose sessions were revoked, is
        // refused too (one more Auth call).
        const decoded = await auth.verifyIdToken(token, true);
        return { uid: decoded.uid, signInProvider: decoded.firebase.sign_in_provider };
      } catch {
        return null;
      }
    },
  };
}
