import { useTranslation } from 'react-i18next';
import './live-indicator.css';

/**
 * Whether a screen follows its data live (D19): a small "live" mark while changes arrive as
 * they happen; otherwise a quiet word that they are paused and a button to look again. Nothing
 * to see while the connection is being made (`live` null), so a page that goes live at once never
 * flickers, but the mark's line is kept: what is under it does not move when it comes. Polite: it
 * is text in the page, never an alert.
 */
export function LiveIndicator({
  live,
  onRefresh,
  refreshLabel,
}: {
  live: boolean | null;
  onRefresh?: () => void;
  /** The refresh button's accessible name, when "refresh" alone would not say what. */
  refreshLabel?: string;
}) {
  const { t } = useTranslation('common');
  if (live === null)
    return <p className="live-indicator live-indicator-pending" aria-hidden="true" />;
  if (live) {
    return (
      <p className="live-indicator live-indicator-on">
        <span className="live-indicator-dot" aria-hidden="true" />
        {t('common:live.on')}
      </p>
    );
  }
  return (
    <p className="live-indicator live-indicator-off">
      <span>{t('common:live.off')}</span>
      {onRefresh && (
        <button
          type="button"
          className="btn btn-ghost live-indicator-refresh"
          onClick={onRefresh}
          aria-label={refreshLabel}
        >
          {t('common:live.refresh')}
        </button>
      )}
    </p>
  );
}
