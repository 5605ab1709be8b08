import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button';
import { ShareButton } from '../../../components/ui/share-button';
import { TrackingQr, trackingUrl } from '../../../components/ui/tracking-qr';
import { paths, trackPath } from '../../../config/paths';
import { formatMoveWhen } from '../../../domain/datetime';
import { placeName } from '../../../domain/governorates';
import { formatMoney } from '../../../domain/money';
import {
  clearBookingFlow,
  confirmationTestMode,
  parseConfirmation,
  readBookingFlow,
  readConfirmation,
  writeConfirmation,
  type ConfirmationSummary,
} from '../flow/booking-flow';
import { celebrate } from './payment/confetti';
import { TestModeNotice } from './payment/test-mode-notice';
import './confirmation-page.css';
import './payment-page.css';
import { PageTitle } from '../../../components/ui/page-title';

type Resolved = { summary: ConfirmationSummary } | { redirect: string };

/** Navigation state first (the spec), then this tab's stored copy, then the flow (reload-safe). */
function resolve(navigationState: unknown): Resolved {
  const fromNavigation = parseConfirmation(navigationState);
  if (fromNavigation) return { summary: fromNavigation };
  const flow = readBookingFlow();
  // An order still waiting for its online payment is not confirmed: the way back from the
  // gateway decides when it is (D3).
  const waitingOnline = flow.paymentMethod !== 'cod' && flow.paid === false;
  const fromFlow = waitingOnline
    ? null
    : parseConfirmation({
        orderId: flow.orderId,
        orderNumber: flow.orderNumber,
        paid: flow.paid,
        paymentMethod: flow.paymentMethod,
        totalPrice: flow.totalPrice,
      });
  const stored = readConfirmation();
  // The stored copy says more (whether money moved) when it is of the same order.
  if (stored && (!fromFlow || stored.orderId === fromFlow.orderId)) return { summary: stored };
  if (fromFlow) return { summary: fromFlow };
  // No order: a booking under way goes back to its summary, anyone else home.
  return { redirect: Object.keys(flow).length > 0 ? paths.requestSummary : paths.home };
}

/** /confirmation: the order number to keep, share and track, and a little celebration. */
export function ConfirmationPage() {
  const { t, i18n } = useTranslation('payment');
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
  const location = useLocation();
  const id = useId();
  const [resolved] = useState(() => resolve(location.state));
  const summary = 'summary' in resolved ? resolved.summary : null;

  useEffect(() => {
    if (!summary) return;
    // Keep what a reload needs, then start the next booking clean.
    writeConfirmation(summary);
    clearBookingFlow();
  }, [summary]);

  useEffect(() => (summary ? celebrate() : undefined), [summary]);

  if ('redirect' in resolved) return <Navigate to={resolved.redirect} replace />;
  const order = resolved.summary;
  const url = trackingUrl(order.orderNumber);
  const { move } = order;

  return (
    <div className="confirmation-page container-narrow page">
      <header className="confirmation-header">
        <span className="confirmation-check" aria-hidden>
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M5 12l5 5L20 7" />
          </svg>
        </span>
        <PageTitle title={t('confirmation.title')} />
        <h1>{t('confirmation.title')}</h1>
        <p className="lead">{t('confirmation.thanks')}</p>
      </header>

      <section className="card confirmation-number" aria-labelledby={`${id}-number`}>
        <h2 id={`${id}-number`} className="confirmation-number-label">
          {t('confirmation.orderNumber')}
        </h2>
        <p className="confirmation-number-value">
          <bdi className="ltr-value">{order.orderNumber}</bdi>
        </p>
        <div className="confirmation-share">
          <CopyButton text={order.orderNumber} label={t('confirmation.copyNumber')} />
          <ShareButton
            title={t('confirmation.shareTitle', { orderNumber: order.orderNumber })}
            text={t('confirmation.shareText', { orderNumber: order.orderNumber })}
            url={url}
          />
        </div>
      </section>

      <section className="card confirmation-details" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`}>{t('confirmation.details')}</h2>
        <dl className="payment-recap-list">
          <div className="payment-recap-total">
            <dt>{t('confirmation.total')}</dt>
            <dd>
              <bdi>{formatMoney(order.totalPrice, language)}</bdi>
            </dd>
          </div>
          {move && (
            <>
              <div>
                <dt>{t('confirmation.when')}</dt>
                {/* Weekday, date and window (D22): the day as the customer checks it. */}
                <dd>{formatMoveWhen(move.date, move.start, move.end, language)}</dd>
              </div>
              <div>
                <dt>{t('confirmation.from')}</dt>
                <dd>{placeName(move.governorateId, move.districtId, language)}</dd>
              </div>
              <div>
                <dt>{t('confirmation.to')}</dt>
                <dd>{placeName(move.dropoffGovernorateId, move.dropoffDistrictId, language)}</dd>
              </div>
            </>
          )}
          <div>
            <dt>{t('confirmation.method')}</dt>
            <dd>{t(`confirmation.methods.${order.paymentMethod}`)}</dd>
          </div>
          <div>
            <dt>{t('confirmation.paymentStatus')}</dt>
            <dd>
              <span className={`badge confirmation-badge-${order.paid ? 'paid' : 'pending'}`}>
                {t(order.paid ? 'confirmation.paid' : 'confirmation.pending')}
              </span>
            </dd>
          </div>
        </dl>
        {confirmationTestMode(order) && (
          <TestModeNotice>{t('testMode.confirmation')}</TestModeNotice>
        )}
      </section>

      <p className="alert alert-success confirmation-registered" role="status">
        {t('confirmation.registered')}
      </p>

      <section className="card confirmation-qr" aria-labelledby={`${id}-qr`}>
        <h2 id={`${id}-qr`}>{t('confirmation.qrTitle')}</h2>
        <TrackingQr orderNumber={order.orderNumber} />
      </section>

      <nav className="confirmation-actions" aria-label={t('confirmation.details')}>
        <Link className="btn btn-primary btn-lg btn-block" to={trackPath(order.orderNumber)}>
          {t('confirmation.trackOrder')}
        </Link>
        <Link className="btn btn-secondary btn-block" to={paths.myOrders}>
          {t('confirmation.myOrders')}
        </Link>
        <Link className="btn btn-ghost btn-block" to={paths.home}>
          {t('confirmation.home')}
        </Link>
      </nav>
    </div>
  );
}
