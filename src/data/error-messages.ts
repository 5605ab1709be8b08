// Which message a screen shows for a failed data call (spec section 8). Every key lives in the
// `errors` namespace (locales/{ar,en}/errors.json), so a screen loads one bundle for its errors.
import { isDataError } from './port';
import type { DataError, DataErrorCode } from './port';

export type ErrorContext = 'tracking' | 'payment' | 'auth' | 'adminUpdate' | 'generic';

/**
 * The messages the server returns, as keys of the `errors` namespace. Its `errors:` keys exist
 * there as they are. The others name a namespace without such a key (`auth:` is no namespace;
 * `validation:` has no key for what only the server can tell), so they are re-homed:
 * - 'auth:invalidCredentials'        (login, 401)              → 'errors:auth.invalidCredentials'
 * - 'auth:emailTaken'                (sign-up, 409)            → 'errors:auth.emailTaken'
 * - 'validation:review.cooldown'     (review within 60 s, 429) → 'errors:review.cooldown'
 * - 'validation:order.priceMismatch' (field totalPrice, 400)   → 'errors:order.priceMismatch'
 * - 'validation:payment.declined'    (field paymentToken, 400) → 'errors:payment.declined'
 * - 'errors:order.limitReached'      (too many orders, 429)    is in `errors` as it is
 * - 'errors:payment.*' of online payments (D3: no gateway for a card or a wallet, not payable,
 *   too many tries, the gateway down, a refund refused, only the gateway decides) are in
 *   `errors` as they are, and each says more than its code (SERVER_PAYMENT_PREFIX)
 * - 'errors:review.*' of reviews from orders (D14: no such order, not the caller's, not yet
 *   confirmed, cancelled, already reviewed, no order to publish) are in `errors` as they are,
 *   and each says more than its code (SERVER_REVIEW_PREFIX)
 * - 'errors:order.pricesChanged'     (a stale catalog, 409)    is in `errors` as it is (D11)
 * - 'errors:order.windowFull'        (no crew free, 409)       is in `errors` as it is (D12)
 * - 'validation:time.noWindow'       (field moveTime, 400)     → 'errors:order.noWindow'
 * - 'errors:order.tooManyOpen'       (3 open moves, 429)       is in `errors` as it is (D13)
 * - 'errors:phone.*' of phone sign-in (D13: codes refused, wrong, expired, used, locked, not
 *   sent, a number to prove, a number taken) are in `errors` as they are, each specific
 */
export const SERVER_MESSAGE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  'auth:invalidCredentials': 'errors:auth.invalidCredentials',
  'auth:emailTaken': 'errors:auth.emailTaken',
  'validation:review.cooldown': 'errors:review.cooldown',
  'validation:order.priceMismatch': 'errors:order.priceMismatch',
  'validation:payment.declined': 'errors:payment.declined',
  'errors:order.limitReached': 'errors:order.limitReached',
  'errors:order.pricesChanged': 'errors:order.pricesChanged',
  'errors:order.windowFull': 'errors:order.windowFull',
  'validation:time.noWindow': 'errors:order.noWindow',
  'errors:order.tooManyOpen': 'errors:order.tooManyOpen',
  'errors:jsonOnly': 'errors:jsonOnly',
  'errors:notFound': 'errors:notFound',
  'errors:orderNotCancellable': 'errors:orderNotCancellable',
  'errors:orderNotFound': 'errors:orderNotFound',
  'errors:permissionDenied': 'errors:permissionDenied',
  'errors:rateLimited': 'errors:rateLimited',
  'errors:unauthenticated': 'errors:unauthenticated',
  'errors:unavailable': 'errors:unavailable',
});

/**
 * Server messages that say more than any screen's wording for their code, so they win in every
 * context: a declined card is not just "some fields are invalid".
 */
const SPECIFIC_KEYS: ReadonlySet<string> = new Set([
  'errors:auth.invalidCredentials',
  'errors:auth.emailTaken',
  'errors:review.cooldown',
  'errors:order.priceMismatch',
  'errors:payment.declined',
  'errors:order.limitReached',
  'errors:order.pricesChanged',
  'errors:order.windowFull',
  'errors:order.noWindow',
  'errors:order.tooManyOpen',
  'errors:orderNotCancellable',
  'errors:jsonOnly',
]);

/** Labels and successes that go with these messages (spec section 8). */
export const ERROR_LABEL_KEYS = Object.freeze({
  loginFailed: 'errors:auth.loginFailed',
  signupFailed: 'errors:auth.signupFailed',
  paymentSaveError: 'errors:payment.saveError',
  paymentSaveErrorRetry: 'errors:payment.saveErrorRetry',
  paymentSessionFailed: 'errors:payment.sessionFailed',
  adminUpdateSuccess: 'errors:adminUpdate.success',
  adminUpdateFailed: 'errors:adminUpdate.failed',
});

/**
 * The key to translate a form field's message with: the field messages of an invalid-argument
 * error are `validation:` keys, except those only the server produces.
 */
export function fieldMessageKey(key: string): string {
  return serverMessageKey(key) ?? key;
}

/**
 * The online payments' (D3), phone sign-in's (D13), reviews' (D14) and the lifecycle's (D17) own
 * messages from the server: `errors` keys, each specific.
 */
const SERVER_PREFIXES = [
  'errors:payment.',
  'errors:phone.',
  'errors:review.',
  // D17: the lifecycle's refusals (a move not allowed, going back, reschedule).
  'errors:lifecycle.',
  'errors:reschedule.',
  // D28: dispatch's clashes (a crew busy, not serving, off that day) and the crew phone's.
  'errors:dispatch.',
  'errors:field.',
] as const;

function hasServerPrefix(key: string): boolean {
  return SERVER_PREFIXES.some((prefix) => key.startsWith(prefix));
}

function serverMessageKey(key: string): string | undefined {
  return SERVER_MESSAGE_KEYS[key] ?? (hasServerPrefix(key) ? key : undefined);
}

function isSpecific(key: string): boolean {
  return SPECIFIC_KEYS.has(key) || hasServerPrefix(key);
}

interface ContextMessages {
  byCode: Partial<Record<DataErrorCode, string>>;
  /** Everything else, including errors that are not DataErrors (a bug, not the backend). */
  other: string;
}

const BY_CONTEXT: Readonly<Record<ErrorContext, ContextMessages>> = {
  // Spec 8: no match, permission denied (security settings), anything else "unexpected".
  tracking: {
    byCode: {
      'not-found': 'errors:tracking.notFound',
      'permission-denied': 'errors:tracking.permissionDenied',
      'rate-limited': 'errors:rateLimited',
    },
    other: 'errors:tracking.unexpected',
  },
  // Spec 8's payment-save messages. Saving needs a session; a missing one means the anonymous
  // sign-in failed.
  payment: {
    byCode: {
      'permission-denied': 'errors:payment.permissionDenied',
      unauthenticated: 'errors:payment.sessionFailed',
      'invalid-argument': 'errors:payment.invalidArgument',
      unavailable: 'errors:payment.unavailable',
      'rate-limited': 'errors:rateLimited',
    },
    other: 'errors:payment.failed',
  },
  // Shown after the "login failed" / "sign-up failed" label.
  auth: {
    byCode: {
      unauthenticated: 'errors:auth.invalidCredentials',
      'already-exists': 'errors:auth.emailTaken',
      'invalid-argument': 'errors:invalid',
      'rate-limited': 'errors:rateLimited',
      unavailable: 'errors:unavailable',
    },
    other: 'errors:unexpected',
  },
  // Spec 8: "error during update"; a lost session or a deleted order say so.
  adminUpdate: {
    byCode: {
      'not-found': 'errors:adminUpdate.notFound',
      unauthenticated: 'errors:unauthenticated',
      'permission-denied': 'errors:permissionDenied',
      unavailable: 'errors:unavailable',
      'rate-limited': 'errors:rateLimited',
    },
    other: 'errors:adminUpdate.failed',
  },
  generic: {
    byCode: {
      'invalid-argument': 'errors:invalid',
      unauthenticated: 'errors:unauthenticated',
      'permission-denied': 'errors:permissionDenied',
      'not-found': 'errors:notFound',
      'already-exists': 'errors:alreadyExists',
      'failed-precondition': 'errors:failedPrecondition',
      'rate-limited': 'errors:rateLimited',
      unavailable: 'errors:unavailable',
    },
    other: 'errors:unexpected',
  },
};

/** The server's own message (or, failing that, a field's) as an `errors:` key, if it has one. */
function serverKey(error: DataError): string | undefined {
  const fromMessage = serverMessageKey(error.message);
  if (fromMessage) return fromMessage;
  for (const key of Object.values(error.fields ?? {})) {
    const fromField = serverMessageKey(key);
    if (fromField && isSpecific(fromField)) return fromField;
  }
  return undefined;
}

/**
 * The `errors:` key for a failed data call in a screen's context. A server message that says more
 * than the code (a declined card, the review cooldown) wins everywhere; otherwise the context's
 * wording for the code (spec 8); in the generic context, any server message with a text; and
 * last the context's catch-all.
 */
export function errorMessageKey(error: unknown, context: ErrorContext): string {
  const messages = BY_CONTEXT[context];
  if (!isDataError(error)) return messages.other;
  const fromServer = serverKey(error);
  if (fromServer && isSpecific(fromServer)) return fromServer;
  if (context === 'generic' && fromServer) return fromServer;
  return messages.byCode[error.code] ?? messages.other;
}
