import { createContext, useContext } from 'react';
import type { CurrentUser } from '../port';

/** Who the visitor is, as the BACKEND says (D2): the browser never decides it is an admin. */
export type { CurrentUser };

export interface Session {
  /** Null for nobody, and until the backend has answered. */
  user: CurrentUser | null;
  signOut(): Promise<void>;
  /**
   * False until the backend has said who the visitor is, so a guarded page can wait instead of
   * redirecting a signed-in admin to the login page. Absent means known (a fixed test session).
   */
  ready?: boolean;
}

export const SessionContext = createContext<Session>({
  user: null,
  signOut: async () => {},
});

export function useSession(): Session {
  return useContext(SessionContext);
}

/** The spec's client-side admin flag. It is never trusted; logout still removes any stale copy. */
export const LEGACY_ADMIN_FLAG_KEY = 'isAdmin';
