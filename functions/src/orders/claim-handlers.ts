// Orders that change owner after a phone sign-in (D13), as decidePhoneSignIn says: the anonymous
// visitor's orders go with them when the number already had an account (claimAnonymousOrders),
// and the orders the office booked for the number become its account's (claimPhoneOrders). The
// browser signs in with Firebase Auth's phone sign-in; these only move orders, and only for a
// caller whose ID token carries the proved number.
import { RuleViolation } from '../../../src/domain/errors.ts';
import { nationalEgyptian } from '../../../src/domain/phone.ts';
import {
  decidePhoneSignIn,
  isClaimableOwner,
  PHONE_MESSAGES,
} from '../../../src/domain/phone-verification.ts';
import {
  permissionDenied,
  requireCaller,
  type AdminDirectory,
  type CallContext,
  type Caller,
} from '../platform/context.ts';
import type { Settings } from '../platform/settings.ts';
import type { Accounts } from '../shared/accounts.ts';
import { invalidFields, objectOf } from '../shared/input.ts';
import { limitsFor } from '../shared/limits.ts';
import type { OrderClaims } from './claim-repository.ts';

export interface ClaimDeps {
  claims: OrderClaims;
  accounts: Accounts;
  admins: AdminDirectory;
  settings: Settings;
}

export interface ClaimResult {
  /** How many orders are now the caller's. */
  claimed: number;
}

/** An ID token is about 1 KB; anything much longer is not one. */
const MAX_ID_TOKEN_LENGTH = 4096;

/** The caller with the number they proved; a session without one claims nothing. */
function requirePhoneCaller(ctx: CallContext): Caller & { phone: string } {
  const caller = requireCaller(ctx);
  if (caller.phone === null) {
    throw new RuleViolation('permission-denied', PHONE_MESSAGES.verificationRequired);
  }
  return { ...caller, phone: caller.phone };
}

/** Each claim counts against the caller's and their App Check token's limit, refused or not. */
async function spendClaim(ctx: CallContext, caller: Caller, deps: ClaimDeps): Promise<void> {
  const limits = limitsFor(
    'claim',
    { uid: caller.uid, appKey: ctx.appKey },
    { user: deps.settings.limits.claims, app: deps.settings.limits.claims },
    'errors:rateLimited',
  );
  await deps.claims.spend(limits, ctx.now);
}

/**
 * The caller proved a number that already had an account, from an anonymous session: the
 * browser signed in as that account (a new session) and hands over the anonymous session's ID
 * token, captured before switching, to prove the orders it leaves behind were its own. Its
 * orders become the caller's (`switch` with `moveOrdersFrom`).
 */
export async function claimAnonymousOrders(
  ctx: CallContext,
  data: unknown,
  deps: ClaimDeps,
): Promise<ClaimResult> {
  const caller = requirePhoneCaller(ctx);
  const idToken = objectOf(data).idToken;
  if (typeof idToken !== 'string' || idToken === '' || idToken.length > MAX_ID_TOKEN_LENGTH) {
    throw invalidFields({ idToken: 'validation:common.invalid' });
  }
  // Before the token is looked at: guessing or replaying tokens costs the caller their limit.
  await spendClaim(ctx, caller, deps);
  const token = await deps.accounts.verifyIdToken(idToken);
  // Only an anonymous session's token, of another account, that is still anonymous now: a
  // session that since became an account (a sign-up, a proved number) keeps its orders.
  if (!token || token.signInProvider !== 'anonymous' || token.uid === caller.uid) {
    throw permissionDenied();
  }
  const previous = (await deps.accounts.get([token.uid])).get(token.uid);
  if (!previous?.anonymous) throw permissionDenied();
  const decision = decidePhoneSignIn(
    { id: previous.uid, anonymous: true, phone: null },
    { id: caller.uid, anonymous: false, phone: caller.phone },
    caller.phone,
  );
  if (decision.action !== 'switch' || decision.moveOrdersFrom === null) throw permissionDenied();
  return { claimed: await deps.claims.move({ owner: decision.moveOrdersFrom }, caller.uid) };
}

/**
 * After any phone sign-in: the orders placed for the caller's proved number (the token's
 * `phone_number`, never one the browser names) whose owner is an admin, an anonymous visitor or
 * gone become the caller's. Cost: one read per order of the number, one Auth look-up per 100
 * owners, one admins/{uid} read per owner that is neither anonymous nor gone, then the moves.
 */
export async function claimPhoneOrders(
  ctx: CallContext,
  _data: unknown,
  deps: ClaimDeps,
): Promise<ClaimResult> {
  const caller = requirePhoneCaller(ctx);
  await spendClaim(ctx, caller, deps);
  // Orders store the national form; a number from elsewhere has no orders here.
  const phoneNumber = nationalEgyptian(caller.phone);
  if (phoneNumber === null) return { claimed: 0 };
  const owners = (await deps.claims.ownersOfPhone(phoneNumber)).filter(
    (owner) => owner !== caller.uid,
  );
  const accounts = await deps.accounts.get(
    owners.filter((owner): owner is string => owner !== null),
  );
  let claimed = 0;
  for (const owner of owners) {
    const account = owner === null ? undefined : accounts.get(owner);
    const party =
      account === undefined
        ? null
        : {
            anonymous: account.anonymous,
            // The claim, or admins/{uid}: read only when neither the claim nor being anonymous
            // already answers.
            isAdmin:
              account.admin || (!account.anonymous && (await deps.admins.isAdmin(account.uid))),
          };
    if (!isClaimableOwner(party)) continue;
    claimed += await deps.claims.move({ owner, phoneNumber }, caller.uid);
  }
  return { claimed };
}
