import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, repeat, type Issue } from '../testing/schema-results';
import { reviewSchema } from './review-schema';
import {
  isDisplayableReview,
  isHoneypotFilled,
  isWithinReviewCooldown,
  REVIEW_COOLDOWN_MS,
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from './reviews';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('review (spec 5)', () => {
  it('limits', () => {
    expect([REVIEW_NAME_MIN, REVIEW_NAME_MAX, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX]).toEqual([
      2, 60, 2, 600,
    ]);
    expect(REVIEW_COOLDOWN_MS).toBe(60_000);
  });

  it.each<[string, Record<string, unknown>, { name: string; review: string; rating: number }]>([
    [
      'trims',
      { name: '  Ali  ', review: '  Great team  ', rating: 5 },
      { name: 'Ali', review: 'Great team', rating: 5 },
    ],
    [
      'Arabic digits rating',
      { name: 'منى', review: 'ممتاز', rating: '٤' },
      { name: 'منى', review: 'ممتاز', rating: 4 },
    ],
    ['default rating 5', { name: 'Ali', review: 'ok' }, { name: 'Ali', review: 'ok', rating: 5 }],
    [
      'empty rating → 5',
      { name: 'Ali', review: 'ok', rating: '' },
      { name: 'Ali', review: 'ok', rating: 5 },
    ],
    [
      'clamps high',
      { name: 'Ali', review: 'ok', rating: 9 },
      { name: 'Ali', review: 'ok', rating: 5 },
    ],
    [
      'clamps low',
      { name: 'Ali', review: 'ok', rating: 0 },
      { name: 'Ali', review: 'ok', rating: 1 },
    ],
    [
      'rounds',
      { name: 'Ali', review: 'ok', rating: '3.6' },
      { name: 'Ali', review: 'ok', rating: 4 },
    ],
    [
      'name at 60',
      { name: repeat(60), review: 'ok', rating: 3 },
      { name: repeat(60), review: 'ok', rating: 3 },
    ],
    [
      'text at 600',
      { name: 'Al', review: repeat(600), rating: 3 },
      { name: 'Al', review: repeat(600), rating: 3 },
    ],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(reviewSchema.safeParse(input))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['name 1 char after trim', { name: ' A ', review: 'ok' }, [['name', M.reviewNameLength]]],
    ['name blank', { name: '   ', review: 'ok' }, [['name', M.reviewNameLength]]],
    ['name 61', { name: repeat(61), review: 'ok' }, [['name', M.reviewNameLength]]],
    ['name missing', { review: 'ok' }, [['name', M.reviewNameLength]]],
    ['text 1 char', { name: 'Ali', review: 'x' }, [['review', M.reviewTextLength]]],
    ['text 601', { name: 'Ali', review: repeat(601) }, [['review', M.reviewTextLength]]],
    [
      'both',
      { name: '', review: '' },
      [
        ['name', M.reviewNameLength],
        ['review', M.reviewTextLength],
      ],
    ],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(reviewSchema.safeParse(input))).toEqual(expected);
  });

  it('accepts the honeypot so a bot sees success, and the caller can spot it', () => {
    const data = dataOf(reviewSchema.safeParse({ name: 'Bot', review: 'spam', website: 'x.com' }));
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
