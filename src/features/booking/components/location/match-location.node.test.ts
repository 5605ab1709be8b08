import { describe, expect, it } from 'vitest';
import { matchLocation, normalizePlaceName } from './match-location';

describe('normalizePlaceName', () => {
  it('ignores "Governorate"/"محافظة", hamza forms, taa marbuta, case, diacritics and the article', () => {
    expect(normalizePlaceName('محافظة القاهرة')).toBe(normalizePlaceName('القاهره'));
    expect(normalizePlaceName('Cairo Governorate')).toBe(normalizePlaceName('cairo'));
    expect(normalizePlaceName('الإسكندرية')).toBe(normalizePlaceName('الاسكندريه'));
    expect(normalizePlaceName('مِصْرُ الجَدِيدَة')).toBe(normalizePlaceName('مصر الجديدة'));
    expect(normalizePlaceName('El-Marg')).toBe(normalizePlaceName('Al Marg'));
    expect(normalizePlaceName('Ma‘ādī')).toBe(normalizePlaceName('maadi'));
  });
});

describe('matchLocation', () => {
  it('matches Arabic names', () => {
    const m = matchLocation({ city: 'القاهرة', district: 'مدينة نصر' });
    expect(m).toMatchObject({
      kind: 'full',
      governorate: { id: 'cairo' },
      district: { id: 'nasr-city' },
    });
  });

  it('matches English names with a "Governorate" suffix', () => {
    const m = matchLocation({ city: 'Cairo Governorate', district: 'Heliopolis' });
    expect(m).toMatchObject({ kind: 'full', district: { id: 'heliopolis' } });
  });

  it('uses the state when the city is a town, and the city as a district', () => {
    const m = matchLocation({ city: '6th of October City', district: '', state: 'Giza' });
    expect(m).toMatchObject({
      kind: 'full',
      governorate: { id: 'giza' },
      district: { id: 'sixth-of-october' },
    });
  });

  it('a governorate without a known district is a partial match', () => {
    expect(matchLocation({ city: 'الجيزة', district: 'حي مجهول تماما' })).toMatchObject({
      kind: 'governorate',
      governorate: { id: 'giza' },
    });
  });

  it('nothing known is no match', () => {
    expect(matchLocation({ city: 'Paris', district: 'Montmartre' })).toEqual({ kind: 'none' });
    expect(matchLocation({ city: '', district: '' })).toEqual({ kind: 'none' });
  });
});
