import { describe, expect, it } from 'vitest';
import { isEgyptianMobile, normalizeEgyptianMobile, toInternationalEgyptian } from './phone';

describe('normalizeEgyptianMobile (D7)', () => {
  it.each([
    ['01012345678', '01012345678'],
    ['01123456789', '01123456789'],
    ['01234567890', '01234567890'],
    ['01598765432', '01598765432'],
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['۰۱۲۳۴۵۶۷۸۹۰', '01234567890'],
    ['010 1234 5678', '01012345678'],
    ['010-1234-5678', '01012345678'],
    ['(010) 1234-5678', '01012345678'],
    ['+20 10 1234 5678', '01012345678'],
    ['+201012345678', '01012345678'],
    ['+20 (10) 1234-5678', '01012345678'],
    ['00201012345678', '01012345678'],
    ['0020 115 555 0000', '01155550000'],
    ['201012345678', '01012345678'],
    ['+٢٠ ١٠ ١٢٣٤ ٥٦٧٨', '01012345678'],
    ['+20 010 1234 5678', '01012345678'],
    ['  01012345678  ', '01012345678'],
    ['\u200F01012345678\u200F', '01012345678'],
    ['010\u00A01234\u00A05678', '01012345678'],
    ['1012345678', '01012345678'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeEgyptianMobile(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['0101234567'], // 10 digits
    ['010123456789'], // 12 digits
    ['01312345678'], // 013 is not a mobile prefix
    ['01412345678'],
    ['0221234567'], // Cairo landline
    ['02 2345 6789'],
    ['+966 50 123 4567'], // Saudi
    ['+2001312345678'],
    ['+1 202 555 0100'],
    ['0101234567a'],
    ['phone: 01012345678'],
    ['+20+1012345678'],
    ['20 10 1234 567'],
  ])('%j is rejected', (input) => {
    expect(normalizeEgyptianMobile(input)).toBeNull();
  });

  it('returns null for non-string input from untyped callers', () => {
    expect(normalizeEgyptianMobile(undefined as unknown as string)).toBeNull();
    expect(normalizeEgyptianMobile(1012345678 as unknown as string)).toBeNull();
  });
});

describe('isEgyptianMobile', () => {
  it.each<[unknown, boolean]>([
    ['01012345678', true],
    ['+20 12 3456 7890', true],
    ['٠١٥٥٥٥٥٥٥٥٥', true],
    ['01612345678', false],
    ['', false],
    [null, false],
    [1012345678, false],
  ])('%j → %s', (input, expected) => {
    expect(isEgyptianMobile(input)).toBe(expected);
  });
});

describe('toInternationalEgyptian', () => {
  it.each([
    ['01012345678', '201012345678'],
    ['01198765432', '201198765432'],
    ['+20 15 5555 0000', '201555550000'],
    ['٠١٢٣٤٥٦٧٨٩٠', '201234567890'],
  ])('%j → %s', (input, expected) => {
    expect(toInternationalEgyptian(input)).toBe(expected);
  });

  it.each([['0221234567'], [''], ['abc']])('throws for %j', (input) => {
    expect(() => toInternationalEgyptian(input)).toThrow(RangeError);
  });
});
