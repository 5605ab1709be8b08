import { describe, expect, it } from 'vitest';
import { formatDigits, formatMoney, formatNumber } from './money';

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

describe('written as Intl writes them, without asking Intl', () => {
  const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1500, 9999, 10000, 12345, 99999, 100000];
  for (let i = 0; i < 200; i += 1) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 9))));
  amounts.push(2.5, 1500.5, 1500.49);

  it.each(['ar', 'en'] as const)('money in %s, to the letter', (language) => {
    const intl = new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-EG', {
      style: 'currency',
      currency: 'EGP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    for (const amount of amounts)
      expect(formatMoney(amount, language), `${amount}`).toBe(intl.format(amount));
  });

  it.each(['ar', 'en'] as const)('whole numbers in %s, to the letter', (language) => {
    const intl = new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-EG');
    for (const n of amounts.filter(Number.isInteger)) {
      expect(formatNumber(n, language), `${n}`).toBe(intl.format(n));
    }
  });

  it('other numbers still go through Intl', () => {
    expect(formatNumber(-1500, 'en')).toBe('-1,500');
    expect(formatNumber(2.5, 'ar')).toBe(new Intl.NumberFormat('ar-EG').format(2.5));
  });

  it('formatDigits changes only the digits', () => {
    expect(formatDigits(2026, 'ar')).toBe('٢٠٢٦');
    expect(formatDigits('AF-2026', 'ar')).toBe('AF-٢٠٢٦');
    expect(formatDigits(2026, 'en')).toBe('2026');
  });
});
