import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { ContactButtons } from '../../../components/ui/contact-buttons';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { paths } from '../../../config/paths';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError, type NewOrder } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDate, formatTime } from '../../../domain/datetime';
import { formatMoney } from '../../../domain/money';
import { cardSchema, missingPaymentFields, VALIDATION_MESSAGES } from '../../../domain/schemas';
import type { PaymentMethod } from '../../../domain/status';
import { missingStepFor, useBookingFlow, type BookingFlowState } from '../flow/booking-flow';
import { BookingSteps } from '../flow/booking-steps';
import { browserPaymentProvider, PaymentDeclinedError } from '../payment/payment-provider';
import { CardFields, EMPTY_CARD, type CardField, type CardValues } from './payment/card-fields';
import { writeConfirmation, type ConfirmationSummary } from './payment/confirmation-store';
import { TestModeNotice } from './payment/test-mode-notice';
import '../../../components/ui/page-header.css';
import './payment-page.css';

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
]);

interface SaveProblem {
  /** An `errors:` or `validation:` key. */
  message: string;
  fields: { name: string; message: string }[];
  /** Where the customer can fix it. */
  fix?: 'dateSelection' | 'requestSummary' | 'contact';
}

/** The order exactly as the server validates it; card details are not part of it (D3). */
function orderFromFlow(
  state: BookingFlowState,
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
    moveType: state.moveType ?? 'full',
    housing: state.housing ?? 'apartment',
    pickupFloor: state.pickupFloor ?? 0,
    dropoffFloor: state.dropoffFloor ?? 0,
    workers: state.workers ?? 2,
    moveDate: state.moveDate ?? '',
    moveTime: state.moveTime ?? '',
    paymentMethod,
    totalPrice: state.totalPrice ?? 0,
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
  // Over the order limit (D8): the company can still take the booking by phone.
  if (message === 'errors:order.limitReached') return { message, fields, fix: 'contact' };
  if (isDataError(error) && error.code === 'invalid-argument') {
    return { message, fields, fix: 'requestSummary' };
  }
  return { message, fields };
}

/**
 * /payment: card (test provider) or cash on delivery, then the order is saved and the customer
 * lands on /confirmation. Nothing the customer entered is lost when saving fails.
 */
export function PaymentPage() {
  const { t, i18n } = useTranslation(['payment', 'validation', 'errors', 'common']);
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
  const port = useDataPort();
  const navigate = useNavigate();
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
  const missingStep = missingStepFor('payment', state);
  if (missingStep) return <Navigate to={missingStep} replace />;

  const total = state.totalPrice ?? 0;
  const incompleteId = `${id}-card-incomplete`;

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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || done.current) return;
    setProblem(null);

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
      const order = await port.orders.create(orderFromFlow(state, method, token));

      done.current = true;
      const summary: ConfirmationSummary = {
        orderId: order.id,
        orderNumber: order.orderNumber,
        paid: order.paymentStatus === 'paid',
        paymentMethod: order.paymentMethod,
        totalPrice: order.totalPrice,
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
      setProblem(problemFrom(error));
      focusAlert();
    } finally {
      if (!done.current) {
        inFlight.current = false;
        setSubmitting(false);
      }
    }
  };

  const showCardIncomplete = method === 'card' && blank.size > 0;
  const fieldList = (names: string[]) =>
    names.map((f) => t(`fields.${f}`)).join(t('fieldSeparator'));

  return (
    <div className="payment-page container-narrow page">
      <div className="page-toolbar">
        <BackButton fallback={paths.requestSummary} label={t('back')} />
        <LanguageToggle />
      </div>
      <BookingSteps current="payment" />
      <header className="page-header payment-header">
        <h1>{t('title')}</h1>
        <p className="lead">{t('lead')}</p>
      </header>

      <section className="card payment-recap" aria-labelledby={`${id}-recap`}>
        <h2 id={`${id}-recap`} className="payment-recap-title">
          {t('recap.title')}
        </h2>
        <dl className="payment-recap-list">
          {state.moveType && (
            <div>
              <dt>{t('recap.service')}</dt>
              <dd>{t(`moveTypes.${state.moveType}`)}</dd>
            </div>
          )}
          {state.moveDate && state.moveTime && (
            <div>
              <dt>{t('recap.date')}</dt>
              <dd>
                {t('recap.dateTime', {
                  date: formatDate(state.moveDate, language),
                  time: formatTime(state.moveTime, language),
                })}
              </dd>
            </div>
          )}
          <div className="payment-recap-total">
            <dt>{t('recap.total')}</dt>
            <dd>
              <bdi>{formatMoney(total, language)}</bdi>
            </dd>
          </div>
        </dl>
      </section>

      <form
        ref={formRef}
        className="payment-form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={submitting}
        aria-labelledby={`${id}-legend`}
      >
        <fieldset className="payment-methods" disabled={submitting}>
          <legend id={`${id}-legend`}>{t('method.legend')}</legend>
          {(['card', 'cod'] as const).map((value) => (
            <label key={value} className="payment-method" data-checked={method === value}>
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                checked={method === value}
                onChange={() => chooseMethod(value)}
                aria-describedby={`${id}-${value}-hint`}
              />
              <span className="payment-method-text">
                <span className="payment-method-label">{t(`method.${value}`)}</span>
                <span id={`${id}-${value}-hint`} className="field-hint">
                  {t(`method.${value}Hint`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>

        {method === 'card' ? (
          <section className="card payment-card" aria-labelledby={`${id}-card-title`}>
            <h2 id={`${id}-card-title`} className="payment-card-title">
              {t('card.title')}
            </h2>
            <TestModeNotice>
              <Trans
                t={t}
                i18nKey="testMode.card"
                components={{ card: <bdi className="ltr-value" /> }}
              />
            </TestModeNotice>
            {showCardIncomplete && (
              <p id={incompleteId} className="alert alert-error" role="alert">
                {t(VALIDATION_MESSAGES.cardIncomplete)}
              </p>
            )}
            <CardFields
              values={card}
              onChange={changeCard}
              errors={cardErrors}
              blank={blank}
              incompleteId={incompleteId}
              disabled={submitting}
            />
            <p className="field-hint payment-private">{t('card.private')}</p>
          </section>
        ) : (
          <p className="card payment-cod-note">
            {t('cod.note', { amount: formatMoney(total, language) })}
          </p>
        )}

        <div ref={alertRef} tabIndex={-1} className="payment-alerts">
          {missing.length > 0 && (
            <div className="alert alert-error" role="alert">
              <p>{t(VALIDATION_MESSAGES.paymentMissingFields, { fields: fieldList(missing) })}</p>
              <Link to={paths.requestSummary}>{t('errors.completeLink')}</Link>
            </div>
          )}
          {problem && (
            <div className="alert alert-error" role="alert">
              <p className="payment-problem-title">{t('errors:payment.saveError')}</p>
              <p>{t(problem.message)}</p>
              {problem.fields.length > 0 && (
                <>
                  <p>{t('errors.fields')}</p>
                  <ul>
                    {problem.fields.map((field) => (
                      <li key={field.name}>
                        {t(`fields.${field.name}`)}: {t(field.message)}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {problem.fix === 'dateSelection' && (
                <Link to={paths.dateSelection}>{t('errors.priceMismatchLink')}</Link>
              )}
              {problem.fix === 'requestSummary' && (
                <Link to={paths.requestSummary}>{t('errors.completeLink')}</Link>
              )}
              {problem.fix === 'contact' && <ContactButtons className="payment-contact" />}
            </div>
          )}
        </div>

        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block payment-submit"
          disabled={submitting}
          aria-describedby={submitting ? `${id}-submitting` : undefined}
        >
          {submitting && <span className="payment-spinner" aria-hidden />}
          {t(method === 'card' ? 'submit.card' : 'submit.cod')}
        </button>
        <p id={`${id}-submitting`} className="visually-hidden" aria-live="polite">
          {submitting ? t('submit.submitting') : ''}
        </p>
      </form>
    </div>
  );
}
