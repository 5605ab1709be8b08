import { useCallback, useEffect, useState } from 'react';
import type { NotificationMessage } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { useDeskChanges } from './desk-context';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'loaded'; messages: NotificationMessage[] };

function upsert(list: NotificationMessage[], message: NotificationMessage): NotificationMessage[] {
  const index = list.findIndex((m) => m.id === message.id);
  if (index === -1) return [...list, message];
  return list.map((m, i) => (i === index ? message : m));
}

/**
 * An order's messages (D10), loaded when its details open and kept up to date by the desk's
 * live stream: a retry, a failure, an SMS fallback show up as they happen. "Send again" for a
 * failed one.
 */
export function useOrderMessages(orderId: string) {
  const desk = useDataPort().desk;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [resending, setResending] = useState<string | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!desk) return;
    desk.notifications(orderId).then(
      (messages) => setState({ kind: 'loaded', messages }),
      (error: unknown) =>
        setState({ kind: 'error', messageKey: errorMessageKey(error, 'generic') }),
    );
  }, [desk, orderId]);

  useEffect(load, [load]);

  useDeskChanges((event) => {
    if (event.type === 'reconnected') load();
    if (event.type !== 'notification' || event.message.orderId !== orderId) return;
    setState((s) =>
      s.kind === 'loaded' ? { kind: 'loaded', messages: upsert(s.messages, event.message) } : s,
    );
  });

  const resend = async (id: string) => {
    if (!desk) return;
    setResending(id);
    setResendError(null);
    try {
      const message = await desk.resend(id);
      setState((s) =>
        s.kind === 'loaded' ? { kind: 'loaded', messages: upsert(s.messages, message) } : s,
      );
    } catch (error) {
      setResendError(errorMessageKey(error, 'generic'));
      load();
    } finally {
      setResending(null);
    }
  };

  const [stopping, setStopping] = useState(false);
  const [stopped, setStopped] = useState(false);
  /** The customer asked to stop: nothing more is sent to them about this order. */
  const stop = async () => {
    if (!desk) return;
    setStopping(true);
    setResendError(null);
    try {
      setState({ kind: 'loaded', messages: await desk.stopCustomerMessages(orderId) });
      setStopped(true);
    } catch (error) {
      setResendError(errorMessageKey(error, 'generic'));
    } finally {
      setStopping(false);
    }
  };

  return {
    available: desk !== undefined,
    state,
    resend,
    resending,
    resendError,
    stop,
    stopping,
    stopped,
  };
}
