import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError, type NewOrder } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { cardSchema, missingPaymentFields, VALIDATION_MESSAGES } from '../../../domain/schemas';
import type { DisplayLanguage } from '../../../domain/locale';
import type { PaymentMethod } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import {
  missingStepFor,
  useBookingFlow,
  writeConfirmation,
  type BookingFlowState,
  type ConfirmationSummary,
} from '../flow/booking-flow';
import { type FlowPrice } from '../flow/flow-price';
import { usePriceCheck, type PriceCheck } from '../flow/use-price-check';
import { PaymentDeclinedError } from '../payment/browser-payment';
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
  /** Where the customer can fix it. */
  fix?: 'dateSelection' | 'chooseTime' | 'requestSummary' | 'contact';
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
    // prices have changed since (D11).
    totalPrice: total,
    catalogVersion,
    // The customer's messages are in the language they book in (D10), and only with consent.
    language,
    notifyConsent: state.notifyConsent === true,
    ...(paymentToken ? { paymentToken } : {}),
  };
}

function problemFrom(error: unknown): SaveProblem {
  if (error instanceof PaymentDeclinedError) {
    return { message: 'errors:payment.declined', fields: [] };
  }
  const message = errorMessageKey(error, 'payment');
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

  const [method, setMethod] = useState<PaymentMethod>(state.paymentMethod ?? 'cod');
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

    const checkedCard = method === 'card' ? checkCard() : null;
    if (method === 'card' && !checkedCard) {
      // Keyboard and screen-reader users land on the first field to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus(),
      );
      return;
    }

    inFlight.current = true;
    setSubmitting(true);
    try {
      try {
        await port.auth.ensureSession();
      } catch {
        setProblem({ message: 'errors:payment.sessionFailed', fields: [] });
        focusAlert();
        return;
      }
      const token = checkedCard
        ? (await browserPaymentProvider().authorize(checkedCard, total)).token
        : undefined;
      const order = await port.orders.create(orderFromFlow(state, check, language, method, token));

      done.current = true;
      const summary: ConfirmationSummary = {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paid: order.paymentStatus === 'paid',
        paymentMethod: order.paymentMethod,
        totalPrice: order.totalPrice,
        move: {
          date: order.moveDate,
          start: order.moveTime,
          end: order.timeWindow?.end ?? null,
          governorateId: order.governorateId,
          districtId: order.districtId,
          dropoffGovernorateId: order.dropoffGovernorateId,
          dropoffDistrictId: order.dropoffDistrictId,
        },
      };
      writeConfirmation(summary);
      update({
        orderId: summary.orderId,
        orderNumber: summary.orderNumber,
        paid: summary.paid,
        paymentMethod: summary.paymentMethod,
      });
      // Replace: Back from the confirmation must not land on a form that would pay again.
      void navigate(paths.confirmation, { replace: true, state: summary });
    } catch (error) {
      const found = problemFrom(error);
      // The notice with the new total and its "accept" follows once the catalog is in.
      if (found.message === 'errors:order.pricesChanged') void check.refresh().catch(() => {});
      setProblem(found);
      focusAlert();
    } finally {
      if (!done.current) {
        inFlight.current = false;
        setSubmitting(false);
      }
    }
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
  };
}
