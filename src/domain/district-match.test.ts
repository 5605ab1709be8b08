import { describe, expect, it } from 'vitest';
import {
  DISTRICT_MATCH_RULES,
  districtNameKeys,
  governorateNameKeys,
  matchAgreesWith,
  matchDistrict,
  offeredDistricts,
  type DistrictMatch,
  type GeocodedNames,
} from './district-match';
import { straightLineKm } from './distance';
import { findDistrict, GOVERNORATES } from './governorates';
import { DISTRICT_ALIASES, GOVERNORATE_ALIASES } from './place-aliases';
import { normalizePlaceName } from './place-names';

const TAHRIR = { lat: 30.0444, lon: 31.2357 };
/** Inside Maadi, 2 km from its stored centre, nearer Basatin's than its own. */
const MAADI_STREET = { lat: 29.962, lon: 31.276 };
const MAADI_CENTRE = { lat: 29.9602, lon: 31.2569 };
const MOHANDESSIN = { lat: 30.0552, lon: 31.1995 };
const SMOUHA = { lat: 31.212, lon: 29.946 };
const OCTOBER = { lat: 29.955, lon: 30.925 };

const names = (local: string[], region: string[] = []): GeocodedNames => ({ local, region });

/** "downtown@cairo" for each district offered, best first. */
function offered(match: DistrictMatch): string[] {
  return offeredDistricts(match).map((c) => `${c.districtId}@${c.governorateId}`);
}

describe('matchDistrict: Tahrir Square and "قصر النيل، القاهرة" (issue 26)', () => {
  const qasrElNil = names(['قصر النيل', 'القاهرة'], ['محافظة القاهرة']);

  it('is a short choice of central Cairo districts, nearest first, never New Cairo', () => {
    const match = matchDistrict(TAHRIR, qasrElNil);
    expect(match.kind).toBe('choose');
    expect(offered(match)).toEqual(['downtown@cairo', 'garden-city@cairo', 'abdeen@cairo']);
    const km = offeredDistricts(match).map((c) => c.km);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km[0]).toBeLessThan(1);
  });

  it('the governorate inside "القاهرة الجديدة" is no evidence for it, in either language', () => {
    for (const answer of [
      qasrElNil,
      names(['القاهرة']),
      names(['Qasr El Nil', 'Cairo'], ['Cairo Governorate']),
      names([], ['القاهرة']),
      null,
    ]) {
      const match = matchDistrict(TAHRIR, answer);
      expect(offered(match)).not.toContain('new-cairo@cairo');
      expect(offeredDistricts(match).every((c) => c.evidence !== 'partial')).toBe(true);
    }
  });

  it('the named governorate is recorded as evidence, not as a decision', () => {
    const match = matchDistrict(TAHRIR, qasrElNil);
    expect(offeredDistricts(match).map((c) => c.evidence)).toEqual([
      'governorate',
      'governorate',
      'governorate',
    ]);
  });
});

describe('matchDistrict: clear by name', () => {
  it('Maadi by its name, in Arabic or English, from a street nearer another centre', () => {
    // By position alone this street is a choice (Basatin's centre is about as near).
    expect(matchDistrict(MAADI_STREET, null).kind).toBe('choose');
    for (const local of [['المعادي'], ['Maadi'], ["Ma'adi"], ['El Maadi'], ['شارع 9', 'المعادى']]) {
      const match = matchDistrict(MAADI_STREET, names(local, ['Cairo']));
      expect(match).toMatchObject({
        kind: 'clear',
        by: 'name',
        district: { governorateId: 'cairo', districtId: 'maadi', evidence: 'exact' },
      });
    }
  });

  it('an English answer: "Nasr City" in "Cairo Governorate"', () => {
    const match = matchDistrict(
      { lat: 30.065, lon: 31.345 },
      names(['Nasr City'], ['Cairo Governorate']),
    );
    expect(match).toMatchObject({
      kind: 'clear',
      by: 'name',
      district: { districtId: 'nasr-city' },
    });
  });

  it('the alternative spellings of 6th of October, Arabic-Indic digits included', () => {
    for (const local of [
      '6th of October',
      'October City',
      'مدينة 6 أكتوبر',
      'مدينة ٦ أكتوبر',
      '٦ اكتوبر',
      'السادس من أكتوبر',
      'مدينة السادس من أكتوبر',
    ]) {
      expect(matchDistrict(OCTOBER, names(['الحي السابع', local], ['الجيزة']))).toMatchObject({
        kind: 'clear',
        by: 'name',
        district: { governorateId: 'giza', districtId: 'sixth-of-october' },
      });
    }
  });

  it('an exact name further than the radius does not decide: the coordinates win', () => {
    const newCairoKm = straightLineKm(TAHRIR, findDistrict('cairo', 'new-cairo')!);
    expect(newCairoKm).toBeGreaterThan(DISTRICT_MATCH_RULES.nameRadiusKm);
    const match = matchDistrict(TAHRIR, names(['القاهرة الجديدة'], ['القاهرة']));
    expect(offered(match)).not.toContain('new-cairo@cairo');
    expect(offered(match)[0]).toBe('downtown@cairo');
  });

  it('a district named like one in another governorate is the one near the position', () => {
    // "فيصل" is a district of Giza and of Suez.
    expect(matchDistrict({ lat: 30.004, lon: 31.17 }, names(['فيصل']))).toMatchObject({
      kind: 'clear',
      district: { governorateId: 'giza', districtId: 'faisal' },
    });
    expect(matchDistrict({ lat: 29.99, lon: 32.53 }, names(['Faisal']))).toMatchObject({
      kind: 'clear',
      district: { governorateId: 'suez', districtId: 'faisal' },
    });
  });
});

describe('matchDistrict: names that contradict the coordinates', () => {
  it('a geocoder naming Cairo for a position in Mohandessin (Giza): Mohandessin, Giza', () => {
    const match = matchDistrict(MOHANDESSIN, names(['القاهرة'], ['محافظة القاهرة']));
    expect(match).toMatchObject({
      kind: 'clear',
      by: 'position',
      district: { governorateId: 'giza', districtId: 'mohandessin' },
    });
  });

  it('Maadi named with the wrong governorate (Giza) is still Maadi, Cairo', () => {
    expect(matchDistrict(MAADI_STREET, names(['المعادي'], ['الجيزة']))).toMatchObject({
      kind: 'clear',
      by: 'name',
      district: { governorateId: 'cairo', districtId: 'maadi' },
    });
  });

  it('Nasr City named for a position in Alexandria: districts of Alexandria only', () => {
    const match = matchDistrict(SMOUHA, names(['مدينة نصر', 'القاهرة'], ['القاهرة']));
    expect(offeredDistricts(match).length).toBeGreaterThan(0);
    expect(offeredDistricts(match).every((c) => c.governorateId === 'alexandria')).toBe(true);
    expect(offered(match)[0]).toBe('smouha@alexandria');
  });
});

describe('matchDistrict: by position, without names', () => {
  it('Maadi by position alone: its centre is clearly the nearest', () => {
    const match = matchDistrict(MAADI_CENTRE, null);
    expect(match).toMatchObject({
      kind: 'clear',
      by: 'position',
      district: { governorateId: 'cairo', districtId: 'maadi', evidence: 'none' },
    });
    // The nearest few come with it, nearest first.
    expect(match.kind === 'clear' && match.nearest.map((c) => c.districtId)).toEqual([
      'maadi',
      'basatin',
      'dar-el-salam',
    ]);
  });

  it('no answer and an empty answer are the same', () => {
    expect(matchDistrict(TAHRIR, names([], []))).toEqual(matchDistrict(TAHRIR, null));
    expect(matchDistrict(MAADI_CENTRE, names(['  '], ['']))).toEqual(
      matchDistrict(MAADI_CENTRE, null),
    );
  });

  it('between centres less than a kilometre apart, the customer chooses', () => {
    const match = matchDistrict({ lat: 31.23, lon: 29.945 }, null);
    expect(match.kind).toBe('choose');
    expect(offered(match)).toHaveLength(DISTRICT_MATCH_RULES.choices);
    expect(offered(match)[0]).toBe('roushdy@alexandria');
  });

  it('a nearest centre further than clearWithinKm never decides alone', () => {
    // Between Bahariya Oasis and nothing else: 12 km from its centre.
    const match = matchDistrict({ lat: 28.35, lon: 28.98 }, null);
    expect(match).toEqual({
      kind: 'choose',
      candidates: [expect.objectContaining({ districtId: 'bahariya-oasis' })],
    });
  });
});

describe('matchDistrict: a partial name never decides', () => {
  it('"حدائق المعادي" between Maadi and Dar El Salam: a choice with Maadi in it', () => {
    const between = { lat: 29.975, lon: 31.251 };
    const match = matchDistrict(between, names(['حدائق المعادي'], ['القاهرة']));
    expect(match.kind).toBe('choose');
    const maadi = offeredDistricts(match).find((c) => c.districtId === 'maadi');
    expect(maadi?.evidence).toBe('partial');
  });

  it('a partly named district near the position joins the choice in the last place', () => {
    const match = matchDistrict(TAHRIR, names(['Zamalek Island'], ['Cairo']));
    expect(match.kind).toBe('choose');
    expect(offered(match)).toEqual(['downtown@cairo', 'garden-city@cairo', 'zamalek@cairo']);
    expect(offeredDistricts(match)[2]?.evidence).toBe('partial');
  });
});

describe('matchDistrict: positions that are not near any district', () => {
  it.each([
    ['Paris', { lat: 48.8566, lon: 2.3522 }],
    ['Riyadh', { lat: 24.7136, lon: 46.6753 }],
    ['the Mediterranean, 150 km off Alexandria', { lat: 32.6, lon: 29.9 }],
    ['the Red Sea, between Hurghada and Jeddah', { lat: 24.5, lon: 37.0 }],
    ['0, 0 (a browser that made its position up)', { lat: 0, lon: 0 }],
  ])('%s: none, whatever the names say', (_label, position) => {
    expect(matchDistrict(position, null)).toEqual({ kind: 'none', reason: 'far' });
    expect(matchDistrict(position, names(['مدينة نصر'], ['القاهرة']))).toEqual({
      kind: 'none',
      reason: 'far',
    });
  });

  it.each([
    [{ lat: Number.NaN, lon: 31 }],
    [{ lat: 30, lon: Number.POSITIVE_INFINITY }],
    [{ lat: 91, lon: 31 }],
    [{ lat: 30, lon: -181 }],
  ])('%o is not a position', (position) => {
    expect(matchDistrict(position, names(['Maadi']))).toEqual({ kind: 'none', reason: 'invalid' });
  });

  it('close to the shore, at sea, is still the nearest districts', () => {
    // 3 km off the Corniche at Stanley.
    const match = matchDistrict({ lat: 31.26, lon: 29.955 }, null);
    expect(offeredDistricts(match).every((c) => c.governorateId === 'alexandria')).toBe(true);
  });
});

describe('matchAgreesWith', () => {
  it('a place agrees with the clear district, or with one offered to choose from', () => {
    const clear = matchDistrict(MAADI_CENTRE, null);
    expect(matchAgreesWith(clear, { governorateId: 'cairo', districtId: 'maadi' })).toBe(true);
    expect(matchAgreesWith(clear, { governorateId: 'cairo', districtId: 'basatin' })).toBe(false);
    const choose = matchDistrict(TAHRIR, null);
    expect(matchAgreesWith(choose, { governorateId: 'cairo', districtId: 'garden-city' })).toBe(
      true,
    );
    expect(matchAgreesWith(choose, { governorateId: 'cairo', districtId: 'nasr-city' })).toBe(
      false,
    );
    // The same district id in another governorate is another place.
    const faisal = matchDistrict({ lat: 30.004, lon: 31.17 }, names(['فيصل']));
    expect(matchAgreesWith(faisal, { governorateId: 'suez', districtId: 'faisal' })).toBe(false);
    expect(matchAgreesWith({ kind: 'none', reason: 'far' }, {})).toBe(false);
  });
});

describe('the alternative names (place-aliases.ts)', () => {
  it('name real places', () => {
    for (const id of Object.keys(GOVERNORATE_ALIASES)) {
      expect(
        GOVERNORATES.some((g) => g.id === id),
        id,
      ).toBe(true);
    }
    for (const key of Object.keys(DISTRICT_ALIASES)) {
      const [g, d] = key.split('/');
      expect(findDistrict(g, d), key).toBeDefined();
    }
  });

  it('each adds a spelling the place’s own names do not already cover', () => {
    const covers = (own: string[], alias: string) => own.includes(normalizePlaceName(alias));
    for (const [key, aliases] of Object.entries(DISTRICT_ALIASES)) {
      const [g, d] = key.split('/') as [string, string];
      const district = findDistrict(g, d)!;
      const own = [normalizePlaceName(district.ar), normalizePlaceName(district.en)];
      for (const alias of aliases) expect(covers(own, alias), `${key}: ${alias}`).toBe(false);
    }
    for (const [id, aliases] of Object.entries(GOVERNORATE_ALIASES)) {
      const governorate = GOVERNORATES.find((x) => x.id === id)!;
      const own = [normalizePlaceName(governorate.ar), normalizePlaceName(governorate.en)];
      for (const alias of aliases) expect(covers(own, alias), `${id}: ${alias}`).toBe(false);
    }
  });

  it('no name of a district is another district’s within 50 km, nor two governorates’', () => {
    const all = GOVERNORATES.flatMap((g) =>
      g.districts.map((d) => ({ g, d, keys: districtNameKeys(g.id, d.id) })),
    );
    for (const a of all) {
      expect(a.keys.length).toBeGreaterThan(0);
      for (const b of all) {
        if (a === b || straightLineKm(a.d, b.d) > DISTRICT_MATCH_RULES.farKm) continue;
        const shared = a.keys.filter((k) => b.keys.includes(k));
        expect(shared, `${a.d.id}@${a.g.id} and ${b.d.id}@${b.g.id}`).toEqual([]);
      }
    }
    const governorateKeys = GOVERNORATES.flatMap((g) => governorateNameKeys(g.id));
    expect(new Set(governorateKeys).size).toBe(governorateKeys.length);
  });
});
