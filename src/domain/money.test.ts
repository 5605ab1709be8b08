import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './money';

// Intl inserts direction marks and (non-breaking) spaces whose exact form differs by ICU
// version; the assertions look at what a reader sees instead.
const visible = (s: string) => s.replace(/[\u200E\u200F\u061C]/g, '').replace(/\s/g, ' ');

describe('formatMoney', () => {
  it.each<[number, string]>([
    [1500, '1,500'],
    [1750, '1,750'],
    [80, '80'],
    [0, '0'],
    [1234567, '1,234,567'],
  ])('English %d shows %s and EGP', (amount, digits) => {
    const text = visible(formatMoney(amount, 'en'));
    expect(text).toContain(digits);
    expect(text).toContain('EGP');
    expect(text).not.toMatch(/[٠-٩]/);
  });

  it.each<[number, string]>([
    [1500, '١٬٥٠٠'],
    [1750, '١٬٧٥٠'],
    [80, '٨٠'],
    [0, '٠'],
    [1234567, '١٬٢٣٤٬٥٦٧'],
  ])('Arabic %d shows %s in Arabic-Indic digits and the pound sign', (amount, digits) => {
    const text = visible(formatMoney(amount, 'ar'));
    expect(text).toContain(digits);
    expect(text).toContain('ج.م');
    expect(text).not.toMatch(/[0-9]/);
  });

  it.each<[number, 'ar' | 'en', string]>([
    [1500.4, 'en', '1,500'],
    [1500.6, 'en', '1,501'],
    [1500.4, 'ar', '١٬٥٠٠'],
    [1500.6, 'ar', '١٬٥٠١'],
  ])('rounds %d to whole pounds (%s)', (amount, language, digits) => {
    const text = visible(formatMoney(amount, language));
    expect(text).toContain(digits);
    expect(text).not.toMatch(/[.٫]\d|[.٫][٠-٩]/);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])('shows zero instead of %d', (amount) => {
    expect(visible(formatMoney(amount, 'en'))).toMatch(/EGP\s?0$/);
    expect(visible(formatMoney(amount, 'ar'))).toContain('٠');
  });
});

describe('formatNumber', () => {
  it.each<[number, 'ar' | 'en', string]>([
    [3, 'en', '3'],
    [3, 'ar', '٣'],
    [20, 'ar', '٢٠'],
    [6, 'ar', '٦'],
    [1200, 'en', '1,200'],
    [1200, 'ar', '١٬٢٠٠'],
  ])('%d in %s → %s', (n, language, expected) => {
    expect(visible(formatNumber(n, language))).toBe(expected);
  });
});
