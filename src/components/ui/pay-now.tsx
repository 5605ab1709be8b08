import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../data/error-messages';
import type { DataPort, Order, PaymentOptions } from '../../data/port';
import { useDataPort } from '../../data/react/data-port-context';
import { formatMoney } from '../../domain/money';
import { isOnlinePaymentMethod, type OnlinePaymentMethod } from '../../domain/status';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import { ConfirmDialog } from './confirm-dialog';
import './pay-now.css';

// Paying an order online on the gateway's page (D3), from wherever the customer is: the payment
// step, the page they come back to, "my orders", the tracker. The card or wallet is entered on
// the gateway's page only; our pages send the browser there and read the result back from our
// backend (the gateway's signed callback decides, never the browser).

/** Leaves the site for the gateway's page. Tests replace `assign`. */
export const leavePage = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The order being paid, kept in this tab while its browser is on the gateway's page. */
export interface PaymentInProgress {
  orderId: string;
  orderNumber: string;
}

const PAYMENT_KEY = 'afsh.payment';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberPayment(payment: PaymentInProgress): void {
  try {
    storage()?.setItem(PAYMENT_KEY, JSON.stringify(payment));
  } catch {
    // A full or blocked storage only costs the return page its fallback.
  }
}

function parsePayment(raw: string | null): PaymentInProgress | null {
  try {
    const value = JSON.parse(raw ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { orderId, orderNumber } = value as Record<string, unknown>;
    return typeof orderId === 'string' && typeof orderNumber === 'string'
      ? { orderId, orderNumber }
      : null;
  } catch {
    return null;
  }
}

const rawPayment = () => {
  try {
    return storage()?.getItem(PAYMENT_KEY) ?? null;
  } catch {
    return null;
  }
};

export function rememberedPayment(): PaymentInProgress | null {
  return parsePayment(rawPayment());
}

const noSubscription = () => () => {};

/**
 * The payment this tab sent to the gateway, read as a render may (Habit 10): nothing in the
 * prerendered HTML, this tab's value in the browser.
 */
export function useRememberedPayment(): PaymentInProgress | null {
  const raw = useSyncExternalStore(noSubscription, rawPayment, () => null);
  return useMemo(() => parsePayment(raw), [raw]);
}

export function forgetPayment(): void {
  try {
    storage()?.removeItem(PAYMENT_KEY);
  } catch {
    // Nothing to forget.
  }
}

const optionsByPort = new WeakMap<DataPort, Promise<PaymentOptions>>();

/** What the deployment offers (asked once per data port); null while unknown or unreachable. */
export function usePaymentOptions(): { options: PaymentOptions | null; failed: boolean } {
  const port = useDataPort();
  const [state, setState] = useState<{ options: PaymentOptions | null; failed: boolean }>({
    options: null,
    failed: false,
  });
  useEffect(() => {
    let active = true;
    let pending = optionsByPort.get(port);
    if (!pending) {
      pending = port.payments.options();
      optionsByPort.set(port, pending);
      // A failed look-up is asked again next time.
      pending.catch(() => optionsByPort.delete(port));
    }
    pending.then(
      (options) => active && setState({ options, failed: false }),
      () => active && setState({ options: null, failed: true }),
    );
    return () => {
      active = false;
    };
  }, [port]);
  return state;
}

/** The online methods the gateway takes (none with the test provider or without a gateway). */
export function hostedMethods(options: PaymentOptions | null): OnlinePaymentMethod[] {
  if (!options || options.provider === 'test' || options.provider === 'none') return [];
  return options.methods.filter(isOnlinePaymentMethod);
}

/**
 * Starts a try for `orderId` and sends the browser to the gateway. Resolves only when it could
 * not (the error), since the page is left otherwise.
 */
export async function payOnline(
  port: DataPort,
  order: Pick<Order, 'id' | 'orderNumber'>,
  method: OnlinePaymentMethod,
  language: 'ar' | 'en',
): Promise<void> {
  const started = await port.payments.start(order.id, method, language);
  // Only redirecting gateways take the methods this screen offers so far.
  if (started.kind !== 'redirect') throw new Error(`Unexpected payment start: ${started.kind}`);
  rememberPayment({ orderId: order.id, orderNumber: order.orderNumber });
  leavePage.assign(started.redirectUrl);
}

export interface PayNowProps {
  order: Pick<Order, 'id' | 'orderNumber' | 'totalPrice' | 'paymentMethod'>;
  canPay: boolean;
  canSwitchToCash: boolean;
  /** The order after the customer chose cash on delivery. */
  onSwitchedToCash(order: Order): void;
  /** Words above the buttons (why paying is offered). */
  lead?: string;
}

/** "Pay now" (with the method, when the gateway takes several) and "cash instead". */
export function PayNow({ order, canPay, canSwitchToCash, onSwitchedToCash, lead }: PayNowProps) {
  const { t } = useTranslation(['payment', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const ids = useId();
  const { options } = usePaymentOptions();
  const methods = hostedMethods(options);
  const [chosen, setChosen] = useState<OnlinePaymentMethod | null>(null);
  const method =
    chosen ??
    (isOnlinePaymentMethod(order.paymentMethod) && methods.includes(order.paymentMethod)
      ? order.paymentMethod
      : (methods[0] ?? 'card'));
  const [busy, setBusy] = useState<'pay' | 'cash' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [cashError, setCashError] = useState<string | null>(null);
  const forOrder = t('payment:payNow.forOrder', { number: order.orderNumber });

  const pay = async () => {
    setBusy('pay');
    setError(null);
    try {
      await payOnline(port, order, method, language);
    } catch (failure) {
      setError(errorMessageKey(failure, 'payment'));
      setBusy(null);
    }
  };

  const toCash = async () => {
    setBusy('cash');
    setCashError(null);
    try {
      const updated = await port.payments.switchToCash(order.id);
      setConfirming(false);
      onSwitchedToCash(updated);
    } catch (failure) {
      setCashError(t(errorMessageKey(failure, 'generic')));
    } finally {
      setBusy(null);
    }
  };

  if (!canPay && !canSwitchToCash) return null;
  return (
    <div className="pay-now">
      {lead && <p className="pay-now-lead">{lead}</p>}
      {canPay && methods.length > 1 && (
        <fieldset className="pay-now-methods" disabled={busy !== null}>
          <legend>{t('payment:payNow.payWith')}</legend>
          {methods.map((value) => (
            <label key={value} className="pay-now-method">
              <input
                type="radio"
                name={`${ids}-method`}
                value={value}
                checked={method === value}
                onChange={() => setChosen(value)}
              />
              {t(`payment:method.${value}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="pay-now-actions">
        {canPay && methods.length > 0 && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy !== null}
            aria-busy={busy === 'pay' || undefined}
            onClick={() => void pay()}
          >
            {busy === 'pay' ? t('payment:payNow.redirecting') : t('payment:payNow.pay')}
            <span className="visually-hidden"> {forOrder}</span>
          </button>
        )}
        {canSwitchToCash && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {t('payment:payNow.toCash')}
            <span className="visually-hidden"> {forOrder}</span>
          </button>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {busy === 'pay' ? t('payment:payNow.redirecting') : ''}
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {t(error)}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('payment:payNow.cashTitle')}
          confirmLabel={
            busy === 'cash' ? t('payment:payNow.cashWorking') : t('payment:payNow.cashYes')
          }
          cancelLabel={t('payment:payNow.cashNo')}
          onConfirm={() => void toCash()}
          onCancel={() => {
            setConfirming(false);
            setCashError(null);
          }}
          busy={busy === 'cash'}
          error={cashError}
        >
          <p>{t('payment:payNow.cashBody', { amount: formatMoney(order.totalPrice, language) })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
