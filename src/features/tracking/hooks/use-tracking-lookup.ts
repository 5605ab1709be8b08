import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicTracking, TrackingAnswer } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { isDataError } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';

/** The tracker's states (spec section 4): idle input, loading, found, not found or error. */
export type TrackingState =
  | { kind: 'idle' }
  | { kind: 'loading'; number: string }
  | {
      kind: 'found';
      number: string;
      tracking: PublicTracking;
      /** Set when this is the copy the device kept, offline (D26): when it was fetched. */
      savedAt?: string;
    }
  | { kind: 'not-found'; number: string }
  | { kind: 'error'; number: string; messageKey: string };

/** A found state from an answer: the kept copy's time apart from the order's view. */
function found(number: string, answer: TrackingAnswer): TrackingState {
  const { savedAt, ...tracking } = answer;
  return savedAt
    ? { kind: 'found', number, tracking, savedAt }
    : { kind: 'found', number, tracking };
}

/**
 * Looks an order up by number through the public tracking view (D2: any browser, no session).
 * Only the latest look-up may set the state: a slow answer for an older number is dropped.
 */
export function useTrackingLookup() {
  const port = useDataPort();
  const [state, setState] = useState<TrackingState>({ kind: 'idle' });
  const latest = useRef(0);

  const lookUp = useCallback(
    async (number: string) => {
      const id = ++latest.current;
      setState({ kind: 'loading', number });
      try {
        const answer = await port.tracking.get(number);
        if (id === latest.current) setState(found(number, answer));
      } catch (error) {
        if (id !== latest.current) return;
        if (isDataError(error) && error.code === 'not-found') {
          setState({ kind: 'not-found', number });
        } else {
          setState({ kind: 'error', number, messageKey: errorMessageKey(error, 'tracking') });
        }
      }
    },
    [port],
  );

  /**
   * Reads the shown order again without leaving the found view (after an admin's change), so
   * what is on screen, the updater's message included, stays while the fresh view arrives. A
   * failure keeps the view as it was: the change itself has already been confirmed.
   */
  const refresh = useCallback(
    async (number: string) => {
      const id = ++latest.current;
      try {
        const answer = await port.tracking.get(number);
        if (id === latest.current) setState(found(number, answer));
      } catch {
        // The next look-up will say what is wrong.
      }
    },
    [port],
  );

  const reset = useCallback(() => {
    latest.current += 1;
    setState({ kind: 'idle' });
  }, []);

  // The order found is followed live (D19): each change replaces the view, an order deleted
  // meanwhile reads as not found. `live` is null while the watch connects, then whether changes
  // arrive as they happen (a refused stream: the port asks again from time to time instead).
  const [liveFor, setLiveFor] = useState<{ number: string; live: boolean } | null>(null);
  const followed = state.kind === 'found' ? state.tracking.orderNumber : null;
  const live = followed !== null && liveFor?.number === followed ? liveFor.live : null;
  useEffect(() => {
    if (followed === null) return;
    const stop = port.tracking.watch(
      followed,
      (tracking) => {
        // Newer than any look-up or refresh still on its way for this number.
        latest.current += 1;
        setState((current) => {
          if (current.kind !== 'found' || current.tracking.orderNumber !== followed) return current;
          // A live change is fresh; a poll while offline may hand back the kept copy.
          return tracking
            ? found(current.number, tracking)
            : { kind: 'not-found', number: current.number };
        });
      },
      (up) => setLiveFor({ number: followed, live: up }),
    );
    return stop;
  }, [followed, port]);

  return { state, lookUp, refresh, reset, live };
}
