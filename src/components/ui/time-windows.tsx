import { useTranslation } from 'react-i18next';
import type { BookedWindow, FreeWindow } from '../../domain/capacity';
import { formatMoveDay, formatTimeRange } from '../../domain/datetime';
import type { DisplayLanguage } from '../../domain/locale';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import type { AvailabilityState } from './use-availability';
import './time-windows.css';

/** "8:00 AM – 12:00 PM", in the reader's digits. */
function windowLabel(window: Pick<BookedWindow, 'start' | 'end'>, language: DisplayLanguage) {
  return formatTimeRange(window.start, window.end, language);
}

interface TimeWindowsProps {
  /** The first radio's id (the field's id, for its label and error focus). */
  id: string;
  name: string;
  availability: AvailabilityState;
  selectedId: string;
  onSelect: (window: BookedWindow) => void;
  onPickFree: (free: FreeWindow) => void;
  onRetry: () => void;
}

/**
 * The crew windows of the chosen date that still have a free crew (D12), as radio cards; only
 * those are offered. A full day offers the next free windows instead, and a failed look-up a
 * retry. Every time is Cairo's. The booking's date screen and the reschedule dialog (D17) share
 * it; its words are the booking's (`booking:dateSelection.windows`).
 */
export function TimeWindows({
  id,
  name,
  availability,
  selectedId,
  onSelect,
  onPickFree,
  onRetry,
}: TimeWindowsProps) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();

  if (availability.status === 'idle') {
    return <p className="field-hint">{t('dateSelection.windows.chooseDate')}</p>;
  }
  if (availability.status === 'loading') {
    return (
      <p className="field-hint" role="status">
        {t('dateSelection.windows.loading')}
      </p>
    );
  }
  if (availability.status === 'error') {
    return (
      <div className="date-windows-problem" role="alert">
        <p className="field-error">{t('dateSelection.windows.failed')}</p>
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('dateSelection.windows.retry')}
        </button>
      </div>
    );
  }
  if (availability.free.length === 0) {
    return (
      <div className="date-windows-problem" role="status">
        <p className="alert">{t('dateSelection.windows.none')}</p>
        {availability.next.length > 0 && (
          <>
            <p className="field-hint">{t('dateSelection.windows.nextFree')}</p>
            <ul className="date-windows-next">
              {availability.next.map((free) => (
                <li key={`${free.date}-${free.window.id}`}>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => onPickFree(free)}
                  >
                    {t('dateSelection.windows.freeOption', {
                      date: formatMoveDay(free.date, language),
                      time: windowLabel(free.window, language),
                    })}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="date-windows">
      {availability.free.map((window, index) => (
        <label key={window.id} className="date-segment">
          <input
            id={index === 0 ? id : undefined}
            className="date-segment-input"
            type="radio"
            name={name}
            value={window.id}
            checked={selectedId === window.id}
            onChange={() => onSelect(window)}
          />
          <span className="date-segment-body">
            <bdi>{windowLabel(window, language)}</bdi>
          </span>
        </label>
      ))}
    </div>
  );
}
