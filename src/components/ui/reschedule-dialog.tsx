import { availabilityMoveOf } from '../../domain/dispatch';
import { Suspense, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessageKey, fieldMessageKey } from '../../data/error-messages';
import { isDataError, type FreeWindow, type Order } from '../../data/port';
import { useDataPort } from '../../data/react/data-port-context';
import { cancellationTerms } from '../../domain/cancellation';
import {
  cairoDatePlusDays,
  cairoToday,
  formatDate,
  formatDateTime,
  formatTimeRange,
} from '../../domain/datetime';
import { formatMoney } from '../../domain/money';
import { BOOKING_HORIZON_DAYS } from '../../domain/pricing';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import { ConfirmDialog } from './confirm-dialog';
import { TimeWindows } from './time-windows';
import { useAvailability, type AvailabilityState } from './use-availability';
import './reschedule-dialog.css';

export interface RescheduleDialogProps {
  order: Order;
  /**
   * Who moves it (D17): the customer, under their policy's cut-off (the dialog says until when),
   * or the office for a caller, who may note why.
   */
  by: 'customer' | 'admin';
  /** The order as the backend stored it at its new date and window. */
  onDone(order: Order): void;
  onCancel(): void;
}

/**
 * "Change the date" (D17): another date and one of its windows with a free crew, picked with the
 * booking's own windows, at the same price. A window taken meanwhile is refused by the backend
 * with the next free ones, offered here to pick. The words of the windows are the booking's, whose
 * bundle this loads on first opening (the page behind stays as it is meanwhile).
 */
export function RescheduleDialog(props: RescheduleDialogProps) {
  return (
    <Suspense fallback={null}>
      <Reschedule {...props} />
    </Suspense>
  );
}

/** The date's free windows, without the one the order already holds on its own date. */
function withoutOwnSlot(availability: AvailabilityState, order: Order): AvailabilityState {
  if (availability.status !== 'ready' || availability.date !== order.moveDate) return availability;
  return {
    ...availability,
    free: availability.free.filter((window) => window.id !== order.timeWindow?.id),
  };
}

function Reschedule({ order, by, onDone, onCancel }: RescheduleDialogProps) {
  const { t } = useTranslation(['common', 'booking', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const port = useDataPort();
  const ids = useId();
  const today = cairoToday();
  const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS);
  const [date, setDate] = useState(order.moveDate >= today ? order.moveDate : today);
  const [windowId, setWindowId] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [offered, setOffered] = useState<FreeWindow[]>([]);
  const { availability, retry } = useAvailability(date, today, lastDay, availabilityMoveOf(order));
  const shown = withoutOwnSlot(availability, order);

  const pick = (free: FreeWindow) => {
    setDate(free.date);
    setWindowId(free.window.id);
    setOffered([]);
    setError(null);
  };

  const confirm = async () => {
    if (!windowId) {
      setFieldErrors({ windowId: 'common:reschedule.chooseWindow' });
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const trimmed = reason.trim();
      const updated = await port.orders.reschedule(order.id, {
        moveDate: date,
        windowId,
        ...(by === 'admin' && trimmed ? { reason: trimmed } : {}),
      });
      onDone(updated);
    } catch (caught) {
      setError(t(errorMessageKey(caught, 'generic')));
      if (isDataError(caught)) {
        const fields = Object.fromEntries(
          Object.entries(caught.fields ?? {}).map(([field, key]) => [field, fieldMessageKey(key)]),
        );
        setFieldErrors(fields);
        const alternatives = caught.details?.alternatives;
        if (Array.isArray(alternatives)) {
          // Another booking took the window: the backend's next free ones, and the list again.
          setOffered(
            (alternatives as FreeWindow[]).filter(
              (free) => free.date !== order.moveDate || free.window.id !== order.timeWindow?.id,
            ),
          );
          setWindowId('');
          retry();
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const terms = cancellationTerms(order, new Date());
  const dateId = `${ids}-date`;
  const windowsId = `${ids}-windows`;
  const reasonId = `${ids}-reason`;
  const fieldError = (field: string) =>
    fieldErrors[field] ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {t(fieldErrors[field])}
      </p>
    ) : null;

  return (
    <ConfirmDialog
      title={t('common:reschedule.title')}
      confirmLabel={
        busy
          ? t('common:reschedule.working')
          : t(by === 'admin' ? 'common:reschedule.confirmAdmin' : 'common:reschedule.confirm')
      }
      cancelLabel={t('common:reschedule.keep')}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      busy={busy}
      error={error}
      confirmKind="primary"
    >
      <div className="reschedule">
        <p>
          <Trans
            t={t}
            i18nKey="common:reschedule.current"
            values={{
              number: order.orderNumber,
              date: formatDate(order.moveDate, language),
              time: formatTimeRange(
                order.timeWindow?.start ?? order.moveTime,
                order.timeWindow?.end,
                language,
              ),
            }}
            components={{ num: <bdi className="ltr-value" /> }}
          />
        </p>
        <p className="reschedule-price">
          {t('common:reschedule.samePrice', { total: formatMoney(order.totalPrice, language) })}
        </p>
        {by === 'customer' && (
          <p className="field-hint">
            {t('common:reschedule.until', {
              time: formatDateTime(terms.closesAt, language),
            })}
          </p>
        )}
        <div className="field">
          <label htmlFor={dateId}>{t('common:reschedule.date')}</label>
          <input
            id={dateId}
            className="input"
            type="date"
            min={today}
            max={lastDay}
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setWindowId('');
              setOffered([]);
            }}
            aria-invalid={fieldErrors.moveDate ? true : undefined}
            aria-describedby={fieldErrors.moveDate ? `${ids}-moveDate-error` : undefined}
          />
          {fieldError('moveDate')}
        </div>
        <fieldset
          className="reschedule-windows"
          aria-describedby={fieldErrors.windowId ? `${ids}-windowId-error` : undefined}
        >
          <legend>{t('common:reschedule.window')}</legend>
          <TimeWindows
            id={windowsId}
            name={`${ids}-window`}
            availability={shown}
            selectedId={windowId}
            onSelect={(window) => {
              setWindowId(window.id);
              setFieldErrors({});
            }}
            onPickFree={pick}
            onRetry={retry}
          />
          {fieldError('windowId')}
        </fieldset>
        {offered.length > 0 && (
          <div className="reschedule-offered">
            <p className="field-hint">{t('booking:dateSelection.windows.nextFree')}</p>
            <ul className="date-windows-next">
              {offered.map((free) => (
                <li key={`${free.date}-${free.window.id}`}>
                  <button type="button" className="btn btn-secondary" onClick={() => pick(free)}>
                    {t('booking:dateSelection.windows.freeOption', {
                      date: formatDate(free.date, language),
                      time: formatTimeRange(free.window.start, free.window.end, language),
                    })}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {by === 'admin' && (
          <div className="field">
            <label htmlFor={reasonId}>{t('common:reschedule.reason')}</label>
            <textarea
              id={reasonId}
              className="textarea"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={fieldErrors.reason ? true : undefined}
              aria-describedby={fieldErrors.reason ? `${ids}-reason-error` : undefined}
            />
            {fieldError('reason')}
          </div>
        )}
      </div>
    </ConfirmDialog>
  );
}
