import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { ContactButtons } from '../../../components/ui/contact-buttons';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { paths } from '../../../config/paths';
import { MoveWhen } from '../../../components/ui/move-when';
import { formatMoney } from '../../../domain/money';
import { VALIDATION_MESSAGES } from '../../../domain/validation-messages';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { BookingSteps } from '../flow/booking-steps';
import { usePayment } from '../hooks/use-payment';
import { CardFields } from './payment/card-fields';
import { PricesChangedNotice } from './prices-changed-notice';
import { TestModeNotice } from './payment/test-mode-notice';
import '../../../components/ui/page-header.css';
import './payment-page.css';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /payment: what the deployment takes (D3): a card with the test provider (checked here, no money
 * moves), a card or a mobile wallet on the gateway's page (Paymob: the order is saved pending and
 * the browser goes there; nothing about the card is typed here), or cash on delivery. Then
 * /confirmation, directly or on the way back from the gateway. Nothing the customer entered is
 * lost when saving fails, and a saved order is paid again rather than placed twice.
 */
export function PaymentPage() {
  const { t, i18n } = useTranslation(['payment', 'validation', 'errors', 'common', 'pricing']);
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
  const { redirect, state, id, total, method, problem, missing, submitting, ...pay } = usePayment();
  const { offered, hosted, testMode, savedOrder } = pay;
  const { formRef, alertRef, priceCheck, noticeRef } = pay;

  if (redirect) return <Navigate to={redirect} replace />;

  const incompleteId = `${id}-card-incomplete`;
  const showCardIncomplete = method === 'card' && pay.blank.size > 0;
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
        <PageTitle title={t('title')} />
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
              <dd>{t(`pricing:moveTypes.${state.moveType}.label`)}</dd>
            </div>
          )}
          {state.moveDate && state.moveTime && (
            <div>
              <dt>{t('recap.date')}</dt>
              {/* Weekday, date and window (D22): the day as the customer checks it. */}
              <dd>
                {/* Weekday, day and window, as every screen says it (D19, D22). */}
                <MoveWhen
                  date={state.moveDate}
                  window={
                    state.moveTime ? { start: state.moveTime, end: state.windowEnd ?? null } : null
                  }
                />
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
        {priceCheck.changed && priceCheck.previous !== null && (
          <PricesChangedNotice
            ref={noticeRef}
            previous={priceCheck.previous}
            current={total}
            onAccept={pay.acceptNewTotal}
          />
        )}
      </section>

      <form
        ref={formRef}
        className="payment-form"
        onSubmit={pay.onSubmit}
        noValidate
        aria-busy={submitting}
        aria-labelledby={`${id}-legend`}
      >
        <fieldset className="payment-methods" disabled={submitting}>
          <legend id={`${id}-legend`}>{t('method.legend')}</legend>
          {!offered && <LoadingStatus>{t('method.loading')}</LoadingStatus>}
          {offered && offered.length === 1 && offered[0] === 'cod' && (
            <p className="field-hint">{t('method.onlineUnavailable')}</p>
          )}
          {(offered ?? []).map((value) => (
            <label key={value} className="payment-method" data-checked={method === value}>
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                checked={method === value}
                onChange={() => pay.chooseMethod(value)}
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

        {savedOrder && (
          <p className="card payment-saved" role="status">
            <Trans
              t={t}
              i18nKey="saved.order"
              values={{ number: savedOrder.orderNumber }}
              components={{ num: <bdi className="ltr-value" /> }}
            />
          </p>
        )}

        {!offered ? null : method !== 'cod' && hosted ? (
          <section className="card payment-card" aria-labelledby={`${id}-hosted-title`}>
            <h2 id={`${id}-hosted-title`} className="payment-card-title">
              {t('hosted.title')}
            </h2>
            {testMode && <TestModeNotice>{t('testMode.paymob')}</TestModeNotice>}
            <p>{t(method === 'wallet' ? 'hosted.wallet' : 'hosted.card')}</p>
            <p className="field-hint">{t('hosted.after')}</p>
          </section>
        ) : method === 'card' ? (
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
              values={pay.card}
              onChange={pay.changeCard}
              errors={pay.cardErrors}
              blank={pay.blank}
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
              <p>
                {t(
                  problem.message,
                  problem.newTotal !== undefined
                    ? { total: formatMoney(problem.newTotal, language) }
                    : {},
                )}
              </p>
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
              {problem.fix === 'chooseTime' && (
                <Link to={paths.dateSelection}>{t('errors.chooseTimeLink')}</Link>
              )}
              {problem.fix === 'requestSummary' && (
                <Link to={paths.requestSummary}>{t('errors.completeLink')}</Link>
              )}
              {problem.fix === 'contact' && <ContactButtons className="payment-contact" />}
              {problem.fix === 'cash' && savedOrder && (
                <button
                  type="button"
                  className="btn btn-secondary payment-cash-instead"
                  disabled={submitting}
                  onClick={() => void pay.payCashInstead()}
                >
                  {t('payNow.toCash')}
                </button>
              )}
            </div>
          )}
        </div>

        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block payment-submit"
          disabled={submitting || !offered}
          aria-describedby={submitting ? `${id}-submitting` : undefined}
        >
          {submitting && <span className="payment-spinner" aria-hidden />}
          {t(method === 'cod' ? 'submit.cod' : hosted ? 'submit.hosted' : 'submit.card')}
        </button>
        <p id={`${id}-submitting`} className="visually-hidden" aria-live="polite">
          {submitting
            ? t(method !== 'cod' && hosted ? 'submit.redirecting' : 'submit.submitting')
            : ''}
        </p>
      </form>
    </div>
  );
}
