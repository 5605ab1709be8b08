import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { RATING_MAX } from '../../../domain/rating';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { ReviewsState } from '../hooks/use-reviews';
import { Stars } from './stars';

/** The average (one decimal) and how many reviews it comes from; samples are never counted. */
export function ReviewsSummary({ state }: { state: ReviewsState }) {
  const { t } = useTranslation('reviews');
  const language = useDisplayLanguage();
  // While the reviews load, an empty line of the same height: nothing below it moves when the
  // average arrives.
  if (state.reviews === null) {
    return (
      <p className="reviews-summary" aria-hidden="true">
        <span className="reviews-average">{'\u00a0'}</span>
      </p>
    );
  }
  // No real review yet: the carousel shows the samples, and this line says so.
  if (state.average === null) {
    return (
      <p className="reviews-summary reviews-summary-empty" aria-live="polite">
        {t('summary.samples')}
      </p>
    );
  }
  return (
    <p className="reviews-summary" aria-live="polite">
      <span className="reviews-average">
        {t('summary.average', {
          value: formatNumber(state.average, language),
          max: formatNumber(RATING_MAX, language),
        })}
      </span>
      <Stars value={state.average} className="reviews-summary-stars" decorative />
      <span className="reviews-count">
        {t('summary.count', { count: state.count, value: formatNumber(state.count, language) })}
      </span>
    </p>
  );
}
