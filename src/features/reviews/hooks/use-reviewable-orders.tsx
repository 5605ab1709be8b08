import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { ReviewableOrder } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';

/**
 * The visitor's orders they may review now (D14): reviews come from customers' own orders.
 * `none`: no session, or no order confirmed and not yet reviewed; `account` says whether the
 * visitor has signed up (a visitor who has not may have booked on another device).
 */
export type ReviewableState =
  | { kind: 'loading' }
  | { kind: 'none'; account: boolean }
  | { kind: 'some'; orders: ReviewableOrder[] }
  | { kind: 'failed' };

export interface ReviewableOrders {
  state: ReviewableState;
  reload(): void;
  /** The order was just reviewed: it leaves the list at once. */
  reviewed(orderId: string): void;
}

const ReviewableContext = createContext<ReviewableOrders | null>(null);

/** Reads the list once for everything below it (the dialog and the quick rating share it). */
export function ReviewableOrdersProvider({ children }: { children: ReactNode }) {
  const value = useReviewableOrdersState();
  return <ReviewableContext.Provider value={value}>{children}</ReviewableContext.Provider>;
}

export function useReviewableOrders(): ReviewableOrders {
  const shared = useContext(ReviewableContext);
  if (!shared) throw new Error('useReviewableOrders needs a ReviewableOrdersProvider');
  return shared;
}

function useReviewableOrdersState(): ReviewableOrders {
  const port = useDataPort();
  const { user, ready } = useSession();
  const [loaded, setLoaded] = useState<{
    key: string;
    orders: ReviewableOrder[] | 'failed';
  } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const userId = user?.id ?? null;
  // What the list belongs to: a new user (signing in or out) or a retry reads it again.
  const key = `${userId}:${attempt}`;

  useEffect(() => {
    // Without a session there is nothing to read: such a visitor has no orders.
    if (ready === false || userId === null) return undefined;
    let active = true;
    port.reviews.reviewable().then(
      (orders) => {
        if (active) setLoaded({ key, orders });
      },
      (error: unknown) => {
        console.warn('reviews: could not load the orders to review', error);
        if (active) setLoaded({ key, orders: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [port, ready, userId, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const reviewed = useCallback(
    (orderId: string) =>
      setLoaded((current) =>
        current && current.orders !== 'failed'
          ? { ...current, orders: current.orders.filter((o) => o.orderId !== orderId) }
          : current,
      ),
    [],
  );

  const state = useMemo<ReviewableState>(() => {
    if (ready === false) return { kind: 'loading' };
    const account = user !== null && !user.anonymous;
    if (userId === null) return { kind: 'none', account };
    if (loaded?.key !== key) return { kind: 'loading' };
    if (loaded.orders === 'failed') return { kind: 'failed' };
    return loaded.orders.length > 0
      ? { kind: 'some', orders: loaded.orders }
      : { kind: 'none', account };
  }, [ready, user, userId, loaded, key]);

  return useMemo(() => ({ state, reload, reviewed }), [state, reload, reviewed]);
}
