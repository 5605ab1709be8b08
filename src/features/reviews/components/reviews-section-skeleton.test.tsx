import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import ar from '../../../../locales/ar/reviews.json';
import en from '../../../../locales/en/reviews.json';
import { ReviewsSectionSkeleton } from './reviews-section-skeleton';

describe('ReviewsSectionSkeleton', () => {
  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)(
    '(%s) shows the section heading, busy, and says the reviews are loading',
    async (language, t) => {
      renderWithProviders(<ReviewsSectionSkeleton />, { language });
      const region = await screen.findByRole('region', { name: t.section.title });
      expect(region).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('heading', { level: 2, name: t.section.title })).toBeInTheDocument();
      expect(within(region).getByRole('status')).toHaveTextContent(t.loading);
      // Only a placeholder: nothing in it can be pressed yet.
      expect(within(region).queryAllByRole('button')).toHaveLength(0);
    },
  );
});
