import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './search-text';

describe('normalizeSearchText (D20)', () => {
  it.each([
    // Hamza forms of alef, and alef wasla and the wavy-hamza alefs: all bare alef.
    ['أحمد', 'احمد'],
    ['إحمد', 'احمد'],
    ['آمال', 'امال'],
    ['ٱلسيد', 'السيد'],
    ['ٲحمد', 'احمد'],
    ['ٳحمد', 'احمد'],
    // Waw and yeh with hamza.
    ['رؤوف', 'رووف'],
    ['وائل', 'وايل'],
    ['هانئ', 'هاني'],
    // Teh marbuta, and the heh forms of Persian and Urdu keyboards, are heh.
    ['فاطمة', 'فاطمه'],
    ['فاطمه', 'فاطمه'],
    ['فاطمە', 'فاطمه'],
    ['فاطمہ', 'فاطمه'],
    // Alef maqsura and the Persian yeh are yeh; the Persian keheh is kaf.
    ['مصطفى', 'مصطفي'],
    ['مصطفي', 'مصطفي'],
    ['علی', 'علي'],
    ['کريم', 'كريم'],
  ])('folds the letter forms: %s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it.each([
    // Fatha, damma, kasra, shadda, sukun, tanween.
    ['مُحَمَّد', 'محمد'],
    ['مِنَى', 'مني'],
    ['سُكْر', 'سكر'],
    ['كتابًا', 'كتابا'],
    ['كتابٌ', 'كتاب'],
    ['كتابٍ', 'كتاب'],
    // The dagger alef, and a Quranic mark.
    ['رحمٰن', 'رحمن'],
    ['الرحمن\u06DA', 'الرحمن'],
    // Tatweel (kashida), however long.
    ['محـــمد', 'محمد'],
    ['أحـمـد', 'احمد'],
    // Diacritics and tatweel together with a hamza form.
    ['أَحْـمَـد', 'احمد'],
    // Latin accents and case.
    ['José MARÍA', 'jose maria'],
  ])('removes diacritics and tatweel: %s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it.each([
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['۰۱۰۱۲۳۴۵۶۷۸', '01012345678'],
    ['AF-٢٠٢٦١١٢٣-٤١٧', 'af 20261123 417'],
    // Full-width digits, from a Japanese or Chinese keyboard or a copied page.
    ['０１０', '010'],
  ])('writes digits in ASCII: %s → %s', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it.each([
    ['  منى   عبد\tالرحمن ', 'مني عبد الرحمن'],
    ['#af-20261123-417', 'af 20261123 417'],
    ['Mona, Adel.', 'mona adel'],
    ['\u200fأحمد\u200e', 'احمد'],
    ['---', ''],
    ['', ''],
  ])('folds case, blanks and punctuation: %j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('reads Arabic presentation forms (text copied from old PDFs) as the letters', () => {
    // ﺃﺣﻤﺪ: alef with hamza, hah, meem, dal in their contextual forms.
    expect(normalizeSearchText('\uFE83\uFEA3\uFEE4\uFEAA')).toBe('احمد');
    // The lam-alef ligature with hamza.
    expect(normalizeSearchText('\uFEF7')).toBe('لا');
  });

  it('keeps what it does not fold: a lone hamza, other letters, Latin words', () => {
    expect(normalizeSearchText('سماء')).toBe('سماء');
    expect(normalizeSearchText('ثروت')).toBe('ثروت');
    expect(normalizeSearchText('Sara')).toBe('sara');
  });

  it('is idempotent, so text stored normalised and text typed meet', () => {
    for (const text of ['أَحْـمَـد', 'فاطمة الزهراء', 'AF-٢٠٢٦١١٢٣-٤١٧', 'علی کريم']) {
      const once = normalizeSearchText(text);
      expect(normalizeSearchText(once)).toBe(once);
    }
  });
});
