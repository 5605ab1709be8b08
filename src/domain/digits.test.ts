import { describe, expect, it } from 'vitest';
import { normalizeDigits, parseDecimal, stripBidiControls, stripInvisibleMarks } from './digits';

describe('normalizeDigits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['0123456789', '0123456789'],
    ['الدور ٣', 'الدور 3'],
    ['AF-٢٠٢٥٠١٠١-١٢٣', 'AF-20250101-123'],
    ['mixed ٤2۵', 'mixed 425'],
    ['', ''],
    ['no digits', 'no digits'],
    // Neighbouring code points that are not digits stay as they are.
    ['\u066B\u066C\u06EF\u06FA', '\u066B\u066C\u06EF\u06FA'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDigits(input)).toBe(expected);
  });
});

describe('stripInvisibleMarks', () => {
  it.each([
    ['\u200F010\u200E', '010'],
    ['\u202BAF\u202C', 'AF'],
    ['\u2067x\u2069', 'x'],
    ['\uFEFFabc', 'abc'],
    ['\u061Cab', 'ab'],
    ['plain text', 'plain text'],
  ])('%j → %j', (input, expected) => {
    expect(stripInvisibleMarks(input)).toBe(expected);
  });
});

describe('stripBidiControls', () => {
  it.each([
    ['\u202Eevil\u202C', 'evil'],
    ['\u202A\u202B\u202C\u202D\u202E', ''],
    ['\u2066\u2067\u2068\u2069', ''],
    // Marks that only nudge a neighbour stay, and so does a BOM (measured elsewhere).
    ['\u200Eab\u200F\u061C\uFEFF', '\u200Eab\u200F\u061C\uFEFF'],
    ['منى عادل', 'منى عادل'],
  ])('%j → %j', (input, expected) => {
    expect(stripBidiControls(input)).toBe(expected);
  });
});

describe('parseDecimal', () => {
  it.each<[unknown, number]>([
    [3, 3],
    [-2.5, -2.5],
    ['12', 12],
    [' 7 ', 7],
    ['٣', 3],
    ['۱۲', 12],
    ['١٫٥', 1.5],
    ['2.75', 2.75],
    ['-4', -4],
    ['+4', 4],
    ['.5', 0.5],
  ])('%j → %d', (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });

  it.each<[unknown]>([
    [''],
    ['   '],
    ['abc'],
    ['0x10'],
    ['1e3'],
    ['1,000'],
    ['3 floors'],
    [null],
    [undefined],
    [true],
    [{}],
    [[]],
  ])('%j is not a number', (input) => {
    expect(parseDecimal(input)).toBeNaN();
  });
});
