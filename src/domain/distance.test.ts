import { describe, expect, it } from 'vitest';
import { coordinatesOf, estimatedRoadKm, straightLineKm } from './distance';
import { GOVERNORATES } from './governorates';

const place = (governorateId: string, districtId: string) => ({ governorateId, districtId });

describe('coordinates of every governorate and district', () => {
  it('lie inside Egypt', () => {
    for (const g of GOVERNORATES) {
      for (const p of [g, ...g.districts]) {
        expect(p.lat, `${g.id} ${p.id}`).toBeGreaterThan(21.9);
        expect(p.lat, `${g.id} ${p.id}`).toBeLessThan(31.7);
        expect(p.lon, `${g.id} ${p.id}`).toBeGreaterThan(24.6);
        expect(p.lon, `${g.id} ${p.id}`).toBeLessThan(36.95);
      }
    }
  });

  it('put each district near its own governorate (no swapped or copied rows)', () => {
    // The desert governorates are vast (Halaib is 630 km from Hurghada); the Nile valley and
    // delta ones are not, so a district far from its capital there is a data mistake.
    const vast = new Set([
      'giza',
      'aswan',
      'red-sea',
      'new-valley',
      'matrouh',
      'north-sinai',
      'south-sinai',
    ]);
    for (const g of GOVERNORATES) {
      for (const d of g.districts) {
        const km = straightLineKm(g, d);
        expect(km, `${g.id}/${d.id}`).toBeLessThan(vast.has(g.id) ? 650 : 100);
      }
    }
  });

  it('no two districts of one governorate share a point', () => {
    for (const g of GOVERNORATES) {
      const points = g.districts.map((d) => `${d.lat},${d.lon}`);
      expect(new Set(points).size, g.id).toBe(points.length);
    }
  });
});

describe('straightLineKm', () => {
  it.each<[string, [string, string], [string, string], number, number]>([
    // Known straight-line distances, give or take the choice of centre.
    ['Cairo to Alexandria', ['cairo', 'downtown'], ['alexandria', 'raml-station'], 175, 190],
    ['Cairo to Aswan', ['cairo', 'downtown'], ['aswan', 'aswan-city'], 660, 700],
    ['Maadi to Heliopolis', ['cairo', 'maadi'], ['cairo', 'heliopolis'], 13, 16],
    ['Port Said to Suez', ['port-said', 'el-sharq'], ['suez', 'suez-district'], 140, 150],
  ])('%s', (_name, from, to, min, max) => {
    const a = coordinatesOf(place(...from))!;
    const b = coordinatesOf(place(...to))!;
    const km = straightLineKm(a, b);
    expect(km).toBeGreaterThan(min);
    expect(km).toBeLessThan(max);
    expect(straightLineKm(b, a)).toBeCloseTo(km, 9);
  });
});

describe('estimatedRoadKm', () => {
  it('is 0 inside one district, and whole kilometres times the road factor otherwise', () => {
    expect(estimatedRoadKm(place('giza', 'dokki'), place('giza', 'dokki'), 1.3)).toBe(0);
    const straight = straightLineKm(
      coordinatesOf(place('cairo', 'maadi'))!,
      coordinatesOf(place('giza', 'sheikh-zayed'))!,
    );
    expect(estimatedRoadKm(place('cairo', 'maadi'), place('giza', 'sheikh-zayed'), 1.3)).toBe(
      Math.round(straight * 1.3),
    );
    expect(estimatedRoadKm(place('cairo', 'maadi'), place('giza', 'sheikh-zayed'), 2)).toBe(
      Math.round(straight * 2),
    );
  });

  it('an unknown district counts from its governorate; an unknown governorate is no distance', () => {
    expect(coordinatesOf(place('cairo', 'atlantis'))).toMatchObject({ lat: 30.0444 });
    expect(estimatedRoadKm(place('mars', 'x'), place('cairo', 'maadi'), 1.3)).toBe(0);
  });
});
