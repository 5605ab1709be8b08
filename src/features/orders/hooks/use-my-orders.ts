import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import type { OrderStatus } from '../../../domain/status';

export type MyOrdersState =
  { kind: 'loading' } | { kind: 'error'; messageKey: string } | { kind: 'loaded'; orders: Order[] };

type Stored = MyOrdersState & { forUser: string };

/** An order that moved on while the list was on screen (D19): what the page announces. */
export interface OrderMoved {
  orderNumber: string;
  status: OrderStatus;
  /** Counts the moves heard, so the same status twice is announced twice. */
  seq: number;
}

/**
 * The signed-in or anonymous visitor's own orders (D7), loaded again when the user changes (a
 * sign-in elsewhere), and followed live (D19): a change to one of them (the office moving it on,
 * a booking in another tab) replaces the list without a reload. With `userId` null nothing is
 * asked: looking at an empty list must not create a session.
 */
export function useMyOrders(userId: string | null) {
  const port = useDataPort();
  const [stored, setStored] = useState<Stored | null>(null);
  const latest = useRef(0);
  /** What is on screen now, to tell which order a live list moved on. */
  const shown = useRef<Stored | null>(null);
  const [moved, setMoved] = useState<OrderMoved | null>(null);
  const [liveFor, setLiveFor] = useState<{ user: string; live: boolean } | null>(null);

  const put = useCallback((next: Stored | null) => {
    shown.current = next;
    setStored(next);
  }, []);

  const fetchFor = useCallback(
    (forUser: string) => {
      const id = ++latest.current;
      port.orders.mine().then(
        (orders) => {
          if (id === latest.current) put({ forUser, kind: 'loaded', orders });
        },
        (error: unknown) => {
          if (id === latest.current) {
            put({ forUser, kind: 'error', messageKey: errorMessageKey(error, 'generic') });
          }
        },
      );
    },
    [port, put],
  );

  useEffect(() => {
    if (userId) fetchFor(userId);
  }, [userId, fetchFor]);

  useEffect(() => {
    if (!userId) return;
    const stop = port.orders.watchMine(
      (orders) => {
        // Newer than a load still on its way.
        latest.current += 1;
        const before = shown.current;
        if (before?.forUser === userId && before.kind === 'loaded') {
          const was = new Map(before.orders.map((order) => [order.id, order.status]));
          const changed = orders.find(
            (order) => was.has(order.id) && was.get(order.id) !== order.status,
          );
          if (changed) {
            setMoved((last) => ({
              orderNumber: changed.orderNumber,
              status: changed.status,
              seq: (last?.seq ?? 0) + 1,
            }));
          }
        }
        put({ forUser: userId, kind: 'loaded', orders });
      },
      (live) => setLiveFor({ user: userId, live }),
    );
    return stop;
  }, [userId, port, put]);

  const reload = useCallback(() => {
    if (!userId) return;
    put({ forUser: userId, kind: 'loading' });
    fetchFor(userId);
  }, [userId, fetchFor, put]);

  /** Reads the list again in place, the one on screen staying until the answer comes. */
  const refresh = useCallback(() => {
    if (userId) fetchFor(userId);
  }, [userId, fetchFor]);

  /** Puts the server's copy of one order in place (after a cancel). */
  const replace = useCallback(
    (order: Order) => {
      const current = shown.current;
      if (current?.kind !== 'loaded') return;
      put({ ...current, orders: current.orders.map((o) => (o.id === order.id ? order : o)) });
    },
    [put],
  );

  // Whatever was loaded for another user (or nobody) is not this user's list.
  const state: MyOrdersState = stored && stored.forUser === userId ? stored : { kind: 'loading' };
  /** Whether changes arrive as they happen; null while connecting (D19). */
  const live = userId !== null && liveFor?.user === userId ? liveFor.live : null;
  return { state, reload, refresh, replace, live, moved };
}
