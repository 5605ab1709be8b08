import { useTranslation } from 'react-i18next';
import { PROGRESS_STATUSES, statusLabelKey, statusProgressIndex } from '../../../domain/status';
import type { OrderStatus } from '../../../domain/status';
import { formatNumber } from '../../../domain/money';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

/**
 * The D5 lifecycle as a progress bar: received → under review → in transit → delivered. A
 * cancelled order is off the bar and says so instead of showing a stage it never reached.
 */
export function StatusProgress({ status }: { status: OrderStatus }) {
  const { t } = useTranslation(['tracking', 'common']);
  const language = useDisplayLanguage();

  if (status === 'cancelled') {
    return (
      <div className="track-cancelled" role="status">
        <CloseIcon />
        <p>{t('tracking:found.cancelled')}</p>
      </div>
    );
  }

  // Data from before the lifecycle existed shows the first stage (spec section 4).
  const current = Math.max(0, statusProgressIndex(status));
  const total = PROGRESS_STATUSES.length;
  // The fill reaches the current step's dot (steps sit in equal columns), full once delivered.
  const percent = current === total - 1 ? 100 : ((current + 0.5) / total) * 100;

  return (
    <div className="track-progress">
      <div
        className="track-progress-bar"
        role="progressbar"
        aria-label={t('tracking:found.progressLabel')}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current + 1}
        aria-valuetext={t(`common:${statusLabelKey(PROGRESS_STATUSES[current])}`)}
      >
        <span className="track-progress-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <ol className="track-steps">
        {PROGRESS_STATUSES.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`track-step track-step-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="track-step-dot" aria-hidden="true">
                {state === 'done' ? <CheckIcon /> : formatNumber(index + 1, language)}
              </span>
              <span className="track-step-label">
                {t(`common:${statusLabelKey(step)}`)}
                {state !== 'todo' && (
                  <span className="visually-hidden">
                    {' '}
                    (
                    {t(state === 'done' ? 'tracking:found.stepDone' : 'tracking:found.stepCurrent')}
                    )
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
