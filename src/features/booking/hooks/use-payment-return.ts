import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  forgetPayment,
  usePaymentOptions,
  useRememberedPayment,
} from '../../../components/ui/pay-now';
import { paths } from '../../../config/paths';
import { isDataError, type PaymentProgress } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { orderIdOfReference } from '../../../domain/payments';
import { confirmationOf, writeConfirmation } from '../flow/booking-flow';

/** How often, and how long, the page asks our backend whether the gateway has confirmed. */
export const RETURN_POLL_MS = 1500;
export const RETURN_WAIT_MS = 45_000;

/** The attempt states after which no callback will make this try paid. */
const FAILED_STATES = ['declined', 'failed', 'expired', 'mismatch'] as const;
type FailedState = (typeof FAILED_STATES)[number];

function isFailed(state: string | undefined): state is FailedState {
  return (FAILED_STATES as readonly (string | undefined)[]).includes(state);
}

export type PaymentReturnState =
  /** Asking our backend; the order's number once known. */
  | { kind: 'checking'; orderNumber: string | null }
  /** Which order this is cannot be told (no reference, nothing remembered, not ours). */
  | { kind: 'unknown' }
  /** Our backend could not be asked (offline): try again. */
  | { kind: 'error'; orderNumber: string | null }
  /** The gateway said no (or the try could not be used): pay again, or cash. */
  | { kind: 'failed'; reason: FailedState; progress: PaymentProgress }
  /** Nothing heard from the gateway in time: it may still come. */
  | { kind: 'waiting'; progress: PaymentProgress };

const noSubscription = () => () => {};

/**
 * /payment-return (D3): the browser is back from the gateway. Its address says how the payment
 * went, but only our backend knows (the gateway's signed callback): ask it until it is decided,
 * then go on to /confirmation, or offer to pay again or in cash. Nothing in the address is
 * trusted beyond naming the order, which our backend shows only to its owner.
 */
export function usePaymentReturn() {
  const port = useDataPort();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { options } = usePaymentOptions();
  // The prerendered page knows neither the address's query nor this tab: it says "checking".
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const remembered = useRememberedPayment();
  // The order the browser came back for: our merchant reference as the gateway echoes it in the
  // address (Paymob's `merchant_order_id`), else the one this tab sent to the gateway.
  const orderId = inBrowser
    ? (orderIdOfReference(search.get('merchant_order_id')) ?? remembered?.orderId ?? null)
    : undefined;
  const [result, setResult] = useState<PaymentReturnState | null>(null);
  const [round, setRound] = useState(0);
  const done = useRef(false);
  // Read when confirming: options arriving later must not restart the polling.
  const gatewayTestMode = useRef(false);
  useEffect(() => {
    gatewayTestMode.current = options?.testMode ?? false;
  }, [options]);

  const state: PaymentReturnState =
    orderId === null
      ? { kind: 'unknown' }
      : (result ?? { kind: 'checking', orderNumber: remembered?.orderNumber ?? null });

  const confirm = useCallback(
    (order: Parameters<typeof confirmationOf>[0]) => {
      if (done.current) return;
      done.current = true;
      const summary = confirmationOf(order, gatewayTestMode.current);
      forgetPayment();
      writeConfirmation(summary);
      void navigate(paths.confirmation, { replace: true, state: summary });
    },
    [navigate],
  );

  useEffect(() => {
    if (!orderId) return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const check = async () => {
      let progress: PaymentProgress;
      try {
        progress = await port.payments.progress(orderId);
      } catch (error) {
        if (!active) return;
        const gone =
          isDataError(error) &&
          ['not-found', 'permission-denied', 'unauthenticated'].includes(error.code);
        setResult((current) =>
          gone
            ? { kind: 'unknown' }
            : {
                kind: 'error',
                orderNumber: current?.kind === 'checking' ? current.orderNumber : null,
              },
        );
        return;
      }
      if (!active) return;
      // Paid, or the customer chose cash meanwhile (another tab): the booking is done.
      if (progress.paymentStatus === 'paid' || progress.paymentMethod === 'cod') {
        // The whole order too, for when and where on the confirmation (D11, D12); without it,
        // the confirmation shows the payment alone.
        const order = await port.orders.get(orderId).catch(() => null);
        if (!active) return;
        confirm(order ? { ...order, ...progress } : progress);
        return;
      }
      const attempt = progress.attempt?.state;
      if (isFailed(attempt)) {
        setResult({ kind: 'failed', reason: attempt, progress });
        return;
      }
      if (Date.now() - started >= RETURN_WAIT_MS) {
        setResult({ kind: 'waiting', progress });
        return;
      }
      setResult({ kind: 'checking', orderNumber: progress.orderNumber });
      timer = setTimeout(() => void check(), RETURN_POLL_MS);
    };
    void check();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [orderId, port, confirm, round]);

  /** Ask again (after "still waiting", or a failed look-up). */
  const checkAgain = () => {
    setResult({
      kind: 'checking',
      orderNumber:
        state.kind === 'failed' || state.kind === 'waiting'
          ? state.progress.orderNumber
          : state.kind === 'error' || state.kind === 'checking'
            ? state.orderNumber
            : null,
    });
    setRound((n) => n + 1);
  };

  return { state, checkAgain, confirm };
}
