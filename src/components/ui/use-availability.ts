import { useCallback, useEffect, useState } from 'react';
import { ALTERNATIVES_COUNT, ALTERNATIVES_DAYS } from '../../domain/capacity';
import type { DayAvailability, FreeWindow, PublicWindow } from '../../domain/capacity';
import { isValidYmd } from '../../domain/datetime';
import type { AvailabilityMove } from '../../domain/dispatch';
import { useDataPort } from '../../data/react/data-port-context';

export type AvailabilityState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | {
      status: 'ready';
      date: string;
      /** The date's windows that still have a free crew, in time order (D12). */
      free: PublicWindow[];
      /** When none is free: the next free windows of the following days. */
      next: FreeWindow[];
    };

function freeWindowsOf(days: readonly DayAvailability[]): FreeWindow[] {
  const found: FreeWindow[] = [];
  for (const day of days) {
    for (const { id, start, end, available } of day.windows) {
      if (available) found.push({ date: day.date, window: { id, start, end } });
      if (found.length >= ALTERNATIVES_COUNT) return found;
    }
  }
  return found;
}

/**
 * Which crew windows of `date` are still free, asked of the backend whenever the date changes
 * (and on `retry`). With none free, the next free ones of the following days to offer instead.
 */
export function useAvailability(
  date: string,
  firstDay: string,
  lastDay: string,
  move?: AvailabilityMove,
) {
  const port = useDataPort();
  const [attempt, setAttempt] = useState(0);
  const wanted = isValidYmd(date) && date >= firstDay && date <= lastDay ? date : null;
  // The customer's move (D28): a long one needs more windows, a crew serving its pickup.
  const moveKey = move ? JSON.stringify(move) : '';
  const key = wanted ? `${wanted}#${attempt}#${moveKey}` : null;
  // The answer for one request (date and attempt); any other request is still loading.
  const [answer, setAnswer] = useState<{ key: string; state: AvailabilityState } | null>(null);

  useEffect(() => {
    if (!wanted || !key) return;
    let current = true;
    const asked = moveKey ? (JSON.parse(moveKey) as AvailabilityMove) : undefined;
    port.capacity.availability(wanted, ALTERNATIVES_DAYS, asked).then(
      (days) => {
        if (!current) return;
        const [day, ...later] = days;
        const free = (day?.windows ?? []).filter((window) => window.available);
        setAnswer({
          key,
          state: {
            status: 'ready',
            date: wanted,
            free,
            next: free.length > 0 ? [] : freeWindowsOf(later),
          },
        });
      },
      () => {
        if (current) setAnswer({ key, state: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
  }, [port, wanted, key, moveKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // The same date asked again for a changed move (another service, more floors, D28) keeps the
  // last answer on screen until the new one comes: the choice is not lost to a reload, and the
  // server checks the window again when the order is placed.
  const sameDate = (other: string) => key !== null && other.startsWith(`${wanted}#${attempt}#`);
  const availability: AvailabilityState = !key
    ? { status: 'idle' }
    : answer?.key === key || (answer && sameDate(answer.key) && answer.state.status === 'ready')
      ? answer.state
      : { status: 'loading' };
  return { availability, retry };
}
