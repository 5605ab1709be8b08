import { useTranslation } from 'react-i18next';
import type { StatusActor, StatusChange } from '../../data/port';
import { formatDateTime } from '../../domain/datetime';
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
}: {
  history: readonly StatusChange[];
  look?: 'list' | 'timeline';
  actorLabel?: (actor: StatusActor) => string;
}) {
  const { t } = useTranslation('common');
  const language = useDisplayLanguage();
  const ordered = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className={`status-history status-history-${look}`}>
      {ordered.map((change, index) => (
        <li
          key={`${change.at}-${change.status}-${index}`}
          className={`status-history-item status-history-${change.status}`}
        >
          <span className="status-history-status">{t(statusLabelKey(change.status))}</span>{' '}
          <span className="status-history-meta">
            <time dateTime={change.at}>{formatDateTime(change.at, language)}</time>
            {actorLabel && (
              <>
                {' '}
                <span className="status-history-actor">{actorLabel(change.actor)}</span>
              </>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
