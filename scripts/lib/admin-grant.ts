import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../src/domain/hosted-store.ts';

export type GrantOutcome =
  | { ok: true; uid: string; email: string; admin: boolean }
  | { ok: false; reason: 'no-account'; email: string };

/**
 * Makes the account with `email` an admin, or (`revoke`) no longer one (docs/decisions.md D2).
 * Admin is the custom claim `admin: true` (which the browser reads) and the document
 * admins/{uid} (which the rules and the functions check on every request). Revoking deletes the
 * document, so access ends at once, removes the claim, and revokes the refresh tokens, so no
 * session of that account outlives the hour its ID token is valid for.
 */
export async function setAdmin(options: {
  auth: Auth;
  db: Firestore;
  email: string;
  revoke: boolean;
}): Promise<GrantOutcome> {
  const { auth, db, revoke } = options;
  const email = options.email.trim().toLowerCase();
  let user;
  try {
    user = await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      return { ok: false, reason: 'no-account', email };
    }
    throw error;
  }
  const directory = db.collection(COLLECTIONS.admins).doc(user.uid);
  const claims = { ...(user.customClaims ?? {}) };
  if (revoke) {
    await directory.delete();
    delete claims.admin;
    await auth.setCustomUserClaims(user.uid, claims);
    await auth.revokeRefreshTokens(user.uid);
  } else {
    claims.admin = true;
    await auth.setCustomUserClaims(user.uid, claims);
    await directory.set({ email, grantedAt: new Date().toISOString() });
  }
  return { ok: true, uid: user.uid, email, admin: !revoke };
}
