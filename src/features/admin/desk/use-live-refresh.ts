import { useEffect, useRef } from 'react';
import { useDeskChanges } from './desk-context';

/** Changes that arrive together (a card booking is created and paid) cause one reload. */
const SETTLE_MS = 250;

/**
 * Reloads the admin's order list when an order is created, changed or deleted anywhere, and
 * after the live stream comes back from a break (D10). The filters and the page stay as they
 * are: the admin sees the list they chose, up to date.
 */
export function useLiveRefresh(refresh: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useDeskChanges((event) => {
    // An order's messages and contact messages (D20) change no row of the list.
    if (event.type !== 'order' && event.type !== 'reconnected') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
