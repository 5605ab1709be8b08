import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ReviewableOrder } from '../../../data/port';
import { formatDate } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { RATING_MAX } from '../../../domain/rating';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useReviewableOrders } from '../hooks/use-reviewable-orders';
import { sentMessageKey, useSubmitReview } from '../hooks/use-submit-review';
import { StarIcon } from './stars';
import './reviews-section-layout.css';

/**
 * A one-tap 1-5 rating of the customer's own most recent move that may be reviewed and has no
 * review yet, named by its number and date (D14). Without such a move it is not shown at all.
 */
export function QuickRating() {
  const { t } = useTranslation(['reviews', 'errors', 'validation']);
  const { state } = useReviewableOrders();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const order = state.kind === 'some' ? state.orders[0] : undefined;
  // After a rating the thanks stays, though the move has left the list.
  if (!order && !result?.ok) return null;
  return (
    <div className="quick-rating">
      {order && !result?.ok && <QuickRatingStars order={order} onResult={setResult} />}
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

function QuickRatingStars({
  order,
  onResult,
}: {
  order: ReviewableOrder;
  onResult(result: { ok: boolean; message: string }): void;
}) {
  const { t } = useTranslation(['reviews', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const submit = useSubmitReview();
  const { reviewed } = useReviewableOrders();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [hover, setHover] = useState(0);

  const rate = async (value: number) => {
    if (busy) return;
    setBusy(true);
    const outcome = await submit({
      orderId: order.orderId,
      review: t('quick.text', { count: value, value: formatNumber(value, language) }),
      rating: value,
    });
    setBusy(false);
    if (outcome.ok) {
      onResult({ ok: true, message: sentMessageKey(outcome.review) });
      reviewed(order.orderId);
    } else {
      onResult({ ok: false, message: outcome.message });
    }
  };

  return (
    <>
      <p className="quick-rating-title" id={titleId}>
        <Trans
          t={t}
          i18nKey="reviews:quick.title"
          values={{ number: order.orderNumber, date: formatDate(order.moveDate, language) }}
          components={{ num: <bdi className="ltr-value" /> }}
        />
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
    </>
  );
}
