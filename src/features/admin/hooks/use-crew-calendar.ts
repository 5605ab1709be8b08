import { useCallback, useEffect, useState } from 'react';
import { errorMessageKey } from '../../../data/error-messages';
import type { CalendarDay } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { cairoToday } from '../../../domain/datetime';

/** Two weeks at a time: "the coming weeks" at a glance on a desktop. */
export const CALENDAR_DAYS = 14;

type CalendarState =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'loaded'; days: CalendarDay[] };

/** The calendar date `days` after `ymd` (before, when negative). */
function plusDays(ymd: string, days: number): string {
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A window of a day, picked to list its orders. */
export interface CalendarCell {
  date: string;
  windowId: string;
}

/**
 * The crews calendar's logic (D12): two weeks from a start date (today in Cairo at first), each
 * day's windows with their orders; moving a period back or forward; the cell whose orders show.
 */
export function useCrewCalendar() {
  const port = useDataPort();
  const [from, setFrom] = useState(() => cairoToday());
  const [attempt, setAttempt] = useState(0);
  const key = `${from}#${attempt}`;
  // The answer for one request (period and attempt); any other request is still loading.
  const [answer, setAnswer] = useState<{ key: string; state: CalendarState } | null>(null);
  const [selected, setSelected] = useState<CalendarCell | null>(null);

  useEffect(() => {
    let current = true;
    port.capacity.calendar(from, CALENDAR_DAYS).then(
      (days) => {
        if (current) setAnswer({ key, state: { kind: 'loaded', days } });
      },
      (error: unknown) => {
        if (current) {
          setAnswer({
            key,
            state: { kind: 'error', messageKey: errorMessageKey(error, 'generic') },
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [port, from, key]);
  const state: CalendarState = answer?.key === key ? answer.state : { kind: 'loading' };
  const load = useCallback(() => setAttempt((n) => n + 1), []);

  const shift = (days: number) => {
    setSelected(null);
    setFrom((start) => plusDays(start, days));
  };

  const lastDay = plusDays(from, CALENDAR_DAYS - 1);
  const selectedDay =
    state.kind === 'loaded' && selected
      ? state.days.find((day) => day.date === selected.date)
      : undefined;
  const selectedWindow = selectedDay?.windows.find((w) => w.id === selected?.windowId);

  return {
    from,
    lastDay,
    state,
    reload: load,
    next: () => shift(CALENDAR_DAYS),
    previous: () => shift(-CALENDAR_DAYS),
    today: () => {
      setSelected(null);
      setFrom(cairoToday());
    },
    selected,
    select: (cell: CalendarCell) =>
      setSelected((current) =>
        current?.date === cell.date && current.windowId === cell.windowId ? null : cell,
      ),
    selectedDay,
    selectedWindow,
  };
}
