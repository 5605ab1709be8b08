import { describe, expect, it } from 'vitest';
import {
  catalogFromRates,
  estimatePrice,
  FIRST_CATALOG,
  FIRST_CATALOG_RATES,
  PRICE_CATALOG,
  recommendedTeamSize,
} from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import { flowPrice } from './flow-price';

const choice = {
  moveType: 'full',
  housing: 'apartment',
  pickupFloor: 2,
  dropoffFloor: 1,
  workers: 4,
} as const;

describe('flowPrice', () => {
  it('prices like the estimator and like the server for the same choices (D4)', () => {
    const price = flowPrice(choice, FIRST_CATALOG);
    // The estimator on /move-type prices with estimatePrice; the server checks expectedOrderTotal.
    expect(price.breakdown).toEqual(estimatePrice(FIRST_CATALOG, choice));
    expect(price.total).toBe(expectedOrderTotal(choice));
    expect(price.total).toBe(1500 + 3 * 80 + 3 * 250);
  });

  it('prices with the catalog it is given (D11)', () => {
    const v2 = catalogFromRates(
      { ...FIRST_CATALOG_RATES, base: { ...FIRST_CATALOG_RATES.base, full: 2000 } },
      2,
      null,
    );
    expect(flowPrice(choice, v2).total).toBe(2000 + 3 * 80 + 3 * 250);
    expect(flowPrice(choice, v2).breakdown.catalogVersion).toBe(2);
  });

  it('adds the distance between the pickup and drop-off areas, as the server does (D11)', () => {
    const route = {
      governorateId: 'cairo',
      districtId: 'maadi',
      dropoffGovernorateId: 'alexandria',
      dropoffDistrictId: 'smouha',
    };
    const price = flowPrice({ ...choice, ...route }, FIRST_CATALOG);
    expect(price.breakdown.distanceFee).toBeGreaterThan(0);
    expect(price.total).toBe(expectedOrderTotal({ ...choice, ...route }));
    // Without a drop-off area, the move stays in the pickup's district.
    const local = flowPrice(
      { ...choice, governorateId: 'cairo', districtId: 'maadi' },
      FIRST_CATALOG,
    );
    expect(local.breakdown.distanceKm).toBe(0);
    // An unknown drop-off pair is no route at all, never a guess.
    const odd = flowPrice({ ...choice, ...route, dropoffDistrictId: 'nowhere' }, FIRST_CATALOG);
    expect(odd.breakdown.distanceKm).toBe(0);
  });

  it('gives a form’s typed text (Arabic-Indic digits too) the same total as the stored flow', () => {
    const typed = flowPrice(
      { ...choice, pickupFloor: '٢', dropoffFloor: '1', workers: '4' },
      FIRST_CATALOG,
    );
    expect(typed).toEqual(flowPrice(choice, FIRST_CATALOG));
  });

  it('prices with the recommended team until the customer picks a number of workers', () => {
    const { workers: _none, ...rest } = choice;
    const team = recommendedTeamSize(FIRST_CATALOG, rest);
    expect(flowPrice(rest, FIRST_CATALOG).workers).toBe(team);
    expect(flowPrice({ ...rest, workers: '' }, FIRST_CATALOG).total).toBe(
      expectedOrderTotal({ ...rest, workers: team }),
    );
  });

  it('waits for a move type before it names a total, and clamps what storage cannot hold', () => {
    const pending = flowPrice({ pickupFloor: 1 }, FIRST_CATALOG);
    expect(pending.moveType).toBeNull();
    expect(pending.total).toBeNull();
    expect(pending.breakdown.floorsSurcharge).toBe(80);

    const odd = flowPrice({ moveType: 'loading', pickupFloor: 99, workers: 40 }, FIRST_CATALOG);
    expect(odd.pickupFloor).toBe(20);
    expect(odd.workers).toBe(6);
    expect(odd.total).toBe(PRICE_CATALOG.loading + 20 * 80 + 5 * 250);
  });
});
