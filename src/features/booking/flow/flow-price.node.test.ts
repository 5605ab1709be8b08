import { describe, expect, it } from 'vitest';
import { estimatePrice, PRICE_CATALOG, recommendedTeamSize } from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/schemas';
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
    const price = flowPrice(choice);
    // The estimator on /move-type prices with estimatePrice; the server checks expectedOrderTotal.
    expect(price.breakdown).toEqual(estimatePrice(choice));
    expect(price.total).toBe(expectedOrderTotal(choice));
    expect(price.total).toBe(1500 + 3 * 80 + 3 * 250);
  });

  it('gives a form’s typed text (Arabic-Indic digits too) the same total as the stored flow', () => {
    const typed = flowPrice({ ...choice, pickupFloor: '٢', dropoffFloor: '1', workers: '4' });
    expect(typed).toEqual(flowPrice(choice));
  });

  it('prices with the recommended team until the customer picks a number of workers', () => {
    const { workers: _none, ...rest } = choice;
    const team = recommendedTeamSize(rest);
    expect(flowPrice(rest).workers).toBe(team);
    expect(flowPrice({ ...rest, workers: '' }).total).toBe(
      expectedOrderTotal({ ...rest, workers: team }),
    );
  });

  it('waits for a move type before it names a total, and clamps what storage cannot hold', () => {
    const pending = flowPrice({ pickupFloor: 1 });
    expect(pending.moveType).toBeNull();
    expect(pending.total).toBeNull();
    expect(pending.breakdown.floorsSurcharge).toBe(80);

    const odd = flowPrice({ moveType: 'loading', pickupFloor: 99, workers: 40 });
    expect(odd.pickupFloor).toBe(20);
    expect(odd.workers).toBe(6);
    expect(odd.total).toBe(PRICE_CATALOG.loading + 20 * 80 + 5 * 250);
  });
});
