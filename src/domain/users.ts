/** Who the backend says the visitor is. `isAdmin` comes from the server, never from the browser (D2). */
export interface CurrentUser {
  id: string;
  email: string | null;
  /** The mobile number this session proved with a code (E.164, D13), or null. */
  phone: string | null;
  anonymous: boolean;
  isAdmin: boolean;
}

/** The session a sign-in starts from, as far as moving orders needs it. */
export interface SignInSession {
  id: string;
  anonymous: boolean;
}

/**
 * Whose orders a sign-in (by email and password, or by phone, D13) moves to the account signing
 * in: an anonymous visitor's, placed in this browser before signing in, so they are in the
 * account's "my orders" at once. A known user's orders stay theirs, and an account signing into
 * itself moves nothing. Returns the user to move them from (every order of theirs), or null.
 */
export function ordersMovedOnSignIn(
  session: SignInSession | null,
  accountId: string | null,
): string | null {
  return session?.anonymous === true && session.id !== accountId ? session.id : null;
}
