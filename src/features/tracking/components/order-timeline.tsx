import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../domain/datetime';
import { statusLabelKey } from '../../../domain/status';
import type { TimelineStep, TrackingTimeline } from '../../../domain/tracking-timeline';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import './order-timeline.css';

/** "Back to an earlier stage": an arrow going round, drawn once here (only the tracker uses it). */
function BackIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
    >
      <path d="M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4" />
    </svg>
  );
}

function StepDot({ step }: { step: TimelineStep }) {
  if (step.kind === 'cancelled') return <CloseIcon />;
  if (step.kind === 'back' || step.kind === 'restored') return <BackIcon />;
  return step.state === 'done' ? <CheckIcon /> : null;
}

/**
 * An order's way as the tracker shows it (D5, D19): each step the history holds, with its Cairo
 * time and who made it, the current one marked, then the stages still ahead, the first as
 * "next". The timeline is the domain's (`trackingTimeline`); this only lays it out, top to
 * bottom on every screen, so a history that went back and forth reads in the order it happened.
 */
export function OrderTimeline({ timeline }: { timeline: TrackingTimeline }) {
  const { t } = useTranslation(['tracking', 'common']);
  const language = useDisplayLanguage();

  return (
    <ol className="order-timeline">
      {timeline.steps.map((step, index) => (
        <li
          key={`${step.at ?? 'now'}-${step.status}-${index}`}
          className={`order-timeline-step order-timeline-${step.state} order-timeline-${step.kind}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="order-timeline-dot" aria-hidden="true">
            <StepDot step={step} />
          </span>
          <span className="order-timeline-body">
            <span className="order-timeline-title">
              <span className="order-timeline-status">
                {step.kind === 'rescheduled'
                  ? t('common:history.rescheduled')
                  : t(`common:${statusLabelKey(step.status)}`)}
              </span>
              {step.kind === 'restored' && (
                <span className="order-timeline-tag">{t('tracking:timeline.restored')}</span>
              )}
              {step.kind === 'back' && (
                <span className="order-timeline-tag">{t('tracking:timeline.back')}</span>
              )}
              {step.state === 'current' && (
                <span className="order-timeline-tag order-timeline-tag-now">
                  {t('tracking:timeline.now')}
                </span>
              )}
            </span>
            <span className="order-timeline-meta">
              {step.at ? (
                <time dateTime={step.at}>{formatDateTime(step.at, language)}</time>
              ) : (
                <span>{t('tracking:timeline.noTime')}</span>
              )}
              {/* Joined to the time by the stylesheet: a comma in Arabic, a dot in English. */}
              {step.actor && (
                <span className="status-history-actor">{t(`tracking:actor.${step.actor}`)}</span>
              )}
            </span>
            {step.reason && (
              <span className="order-timeline-reason">
                <bdi>{t('tracking:timeline.reason', { reason: step.reason })}</bdi>
              </span>
            )}
          </span>
        </li>
      ))}
      {timeline.upcoming.map((status, index) => (
        <li key={`upcoming-${status}`} className="order-timeline-step order-timeline-upcoming">
          <span className="order-timeline-dot" aria-hidden="true" />
          <span className="order-timeline-body">
            <span className="order-timeline-title">
              <span className="order-timeline-status">{t(`common:${statusLabelKey(status)}`)}</span>
              {index === 0 ? (
                <span className="order-timeline-tag order-timeline-tag-next">
                  {t('tracking:timeline.next')}
                </span>
              ) : (
                <span className="visually-hidden"> ({t('tracking:timeline.notYet')})</span>
              )}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
