import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { useInitialData } from '../../../data/react/initial-data';
import { isDisplayableReview } from '../../../domain/reviews';
import { parseRating } from '../../../domain/rating';

/** A review as the screens show it; samples stand in (marked) while there are no real ones. */
export interface ShownReview {
  id: string;
  name: string;
  review: string;
  rating: number;
  createdAt: string | null;
  sample: boolean;
}

export const SAMPLE_RATINGS = [5, 4, 5] as const;

export interface ReviewsState {
  /** Null until the first answer. */
  reviews: ShownReview[] | null;
  /** Real reviews only (samples are not counted). */
  count: number;
  /** Average of the real reviews, one decimal; null without any. */
  average: number | null;
  /** The live list could not be loaded; the samples are shown meanwhile. */
  failed: boolean;
}

function newestFirst(a: Review, b: Review): number {
  return b.createdAt.localeCompare(a.createdAt);
}

/** The live list, newest first, with the spec's three samples when none exist. */
export function useReviews(): ReviewsState {
  const port = useDataPort();
  const { t } = useTranslation('reviews');
  // A page rendered on the server with the reviews (InitialData) starts from them: the same
  // list the HTML shows, then the live one.
  const initial = useInitialData().reviews;
  const [real, setReal] = useState<Review[] | null>(() =>
    initial ? initial.filter(isDisplayableReview).sort(newestFirst) : null,
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    return port.reviews.subscribe(
      (list) => {
        setFailed(false);
        setReal(list.filter(isDisplayableReview).sort(newestFirst));
      },
      (error) => {
        // Spec: a failed read is not the visitor's problem. Log it; show the samples meanwhile.
        console.warn('reviews: could not load the live list', error);
        setFailed(true);
        setReal((current) => current ?? []);
      },
    );
  }, [port]);

  if (real === null) return { reviews: null, count: 0, average: null, failed };
  if (real.length === 0) {
    const samples = SAMPLE_RATINGS.map((rating, index) => ({
      id: `sample-${index + 1}`,
      name: t(`samples.${index + 1}.name`),
      review: t(`samples.${index + 1}.text`),
      rating,
      createdAt: null,
      sample: true,
    }));
    return { reviews: samples, count: 0, average: null, failed };
  }
  const shown = real.map((r) => ({
    id: r.id,
    name: r.name.trim(),
    review: r.review.trim(),
    rating: parseRating(r.rating),
    createdAt: r.createdAt,
    sample: false,
  }));
  const sum = shown.reduce((total, r) => total + r.rating, 0);
  return {
    reviews: shown,
    count: shown.length,
    average: Math.round((sum / shown.length) * 10) / 10,
    failed,
  };
}
