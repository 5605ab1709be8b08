import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser, DataPort } from '../port';
import { SessionContext, type Session } from './session-context';

interface SessionProviderProps {
  port: DataPort;
  children: ReactNode;
}

/**
 * Provides who the visitor is, kept current by the port's auth subscription. The user is null
 * until the backend answers; a backend that can't answer leaves the visitor signed out rather
 * than breaking the page.
 */
export function SessionProvider({ port, children }: SessionProviderProps) {
  const [state, setState] = useState<{ user: CurrentUser | null; ready: boolean }>({
    user: null,
    ready: false,
  });

  useEffect(() => {
    try {
      // In a transition: the answer usually comes while a prerendered page is still hydrating,
      // and an urgent update would make React finish hydrating every screen that reads the
      // session in one long task first. The header can wait a few milliseconds for the name.
      return port.auth.subscribe((user) => startTransition(() => setState({ user, ready: true })));
    } catch (error) {
      console.error('Could not follow the session', error);
      // Nobody, then, but known: guarded pages must not wait forever.
      queueMicrotask(() => setState({ user: null, ready: true }));
      return undefined;
    }
  }, [port]);

  const session = useMemo<Session>(
    () => ({
      user: state.user,
      ready: state.ready,
      signOut: async () => {
        try {
          await port.auth.signOut();
        } catch (error) {
          // The header goes home either way; the session is still there, and says so.
          console.error('Sign-out failed', error);
        }
      },
    }),
    [port, state],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
