import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { BackArrowIcon, ForwardArrowIcon } from '../../../components/ui/icons';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import {
  DESKTOP_QUERY,
  REDUCED_MOTION_QUERY,
  TABLET_QUERY,
  useDocumentHidden,
  useMediaQuery,
} from '../hooks/use-media-query';
import type { ShownReview } from '../hooks/use-reviews';
import { ReviewCard } from './review-card';

/** Spec 9: the carousel moves every 3.8 s; a swipe must travel more than 50 px. */
export const CAROUSEL_INTERVAL_MS = 3800;
export const SWIPE_THRESHOLD_PX = 50;
/** With more reviews than this, dots would crowd a phone: a "3 / 40" counter replaces them. */
const MAX_DOTS = 10;

/**
 * The WAI-ARIA APG carousel: a labelled region with a rotation (pause/play) control first,
 * previous/next buttons and slide pickers. It rotates only while nobody is reading it: not while
 * hovered, while focus is inside, while the tab is hidden or when the visitor prefers less motion.
 */
export function ReviewsCarousel({ reviews, label }: { reviews: ShownReview[]; label: string }) {
  const { t, i18n } = useTranslation('reviews');
  const language = useDisplayLanguage();
  const rtl = i18n.dir(i18n.language) === 'rtl';
  const id = useId();
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const tablet = useMediaQuery(TABLET_QUERY);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const hidden = useDocumentHidden();

  const count = reviews.length;
  const perView = Math.max(1, Math.min(count, desktop ? 3 : tablet ? 2 : 1));
  const canMove = count > perView;

  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Until the visitor presses pause or play, motion follows their system preference.
  const [choice, setChoice] = useState<'stopped' | 'playing' | null>(null);
  const stopped = choice === null ? reducedMotion : choice === 'stopped';

  // A new review arrives at the front of the list: show it.
  const firstId = reviews[0]?.id;
  const [shownFirst, setShownFirst] = useState(firstId);
  if (shownFirst !== firstId) {
    setShownFirst(firstId);
    setIndex(0);
  }
  const current = count === 0 ? 0 : index % count;

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const next = () => go(current + 1);
  const previous = () => go(current - 1);

  const rotating = canMove && !stopped && !hovered && !focused && !hidden;
  // Keyed on the slide too, so a manual move gives the reader a full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => {
      setIndex((i) => (i + 1) % count);
    }, CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count]);

  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId || !canMove) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    // A swipe towards the start of the reading direction brings the next review: leftwards in
    // English, rightwards in Arabic.
    const towardsStart = rtl ? dx > 0 : dx < 0;
    if (towardsStart) next();
    else previous();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!canMove || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // Arrows point at screen sides: in Arabic the next review is to the left.
    const forward = (event.key === 'ArrowRight') !== rtl;
    if (forward) next();
    else previous();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  const visible = Array.from({ length: perView }, (_, k) => reviews[(current + k) % count]).filter(
    (r): r is ShownReview => r !== undefined,
  );
  const num = (n: number) => formatNumber(n, language);
  const slidesId = `${id}-slides`;

  return (
    <section
      className="reviews-carousel"
      aria-roledescription={t('carousel.roledescription')}
      aria-label={label}
      onPointerEnter={(e) => e.pointerType !== 'touch' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {canMove && (
        <div className="reviews-carousel-controls">
          <button
            type="button"
            className="btn btn-ghost reviews-rotation"
            aria-controls={slidesId}
            onClick={() => setChoice(stopped ? 'playing' : 'stopped')}
          >
            {stopped ? <PlayIcon /> : <PauseIcon />}
            {stopped ? t('carousel.play') : t('carousel.pause')}
          </button>
          <div className="reviews-carousel-arrows">
            <button
              type="button"
              className="reviews-arrow"
              aria-controls={slidesId}
              aria-label={t('carousel.previous')}
              onClick={previous}
            >
              <BackArrowIcon />
            </button>
            <button
              type="button"
              className="reviews-arrow"
              aria-controls={slidesId}
              aria-label={t('carousel.next')}
              onClick={next}
            >
              <ForwardArrowIcon />
            </button>
          </div>
        </div>
      )}
      <div
        id={slidesId}
        className="reviews-slides"
        data-per-view={perView}
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {visible.map((review, k) => (
          <div
            key={review.id}
            className="reviews-slide"
            data-column={k + 1}
            role="group"
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.position', {
              index: num(((current + k) % count) + 1),
              total: num(count),
            })}
          >
            <ReviewCard review={review} />
          </div>
        ))}
        {/* The reviews not shown now, invisible under the first slide: the row is as tall as the
            tallest card, so the page below does not move each time the carousel turns. */}
        {canMove &&
          reviews
            .filter((review) => !visible.includes(review))
            .map((review) => (
              <div
                key={`sizer-${review.id}`}
                className="reviews-slide-sizer"
                aria-hidden="true"
                inert
              >
                <ReviewCard review={review} />
              </div>
            ))}
      </div>
      {canMove &&
        (count <= MAX_DOTS ? (
          <div className="reviews-dots">
            {reviews.map((review, i) => (
              <button
                key={review.id}
                type="button"
                className="reviews-dot"
                aria-controls={slidesId}
                aria-label={t('carousel.position', { index: num(i + 1), total: num(count) })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        ) : (
          <p className="reviews-counter muted" aria-hidden="true">
            {t('carousel.counter', { index: num(current + 1), total: num(count) })}
          </p>
        ))}
    </section>
  );
}

function PauseIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg className="icon icon-directional" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
    </svg>
  );
}
