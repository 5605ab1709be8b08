import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { cairoDatePlusDays, cairoToday } from '../../../domain/datetime';
import { normalizeDigits } from '../../../domain/digits';
import { BOOKING_HORIZON_DAYS, clampFloor, DEFAULT_MOVE_TYPE } from '../../../domain/pricing';
import { dateSelectionSchema, VALIDATION_MESSAGES } from '../../../domain/schemas';
import { DATE_FIELDS, useBookingFlow } from '../flow/booking-flow';
import { flowPrice } from '../flow/flow-price';
import { useBookingGuard } from './use-booking-guard';
import { useStepDraft } from './use-step-draft';
import { useStepErrors } from './use-step-errors';

export { DATE_FIELDS };
export type DateField = (typeof DATE_FIELDS)[number];
export type FloorField = 'pickupFloor' | 'dropoffFloor';

/**
 * The date screen's logic: its draft (prefilled from the flow, so from the estimator too), the
 * live price from the flow's one price function, and Next, which stores the choice with exactly
 * the total the server will check (D4).
 */
export function useDateSelection() {
  const navigate = useNavigate();
  const { state, update } = useBookingFlow();
  const redirect = useBookingGuard('dateSelection', state);
  const ids = useId();
  const idFor = (field: string) => `${ids}-${field}`;

  const [values, change, clearDraft] = useStepDraft('dateSelection', () => ({
    moveDate: state.moveDate ?? '',
    moveTime: state.moveTime ?? '',
    // The spec's default service is a full move.
    moveType: state.moveType ?? DEFAULT_MOVE_TYPE,
    housing: state.housing ?? 'apartment',
    pickupFloor: String(state.pickupFloor ?? 0),
    dropoffFloor: String(state.dropoffFloor ?? 0),
    // '' until the customer picks a number: the team then follows our recommendation.
    workers: state.workers === undefined ? '' : String(state.workers),
  }));
  const errors = useStepErrors(DATE_FIELDS, VALIDATION_MESSAGES.dateSelectionRequired, idFor);
  // Read once per visit; the schema checks "today" and the horizon again at submit time.
  const [today] = useState(() => cairoToday());
  const [lastDay] = useState(() => cairoDatePlusDays(BOOKING_HORIZON_DAYS));

  const price = flowPrice(values);

  const onChange = (field: DateField, value: string) => {
    change({ [field]: value });
    errors.clear(field);
  };
  const onWorkersChange = (value: number) => change({ workers: String(value) });

  // Floors accept Arabic-Indic digits; on leaving the field the value is clamped to 0-20.
  const onFloorBlur = (field: FloorField) => {
    const raw = normalizeDigits(values[field]).trim();
    if (raw === '') return;
    onChange(field, String(clampFloor(raw.replace(/[^\d.]/g, '') || '0')));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = dateSelectionSchema().safeParse(values);
    if (!parsed.success) {
      errors.report(parsed.error);
      return;
    }
    const data = parsed.data;
    const chosen = flowPrice({ ...data, workers: values.workers });
    update({
      moveDate: data.moveDate,
      moveTime: data.moveTime,
      moveType: data.moveType,
      housing: data.housing,
      pickupFloor: data.pickupFloor,
      dropoffFloor: data.dropoffFloor,
      workers: chosen.workers,
      pricing: chosen.breakdown,
      totalPrice: chosen.total ?? undefined,
    });
    clearDraft();
    void navigate(paths.requestSummary);
  };

  return {
    redirect,
    ids,
    idFor,
    values,
    price,
    errors,
    today,
    lastDay,
    onChange,
    onWorkersChange,
    onFloorBlur,
    onSubmit,
  };
}
