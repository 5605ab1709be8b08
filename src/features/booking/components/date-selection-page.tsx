import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { BackButton } from '../../../components/ui/back-button';
import { NumberStepper } from '../../../components/ui/number-stepper';
import { PriceListTable } from '../../../components/ui/price-list-table';
import { paths } from '../../../config/paths';
import { cairoDatePlusDays, cairoToday } from '../../../domain/datetime';
import { normalizeDigits } from '../../../domain/digits';
import { formatMoney, formatNumber } from '../../../domain/money';
import {
  BOOKING_HORIZON_DAYS,
  clampFloor,
  clampWorkers,
  DEFAULT_MOVE_TYPE,
  estimatePrice,
  FLOOR_FEE,
  HOUSING_TYPES,
  isHousing,
  isMoveType,
  MOVE_TYPES,
  recommendedTeamSize,
  WORKER_EXTRA_PER_HEAD,
  WORKERS_MAX,
  WORKERS_MIN,
} from '../../../domain/pricing';
import {
  dateSelectionSchema,
  expectedOrderTotal,
  VALIDATION_MESSAGES,
} from '../../../domain/schemas';
import { useBookingFlow } from '../flow/booking-flow';
import { useBookingGuard } from '../hooks/use-booking-guard';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useFormDraft } from '../hooks/use-form-draft';
import { useStepErrors } from '../hooks/use-step-errors';
import { BookingStepFooter, BookingStepLayout } from './booking-step-frame';
import '../flow/booking-page.css';
import './date-selection-page.css';

const FIELDS = [
  'moveDate',
  'moveTime',
  'moveType',
  'housing',
  'pickupFloor',
  'dropoffFloor',
] as const;
type Field = (typeof FIELDS)[number];
/** `workers` is '' until the customer picks a number: the team then follows our recommendation. */
type Values = Record<Field | 'workers', string>;

/** The chosen workers, or the recommended team while the customer has not chosen. */
function workersFrom(raw: string, recommended: number): number {
  return raw === '' ? recommended : clampWorkers(raw);
}

export const DATE_DRAFT_KEY = 'afsh.booking.dateDraft';

/**
 * /date-selection: when, what and where exactly, and how many workers (prefilled with the
 * estimator's choice, or our recommendation); the total follows live and is what the order is
 * priced at (D4).
 */
export function DateSelectionPage() {
  const { t } = useTranslation(['booking', 'pricing', 'validation']);
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const { state, update } = useBookingFlow();
  const redirect = useBookingGuard('dateSelection', state);
  const ids = useId();
  const idFor = (field: string) => `${ids}-${field}`;

  const [values, change, clearDraft] = useFormDraft<Values>(DATE_DRAFT_KEY, () => ({
    moveDate: state.moveDate ?? '',
    moveTime: state.moveTime ?? '',
    // The spec's default service is a full move.
    moveType: state.moveType ?? DEFAULT_MOVE_TYPE,
    housing: state.housing ?? 'apartment',
    pickupFloor: String(state.pickupFloor ?? 0),
    dropoffFloor: String(state.dropoffFloor ?? 0),
    // Chosen on /move-type (or here, on an earlier visit).
    workers: state.workers === undefined ? '' : String(state.workers),
  }));
  const errors = useStepErrors(FIELDS, VALIDATION_MESSAGES.dateSelectionRequired, idFor);
  // Read once per visit; the schema checks "today" and the horizon again at submit time.
  const [today] = useState(() => cairoToday());
  const [lastDay] = useState(() => cairoDatePlusDays(BOOKING_HORIZON_DAYS));

  if (redirect) return <Navigate to={redirect} replace />;

  const onChange = (field: Field, value: string) => {
    change({ [field]: value } as Partial<Values>);
    errors.clear(field);
  };
  const onWorkersChange = (value: number) => change({ workers: String(value) });

  // Live figures, from the same domain functions the server uses to check the total.
  const moveType = isMoveType(values.moveType) ? values.moveType : null;
  const housing = isHousing(values.housing) ? values.housing : 'apartment';
  const pickupFloor = clampFloor(values.pickupFloor);
  const dropoffFloor = clampFloor(values.dropoffFloor);
  const team = recommendedTeamSize({
    moveType: moveType ?? DEFAULT_MOVE_TYPE,
    housing,
    pickupFloor,
    dropoffFloor,
  });
  const workers = workersFrom(values.workers, team);
  const pricing = estimatePrice({
    moveType: moveType ?? DEFAULT_MOVE_TYPE,
    pickupFloor,
    dropoffFloor,
    workers,
  });
  const total = moveType
    ? expectedOrderTotal({ moveType, pickupFloor, dropoffFloor, workers })
    : null;
  const num = (n: number) => formatNumber(n, language);
  const money = (n: number) => <bdi>{formatMoney(n, language)}</bdi>;
  const workersText = t('dateSelection.team.value', { count: workers, value: num(workers) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = dateSelectionSchema().safeParse(values);
    if (!parsed.success) {
      errors.report(parsed.error);
      return;
    }
    const data = parsed.data;
    const chosen = { ...data, workers: workersFrom(values.workers, recommendedTeamSize(data)) };
    update({
      moveDate: data.moveDate,
      moveTime: data.moveTime,
      moveType: data.moveType,
      housing: data.housing,
      pickupFloor: data.pickupFloor,
      dropoffFloor: data.dropoffFloor,
      workers: chosen.workers,
      pricing: estimatePrice(chosen),
      totalPrice: expectedOrderTotal(chosen),
    });
    clearDraft();
    void navigate(paths.requestSummary);
  };

  const { describedBy, invalid, errorText } = errors;

  // Floors accept Arabic-Indic digits; on leaving the field the value is clamped to 0-20.
  const onFloorBlur = (field: 'pickupFloor' | 'dropoffFloor') => {
    const raw = normalizeDigits(values[field]).trim();
    if (raw === '') return;
    onChange(field, String(clampFloor(raw.replace(/[^\d.]/g, '') || '0')));
  };
  const floorDisplay = (raw: string) => {
    // Show the clamped value in the customer's digits once it is a plain number.
    return /^\d+$/.test(raw) ? num(Number(raw)) : raw;
  };

  return (
    <BookingStepLayout
      step="date"
      back={<BackButton fallback={paths.customerInfo} />}
      title={t('dateSelection.title')}
      lead={t('dateSelection.lead')}
      wide
    >
      <form className="date-layout" onSubmit={onSubmit} noValidate>
        <div className="booking-form">
          <div className="booking-card booking-fields">
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
                  onChange={(event) => onChange('moveDate', event.target.value)}
                  aria-invalid={invalid('moveDate')}
                  aria-describedby={describedBy('moveDate')}
                />
                {errorText('moveDate')}
              </div>
              <div className="field">
                <label htmlFor={idFor('moveTime')}>{t('dateSelection.time')}</label>
                <input
                  id={idFor('moveTime')}
                  className="input"
                  type="time"
                  value={values.moveTime}
                  onChange={(event) => onChange('moveTime', event.target.value)}
                  aria-invalid={invalid('moveTime')}
                  aria-describedby={describedBy('moveTime', true)}
                />
                <p id={`${idFor('moveTime')}-hint`} className="field-hint">
                  {t('dateSelection.timeHint')}
                </p>
                {errorText('moveTime')}
              </div>
            </div>

            <div className="field">
              <label htmlFor={idFor('moveType')}>{t('dateSelection.moveType')}</label>
              <select
                id={idFor('moveType')}
                className="select"
                value={values.moveType}
                onChange={(event) => onChange('moveType', event.target.value)}
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
                      onChange={() => onChange('housing', type)}
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
                {t('dateSelection.floorsHint', { fee: formatMoney(FLOOR_FEE, language) })}
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
                      onChange={(event) => onChange(field, event.target.value)}
                      onBlur={() => onFloorBlur(field)}
                      aria-invalid={invalid(field)}
                      aria-describedby={describedBy(field)}
                    />
                    {errorText(field)}
                  </div>
                ))}
              </div>
            </fieldset>
          </div>

          <BookingStepFooter next={t('dateSelection.next')} />
        </div>

        <div className="date-side">
          <section className="booking-card date-team" aria-labelledby={`${ids}-team`}>
            <h2 id={`${ids}-team`} className="booking-card-title">
              {t('dateSelection.team.title')}
            </h2>
            <NumberStepper
              id={idFor('workers')}
              label={t('dateSelection.team.workers')}
              value={workers}
              min={WORKERS_MIN}
              max={WORKERS_MAX}
              clamp={clampWorkers}
              onChange={onWorkersChange}
              decreaseLabel={t('dateSelection.team.decrease')}
              increaseLabel={t('dateSelection.team.increase')}
              valueText={workersText}
              announcement={t('dateSelection.team.announcement', {
                label: t('dateSelection.team.workers'),
                value: workersText,
              })}
              language={language}
              hintId={`${idFor('workers')}-hint`}
            />
            <p id={`${idFor('workers')}-hint`} className="date-team-recommended">
              {t('dateSelection.team.recommended', { count: team, value: num(team) })}
            </p>
            <p className="field-hint">
              {t('dateSelection.team.explain', {
                fee: formatMoney(WORKER_EXTRA_PER_HEAD, language),
              })}
            </p>
          </section>

          <section className="booking-card" aria-labelledby={`${ids}-total`}>
            <h2 id={`${ids}-total`} className="booking-card-title">
              {t('dateSelection.total.title')}
            </h2>
            <div aria-live="polite">
              {total === null ? (
                <p className="field-hint">{t('dateSelection.total.pending')}</p>
              ) : (
                <dl className="date-breakdown">
                  <div>
                    <dt>{t('dateSelection.total.base')}</dt>
                    <dd>{money(pricing.base)}</dd>
                  </div>
                  <div>
                    <dt>
                      {t('dateSelection.total.floors', {
                        quantity: num(pickupFloor + dropoffFloor),
                        fee: formatMoney(pricing.floorFee, language),
                      })}
                    </dt>
                    <dd>{money(pricing.floorsSurcharge)}</dd>
                  </div>
                  <div>
                    <dt>
                      {t('dateSelection.total.workers', {
                        quantity: num(workers - 1),
                        fee: formatMoney(pricing.workerExtraPerHead, language),
                      })}
                    </dt>
                    <dd>{money(pricing.workersExtra)}</dd>
                  </div>
                  <div className="date-breakdown-total">
                    <dt>{t('dateSelection.total.total')}</dt>
                    <dd>{money(total)}</dd>
                  </div>
                </dl>
              )}
            </div>
            <p className="field-hint date-approximate">{t('dateSelection.total.approximate')}</p>
          </section>

          <PriceListTable highlight={moveType ?? undefined} />
        </div>
      </form>
    </BookingStepLayout>
  );
}
