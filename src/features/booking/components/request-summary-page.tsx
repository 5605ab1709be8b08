import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingFigure } from '../../../components/ui/pending-figure';
import { useCatalogState } from '../../../data/react/price-catalog';
import { Navigate, useNavigate } from 'react-router';
import { BackArrowIcon } from '../../../components/ui/icons';
import { PhoneNumber } from '../../../components/ui/phone-number';
import { paths } from '../../../config/paths';
import { formatMoveDay, formatTimeRange } from '../../../domain/datetime';
import { placeName } from '../../../domain/governorates';
import { formatMoney, formatNumber } from '../../../domain/money';
import { useBookingFlow } from '../flow/booking-flow';
import { usePriceCheck } from '../flow/use-price-check';
import { useBookingGuard } from '../hooks/use-booking-guard';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { BookingStepFooter, BookingStepLayout } from './booking-step-frame';
import { PricesChangedNotice } from './prices-changed-notice';
import '../flow/booking-page.css';
import './request-summary-page.css';

/** /request-summary: everything collected, read-only; confirm goes on to payment. */
export function RequestSummaryPage() {
  const { t } = useTranslation(['booking', 'pricing']);
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const { state } = useBookingFlow();
  const check = usePriceCheck();
  const { price } = check;
  const noticeRef = useRef<HTMLDivElement>(null);
  const redirect = useBookingGuard('requestSummary', state);
  const ids = useId();
  const { catalog, pending: catalogPending } = useCatalogState();

  if (redirect) return <Navigate to={redirect} replace />;

  const num = (n: number) => formatNumber(n, language);
  const place = placeName(state.governorateId, state.districtId, language);
  // The drop-off area is the pickup's unless the customer chose another (D11).
  const dropoffPlace = state.dropoffGovernorateId
    ? placeName(state.dropoffGovernorateId, state.dropoffDistrictId, language)
    : place;

  // Only the fields the customer gave are listed (spec): notes, for one, are optional.
  const contact: [string, ReactNode][] = [];
  const move: [string, ReactNode][] = [];
  if (state.fullName) contact.push([t('summary.fullName'), state.fullName]);
  if (state.phoneNumber)
    contact.push([t('summary.phone'), <PhoneNumber value={state.phoneNumber} />]);
  if (place) contact.push([t('summary.location'), place]);
  if (dropoffPlace) contact.push([t('summary.dropoffArea'), dropoffPlace]);
  if (state.pickupAddress) contact.push([t('summary.pickup'), state.pickupAddress]);
  if (state.dropoffAddress) contact.push([t('summary.dropoff'), state.dropoffAddress]);
  if (state.moveType)
    move.push([t('summary.moveType'), t(`pricing:moveTypes.${state.moveType}.label`)]);
  // The day with its weekday (D22): "the Friday after next" is how people check a date.
  if (state.moveDate) move.push([t('summary.date'), formatMoveDay(state.moveDate, language)]);
  if (state.moveTime)
    move.push([
      t('summary.time'),
      <bdi>{formatTimeRange(state.moveTime, state.windowEnd, language)}</bdi>,
    ]);
  if (state.housing) move.push([t('summary.housing'), t(`pricing:housing.${state.housing}`)]);
  if (state.pickupFloor !== undefined && state.dropoffFloor !== undefined)
    move.push([
      t('summary.floors'),
      t('summary.floorsValue', {
        pickup: num(state.pickupFloor),
        dropoff: num(state.dropoffFloor),
      }),
    ]);
  if (state.workers !== undefined)
    move.push([
      t('summary.team'),
      t('dateSelection.team.value', { count: price.workers, value: num(price.workers) }),
    ]);
  if (price.breakdown.distanceKm > 0)
    move.push([
      t('summary.distance'),
      t('summary.distanceValue', {
        km: num(price.breakdown.distanceKm),
        fee: formatMoney(price.breakdown.distanceFee, language),
      }),
    ]);
  if (state.notes) move.push([t('summary.notes'), state.notes]);

  // Back always returns to the date step (not browser history), where the order can be changed.
  const backToDate = () => void navigate(paths.dateSelection);

  return (
    <BookingStepLayout
      step="summary"
      back={
        <button type="button" className="btn btn-ghost" onClick={backToDate}>
          <BackArrowIcon />
          {t('summary.back')}
        </button>
      }
      title={t('summary.title')}
      lead={t('summary.lead')}
    >
      <div className="booking-form">
        <SummarySection
          id={`${ids}-contact`}
          title={t('summary.sections.contact')}
          rows={contact}
        />
        <SummarySection id={`${ids}-move`} title={t('summary.sections.move')} rows={move} />

        {check.changed && check.previous !== null && (
          <PricesChangedNotice
            ref={noticeRef}
            previous={check.previous}
            current={check.total}
            onAccept={check.accept}
          />
        )}
        {price.total !== null && (
          <div className="booking-card summary-total">
            <span>{t('summary.total')}</span>
            <strong>
              <bdi>{formatMoney(check.total, language)}</bdi>
            </strong>
          </div>
        )}
        <p className="alert summary-note">{t('summary.teamNote')}</p>
        {/* D16: the terms the order will keep, told before paying. */}
        <p className="summary-policy">
          <PendingFigure pending={catalogPending}>
            {t('pricing:pricesPage.notes.cancellation', {
              free: num(catalog.cancellationPolicy.freeHours),
              fee: num(catalog.cancellationPolicy.lateFeePercent),
              closed: num(catalog.cancellationPolicy.closedHours),
            })}
          </PendingFigure>
        </p>

        <BookingStepFooter
          className="summary-actions"
          back={
            <button type="button" className="btn btn-secondary btn-lg" onClick={backToDate}>
              <BackArrowIcon />
              {t('summary.back')}
            </button>
          }
          next={t('summary.confirm')}
          onNext={() =>
            // A new total goes on to payment only once accepted (D11).
            check.changed ? noticeRef.current?.focus() : void navigate(paths.payment)
          }
        />
      </div>
    </BookingStepLayout>
  );
}

function SummarySection({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: [string, ReactNode][];
}) {
  if (rows.length === 0) return null;
  return (
    <section className="booking-card" aria-labelledby={id}>
      <h2 id={id} className="booking-card-title">
        {title}
      </h2>
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
