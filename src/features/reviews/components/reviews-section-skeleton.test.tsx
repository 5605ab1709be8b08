import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import ar from '../../../../locales/ar/common.json';
import en from '../../../../locales/en/common.json';
import reviewsAr from '../../../../locales/ar/reviews.json';
import reviewsEn from '../../../../locales/en/reviews.json';
import { ReviewsSectionSkeleton } from './reviews-section-skeleton';

describe('ReviewsSectionSkeleton', () => {
  it.each([
    ['en', en, reviewsEn],
    ['ar', ar, reviewsAr],
  ] as const)(
    '(%s) shows the section heading, busy, and says the reviews are loading',
    async (language, t, r) => {
      renderWithProviders(<ReviewsSectionSkeleton />, { language });
      const region = await screen.findByRole('region', { name: t.reviewsSection.title });
      expect(region).toHaveAttribute('aria-busy', 'true');
      expect(
        screen.getByRole('heading', { level: 2, name: t.reviewsSection.title }),
      ).toBeInTheDocument();
      expect(within(region).getByRole('status')).toHaveTextContent(r.loading);
      // Only a placeholder: nothing in it can be pressed yet.
      expect(within(region).queryAllByRole('button')).toHaveLength(0);
    },
  );
});
