import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { Desk } from '../desk/use-desk';

/**
 * The desk's strip above the tabs (D10): whether it is live, how many orders came in since the
 * admin last looked (with a way to see them), and the chime and browser-notification switches.
 */
export function DeskBar({ desk, onShowNew }: { desk: Desk; onShowNew: () => void }) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  if (!desk.available) return null;
  const count = desk.newCount;
  return (
    <section className="card desk-bar" aria-label={t('desk.label')}>
      <p className={`desk-live ${desk.live ? 'desk-live-on' : ''}`}>
        <span className="desk-dot" aria-hidden="true" />
        {desk.live ? t('desk.live') : t('desk.offline')}
      </p>
      <div className="desk-new" role="status">
        {count > 0 ? (
          <>
            <strong>{t('desk.newOrders', { count, value: formatNumber(count, language) })}</strong>
            <button type="button" className="btn btn-primary" onClick={onShowNew}>
              {t('desk.show')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={desk.markSeen}>
              {t('desk.markSeen')}
            </button>
          </>
        ) : (
          <span>{t('desk.noneNew')}</span>
        )}
      </div>
      <div className="desk-switches">
        <button
          type="button"
          className="btn btn-secondary"
          aria-pressed={desk.sound}
          onClick={desk.toggleSound}
        >
          {desk.sound ? t('desk.sound.on') : t('desk.sound.off')}
        </button>
        {desk.alerts === 'unsupported' ? null : desk.alerts === 'blocked' ? (
          <p className="field-hint desk-blocked">{t('desk.alerts.blocked')}</p>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            aria-pressed={desk.alerts === 'on'}
            onClick={() => void desk.toggleAlerts()}
          >
            {desk.alerts === 'on' ? t('desk.alerts.on') : t('desk.alerts.off')}
          </button>
        )}
      </div>
    </section>
  );
}
