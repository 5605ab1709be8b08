import { useTranslation } from 'react-i18next';
import type { StatusChange } from '../../../data/port';
import { formatDateTime } from '../../../domain/datetime';
import { statusLabelKey } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

/** The status history, oldest first, as a timeline reads (D5); times in Cairo wall time. */
export function StatusTimeline({ history }: { history: readonly StatusChange[] }) {
  const { t } = useTranslation(['tracking', 'common']);
  const language = useDisplayLanguage();
  if (history.length === 0) return <p className="muted">{t('tracking:found.historyEmpty')}</p>;
  const ordered = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <ol className="track-timeline">
      {ordered.map((change, index) => (
        <li
          key={`${change.at}-${change.status}-${index}`}
          className={`track-timeline-item track-timeline-${change.status}`}
        >
          <span className="track-timeline-dot" aria-hidden="true" />
          <span className="track-timeline-status">
            {t(`common:${statusLabelKey(change.status)}`)}
          </span>
          <span className="track-timeline-meta">
            <time dateTime={change.at}>{formatDateTime(change.at, language)}</time>
            <span className="muted"> · {t(`tracking:actor.${change.actor}`)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
