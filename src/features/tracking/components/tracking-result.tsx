import { useId, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PublicTracking } from '../../../data/port';
import { CopyButton } from '../../../components/ui/copy-button';
import { PaymentBadge, StatusBadge, TestModeNote } from '../../../components/ui/badges';
import { CloseIcon, TruckIcon } from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { MoveWhen } from '../../../components/ui/move-when';
import { TrackingQr } from '../../../components/ui/tracking-qr';
import { formatDateTime } from '../../../domain/datetime';
import { findGovernorate, governorateName } from '../../../domain/governorates';
import { formatMoney } from '../../../domain/money';
import { statusLabelKey } from '../../../domain/status';
import { trackingTimeline } from '../../../domain/tracking-timeline';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { OrderTimeline } from './order-timeline';

/**
 * The public view of one order (D2): nothing here names or locates the customer. `afterSummary`
 * goes right under the summary (the owner's "pay now", D3). `live` says whether the view follows
 * the order as it changes (D19; null while connecting), `onRefresh` looks it up again.
 */
export function TrackingResult({
  tracking,
  afterSummary,
  live = null,
  onRefresh,
  savedAt,
}: {
  tracking: PublicTracking;
  afterSummary?: ReactNode;
  live?: boolean | null;
  onRefresh?: () => void;
  /** Set when the view is the copy this device kept (offline, D26): when it was fetched. */
  savedAt?: string | undefined;
}) {
  const { t } = useTranslation(['tracking', 'common', 'pricing']);
  const language = useDisplayLanguage();
  const ids = useId();
  const headingId = `${ids}-heading`;
  const historyId = `${ids}-history`;
  const qrId = `${ids}-qr`;
  const number = <bdi className="ltr-value">{tracking.orderNumber}</bdi>;
  // The route by governorate only (D2, D11): never a district or an address.
  const from = findGovernorate(tracking.governorateId);
  const to = findGovernorate(tracking.dropoffGovernorateId) ?? from;
  // Only the steps that happened, then what is ahead (D19): decided by the domain.
  const timeline = trackingTimeline(tracking);
  const next = timeline.upcoming[0];
  const cancelled = timeline.cancelled;

  return (
    <section className="track-result" aria-labelledby={headingId}>
      <div className="card track-summary">
        <div className="track-summary-head">
          <h2 id={headingId} className="track-number-heading">
            <span className="track-number-label">{t('tracking:found.orderNumber')}</span>
            {number}
          </h2>
          <CopyButton text={tracking.orderNumber} />
        </div>

        <p className="track-current">
          <span className="muted">{t('tracking:found.status')}: </span>
          <StatusBadge status={tracking.status} className="track-status-badge">
            {t(`common:${statusLabelKey(tracking.status)}`)}
          </StatusBadge>
        </p>

        {(tracking.status === 'on_the_way' || tracking.status === 'arrived') && (
          <CrewBanner tracking={tracking} />
        )}

        {next && (
          <p className="track-next">
            {t('tracking:timeline.nextStep', {
              status: t(`common:${statusLabelKey(next)}`),
            })}
          </p>
        )}
        {cancelled && (
          <div className="track-cancelled">
            <CloseIcon />
            <p>
              {cancelled.actor && cancelled.during
                ? t(`tracking:timeline.cancelled.${cancelled.actor}`, {
                    stage: t(`common:${statusLabelKey(cancelled.during)}`),
                  })
                : t('tracking:found.cancelled')}
            </p>
          </div>
        )}
        {savedAt ? (
          <p className="track-offline" role="status">
            <span>
              {t('tracking:offline.savedAt', { time: formatDateTime(savedAt, language) })}
            </span>
            {onRefresh && (
              <button type="button" className="btn btn-ghost" onClick={onRefresh}>
                {t('common:live.refresh')}
              </button>
            )}
          </p>
        ) : (
          <LiveIndicator live={live} onRefresh={onRefresh} />
        )}

        <dl className="track-details">
          <div>
            <dt>{t('tracking:found.moveType')}</dt>
            <dd>{t(`pricing:moveTypes.${tracking.moveType}.label`)}</dd>
          </div>
          {from && to && (
            <div>
              <dt>{t('tracking:found.route')}</dt>
              <dd>
                {from.id === to.id
                  ? t('tracking:found.within', { place: governorateName(from, language) })
                  : t('tracking:found.between', {
                      from: governorateName(from, language),
                      to: governorateName(to, language),
                    })}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('tracking:found.total')}</dt>
            <dd>
              <bdi>{formatMoney(tracking.totalPrice, language)}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('tracking:found.payment')}</dt>
            <dd>
              {t(`tracking:paymentMethod.${tracking.paymentMethod}`)}{' '}
              <PaymentBadge status={tracking.paymentStatus}>
                {t(`tracking:paymentStatus.${tracking.paymentStatus}`)}
              </PaymentBadge>
              {tracking.paymentProvider === 'test' && (
                <TestModeNote>{t('tracking:testMode')}</TestModeNote>
              )}
            </dd>
          </div>
          {tracking.crewName && (
            <div>
              <dt>{t('tracking:crew.label')}</dt>
              <dd>
                <CrewSays t={t} said="led" name={tracking.crewName} />
              </dd>
            </div>
          )}
          <div className="track-details-wide">
            <dt>{t('tracking:found.moveDate')}</dt>
            <dd>
              <MoveWhen date={tracking.moveDate} window={tracking.moveWindow} />
            </dd>
          </div>
        </dl>
        <p className="field-hint track-privacy">{t('tracking:found.privacy')}</p>
      </div>

      {afterSummary}

      <div className="track-columns">
        <section className="card" aria-labelledby={historyId}>
          <h3 id={historyId}>{t('tracking:found.historyTitle')}</h3>
          <OrderTimeline timeline={timeline} />
        </section>

        <section className="card track-qr" aria-labelledby={qrId}>
          <h3 id={qrId}>{t('tracking:found.qrTitle')}</h3>
          <TrackingQr orderNumber={tracking.orderNumber} />
        </section>
      </div>
    </section>
  );
}

/**
 * The crew out for this move (D28), said first and large: "on the way" (or "arrived") with the
 * leader's first name and the arrival window. Never a phone number: the customer calls the office.
 */
function CrewBanner({ tracking }: { tracking: PublicTracking }) {
  const { t } = useTranslation('tracking');
  const arrived = tracking.status === 'arrived';
  const name = tracking.crewName;
  const said = name ? (
    <CrewSays t={t} said={arrived ? 'arrived' : 'onTheWay'} name={name} />
  ) : (
    t(arrived ? 'tracking:crew.arrivedUnnamed' : 'tracking:crew.onTheWayUnnamed')
  );
  return (
    <div className={`track-crew-banner${arrived ? ' track-crew-arrived' : ''}`}>
      <TruckIcon className="track-crew-icon icon-directional" />
      <div>
        <p className="track-crew-said">{said}</p>
        {!arrived && (
          <p className="track-crew-when">
            {t('tracking:crew.window')}:{' '}
            <MoveWhen date={tracking.moveDate} window={tracking.moveWindow} />
          </p>
        )}
        <p className="track-crew-privacy">{t('tracking:crew.privacy')}</p>
      </div>
    </div>
  );
}

/**
 * A sentence of the page's language with the leader's name in it, isolated: a name typed in
 * Latin letters inside Arabic (or the other way round) keeps the sentence's own direction.
 */
function CrewSays({
  t,
  said,
  name,
}: {
  t: ReturnType<typeof useTranslation>['t'];
  said: 'led' | 'onTheWay' | 'arrived';
  name: string;
}) {
  return (
    <Trans
      t={t}
      i18nKey={`tracking:crew.${said}`}
      values={{ name }}
      components={{ name: <bdi /> }}
    />
  );
}
