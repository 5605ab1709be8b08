/**
 * The company's crews and trucks, as data (docs/decisions.md D28). A crew is people: a team
 * leader (whose mobile number signs them into the crew's phone, D13), a size, the governorates it
 * serves (the first is its home) and the weekdays it works. A truck is a plate and a size. The
 * office keeps both; capacity per window comes from the crews that serve a pickup's governorate
 * on that day (dispatch.ts), within the plan's windows (capacity.ts), whose crew counts are now
 * the most crews that window takes.
 *
 * The fleet is one versioned document, like the crews plan. A database from before the fleet has
 * none: it reads as the crews the plan counted (`fleetOfPlan`: as many crews as the plan's
 * busiest window, each serving every governorate every day, with no leader yet), so capacity is
 * what it was until the office names its crews.
 */
import type { CapacityDraft } from './capacity';
import { WEEKDAYS } from './capacity';
import { GOVERNORATES } from './governorates';
import { isMissing, storedArray, storedCount, storedObject, storedString } from './stored';

/** Truck sizes the office chooses from; a list that grows (D15): a size this code does not know reads as it is. */
export const TRUCK_SIZES = ['small', 'medium', 'large'] as const;
export type TruckSize = (typeof TRUCK_SIZES)[number];

export interface Crew {
  /** Stable: orders keep it. */
  id: string;
  /** What the office calls the crew ("فريق المعادي"). */
  name: string;
  /** The team leader's name; its first word is what the customer's tracker shows (never the phone). */
  leaderName: string;
  /** The team leader's mobile (E.164), which signs them in to the crew's phone; null: not yet given. */
  leaderPhone: string | null;
  /** Workers in the crew, the leader included. */
  size: number;
  /** Governorate ids it serves; the first is its home, where its day starts. */
  governorates: string[];
  /** Weekdays it works (0 Sunday … 6 Saturday). */
  days: number[];
  /** The truck it usually drives; null: none in particular. */
  truckId: string | null;
  /** A crew taken off (on leave, disbanded) keeps its past orders but takes no new ones. */
  active: boolean;
}

export interface Truck {
  id: string;
  plate: string;
  size: string;
  active: boolean;
}

/** What the office saves. */
export interface FleetDraft {
  crews: Crew[];
  trucks: Truck[];
}

/** One saved version of the fleet; `version` 0 is the one read from the plan's counts, never saved. */
export interface Fleet extends FleetDraft {
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export const CREW_SIZE_MIN = 1;
export const CREW_SIZE_MAX = 30;
/** As many as a plan's window may count (CREWS_MAX): the fleet read from an old plan fits. */
export const FLEET_CREWS_MAX = 999;
export const FLEET_TRUCKS_MAX = 200;

const ALL_GOVERNORATES = () => GOVERNORATES.map((g) => g.id);

/**
 * The fleet a database from before crews were data reads as (D28): as many crews as the plan's
 * busiest window has on any day, each serving everywhere, every day, three workers, no truck, no
 * leader. Their ids (`crew-1`, …) are stable, so orders assigned to them before the office saves
 * its own fleet stay assigned.
 */
export function fleetOfPlan(plan: CapacityDraft): FleetDraft {
  let most = 0;
  for (const window of plan.windows) most = Math.max(most, window.crews);
  // An exception (every Friday, or one busy date) may raise a window above its ordinary count:
  // the crews it counted are there that day, so capacity stays what it was.
  for (const exception of plan.exceptions) {
    for (const window of plan.windows) most = Math.max(most, exception.crews[window.id] ?? 0);
  }
  return {
    crews: Array.from({ length: most }, (_, i) => ({
      id: `crew-${i + 1}`,
      name: `${i + 1}`,
      leaderName: '',
      leaderPhone: null,
      size: 3,
      governorates: ALL_GOVERNORATES(),
      days: [...WEEKDAYS],
      truckId: null,
      active: true,
    })),
    trucks: [],
  };
}

const STORED_FLEET = 'fleet';

/**
 * A stored fleet, whichever version of this code saved it (docs/architecture.md, "Stored data
 * ages well"): what a later version added takes its default; a field every version stored that
 * is missing or of the wrong kind is broken data (`StoredDataError`).
 */
export function fleetFromStored(stored: unknown): FleetDraft {
  const d = storedObject(stored, STORED_FLEET, 'fleet');
  const text = (value: unknown, path: string) => storedString(value, STORED_FLEET, path);
  const count = (value: unknown, path: string) => storedCount(value, STORED_FLEET, path);
  const flag = (value: unknown, fallback: boolean, path: string) => {
    if (isMissing(value)) return fallback;
    if (typeof value === 'boolean') return value;
    return text(value, path) === 'true';
  };
  const crews = storedArray(d.crews, STORED_FLEET, 'crews').map((value, i) => {
    const at = `crews.${i}`;
    const c = storedObject(value, STORED_FLEET, at);
    return {
      id: text(c.id, `${at}.id`),
      name: text(c.name, `${at}.name`),
      leaderName: isMissing(c.leaderName) ? '' : text(c.leaderName, `${at}.leaderName`),
      leaderPhone: isMissing(c.leaderPhone) ? null : text(c.leaderPhone, `${at}.leaderPhone`),
      size: count(c.size, `${at}.size`),
      governorates: storedArray(c.governorates, STORED_FLEET, `${at}.governorates`).map((g, j) =>
        text(g, `${at}.governorates.${j}`),
      ),
      days: isMissing(c.days)
        ? [...WEEKDAYS]
        : storedArray(c.days, STORED_FLEET, `${at}.days`).map((n, j) =>
            count(n, `${at}.days.${j}`),
          ),
      truckId: isMissing(c.truckId) ? null : text(c.truckId, `${at}.truckId`),
      active: flag(c.active, true, `${at}.active`),
    };
  });
  const trucks = storedArray(d.trucks, STORED_FLEET, 'trucks').map((value, i) => {
    const at = `trucks.${i}`;
    const t = storedObject(value, STORED_FLEET, at);
    return {
      id: text(t.id, `${at}.id`),
      plate: text(t.plate, `${at}.plate`),
      size: isMissing(t.size) ? 'medium' : text(t.size, `${at}.size`),
      active: flag(t.active, true, `${at}.active`),
    };
  });
  return { crews, trucks };
}

export function findCrew(fleet: FleetDraft, id: string | null | undefined): Crew | undefined {
  return fleet.crews.find((crew) => crew.id === id);
}

export function findTruck(fleet: FleetDraft, id: string | null | undefined): Truck | undefined {
  return fleet.trucks.find((truck) => truck.id === id);
}

/** The active crew whose team leader has this mobile (E.164), if any: who a phone session is in the field. */
export function crewOfPhone(fleet: FleetDraft, phone: string | null | undefined): Crew | undefined {
  if (!phone) return undefined;
  return fleet.crews.find((crew) => crew.active && crew.leaderPhone === phone);
}

/** What the customer's tracker may say of a crew: its leader's first name, nothing else (no phone). */
export function crewFirstName(crew: Pick<Crew, 'leaderName'> | undefined): string | null {
  const first = crew?.leaderName.trim().split(/\s+/u)[0];
  return first ? first : null;
}
