import { createContext, useContext } from 'react';

/**
 * Who the visitor is, as the BACKEND says (D2): the browser never decides it is an admin.
 * Until the data port lands, nobody is signed in; the data-port issue provides the real value.
 */
export interface CurrentUser {
  id: string;
  email: string | null;
  anonymous: boolean;
  isAdmin: boolean;
}

export interface Session {
  user: CurrentUser | null;
  signOut(): Promise<void>;
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
