import { describe, expect, it } from 'vitest';
import {
  crew,
  dispatchJob,
  dispatchPlan,
  dispatchState,
  DISPATCH_DATE,
  DISPATCH_NEXT_DATE,
  DISPATCH_NOW,
  HoldIndex,
  place,
  truck,
  twoGovernoratesFleet,
  twoGovernoratesMoves,
} from '../testing/dispatch-fixtures';
import { violation } from '../testing/rule-violations';
import { datesFrom, weekdayOf, type CapacityDraft } from './capacity';
import { cairoDatePlusDays } from './datetime';
import {
  assignNewOrder,
  checkAssignment,
  DISPATCH_MESSAGES as D,
  freeWindowsForJob,
  holdsOf,
  JOB_DAYS_MAX,
  jobAvailability,
  jobHours,
  jobSlots,
  kmBetween,
  lastDateOf,
  orderHolds,
  proposeAssignment,
  windowHours,
  type DispatchJob,
  type DispatchState,
} from './dispatch';
import { estimatedRoadKm } from './distance';
import { RuleViolation } from './errors';
import type { FleetDraft } from './fleet';
import { BOOKING_HORIZON_DAYS, FIRST_CATALOG_RATES } from './pricing';

// Dispatch (D28): a move's hours from the catalog, the windows they hold, and the crew and truck
// that do it. DISPATCH_DATE is a Wednesday; the plan's windows are 08-12, 12-16 and 16-20.

const RATES = FIRST_CATALOG_RATES;
const ROAD = RATES.distance.roadFactor;
const D0 = DISPATCH_DATE;
const D1 = DISPATCH_NEXT_DATE;
const NOW = DISPATCH_NOW;
const MAADI = place('cairo', 'maadi');
const ZAMALEK = place('cairo', 'zamalek');
/** A governorate's centre: where a crew of that home starts its day. */
const centre = (governorateId: string) => place(governorateId, '');

/** A move of `hours` from `pickup`, delivered in the same district. */
const job = (hours: number, pickup = MAADI, orderId?: string): DispatchJob => ({
  ...(orderId === undefined ? {} : { orderId }),
  pickup,
  dropoff: pickup,
  hours,
});

const proposed = (state: DispatchState, move: DispatchJob, windowId = 'morning', date = D0) =>
  proposeAssignment(state, move, date, windowId, NOW);
const crewOf = (state: DispatchState, move: DispatchJob, windowId = 'morning', date = D0) =>
  proposed(state, move, windowId, date).assignment?.crewId ?? null;

describe('the fixtures’ calendar', () => {
  it('moves on a Wednesday, two days after the clock', () => {
    expect(weekdayOf(D0)).toBe(3);
    expect(cairoDatePlusDays(2, NOW)).toBe(D0);
    expect(datesFrom(D0, 2)).toEqual([D0, D1]);
  });
});

describe('jobHours: a move’s hours from the catalog', () => {
  const hours = (moveType: string, pickupFloor: number, dropoffFloor: number, distanceKm: number) =>
    jobHours({ moveType, pickupFloor, dropoffFloor, distanceKm }, RATES);

  it('a Maadi move fits one four-hour window: the work, the floors and the road there and back', () => {
    const km = estimatedRoadKm(MAADI, ZAMALEK, ROAD);
    expect(km).toBe(15);
    // 3 h of a full move, 0.3 h of three floors, 0.6 h of 30 km at 50 km/h: 3.9 → 4 h.
    expect(hours('full', 1, 2, km)).toBe(4);
    expect(jobSlots(dispatchPlan(), D0, 'morning', 4)).toEqual([{ date: D0, windowId: 'morning' }]);
    // Inside Maadi: no road.
    expect(estimatedRoadKm(MAADI, MAADI, ROAD)).toBe(0);
    expect(hours('full', 1, 2, 0)).toBe(3.5);
  });

  it('counts every floor at both ends, to the quarter hour above', () => {
    expect(hours('full', 3, 2, 0)).toBe(3.5);
    expect(hours('partial', 3, 2, 0)).toBe(2.5);
    expect(hours('loading', 1, 0, 0)).toBe(1.75);
    // 3 h + 23 floors × 0.1 h + 2 × 5 km at 50 km/h is 5.5 h, which floats make
    // 5.500000000000001: still 5.5 h, not 5.75.
    expect(hours('full', 12, 11, 5)).toBe(5.5);
    expect(hours('full', 10, 5, 0)).toBe(4.5);
    // A floor below the ground and a negative road count as none.
    expect(hours('full', -1, 0, -20)).toBe(3);
  });

  it('Cairo to Alexandria runs into a fourth window, the next morning', () => {
    const km = estimatedRoadKm(MAADI, place('alexandria', 'smouha'), ROAD);
    expect(km).toBe(244);
    // 3 h + 2 × 244 km at 50 km/h (9.76 h) = 12.76 → 13 h.
    expect(hours('full', 0, 0, km)).toBe(13);
    const slots = jobSlots(dispatchPlan(), D0, 'morning', 13)!;
    expect(slots.map((s) => `${s.date} ${s.windowId}`)).toEqual([
      `${D0} morning`,
      `${D0} midday`,
      `${D0} evening`,
      `${D1} morning`,
    ]);
  });

  it('Kafr El-Sheikh to South Sinai, about 430 km, takes more than one day', () => {
    const km = estimatedRoadKm(
      place('kafr-el-sheikh', 'desouk'),
      place('south-sinai', 'abu-zenima'),
      ROAD,
    );
    expect(km).toBe(431);
    const h = hours('full', 0, 0, km);
    // 3 h + 862 km at 50 km/h (17.24 h) = 20.24 → 20.25 h: more than a day's 12 h of windows.
    expect(h).toBe(20.25);
    const slots = jobSlots(dispatchPlan(), D0, 'morning', h)!;
    expect(slots).toHaveLength(6);
    expect(lastDateOf(slots)).toBe(D1);
  });

  it('a move type the catalog does not price takes the longest there is', () => {
    expect(hours('piano', 0, 0, 0)).toBe(3);
    const faster = { ...RATES.duration, hours: { ...RATES.duration.hours, full: 5 } };
    expect(
      jobHours(
        { moveType: 'piano', pickupFloor: 0, dropoffFloor: 0, distanceKm: 0 },
        { duration: faster },
      ),
    ).toBe(5);
  });

  it('a catalog with no road speed counts no road', () => {
    const duration = { ...RATES.duration, roadKmPerHour: 0 };
    expect(
      jobHours(
        { moveType: 'full', pickupFloor: 0, dropoffFloor: 0, distanceKm: 500 },
        { duration },
      ),
    ).toBe(3);
  });
});

describe('jobSlots: the windows a move holds', () => {
  const plan = dispatchPlan();
  const read = (slots: ReturnType<typeof jobSlots>) =>
    slots?.map((s) => `${s.date} ${s.windowId}`) ?? null;

  it('from the window booked on, in the order of their hours, whatever the plan’s order', () => {
    const shuffled: CapacityDraft = { ...plan, windows: [...plan.windows].reverse() };
    expect(read(jobSlots(shuffled, D0, 'morning', 5))).toEqual([`${D0} morning`, `${D0} midday`]);
    expect(windowHours({ start: '08:00', end: '12:00' })).toBe(4);
  });

  it('runs across the day boundary into the next day’s first window', () => {
    expect(read(jobSlots(plan, D0, 'evening', 5))).toEqual([`${D0} evening`, `${D1} morning`]);
    expect(read(jobSlots(plan, '2026-06-30', 'evening', 5))).toEqual([
      '2026-06-30 evening',
      '2026-07-01 morning',
    ]);
  });

  it('none beyond JOB_DAYS_MAX days, nor for a window the plan does not have', () => {
    expect(JOB_DAYS_MAX).toBe(4);
    const fourDays = jobSlots(plan, D0, 'morning', 48)!;
    expect(fourDays).toHaveLength(12);
    expect(lastDateOf(fourDays)).toBe(datesFrom(D0, 4)[3]);
    expect(jobSlots(plan, D0, 'morning', 48.25)).toBeNull();
    expect(jobSlots(plan, D0, 'midday', 44)).toHaveLength(11);
    expect(jobSlots(plan, D0, 'midday', 44.25)).toBeNull();
    expect(jobSlots(plan, D0, 'night', 1)).toBeNull();
  });
});

describe('proposeAssignment: which crews may take a move', () => {
  it('only a crew serving the pickup’s governorate', () => {
    const fleet: FleetDraft = {
      crews: [crew('cairo-1'), crew('alex-1', { governorates: ['alexandria'] })],
      trucks: [],
    };
    const state = dispatchState(fleet);
    expect(crewOf(state, job(3, place('alexandria', 'smouha')))).toBe('alex-1');
    expect(crewOf(state, job(3))).toBe('cairo-1');
    expect(proposed(state, job(3, place('aswan', '')))).toEqual({
      assignment: null,
      refusal: D.crewNotServing,
    });
  });

  it('only a crew that works every weekday the move spans', () => {
    const fleet: FleetDraft = {
      crews: [
        // Works Wednesdays only: a move into Thursday is not its.
        crew('wed', { days: [3] }),
        crew('wed-thu', { days: [3, 4] }),
      ],
      trucks: [],
    };
    const state = dispatchState(fleet);
    expect(crewOf(state, job(3))).toBe('wed');
    expect(crewOf(state, job(13))).toBe('wed-thu');
    expect(crewOf(state, job(3), 'morning', D1)).toBe('wed-thu');
    const none = dispatchState({ crews: [crew('wed', { days: [3] })], trucks: [] });
    expect(proposed(none, job(13))).toEqual({ assignment: null, refusal: D.crewOffDay });
  });

  it('never a crew taken off', () => {
    const state = dispatchState({
      crews: [crew('off', { active: false }), crew('on')],
      trucks: [],
    });
    expect(crewOf(state, job(3))).toBe('on');
    const none = dispatchState({ crews: [crew('off', { active: false })], trucks: [] });
    expect(proposed(none, job(3)).assignment).toBeNull();
  });

  it('never a crew holding one of the move’s windows; its own order’s holds do not count', () => {
    const holds = new HoldIndex().add(
      'other',
      { crewId: 'busy', truckId: null, slots: [{ date: D0, windowId: 'midday' }] },
      MAADI,
    );
    const alone = dispatchState({ crews: [crew('busy')], trucks: [] }, holds);
    // A morning move of 3 h is over before the crew's midday one; one of 5 h is not.
    expect(crewOf(alone, job(3))).toBe('busy');
    expect(proposed(alone, job(5))).toEqual({ assignment: null, refusal: D.crewBusy });
    expect(proposed(alone, job(3), 'midday')).toEqual({ assignment: null, refusal: D.crewBusy });
    const two = dispatchState({ crews: [crew('busy'), crew('free')], trucks: [] }, holds);
    expect(crewOf(two, job(5))).toBe('free');
    // The order holding that midday, proposed again, may keep its crew.
    expect(crewOf(alone, job(3, MAADI, 'other'), 'midday')).toBe('busy');
  });

  it('no more moves in a window than the plan’s crews for it, an exception included', () => {
    const fleet: FleetDraft = { crews: [crew('a'), crew('b'), crew('c')], trucks: [] };
    const holds = new HoldIndex().add(
      'o1',
      { crewId: 'a', truckId: null, slots: [{ date: D0, windowId: 'morning' }] },
      MAADI,
    );
    const plan = (patch: Partial<CapacityDraft>) => ({ ...dispatchPlan(), ...patch });
    const onePerMorning = plan({
      windows: dispatchPlan().windows.map((w) => (w.id === 'morning' ? { ...w, crews: 1 } : w)),
    });
    expect(proposed(dispatchState(fleet, holds, onePerMorning), job(3))).toEqual({
      assignment: null,
      refusal: D.windowFull,
    });
    // Three crews on an ordinary morning: a second move gets a crew.
    expect(crewOf(dispatchState(fleet, holds), job(3))).toBe('b');
    // Wednesdays' mornings take one move; Thursday's are ordinary.
    const wednesdays = plan({ exceptions: [{ weekday: 3, crews: { morning: 1 }, note: '' }] });
    expect(proposed(dispatchState(fleet, holds, wednesdays), job(3)).refusal).toBe(D.windowFull);
    expect(crewOf(dispatchState(fleet, holds, wednesdays), job(3), 'morning', D1)).toBe('a');
    // A holiday closes the window outright.
    const holiday = plan({ exceptions: [{ date: D0, crews: { morning: 0 }, note: 'Eid' }] });
    expect(proposed(dispatchState(fleet, new HoldIndex(), holiday), job(3)).refusal).toBe(
      D.windowFull,
    );
  });

  it('a move that runs into a full window of the next day is refused too', () => {
    const fleet: FleetDraft = { crews: [crew('a'), crew('b')], trucks: [] };
    const plan = {
      ...dispatchPlan(),
      exceptions: [{ date: D1, crews: { morning: 0 }, note: 'Closed' }],
    };
    expect(
      proposed(dispatchState(fleet, new HoldIndex(), plan), job(3), 'evening').assignment,
    ).not.toBeNull();
    expect(proposed(dispatchState(fleet, new HoldIndex(), plan), job(5), 'evening').refusal).toBe(
      D.windowFull,
    );
  });

  it('an order from before dispatch takes one of the window’s free crews, whichever', () => {
    const fleet: FleetDraft = { crews: [crew('a'), crew('b')], trucks: [] };
    const oneLegacy = new HoldIndex().addLegacy('old-1', D0, 'morning');
    expect(crewOf(dispatchState(fleet, oneLegacy), job(3))).toBe('a');
    // Two such orders need both crews: none is left for a third move, though the plan has room.
    const twoLegacy = new HoldIndex()
      .addLegacy('old-1', D0, 'morning')
      .addLegacy('old-2', D0, 'morning');
    expect(proposed(dispatchState(fleet, twoLegacy), job(3))).toEqual({
      assignment: null,
      refusal: D.crewsTaken,
    });
    // A crew off that day is no crew for them either; the reason told is the first crew's.
    const wednesdayOff = { crews: [crew('a'), crew('b'), crew('c', { days: [4] })], trucks: [] };
    expect(proposed(dispatchState(wednesdayOff, twoLegacy), job(3)).refusal).toBe(D.crewsTaken);
    expect(
      crewOf(dispatchState({ ...fleet, crews: [...fleet.crews, crew('c')] }, twoLegacy), job(3)),
    ).toBe('a');
  });
});

describe('proposeAssignment: the nearest crew', () => {
  it('by its home governorate, whatever the fleet’s order', () => {
    const fleet: FleetDraft = {
      crews: [
        crew('alex-home', { governorates: ['alexandria', 'cairo'] }),
        crew('giza-home', { governorates: ['giza', 'cairo'] }),
      ],
      trucks: [],
    };
    const state = dispatchState(fleet);
    expect(crewOf(state, job(3))).toBe('giza-home');
    expect(crewOf(state, job(3, place('cairo', 'shubra')))).toBe('giza-home');
    expect(kmBetween(centre('giza'), MAADI)).toBeLessThan(kmBetween(centre('alexandria'), MAADI));
  });

  it('by the drop-off of its previous move that day', () => {
    const october = place('giza', 'sixth-of-october');
    const holds = new HoldIndex().add(
      'morning-move',
      { crewId: 'west', truckId: null, slots: [{ date: D0, windowId: 'morning' }] },
      october,
    );
    const fleet: FleetDraft = {
      crews: [
        crew('centre', { governorates: ['cairo', 'giza'] }),
        crew('west', { governorates: ['cairo', 'giza'] }),
      ],
      trucks: [],
    };
    const state = dispatchState(fleet, holds);
    // At midday the crew that ended its morning in 6th of October is the nearer there…
    expect(crewOf(state, job(3, october), 'midday')).toBe('west');
    // …and the other, still at home, the nearer in Cairo.
    expect(crewOf(state, job(3, place('cairo', 'downtown')), 'midday')).toBe('centre');
    // In the morning both start at home: the fleet's order decides.
    expect(crewOf(dispatchState(fleet), job(3, october))).toBe('centre');
    // A move the next day starts from home again.
    expect(crewOf(state, job(3, october), 'midday', D1)).toBe('centre');
    // The morning move itself, moved to the midday: it is not where its crew was before it.
    expect(crewOf(state, { ...job(3, october), orderId: 'morning-move' }, 'midday')).toBe('centre');
  });

  it('a tie goes to the crew with fewer moves that day: orders, not the windows they hold', () => {
    const home = centre('cairo');
    const holds = new HoldIndex()
      // `long` has one move of two windows, `short` two moves of one each; all end at home.
      .add(
        'long-move',
        {
          crewId: 'long',
          truckId: null,
          slots: [
            { date: D0, windowId: 'morning' },
            { date: D0, windowId: 'midday' },
          ],
        },
        home,
      )
      .add(
        'short-1',
        { crewId: 'short', truckId: null, slots: [{ date: D0, windowId: 'morning' }] },
        home,
      )
      .add(
        'short-2',
        { crewId: 'short', truckId: null, slots: [{ date: D0, windowId: 'midday' }] },
        home,
      );
    const fleet: FleetDraft = {
      crews: [crew('short'), crew('long'), crew('idle', { active: false })],
      trucks: [],
    };
    const state = dispatchState(fleet, holds);
    expect(crewOf(state, job(3, home), 'evening')).toBe('long');
    // With a free crew at home too, it goes to the one with no move yet.
    const withFree = dispatchState({ ...fleet, crews: [...fleet.crews, crew('fresh')] }, holds);
    expect(crewOf(withFree, job(3, home), 'evening')).toBe('fresh');
  });

  it('a crew whose home cannot be located comes after every one that can', () => {
    const fleet: FleetDraft = {
      crews: [
        crew('nowhere', { governorates: ['atlantis', 'cairo'] }),
        crew('aswan', { governorates: ['aswan', 'cairo'] }),
      ],
      trucks: [],
    };
    expect(kmBetween(centre('atlantis'), MAADI)).toBe(Number.POSITIVE_INFINITY);
    expect(crewOf(dispatchState(fleet), job(3))).toBe('aswan');
  });
});

describe('proposeAssignment: the truck', () => {
  const fleet = (trucks: FleetDraft['trucks'], truckId: string | null = 'own'): FleetDraft => ({
    crews: [crew('a', { truckId })],
    trucks,
  });

  it('the crew’s own when it is free, else another free one, else none: no truck, no move', () => {
    const trucks = [truck('spare'), truck('own')];
    expect(proposed(dispatchState(fleet(trucks)), job(3)).assignment?.truckId).toBe('own');
    const ownTaken = new HoldIndex().add(
      'other',
      { crewId: 'b', truckId: 'own', slots: [{ date: D0, windowId: 'morning' }] },
      MAADI,
    );
    expect(proposed(dispatchState(fleet(trucks), ownTaken), job(3)).assignment?.truckId).toBe(
      'spare',
    );
    const allTaken = new HoldIndex(ownTaken.rows).add(
      'other-2',
      { crewId: 'c', truckId: 'spare', slots: [{ date: D0, windowId: 'morning' }] },
      MAADI,
    );
    expect(proposed(dispatchState(fleet(trucks), allTaken), job(3))).toEqual({
      assignment: null,
      refusal: D.noTruck,
    });
    // Its own out of service: another.
    const ownOff = [truck('spare'), truck('own', { active: false })];
    expect(proposed(dispatchState(fleet(ownOff)), job(3)).assignment?.truckId).toBe('spare');
  });

  it('a company that keeps no trucks moves without one', () => {
    const { assignment } = proposed(dispatchState(fleet([], null)), job(3));
    expect(assignment).toEqual({
      crewId: 'a',
      truckId: null,
      slots: [{ date: D0, windowId: 'morning' }],
      hours: 3,
      by: 'auto',
    });
  });
});

describe('proposeAssignment: when there is no window', () => {
  const state = dispatchState({ crews: [crew('a')], trucks: [] });

  it('a window begun or a day over is refused as started', () => {
    const today = cairoDatePlusDays(0, NOW);
    // 09:00 in Cairo: the morning has begun, the midday not yet.
    expect(proposed(state, job(3), 'morning', today)).toEqual({
      assignment: null,
      refusal: D.started,
    });
    expect(crewOf(state, job(3), 'midday', today)).toBe('a');
    expect(proposed(state, job(3), 'evening', cairoDatePlusDays(-1, NOW)).refusal).toBe(D.started);
  });

  it('none past the booking horizon, none for a window the plan lacks, none for a move too long', () => {
    const last = cairoDatePlusDays(BOOKING_HORIZON_DAYS, NOW);
    expect(crewOf(state, job(3), 'morning', last)).toBe('a');
    expect(
      proposed(state, job(3), 'morning', cairoDatePlusDays(BOOKING_HORIZON_DAYS + 1, NOW)),
    ).toEqual({
      assignment: null,
      refusal: D.noWindow,
    });
    expect(proposed(state, job(3), 'night').refusal).toBe(D.noWindow);
    expect(proposed(state, job(49)).refusal).toBe(D.noWindow);
  });
});

describe('checkAssignment: the office’s choice', () => {
  const fleet: FleetDraft = {
    crews: [
      crew('a', { truckId: 'truck-a' }),
      crew('b', { truckId: 'truck-b' }),
      crew('off', { active: false }),
      crew('alex', { governorates: ['alexandria'] }),
      crew('thursdays', { days: [4] }),
    ],
    trucks: [truck('truck-a'), truck('truck-b'), truck('broken', { active: false })],
  };
  const holds = new HoldIndex().add(
    'other',
    { crewId: 'b', truckId: 'truck-b', slots: [{ date: D0, windowId: 'midday' }] },
    MAADI,
  );
  const state = dispatchState(fleet, holds);
  const choose = (
    choice: Partial<Parameters<typeof checkAssignment>[2]>,
    move = job(3),
    options?: { sameWindow?: boolean },
    on: DispatchState = state,
  ) =>
    checkAssignment(
      on,
      move,
      { crewId: 'a', date: D0, windowId: 'morning', ...choice },
      NOW,
      options,
    );
  const refusal = (check: () => unknown) => {
    const error = violation(check);
    return { code: error.code, message: error.message, fields: error.fields };
  };
  const refused = (reason: string, field: string) => ({
    code: 'failed-precondition',
    message: reason,
    fields: { [field]: reason },
  });

  it('takes a crew that can, with its own truck unless told another, by the office', () => {
    expect(choose({})).toEqual({
      crewId: 'a',
      truckId: 'truck-a',
      slots: [{ date: D0, windowId: 'morning' }],
      hours: 3,
      by: 'admin',
    });
    expect(choose({ crewId: 'b' }).truckId).toBe('truck-b');
    expect(choose({ truckId: 'truck-b' }).truckId).toBe('truck-b');
    // The crew's own truck is on another move: the first free one.
    const ownTaken = new HoldIndex(holds.rows).add(
      'x',
      { crewId: 'x', truckId: 'truck-a', slots: [{ date: D0, windowId: 'morning' }] },
      MAADI,
    );
    expect(choose({}, job(3), {}, dispatchState(fleet, ownTaken)).truckId).toBe('truck-b');
  });

  it.each([
    ['an unknown crew', { crewId: 'ghost' }, D.crewUnknown],
    ['a crew taken off', { crewId: 'off' }, D.crewInactive],
    ['a crew that does not serve the pickup', { crewId: 'alex' }, D.crewNotServing],
    ['a crew off that weekday', { crewId: 'thursdays' }, D.crewOffDay],
    ['a crew on another move', { crewId: 'b', windowId: 'midday' }, D.crewBusy],
  ])('refuses %s on the crew', (_what, choice, reason) => {
    expect(refusal(() => choose(choice))).toEqual(refused(reason, 'crewId'));
  });

  it.each([
    ['an unknown truck', { truckId: 'ghost' }, D.truckUnknown],
    ['a truck out of service', { truckId: 'broken' }, D.truckInactive],
    ['a truck on another move', { windowId: 'midday', truckId: 'truck-b' }, D.truckBusy],
    ['no truck when the company keeps trucks', { truckId: null }, D.noTruck],
  ])('refuses %s on the truck', (_what, choice, reason) => {
    expect(refusal(() => choose(choice))).toEqual(refused(reason, 'truckId'));
  });

  it('refuses a window the plan lacks, one begun, a full one and one whose crews are held, on the window', () => {
    expect(refusal(() => choose({ windowId: 'night' }))).toEqual(refused(D.noWindow, 'windowId'));
    expect(refusal(() => choose({}, job(49)))).toEqual(refused(D.noWindow, 'windowId'));
    const today = cairoDatePlusDays(0, NOW);
    expect(refusal(() => choose({ date: today }))).toEqual(refused(D.started, 'windowId'));
    expect(
      refusal(() => choose({ date: cairoDatePlusDays(-1, NOW), windowId: 'evening' })),
    ).toEqual(refused(D.started, 'windowId'));
    const full = dispatchState(fleet, holds, {
      ...dispatchPlan(),
      exceptions: [{ date: D0, crews: { midday: 1 }, note: '' }],
    });
    expect(refusal(() => choose({ windowId: 'midday' }, job(3), {}, full))).toEqual(
      refused(D.windowFull, 'windowId'),
    );
    const legacy = new HoldIndex()
      .addLegacy('old-1', D0, 'morning')
      .addLegacy('old-2', D0, 'morning');
    const twoCrews = dispatchState({ crews: [crew('a'), crew('b')], trucks: [] }, legacy);
    expect(refusal(() => choose({ truckId: null }, job(3), {}, twoCrews))).toEqual(
      refused(D.crewsTaken, 'windowId'),
    );
  });

  it('a window begun may go to another crew (a breakdown), never a new one that has', () => {
    const today = cairoDatePlusDays(0, NOW);
    expect(
      choose({ date: today, crewId: 'b' }, job(3, MAADI, 'mine'), { sameWindow: true }).crewId,
    ).toBe('b');
  });

  it('no free truck for a crew without its own: refused on the truck', () => {
    const busy = new HoldIndex().add(
      'other',
      { crewId: 'x', truckId: 'only', slots: [{ date: D0, windowId: 'morning' }] },
      MAADI,
    );
    const one = dispatchState({ crews: [crew('a')], trucks: [truck('only')] }, busy);
    expect(refusal(() => choose({}, job(3), {}, one))).toEqual(refused(D.noTruck, 'truckId'));
    // Keeping no trucks, none it is.
    expect(
      choose({ truckId: null }, job(3), {}, dispatchState({ crews: [crew('a')], trucks: [] }))
        .truckId,
    ).toBeNull();
  });

  it('a move’s own holds are no clash when the office moves it', () => {
    const mine = new HoldIndex().add(
      'mine',
      { crewId: 'a', truckId: 'truck-a', slots: [{ date: D0, windowId: 'morning' }] },
      MAADI,
    );
    const on = dispatchState(fleet, mine);
    expect(choose({}, job(5, MAADI, 'mine'), {}, on).slots).toHaveLength(2);
    expect(refusal(() => choose({}, job(3, MAADI, 'someone-else'), {}, on))).toEqual(
      refused(D.crewBusy, 'crewId'),
    );
  });
});

describe('freeWindowsForJob and jobAvailability: where a move could go', () => {
  // One crew; the morning of D0 is taken.
  const holds = new HoldIndex().add(
    'other',
    { crewId: 'a', truckId: null, slots: [{ date: D0, windowId: 'morning' }] },
    MAADI,
  );
  const state = dispatchState({ crews: [crew('a')], trucks: [] }, holds);

  it('the first windows from a date on that could take it', () => {
    expect(freeWindowsForJob(state, job(3), D0, NOW)).toEqual([
      { date: D0, window: { id: 'midday', start: '12:00', end: '16:00' } },
      { date: D0, window: { id: 'evening', start: '16:00', end: '20:00' } },
      { date: D1, window: { id: 'morning', start: '08:00', end: '12:00' } },
    ]);
    // A move of 9 h: the morning is taken; from the midday it runs into the next morning, free.
    expect(freeWindowsForJob(state, job(9), D0, NOW, { count: 1 })).toEqual([
      { date: D0, window: { id: 'midday', start: '12:00', end: '16:00' } },
    ]);
  });

  it('never a day before today nor a window begun, nor past the horizon', () => {
    const [first] = freeWindowsForJob(state, job(3), '2026-05-01', NOW);
    expect(first).toEqual({
      date: cairoDatePlusDays(0, NOW),
      window: { id: 'midday', start: '12:00', end: '16:00' },
    });
    const last = cairoDatePlusDays(BOOKING_HORIZON_DAYS, NOW);
    const nearTheEnd = freeWindowsForJob(state, job(3), last, NOW, { count: 10 });
    expect(nearTheEnd.map((w) => w.date)).toEqual([last, last, last]);
  });

  it('the date screen’s days: each window, free or not, for this move', () => {
    expect(jobAvailability(state, job(3), [D0], NOW)).toEqual([
      {
        date: D0,
        windows: [
          { id: 'morning', start: '08:00', end: '12:00', available: false },
          { id: 'midday', start: '12:00', end: '16:00', available: true },
          { id: 'evening', start: '16:00', end: '20:00', available: true },
        ],
      },
    ]);
    // A move in Alexandria, which no crew serves, has no window at all.
    const alexandria = jobAvailability(state, job(3, place('alexandria', 'smouha')), [D0, D1], NOW);
    expect(alexandria.flatMap((d) => d.windows).some((w) => w.available)).toBe(false);
  });
});

describe('assignNewOrder: a booking takes its crew, or is refused with windows that could', () => {
  const holds = new HoldIndex().add(
    'other',
    { crewId: 'a', truckId: null, slots: [{ date: D0, windowId: 'morning' }] },
    MAADI,
  );
  const state = dispatchState({ crews: [crew('a')], trucks: [] }, holds);
  const morning = { id: 'morning', start: '08:00', end: '12:00' };
  const midday = { id: 'midday', start: '12:00', end: '16:00' };
  const full = (alternatives: readonly unknown[]) =>
    new RuleViolation('failed-precondition', 'errors:order.windowFull', undefined, {
      alternatives,
    });

  it('a free window: the proposal', () => {
    expect(assignNewOrder(state, job(3), D0, midday, NOW, full)).toEqual({
      crewId: 'a',
      truckId: null,
      slots: [{ date: D0, windowId: 'midday' }],
      hours: 3,
      by: 'auto',
    });
  });

  it('a full window: the refusal carries the next windows that could take the move', () => {
    const error = violation(() => assignNewOrder(state, job(3), D0, morning, NOW, full));
    expect(error.message).toBe('errors:order.windowFull');
    expect(error.details?.alternatives).toEqual(freeWindowsForJob(state, job(3), D0, NOW));
    expect(error.details?.alternatives).toHaveLength(3);
  });

  it('a window whose hours changed since the customer chose it is not theirs to get', () => {
    const error = violation(() =>
      assignNewOrder(state, job(3), D0, { ...midday, start: '13:00' }, NOW, full),
    );
    expect((error.details?.alternatives as unknown[])[0]).toEqual({ date: D0, window: midday });
  });
});

describe('holdsOf: the rows an assignment holds', () => {
  it('one per window, with the crew, the truck and where the move ends', () => {
    const slots = jobSlots(dispatchPlan(), D0, 'evening', 5)!;
    expect(holdsOf('o1', { crewId: 'a', truckId: 't', slots }, ZAMALEK)).toEqual([
      { date: D0, windowId: 'evening', orderId: 'o1', crewId: 'a', truckId: 't', dropoff: ZAMALEK },
      { date: D1, windowId: 'morning', orderId: 'o1', crewId: 'a', truckId: 't', dropoff: ZAMALEK },
    ]);
  });
});

describe('orderHolds: the rows an order holds, for every backend’s index', () => {
  const stored = {
    id: 'o2',
    status: 'under_review' as const,
    moveDate: D0,
    timeWindow: { id: 'midday', start: '12:00', end: '16:00' },
    assignment: null,
    dropoffGovernorateId: 'cairo',
    dropoffDistrictId: 'zamalek',
  };

  it('an assigned order its assignment’s windows, with its crew, truck and drop-off', () => {
    const slots = jobSlots(dispatchPlan(), D0, 'evening', 5)!;
    const assignment = { crewId: 'a', truckId: 't', slots, hours: 5, by: 'auto' as const };
    expect(orderHolds({ ...stored, assignment })).toEqual(holdsOf('o2', assignment, ZAMALEK));
  });

  it('an order from before dispatch its booked window, with no crew; none once cancelled', () => {
    expect(orderHolds(stored)).toEqual([
      {
        date: D0,
        windowId: 'midday',
        orderId: 'o2',
        crewId: null,
        truckId: null,
        dropoff: ZAMALEK,
      },
    ]);
    expect(orderHolds({ ...stored, status: 'cancelled' as const })).toEqual([]);
    const assignment = { crewId: 'a', truckId: null, slots: [{ date: D0, windowId: 'midday' }] };
    expect(
      orderHolds({
        ...stored,
        status: 'cancelled',
        assignment: { ...assignment, hours: 3, by: 'auto' },
      }),
    ).toEqual([]);
    // Booked in no window (before windows were kept): it holds none, whatever it carries.
    expect(orderHolds({ ...stored, timeWindow: null })).toEqual([]);
    expect(
      orderHolds({
        ...stored,
        timeWindow: null,
        assignment: { ...assignment, hours: 3, by: 'auto' },
      }),
    ).toEqual([]);
  });
});

describe('a day of three crews in two governorates and a long move (D28)', () => {
  // Two crews in Cairo with their own trucks, one in Kafr El-Sheikh with its own; the moves are
  // booked one after the other, each storing its holds before the next is proposed, as a backend
  // does in its transactions.
  function bookTheDay() {
    const state = dispatchState(twoGovernoratesFleet());
    const moves = twoGovernoratesMoves();
    const book = (move: (typeof moves)[keyof typeof moves], windowId = 'morning', date = D0) => {
      const { assignment, refusal } = proposeAssignment(state, move, date, windowId, NOW);
      if (assignment) state.holds.add(move.orderId!, assignment, move.dropoff);
      return assignment ?? refusal;
    };
    return { state, moves, book };
  }

  it('the long move goes to Kafr El-Sheikh’s crew and holds its windows over two days', () => {
    const { moves, book } = bookTheDay();
    expect(moves.long.distanceKm).toBe(431);
    expect(moves.long.hours).toBe(20.25);
    expect(book(moves.long)).toEqual({
      crewId: 'kafr-1',
      truckId: 'truck-3',
      slots: [
        { date: D0, windowId: 'morning' },
        { date: D0, windowId: 'midday' },
        { date: D0, windowId: 'evening' },
        { date: D1, windowId: 'morning' },
        { date: D1, windowId: 'midday' },
        { date: D1, windowId: 'evening' },
      ],
      hours: 20.25,
      by: 'auto',
    });
  });

  it('the Cairo moves of the same morning take the two Cairo crews and their own trucks', () => {
    const { moves, book } = bookTheDay();
    book(moves.long);
    expect(moves.maadi.hours).toBe(3);
    expect(book(moves.maadi)).toMatchObject({ crewId: 'cairo-1', truckId: 'truck-1' });
    expect(book(moves.nasr)).toMatchObject({ crewId: 'cairo-2', truckId: 'truck-2' });
    // A third move that morning: the plan's three crews of the morning are all out.
    const third = dispatchJob(place('cairo', 'shubra'), place('cairo', 'zamalek'), {
      orderId: 'o3',
    });
    expect(book(third)).toBe(D.windowFull);
    // At midday the crew that ended its morning in Zamalek is the nearer to Shubra.
    expect(book(third, 'midday')).toMatchObject({ crewId: 'cairo-1' });
  });

  it('Kafr El-Sheikh has no crew again until the long move is over', () => {
    const { state, moves, book } = bookTheDay();
    book(moves.long);
    book(moves.maadi);
    book(moves.nasr);
    const local = dispatchJob(
      place('kafr-el-sheikh', 'kafr-el-sheikh-city'),
      place('kafr-el-sheikh', 'desouk'),
      {
        orderId: 'o-local',
        moveType: 'partial',
      },
    );
    for (const [date, windowId] of [
      [D0, 'evening'],
      [D1, 'morning'],
      [D1, 'evening'],
    ] as const) {
      expect(proposeAssignment(state, local, date, windowId, NOW).refusal).toBe(D.crewBusy);
    }
    expect(freeWindowsForJob(state, local, D0, NOW, { count: 1 })).toEqual([
      { date: datesFrom(D0, 3)[2], window: { id: 'morning', start: '08:00', end: '12:00' } },
    ]);
    // The office cannot give that crew a move inside those windows either.
    expect(
      violation(() =>
        checkAssignment(state, local, { crewId: 'kafr-1', date: D1, windowId: 'midday' }, NOW),
      ).fields,
    ).toEqual({ crewId: D.crewBusy });
    // The board's holders: each window of both days has the long move's crew.
    for (const date of [D0, D1]) {
      for (const windowId of ['morning', 'midday', 'evening']) {
        expect(state.holdersOn(date)[windowId]?.map((h) => h.crewId)).toContain('kafr-1');
      }
    }
  });
});
