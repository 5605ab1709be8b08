// Dispatch fixtures (D28): crews, trucks, an index of who holds which window, and one day of
// three crews in two governorates with a long move, for the domain's tests and for server or
// e2e tests that want the same day in a backend.
import { FIRST_CAPACITY_PLAN, type CapacityDraft } from '../domain/capacity';
import {
  holdsOf,
  jobHours,
  type Assignment,
  type DispatchJob,
  type DispatchState,
  type HoldersOn,
  type Slot,
  type SlotHolder,
} from '../domain/dispatch';
import { estimatedRoadKm, type Place } from '../domain/distance';
import type { Crew, FleetDraft, Truck } from '../domain/fleet';
import { FIRST_CATALOG_RATES, type CatalogRates } from '../domain/pricing';
import { WEEKDAYS } from '../domain/capacity';

/** 09:00 in Cairo (summer time, UTC+3) on Monday 1 June 2026: the fixtures' clock. */
export const DISPATCH_NOW = new Date('2026-06-01T06:00:00.000Z');
/** Wednesday 3 June 2026, two days after DISPATCH_NOW: the fixtures' move date. */
export const DISPATCH_DATE = '2026-06-03';
/** The day after DISPATCH_DATE. */
export const DISPATCH_NEXT_DATE = '2026-06-04';

/** The first plan's windows (08-12, 12-16, 16-20, three crews each) without exceptions. */
export function dispatchPlan(patch: Partial<CapacityDraft> = {}): CapacityDraft {
  return {
    windows: FIRST_CAPACITY_PLAN.windows.map((window) => ({ ...window })),
    exceptions: [],
    ...patch,
  };
}

/** A crew of three that works every day, serving Cairo from Cairo, with no truck of its own. */
export function crew(id: string, patch: Partial<Crew> = {}): Crew {
  return {
    id,
    name: id,
    leaderName: 'Ahmed Samir',
    leaderPhone: null,
    size: 3,
    governorates: ['cairo'],
    days: [...WEEKDAYS],
    truckId: null,
    active: true,
    ...patch,
  };
}

export function truck(id: string, patch: Partial<Truck> = {}): Truck {
  return { id, plate: `ABC ${id}`, size: 'medium', active: true, ...patch };
}

/** A place: a governorate and one of its districts. */
export const place = (governorateId: string, districtId: string): Place => ({
  governorateId,
  districtId,
});

/**
 * Who holds which window, as a backend's index of holds keeps it (one row per order and window):
 * `add` writes an assignment's rows, `holdersOn` reads them back by date.
 */
export class HoldIndex {
  readonly rows: (Slot & SlotHolder)[] = [];

  constructor(rows: readonly (Slot & SlotHolder)[] = []) {
    this.rows.push(...rows);
  }

  /** An assignment's holds (as `holdsOf` makes them), replacing the order's earlier ones. */
  add(
    orderId: string,
    assignment: Pick<Assignment, 'crewId' | 'truckId' | 'slots'>,
    dropoff: Place,
  ) {
    this.remove(orderId);
    this.rows.push(...holdsOf(orderId, assignment, dropoff));
    return this;
  }

  /** An order from before dispatch: it holds its window without a crew or truck. */
  addLegacy(orderId: string, date: string, windowId: string) {
    this.rows.push({ date, windowId, orderId, crewId: null, truckId: null, dropoff: null });
    return this;
  }

  remove(orderId: string) {
    for (let i = this.rows.length - 1; i >= 0; i -= 1) {
      if (this.rows[i]!.orderId === orderId) this.rows.splice(i, 1);
    }
    return this;
  }

  readonly holdersOn: HoldersOn = (date) => {
    const day: Record<string, SlotHolder[]> = {};
    for (const { date: d, windowId, ...holder } of this.rows) {
      if (d === date) (day[windowId] ??= []).push(holder);
    }
    return day;
  };
}

/** A dispatch state over a plan, a fleet and an index of holds. */
export function dispatchState(
  fleet: FleetDraft,
  holds: HoldIndex = new HoldIndex(),
  plan: CapacityDraft = dispatchPlan(),
): DispatchState & { holds: HoldIndex } {
  return { plan, fleet, holdersOn: holds.holdersOn, holds };
}

/** What a move of `moveType` between two places is for dispatch, its road and hours as the catalog says. */
export function dispatchJob(
  pickup: Place,
  dropoff: Place,
  {
    orderId,
    moveType = 'full',
    pickupFloor = 0,
    dropoffFloor = 0,
    rates = FIRST_CATALOG_RATES,
  }: {
    orderId?: string;
    moveType?: string;
    pickupFloor?: number;
    dropoffFloor?: number;
    rates?: CatalogRates;
  } = {},
): DispatchJob & { distanceKm: number } {
  const distanceKm = estimatedRoadKm(pickup, dropoff, rates.distance.roadFactor);
  const hours = jobHours({ moveType, pickupFloor, dropoffFloor, distanceKm }, rates);
  return { ...(orderId === undefined ? {} : { orderId }), pickup, dropoff, hours, distanceKm };
}

/**
 * Three crews in two governorates (D28): two in Cairo, each with its own truck, and one in Kafr
 * El-Sheikh with its own; a fourth truck is spare.
 */
export function twoGovernoratesFleet(): FleetDraft {
  return {
    crews: [
      crew('cairo-1', { name: 'Maadi crew', truckId: 'truck-1', leaderPhone: '+201011111111' }),
      crew('cairo-2', { name: 'Nasr City crew', truckId: 'truck-2', leaderPhone: '+201022222222' }),
      crew('kafr-1', {
        name: 'Kafr El-Sheikh crew',
        governorates: ['kafr-el-sheikh', 'gharbia'],
        truckId: 'truck-3',
        leaderPhone: '+201033333333',
      }),
    ],
    trucks: [truck('truck-1'), truck('truck-2'), truck('truck-3'), truck('truck-4')],
  };
}

/**
 * The moves of that day, all from the morning window of DISPATCH_DATE: a long one from Desouk
 * (Kafr El-Sheikh) to Abu Zenima (South Sinai), about 430 km by road, and two inside Cairo.
 */
export function twoGovernoratesMoves() {
  return {
    long: dispatchJob(place('kafr-el-sheikh', 'desouk'), place('south-sinai', 'abu-zenima'), {
      orderId: 'order-long',
    }),
    maadi: dispatchJob(place('cairo', 'maadi'), place('cairo', 'zamalek'), {
      orderId: 'order-maadi',
      moveType: 'partial',
      pickupFloor: 2,
      dropoffFloor: 1,
    }),
    nasr: dispatchJob(place('cairo', 'nasr-city'), place('cairo', 'heliopolis'), {
      orderId: 'order-nasr',
      moveType: 'partial',
    }),
  };
}
