import { useTranslation } from 'react-i18next';
import type { StatusActor, StatusChange } from '../../data/port';
import { formatDate, formatDateTime, formatTimeRange } from '../../domain/datetime';
import { statusLabelKey } from '../../domain/status';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import './status-history.css';

/**
 * An order's status changes, oldest first, each with its time in Cairo wall time (D5, D6) and,
 * where the screen says who made a change, the actor. `list` is the compact numbered list of an
 * order's details (my orders, the admin table); `timeline` is the tracker's dots joined by a line.
 * The actor's words are the caller's: a customer and an admin are told it differently.
 */
export function StatusHistory({
  history,
  look = 'list',
  actorLabel,
  showReasons = false,
}: {
  history: readonly StatusChange[];
  look?: 'list' | 'timeline';
  actorLabel?: (actor: StatusActor) => string;
  /** The office's reasons for going back or moving the date (D17): the admin's view only. */
  showReasons?: boolean;
}) {
  const { t } = useTranslation('common');
  const language = useDisplayLanguage();
  const ordered = [...history].sort((a, b) => a.at.localeCompare(b.at));
  /** What the entry says (D17): a status reached, a going back to one, or a new date. */
  const what = (change: StatusChange) => {
    const status = t(statusLabelKey(change.status));
    switch (change.kind) {
      case 'uncancelled':
        return t('common:history.uncancelled', { status });
      case 'reopened':
        return t('common:history.reopened', { status });
      case 'rescheduled': {
        const to = change.moved?.to;
        if (!to) return t('common:history.rescheduled');
        return t('common:history.rescheduledTo', {
          date: formatDate(to.date, language),
          time: formatTimeRange(to.window?.start ?? to.time, to.window?.end, language),
        });
      }
      default:
        return status;
    }
  };
  return (
    <ol className={`status-history status-history-${look}`}>
      {ordered.map((change, index) => (
        <li
          key={`${change.at}-${change.status}-${index}`}
          className={`status-history-item status-history-${change.status}${change.kind ? ` status-history-${change.kind}` : ''}`}
        >
          <span className="status-history-status">{what(change)}</span>{' '}
          <span className="status-history-meta">
            <time dateTime={change.at}>{formatDateTime(change.at, language)}</time>
            {actorLabel && (
              <>
                {' '}
                <span className="status-history-actor">{actorLabel(change.actor)}</span>
              </>
            )}
          </span>
          {showReasons && change.reason && (
            <span className="status-history-reason">
              {t('common:history.reason')} <bdi>{change.reason}</bdi>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
