import { useCallback, useEffect, useState } from 'react';
import type { Order, PaymentAttempt, PaymentHistory, PaymentReversal } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';

type State =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'loaded'; history: PaymentHistory };

/** A refund or void the admin is asked to confirm. */
export interface PendingReversal {
  attempt: PaymentAttempt;
  kind: PaymentReversal;
}

/**
 * An order's online payment tries and history (D3), loaded when its details open, and the
 * admin's refund or void of a paid try through the gateway, after a confirmation. A refusal
 * keeps the dialog open with its reason and reloads the history, which records it.
 */
export function useOrderPayments(
  order: Order,
  onReversed: (order: Order, kind: PaymentReversal) => void,
) {
  const port = useDataPort();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [confirming, setConfirming] = useState<PendingReversal | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    port.payments.history(order.id).then(
      (history) => setState({ kind: 'loaded', history }),
      (failure: unknown) =>
        setState({ kind: 'error', messageKey: errorMessageKey(failure, 'generic') }),
    );
  }, [port, order.id]);

  // Reloaded when the order's payment changes (a callback heard by the live desk, a refund).
  useEffect(load, [load, order.paymentStatus, order.paymentMethod]);

  const ask = (attempt: PaymentAttempt, kind: PaymentReversal) => {
    setError(null);
    setConfirming({ attempt, kind });
  };

  const confirm = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    setError(null);
    try {
      const history = await port.payments.reverse(order.id, confirming.attempt.id, confirming.kind);
      setState({ kind: 'loaded', history });
      setConfirming(null);
      onReversed(order, confirming.kind);
    } catch (failure) {
      setError(errorMessageKey(failure, 'generic'));
      load();
    } finally {
      setBusy(false);
    }
  };

  return {
    state,
    confirming,
    ask,
    cancel: () => !busy && setConfirming(null),
    confirm,
    busy,
    error,
  };
}
