import { createHash } from 'node:crypto';
import { RuleViolation } from '../../../src/domain/errors.ts';

/** Who is calling, as the callable protocol verified it (an ID token of this project). */
export interface Caller {
  uid: string;
  /** The `admin: true` custom claim (set by `npm run firebase:grant-admin`). */
  adminClaim: boolean;
  anonymous: boolean;
  /** The account's email, as the ID token says (none for anonymous sessions). */
  email: string | null;
  /**
   * The mobile number the account proved with Firebase Auth's phone sign-in (E.164, the token's
   * `phone_number` claim), or null: what decides who may book (D13).
   */
  phone: string | null;
}

/** Everything a handler knows about a call besides its data. */
export interface CallContext {
  caller: Caller | null;
  /**
   * A stable key of the App Check token the call came with (a hash, never the token), so limits
   * can count per attested app instance; null where App Check is not enforced (the emulator).
   */
  appKey: string | null;
  /** The functions' clock: every stored time is this, never the browser's (D6). */
  now: Date;
}

export function unauthenticated(): RuleViolation {
  return new RuleViolation('unauthenticated', 'errors:unauthenticated');
}

export function permissionDenied(): RuleViolation {
  return new RuleViolation('permission-denied', 'errors:permissionDenied');
}

/** The caller, or the refusal for a call without a session. */
export function requireCaller(ctx: CallContext): Caller {
  if (!ctx.caller) throw unauthenticated();
  return ctx.caller;
}

/**
 * Who may act as an admin. The claim says so for an hour at most; the admins collection says so
 * now, so `firebase:grant-admin --revoke` takes effect at once (the rules check both as well).
 */
export interface AdminDirectory {
  isAdmin(uid: string): Promise<boolean>;
}

/** The caller, when they are an admin now; otherwise the refusal. */
export async function requireAdmin(ctx: CallContext, admins: AdminDirectory): Promise<Caller> {
  const caller = requireCaller(ctx);
  if (!caller.adminClaim || !(await admins.isAdmin(caller.uid))) throw permissionDenied();
  return caller;
}

/** Whether the caller is an admin now (claim and directory); false for anyone else. */
export async function isAdminCaller(ctx: CallContext, admins: AdminDirectory): Promise<boolean> {
  return ctx.caller?.adminClaim === true && (await admins.isAdmin(ctx.caller.uid));
}

/** A key for an App Check token (its hash: the token itself is a bearer credential). */
export function appKeyOf(rawToken: string | null | undefined): string | null {
  return rawToken ? createHash('sha256').update(rawToken).digest('hex').slice(0, 32) : null;
}
