import { describe, expect, it } from 'vitest';
import {
  districtName,
  findDistrict,
  findGovernorate,
  GOVERNORATES,
  governorateName,
} from './governorates';

const ARABIC_LETTER = /[\u0621-\u064A]/;
const LATIN_OR_DIGIT = /[A-Za-z]/;
const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('GOVERNORATES (D7)', () => {
  it('has all 27 governorates of Egypt', () => {
    expect(GOVERNORATES).toHaveLength(27);
  });

  it('has unique kebab-case ids and unique names', () => {
    const ids = GOVERNORATES.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(KEBAB);
    expect(new Set(GOVERNORATES.map((g) => g.ar)).size).toBe(27);
    expect(new Set(GOVERNORATES.map((g) => g.en)).size).toBe(27);
  });

  it.each([
    'cairo',
    'giza',
    'alexandria',
    'dakahlia',
    'sharqia',
    'qalyubia',
    'kafr-el-sheikh',
    'gharbia',
    'monufia',
    'beheira',
    'damietta',
    'port-said',
    'ismailia',
    'suez',
    'faiyum',
    'beni-suef',
    'minya',
    'asyut',
    'sohag',
    'qena',
    'luxor',
    'aswan',
    'red-sea',
    'new-valley',
    'matrouh',
    'north-sinai',
    'south-sinai',
  ])('includes %s', (id) => {
    expect(findGovernorate(id)?.id).toBe(id);
  });

  describe.each(GOVERNORATES.map((g) => [g.id, g] as const))('%s', (_id, g) => {
    it('has an Arabic name in Arabic letters and an ASCII English name', () => {
      expect(g.ar).toMatch(ARABIC_LETTER);
      expect(g.ar).not.toMatch(LATIN_OR_DIGIT);
      expect(g.en).toMatch(PRINTABLE_ASCII);
      expect(g.en.trim()).toBe(g.en);
    });

    it('has at least 5 districts with unique kebab-case ids', () => {
      expect(g.districts.length).toBeGreaterThanOrEqual(5);
      const ids = g.districts.map((d) => d.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(KEBAB);
    });

    it('names every district in Arabic and English, without duplicates', () => {
      for (const d of g.districts) {
        expect(d.ar).toMatch(ARABIC_LETTER);
        expect(d.ar.trim()).toBe(d.ar);
        expect(d.en).toMatch(PRINTABLE_ASCII);
        expect(d.en.trim()).toBe(d.en);
      }
      expect(new Set(g.districts.map((d) => d.ar)).size).toBe(g.districts.length);
      expect(new Set(g.districts.map((d) => d.en)).size).toBe(g.districts.length);
    });
  });

  it.each<[string, number]>([
    ['cairo', 15],
    ['giza', 10],
    ['alexandria', 10],
  ])('%s, a big market, lists at least %d districts', (id, min) => {
    expect(findGovernorate(id)?.districts.length).toBeGreaterThanOrEqual(min);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(GOVERNORATES)).toBe(true);
    const cairo = findGovernorate('cairo');
    expect(Object.isFrozen(cairo)).toBe(true);
    expect(Object.isFrozen(cairo?.districts)).toBe(true);
  });
});

describe('the spec cities and their districts', () => {
  it.each<[string, string, string, string]>([
    ['cairo', 'القاهرة', 'Cairo', 'nasr-city'],
    ['cairo', 'القاهرة', 'Cairo', 'heliopolis'],
    ['cairo', 'القاهرة', 'Cairo', 'maadi'],
    ['cairo', 'القاهرة', 'Cairo', 'zamalek'],
    ['cairo', 'القاهرة', 'Cairo', 'downtown'],
    ['cairo', 'القاهرة', 'Cairo', 'shubra'],
    ['cairo', 'القاهرة', 'Cairo', 'mokattam'],
    ['cairo', 'القاهرة', 'Cairo', 'new-cairo'],
    ['cairo', 'القاهرة', 'Cairo', 'ain-shams'],
    ['cairo', 'القاهرة', 'Cairo', 'helwan'],
    ['giza', 'الجيزة', 'Giza', 'dokki'],
    ['giza', 'الجيزة', 'Giza', 'haram'],
    ['giza', 'الجيزة', 'Giza', 'sheikh-zayed'],
    ['alexandria', 'الإسكندرية', 'Alexandria', 'smouha'],
    ['alexandria', 'الإسكندرية', 'Alexandria', 'sidi-gaber'],
    ['dakahlia', 'الدقهلية', 'Dakahlia', 'mansoura'],
    ['asyut', 'أسيوط', 'Asyut', 'asyut-city'],
  ])('%s (%s / %s) has %s', (governorateId, ar, en, districtId) => {
    const g = findGovernorate(governorateId);
    expect(g?.ar).toBe(ar);
    expect(g?.en).toBe(en);
    expect(findDistrict(governorateId, districtId)?.id).toBe(districtId);
  });

  it('spells Mansoura in both languages', () => {
    expect(findDistrict('dakahlia', 'mansoura')).toMatchObject({
      id: 'mansoura',
      ar: 'المنصورة',
      en: 'Mansoura',
    });
  });
});

describe('lookups', () => {
  it.each<[string | null | undefined, boolean]>([
    ['cairo', true],
    ['Cairo', false],
    [' cairo', false],
    ['mansoura', false], // a city, not a governorate
    ['', false],
    [null, false],
    [undefined, false],
    ['toString', false],
    ['__proto__', false],
  ])('findGovernorate(%j) found: %s', (id, found) => {
    expect(findGovernorate(id) !== undefined).toBe(found);
  });

  it.each<[string | null | undefined, string | null | undefined, boolean]>([
    ['cairo', 'maadi', true],
    ['giza', 'maadi', false], // district of another governorate
    ['dakahlia', 'mansoura', true],
    ['cairo', 'mansoura', false],
    ['nowhere', 'maadi', false],
    ['cairo', '', false],
    ['cairo', undefined, false],
    [undefined, 'maadi', false],
  ])('findDistrict(%j, %j) found: %s', (g, d, found) => {
    expect(findDistrict(g, d) !== undefined).toBe(found);
  });

  it.each<['ar' | 'en', string, string]>([
    ['ar', 'الإسكندرية', 'سموحة'],
    ['en', 'Alexandria', 'Smouha'],
  ])('names in %s', (language, governorate, district) => {
    const g = findGovernorate('alexandria');
    const d = findDistrict('alexandria', 'smouha');
    if (!g || !d) throw new Error('fixture missing');
    expect(governorateName(g, language)).toBe(governorate);
    expect(districtName(d, language)).toBe(district);
  });
});
