import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError, type DataPort, type NewOrder, type Order } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { hostedMethods, payOnline, usePaymentOptions } from '../../../components/ui/pay-now';
import { missingPaymentFields } from '../../../domain/booking-schemas';
import { cardSchema } from '../../../domain/card-schema';
import { VALIDATION_MESSAGES } from '../../../domain/validation-messages';
import type { DisplayLanguage } from '../../../domain/locale';
import { isOnlinePaymentMethod, type PaymentMethod } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import {
  missingStepFor,
  useBookingFlow,
  writeConfirmation,
  type BookingFlowState,
  confirmationOf,
} from '../flow/booking-flow';
import { type FlowPrice } from '../flow/flow-price';
import { usePriceCheck, type PriceCheck } from '../flow/use-price-check';
import { PaymentDeclinedError } from '../payment/browser-payment';
import { PHONE_MESSAGES } from '../../../domain/phone-verification';
import type { PhoneCheckRequest } from './use-phone-check';
import { browserPaymentProvider } from '../payment/payment-provider';
import { EMPTY_CARD, type CardField, type CardValues } from '../components/payment/card-fields';

/** Order fields the server may name in an invalid-argument answer, with a label each. */
const LABELLED_FIELDS = new Set([
  'moveType',
  'fullName',
  'phoneNumber',
  'pickupAddress',
  'dropoffAddress',
  'governorateId',
  'districtId',
  'moveDate',
  'moveTime',
  'housing',
  'pickupFloor',
  'dropoffFloor',
  'workers',
  'notes',
  'paymentMethod',
  'totalPrice',
  'dropoffGovernorateId',
  'dropoffDistrictId',
]);

export interface SaveProblem {
  /** An `errors:` or `validation:` key. */
  message: string;
  fields: { name: string; message: string }[];
  /**
   * Where the customer can fix it; `cash`: pay the saved order cash on delivery instead;
   * `verifyPhone`: prove the order's number again on the details step (D13).
   */
  fix?: 'dateSelection' | 'chooseTime' | 'requestSummary' | 'contact' | 'cash' | 'verifyPhone';
  /** The new total when prices changed (D11). */
  newTotal?: number;
}

/**
 * The order exactly as the server validates it, priced by the flow's one price function (the
 * figure this screen shows); card details are not part of it (D3).
 */
function orderFromFlow(
  state: BookingFlowState,
  {
    price,
    total,
    catalogVersion,
  }: Pick<PriceCheck, 'total' | 'catalogVersion'> & {
    price: FlowPrice;
  },
  language: DisplayLanguage,
  paymentMethod: PaymentMethod,
  paymentToken?: string,
): NewOrder {
  return {
    fullName: state.fullName ?? '',
    phoneNumber: state.phoneNumber ?? '',
    pickupAddress: state.pickupAddress ?? '',
    dropoffAddress: state.dropoffAddress ?? '',
    notes: state.notes ?? '',
    governorateId: state.governorateId ?? '',
    districtId: state.districtId ?? '',
    ...(state.dropoffGovernorateId && state.dropoffDistrictId
      ? {
          dropoffGovernorateId: state.dropoffGovernorateId,
          dropoffDistrictId: state.dropoffDistrictId,
        }
      : {}),
    moveType: state.moveType ?? 'full',
    housing: price.housing,
    pickupFloor: price.pickupFloor,
    dropoffFloor: price.dropoffFloor,
    workers: price.workers,
    moveDate: state.moveDate ?? '',
    moveTime: state.moveTime ?? '',
    ...(state.windowId ? { windowId: state.windowId } : {}),
    paymentMethod,
    // What the customer was shown and accepted, with its catalog version: the server says when
    // prices have changed since (D11). The gateway is asked for the total the server computed
    // from it (D3), never for a figure of the browser's.
    totalPrice: total,
    catalogVersion,
    // The customer's messages are in the language they book in (D10), and only with consent.
    language,
    notifyConsent: state.notifyConsent === true,
    ...(paymentToken ? { paymentToken } : {}),
  };
}

/**
 * What identifies the booking an order was placed for: the order as it would be sent, whatever
 * the payment. The same booking is paid (or turned to cash) again, never placed twice (D3).
 */
function bookingFingerprint(state: BookingFlowState, check: PriceCheck, language: DisplayLanguage) {
  return JSON.stringify(orderFromFlow(state, check, language, 'cod'));
}

/** An order as the confirmation reads it. */
function asConfirmed(order: Order): Parameters<typeof confirmationOf>[0] {
  return { ...order, orderId: order.id };
}

function problemFrom(error: unknown): SaveProblem {
  if (error instanceof PaymentDeclinedError) {
    return { message: 'errors:payment.declined', fields: [] };
  }
  const message = errorMessageKey(error, 'payment');
  // A crew is held only for a customer who proved the order's number (D13): a session that
  // ended, or never proved it, goes back to the details step to prove it, nothing lost.
  if (
    message === PHONE_MESSAGES.verificationRequired ||
    (isDataError(error) && error.code === 'unauthenticated')
  ) {
    return { message: PHONE_MESSAGES.verificationRequired, fields: [], fix: 'verifyPhone' };
  }
  // The gateway could not be reached: the order is saved, cash on delivery is still possible.
  if (message === 'errors:payment.providerUnavailable') {
    return { message, fields: [], fix: 'cash' };
  }
  const fields = isDataError(error)
    ? Object.entries(error.fields ?? {})
        .filter(([name]) => LABELLED_FIELDS.has(name))
        .map(([name, key]) => ({ name, message: fieldMessageKey(key) }))
        .filter((field) => field.message !== message)
    : [];
  if (message === 'errors:order.priceMismatch') return { message, fields, fix: 'dateSelection' };
  // D11: the new total is shown; the screen also asks for the new catalog and offers to accept it.
  if (message === 'errors:order.pricesChanged') {
    const newTotal = isDataError(error) ? error.details?.totalPrice : undefined;
    return {
      message,
      fields: [],
      ...(typeof newTotal === 'number' ? { newTotal } : {}),
    };
  }
  // D12: another customer took the last crew of that window, or it has begun.
  if (message === 'errors:order.windowFull' || message === 'errors:order.noWindow') {
    return { message, fields: [], fix: 'chooseTime' };
  }
  // Over the order limit (D8): the company can still take the booking by phone.
  if (message === 'errors:order.limitReached') return { message, fields, fix: 'contact' };
  if (isDataError(error) && error.code === 'invalid-argument') {
    return { message, fields, fix: 'requestSummary' };
  }
  return { message, fields };
}

/**
 * The payment screen's logic: the method, the card and its browser-side checks (D3), saving the
 * order once (a second click in the same frame must not pay twice) and what went wrong.
 */
export function usePayment() {
  const { t } = useTranslation(['payment', 'validation']);
  const port = useDataPort();
  const navigate = useNavigate();
  const language = useDisplayLanguage();
  const { state, update } = useBookingFlow();
  const id = useId();

  const { options, failed: optionsFailed } = usePaymentOptions();
  // What this deployment takes (D3); cash only when that cannot be learned.
  const offered: PaymentMethod[] | null = optionsFailed ? ['cod'] : (options?.methods ?? null);
  const hosted = hostedMethods(options).length > 0;
  const [chosen, setMethod] = useState<PaymentMethod>(state.paymentMethod ?? 'cod');
  const method: PaymentMethod = offered && !offered.includes(chosen) ? 'cod' : chosen;
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [blank, setBlank] = useState<ReadonlySet<CardField>>(new Set());
  const [missing, setMissing] = useState<string[]>([]);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // State updates are not synchronous: a second click in the same frame must see the first.
  const inFlight = useRef(false);
  const done = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A flow without its data goes back (spec). After saving, the flow still holds it until the
  // confirmation screen has taken over.
  const redirect = missingStepFor('payment', state);
  const check = usePriceCheck();
  const { total } = check;
  const noticeRef = useRef<HTMLDivElement>(null);
  // The notice is focused once it is on screen, after the backend said prices changed.
  const noticeWanted = useRef(false);
  useEffect(() => {
    if (!check.changed || !noticeWanted.current) return;
    noticeWanted.current = false;
    noticeRef.current?.focus();
  }, [check.changed]);
  const fingerprint = bookingFingerprint(state, check, language);
  // An order of this very booking, saved and waiting for its online payment (D3).
  const savedOrder =
    state.orderId && state.orderNumber && !state.paid && state.orderFingerprint === fingerprint
      ? { id: state.orderId, orderNumber: state.orderNumber }
      : null;

  const chooseMethod = (next: PaymentMethod) => {
    setMethod(next);
    setProblem(null);
    update({ paymentMethod: next });
  };

  const changeCard = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (cardErrors[field]) setCardErrors(({ [field]: _, ...rest }) => rest);
    if (blank.has(field) && value.trim() !== '') {
      setBlank((current) => new Set([...current].filter((f) => f !== field)));
    }
  };

  const focusAlert = () => requestAnimationFrame(() => alertRef.current?.focus());

  /** Browser-side card checks (D3); null when the card is not good enough to try. */
  const checkCard = () => {
    const parsed = cardSchema().safeParse(card);
    if (parsed.success) {
      setCardErrors({});
      setBlank(new Set());
      return parsed.data;
    }
    const errors: Partial<Record<CardField, string>> = {};
    const blanks = new Set<CardField>();
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CardField;
      if (issue.message === VALIDATION_MESSAGES.cardIncomplete) blanks.add(field);
      else errors[field] ??= t(issue.message);
    }
    setCardErrors(errors);
    setBlank(blanks);
    return null;
  };

  /** The confirmation screen takes over; Back must not land on a form that would pay again. */
  const confirm = (order: Parameters<typeof confirmationOf>[0]) => {
    done.current = true;
    const summary = confirmationOf(order, options?.testMode ?? false);
    writeConfirmation(summary);
    update({
      orderId: summary.orderId,
      orderNumber: summary.orderNumber,
      paid: summary.paid,
      paymentMethod: summary.paymentMethod,
    });
    void navigate(paths.confirmation, { replace: true, state: summary });
  };

  /**
   * The saved order of this booking, as it now stands: paid meanwhile (its payment went through),
   * still payable, or gone (cancelled, or no longer payable online: a new order is placed).
   */
  const savedOrderNow = async (ported: DataPort) => {
    if (!savedOrder) return null;
    try {
      const progress = await ported.payments.progress(savedOrder.id);
      if (progress.paymentStatus === 'paid' || progress.canPay) return progress;
    } catch {
      // Not readable any more (another account): place a new one.
    }
    return null;
  };

  /**
   * Runs `work` with the form busy (one save at a time); a failure is shown and focused. The
   * form stays busy when the page is being left (the confirmation, or the gateway).
   */
  const busyWhile = async (work: () => Promise<void>) => {
    inFlight.current = true;
    setSubmitting(true);
    try {
      await work();
    } catch (error) {
      const found = problemFrom(error);
      if (found.fix === 'verifyPhone') {
        // Back to the code on the details step, then straight back here (D13).
        done.current = true;
        const back: PhoneCheckRequest = { verifyPhone: true, then: 'payment' };
        void navigate(paths.customerInfo, { state: back });
        return;
      }
      // Prices changed since the customer chose (D11): news, not a failure (D22). With the
      // catalog the backend now prices with, the notice shows the new total and its "accept",
      // and takes the focus; only when that catalog cannot be had is it a problem to show.
      if (found.message === 'errors:order.pricesChanged') {
        const current = await check.refresh().catch(() => null);
        if (current && current.version !== state.catalogVersion) {
          // On screen already (the catalog's answer rendered it), or as soon as it is.
          noticeWanted.current = true;
          requestAnimationFrame(() => {
            if (!noticeRef.current) return;
            noticeWanted.current = false;
            noticeRef.current.focus();
          });
          return;
        }
      }
      setProblem(found);
      focusAlert();
    } finally {
      if (!done.current) {
        inFlight.current = false;
        setSubmitting(false);
      }
    }
  };

  const save = async () => {
    // A new total is paid only once the customer has seen and accepted it (D11).
    if (check.changed) {
      requestAnimationFrame(() => noticeRef.current?.focus());
      return;
    }
    const absent = missingPaymentFields(state);
    setMissing(absent);
    if (absent.length > 0) {
      focusAlert();
      return;
    }

    const online = isOnlinePaymentMethod(method);
    const checkedCard = method === 'card' && !hosted ? checkCard() : null;
    if (method === 'card' && !hosted && !checkedCard) {
      // Keyboard and screen-reader users land on the first field to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus(),
      );
      return;
    }

    // No anonymous session first: the session that proved the order's number on the details
    // step is the one that places it (D13).
    await busyWhile(async () => {
      const saved = await savedOrderNow(port);
      if (saved?.paymentStatus === 'paid') {
        confirm(saved);
        return;
      }

      if (online && hosted) {
        // Placed pending first, then paid on the gateway's page (D3).
        const order = saved
          ? { id: saved.orderId, orderNumber: saved.orderNumber }
          : await port.orders.create(orderFromFlow(state, check, language, method));
        update({
          orderId: order.id,
          orderNumber: order.orderNumber,
          paid: false,
          paymentMethod: method,
          orderFingerprint: fingerprint,
        });
        await payOnline(port, order, method, language);
        // The browser is leaving for the gateway: the form stays busy.
        done.current = true;
        return;
      }

      if (method === 'cod' && saved) {
        confirm(asConfirmed(await port.payments.switchToCash(saved.orderId)));
        return;
      }

      const token = checkedCard
        ? (await browserPaymentProvider().authorize(checkedCard, total)).token
        : undefined;
      confirm(
        asConfirmed(await port.orders.create(orderFromFlow(state, check, language, method, token))),
      );
    });
  };

  /** The saved order of this booking, paid cash on delivery instead (the gateway was down). */
  const payCashInstead = async () => {
    if (!savedOrder || inFlight.current || done.current) return;
    setProblem(null);
    await busyWhile(async () => {
      confirm(asConfirmed(await port.payments.switchToCash(savedOrder.id)));
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || done.current) return;
    setProblem(null);
    void save();
  };

  return {
    redirect,
    state,
    id,
    total,
    offered,
    hosted,
    testMode: options?.testMode ?? false,
    savedOrder,
    priceCheck: check,
    noticeRef,
    acceptNewTotal: () => {
      check.accept();
      setProblem(null);
    },
    method,
    chooseMethod,
    card,
    changeCard,
    cardErrors,
    blank,
    missing,
    problem,
    submitting,
    alertRef,
    formRef,
    onSubmit,
    payCashInstead,
  };
}
