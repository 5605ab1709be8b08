import { describe, expect, it } from 'vitest';
import {
  BOOKING_HORIZON_DAYS,
  clampFloor,
  clampWorkers,
  CURRENCY,
  DEFAULT_MOVE_TYPE,
  catalogFromRates,
  distanceFee,
  estimatePrice,
  FIRST_CATALOG,
  FIRST_CATALOG_RATES,
  FLOOR_FEE,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  isHousing,
  isMoveType,
  MOVE_TYPES,
  parsePrice,
  PRICE_CATALOG,
  ratesFromStored,
  priceCatalog,
  recommendedTeamSize,
  TEAM_MAX,
  TEAM_MIN,
  WORKER_EXTRA_PER_HEAD,
  WORKERS_DEFAULT,
  WORKERS_MAX,
  WORKERS_MIN,
} from './pricing';
import type { Housing, MoveType } from './pricing';

describe('constants (spec 9 as amended by D4)', () => {
  it.each<[string, unknown, unknown]>([
    ['FLOOR_FEE', FLOOR_FEE, 80],
    ['WORKER_EXTRA_PER_HEAD', WORKER_EXTRA_PER_HEAD, 250],
    ['FLOOR_MIN', FLOOR_MIN, 0],
    ['FLOOR_MAX', FLOOR_MAX, 20],
    ['WORKERS_MIN', WORKERS_MIN, 1],
    ['WORKERS_MAX', WORKERS_MAX, 6],
    ['WORKERS_DEFAULT', WORKERS_DEFAULT, 2],
    ['TEAM_MIN', TEAM_MIN, 2],
    ['TEAM_MAX', TEAM_MAX, 6],
    ['CURRENCY', CURRENCY, 'EGP'],
    ['DEFAULT_MOVE_TYPE', DEFAULT_MOVE_TYPE, 'full'],
    ['BOOKING_HORIZON_DAYS', BOOKING_HORIZON_DAYS, 180],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('lists the five move types in order', () => {
    expect(MOVE_TYPES).toEqual(['full', 'partial', 'office', 'packaging', 'loading']);
  });

  it('lists the two housing types', () => {
    expect(HOUSING_TYPES).toEqual(['apartment', 'villa']);
  });

  it.each<[MoveType, number]>([
    ['full', 1500],
    ['partial', 1000],
    ['office', 1200],
    ['packaging', 500],
    ['loading', 600],
  ])('catalog price of %s is %d EGP', (moveType, price) => {
    expect(PRICE_CATALOG[moveType]).toBe(price);
  });

  it('has exactly one catalog entry per move type and cannot be changed', () => {
    expect(Object.keys(PRICE_CATALOG).sort()).toEqual([...MOVE_TYPES].sort());
    expect(Object.isFrozen(PRICE_CATALOG)).toBe(true);
  });
});

describe('isMoveType / isHousing', () => {
  it.each<[unknown, boolean]>([
    ['full', true],
    ['partial', true],
    ['office', true],
    ['packaging', true],
    ['loading', true],
    ['Full', false],
    ['transport', false],
    ['', false],
    [null, false],
    [1, false],
  ])('isMoveType(%j) is %s', (input, expected) => {
    expect(isMoveType(input)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ['apartment', true],
    ['villa', true],
    ['house', false],
    ['Villa', false],
    [undefined, false],
  ])('isHousing(%j) is %s', (input, expected) => {
    expect(isHousing(input)).toBe(expected);
  });
});

describe('clampFloor', () => {
  it.each<[unknown, number]>([
    [0, 0],
    [5, 5],
    [20, 20],
    [21, 20],
    [1000, 20],
    [-1, 0],
    [-0.5, 0],
    [3.9, 3],
    ['7', 7],
    ['٧', 7],
    ['١٢', 12],
    ['۲۵', 20],
    [' 4 ', 4],
    ['', 0],
    ['abc', 0],
    [Number.NaN, 0],
    [null, 0],
    [undefined, 0],
    [Number.POSITIVE_INFINITY, 20],
    [Number.NEGATIVE_INFINITY, 0],
  ])('clampFloor(%j) = %d', (input, expected) => {
    expect(clampFloor(input)).toBe(expected);
  });
});

describe('clampWorkers', () => {
  it.each<[unknown, number]>([
    [1, 1],
    [2, 2],
    [6, 6],
    [7, 6],
    [0, 1],
    [-3, 1],
    [4.7, 4],
    ['3', 3],
    ['٥', 5],
    [Number.NaN, 2],
    ['', 2],
    ['many', 2],
    [undefined, 2],
  ])('clampWorkers(%j) = %d', (input, expected) => {
    expect(clampWorkers(input)).toBe(expected);
  });
});

describe('estimatePrice', () => {
  it.each<[MoveType, number, number, number, number, number, number, number]>([
    // moveType, pickup, dropoff, workers → base, floorsSurcharge, workersExtra, total
    ['full', 0, 0, 1, 1500, 0, 0, 1500],
    ['full', 0, 0, 2, 1500, 0, 250, 1750],
    ['partial', 2, 3, 2, 1000, 400, 250, 1650],
    ['office', 1, 1, 4, 1200, 160, 750, 2110],
    ['packaging', 0, 5, 1, 500, 400, 0, 900],
    ['loading', 4, 0, 6, 600, 320, 1250, 2170],
    // Floors over 20 and workers over 6 are clamped before pricing.
    ['full', 25, 30, 9, 1500, 3200, 1250, 5950],
    // Negative floors count as ground floor, zero workers as one.
    ['partial', -2, -1, 0, 1000, 0, 0, 1000],
  ])(
    '%s, floors %d+%d, %d workers',
    (moveType, pickupFloor, dropoffFloor, workers, base, floors, extra, total) => {
      expect(
        estimatePrice(FIRST_CATALOG, { moveType, pickupFloor, dropoffFloor, workers }),
      ).toEqual({
        base,
        floorsSurcharge: floors,
        workersExtra: extra,
        floorFee: 80,
        workerExtraPerHead: 250,
        distanceKm: 0,
        includedKm: 25,
        perKm: 10,
        distanceFee: 0,
        total,
        catalogVersion: 1,
      });
    },
  );

  it('prices an unknown move type (stale session data) as the default, full', () => {
    const price = estimatePrice(FIRST_CATALOG, {
      moveType: 'not-a-move-type' as MoveType,
      pickupFloor: 0,
      dropoffFloor: 0,
      workers: 1,
    });
    expect(price.base).toBe(1500);
    expect(price.total).toBe(1500);
  });

  it('total is always the sum of its parts', () => {
    for (const moveType of MOVE_TYPES) {
      for (const workers of [1, 3, 6]) {
        const p = estimatePrice(FIRST_CATALOG, {
          moveType,
          pickupFloor: 3,
          dropoffFloor: 8,
          workers,
          from: { governorateId: 'cairo', districtId: 'maadi' },
          to: { governorateId: 'giza', districtId: 'sheikh-zayed' },
        });
        expect(p.distanceFee).toBeGreaterThan(0);
        expect(p.total).toBe(p.base + p.floorsSurcharge + p.workersExtra + p.distanceFee);
      }
    }
  });
});

describe('recommendedTeamSize', () => {
  it.each<[MoveType, Housing, number, number, number]>([
    ['partial', 'apartment', 0, 0, 2],
    ['packaging', 'apartment', 1, 1, 2],
    ['loading', 'apartment', 2, 1, 2],
    ['full', 'apartment', 0, 0, 3],
    ['office', 'apartment', 0, 0, 3],
    ['partial', 'villa', 0, 0, 3],
    ['partial', 'apartment', 2, 2, 3],
    ['partial', 'apartment', 4, 0, 3],
    ['partial', 'apartment', 3, 0, 2],
    ['full', 'villa', 0, 0, 4],
    ['office', 'apartment', 0, 4, 4],
    ['partial', 'villa', 10, 10, 4],
    ['full', 'villa', 4, 0, 5],
    ['office', 'villa', 20, 20, 5],
    // Floors are clamped first: negative floors do not cancel positive ones.
    ['partial', 'apartment', -10, 4, 3],
    ['partial', 'apartment', -10, 3, 2],
  ])('%s, %s, floors %d+%d → %d', (moveType, housing, pickupFloor, dropoffFloor, expected) => {
    expect(
      recommendedTeamSize(FIRST_CATALOG, { moveType, housing, pickupFloor, dropoffFloor }),
    ).toBe(expected);
  });

  it('never leaves the 2-6 range', () => {
    for (const moveType of MOVE_TYPES) {
      for (const housing of HOUSING_TYPES) {
        for (const floors of [0, 2, 4, 40]) {
          const size = recommendedTeamSize(FIRST_CATALOG, {
            moveType,
            housing,
            pickupFloor: floors,
            dropoffFloor: floors,
          });
          expect(size).toBeGreaterThanOrEqual(2);
          expect(size).toBeLessThanOrEqual(6);
        }
      }
    }
  });
});

describe('parsePrice', () => {
  it.each<[unknown, number]>([
    [1500, 1500],
    ['1500', 1500],
    ['1,500', 1500],
    ['1,234,567', 1234567],
    ['١٬٥٠٠', 1500],
    ['١،٥٠٠', 1500],
    ['۱,۵۰۰', 1500],
    [' 2,110 ', 2110],
    ['1500.50', 1500.5],
    ['١٥٠٠٫٥', 1500.5],
    ['abc', 0],
    ['', 0],
    ['EGP 1,500', 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [-200, 0],
    ['-1,000', 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
  ])('parsePrice(%j) = %d', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });
});

describe('priceCatalog', () => {
  it("publishes the first version: D4's numbers, the team rule and the distance fee", () => {
    expect(priceCatalog()).toEqual({
      version: 1,
      currency: 'EGP',
      base: { full: 1500, partial: 1000, office: 1200, packaging: 500, loading: 600 },
      floorFee: 80,
      workerExtraPerHead: 250,
      team: { base: 2, manyFloors: 4 },
      distance: { roadFactor: 1.3, includedKm: 25, perKm: 10 },
      cancellationPolicy: { freeHours: 24, lateFeePercent: 10, closedHours: 2 },
      // D28: hours of work by move type, per floor, and the road's speed.
      duration: {
        hours: { full: 3, partial: 2, office: 3, packaging: 2, loading: 1.5 },
        perFloorHours: 0.1,
        roadKmPerHour: 50,
      },
      floors: { min: 0, max: 20 },
      workers: { min: 1, max: 6, default: 2 },
      createdAt: null,
    });
    expect(FIRST_CATALOG).toEqual(priceCatalog());
  });

  it('hands out a copy: a caller cannot change the catalog', () => {
    const published = priceCatalog();
    (published.base as Record<string, number>).full = 1;
    expect(priceCatalog().base.full).toBe(1500);
    expect(Object.isFrozen(FIRST_CATALOG.base)).toBe(true);
    expect(Object.isFrozen(FIRST_CATALOG_RATES.distance)).toBe(true);
  });
});

describe('a later catalog version', () => {
  // As stored: read through the upcaster, so a move type added after it has its default rate.
  const v2 = catalogFromRates(
    ratesFromStored({
      base: { full: 2000, partial: 1100, office: 1300, packaging: 550, loading: 650 },
      floorFee: 100,
      workerExtraPerHead: 300,
      team: { base: 3, manyFloors: 2 },
      distance: { roadFactor: 1.5, includedKm: 10, perKm: 20 },
    }),
    2,
    '2030-01-01T10:00:00.000Z',
  );

  it('prices with its own numbers and says which version it was', () => {
    const move = { moveType: 'full' as const, pickupFloor: 1, dropoffFloor: 2, workers: 3 };
    expect(estimatePrice(v2, move)).toMatchObject({
      base: 2000,
      floorsSurcharge: 300,
      workersExtra: 600,
      total: 2900,
      catalogVersion: 2,
    });
    expect(estimatePrice(FIRST_CATALOG, move).total).toBe(1500 + 240 + 500);
  });

  it('recommends teams by its own thresholds', () => {
    const move = { moveType: 'partial' as const, housing: 'apartment' as const };
    expect(recommendedTeamSize(v2, { ...move, pickupFloor: 1, dropoffFloor: 1 })).toBe(4);
    expect(recommendedTeamSize(FIRST_CATALOG, { ...move, pickupFloor: 1, dropoffFloor: 1 })).toBe(
      2,
    );
  });

  it('charges distance only beyond the included kilometres, per kilometre', () => {
    expect(distanceFee(v2, 0)).toBe(0);
    expect(distanceFee(v2, 10)).toBe(0);
    expect(distanceFee(v2, 11)).toBe(20);
    expect(distanceFee(FIRST_CATALOG, 230)).toBe((230 - 25) * 10);
  });
});

describe('the distance line', () => {
  const move = { moveType: 'partial' as const, pickupFloor: 0, dropoffFloor: 0, workers: 1 };
  const at = (governorateId: string, districtId: string) => ({ governorateId, districtId });

  it('a move inside one district has no distance and no fee', () => {
    const p = estimatePrice(FIRST_CATALOG, {
      ...move,
      from: at('cairo', 'maadi'),
      to: at('cairo', 'maadi'),
    });
    expect(p).toMatchObject({ distanceKm: 0, distanceFee: 0, total: 1000 });
  });

  it('a short move across Cairo stays within the included distance', () => {
    const p = estimatePrice(FIRST_CATALOG, {
      ...move,
      from: at('cairo', 'maadi'),
      to: at('cairo', 'heliopolis'),
    });
    expect(p.distanceKm).toBeGreaterThan(0);
    expect(p.distanceKm).toBeLessThanOrEqual(25);
    expect(p.distanceFee).toBe(0);
  });

  it('Cairo to Alexandria: the road factor over the straight line, then the per-km fee', () => {
    const p = estimatePrice(FIRST_CATALOG, {
      ...move,
      from: at('cairo', 'nasr-city'),
      to: at('alexandria', 'smouha'),
    });
    // About 185 km in a straight line; the desert road is about 220-240 km.
    expect(p.distanceKm).toBeGreaterThan(215);
    expect(p.distanceKm).toBeLessThan(260);
    expect(p.distanceFee).toBe((p.distanceKm - 25) * 10);
    expect(p.total).toBe(1000 + p.distanceFee);
  });

  it('without both ends (the estimator), no distance fee', () => {
    expect(estimatePrice(FIRST_CATALOG, { ...move, from: at('cairo', 'maadi') }).distanceKm).toBe(
      0,
    );
  });
});
