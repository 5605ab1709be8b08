import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';

export type MyOrdersState =
  { kind: 'loading' } | { kind: 'error'; messageKey: string } | { kind: 'loaded'; orders: Order[] };

type Stored = MyOrdersState & { forUser: string };

/**
 * The signed-in or anonymous visitor's own orders (D7), loaded again when the user changes (a
 * sign-in elsewhere). With `userId` null nothing is asked: looking at an empty list must not
 * create a session.
 */
export function useMyOrders(userId: string | null) {
  const port = useDataPort();
  const [stored, setStored] = useState<Stored | null>(null);
  const latest = useRef(0);

  const fetchFor = useCallback(
    (forUser: string) => {
      const id = ++latest.current;
      port.orders.mine().then(
        (orders) => {
          if (id === latest.current) setStored({ forUser, kind: 'loaded', orders });
        },
        (error: unknown) => {
          if (id === latest.current) {
            setStored({ forUser, kind: 'error', messageKey: errorMessageKey(error, 'generic') });
          }
        },
      );
    },
    [port],
  );

  useEffect(() => {
    if (userId) fetchFor(userId);
  }, [userId, fetchFor]);

  const reload = useCallback(() => {
    if (!userId) return;
    setStored({ forUser: userId, kind: 'loading' });
    fetchFor(userId);
  }, [userId, fetchFor]);

  /** Puts the server's copy of one order in place (after a cancel). */
  const replace = useCallback((order: Order) => {
    setStored((current) =>
      current?.kind === 'loaded'
        ? { ...current, orders: current.orders.map((o) => (o.id === order.id ? order : o)) }
        : current,
    );
  }, []);

  // Whatever was loaded for another user (or nobody) is not this user's list.
  const state: MyOrdersState = stored && stored.forUser === userId ? stored : { kind: 'loading' };
  return { state, reload, replace };
}
