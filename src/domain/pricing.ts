import { parseDecimal } from './digits';

export const MOVE_TYPES = ['full', 'partial', 'office', 'packaging', 'loading'] as const;
export type MoveType = (typeof MOVE_TYPES)[number];
export const DEFAULT_MOVE_TYPE: MoveType = 'full';

export function isMoveType(x: unknown): x is MoveType {
  return typeof x === 'string' && (MOVE_TYPES as readonly string[]).includes(x);
}

/**
 * The one price catalog (docs/decisions.md D4). The spec's three tables disagreed; every screen, the
 * server and the Firestore rules price from this object so a customer never sees two totals.
 */
export const PRICE_CATALOG: Readonly<Record<MoveType, number>> = Object.freeze({
  full: 1500,
  partial: 1000,
  office: 1200,
  packaging: 500,
  loading: 600,
});

export const FLOOR_FEE = 80;
export const WORKER_EXTRA_PER_HEAD = 250;
export const FLOOR_MIN = 0;
export const FLOOR_MAX = 20;
export const WORKERS_MIN = 1;
export const WORKERS_MAX = 6;
export const WORKERS_DEFAULT = 2;
export const TEAM_MIN = 2;
export const TEAM_MAX = 6;
export const CURRENCY = 'EGP';
/**
 * How far ahead a move can be booked, in Cairo calendar days (today + 180 is the last one). The
 * catalog's prices and the crews behind them are planned half a year out; an order for 9999-12-31
 * is a typo or an attack, never a customer.
 */
export const BOOKING_HORIZON_DAYS = 180;

export const HOUSING_TYPES = ['apartment', 'villa'] as const;
export type Housing = (typeof HOUSING_TYPES)[number];

export function isHousing(x: unknown): x is Housing {
  return typeof x === 'string' && (HOUSING_TYPES as readonly string[]).includes(x);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

export function clampFloor(n: unknown): number {
  const value = parseDecimal(n);
  if (Number.isNaN(value)) return FLOOR_MIN;
  return clamp(Math.floor(value), FLOOR_MIN, FLOOR_MAX);
}

export function clampWorkers(n: unknown): number {
  const value = parseDecimal(n);
  if (Number.isNaN(value)) return WORKERS_DEFAULT;
  return clamp(Math.floor(value), WORKERS_MIN, WORKERS_MAX);
}

export interface PriceBreakdown {
  base: number;
  floorsSurcharge: number;
  workersExtra: number;
  floorFee: number;
  workerExtraPerHead: number;
  total: number;
}

export interface PriceInput {
  moveType: MoveType;
  pickupFloor: number;
  dropoffFloor: number;
  workers: number;
}

export function estimatePrice(input: PriceInput): PriceBreakdown {
  // Flow state restored from session storage is untyped at run time; an unknown type prices as
  // the default rather than producing NaN on screen. Server input is schema-checked before this.
  const moveType = isMoveType(input.moveType) ? input.moveType : DEFAULT_MOVE_TYPE;
  const base = PRICE_CATALOG[moveType];
  const floorsSurcharge =
    FLOOR_FEE * (clampFloor(input.pickupFloor) + clampFloor(input.dropoffFloor));
  const workersExtra = WORKER_EXTRA_PER_HEAD * (clampWorkers(input.workers) - 1);
  return {
    base,
    floorsSurcharge,
    workersExtra,
    floorFee: FLOOR_FEE,
    workerExtraPerHead: WORKER_EXTRA_PER_HEAD,
    total: base + floorsSurcharge + workersExtra,
  };
}

export interface TeamSizeInput {
  moveType: MoveType;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
}

/** Floors summing to this many or more need one more pair of hands on the stairs. */
const MANY_FLOORS = 4;

export function recommendedTeamSize(input: TeamSizeInput): number {
  let team = TEAM_MIN;
  if (input.moveType === 'full' || input.moveType === 'office') team += 1;
  if (input.housing === 'villa') team += 1;
  if (clampFloor(input.pickupFloor) + clampFloor(input.dropoffFloor) >= MANY_FLOORS) team += 1;
  return clamp(team, TEAM_MIN, TEAM_MAX);
}

// Latin comma, Arabic comma (U+060C) and Arabic thousands separator (U+066C): all appear in
// prices that were formatted for display and then carried through the flow as text.
const THOUSANDS_SEPARATORS = /[,\u060C\u066C]/g;

export function parsePrice(value: unknown): number {
  const amount = parseDecimal(
    typeof value === 'string' ? value.replace(THOUSANDS_SEPARATORS, '') : value,
  );
  if (!Number.isFinite(amount) || amount < 0) return 0;
  return amount;
}

/** The catalog as the API and every adapter publish it (D4). */
export interface PriceCatalog {
  currency: 'EGP';
  base: Record<MoveType, number>;
  floorFee: number;
  workerExtraPerHead: number;
  floors: { min: number; max: number };
  workers: { min: number; max: number; default: number };
}

/** The catalog as the API and every adapter publish it (D4): one shape, built in one place. */
export function priceCatalog() {
  return {
    currency: CURRENCY,
    base: { ...PRICE_CATALOG },
    floorFee: FLOOR_FEE,
    workerExtraPerHead: WORKER_EXTRA_PER_HEAD,
    floors: { min: FLOOR_MIN, max: FLOOR_MAX },
    workers: { min: WORKERS_MIN, max: WORKERS_MAX, default: WORKERS_DEFAULT },
  } as const satisfies PriceCatalog;
}
