import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { RATING_MAX } from '../../../domain/rating';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useSubmitReview } from '../hooks/use-submit-review';
import { StarIcon } from './stars';
import './reviews-section-layout.css';

/** Spec: a one-tap 1-5 rating, saved as a review by "Visitor" with a short text. */
export function QuickRating() {
  const { t } = useTranslation(['reviews', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const submit = useSubmitReview();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [hover, setHover] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const rate = async (value: number) => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    const outcome = await submit({
      name: t('quick.visitor'),
      review: t('quick.text', { count: value, value: formatNumber(value, language) }),
      rating: value,
    });
    setBusy(false);
    setResult(
      outcome.ok ? { ok: true, message: 'quick.thanks' } : { ok: false, message: outcome.message },
    );
  };

  return (
    <div className="quick-rating">
      <p className="quick-rating-title" id={titleId}>
        {t('quick.title')}
      </p>
      <div
        className="quick-rating-stars"
        role="group"
        aria-labelledby={titleId}
        onPointerLeave={() => setHover(0)}
      >
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((value) => (
          <button
            key={value}
            type="button"
            className="quick-rating-star"
            disabled={busy}
            aria-label={t('quick.rate', {
              value: formatNumber(value, language),
              max: formatNumber(RATING_MAX, language),
            })}
            onPointerEnter={() => setHover(value)}
            onFocus={() => setHover(value)}
            onBlur={() => setHover(0)}
            onClick={() => void rate(value)}
          >
            <StarIcon filled={value <= hover} />
          </button>
        ))}
      </div>
      <div aria-live="polite" className="quick-rating-result">
        {result && (
          <p className={result.ok ? 'alert alert-success' : 'alert alert-error'}>
            {t(result.message)}
          </p>
        )}
      </div>
    </div>
  );
}
