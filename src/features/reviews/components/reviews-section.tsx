import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useReviews } from '../hooks/use-reviews';
import { ReviewableOrdersProvider } from '../hooks/use-reviewable-orders';
import { QuickRating } from './quick-rating';
import { ReviewDialog } from './review-dialog';
import { ReviewsCarousel } from './reviews-carousel';
import { CarouselSkeleton, ReviewsSectionFrame } from './reviews-section-skeleton';
import { ReviewsSummary } from './reviews-summary';
import './reviews.css';

/**
 * Home's reviews: live carousel, average and count, the leave-a-review dialog, and the quick
 * rating of the customer's own move when they have one to review (D14).
 */
export function ReviewsSection() {
  const { t } = useTranslation('reviews');
  const state = useReviews();
  return (
    <ReviewsSectionFrame busy={state.reviews === null}>
      <ReviewableOrdersProvider>
        <div className="reviews-head">
          <ReviewsSummary state={state} />
        </div>
        {state.reviews === null ? (
          <CarouselSkeleton />
        ) : (
          <ReviewsCarousel reviews={state.reviews} label={t('carousel.label')} />
        )}
        <div className="reviews-actions">
          <ReviewDialog />
          <Link className="btn btn-secondary" to={paths.reviews}>
            {t('section.all')}
          </Link>
        </div>
        <QuickRating />
      </ReviewableOrdersProvider>
    </ReviewsSectionFrame>
  );
}
