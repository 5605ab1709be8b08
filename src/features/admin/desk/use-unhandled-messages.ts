import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataPort } from '../../../data/react/data-port-context';
import type { DeskEvent, DeskEvents } from './desk-context';

/** Changes that arrive together (a message sent and marked at once) cause one count. */
const SETTLE_MS = 250;

/**
 * How many contact messages wait for a reply (D20), for the desk's tab: counted when the desk
 * opens, again when a message is sent or marked handled or not anywhere, and after the live
 * stream comes back from a break. Null until the backend has answered (or when it cannot).
 */
export function useUnhandledMessages(desk: DeskEvents): number | null {
  const port = useDataPort();
  const [count, setCount] = useState<number | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const recount = useCallback(() => {
    const id = ++latest.current;
    port.messages.unhandledCount().then(
      (n) => {
        if (id === latest.current) setCount(n);
      },
      () => {
        // The count waits for the next change; the messages tab lists them all the same.
      },
    );
  }, [port]);

  useEffect(() => {
    recount();
    const stop = desk.subscribe((event: DeskEvent) => {
      if (event.type !== 'contactMessage' && event.type !== 'reconnected') return;
      clearTimeout(timer.current);
      timer.current = setTimeout(recount, SETTLE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer.current);
    };
  }, [desk, recount]);

  return count;
}
