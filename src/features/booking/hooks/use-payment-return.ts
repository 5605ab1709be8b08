import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { forgetPayment, rememberedPayment } from '../../../components/ui/pay-now';
import { paths } from '../../../config/paths';
import { isDataError, type PaymentProgress } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { orderIdOfReference } from '../../../domain/payments';
import { writeConfirmation, type ConfirmationSummary } from '../flow/booking-flow';

/** How often, and how long, the page asks our backend whether the gateway has confirmed. */
export const RETURN_POLL_MS = 1500;
export const RETURN_WAIT_MS = 45_000;

export type PaymentReturnState =
  | { kind: 'checking'; orderNumber: string | null }
  /** Which order this is cannot be told (no reference, nothing remembered, not ours). */
  | { kind: 'unknown' }
  | { kind: 'error' }
  /** The gateway said no (or the try could not be used): pay again, or cash. */
  | {
      kind: 'failed';
      reason: 'declined' | 'failed' | 'expired' | 'mismatch';
      progress: PaymentProgress;
    }
  /** Nothing heard from the gateway in time: it may still come. */
  | { kind: 'waiting'; progress: PaymentProgress };

/** The order the browser came back for: Paymob's reference in the address, else this tab's. */
function returningOrderId(search: URLSearchParams): string | null {
  return (
    orderIdOfReference(search.get('merchant_order_id')) ?? rememberedPayment()?.orderId ?? null
  );
}

/**
 * /payment-return (D3): the browser is back from the gateway. Its address says how the payment
 * went, but only our backend knows (the gateway's signed callback): ask it until it is decided,
 * then go on to /confirmation, or offer to pay again or in cash.
 */
export function usePaymentReturn() {
  const port = useDataPort();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [orderId] = useState(() => returningOrderId(search));
  const [state, setState] = useState<PaymentReturnState>(() =>
    orderId
      ? { kind: 'checking', orderNumber: rememberedPayment()?.orderNumber ?? null }
      : { kind: 'unknown' },
  );
  const [round, setRound] = useState(0);
  const done = useRef(false);

  const confirm = useCallback(
    (
      progress: Pick<
        PaymentProgress,
        'orderId' | 'orderNumber' | 'paymentStatus' | 'paymentMethod' | 'totalPrice'
      >,
    ) => {
      done.current = true;
      const summary: ConfirmationSummary = {
        orderId: progress.orderId,
        orderNumber: progress.orderNumber,
        paid: progress.paymentStatus === 'paid',
        paymentMethod: progress.paymentMethod,
        totalPrice: progress.totalPrice,
      };
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
        setState(gone ? { kind: 'unknown' } : { kind: 'error' });
        return;
      }
      if (!active) return;
      if (progress.paymentStatus === 'paid' || progress.paymentMethod === 'cod') {
        confirm(progress);
        return;
      }
      const attempt = progress.attempt?.state;
      if (
        attempt === 'declined' ||
        attempt === 'failed' ||
        attempt === 'expired' ||
        attempt === 'mismatch'
      ) {
        setState({ kind: 'failed', reason: attempt, progress });
        return;
      }
      if (Date.now() - started >= RETURN_WAIT_MS) {
        setState({ kind: 'waiting', progress });
        return;
      }
      setState({ kind: 'checking', orderNumber: progress.orderNumber });
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
    setState((current) => ({
      kind: 'checking',
      orderNumber:
        current.kind === 'failed' || current.kind === 'waiting'
          ? current.progress.orderNumber
          : null,
    }));
    setRound((n) => n + 1);
  };

  return { state, checkAgain, confirm };
}
