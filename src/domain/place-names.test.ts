import { describe, expect, it } from 'vitest';
import { containsAsWords, normalizePlaceName } from './place-names';

describe('normalizePlaceName', () => {
  it('ignores "Governorate"/"محافظة", hamza forms, taa marbuta, case, diacritics and the article', () => {
    expect(normalizePlaceName('محافظة القاهرة')).toBe(normalizePlaceName('القاهره'));
    expect(normalizePlaceName('Cairo Governorate')).toBe(normalizePlaceName('cairo'));
    expect(normalizePlaceName('الإسكندرية')).toBe(normalizePlaceName('الاسكندريه'));
    expect(normalizePlaceName('مِصْرُ الجَدِيدَة')).toBe(normalizePlaceName('مصر الجديدة'));
    expect(normalizePlaceName('El-Marg')).toBe(normalizePlaceName('Al Marg'));
    expect(normalizePlaceName('Ma‘ādī')).toBe(normalizePlaceName('maadi'));
  });

  it('reads Arabic-Indic digits and drops "مدينة", "حي", "قسم" and "أول" as it drops "City"', () => {
    expect(normalizePlaceName('مدينة ٦ أكتوبر')).toBe('6 اكتوبر');
    expect(normalizePlaceName('مدينة نصر')).toBe(normalizePlaceName('نصر'));
    expect(normalizePlaceName('قسم أول مدينة نصر')).toBe(normalizePlaceName('مدينة نصر'));
    expect(normalizePlaceName('حي الشرق')).toBe(normalizePlaceName('الشرق'));
    expect(normalizePlaceName('Qism Nasr City')).toBe('nasr');
    expect(normalizePlaceName('  ')).toBe('');
  });

  it('keeps what tells places apart', () => {
    expect(normalizePlaceName('القاهرة الجديدة')).not.toBe(normalizePlaceName('القاهرة'));
    expect(normalizePlaceName('Shubra El Kheima')).not.toBe(normalizePlaceName('Shubra'));
    expect(normalizePlaceName('مصر القديمة')).not.toBe(normalizePlaceName('مصر الجديدة'));
  });
});

describe('containsAsWords', () => {
  it('is a whole-word containment either way, never a piece of a word', () => {
    expect(containsAsWords('قاهره', 'قاهره جديده')).toBe(true);
    expect(containsAsWords('nasr 1', 'nasr')).toBe(true);
    expect(containsAsWords('mar', 'marg')).toBe(false);
    expect(containsAsWords('', 'marg')).toBe(false);
  });
});
