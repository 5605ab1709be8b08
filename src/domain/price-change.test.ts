import { describe, expect, it } from 'vitest';
import { priceChange, type PricedChoice } from './price-change';
import {
  estimatePrice,
  FIRST_CATALOG,
  recommendedTeamSize,
  type Housing,
  type MoveType,
} from './pricing';

/** A booking priced with the first catalog (D4), as the date screen prices it. */
function priced(
  moveType: MoveType | null,
  pickupFloor: number,
  dropoffFloor: number,
  workers?: number,
  housing: Housing = 'apartment',
): PricedChoice {
  const type = moveType ?? 'full';
  const team = recommendedTeamSize(FIRST_CATALOG, {
    moveType: type,
    housing,
    pickupFloor,
    dropoffFloor,
  });
  const count = workers ?? team;
  const breakdown = estimatePrice(FIRST_CATALOG, {
    moveType: type,
    pickupFloor,
    dropoffFloor,
    workers: count,
  });
  return {
    moveType,
    floors: pickupFloor + dropoffFloor,
    workers: count,
    recommendedWorkers: workers === undefined,
    breakdown,
    total: moveType ? breakdown.total : null,
  };
}

describe('priceChange: what moved a total (D22)', () => {
  it('one more worker chosen: +250 EGP for one worker', () => {
    expect(priceChange(priced('full', 0, 0, 3), priced('full', 0, 0, 4))).toEqual({
      amount: 250,
      parts: [{ kind: 'workers', count: 1, recommended: false, amount: 250 }],
    });
  });

  it('two workers fewer: −500 EGP', () => {
    expect(priceChange(priced('full', 0, 0, 4), priced('full', 0, 0, 2))).toEqual({
      amount: -500,
      parts: [{ kind: 'workers', count: -2, recommended: false, amount: -500 }],
    });
  });

  it('floors 3 + 0 → 3 + 2 on a full move: two floors more, and the team we recommend grows 3 → 4', () => {
    // The case: the recommended team rises with the floors (4 or more add a worker).
    const before = priced('full', 3, 0);
    const after = priced('full', 3, 2);
    expect([before.workers, after.workers]).toEqual([3, 4]);
    expect(priceChange(before, after)).toEqual({
      amount: 2 * 80 + 250,
      parts: [
        { kind: 'floors', count: 2, amount: 160 },
        { kind: 'workers', count: 1, recommended: true, amount: 250 },
      ],
    });
    // A number of workers the customer chose stays: only the floors move the total.
    expect(priceChange(priced('full', 3, 0, 3), priced('full', 3, 2, 3))).toEqual({
      amount: 160,
      parts: [{ kind: 'floors', count: 2, amount: 160 }],
    });
  });

  it('another service: the base moves, and so may the team we recommend', () => {
    expect(priceChange(priced('full', 0, 0), priced('partial', 0, 0))).toEqual({
      amount: -500 - 250,
      parts: [
        { kind: 'service', moveType: 'partial', previous: 'full', amount: -500 },
        { kind: 'workers', count: -1, recommended: true, amount: -250 },
      ],
    });
    // With the number of workers chosen, only the base moves.
    expect(priceChange(priced('full', 0, 0, 2), priced('office', 0, 0, 2))).toEqual({
      amount: -300,
      parts: [{ kind: 'service', moveType: 'office', previous: 'full', amount: -300 }],
    });
  });

  it('the parts always add up to the change, a new catalog included', () => {
    const before = priced('full', 1, 1, 3);
    const raised = {
      ...before,
      breakdown: { ...before.breakdown, base: 1600, total: before.breakdown.total + 100 },
    };
    const change = priceChange(before, { ...raised, total: raised.breakdown.total });
    expect(change).toEqual({ amount: 100, parts: [{ kind: 'catalog', amount: 100 }] });
  });

  it('nothing to tell: the same total, or no service chosen before or after', () => {
    expect(priceChange(priced('full', 1, 0, 3), priced('full', 1, 0, 3))).toBeNull();
    expect(priceChange(priced(null, 0, 0), priced('full', 0, 0))).toBeNull();
    expect(priceChange(priced('full', 0, 0), priced(null, 0, 0))).toBeNull();
  });

  it('a change that costs nothing overall is no news (a floor more, a floor less elsewhere)', () => {
    expect(priceChange(priced('partial', 2, 0, 2), priced('partial', 1, 1, 2))).toBeNull();
  });
});
