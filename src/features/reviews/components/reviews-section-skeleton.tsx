import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './reviews-section-layout.css';

/**
 * Home's reviews section around its content: the heading the visitor sees from the start. Its
 * strings are in `common`, which every page has: the reviews strings (and code) load only when
 * the visitor comes near the section.
 */
export function ReviewsSectionFrame({ busy, children }: { busy?: boolean; children: ReactNode }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <section
      className={busy ? 'section reviews-section render-when-near' : 'section reviews-section'}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
    >
      <div className="container">
        <h2 id={titleId} className="section-title">
          {t('reviewsSection.title')}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * Where the carousel goes while the reviews load: a card-sized block saying so, in the reviews'
 * own words once their strings are there, and in `common`'s until then.
 */
export function CarouselSkeleton() {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="reviews-skeleton-carousel">
      <span className="reviews-skeleton-controls" aria-hidden="true" />
      <p className="reviews-skeleton-card" role="status">
        {i18n.exists('reviews:loading') ? t('reviews:loading') : t('loading')}
      </p>
      <span className="reviews-skeleton-dots" aria-hidden="true" />
    </div>
  );
}

/**
 * The whole section, light blocks in place of its parts and at their size, while its code loads:
 * the page does not jump when the real section replaces it.
 */
export function ReviewsSectionSkeleton() {
  return (
    <ReviewsSectionFrame busy>
      <div className="reviews-head" aria-hidden="true">
        <span className="reviews-skeleton-block reviews-skeleton-summary" />
      </div>
      <CarouselSkeleton />
      <div className="reviews-actions" aria-hidden="true">
        <span className="reviews-skeleton-block reviews-skeleton-button" />
        <span className="reviews-skeleton-block reviews-skeleton-button" />
      </div>
      {/* No quick rating: it shows only to a customer with a move to review (D14), not to the
          visitors who are most of Home's. */}
    </ReviewsSectionFrame>
  );
}
