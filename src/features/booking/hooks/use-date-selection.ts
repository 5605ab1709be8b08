import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { usePriceCatalog } from '../../../data/react/price-catalog';
import type { BookedWindow, FreeWindow } from '../../../domain/capacity';
import { cairoDatePlusDays, cairoToday } from '../../../domain/datetime';
import { normalizeDigits } from '../../../domain/digits';
import { BOOKING_HORIZON_DAYS, clampFloor } from '../../../domain/pricing';
import { dateSelectionSchema } from '../../../domain/booking-schemas';
import { VALIDATION_MESSAGES } from '../../../domain/validation-messages';
import { DATE_FIELDS, useBookingFlow } from '../flow/booking-flow';
import { flowPrice } from '../flow/flow-price';
import { useAvailability } from '../../../components/ui/use-availability';
import { availabilityMoveOf } from '../../../domain/dispatch';
import { useBookingGuard } from './use-booking-guard';
import { useStepDraft } from './use-step-draft';
import { useStepErrors } from './use-step-errors';

export { DATE_FIELDS };
export type DateField = (typeof DATE_FIELDS)[number];
export type FloorField = 'pickupFloor' | 'dropoffFloor';

/**
 * The date screen's logic: its draft (prefilled from the flow, so from the estimator too), the
 * crew windows still free on the chosen date (D12), the live price from the flow's one price
 * function with the current catalog, and Next, which stores the choice with exactly the total
 * and catalog version the server will check (D4, D11).
 */
export function useDateSelection() {
  const navigate = useNavigate();
  const { state, update } = useBookingFlow();
  const catalog = usePriceCatalog();
  const redirect = useBookingGuard('dateSelection', state);
  const ids = useId();
  const idFor = (field: string) => `${ids}-${field}`;

  const [values, change, clearDraft] = useStepDraft('dateSelection', () => ({
    moveDate: state.moveDate ?? '',
    moveTime: state.moveTime ?? '',
    windowId: state.windowId ?? '',
    windowEnd: state.windowEnd ?? '',
    // The service is the customer's choice, never a default (D22): asked on the first step,
    // carried from /prices, or chosen here.
    moveType: state.moveType ?? '',
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

  const { availability, retry } = useAvailability(
    values.moveDate,
    today,
    lastDay,
    availabilityMoveOf({ ...state, ...values }),
  );
  const chosenIsFree =
    availability.status === 'ready' &&
    availability.date === values.moveDate &&
    availability.free.some((w) => w.id === values.windowId && w.start === values.moveTime);

  // A window chosen earlier (or in a draft) that has no free crew any more is not kept.
  useEffect(() => {
    if (availability.status !== 'ready' || availability.date !== values.moveDate) return;
    if (values.windowId && !chosenIsFree) change({ windowId: '', moveTime: '', windowEnd: '' });
  }, [availability, chosenIsFree, values.moveDate, values.windowId, change]);

  const price = flowPrice({ ...state, ...values }, catalog);

  const onChange = (field: DateField, value: string) => {
    // Another date may not have the same window free: it is chosen again.
    change(
      field === 'moveDate'
        ? { moveDate: value, windowId: '', moveTime: '', windowEnd: '' }
        : { [field]: value },
    );
    errors.clear(field);
  };
  const onWindowChange = (window: BookedWindow) => {
    change({ windowId: window.id, moveTime: window.start, windowEnd: window.end });
    errors.clear('moveTime');
  };
  /** One of the next free windows offered when the chosen day is full. */
  const onPickFree = ({ date, window }: FreeWindow) => {
    change({ moveDate: date, windowId: window.id, moveTime: window.start, windowEnd: window.end });
    errors.clear('moveDate');
    errors.clear('moveTime');
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
    const parsed = dateSelectionSchema()
      .superRefine((data, ctx) => {
        // Only a window the backend has just offered as free (D12).
        if (data.moveTime && !chosenIsFree) {
          ctx.addIssue({
            code: 'custom',
            path: ['moveTime'],
            message: VALIDATION_MESSAGES.timeNoWindow,
          });
        }
      })
      .safeParse(values);
    if (!parsed.success) {
      errors.report(parsed.error);
      return;
    }
    const data = parsed.data;
    const chosen = flowPrice({ ...state, ...data, workers: values.workers }, catalog);
    update({
      moveDate: data.moveDate,
      moveTime: data.moveTime,
      windowId: values.windowId,
      windowEnd: values.windowEnd,
      moveType: data.moveType,
      housing: data.housing,
      pickupFloor: data.pickupFloor,
      dropoffFloor: data.dropoffFloor,
      workers: chosen.workers,
      pricing: chosen.breakdown,
      totalPrice: chosen.total ?? undefined,
      catalogVersion: catalog.version,
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
    catalog,
    availability,
    retryAvailability: retry,
    errors,
    today,
    lastDay,
    onChange,
    onWindowChange,
    onPickFree,
    onWorkersChange,
    onFloorBlur,
    onSubmit,
  };
}
