import { useTranslation } from 'react-i18next';
import { BackButton } from '../../../components/ui/back-button';
import { paths } from '../../../config/paths';
import { useReviews } from '../hooks/use-reviews';
import { ReviewableOrdersProvider } from '../hooks/use-reviewable-orders';
import { QuickRating } from './quick-rating';
import { ReviewCard } from './review-card';
import { ReviewDialog } from './review-dialog';
import { ReviewsSummary } from './reviews-summary';
import '../../../components/ui/page-header.css';
import './reviews.css';

/** /reviews: every review, newest first, as a list. */
export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const state = useReviews();
  return (
    <ReviewableOrdersProvider>
      <div className="reviews-page container page">
        <title>{t('page.metaTitle')}</title>
        <div className="page-toolbar">
          <BackButton fallback={paths.home} />
        </div>
        <header className="page-header reviews-page-header">
          <h1>{t('page.title')}</h1>
          <p className="lead">{t('page.lead')}</p>
          <ReviewsSummary state={state} />
          <ReviewDialog className="btn-lg" />
        </header>
        {state.reviews === null ? (
          // Three card-sized blocks, as many as the page shows at least (the samples): the cards
          // take their place without pushing what is below them on a phone's first screen.
          <ul className="reviews-list" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <p
                  className="review-card review-card-loading muted"
                  role={i === 0 ? 'status' : undefined}
                >
                  {i === 0 ? t('loading') : ''}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="reviews-list" aria-label={t('page.listLabel')}>
            {state.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        <QuickRating />
      </div>
    </ReviewableOrdersProvider>
  );
}
