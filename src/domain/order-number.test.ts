import { describe, expect, it } from 'vitest';
import {
  formatOrderNumber,
  generateOrderNumber,
  isOrderNumber,
  ORDER_NUMBER_PATTERN,
  ORDER_SUFFIX_THRESHOLDS,
  orderSuffixWidth,
  parseOrderNumber,
  suffixCapacity,
  widerSuffix,
} from './order-number';

describe('ORDER_NUMBER_PATTERN', () => {
  it.each<[string, boolean]>([
    ['AF-20250101-123', true],
    ['AF-20250101-1234', true],
    ['AF-20250101-12345', true],
    ['AF-20250101-123456', true],
    ['AF-20250101-12', false],
    ['AF-20250101-1234567', false],
    ['AF-20250101-012', false],
    ['af-20250101-123', false],
    ['AF-2025011-123', false],
    [' AF-20250101-123', false],
    ['AF-20250101-123 ', false],
    ['XAF-20250101-123', false],
  ])('%j → %s', (input, expected) => {
    expect(ORDER_NUMBER_PATTERN.test(input)).toBe(expected);
  });
});

describe('formatOrderNumber', () => {
  it.each<[string, number, string]>([
    ['20250101', 123, 'AF-20250101-123'],
    ['20261231', 100, 'AF-20261231-100'],
    ['20240229', 999, 'AF-20240229-999'],
    ['20250615', 1000, 'AF-20250615-1000'],
    ['20250615', 9999, 'AF-20250615-9999'],
    ['20250615', 10000, 'AF-20250615-10000'],
    ['20250615', 999999, 'AF-20250615-999999'],
  ])('(%s, %d) → %s', (ymd, suffix, expected) => {
    expect(formatOrderNumber(ymd, suffix)).toBe(expected);
  });

  it.each<[string, number]>([
    ['20250230', 123], // 30 February
    ['2025011', 123],
    ['2025-01-01', 123],
    ['20250101', 99],
    ['20250101', 1_000_000],
    ['20250101', 123.5],
    ['20250101', Number.NaN],
  ])('rejects (%j, %d)', (ymd, suffix) => {
    expect(() => formatOrderNumber(ymd, suffix)).toThrow(RangeError);
  });
});

describe('parseOrderNumber', () => {
  it.each([
    ['AF-20250101-123', { date: '20250101', suffix: 123 }],
    ['AF-20240229-100', { date: '20240229', suffix: 100 }],
    ['AF-20261231-999', { date: '20261231', suffix: 999 }],
    ['AF-20250101-1000', { date: '20250101', suffix: 1000 }],
    ['AF-20250101-9999', { date: '20250101', suffix: 9999 }],
    ['AF-20250101-54321', { date: '20250101', suffix: 54321 }],
    ['AF-20250101-100000', { date: '20250101', suffix: 100000 }],
  ])('%s', (input, expected) => {
    expect(parseOrderNumber(input)).toEqual(expected);
  });

  it.each([
    ['AF-20250229-123'], // 2025 is not a leap year
    ['AF-20251301-123'], // month 13
    ['AF-20250100-123'], // day 0
    ['AF-20250431-123'], // 31 April
    ['AF-19000229-123'], // 1900 is not a leap year
    ['AF-20250101-099'], // suffix below 100
    ['AF-20250101-012'],
    ['AF-20250101-0999'], // 4 digits below 1000
    ['AF-20250101-012345'],
    ['AF-20250101-1234567'],
    ['AF-20250101-12'],
    ['af-20250101-123'],
    ['AF-20250101-123 '],
    ['20250101-123'],
    [''],
  ])('%j is not an order number', (input) => {
    expect(parseOrderNumber(input)).toBeNull();
    expect(isOrderNumber(input)).toBe(false);
  });

  it.each([['AF-20000229-500'], ['AF-20250101-123'], ['AF-20250101-5000']])(
    'isOrderNumber(%j) is true',
    (input) => {
      expect(isOrderNumber(input)).toBe(true);
    },
  );

  it('isOrderNumber is false for non-strings', () => {
    expect(isOrderNumber(undefined)).toBe(false);
    expect(isOrderNumber(20250101123)).toBe(false);
  });
});

describe('generateOrderNumber', () => {
  const fixed = (value: number) => () => value;

  it.each<[string, string]>([
    // Winter, UTC+2: 22:30Z is 00:30 next day in Cairo.
    ['2026-03-01T22:30:00Z', 'AF-20260302-100'],
    ['2026-03-01T21:59:59Z', 'AF-20260301-100'],
    ['2026-03-01T22:00:00Z', 'AF-20260302-100'],
    // Summer time, UTC+3: 21:30Z is already 00:30 next day.
    ['2026-07-15T21:30:00Z', 'AF-20260716-100'],
    ['2026-07-15T20:59:59Z', 'AF-20260715-100'],
    // New year in Cairo while it is still 31 December in UTC.
    ['2025-12-31T22:15:00Z', 'AF-20260101-100'],
    ['2025-12-31T21:45:00Z', 'AF-20251231-100'],
  ])('uses the Cairo date of %s', (iso, expected) => {
    expect(generateOrderNumber(new Date(iso), fixed(0))).toBe(expected);
  });

  const now = new Date('2025-01-01T10:00:00Z');

  it.each<[number, 3 | 4 | 5 | 6, string]>([
    [0, 3, 'AF-20250101-100'],
    [0.5, 3, 'AF-20250101-550'],
    [0.999999, 3, 'AF-20250101-999'],
    [1, 3, 'AF-20250101-999'], // an out-of-contract source stays in range
    [-0.2, 3, 'AF-20250101-100'],
    [0, 4, 'AF-20250101-1000'],
    [0.5, 4, 'AF-20250101-5500'],
    [0.999999, 4, 'AF-20250101-9999'],
    [0, 5, 'AF-20250101-10000'],
    [0.999999, 5, 'AF-20250101-99999'],
    [0, 6, 'AF-20250101-100000'],
    [0.9999999, 6, 'AF-20250101-999999'],
  ])('random %d with %d digits → %s', (value, digits, expected) => {
    expect(generateOrderNumber(now, fixed(value), digits)).toBe(expected);
  });

  it('produces parseable numbers with Math.random over many draws', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i += 1) {
      const parsed = parseOrderNumber(generateOrderNumber(now));
      expect(parsed).not.toBeNull();
      expect(parsed?.suffix).toBeGreaterThanOrEqual(100);
      expect(parsed?.suffix).toBeLessThanOrEqual(999);
      if (parsed) seen.add(parsed.suffix);
    }
    // 2000 uniform draws over 900 values cover most of them; a constant source would not.
    expect(seen.size).toBeGreaterThan(600);
  });

  it('defaults to the current time', () => {
    expect(isOrderNumber(generateOrderNumber())).toBe(true);
  });
});

describe('orderSuffixWidth: the number space widens before it fills', () => {
  it.each<[number, 3 | 4 | 5 | 6 | null]>([
    [0, 3],
    [449, 3],
    [450, 4],
    [4_949, 4],
    [4_950, 5],
    [49_949, 5],
    [49_950, 6],
    [859_949, 6],
    [859_950, null],
    [10_000_000, null],
  ])('after %d numbers today → %s digits', (issued, width) => {
    expect(orderSuffixWidth(issued)).toBe(width);
  });

  it('leaves every width at most half full, and the last at most 90% full', () => {
    let before = 0;
    for (const [index, threshold] of ORDER_SUFFIX_THRESHOLDS.entries()) {
      const width = orderSuffixWidth(before);
      expect(width).not.toBeNull();
      const used = threshold - before;
      const last = index === ORDER_SUFFIX_THRESHOLDS.length - 1;
      expect(used / suffixCapacity(width!)).toBeLessThanOrEqual(last ? 0.9 : 0.5);
      before = threshold;
    }
  });

  it('has a wider width for every width but the last', () => {
    expect(widerSuffix(3)).toBe(4);
    expect(widerSuffix(4)).toBe(5);
    expect(widerSuffix(5)).toBe(6);
    expect(widerSuffix(6)).toBeNull();
  });
});
