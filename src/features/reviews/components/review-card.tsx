import { useTranslation } from 'react-i18next';
import { cairoToday, formatDate } from '../../../domain/datetime';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { ShownReview } from '../hooks/use-reviews';
import { Stars } from './stars';

/**
 * One review: stars, the words, who wrote it and when. Samples say that they are examples. The
 * reviewer's name is the card's heading (an article is a section and names itself), one level
 * below the heading the list is under: h2 on /reviews, h3 in the home page's reviews section.
 */
export function ReviewCard({
  review,
  headingLevel = 3,
}: {
  review: ShownReview;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('reviews');
  const language = useDisplayLanguage();
  return (
    <article className="review-card" data-sample={review.sample ? '' : undefined}>
      <div className="review-card-top">
        <Stars value={review.rating} />
        {review.sample && <span className="badge review-sample">{t('sample')}</span>}
      </div>
      <blockquote className="review-text">
        <p dir="auto">{review.review}</p>
      </blockquote>
      <footer className="review-meta">
        <Heading className="review-name" dir="auto">
          {review.name}
        </Heading>
        {review.createdAt && (
          <time className="muted" dateTime={review.createdAt}>
            {formatDate(cairoToday(new Date(review.createdAt)), language)}
          </time>
        )}
      </footer>
    </article>
  );
}
