import { describe, expect, it } from 'vitest';
import { parseRating, RATING_DEFAULT, RATING_MAX, RATING_MIN } from './rating';

describe('rating constants (spec 5, 9)', () => {
  it('is 1-5 with default 5', () => {
    expect([RATING_MIN, RATING_MAX, RATING_DEFAULT]).toEqual([1, 5, 5]);
  });
});

describe('parseRating', () => {
  it.each<[unknown, number]>([
    [1, 1],
    [3, 3],
    [5, 5],
    ['4', 4],
    ['٤', 4],
    ['۲', 2],
    [' ٣ ', 3],
    [3.4, 3],
    [3.5, 4],
    ['٢٫٦', 3],
    [0, 1],
    [-7, 1],
    [6, 5],
    [99, 5],
    ['١٠', 5],
    [Number.POSITIVE_INFINITY, 5],
    [Number.NEGATIVE_INFINITY, 1],
    ['', 5],
    ['   ', 5],
    ['five', 5],
    [null, 5],
    [undefined, 5],
    [Number.NaN, 5],
    [{}, 5],
  ])('parseRating(%j) = %d', (input, expected) => {
    expect(parseRating(input)).toBe(expected);
  });

  it.each<[unknown, number, number]>([
    ['', 3, 3],
    ['x', 1, 1],
    [undefined, 4, 4],
    // The fallback is clamped too.
    ['', 0, 1],
    ['', 9, 5],
    ['', Number.NaN, 5],
    // A readable value wins over the fallback.
    ['2', 4, 2],
  ])('parseRating(%j, %d) = %d', (input, fallback, expected) => {
    expect(parseRating(input, fallback)).toBe(expected);
  });
});
