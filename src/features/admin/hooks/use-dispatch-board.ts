import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { cairoToday, isValidYmd } from '../../../domain/datetime';
import type { AssignmentChoice, DispatchBoard } from '../../../domain/dispatch';
import { boardDays, plusDays } from '../dispatch-board';

type BoardState =
  | { kind: 'unavailable' }
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'loaded'; board: DispatchBoard };

/**
 * The dispatch board's logic (D28): `days` dates from a start date (today in Cairo at first),
 * a day back or forward, and giving an order to a crew and window. After a change the board is
 * loaded again; the one shown stays until the new one comes, so the page does not jump.
 */
export function useDispatchBoard(days: number) {
  const port = useDataPort();
  const dispatch = port.dispatch;
  const [from, setFrom] = useState(() => cairoToday());
  const [attempt, setAttempt] = useState(0);
  const range = `${from}#${days}`;
  const key = `${range}#${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; range: string; state: BoardState } | null>(
    null,
  );

  useEffect(() => {
    if (!dispatch) return;
    let current = true;
    dispatch.board(from, days).then(
      (board) => {
        if (current) setAnswer({ key, range, state: { kind: 'loaded', board } });
      },
      (error: unknown) => {
        if (current) {
          setAnswer({
            key,
            range,
            state: { kind: 'error', messageKey: errorMessageKey(error, 'generic') },
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [dispatch, from, days, key, range]);

  const state: BoardState = !dispatch
    ? { kind: 'unavailable' }
    : answer?.key === key
      ? answer.state
      : // A reload of the same days keeps the board shown until its answer.
        answer?.range === range && answer.state.kind === 'loaded'
        ? answer.state
        : { kind: 'loading' };
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const shown =
    dispatch && answer?.state.kind === 'loaded' && (answer.key === key || answer.range === range)
      ? answer.state.board
      : null;
  const layout = useMemo(() => (shown ? boardDays(shown) : []), [shown]);

  const assign = useCallback(
    async (orderId: string, choice: AssignmentChoice) => {
      if (!dispatch) throw new Error('No dispatch on this backend');
      try {
        return await dispatch.assign(orderId, choice);
      } finally {
        // Refused or not, the board shows what the backend holds now.
        setAttempt((n) => n + 1);
      }
    },
    [dispatch],
  );

  return {
    from,
    state,
    days: layout,
    reload,
    assign,
    previous: () => setFrom((day) => plusDays(day, -1)),
    next: () => setFrom((day) => plusDays(day, 1)),
    today: () => setFrom(cairoToday()),
    goTo: (date: string) => {
      if (isValidYmd(date)) setFrom(date);
    },
  };
}
