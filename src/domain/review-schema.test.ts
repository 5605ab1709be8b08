import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, repeat, type Issue } from '../testing/schema-results';
import { reviewSchema, reviewSettingsSchema } from './review-schema';
import {
  isDisplayableReview,
  isHoneypotFilled,
  isWithinReviewCooldown,
  REVIEW_COOLDOWN_MS,
  reviewCooldownLeftMs,
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from './reviews';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('review (spec 5, D14)', () => {
  it('limits', () => {
    expect([REVIEW_NAME_MIN, REVIEW_NAME_MAX, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX]).toEqual([
      2, 60, 2, 600,
    ]);
    expect(REVIEW_COOLDOWN_MS).toBe(60_000);
  });

  it.each<[string, Record<string, unknown>, { orderId: string; review: string; rating: number }]>([
    [
      'trims',
      { orderId: ' o1 ', review: '  Great team  ', rating: 5 },
      { orderId: 'o1', review: 'Great team', rating: 5 },
    ],
    [
      'Arabic digits rating',
      { orderId: 'o1', review: 'ممتاز', rating: '٤' },
      { orderId: 'o1', review: 'ممتاز', rating: 4 },
    ],
    [
      'a rating as text',
      { orderId: 'o1', review: 'ok', rating: '3' },
      { orderId: 'o1', review: 'ok', rating: 3 },
    ],
    [
      'text at 600',
      { orderId: 'o1', review: repeat(600), rating: 1 },
      { orderId: 'o1', review: repeat(600), rating: 1 },
    ],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(reviewSchema.safeParse(input))).toMatchObject(expected);
  });

  it('has no name field: the name comes from the order', () => {
    const data = dataOf(
      reviewSchema.safeParse({ orderId: 'o1', review: 'ok', rating: 2, name: 'Admin' }),
    );
    expect(data).not.toHaveProperty('name');
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    // No stars preselected anywhere: a review without a rating is refused, not given five.
    ['no rating', { orderId: 'o1', review: 'ok' }, [['rating', M.reviewRating]]],
    ['an empty rating', { orderId: 'o1', review: 'ok', rating: '' }, [['rating', M.reviewRating]]],
    ['a null rating', { orderId: 'o1', review: 'ok', rating: null }, [['rating', M.reviewRating]]],
    ['a rating of 0', { orderId: 'o1', review: 'ok', rating: 0 }, [['rating', M.reviewRating]]],
    ['a rating of 9', { orderId: 'o1', review: 'ok', rating: 9 }, [['rating', M.reviewRating]]],
    ['a rating of 3.6', { orderId: 'o1', review: 'ok', rating: 3.6 }, [['rating', M.reviewRating]]],
    [
      'a rating in words',
      { orderId: 'o1', review: 'ok', rating: 'great' },
      [['rating', M.reviewRating]],
    ],
    ['no order', { review: 'ok', rating: 4 }, [['orderId', M.reviewOrder]]],
    ['a blank order', { orderId: '  ', review: 'ok', rating: 4 }, [['orderId', M.reviewOrder]]],
    ['text 1 char', { orderId: 'o1', review: 'x', rating: 4 }, [['review', M.reviewTextLength]]],
    [
      'text 601',
      { orderId: 'o1', review: repeat(601), rating: 4 },
      [['review', M.reviewTextLength]],
    ],
    [
      'all',
      { orderId: '', review: '' },
      [
        ['orderId', M.reviewOrder],
        ['review', M.reviewTextLength],
        ['rating', M.reviewRating],
      ],
    ],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(reviewSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts the honeypot so a bot sees success, and the caller can spot it', () => {
    const data = dataOf(
      reviewSchema.safeParse({ orderId: 'o1', review: 'spam', rating: 5, website: 'x.com' }),
    );
    expect(isHoneypotFilled(data)).toBe(true);
  });

  it.each<[{ website?: unknown }, boolean]>([
    [{}, false],
    [{ website: undefined }, false],
    [{ website: '' }, false],
    [{ website: '   ' }, false],
    [{ website: null }, false],
    [{ website: 'http://spam' }, true],
    [{ website: 'a' }, true],
    [{ website: 0 }, true],
  ])('isHoneypotFilled(%j) → %s', (values, expected) => {
    expect(isHoneypotFilled(values)).toBe(expected);
  });

  const t0 = 1_700_000_000_000;
  it.each<[number | null | undefined, number, boolean]>([
    [null, t0, false],
    [undefined, t0, false],
    [t0, t0, true],
    [t0, t0 + 59_999, true],
    [t0, t0 + 60_000, false],
    [t0, t0 + 3_600_000, false],
    [t0 + 10 * 60_000, t0, false], // stored time in the future: not a permanent lock
    [Number.NaN, t0, false],
  ])('isWithinReviewCooldown(%j, %d) → %s', (last, now, expected) => {
    expect(isWithinReviewCooldown(last, now)).toBe(expected);
  });

  it.each<[number | null | undefined, number, number]>([
    [null, t0, 0],
    [t0, t0, 60_000],
    [t0, t0 + 59_999, 1],
    [t0, t0 + 60_000, 0],
    [t0 + 10 * 60_000, t0, 0], // stored time in the future: no wait
  ])('reviewCooldownLeftMs(%j, %d) → %d', (last, now, expected) => {
    expect(reviewCooldownLeftMs(last, now)).toBe(expected);
  });

  it.each<[Record<string, unknown>, boolean]>([
    [{ publishAtOnce: true }, true],
    [{ publishAtOnce: false }, true],
    [{}, false],
    [{ publishAtOnce: 'yes' }, false],
    [{ publishAtOnce: true, extra: 1 }, false],
  ])('reviewSettingsSchema.safeParse(%j).success → %s', (input, ok) => {
    expect(reviewSettingsSchema.safeParse(input).success).toBe(ok);
  });

  it.each<[{ name?: unknown; review?: unknown }, boolean]>([
    [{ name: 'Ali', review: 'ok' }, true],
    [{ name: ' A ', review: 'fine' }, false],
    [{ name: 'Ali', review: ' x ' }, false],
    [{ name: 'Ali' }, false],
    [{ review: 'great' }, false],
    [{ name: 42, review: 'great' }, false],
  ])('isDisplayableReview(%j) → %s', (review, expected) => {
    expect(isDisplayableReview(review)).toBe(expected);
  });
});
