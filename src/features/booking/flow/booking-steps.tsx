import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import './booking-steps.css';

export const BOOKING_STEPS = ['location', 'details', 'date', 'summary', 'payment'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/**
 * "Step n of 5" with the five steps named. A list with aria-current="step" so a screen reader
 * hears where the customer is; on a phone only the counter and the bar show, names are for
 * wider screens (and stay in the accessibility tree everywhere).
 */
export function BookingSteps({ current }: { current: BookingStep }) {
  const { t, i18n } = useTranslation('booking');
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
  const index = BOOKING_STEPS.indexOf(current);
  return (
    <nav className="booking-steps" aria-label={t('steps.label')}>
      <p className="booking-steps-counter">
        {t('steps.counter', {
          current: formatNumber(index + 1, language),
          total: formatNumber(BOOKING_STEPS.length, language),
        })}
        <span className="booking-steps-current">{t(`steps.${current}`)}</span>
      </p>
      <ol className="booking-steps-list">
        {BOOKING_STEPS.map((step, i) => (
          <li
            key={step}
            className="booking-step"
            data-done={i < index || undefined}
            aria-current={i === index ? 'step' : undefined}
          >
            <span className="booking-step-dot" aria-hidden="true">
              {formatNumber(i + 1, language)}
            </span>
            <span className="booking-step-name">{t(`steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
