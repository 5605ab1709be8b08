// The functions answering the web SDK's callables inside the test process: the fake Firestore
// store (src/data/firebase/testing-fake-firestore.ts) routes every httpsCallable to the handler of
// that name, with the caller's identity and App Check token as the callable protocol would pass
// them, over firebase-admin's Firestore API faked on the same store. So the adapter, the handlers,
// their repositories and what a browser then reads are exercised together, without an emulator.
import type { Firestore } from 'firebase-admin/firestore';
import {
  FakeAdminFirestore,
  fakeIdToken,
  type CallOutcome,
  type FakeFirestoreBackend,
  type FakeUser,
  type Identity,
} from '../../../src/data/firebase/testing-fake-firestore.ts';
import { FUNCTION_NAMES, type FunctionName } from '../../../src/domain/hosted-store.ts';
import { depsOver, HANDLERS, type Deps } from '../handlers.ts';
import { appKeyOf } from '../platform/context.ts';
import { CALLABLE_CODES, describeFailure } from '../platform/errors.ts';
import { defaultLimits, type Settings } from '../platform/settings.ts';
import type { Account, Accounts, VerifiedToken } from '../shared/accounts.ts';

/** A demo deployment's settings: the test payment provider and the product's limits. */
export const TEST_SETTINGS: Settings = { paymentProviders: ['test'], limits: defaultLimits() };

export interface InProcessFunctions {
  deps: Deps;
  /** firebase-admin's Firestore over the store, for a test to seed or read as the functions do. */
  db: Firestore;
  /** The fake of Firebase Auth's accounts the functions see; null when the test passed its own. */
  fakeAccounts: FakeAccounts | null;
}

/**
 * Firebase Auth's accounts for the in-process functions: every caller exists (it holds a token),
 * and a test adds the accounts that never call (a former anonymous session, a deleted one). An
 * ID token is a fake user's (`fakeIdToken(uid)`), and says what the account was when it was
 * first seen, as a token says how its holder had signed in; anything else is what a forged or
 * expired token is to firebase-admin: nothing.
 */
export class FakeAccounts implements Accounts {
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, VerifiedToken>();

  /** The account of a fake user (as signed in now), or of an identity a call came with. */
  add(user: FakeUser | Identity): void {
    const fake = 'isAnonymous' in user;
    const anonymous = fake ? user.isAnonymous : user.anonymous;
    const phone = (fake ? user.phoneNumber : user.phone) ?? null;
    const admin = fake ? (this.accounts.get(user.uid)?.admin ?? false) : user.admin;
    this.accounts.set(user.uid, { uid: user.uid, anonymous, phone, admin });
    const token = fakeIdToken(user.uid);
    if (!this.tokens.has(token)) {
      const signInProvider = anonymous ? 'anonymous' : phone ? 'phone' : 'password';
      this.tokens.set(token, { uid: user.uid, signInProvider });
    }
  }

  /** The account is gone (deleted in the console, say); its tokens with it. */
  remove(uid: string): void {
    this.accounts.delete(uid);
    this.tokens.delete(fakeIdToken(uid));
  }

  async byPhone(phone: string): Promise<Account | null> {
    for (const account of this.accounts.values()) if (account.phone === phone) return account;
    return null;
  }

  async get(uids: readonly string[]): Promise<Map<string, Account>> {
    const found = new Map<string, Account>();
    for (const uid of uids) {
      const account = this.accounts.get(uid);
      if (account) found.set(uid, account);
    }
    return found;
  }

  async verifyIdToken(token: string): Promise<VerifiedToken | null> {
    const verified = this.tokens.get(token);
    return verified && this.accounts.has(verified.uid) ? verified : null;
  }
}

function isFunctionName(name: string): name is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(name);
}

/** Routes the store's callables to the handlers; returns what they run with. */
export function routeFunctions(
  store: FakeFirestoreBackend,
  settings: Settings = TEST_SETTINGS,
  extra: Partial<Parameters<typeof depsOver>[2]> = {},
): InProcessFunctions {
  const db = new FakeAdminFirestore(store) as unknown as Firestore;
  const fake = extra.accounts ? null : new FakeAccounts();
  const deps = depsOver(db, settings, { ...extra, accounts: extra.accounts ?? fake! });
  store.functions = async ({ name, data, auth, appCheckToken }): Promise<CallOutcome> => {
    // An unknown name is a 404 for the protocol, which the SDK reports as not-found.
    if (!isFunctionName(name)) return { ok: false, code: 'not-found', message: 'NOT_FOUND' };
    // Whoever holds a token has an account, as it is now.
    if (auth) fake?.add(auth);
    try {
      const result = await HANDLERS[name](
        {
          caller: auth
            ? {
                uid: auth.uid,
                adminClaim: auth.admin,
                anonymous: auth.anonymous,
                email: auth.email ?? null,
                phone: auth.phone ?? null,
              }
            : null,
          appKey: appKeyOf(appCheckToken),
          // The functions' own clock, which a test may set apart from the browser's.
          now: store.serverNow().toDate(),
        },
        data,
        deps,
      );
      return { ok: true, data: result };
    } catch (error) {
      const { message, details } = describeFailure(error);
      if (details.code === 'internal') console.error(`${name} failed`, error);
      return { ok: false, code: CALLABLE_CODES[details.code], message, details };
    }
  };
  return { deps, db, fakeAccounts: fake };
}
