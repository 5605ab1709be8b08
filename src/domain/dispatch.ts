/**
 * Dispatch (docs/decisions.md D28): how long a move takes, which windows it holds, which crew and
 * truck do it, decided once for every backend. A backend loads who holds each window of the
 * dates concerned (`HoldersOn`: one row per order and window it holds), calls these functions
 * and stores the assignment they return with the order, in the same transaction, so two
 * bookings racing for the last crew are decided one after the other.
 *
 * A move holds consecutive windows of the plan from the one booked, as many as its hours need
 * (`jobSlots`): the hours come from the catalog (`jobHours`: the move type, the floors, and the
 * road there and back at the catalog's speed), and a long move runs on into the next day's
 * windows. A window takes at most the plan's count of moves (`crewsOn`, capacity.ts); each move
 * needs one crew that serves the pickup's governorate, works every day the move spans and holds
 * none of its windows, and one free truck when the company keeps trucks. Orders from before
 * dispatch hold their window without a crew (`crewId` null): each such order takes one of the
 * window's free crews, whichever.
 */
import type {
  BookedWindow,
  CapacityDraft,
  DayAvailability,
  FreeWindow,
  TimeWindow,
} from './capacity';
import {
  ALTERNATIVES_COUNT,
  ALTERNATIVES_DAYS,
  crewsOn,
  datesFrom,
  findWindow,
  hasStarted,
  holdsCrew,
  weekdayOf,
  windowsInOrder,
} from './capacity';
import { cairoDatePlusDays, cairoToday } from './datetime';
import { coordinatesOf, estimatedRoadKm, straightLineKm, type Place } from './distance';
import { RuleViolation } from './errors';
import type { Crew, Fleet, FleetDraft, Truck } from './fleet';
import type { Order } from './order';
import { findCrew, findTruck } from './fleet';
import type { CatalogRates, MoveType } from './pricing';
import { BOOKING_HORIZON_DAYS, MOVE_TYPES } from './pricing';
import { isMissing, storedArray, storedNumber, storedObject, storedString } from './stored';

/** One window of one date. */
export interface Slot {
  date: string;
  windowId: string;
}

/** An order holding a window: with its crew and truck once assigned, and where its move ends. */
export interface SlotHolder {
  orderId: string;
  crewId: string | null;
  truckId: string | null;
  /** Where the crew is when this move is done (its drop-off), for the next move's distance. */
  dropoff: Place | null;
}

/** date → window id → the orders holding that window. */
export type HoldersOn = (date: string) => Readonly<Record<string, readonly SlotHolder[]>>;

/** Who does a move and when: the crew, the truck (null when the company keeps no trucks), the windows held. */
export interface Assignment {
  crewId: string;
  truckId: string | null;
  slots: Slot[];
  hours: number;
  /** `auto`: proposed when booked (or when a change took a new window); `admin`: chosen by the office. */
  by: 'auto' | 'admin';
}

/** What a move's duration reads of an order. */
export interface JobShape {
  moveType: string;
  pickupFloor: number;
  dropoffFloor: number;
  distanceKm: number;
}

/** The longest move dispatch plans: longer ones are refused as no window (the office books them by hand). */
export const JOB_DAYS_MAX = 4;

/**
 * A move's hours, to the quarter hour above: its type's hours, the floors', and the road there
 * and back (the crew's day ends where it started). A move type this catalog does not price takes
 * the longest there is.
 */
export function jobHours(job: JobShape, rates: Pick<CatalogRates, 'duration'>): number {
  const { hours, perFloorHours, roadKmPerHour } = rates.duration;
  const work = (MOVE_TYPES as readonly string[]).includes(job.moveType)
    ? hours[job.moveType as MoveType]
    : Math.max(...Object.values(hours));
  const floors = Math.max(0, job.pickupFloor) + Math.max(0, job.dropoffFloor);
  const road = roadKmPerHour > 0 ? (2 * Math.max(0, job.distanceKm)) / roadKmPerHour : 0;
  // A hair above a quarter is the floats' (3 + 23 × 0.1 + 0.2 is 5.500000000000001), not the
  // move's: it must not round up to the next quarter.
  const quarters = Math.ceil((work + floors * perFloorHours + road) * 4 - 1e-6);
  return Math.max(0.25, quarters / 4);
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** A window's length in hours. */
export function windowHours(window: { start: string; end: string }): number {
  return (minutes(window.end) - minutes(window.start)) / 60;
}

/**
 * The windows a move of `hours` holds from `windowId` on `date`: that one and the next ones in
 * the day, then the next days' from their first, until their hours add up. Null when the window
 * is not in the plan, or the move would need more than JOB_DAYS_MAX days.
 */
export function jobSlots(
  plan: CapacityDraft,
  date: string,
  windowId: string,
  hours: number,
): Slot[] | null {
  const windows = windowsInOrder(plan.windows);
  const first = windows.findIndex((window) => window.id === windowId);
  if (first < 0) return null;
  const slots: Slot[] = [];
  let left = hours;
  const dates = datesFrom(date, JOB_DAYS_MAX);
  for (let d = 0; d < dates.length; d += 1) {
    for (let w = d === 0 ? first : 0; w < windows.length; w += 1) {
      const window = windows[w]!;
      slots.push({ date: dates[d]!, windowId: window.id });
      left -= windowHours(window);
      if (left <= 1e-9) return slots;
    }
  }
  return null;
}

/** The last date a move's windows reach. */
export function lastDateOf(slots: readonly Slot[]): string {
  return slots.reduce((last, slot) => (slot.date > last ? slot.date : last), slots[0]?.date ?? '');
}

/** The reasons a crew, a truck or a window cannot take a move: keys in the `errors` namespace. */
export const DISPATCH_MESSAGES = {
  noWindow: 'errors:dispatch.noWindow',
  started: 'errors:dispatch.started',
  windowFull: 'errors:dispatch.windowFull',
  crewUnknown: 'errors:dispatch.crewUnknown',
  crewInactive: 'errors:dispatch.crewInactive',
  crewNotServing: 'errors:dispatch.crewNotServing',
  crewOffDay: 'errors:dispatch.crewOffDay',
  crewBusy: 'errors:dispatch.crewBusy',
  crewsTaken: 'errors:dispatch.crewsTaken',
  truckUnknown: 'errors:dispatch.truckUnknown',
  truckInactive: 'errors:dispatch.truckInactive',
  truckBusy: 'errors:dispatch.truckBusy',
  noTruck: 'errors:dispatch.noTruck',
} as const;
export type DispatchRefusal = (typeof DISPATCH_MESSAGES)[keyof typeof DISPATCH_MESSAGES];

/** Everything a dispatch decision reads: the plan, the fleet, who holds which windows. */
export interface DispatchState {
  plan: CapacityDraft;
  fleet: FleetDraft;
  holdersOn: HoldersOn;
}

/** A move to dispatch: where it starts and ends, its hours, and (for an order already booked) its id, whose own holds do not count against it. */
export interface DispatchJob {
  orderId?: string;
  pickup: Place;
  dropoff: Place;
  hours: number;
}

/** A move's windows and the holders of each, its own holds left out. */
function holdersOf(state: DispatchState, slots: readonly Slot[], orderId: string | undefined) {
  const byDate = new Map<string, Readonly<Record<string, readonly SlotHolder[]>>>();
  return slots.map((slot) => {
    let day = byDate.get(slot.date);
    if (!day) {
      day = state.holdersOn(slot.date);
      byDate.set(slot.date, day);
    }
    return {
      slot,
      holders: (day[slot.windowId] ?? []).filter((holder) => holder.orderId !== orderId),
    };
  });
}

function worksOn(crew: Crew, date: string): boolean {
  return crew.active && crew.days.includes(weekdayOf(date));
}

/** Why `crew` cannot do the move in `slots`, or null when it can. */
function crewRefusal(
  crew: Crew | undefined,
  job: DispatchJob,
  held: ReturnType<typeof holdersOf>,
): DispatchRefusal | null {
  if (!crew) return DISPATCH_MESSAGES.crewUnknown;
  if (!crew.active) return DISPATCH_MESSAGES.crewInactive;
  if (!crew.governorates.includes(job.pickup.governorateId))
    return DISPATCH_MESSAGES.crewNotServing;
  if (held.some(({ slot }) => !worksOn(crew, slot.date))) return DISPATCH_MESSAGES.crewOffDay;
  if (takenIn(held).crews.has(crew.id)) return DISPATCH_MESSAGES.crewBusy;
  return null;
}

/** The crews and trucks holding any of a move's windows, worked out once per move. */
const takenOf = new WeakMap<
  ReturnType<typeof holdersOf>,
  { crews: Set<string | null>; trucks: Set<string | null> }
>();

function takenIn(held: ReturnType<typeof holdersOf>) {
  let taken = takenOf.get(held);
  if (!taken) {
    const all = held.flatMap(({ holders }) => holders);
    taken = {
      crews: new Set(all.map((h) => h.crewId)),
      trucks: new Set(all.map((h) => h.truckId)),
    };
    // Weighing every crew of a large fleet against every holder of a busy day was quadratic.
    takenOf.set(held, taken);
  }
  return taken;
}

/**
 * Whether each window still has room for this move beside `crew`: the plan's count of moves, and
 * a crew left for each order from before dispatch that holds it without one.
 */
/** Per window of a move: the crews free in it, and the orders from before dispatch holding it without one. */
const roomOf = new WeakMap<
  ReturnType<typeof holdersOf>,
  { free: number; unassigned: number; busy: Set<string | null> }[]
>();

function roomCounts(state: DispatchState, held: ReturnType<typeof holdersOf>) {
  let counts = roomOf.get(held);
  if (!counts) {
    counts = held.map(({ slot, holders }) => {
      const busy = new Set(holders.map((h) => h.crewId));
      const unassigned = holders.filter((h) => h.crewId === null).length;
      const free =
        unassigned === 0
          ? 0
          : state.fleet.crews.filter((c) => worksOn(c, slot.date) && !busy.has(c.id)).length;
      return { free, unassigned, busy };
    });
    // Counted once per move, however many crews are weighed for it.
    roomOf.set(held, counts);
  }
  return counts;
}

function roomRefusal(
  state: DispatchState,
  held: ReturnType<typeof holdersOf>,
  crew: Crew | null,
): DispatchRefusal | null {
  const counts = roomCounts(state, held);
  for (let i = 0; i < held.length; i += 1) {
    const { slot, holders } = held[i]!;
    const window = findWindow(state.plan, slot.windowId);
    if (!window) return DISPATCH_MESSAGES.noWindow;
    if (holders.length >= crewsOn(state.plan, slot.date, window)) {
      return DISPATCH_MESSAGES.windowFull;
    }
    const { free, unassigned, busy } = counts[i]!;
    if (unassigned === 0) continue;
    const taken = crew !== null && worksOn(crew, slot.date) && !busy.has(crew.id) ? 1 : 0;
    if (free - taken < unassigned) return DISPATCH_MESSAGES.crewsTaken;
  }
  return null;
}

function truckRefusal(
  truck: Truck | undefined,
  held: ReturnType<typeof holdersOf>,
): DispatchRefusal | null {
  if (!truck) return DISPATCH_MESSAGES.truckUnknown;
  if (!truck.active) return DISPATCH_MESSAGES.truckInactive;
  if (takenIn(held).trucks.has(truck.id)) return DISPATCH_MESSAGES.truckBusy;
  return null;
}

/**
 * What each crew did earlier on the day of a move, read once for all the crews weighed: where it
 * is before the move (the drop-off of its last move earlier that day, not this move's own when
 * it is moved to a later window), and how many moves (orders, not windows: a long move holds
 * several) it has that day, this one left out.
 */
function crewsDay(state: DispatchState, first: Slot, orderId: string | undefined) {
  const windows = windowsInOrder(state.plan.windows);
  const index = windows.findIndex((w) => w.id === first.windowId);
  const day = state.holdersOn(first.date);
  const lastDropoff = new Map<string, Place>();
  for (let w = index - 1; w >= 0; w -= 1) {
    for (const h of day[windows[w]!.id] ?? []) {
      if (h.crewId === null || h.orderId === orderId || !h.dropoff) continue;
      if (!lastDropoff.has(h.crewId)) lastDropoff.set(h.crewId, h.dropoff);
    }
  }
  const moves = new Map<string, Set<string>>();
  for (const holders of Object.values(day)) {
    for (const h of holders) {
      if (h.crewId === null || h.orderId === orderId) continue;
      let orders = moves.get(h.crewId);
      if (!orders) moves.set(h.crewId, (orders = new Set()));
      orders.add(h.orderId);
    }
  }
  return {
    placeOf: (crew: Crew): Place =>
      lastDropoff.get(crew.id) ?? { governorateId: crew.governorates[0] ?? '', districtId: '' },
    movesOf: (crew: Crew): number => moves.get(crew.id)?.size ?? 0,
  };
}

/**
 * Straight-line kilometres between two places; infinitely far when one cannot be located (no
 * guess): a crew whose place is unknown comes after every crew whose place is known.
 */
export function kmBetween(a: Place, b: Place): number {
  const from = coordinatesOf(a);
  const to = coordinatesOf(b);
  return from && to ? straightLineKm(from, to) : Number.POSITIVE_INFINITY;
}

/** The truck for a crew's move: its own when free, else the first free one; undefined: none free. */
function truckFor(
  state: DispatchState,
  crew: Crew,
  held: ReturnType<typeof holdersOf>,
): Truck | null | undefined {
  const trucks = state.fleet.trucks.filter((t) => t.active);
  if (trucks.length === 0) return null;
  const own = trucks.find((t) => t.id === crew.truckId);
  if (own && truckRefusal(own, held) === null) return own;
  return trucks.find((t) => truckRefusal(t, held) === null);
}

export interface Proposal {
  assignment: Assignment | null;
  /** Why none, when none: the first reason found (window full, no crew serves, …). */
  refusal: DispatchRefusal | null;
}

/**
 * The crew and truck proposed for a move from `windowId` on `date` (D28): among the crews that
 * serve the pickup's governorate, work every day of the move and hold none of its windows, the
 * one nearest to the pickup from where it is then (the drop-off of its previous move that day, or
 * its home governorate), fewest moves that day breaking a tie, then the fleet's order; its own
 * truck when free, else the first free one. None when the window is not the plan's, has begun,
 * is past the booking horizon, or is full.
 */
export function proposeAssignment(
  state: DispatchState,
  job: DispatchJob,
  date: string,
  windowId: string,
  now: Date,
): Proposal {
  const none = (refusal: DispatchRefusal): Proposal => ({ assignment: null, refusal });
  const window = findWindow(state.plan, windowId);
  if (!window) return none(DISPATCH_MESSAGES.noWindow);
  if (hasStarted(date, window, now)) return none(DISPATCH_MESSAGES.started);
  // Past the booking horizon there is no window to book yet (not one that has begun).
  if (date > cairoDatePlusDays(BOOKING_HORIZON_DAYS, now)) return none(DISPATCH_MESSAGES.noWindow);
  const slots = jobSlots(state.plan, date, windowId, job.hours);
  if (!slots) return none(DISPATCH_MESSAGES.noWindow);
  const held = holdersOf(state, slots, job.orderId);
  const room = roomRefusal(state, held, null);
  if (room) return none(room);
  // The first reason a crew that serves the pickup gave (busy, off that day, …); none serving:
  // that no crew serves it.
  let refusal: DispatchRefusal | null = null;
  const candidates: { crew: Crew; truck: Truck | null; km: number; moves: number; rank: number }[] =
    [];
  let earlier: ReturnType<typeof crewsDay> | undefined;
  state.fleet.crews.forEach((crew, rank) => {
    const why = crewRefusal(crew, job, held) ?? roomRefusal(state, held, crew);
    if (why) {
      if (why !== DISPATCH_MESSAGES.crewNotServing && why !== DISPATCH_MESSAGES.crewInactive) {
        refusal ??= why;
      }
      return;
    }
    const truck = truckFor(state, crew, held);
    if (truck === undefined) {
      refusal ??= DISPATCH_MESSAGES.noTruck;
      return;
    }
    earlier ??= crewsDay(state, slots[0]!, job.orderId);
    const km = kmBetween(earlier.placeOf(crew), job.pickup);
    candidates.push({ crew, truck, km, moves: earlier.movesOf(crew), rank });
  });
  candidates.sort((a, b) => a.km - b.km || a.moves - b.moves || a.rank - b.rank);
  const best = candidates[0];
  if (!best) return none(refusal ?? DISPATCH_MESSAGES.crewNotServing);
  return {
    assignment: {
      crewId: best.crew.id,
      truckId: best.truck?.id ?? null,
      slots,
      hours: job.hours,
      by: 'auto',
    },
    refusal: null,
  };
}

/** The office's choice of crew, truck and window for a move (D28). */
export interface AssignmentChoice {
  crewId: string;
  /** Null: no truck (only when the company keeps none); undefined: the crew's own, or any free. */
  truckId?: string | null;
  date: string;
  windowId: string;
}

/** Refuses a dispatch choice with its reason, on the field it concerns. */
export function dispatchRefused(reason: DispatchRefusal, field = 'crewId'): RuleViolation {
  return new RuleViolation('failed-precondition', reason, { [field]: reason });
}

/**
 * The office assigns a move to a crew, a truck and a window (D28): the same rules as a proposal,
 * for the crew chosen, and a clash is refused with its reason (`dispatchRefused`). A window that
 * has begun may still be given to another crew (a breakdown), never a new window that has.
 */
export function checkAssignment(
  state: DispatchState,
  job: DispatchJob,
  choice: AssignmentChoice,
  now: Date,
  { sameWindow = false }: { sameWindow?: boolean } = {},
): Assignment {
  const window = findWindow(state.plan, choice.windowId);
  if (!window) throw dispatchRefused(DISPATCH_MESSAGES.noWindow, 'windowId');
  if (!sameWindow && (hasStarted(choice.date, window, now) || choice.date < cairoToday(now))) {
    throw dispatchRefused(DISPATCH_MESSAGES.started, 'windowId');
  }
  const slots = jobSlots(state.plan, choice.date, choice.windowId, job.hours);
  if (!slots) throw dispatchRefused(DISPATCH_MESSAGES.noWindow, 'windowId');
  const held = holdersOf(state, slots, job.orderId);
  const crew = findCrew(state.fleet, choice.crewId);
  const crewWhy = crewRefusal(crew, job, held);
  if (crewWhy) throw dispatchRefused(crewWhy);
  const roomWhy = roomRefusal(state, held, crew!);
  if (roomWhy) throw dispatchRefused(roomWhy, 'windowId');
  let truckId: string | null;
  if (choice.truckId === undefined) {
    const truck = truckFor(state, crew!, held);
    if (truck === undefined) throw dispatchRefused(DISPATCH_MESSAGES.noTruck, 'truckId');
    truckId = truck?.id ?? null;
  } else if (choice.truckId === null) {
    if (state.fleet.trucks.some((t) => t.active)) {
      throw dispatchRefused(DISPATCH_MESSAGES.noTruck, 'truckId');
    }
    truckId = null;
  } else {
    const why = truckRefusal(findTruck(state.fleet, choice.truckId), held);
    if (why) throw dispatchRefused(why, 'truckId');
    truckId = choice.truckId;
  }
  return { crewId: crew!.id, truckId, slots, hours: job.hours, by: 'admin' };
}

/** Which windows of `dates` could take this move (the date screen asks for the customer's move). */
export function jobAvailability(
  state: DispatchState,
  job: DispatchJob,
  dates: readonly string[],
  now: Date,
): DayAvailability[] {
  return dates.map((date) => ({
    date,
    windows: windowsInOrder(state.plan.windows).map((window) => ({
      id: window.id,
      start: window.start,
      end: window.end,
      available: proposeAssignment(state, job, date, window.id, now).assignment !== null,
    })),
  }));
}

/** The first windows from `date` on that could take this move, within the booking horizon. */
export function freeWindowsForJob(
  state: DispatchState,
  job: DispatchJob,
  from: string,
  now: Date,
  { count = ALTERNATIVES_COUNT, days = ALTERNATIVES_DAYS } = {},
): FreeWindow[] {
  const found: FreeWindow[] = [];
  const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS, now);
  const start = from < cairoToday(now) ? cairoToday(now) : from;
  for (const date of datesFrom(start, days)) {
    if (date > lastDay) break;
    for (const window of windowsInOrder(state.plan.windows)) {
      if (proposeAssignment(state, job, date, window.id, now).assignment) {
        found.push({ date, window: { id: window.id, start: window.start, end: window.end } });
        if (found.length >= count) return found;
      }
    }
  }
  return found;
}

/**
 * The assignment a booking takes, or the "window full" refusal with the next windows that could
 * take the move (D12, D28). Every backend calls it where its holders are exact, in the order's
 * transaction. A window whose hours changed since the customer chose it is not theirs to get.
 */
export function assignNewOrder(
  state: DispatchState,
  job: DispatchJob,
  date: string,
  window: BookedWindow,
  now: Date,
  whenFull: (alternatives: readonly FreeWindow[]) => RuleViolation,
): Assignment {
  const current = findWindow(state.plan, window.id);
  const same = current && current.start === window.start && current.end === window.end;
  const proposal = same ? proposeAssignment(state, job, date, window.id, now) : null;
  if (proposal?.assignment) return proposal.assignment;
  throw whenFull(freeWindowsForJob(state, job, date, now));
}

/** What of an order decides the windows it holds. */
export type HoldingOrder = Pick<
  Order,
  | 'id'
  | 'status'
  | 'moveDate'
  | 'timeWindow'
  | 'assignment'
  | 'dropoffGovernorateId'
  | 'dropoffDistrictId'
>;

/**
 * The windows an order holds (D28), one row each, as every backend indexes its holders: none once
 * cancelled or when it was booked in no window (from before windows, `holdsCrew`); its
 * assignment's, with its crew, truck and drop-off; an order from before dispatch its booked
 * window, with no crew or truck.
 */
export function orderHolds(order: HoldingOrder): (Slot & SlotHolder)[] {
  if (!holdsCrew(order)) return [];
  const dropoff = {
    governorateId: order.dropoffGovernorateId,
    districtId: order.dropoffDistrictId,
  };
  if (order.assignment) return holdsOf(order.id, order.assignment, dropoff);
  return [
    {
      date: order.moveDate,
      windowId: order.timeWindow.id,
      orderId: order.id,
      crewId: null,
      truckId: null,
      dropoff,
    },
  ];
}

/** The rows a move's assignment holds: one per window, for the backend's index of holders. */
export function holdsOf(
  orderId: string,
  assignment: Pick<Assignment, 'crewId' | 'truckId' | 'slots'>,
  dropoff: Place,
): (Slot & SlotHolder)[] {
  return assignment.slots.map((slot) => ({
    ...slot,
    orderId,
    crewId: assignment.crewId,
    truckId: assignment.truckId,
    dropoff,
  }));
}

const STORED_ASSIGNMENT = 'assignment';

/** A stored assignment (part of an order), or null for an order from before dispatch (D15). */
export function assignmentFromStored(value: unknown): Assignment | null {
  if (isMissing(value)) return null;
  const a = storedObject(value, STORED_ASSIGNMENT, 'assignment');
  const text = (v: unknown, path: string) => storedString(v, STORED_ASSIGNMENT, path);
  return {
    crewId: text(a.crewId, 'crewId'),
    truckId: isMissing(a.truckId) ? null : text(a.truckId, 'truckId'),
    slots: storedArray(a.slots, STORED_ASSIGNMENT, 'slots').map((s, i) => {
      const slot = storedObject(s, STORED_ASSIGNMENT, `slots.${i}`);
      return {
        date: text(slot.date, `slots.${i}.date`),
        windowId: text(slot.windowId, `slots.${i}.windowId`),
      };
    }),
    hours: storedNumber(a.hours, 0, STORED_ASSIGNMENT, 'hours'),
    by: a.by === 'admin' ? 'admin' : 'auto',
  };
}

/**
 * The office's dispatch board (D28): the plan's windows, the fleet, and the orders (not cancelled)
 * whose windows touch `dates`, each with its assignment (null: from before dispatch, the office
 * assigns it). The screen lays out crews against windows from these.
 */
export interface DispatchBoard {
  dates: string[];
  windows: TimeWindow[];
  fleet: Fleet;
  orders: Order[];
}

/** What dispatch reads of an order (or a booking's input) to plan its move. */
export interface JobSource extends JobShape {
  governorateId: string;
  districtId: string;
  dropoffGovernorateId?: string | undefined;
  dropoffDistrictId?: string | undefined;
}

/** An order's move as dispatch plans it: its places and its hours under the catalog's durations. */
export function jobOf(
  source: JobSource,
  rates: Pick<CatalogRates, 'duration'>,
  orderId?: string,
): DispatchJob {
  const pickup = { governorateId: source.governorateId, districtId: source.districtId };
  return {
    ...(orderId === undefined ? {} : { orderId }),
    pickup,
    dropoff: {
      governorateId: source.dropoffGovernorateId ?? pickup.governorateId,
      districtId: source.dropoffDistrictId ?? pickup.districtId,
    },
    hours: jobHours(source, rates),
  };
}

/**
 * The crew a change takes that its order did not hold (D17, D28: an un-cancel, a reschedule): the
 * crew and truck it had when they are free in the new windows, else the one proposed; the
 * refusal `whenFull` (with the next windows that could take the move) when none is free.
 */
export function takeCrew(
  state: DispatchState,
  job: DispatchJob,
  crew: {
    date: string;
    window: BookedWindow;
    whenFull(alternatives: readonly FreeWindow[]): RuleViolation;
  },
  previous: Assignment | null | undefined,
  now: Date,
): Assignment {
  const current = findWindow(state.plan, crew.window.id);
  const same = current && current.start === crew.window.start && current.end === crew.window.end;
  if (same && previous) {
    try {
      const kept = checkAssignment(
        state,
        job,
        {
          crewId: previous.crewId,
          truckId: previous.truckId,
          date: crew.date,
          windowId: crew.window.id,
        },
        now,
      );
      return { ...kept, by: previous.by };
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  const proposal = same ? proposeAssignment(state, job, crew.date, crew.window.id, now) : null;
  if (proposal?.assignment) return proposal.assignment;
  throw crew.whenFull(freeWindowsForJob(state, job, crew.date, now));
}

/** What the date screen tells the server of the customer's move, for the windows that could take it (D28). */
export interface AvailabilityMove {
  governorateId: string;
  districtId: string;
  dropoffGovernorateId?: string;
  dropoffDistrictId?: string;
  moveType: string;
  pickupFloor: number;
  dropoffFloor: number;
}

/** The move of a booking's state, once its pickup and its service are known; else undefined. */
export function availabilityMoveOf(state: {
  governorateId?: string | undefined | null;
  districtId?: string | undefined | null;
  dropoffGovernorateId?: string | undefined | null;
  dropoffDistrictId?: string | undefined | null;
  moveType?: string | undefined | null;
  pickupFloor?: number | string | undefined | null;
  dropoffFloor?: number | string | undefined | null;
}): AvailabilityMove | undefined {
  if (!state.governorateId || !state.districtId || !state.moveType) return undefined;
  const floor = (value: number | string | undefined | null) => {
    const n = Number(value ?? 0);
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  return {
    governorateId: state.governorateId,
    districtId: state.districtId,
    ...(state.dropoffGovernorateId && state.dropoffDistrictId
      ? {
          dropoffGovernorateId: state.dropoffGovernorateId,
          dropoffDistrictId: state.dropoffDistrictId,
        }
      : {}),
    moveType: state.moveType,
    pickupFloor: floor(state.pickupFloor),
    dropoffFloor: floor(state.dropoffFloor),
  };
}

/** The move the date screen asked about, as dispatch plans it: its road distance estimated (D11). */
export function jobSourceOfMove(move: AvailabilityMove, roadFactor: number): JobSource {
  const distanceKm = estimatedRoadKm(
    { governorateId: move.governorateId, districtId: move.districtId },
    {
      governorateId: move.dropoffGovernorateId ?? move.governorateId,
      districtId: move.dropoffDistrictId ?? move.districtId,
    },
    roadFactor,
  );
  return { ...move, distanceKm };
}
