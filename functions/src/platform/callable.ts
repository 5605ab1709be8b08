// The one bridge between firebase-functions and the handlers: the callable protocol verifies the
// ID token and the App Check token, this turns the request into a CallContext, runs the handler
// and turns a refusal into the protocol's error with our code, message key and field keys.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { error as logError } from 'firebase-functions/logger';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { depsOver, type Deps, type Handler } from '../handlers.ts';
import { firebaseAccounts, type Accounts } from '../shared/accounts.ts';
import { appKeyOf, type CallContext } from './context.ts';
import { CALLABLE_CODES, describeFailure } from './errors.ts';
import { ENFORCE_APP_CHECK, PAYMOB_SECRETS, REGION, settingsFromParams } from './params.ts';

let db: Firestore | null = null;
let accounts: Accounts | null = null;

export function deps(): Deps {
  if (!db || !accounts) {
    const app = getApps()[0] ?? initializeApp();
    db = getFirestore(app);
    accounts = firebaseAccounts(getAuth(app));
  }
  return depsOver(db, settingsFromParams(), { accounts });
}

export function contextOf(request: CallableRequest): CallContext {
  const auth = request.auth;
  return {
    caller: auth
      ? {
          uid: auth.uid,
          adminClaim: auth.token.admin === true,
          anonymous: auth.token.firebase?.sign_in_provider === 'anonymous',
          email: typeof auth.token.email === 'string' ? auth.token.email : null,
          phone: typeof auth.token.phone_number === 'string' ? auth.token.phone_number : null,
        }
      : null,
    appKey: request.app ? appKeyOf(request.rawRequest.header('x-firebase-appcheck')) : null,
    now: new Date(),
  };
}

/**
 * A handler as a callable function (HTTPS, called by the web SDK's httpsCallable). With Paymob
 * chosen, every function can read its secrets: placing an order asks the provider what it offers.
 */
export function callable(name: string, handler: Handler) {
  const options = { region: REGION, enforceAppCheck: ENFORCE_APP_CHECK, secrets: PAYMOB_SECRETS };
  return onCall(options, async (request) => {
    try {
      return await handler(contextOf(request), request.data, deps());
    } catch (error) {
      const { message, details } = describeFailure(error);
      if (details.code === 'internal') logError(`${name} failed`, error);
      throw new HttpsError(CALLABLE_CODES[details.code], message, details);
    }
  });
}
