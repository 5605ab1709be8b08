// The functions answering the web SDK's callables inside the test process: the fake Firestore
// store (src/data/firebase/testing-fake-firestore.ts) routes every httpsCallable to the handler of
// that name, with the caller's identity and App Check token as the callable protocol would pass
// them, over firebase-admin's Firestore API faked on the same store. So the adapter, the handlers,
// their repositories and what a browser then reads are exercised together, without an emulator.
import type { Firestore } from 'firebase-admin/firestore';
import {
  FakeAdminFirestore,
  type CallOutcome,
  type FakeFirestoreBackend,
} from '../../../src/data/firebase/testing-fake-firestore.ts';
import { FUNCTION_NAMES, type FunctionName } from '../../../src/domain/hosted-store.ts';
import { depsOver, HANDLERS, type Deps } from '../handlers.ts';
import { appKeyOf } from '../platform/context.ts';
import { CALLABLE_CODES, describeFailure } from '../platform/errors.ts';
import { defaultLimits, type Settings } from '../platform/settings.ts';

/** A demo deployment's settings: the test payment provider and the product's limits. */
export const TEST_SETTINGS: Settings = { paymentProvider: 'test', limits: defaultLimits() };

export interface InProcessFunctions {
  deps: Deps;
  /** firebase-admin's Firestore over the store, for a test to seed or read as the functions do. */
  db: Firestore;
}

function isFunctionName(name: string): name is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(name);
}

/** Routes the store's callables to the handlers; returns what they run with. */
export function routeFunctions(
  store: FakeFirestoreBackend,
  settings: Settings = TEST_SETTINGS,
  extra: Parameters<typeof depsOver>[2] = {},
): InProcessFunctions {
  const db = new FakeAdminFirestore(store) as unknown as Firestore;
  const deps = depsOver(db, settings, extra);
  store.functions = async ({ name, data, auth, appCheckToken }): Promise<CallOutcome> => {
    // An unknown name is a 404 for the protocol, which the SDK reports as not-found.
    if (!isFunctionName(name)) return { ok: false, code: 'not-found', message: 'NOT_FOUND' };
    try {
      const result = await HANDLERS[name](
        {
          caller: auth
            ? {
                uid: auth.uid,
                adminClaim: auth.admin,
                anonymous: auth.anonymous,
                email: auth.email ?? null,
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
  return { deps, db };
}
