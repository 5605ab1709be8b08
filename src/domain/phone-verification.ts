import { RuleViolation } from './errors';
import { checkQuota, DAY_MS, HOUR_MS, MINUTE_MS } from './quota';
import type { QuotaRule } from './quota';
import { ordersMovedOnSignIn } from './users';

/**
 * Proving a mobile number with a one-time code (D13): the rules every backend that sends its own
 * codes decides with. The self-hosted server and the test adapter load the state, call these and
 * store what they return; the hosted build uses Firebase Auth's phone sign-in, whose codes are
 * Google's, and shares only the booking rule at the end of this file.
 */

export const PHONE_CODE_DIGITS = 6;
/** A code lives long enough to read a WhatsApp message or an SMS that came late. */
export const PHONE_CODE_TTL_MS = 10 * MINUTE_MS;
/** Wrong tries one code takes before it is dead: with 6 digits, 5 guesses in a million. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** The next code to the same number, no sooner than this after the last one. */
export const PHONE_CODE_RESEND_MS = MINUTE_MS;

export interface PhoneCodePolicy {
  /** Codes sent to one number: its owner must not be flooded, and each one costs us. */
  perNumber: QuotaRule[];
  /** Codes one client address may ask for, whatever the numbers. */
  perAddress: QuotaRule[];
  /** Codes sent in all, across every number: the most the company can be made to pay. */
  overall: QuotaRule[];
  /** Wrong codes typed for one number, across its codes: then it is locked for the window. */
  failuresPerNumber: QuotaRule[];
  /** Wrong codes typed from one address, across numbers. */
  failuresPerAddress: QuotaRule[];
}

export const DEFAULT_PHONE_CODE_POLICY: PhoneCodePolicy = {
  perNumber: [
    { max: 5, windowMs: HOUR_MS },
    { max: 10, windowMs: DAY_MS },
  ],
  perAddress: [
    { max: 10, windowMs: HOUR_MS },
    { max: 30, windowMs: DAY_MS },
  ],
  overall: [{ max: 1000, windowMs: HOUR_MS }],
  failuresPerNumber: [{ max: 10, windowMs: HOUR_MS }],
  failuresPerAddress: [{ max: 30, windowMs: HOUR_MS }],
};

export const PHONE_MESSAGES = {
  tooManyCodes: 'errors:phone.tooManyCodes',
  resendTooSoon: 'errors:phone.resendTooSoon',
  busy: 'errors:phone.busy',
  wrongCode: 'errors:phone.wrongCode',
  expired: 'errors:phone.expired',
  used: 'errors:phone.used',
  locked: 'errors:phone.locked',
  notSent: 'errors:phone.notSent',
  verificationRequired: 'errors:phone.verificationRequired',
  numberTaken: 'errors:phone.numberTaken',
} as const;

function refused(message: string, retryAfterMs: number, fields?: Record<string, string>) {
  return new RuleViolation('rate-limited', message, fields, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
}

/** What is known, when a code is asked for, of the codes sent and the wrong ones typed. */
export interface CodeRequestState {
  /** When codes were sent to this number (ms), any order. */
  numberSends: readonly number[];
  /**
   * When the codes sent to this number that are not used yet were sent: the resend cooldown
   * counts from the last of these, so signing in on a second phone right after the first is not
   * made to wait (the number's limits still count every code).
   */
  unusedNumberSends: readonly number[];
  /** When codes were sent at this address's request. */
  addressSends: readonly number[];
  /** When codes were sent to anyone (only as far back as `policy.overall` looks). */
  overallSends: readonly number[];
  /** When wrong codes were typed for this number, and from this address. */
  numberFailures: readonly number[];
  addressFailures: readonly number[];
}

export interface CodeGrant {
  expiresAt: number;
  /** When the customer may ask for another code. */
  resendAt: number;
}

/**
 * Whether a new code may be sent now. Refusals are `rate-limited` with `retryAfterSeconds`, in
 * this order: a number locked by wrong codes, the resend cooldown, the number's and the address's
 * limits, then the overall budget (which says "busy", not "you").
 */
export function decideCodeRequest(
  state: CodeRequestState,
  now: number,
  policy: PhoneCodePolicy = DEFAULT_PHONE_CODE_POLICY,
): CodeGrant {
  const field = { phone: PHONE_MESSAGES.tooManyCodes };
  const locked = checkQuota(state.numberFailures, policy.failuresPerNumber, now);
  if (!locked.ok) throw refused(PHONE_MESSAGES.locked, locked.retryAfterMs, field);
  const lockedAddress = checkQuota(state.addressFailures, policy.failuresPerAddress, now);
  if (!lockedAddress.ok) throw refused(PHONE_MESSAGES.locked, lockedAddress.retryAfterMs, field);

  const last = state.unusedNumberSends.reduce((a, b) => Math.max(a, Math.min(b, now)), -Infinity);
  if (last + PHONE_CODE_RESEND_MS > now) {
    throw refused(PHONE_MESSAGES.resendTooSoon, last + PHONE_CODE_RESEND_MS - now, {
      phone: PHONE_MESSAGES.resendTooSoon,
    });
  }
  for (const [times, rules] of [
    [state.numberSends, policy.perNumber],
    [state.addressSends, policy.perAddress],
  ] as const) {
    const verdict = checkQuota(times, rules, now);
    if (!verdict.ok) throw refused(PHONE_MESSAGES.tooManyCodes, verdict.retryAfterMs, field);
  }
  const overall = checkQuota(state.overallSends, policy.overall, now);
  if (!overall.ok) throw refused(PHONE_MESSAGES.busy, overall.retryAfterMs);
  return { expiresAt: now + PHONE_CODE_TTL_MS, resendAt: now + PHONE_CODE_RESEND_MS };
}

/** The channel of a challenge whose code no channel took: kept, as it counts against the limits. */
export const UNSENT_CODE_CHANNEL = 'failed';

/**
 * The challenge a typed code is checked against: one that exists and whose code was sent. An
 * unknown challenge, or one no channel took (nobody has its code), is to the customer a code
 * that no longer works.
 */
export function sentChallenge<C extends { channel: string }>(challenge: C | null | undefined): C {
  if (!challenge || challenge.channel === UNSENT_CODE_CHANNEL) {
    throw new RuleViolation('not-found', PHONE_MESSAGES.expired, { code: PHONE_MESSAGES.expired });
  }
  return challenge;
}

/** A code as stored: never the code itself, only whether a typed one matches (its hash). */
export interface StoredCode {
  expiresAt: number;
  attempts: number;
  consumedAt: number | null;
}

export type CodeAttempt =
  | { outcome: 'verified'; change: { consumedAt: number } }
  | {
      outcome: 'wrong';
      change: { attempts: number };
      /** Tries left on this code; 0 means ask for a new one. */
      attemptsLeft: number;
    };

/**
 * One typed code against a stored one. Expired, used, dead (out of tries) and locked codes are
 * refused before the code is even compared, so no answer tells whether a guess was right. A
 * wrong code counts a try (the caller also records a failure for the number and the address);
 * the right one consumes the code: it signs in once.
 */
export function decideCodeAttempt(
  code: StoredCode,
  matches: boolean,
  failures: { number: readonly number[]; address: readonly number[] },
  now: number,
  policy: PhoneCodePolicy = DEFAULT_PHONE_CODE_POLICY,
): CodeAttempt {
  const field = (message: string) => ({ code: message });
  if (code.consumedAt !== null) {
    throw new RuleViolation('failed-precondition', PHONE_MESSAGES.used, field(PHONE_MESSAGES.used));
  }
  if (code.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
    throw new RuleViolation(
      'failed-precondition',
      PHONE_MESSAGES.locked,
      field(PHONE_MESSAGES.locked),
    );
  }
  if (now >= code.expiresAt) {
    throw new RuleViolation(
      'failed-precondition',
      PHONE_MESSAGES.expired,
      field(PHONE_MESSAGES.expired),
    );
  }
  for (const [times, rules] of [
    [failures.number, policy.failuresPerNumber],
    [failures.address, policy.failuresPerAddress],
  ] as const) {
    const verdict = checkQuota(times, rules, now);
    if (!verdict.ok) {
      throw refused(PHONE_MESSAGES.locked, verdict.retryAfterMs, field(PHONE_MESSAGES.locked));
    }
  }
  if (matches) return { outcome: 'verified', change: { consumedAt: now } };
  const attempts = code.attempts + 1;
  return {
    outcome: 'wrong',
    change: { attempts },
    attemptsLeft: Math.max(0, PHONE_CODE_MAX_ATTEMPTS - attempts),
  };
}

/** The refusal of a wrong code, with the tries left for the screen to say. */
export function wrongCode(attemptsLeft: number): RuleViolation {
  return new RuleViolation(
    'invalid-argument',
    PHONE_MESSAGES.wrongCode,
    { code: attemptsLeft > 0 ? PHONE_MESSAGES.wrongCode : PHONE_MESSAGES.locked },
    { attemptsLeft },
  );
}

/** A fresh code: `PHONE_CODE_DIGITS` digits from `randomInt` (crypto's, in every backend). */
export function newPhoneCode(randomInt: (max: number) => number): string {
  return String(randomInt(10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
}

/**
 * Who may book (D13): a crew is held only for a customer who proved the order's mobile number.
 * `phone` is the session's verified number (E.164) and `orderPhone` the order's, as the schema
 * normalised it (national). Admins book for callers without a code.
 */
export function checkBooker(
  booker: { isAdmin: boolean; phone: string | null },
  orderPhone: string,
): void {
  if (booker.isAdmin) return;
  const national = booker.phone === null ? null : nationalOf(booker.phone);
  if (national !== null && national === orderPhone) return;
  throw new RuleViolation(
    'permission-denied',
    PHONE_MESSAGES.verificationRequired,
    { phoneNumber: PHONE_MESSAGES.verificationRequired },
    { verify: orderPhone },
  );
}

/** `+2010…` → `010…`; anything else → null. Kept here so this module needs no other. */
function nationalOf(e164: string): string | null {
  return /^\+201[0125]\d{8}$/.test(e164) ? `0${e164.slice(3)}` : null;
}

/** The session's user and the owner of the proved number, as far as signing in needs them. */
export interface SignInParty {
  id: string;
  anonymous: boolean;
  phone: string | null;
}

/**
 * What a proved number does to the session (D13), once its code is right:
 * - `attach`: an account (email or admin) without that number keeps its session and gets the
 *   number, unless another user already has it (`already-exists`: sign out and sign in by phone);
 * - `switch`: the number's user signs in; an anonymous visitor's orders go with them;
 * - `create`: a new customer for that number signs in, likewise.
 * Every outcome starts a new session (no fixation). Orders the office booked for the number
 * (and orders of anonymous visitors that gave it) are then claimed by the resulting user.
 */
export type SignInDecision =
  | { action: 'attach'; userId: string; phone: string }
  | { action: 'switch'; userId: string; moveOrdersFrom: string | null }
  | { action: 'create'; phone: string; moveOrdersFrom: string | null };

export function decidePhoneSignIn(
  session: SignInParty | null,
  owner: SignInParty | null,
  phone: string,
): SignInDecision {
  if (session && !session.anonymous) {
    if (owner && owner.id !== session.id) {
      throw new RuleViolation('already-exists', PHONE_MESSAGES.numberTaken, {
        code: PHONE_MESSAGES.numberTaken,
      });
    }
    return { action: 'attach', userId: session.id, phone };
  }
  const moveOrdersFrom = ordersMovedOnSignIn(session, owner?.id ?? null);
  if (owner) return { action: 'switch', userId: owner.id, moveOrdersFrom };
  return { action: 'create', phone, moveOrdersFrom };
}

/**
 * Whether an order booked for a number passes to the customer who proved it (D13): when nobody
 * who proved it owns the order yet, that is when its owner is gone (`null`), an anonymous visitor
 * who typed the number, or an admin who booked for a caller. Another customer's account keeps its
 * orders. Every backend asks this of each order of the number, the order's own owner excepted.
 */
export function isClaimableOwner(owner: { anonymous: boolean; isAdmin: boolean } | null): boolean {
  return owner === null || owner.anonymous || owner.isAdmin;
}
