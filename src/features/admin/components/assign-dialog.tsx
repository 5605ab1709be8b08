import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError } from '../../../data/port';
import { weekdayOf } from '../../../domain/capacity';
import { formatDate, formatTimeRange } from '../../../domain/datetime';
import type { AssignmentChoice } from '../../../domain/dispatch';
import { RuleViolation } from '../../../domain/errors';
import type { FleetDraft } from '../../../domain/fleet';
import { findCrew } from '../../../domain/fleet';
import type { Order } from '../../../domain/order';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { BoardChip, BoardWindow } from '../dispatch-board';

const DISPATCH_PREFIX = 'errors:dispatch.';

/**
 * The `errors:` key of a failed assignment: the backend's reason (errors:dispatch.*, D28) when
 * it gives one, in its message or on a field, else the usual wording for the failure.
 */
export function refusalKey(error: unknown): string {
  if (isDataError(error) || error instanceof RuleViolation) {
    if (error.message.startsWith(DISPATCH_PREFIX)) return error.message;
    const field = Object.values(error.fields ?? {}).find((key) => key.startsWith(DISPATCH_PREFIX));
    if (field) return field;
  }
  return errorMessageKey(error, 'adminUpdate');
}

/** The fields a refusal names (crewId, truckId, windowId), as keys to show on them. */
function refusalFields(error: unknown): Record<string, string> {
  if (!(isDataError(error) || error instanceof RuleViolation) || !error.fields) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, key]) => [
      field,
      key.startsWith(DISPATCH_PREFIX) ? key : fieldMessageKey(key),
    ]),
  );
}

export interface AssignDialogProps {
  chip: BoardChip;
  fleet: FleetDraft;
  windows: readonly BoardWindow[];
  /** Gives the order to the crew and window chosen; rejects with the backend's reason. */
  assign(orderId: string, choice: AssignmentChoice): Promise<Order>;
  onDone(order: Order, choice: AssignmentChoice): void;
  onCancel(): void;
}

/**
 * "Move / assign" (D28): the keyboard's and screen reader's way to do what dragging a chip does,
 * with the truck too: a crew, a truck (the crew's own or any free, unless one is chosen), a date
 * and a window. A refusal keeps the dialog open with its reason, on the field it concerns.
 */
export function AssignDialog({
  chip,
  fleet,
  windows,
  assign,
  onDone,
  onCancel,
}: AssignDialogProps) {
  const { t } = useTranslation(['admin', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const ids = useId();
  const { order } = chip;
  const assignment = order.assignment ?? null;
  const first = assignment?.slots[0];
  const [crewId, setCrewId] = useState(assignment?.crewId ?? '');
  const [truckId, setTruckId] = useState(
    assignment?.by === 'admin' ? (assignment.truckId ?? '') : '',
  );
  const [date, setDate] = useState(first?.date ?? order.moveDate);
  const [windowId, setWindowId] = useState(
    first?.windowId ?? order.timeWindow?.id ?? windows[0]?.id ?? '',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const windowName = (id: string | undefined) => {
    const window = windows.find((w) => w.id === id);
    return window ? formatTimeRange(window.start, window.end, language) : (id ?? '');
  };
  const current = assignment && first ? findCrew(fleet, assignment.crewId) : undefined;
  const trucks = fleet.trucks.filter((truck) => truck.active || truck.id === truckId);
  const weekday = /^\d{4}-\d{2}-\d{2}$/.test(date) ? weekdayOf(date) : -1;

  const confirm = async () => {
    if (!crewId) {
      setFieldErrors({ crewId: 'admin:dispatch.dialog.chooseCrew' });
      return;
    }
    const choice: AssignmentChoice = {
      crewId,
      date,
      windowId,
      ...(truckId ? { truckId } : {}),
    };
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const updated = await assign(order.id, choice);
      onDone(updated, choice);
    } catch (caught) {
      // A reason that names a field is said on it; the summary then says only what happened.
      const fields = refusalFields(caught);
      setError(
        Object.keys(fields).length > 0
          ? t('admin:dispatch.refused', { number: order.orderNumber })
          : t(refusalKey(caught)),
      );
      setFieldErrors(fields);
      setBusy(false);
    }
  };

  const field = (name: string) => {
    const key = fieldErrors[name];
    return {
      invalid: key ? true : undefined,
      describedBy: key ? `${ids}-${name}-error` : undefined,
      message: key ? (
        <p id={`${ids}-${name}-error`} className="field-error">
          {t(key)}
        </p>
      ) : null,
    };
  };
  const crewField = field('crewId');
  const truckField = field('truckId');
  const dateField = field('date');
  const windowField = field('windowId');

  return (
    <ConfirmDialog
      title={t('admin:dispatch.dialog.title', { number: order.orderNumber })}
      confirmLabel={busy ? t('admin:dispatch.dialog.working') : t('admin:dispatch.dialog.submit')}
      cancelLabel={t('admin:dispatch.dialog.cancel')}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      busy={busy}
      error={error}
      confirmKind="primary"
    >
      <div className="dispatch-dialog">
        <p>
          {current && first
            ? t('admin:dispatch.dialog.current', {
                crew: current.name,
                window: windowName(first.windowId),
                date: formatDate(first.date, language),
              })
            : t('admin:dispatch.dialog.currentNone')}
        </p>
        <div className="field">
          <label htmlFor={`${ids}-crew`}>{t('admin:dispatch.dialog.crew')}</label>
          <select
            id={`${ids}-crew`}
            className="select"
            value={crewId}
            onChange={(e) => setCrewId(e.target.value)}
            aria-invalid={crewField.invalid}
            aria-describedby={crewField.describedBy}
          >
            <option value="">{t('admin:fleet.crews.choose')}</option>
            {fleet.crews.map((crew) => {
              const off = !crew.active || (weekday >= 0 && !crew.days.includes(weekday));
              return (
                <option key={crew.id} value={crew.id}>
                  {off ? t('admin:dispatch.dialog.crewOff', { name: crew.name }) : crew.name}
                </option>
              );
            })}
          </select>
          {crewField.message}
        </div>
        {trucks.length > 0 && (
          <div className="field">
            <label htmlFor={`${ids}-truck`}>{t('admin:dispatch.dialog.truck')}</label>
            <select
              id={`${ids}-truck`}
              className="select"
              value={truckId}
              onChange={(e) => setTruckId(e.target.value)}
              aria-invalid={truckField.invalid}
              aria-describedby={truckField.describedBy}
            >
              <option value="">{t('admin:dispatch.dialog.anyTruck')}</option>
              {trucks.map((truck) => (
                <option key={truck.id} value={truck.id}>
                  {truck.plate}
                </option>
              ))}
            </select>
            {truckField.message}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${ids}-date`}>{t('admin:dispatch.dialog.date')}</label>
          <input
            id={`${ids}-date`}
            className="input"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            aria-invalid={dateField.invalid}
            aria-describedby={dateField.describedBy}
          />
          {dateField.message}
        </div>
        <div className="field">
          <label htmlFor={`${ids}-window`}>{t('admin:dispatch.dialog.window')}</label>
          <select
            id={`${ids}-window`}
            className="select"
            value={windowId}
            onChange={(e) => setWindowId(e.target.value)}
            aria-invalid={windowField.invalid}
            aria-describedby={windowField.describedBy}
          >
            {windows.map((window) => (
              <option key={window.id} value={window.id}>
                {formatTimeRange(window.start, window.end, language)}
              </option>
            ))}
          </select>
          {windowField.message}
        </div>
      </div>
    </ConfirmDialog>
  );
}
