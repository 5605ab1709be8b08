import { useEffect, useState, type ReactNode } from 'react';
import type { CurrentUser, DataPort } from '../port';
import { SessionStoreContext, type Session, type SessionStore } from './session-context';

interface SessionProviderProps {
  port: DataPort;
  children: ReactNode;
}

/** Who the visitor is, kept current by the port's auth subscription (see SessionStore). */
function createSessionStore(port: DataPort): SessionStore & {
  set(user: CurrentUser | null): void;
} {
  const signOut = async () => {
    try {
      await port.auth.signOut();
    } catch (error) {
      // The header goes home either way; the session is still there, and says so.
      console.error('Sign-out failed', error);
    }
  };
  const initial: Session = { user: null, ready: false, signOut };
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(user) {
      current = { user, ready: true, signOut };
      for (const listener of [...listeners]) listener();
    },
  };
}

/**
 * Provides who the visitor is. The user is null until the backend answers; a backend that can't
 * answer leaves the visitor signed out rather than breaking the page.
 *
 * The context's value never changes (a store that `useSession` subscribes to): a provider whose
 * value changes reaches every part of the page below it that React has not hydrated yet (a
 * dehydrated boundary cannot tell which context its content reads), and makes React hydrate
 * each of them then, or hold the change back until it can (D23).
 */
export function SessionProvider({ port, children }: SessionProviderProps) {
  const [store] = useState(() => createSessionStore(port));

  useEffect(() => {
    try {
      return port.auth.subscribe((user) => store.set(user));
    } catch (error) {
      console.error('Could not follow the session', error);
      // Nobody, then, but known: guarded pages must not wait forever.
      queueMicrotask(() => store.set(null));
      return undefined;
    }
  }, [port, store]);

  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}
