import type { MoveType, PriceBreakdown } from './pricing';

/** A priced booking as a screen holds it: the choices and what they cost (D4, D11). */
export interface PricedChoice {
  /** Null until a service is chosen: there is no total then. */
  moveType: MoveType | null;
  floors: number;
  workers: number;
  /** The workers follow our recommendation (the customer has not chosen a number). */
  recommendedWorkers: boolean;
  breakdown: PriceBreakdown;
  total: number | null;
}

/** One reason a total moved, and by how much (EGP, signed). */
export type PriceChangePart =
  | { kind: 'service'; moveType: MoveType; previous: MoveType; amount: number }
  | { kind: 'floors'; count: number; amount: number }
  | { kind: 'workers'; count: number; recommended: boolean; amount: number }
  | { kind: 'distance'; amount: number }
  | { kind: 'catalog'; amount: number };

export interface PriceChange {
  /** The new total minus the old one. */
  amount: number;
  /** What made it, in the order a customer reads a breakdown: service, floors, team, distance. */
  parts: PriceChangePart[];
}

/**
 * What changed a total between two prices of one booking (D22): the news a screen gives next to
 * the new total ("+250 EGP: one more worker"). Null when there is nothing to tell: the same
 * total, or no total before or after (no service chosen yet). Each line of the breakdown that
 * moved is a part, with the number of floors or workers it moved by; whatever the lines do not
 * explain (the catalog changed under the booking) is a part of its own, so the parts always add
 * up to the change.
 */
export function priceChange(before: PricedChoice, after: PricedChoice): PriceChange | null {
  if (before.total === null || after.total === null) return null;
  const amount = after.total - before.total;
  if (amount === 0) return null;
  const parts: PriceChangePart[] = [];
  const moved = (a: number, b: number) => b - a;

  const base = moved(before.breakdown.base, after.breakdown.base);
  if (before.moveType !== null && after.moveType !== null && before.moveType !== after.moveType) {
    parts.push({
      kind: 'service',
      moveType: after.moveType,
      previous: before.moveType,
      amount: base,
    });
  }
  const floors = moved(before.breakdown.floorsSurcharge, after.breakdown.floorsSurcharge);
  if (floors !== 0) {
    parts.push({ kind: 'floors', count: after.floors - before.floors, amount: floors });
  }
  const workers = moved(before.breakdown.workersExtra, after.breakdown.workersExtra);
  if (workers !== 0) {
    parts.push({
      kind: 'workers',
      count: after.workers - before.workers,
      recommended: after.recommendedWorkers,
      amount: workers,
    });
  }
  const distance = moved(before.breakdown.distanceFee, after.breakdown.distanceFee);
  if (distance !== 0) parts.push({ kind: 'distance', amount: distance });

  const explained = parts.reduce((sum, part) => sum + part.amount, 0);
  if (explained !== amount) parts.push({ kind: 'catalog', amount: amount - explained });
  return { amount, parts };
}
