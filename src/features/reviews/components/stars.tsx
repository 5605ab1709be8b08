import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { RATING_MAX } from '../../../domain/rating';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      className="icon review-star"
      data-filled={filled ? '' : undefined}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Five stars, the first `value` (rounded) filled, read out as "Rated 4 out of 5". */
export function Stars({
  value,
  className,
  decorative = false,
}: {
  value: number;
  className?: string;
  /** The value is already written next to the stars. */
  decorative?: boolean;
}) {
  const { t } = useTranslation('reviews');
  const language = useDisplayLanguage();
  const whole = Math.round(value);
  return (
    <span
      className={['review-stars', className].filter(Boolean).join(' ')}
      aria-hidden={decorative || undefined}
    >
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <StarIcon key={index} filled={index < whole} />
      ))}
      {!decorative && (
        <span className="visually-hidden">
          {t('stars.label', {
            value: formatNumber(value, language),
            max: formatNumber(RATING_MAX, language),
          })}
        </span>
      )}
    </span>
  );
}
