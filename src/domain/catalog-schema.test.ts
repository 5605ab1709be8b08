import { describe, expect, it } from 'vitest';
import { issuesOf } from '../testing/schema-results';
import { catalogRatesSchema } from './catalog-schema';
import { FIRST_CATALOG_RATES, ratesOf } from './pricing';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The catalog's durations (D28): how long a move takes, saved with each version's rates.

const rates = ratesOf(FIRST_CATALOG_RATES);
const issues = (input: unknown) =>
  Object.fromEntries(issuesOf(catalogRatesSchema.safeParse(input)));
const withDuration = (patch: Record<string, unknown>) => ({
  ...rates,
  duration: { ...rates.duration, ...patch },
});

describe('catalogRatesSchema: durations', () => {
  it('accepts the first version’s rates, durations included', () => {
    expect(catalogRatesSchema.parse(rates)).toEqual(rates);
  });

  it('a draft from a page before durations keeps the first ones', () => {
    const { duration: _duration, ...older } = rates;
    expect(catalogRatesSchema.parse(older).duration).toEqual(FIRST_CATALOG_RATES.duration);
  });

  it('hours by move type in quarter hours, from a quarter to a day', () => {
    const hours = (full: unknown) => withDuration({ hours: { ...rates.duration.hours, full } });
    expect(catalogRatesSchema.parse(hours(3.75)).duration.hours.full).toBe(3.75);
    for (const bad of [0, 3.1, 24.25, '3']) {
      expect(issues(hours(bad))).toEqual({ 'duration.hours.full': M.catalogDuration });
    }
  });

  it('hours per floor from 0 to 2, a road speed from 10 to 120 km/h', () => {
    expect(issues(withDuration({ perFloorHours: -0.1 }))).toEqual({
      'duration.perFloorHours': M.catalogPerFloorHours,
    });
    expect(issues(withDuration({ perFloorHours: 2.5 }))).toEqual({
      'duration.perFloorHours': M.catalogPerFloorHours,
    });
    expect(issues(withDuration({ roadKmPerHour: 0 }))).toEqual({
      'duration.roadKmPerHour': M.catalogRoadSpeed,
    });
    expect(issues(withDuration({ roadKmPerHour: 121 }))).toEqual({
      'duration.roadKmPerHour': M.catalogRoadSpeed,
    });
  });
});
