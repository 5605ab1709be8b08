import { createContext, useContext, useSyncExternalStore } from 'react';
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

/**
 * The session as the app keeps it (SessionProvider): the current one, the one pages are
 * prerendered with (nobody, not yet known), and a way to hear of changes.
 */
export interface SessionStore {
  readonly initial: Session;
  get(): Session;
  subscribe(listener: () => void): () => void;
}

/** A fixed session (tests, the prerenderer's default): used where there is no store. */
export const SessionContext = createContext<Session>({
  user: null,
  signOut: async () => {},
});

export const SessionStoreContext = createContext<SessionStore | null>(null);

/**
 * The visitor's session. A part of a prerendered page that React hydrates late (a screen still
 * loading, a HydrateLater part) hydrates with the session the page was prerendered with, as its
 * HTML has it, and React renders it again with the current one right after
 * (useSyncExternalStore's server snapshot); anything rendered in the browser starts with the
 * current one.
 */
const NO_STORE: SessionStore = {
  initial: { user: null, signOut: async () => {} },
  get: () => NO_STORE.initial,
  subscribe: () => () => {},
};

export function useSession(): Session {
  const fixed = useContext(SessionContext);
  const store = useContext(SessionStoreContext);
  const source = store ?? NO_STORE;
  const current = useSyncExternalStore(source.subscribe, source.get, () => source.initial);
  return store ? current : fixed;
}

/** The spec's client-side admin flag. It is never trusted; logout still removes any stale copy. */
export const LEGACY_ADMIN_FLAG_KEY = 'isAdmin';
