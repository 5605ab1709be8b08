import { describe, expect, it } from 'vitest';
import {
  cleanPastedText,
  hasForbiddenChars,
  hasVisibleLetter,
  isVisiblyBlank,
  visibleLength,
  visibleText,
} from './text';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i));
const hex = (s: string) =>
  `U+${(s.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('cleanPastedText', () => {
  it.each<[string, string, string]>([
    ['a tab becomes a space', 'Mona\tAdel', 'Mona Adel'],
    ['CRLF becomes LF', 'line 1\r\nline 2', 'line 1\nline 2'],
    ['a lone CR becomes LF', 'line 1\rline 2', 'line 1\nline 2'],
    ['the line and paragraph separators become LF', 'a\u2028b\u2029c', 'a\nb\nc'],
    ['an override is dropped', '\u202Egnp.exe\u202C', 'gnp.exe'],
    ['embeddings are dropped', '\u202Aabc\u202B\u202C', 'abc'],
    ['isolates are dropped', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['direction marks stay', 'منى\u200F 12\u200E', 'منى\u200F 12\u200E'],
    ['zero-width characters stay (checked apart)', 'a\u200Bb\u200Dc', 'a\u200Bb\u200Dc'],
    ['NUL stays, to be refused', 'a\u0000b', 'a\u0000b'],
    ['plain text is untouched', 'شارع ٩، المعادي', 'شارع ٩، المعادي'],
  ])('%s', (_label, input, expected) => {
    expect(cleanPastedText(input)).toBe(expected);
  });
});

describe('hasForbiddenChars', () => {
  it.each(C0.filter((c) => c !== '\n'))('refuses %j (C0) in any field', (c) => {
    expect(hasForbiddenChars(`a${c}b`), hex(c)).toBe(true);
    expect(hasForbiddenChars(`a${c}b`, { multiline: true }), hex(c)).toBe(true);
  });

  it.each([...C1, '\u007F'])('refuses %j (DEL, C1) in any field', (c) => {
    expect(hasForbiddenChars(`a${c}b`), hex(c)).toBe(true);
    expect(hasForbiddenChars(`a${c}b`, { multiline: true }), hex(c)).toBe(true);
  });

  it('a newline only in multi-line fields', () => {
    expect(hasForbiddenChars('a\nb')).toBe(true);
    expect(hasForbiddenChars('a\nb', { multiline: true })).toBe(false);
  });

  it('refuses an unpaired surrogate but not an emoji (a pair)', () => {
    expect(hasForbiddenChars('x\uD800')).toBe(true);
    expect(hasForbiddenChars('\uDC00x')).toBe(true);
    expect(hasForbiddenChars('شكرًا 👍')).toBe(false);
  });

  it.each([
    'Mona Adel',
    'منى عادل',
    '١٢ شارع عباس العقاد',
    'a\u00A0b', // no-break space: whitespace, not a control
    'a\u200Bb\u200E', // format characters are measured, not refused
    'a\u00A1b', // the first character after C1
  ])('accepts %j', (s) => {
    expect(hasForbiddenChars(s)).toBe(false);
  });
});

describe('what a person sees', () => {
  it.each<[string, string]>([
    ['\u200B\u200C\u200D', ''],
    ['\u200E\u200F\u061C', ''],
    ['\uFEFFab', 'ab'],
    ['\u3164\u115F', ''], // Hangul fillers: letters that draw nothing
    ['أ\u200B', 'أ'],
  ])('visibleText(%j) = %j', (input, expected) => {
    expect(visibleText(input)).toBe(expected);
  });

  it.each<[string, number]>([
    ['أ\u200B', 1],
    ['\u200Bأب\u200F', 2],
    ['  Mona  ', 4],
    ['👍', 1],
    ['', 0],
  ])('visibleLength(%j) = %d', (input, expected) => {
    expect(visibleLength(input)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['\u200B', true],
    ['\u200E \u200F', true],
    [' \u3164 ', true],
    ['\u0000', false], // not blank: refused as a control character instead
    ['.', false],
  ])('isVisiblyBlank(%j) = %s', (input, expected) => {
    expect(isVisiblyBlank(input)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['Mona', true],
    ['منى', true],
    ['12 ب', true],
    ['12345', false],
    ['١٢٣', false],
    ['!!! ...', false],
    ['\u3164\u3164', false],
    ['\u200B\u200F', false],
  ])('hasVisibleLetter(%j) = %s', (input, expected) => {
    expect(hasVisibleLetter(input)).toBe(expected);
  });
});
