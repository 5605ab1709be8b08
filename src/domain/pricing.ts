import {
  cancellationPolicyFromStored,
  DEFAULT_CANCELLATION_POLICY,
  type CancellationPolicy,
} from './cancellation';
import { CURRENCY } from './currency';
import { parseDecimal } from './digits';
import { estimatedRoadKm, type Place } from './distance';
import { storedNumber, storedObject } from './stored';

export const MOVE_TYPES = ['full', 'partial', 'office', 'packaging', 'loading'] as const;
export type MoveType = (typeof MOVE_TYPES)[number];
export const DEFAULT_MOVE_TYPE: MoveType = 'full';

export function isMoveType(x: unknown): x is MoveType {
  return typeof x === 'string' && (MOVE_TYPES as readonly string[]).includes(x);
}

/**
 * The first version of the price catalog (docs/decisions.md D4, D11): the base price per move
 * type. Prices are data since then: an admin saves new versions and every screen, the server and
 * each order price with a version (`PriceCatalog`). These constants are that first version, which
 * a new database starts with and the prerendered pages are built with. A move type added later
 * is priced here too: that is its rate in every stored version saved before it existed
 * (`ratesFromStored`), so a new type needs no migration, only this list and MOVE_TYPES.
 */
export const PRICE_CATALOG: Readonly<Record<MoveType, number>> = Object.freeze({
  full: 1500,
  partial: 1000,
  office: 1200,
  packaging: 500,
  loading: 600,
});

/** The first version's per-floor and per-extra-worker fees (D4). */
export const FLOOR_FEE = 80;
export const WORKER_EXTRA_PER_HEAD = 250;
export const FLOOR_MIN = 0;
export const FLOOR_MAX = 20;
export const WORKERS_MIN = 1;
export const WORKERS_MAX = 6;
export const WORKERS_DEFAULT = 2;
/** The first version's smallest recommended team, and the largest any version recommends. */
export const TEAM_MIN = 2;
export const TEAM_MAX = 6;
export { CURRENCY } from './currency';
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

/**
 * What an admin sets when saving a version (D11): the base per move type, the per-floor and
 * per-extra-worker fees, the team rule's thresholds and the distance fee.
 */
/** The catalog's durations (D28), part of each version's rates. */
export interface DurationRates {
  /** Hours of work at the two addresses, by move type, on the ground floor. */
  hours: Record<MoveType, number>;
  /** Hours more for each floor, pickup and drop-off. */
  perFloorHours: number;
  /** Average road speed: the road there and back is driven in working hours. */
  roadKmPerHour: number;
}

export const FIRST_DURATION_RATES: DurationRates = Object.freeze({
  hours: Object.freeze({ full: 3, partial: 2, office: 3, packaging: 2, loading: 1.5 }),
  perFloorHours: 0.1,
  roadKmPerHour: 50,
}) as DurationRates;

export interface CatalogRates {
  base: Record<MoveType, number>;
  floorFee: number;
  workerExtraPerHead: number;
  team: {
    /** The smallest recommended team; full and office moves, villas and many floors add one each. */
    base: number;
    /** Pickup plus drop-off floors from which one more worker is recommended. */
    manyFloors: number;
  };
  distance: {
    /** Road kilometres per straight-line kilometre between two districts' coordinates. */
    roadFactor: number;
    /** Kilometres every move includes; beyond them each kilometre costs `perKm`. */
    includedKm: number;
    perKm: number;
  };
  /** The cancellation policy (D16), copied onto each order placed under this version. */
  cancellationPolicy: CancellationPolicy;
  /** How long a move takes (D28): which windows it holds, for dispatch. */
  duration: DurationRates;
}

/** One numbered version of the catalog, as the API and every adapter publish it (D4, D11). */
export interface PriceCatalog extends CatalogRates {
  version: number;
  currency: 'EGP';
  floors: { min: number; max: number };
  workers: { min: number; max: number; default: number };
  /** When this version took effect (ISO 8601); null for the first, built-in version. */
  createdAt: string | null;
}

/** A version as the admins' history lists it: who saved it. */
export interface CatalogVersion {
  catalog: PriceCatalog;
  /** The saving admin's email; null for the first version or a deleted account. */
  createdBy: string | null;
}

/** The first version's rates: D4's numbers, and the distance fee that came with D11. */
export const FIRST_CATALOG_RATES: CatalogRates = deepFreeze({
  base: { ...PRICE_CATALOG },
  floorFee: FLOOR_FEE,
  workerExtraPerHead: WORKER_EXTRA_PER_HEAD,
  team: { base: TEAM_MIN, manyFloors: 4 },
  distance: { roadFactor: 1.3, includedKm: 25, perKm: 10 },
  cancellationPolicy: { ...DEFAULT_CANCELLATION_POLICY },
  duration: {
    hours: { ...FIRST_DURATION_RATES.hours },
    perFloorHours: FIRST_DURATION_RATES.perFloorHours,
    roadKmPerHour: FIRST_DURATION_RATES.roadKmPerHour,
  },
});

const STORED_CATALOG = 'catalog version';

/**
 * A stored version's rates, whichever version of this code saved them: the one step every
 * backend and the memory adapter read a catalog through (docs/architecture.md, "Stored data ages
 * well"). A move type added since takes its rate in PRICE_CATALOG, any other field added since
 * takes the first version's value, and a move type this code does not know (saved by a newer
 * one) is left out: nothing here offers or prices it. A field that is there but not a number is
 * broken data, not old data: that throws (`StoredDataError`).
 */
export function ratesFromStored(stored: unknown): CatalogRates {
  const d = storedObject(stored, STORED_CATALOG, 'rates');
  const base = storedObject(d.base, STORED_CATALOG, 'base');
  const team = storedObject(d.team, STORED_CATALOG, 'team');
  const distance = storedObject(d.distance, STORED_CATALOG, 'distance');
  const duration = storedObject(d.duration, STORED_CATALOG, 'duration');
  const hours = storedObject(duration.hours, STORED_CATALOG, 'duration.hours');
  const first = FIRST_CATALOG_RATES;
  const number = (value: unknown, fallback: number, path: string) =>
    storedNumber(value, fallback, STORED_CATALOG, path);
  return {
    base: Object.fromEntries(
      MOVE_TYPES.map((type) => [type, number(base[type], first.base[type], `base.${type}`)]),
    ) as Record<MoveType, number>,
    floorFee: number(d.floorFee, first.floorFee, 'floorFee'),
    workerExtraPerHead: number(
      d.workerExtraPerHead,
      first.workerExtraPerHead,
      'workerExtraPerHead',
    ),
    team: {
      base: number(team.base, first.team.base, 'team.base'),
      manyFloors: number(team.manyFloors, first.team.manyFloors, 'team.manyFloors'),
    },
    distance: {
      roadFactor: number(distance.roadFactor, first.distance.roadFactor, 'distance.roadFactor'),
      includedKm: number(distance.includedKm, first.distance.includedKm, 'distance.includedKm'),
      perKm: number(distance.perKm, first.distance.perKm, 'distance.perKm'),
    },
    // A version saved before durations (D28) reads the first durations.
    duration: {
      hours: Object.fromEntries(
        MOVE_TYPES.map((type) => [
          type,
          number(hours[type], first.duration.hours[type], `duration.hours.${type}`),
        ]),
      ) as Record<MoveType, number>,
      perFloorHours: number(
        duration.perFloorHours,
        first.duration.perFloorHours,
        'duration.perFloorHours',
      ),
      roadKmPerHour: number(
        duration.roadKmPerHour,
        first.duration.roadKmPerHour,
        'duration.roadKmPerHour',
      ),
    },
    // A version saved before the policy existed (D16) reads the default policy.
    cancellationPolicy: cancellationPolicyFromStored(
      d.cancellationPolicy,
      DEFAULT_CANCELLATION_POLICY,
    ),
  };
}

/** Freezes `value` and everything in it: a value shared by every caller that none may change. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A whole catalog version from its rates. */
export function catalogFromRates(
  rates: CatalogRates,
  version: number,
  createdAt: string | null,
): PriceCatalog {
  return {
    version,
    currency: CURRENCY,
    base: { ...rates.base },
    floorFee: rates.floorFee,
    workerExtraPerHead: rates.workerExtraPerHead,
    team: { ...rates.team },
    distance: { ...rates.distance },
    cancellationPolicy: { ...rates.cancellationPolicy },
    duration: { ...rates.duration, hours: { ...rates.duration.hours } },
    floors: { min: FLOOR_MIN, max: FLOOR_MAX },
    workers: { min: WORKERS_MIN, max: WORKERS_MAX, default: WORKERS_DEFAULT },
    createdAt,
  };
}

/** Version 1, which every database starts with and the prerendered pages are built with. */
export const FIRST_CATALOG: PriceCatalog = deepFreeze(
  catalogFromRates(FIRST_CATALOG_RATES, 1, null),
);

/** The first version, as a copy a caller may change (D4). */
export function priceCatalog(): PriceCatalog {
  return catalogFromRates(FIRST_CATALOG_RATES, 1, null);
}

/** The editable part of a version, e.g. to start an admin's draft from the current one. */
export function ratesOf(catalog: CatalogRates): CatalogRates {
  return {
    duration: { ...catalog.duration, hours: { ...catalog.duration.hours } },
    base: { ...catalog.base },
    floorFee: catalog.floorFee,
    workerExtraPerHead: catalog.workerExtraPerHead,
    team: { ...catalog.team },
    distance: { ...catalog.distance },
    cancellationPolicy: { ...catalog.cancellationPolicy },
  };
}

export interface PriceBreakdown {
  base: number;
  floorsSurcharge: number;
  workersExtra: number;
  floorFee: number;
  workerExtraPerHead: number;
  /** The estimated road distance (0 inside one district) and its fee beyond the included km. */
  distanceKm: number;
  includedKm: number;
  perKm: number;
  distanceFee: number;
  total: number;
  /** The catalog version these figures come from. */
  catalogVersion: number;
}

export interface PriceInput {
  moveType: MoveType;
  pickupFloor: number;
  dropoffFloor: number;
  workers: number;
  /** Where the move starts and ends; without both, no distance fee (the estimator's case). */
  from?: Place;
  to?: Place;
}

/** Kilometres beyond the included distance, each at the catalog's rate (D11). */
export function distanceFee(catalog: CatalogRates, distanceKm: number): number {
  const extra = Math.max(0, distanceKm - catalog.distance.includedKm);
  return Math.round(extra * catalog.distance.perKm);
}

/**
 * The price of a move under one catalog version (D4, D11): base + floors + extra workers +
 * distance beyond the included kilometres. Every screen, the server and each backend call this.
 */
export function estimatePrice(catalog: PriceCatalog, input: PriceInput): PriceBreakdown {
  // Flow state restored from session storage is untyped at run time; an unknown type prices as
  // the default rather than producing NaN on screen. Server input is schema-checked before this.
  const moveType = isMoveType(input.moveType) ? input.moveType : DEFAULT_MOVE_TYPE;
  const base = catalog.base[moveType];
  const floorsSurcharge =
    catalog.floorFee * (clampFloor(input.pickupFloor) + clampFloor(input.dropoffFloor));
  const workersExtra = catalog.workerExtraPerHead * (clampWorkers(input.workers) - 1);
  const distanceKm =
    input.from && input.to ? estimatedRoadKm(input.from, input.to, catalog.distance.roadFactor) : 0;
  const fee = distanceFee(catalog, distanceKm);
  return {
    base,
    floorsSurcharge,
    workersExtra,
    floorFee: catalog.floorFee,
    workerExtraPerHead: catalog.workerExtraPerHead,
    distanceKm,
    includedKm: catalog.distance.includedKm,
    perKm: catalog.distance.perKm,
    distanceFee: fee,
    total: base + floorsSurcharge + workersExtra + fee,
    catalogVersion: catalog.version,
  };
}

export interface TeamSizeInput {
  moveType: MoveType;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
}

/** The recommended team (D4): a recommendation; the order is priced with the workers chosen. */
export function recommendedTeamSize(catalog: CatalogRates, input: TeamSizeInput): number {
  let team = catalog.team.base;
  if (input.moveType === 'full' || input.moveType === 'office') team += 1;
  if (input.housing === 'villa') team += 1;
  if (clampFloor(input.pickupFloor) + clampFloor(input.dropoffFloor) >= catalog.team.manyFloors) {
    team += 1;
  }
  return clamp(team, WORKERS_MIN, TEAM_MAX);
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
