import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { CurrentUser } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { normalizeEgyptianMobile } from '../../../domain/phone';
import { checkBooker } from '../../../domain/phone-verification';

/**
 * What the details step renders to prove a number (D13): the auth feature's code step, wired in
 * src/app (features do not import each other). It sends the code to `phone` as it opens.
 */
export interface PhoneVerifierProps {
  /** The number as the customer typed it. */
  phone: string;
  onVerified(user: CurrentUser): void;
  /** Back to the form, to change the number. */
  onCancel(): void;
}
export type PhoneVerifier = ComponentType<PhoneVerifierProps>;

/**
 * The navigation state that sends a customer back to the details step to prove the order's
 * number (the payment step, when placing the order answered that it must be proved), and the
 * step to return to once it is.
 */
export interface PhoneCheckRequest {
  verifyPhone: true;
  then?: 'payment';
}

function isCheckRequest(value: unknown): value is PhoneCheckRequest {
  return (
    typeof value === 'object' && value !== null && (value as PhoneCheckRequest).verifyPhone === true
  );
}

/**
 * Whether this session may book for `phone` without a code: the backend's own rule (an admin, or
 * the session that proved the number), asked before the crew is held rather than after.
 */
function mayBookFor(user: CurrentUser | null, phone: string): boolean {
  if (!user) return false;
  try {
    checkBooker(user, normalizeEgyptianMobile(phone) ?? phone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The details step's "is this number proved" (D13): a crew is held only for a customer who
 * proved the order's number, so before the next step the session must be its owner's (or an
 * admin's). Otherwise the code is sent and typed right here; everything typed stays in the
 * booking's storage meanwhile. `phone` is the flow's number (the step saved it before asking).
 */
export function usePhoneCheck(phone: string | undefined) {
  const port = useDataPort();
  const navigate = useNavigate();
  const location = useLocation();
  const request = isCheckRequest(location.state) ? location.state : null;
  const [checking, setChecking] = useState(false);
  /** The number being proved, while the code step is open. */
  const [verifying, setVerifying] = useState<string | null>(null);

  const next = useCallback(
    () => void navigate(request?.then === 'payment' ? paths.payment : paths.dateSelection),
    [navigate, request?.then],
  );

  /** Continues when the session may book for `number`; otherwise opens the code step. */
  const check = useCallback(
    async (number: string) => {
      setChecking(true);
      let user: CurrentUser | null = null;
      try {
        user = await port.auth.current();
      } catch {
        // Not knowing who this is: the code step proves it either way.
      } finally {
        setChecking(false);
      }
      if (mayBookFor(user, number)) next();
      else setVerifying(number);
    },
    [port, next],
  );

  // Sent back by the payment step: prove the number at once (unless it was proved meanwhile).
  const handledRequest = useRef(false);
  useEffect(() => {
    if (!request || !phone || handledRequest.current) return;
    handledRequest.current = true;
    void check(phone);
  }, [request, phone, check]);

  return {
    checking,
    verifying,
    check,
    onVerified: () => {
      setVerifying(null);
      next();
    },
    onCancel: () => setVerifying(null),
  };
}
