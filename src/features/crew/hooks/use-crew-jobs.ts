import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isDataError } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import type { CrewJobs, CrewTap } from '../../../domain/field';
import { FIELD_MESSAGES } from '../../../domain/field';
import { crewErrorKey } from '../crew-errors';
import {
  browserStorage,
  currentCrewId,
  forgetCrew,
  readCachedJobs,
  saveCachedJobs,
} from '../job-cache';
import { replaceJob } from '../job-view';
import {
  isRetryable,
  TapQueue,
  type QueuedTap,
  type TapOutcome,
  type TapStorage,
} from '../tap-queue';

/** How the list stands with the backend. */
export type CrewLoad =
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** The backend says this session is no active crew's team leader. */
  | { kind: 'denied'; messageKey: string }
  /** The backend says nobody is signed in (a session that ended). */
  | { kind: 'signedOut' }
  /** Failed with nothing kept to show instead. */
  | { kind: 'failed'; messageKey: string }
  /** This backend has no dispatch (both builds have it; a port without one says so). */
  | { kind: 'unsupported' };

interface Shown {
  answer: CrewJobs;
  /** When the backend gave it (ISO 8601). */
  savedAt: string;
}

export interface CrewJobsOptions {
  /** Whether the session is known yet (nothing is asked before). */
  sessionKnown: boolean;
  /**
   * Whether someone is signed in (not anonymously). Nobody signed in, the list of the crew kept
   * on this phone is still asked for and shown: offline, the session cannot be checked at all.
   */
  signedIn: boolean;
  /** Reload every so many ms while the page is seen; 0: only on events. */
  refreshMs?: number;
  storage?: TapStorage | null;
}

const isOnline = () => globalThis.navigator?.onLine !== false;

function followOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The team leader's jobs (D28): the list kept on the phone at once, then the backend's, again
 * every minute while the page is seen and when it comes back into view; the taps through the
 * queue (tap-queue.ts), sent when made, when the phone is back online, when the page opens and on
 * "send now". A tap the backend refuses is dropped with its reason on its card, and the list read
 * again to show where the job really is.
 */
export function useCrewJobs({
  sessionKnown,
  signedIn,
  refreshMs = 60_000,
  storage,
}: CrewJobsOptions) {
  const port = useDataPort();
  const dispatch = port.dispatch;
  const [store] = useState(() => (storage === undefined ? browserStorage() : storage));
  const [shown, setShown] = useState<Shown | null>(null);
  const [load, setLoad] = useState<CrewLoad>({ kind: 'loading' });
  /** The last load failed on the network: what is shown is the kept copy. */
  const [stale, setStale] = useState(false);
  // What the browser says (the prerendered shell: online).
  const online = useSyncExternalStore(followOnline, isOnline, () => true);
  const [queued, setQueued] = useState<readonly QueuedTap[]>([]);
  const [sending, setSending] = useState(false);
  /** The last round of sending stopped on a failure: the taps wait. */
  const [sendFailed, setSendFailed] = useState(false);
  /** A tap storage refused: it is sent while the page stays open. */
  const [notKept, setNotKept] = useState(false);
  /** order id → why its last tap was dropped (a message key). */
  const [refusals, setRefusals] = useState<Readonly<Record<string, string>>>({});

  const shownRef = useRef<Shown | null>(null);
  const latest = useRef(0);
  const queueRef = useRef<TapQueue | null>(null);
  const show = useCallback((next: Shown | null) => {
    shownRef.current = next;
    setShown(next);
  }, []);

  const reload = useCallback(async () => {
    if (!dispatch) {
      setLoad({ kind: 'unsupported' });
      return;
    }
    const id = ++latest.current;
    try {
      const answer = await dispatch.crewJobs();
      if (id !== latest.current) return;
      const kept = { answer, savedAt: new Date().toISOString() };
      saveCachedJobs(store, kept);
      show(kept);
      setStale(false);
      setLoad({ kind: 'ready' });
    } catch (error) {
      if (id !== latest.current) return;
      const code = isDataError(error) ? error.code : null;
      if (code === 'permission-denied')
        setLoad({ kind: 'denied', messageKey: crewErrorKey(error) });
      else if (code === 'unauthenticated') setLoad({ kind: 'signedOut' });
      else if (isRetryable(error) && shownRef.current) {
        setStale(true);
        setLoad({ kind: 'ready' });
      } else setLoad({ kind: 'failed', messageKey: crewErrorKey(error) });
    }
  }, [dispatch, store, show]);

  const onOutcome = useCallback(
    (outcome: TapOutcome) => {
      const { orderId } = outcome.entry;
      if (outcome.kind === 'sent') {
        const current = shownRef.current;
        if (current) {
          // A list on its way was asked before this tap: the answer here is newer.
          latest.current += 1;
          const next = { ...current, answer: replaceJob(current.answer, outcome.job) };
          saveCachedJobs(store, next);
          show(next);
        }
        setRefusals(({ [orderId]: _done, ...rest }) => rest);
        return;
      }
      const key =
        outcome.kind === 'alreadyPast' ? FIELD_MESSAGES.alreadyPast : crewErrorKey(outcome.error);
      setRefusals((current) => ({ ...current, [orderId]: key }));
    },
    [store, show],
  );

  const flush = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue || !dispatch || queue.list().length === 0) return;
    setSending(true);
    const result = await queue.flush((orderId, tap) => dispatch.crewTap(orderId, tap), onOutcome);
    setSending(false);
    if (queueRef.current !== queue) return;
    setSendFailed(result.stoppedBy !== null);
    // Where the jobs whose taps were dropped really are.
    if (result.outcomes.some((o) => o.kind !== 'sent')) void reload();
  }, [dispatch, onOutcome, reload]);

  const crewId = shown?.answer.crew.id ?? null;

  // The queue of the crew shown; whatever it holds is sent as the page opens.
  useEffect(() => {
    if (!crewId) return;
    const queue = new TapQueue(store, crewId);
    queueRef.current = queue;
    // The queue is storage's, read once the crew is known: shown as it is, then followed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setQueued(queue.list());
    const stop = queue.subscribe(setQueued);
    if (isOnline()) void flush();
    return () => {
      stop();
      if (queueRef.current === queue) queueRef.current = null;
    };
  }, [crewId, store, flush]);

  // The kept list first (a weak network shows it at once), then the backend's.
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    if (!sessionKnown) return;
    const kept = currentCrewId(store);
    if (!signedIn && !kept) {
      // Nobody to ask for: known from storage, which is read here, never while rendering.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setEnabled(false);
      setLoad({ kind: 'signedOut' });
      return;
    }
    setEnabled(true);
    const cached = kept ? readCachedJobs(store, kept) : null;
    if (cached && !shownRef.current) {
      show(cached);
      setLoad({ kind: 'ready' });
    }
    void reload();
  }, [sessionKnown, signedIn, store, show, reload]);

  useEffect(() => {
    if (!enabled) return;
    const back = () => void flush().then(reload);
    const seen = () => {
      if (document.visibilityState !== 'visible') return;
      void flush();
      void reload();
    };
    window.addEventListener('online', back);
    document.addEventListener('visibilitychange', seen);
    const timer =
      refreshMs > 0
        ? window.setInterval(() => {
            if (document.visibilityState === 'visible') void reload();
          }, refreshMs)
        : undefined;
    return () => {
      window.removeEventListener('online', back);
      document.removeEventListener('visibilitychange', seen);
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [enabled, refreshMs, flush, reload]);

  /** A field button: queued first (so no tap is lost), then sent when the phone is online. */
  const tap = useCallback(
    (orderId: string, made: CrewTap) => {
      const queue = queueRef.current;
      if (!queue) return;
      if (!queue.add(orderId, made)) setNotKept(true);
      setRefusals(({ [orderId]: _old, ...rest }) => rest);
      if (isOnline()) void flush();
    },
    [flush],
  );

  /** "Send now": the waiting taps, then the list. */
  const retry = useCallback(async () => {
    await flush();
    await reload();
  }, [flush, reload]);

  /** Signing out: this phone keeps no crew's list (the taps stay for that crew's next sign-in). */
  const forget = useCallback(() => {
    forgetCrew(store);
    latest.current += 1;
    show(null);
    setLoad({ kind: 'loading' });
  }, [store, show]);

  return {
    answer: shown?.answer ?? null,
    savedAt: shown?.savedAt ?? null,
    load,
    stale,
    online,
    queued,
    sending,
    sendFailed,
    notKept,
    refusals,
    tap,
    retry,
    reload,
    forget,
  };
}
