import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { paths } from '../../../config/paths';
import { formatMoney, formatNumber } from '../../../domain/money';
import { HOUSING_TYPES, MOVE_TYPES } from '../../../domain/pricing';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useDateSelection } from '../hooks/use-date-selection';
import { BookingStepFooter, BookingStepLayout } from './booking-step-frame';
import { PriceListTable } from '../../../components/ui/price-list-table';
import { formatMoveDay, isValidYmd } from '../../../domain/datetime';
import { DateTeam, DateTotal } from './date/date-price-panel';
import { PriceBar } from './date/price-bar';
import { TimeWindows } from '../../../components/ui/time-windows';
import '../flow/booking-page.css';
import './date-selection-page.css';

/**
 * /date-selection: when (a date, then one of its crew windows that is still free, D12), what and
 * where exactly, and how many workers (prefilled with the estimator's choice, or our
 * recommendation); the total follows live with the current catalog and is what the order is
 * priced at (D4, D11).
 */
export function DateSelectionPage() {
  const { t } = useTranslation(['booking', 'pricing', 'validation']);
  const language = useDisplayLanguage();
  const { redirect, ids, idFor, values, price, catalog, availability, errors, ...rest } =
    useDateSelection();
  const { today, lastDay, retryAvailability, ...on } = rest;

  if (redirect) return <Navigate to={redirect} replace />;

  const { describedBy, invalid, errorText } = errors;
  // Show the clamped value in the customer's digits once it is a plain number.
  const weekday = isValidYmd(values.moveDate) ? formatMoveDay(values.moveDate, language) : null;
  const weekdayId = `${ids}-weekday`;
  const floorDisplay = (raw: string) =>
    /^\d+$/.test(raw) ? formatNumber(Number(raw), language) : raw;

  return (
    <BookingStepLayout
      step="date"
      back={<BackButton fallback={paths.customerInfo} />}
      title={t('dateSelection.title')}
      lead={t('dateSelection.lead')}
      wide
    >
      <form className="date-layout" onSubmit={on.onSubmit} noValidate>
        {/* Everything that makes the price, then the price bar: it stays in sight at the bottom
            of the screen while any of these is edited (on a wide screen, at the foot of the
            side column), and stops at its own place under the breakdown, above Next (D22). */}
        <div className="date-priced">
          <div className="booking-card booking-fields date-fields">
            {errors.alert}

            <div className="date-row">
              <div className="field">
                <label htmlFor={idFor('moveDate')}>{t('dateSelection.date')}</label>
                <input
                  id={idFor('moveDate')}
                  className="input"
                  type="date"
                  min={today}
                  max={lastDay}
                  value={values.moveDate}
                  onChange={(event) => on.onChange('moveDate', event.target.value)}
                  aria-invalid={invalid('moveDate')}
                  aria-describedby={
                    [describedBy('moveDate'), weekday ? weekdayId : undefined]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                />
                {/* The weekday with the date, in the reader's digits: the browser's own date
                    field may write it in Latin digits, and without a weekday. */}
                {weekday && (
                  <p id={weekdayId} className="field-hint date-weekday">
                    {weekday}
                  </p>
                )}
                {errorText('moveDate')}
              </div>
            </div>

            <fieldset className="date-fieldset" aria-describedby={describedBy('moveTime', true)}>
              <legend>{t('dateSelection.time')}</legend>
              <TimeWindows
                id={idFor('moveTime')}
                name={`${ids}-window`}
                availability={availability}
                selectedId={values.windowId}
                onSelect={on.onWindowChange}
                onPickFree={on.onPickFree}
                onRetry={retryAvailability}
              />
              <p id={`${idFor('moveTime')}-hint`} className="field-hint">
                {t('dateSelection.timeHint')}
              </p>
              {errorText('moveTime')}
            </fieldset>

            <div className="field">
              <label htmlFor={idFor('moveType')}>{t('dateSelection.moveType')}</label>
              <select
                id={idFor('moveType')}
                className="select"
                value={values.moveType}
                onChange={(event) => on.onChange('moveType', event.target.value)}
                aria-invalid={invalid('moveType')}
                aria-describedby={describedBy('moveType')}
              >
                <option value="">{t('dateSelection.moveTypePlaceholder')}</option>
                {MOVE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`pricing:moveTypes.${type}.label`)}
                  </option>
                ))}
              </select>
              {errorText('moveType')}
            </div>

            <fieldset className="date-fieldset" aria-describedby={describedBy('housing')}>
              <legend>{t('dateSelection.housing')}</legend>
              <div className="date-segmented">
                {HOUSING_TYPES.map((type) => (
                  <label key={type} className="date-segment">
                    <input
                      id={type === HOUSING_TYPES[0] ? idFor('housing') : undefined}
                      className="date-segment-input"
                      type="radio"
                      name={`${ids}-housing`}
                      value={type}
                      checked={values.housing === type}
                      onChange={() => on.onChange('housing', type)}
                    />
                    <span className="date-segment-body">{t(`pricing:housing.${type}`)}</span>
                  </label>
                ))}
              </div>
              {errorText('housing')}
            </fieldset>

            <fieldset className="date-fieldset" aria-describedby={`${ids}-floors-hint`}>
              <legend>{t('dateSelection.floors')}</legend>
              <p id={`${ids}-floors-hint`} className="field-hint date-floors-hint">
                {t('dateSelection.floorsHint', { fee: formatMoney(catalog.floorFee, language) })}
              </p>
              <div className="date-row">
                {(['pickupFloor', 'dropoffFloor'] as const).map((field) => (
                  <div className="field" key={field}>
                    <label htmlFor={idFor(field)}>{t(`dateSelection.${field}`)}</label>
                    <input
                      id={idFor(field)}
                      className="input date-floor-input"
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={4}
                      value={floorDisplay(values[field])}
                      onChange={(event) => on.onChange(field, event.target.value)}
                      onBlur={() => on.onFloorBlur(field)}
                      aria-invalid={invalid(field)}
                      aria-describedby={describedBy(field)}
                    />
                    {errorText(field)}
                  </div>
                ))}
              </div>
            </fieldset>
          </div>

          <div className="date-side">
            <DateTeam
              ids={ids}
              workersId={idFor('workers')}
              price={price}
              onWorkersChange={on.onWorkersChange}
            />
            <DateTotal ids={ids} price={price} />
            <PriceBar price={price} workersChosen={values.workers !== ''} />
          </div>
        </div>

        <BookingStepFooter className="date-actions" next={t('dateSelection.next')} />

        <PriceListTable className="date-price-list" highlight={price.moveType ?? undefined} />
      </form>
    </BookingStepLayout>
  );
}
