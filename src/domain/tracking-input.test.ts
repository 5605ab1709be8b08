import { describe, expect, it } from 'vitest';
import { normalizeTrackingInput } from './tracking-input';

describe('normalizeTrackingInput: an order number however it is typed (D6, D22)', () => {
  it.each<[string, string]>([
    // Spaces where the dashes go, lower case: read out over the phone, typed on a phone.
    ['af 20261127 838', 'AF-20261127-838'],
    ['AF 20261127 838', 'AF-20261127-838'],
    ['  af  20261127   838 ', 'AF-20261127-838'],
    // Arabic-Indic and Extended Arabic-Indic digits, with or without their dashes.
    ['AF-٢٠٢٦١١٢٧-٨٣٨', 'AF-20261127-838'],
    ['af ٢٠٢٦١١٢٧ ٨٣٨', 'AF-20261127-838'],
    ['AF-۲۰۲۶۱۱۲۷-۸۳۸', 'AF-20261127-838'],
    // Other dashes: en and em dash (autocorrect), the minus sign, the tatweel, a dot, a slash.
    ['AF–20261127–838', 'AF-20261127-838'],
    ['AF—20261127—838', 'AF-20261127-838'],
    ['AF\u221220261127\u2212838', 'AF-20261127-838'],
    ['AF\u2010\u201120261127\u2011838', 'AF-20261127-838'],
    ['AFـ20261127ـ838', 'AF-20261127-838'],
    ['af.20261127.838', 'AF-20261127-838'],
    ['AF/20261127/838', 'AF-20261127-838'],
    ['AF_20261127_838', 'AF-20261127-838'],
    ['AF - 20261127 - 838', 'AF-20261127-838'],
    // No separators at all, or no prefix: the date's 8 digits say where the suffix starts.
    ['AF20261127838', 'AF-20261127-838'],
    ['af202611274950', 'AF-20261127-4950'],
    ['20261127-838', 'AF-20261127-838'],
    ['٢٠٢٦١١٢٧ ٨٣٨', 'AF-20261127-838'],
    // Pasted from a chat or a right-to-left page.
    ['#AF-20261127-838', 'AF-20261127-838'],
    ['\u200Faf ٢٠٢٦١١٢٧ ٨٣٨\u200F', 'AF-20261127-838'],
    ['\u2068AF-20261127-838\u2069', 'AF-20261127-838'],
    // Six-digit suffixes are the widest (D6).
    ['af 20261127 859950', 'AF-20261127-859950'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeTrackingInput(input)).toBe(expected);
  });

  it.each<[string, string]>([
    // Not an order number's shape: trimmed and upper-cased only, the backend says "not found".
    ['xyz', 'XYZ'],
    ['AF-2025#1', 'AF-2025#1'],
    ['AF-2026112-838', 'AF-2026112-838'], // 7 digits of date
    ['AF-20261127-1234567', 'AF-20261127-1234567'], // a 7-digit suffix
    ['BF 20261127 838', 'BF 20261127 838'],
    ['AF 20261127', 'AF 20261127'],
    ['', ''],
  ])('%j is left as %j', (input, expected) => {
    expect(normalizeTrackingInput(input)).toBe(expected);
  });

  it('gives the same number for every way of writing it', () => {
    const ways = ['af 20261127 838', 'AF-٢٠٢٦١١٢٧-٨٣٨', 'AF20261127838', '#af–20261127–838'];
    expect(new Set(ways.map(normalizeTrackingInput))).toEqual(new Set(['AF-20261127-838']));
  });
});
