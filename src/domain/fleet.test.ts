import { describe, expect, it } from 'vitest';
import { crew, twoGovernoratesFleet } from '../testing/dispatch-fixtures';
import { FIRST_CAPACITY_PLAN, WEEKDAYS, type CapacityDraft } from './capacity';
import {
  crewFirstName,
  crewOfPhone,
  findCrew,
  findTruck,
  fleetFromStored,
  fleetOfPlan,
  TRUCK_SIZES,
} from './fleet';
import { GOVERNORATES } from './governorates';
import { StoredDataError } from './stored';

// The company's crews and trucks as data (D28).

describe('fleetOfPlan: the fleet of a database from before crews were data', () => {
  it('as many crews as the busiest window, each serving everywhere, every day, with no leader', () => {
    const fleet = fleetOfPlan(FIRST_CAPACITY_PLAN);
    expect(fleet.trucks).toEqual([]);
    expect(fleet.crews.map((c) => c.id)).toEqual(['crew-1', 'crew-2', 'crew-3']);
    expect(fleet.crews[0]).toEqual({
      id: 'crew-1',
      name: '1',
      leaderName: '',
      leaderPhone: null,
      size: 3,
      governorates: GOVERNORATES.map((g) => g.id),
      days: [...WEEKDAYS],
      truckId: null,
      active: true,
    });
  });

  it('counts the busiest window of any day, an exception that raises one included', () => {
    const windows = [
      { id: 'morning', start: '08:00', end: '12:00', crews: 2 },
      { id: 'evening', start: '16:00', end: '20:00', crews: 4 },
    ];
    expect(fleetOfPlan({ windows, exceptions: [] }).crews).toHaveLength(4);
    // Fridays' mornings take six; one busy date in December seven.
    const friday: CapacityDraft = {
      windows,
      exceptions: [{ weekday: 5, crews: { morning: 6 }, note: 'Friday' }],
    };
    expect(fleetOfPlan(friday).crews).toHaveLength(6);
    const busyDate: CapacityDraft = {
      windows,
      exceptions: [{ date: '2026-12-24', crews: { evening: 7, ghost: 99 }, note: '' }],
    };
    expect(fleetOfPlan(busyDate).crews).toHaveLength(7);
    // An exception that lowers a window changes nothing; a plan with no crews has no fleet.
    expect(
      fleetOfPlan({ windows, exceptions: [{ weekday: 5, crews: { evening: 0 }, note: '' }] }).crews,
    ).toHaveLength(4);
    expect(fleetOfPlan({ windows: [], exceptions: [] }).crews).toEqual([]);
  });

  it('is the same fleet every time it is read: orders assigned to crew-2 stay assigned', () => {
    expect(fleetOfPlan(FIRST_CAPACITY_PLAN)).toEqual(fleetOfPlan(FIRST_CAPACITY_PLAN));
  });
});

describe('fleetFromStored: a fleet as any version stored it', () => {
  /** The oldest fleet this code reads: what every version stores, nothing added since. */
  const FLEET_V1 = {
    crews: [{ id: 'c1', name: 'فريق المعادي', size: 4, governorates: ['cairo', 'giza'] }],
    trucks: [{ id: 't1', plate: 'ق ط ر 123' }],
  };

  it('fields added since take their defaults: no leader, every day, no truck, active, medium', () => {
    expect(fleetFromStored(FLEET_V1)).toEqual({
      crews: [
        {
          id: 'c1',
          name: 'فريق المعادي',
          leaderName: '',
          leaderPhone: null,
          size: 4,
          governorates: ['cairo', 'giza'],
          days: [0, 1, 2, 3, 4, 5, 6],
          truckId: null,
          active: true,
        },
      ],
      trucks: [{ id: 't1', plate: 'ق ط ر 123', size: 'medium', active: true }],
    });
    expect(fleetFromStored({})).toEqual({ crews: [], trucks: [] });
  });

  it('keeps what a later version stored, and leaves out what this code does not know', () => {
    const later = twoGovernoratesFleet();
    const stored = {
      crews: later.crews.map((c) => ({ ...c, colour: 'blue' })),
      trucks: later.trucks.map((t) => ({ ...t, size: 'refrigerated', gps: 'x' })),
      note: 'from a newer version',
    };
    const read = fleetFromStored(JSON.parse(JSON.stringify(stored)));
    expect(read.crews).toEqual(later.crews);
    // A size this code does not know reads as it is (a list that grows).
    expect(read.trucks.map((t) => t.size)).toEqual(later.trucks.map(() => 'refrigerated'));
    expect(read).not.toHaveProperty('note');
    expect(TRUCK_SIZES).toContain('medium');
  });

  it('a crew or truck taken off stays off, however the flag was stored', () => {
    const read = fleetFromStored({
      crews: [{ ...FLEET_V1.crews[0], active: false }],
      trucks: [{ ...FLEET_V1.trucks[0], active: 'false' }],
    });
    expect(read.crews[0]!.active).toBe(false);
    expect(read.trucks[0]!.active).toBe(false);
  });

  it('a field every version stored, missing or of the wrong kind, is broken data', () => {
    const [c] = FLEET_V1.crews;
    const broken =
      (crews: unknown[], trucks: unknown[] = []) =>
      () =>
        fleetFromStored({ crews, trucks });
    expect(broken([{ ...c, id: undefined }])).toThrow(StoredDataError);
    expect(broken([{ ...c, id: undefined }])).toThrow(/crews\.0\.id is not a string/);
    expect(broken([{ ...c, size: '4' }])).toThrow(/crews\.0\.size is not a number/);
    expect(broken([{ ...c, governorates: 'cairo' }])).toThrow(
      /crews\.0\.governorates is not a list/,
    );
    expect(broken([{ ...c, governorates: [1] }])).toThrow(/crews\.0\.governorates\.0/);
    expect(broken([{ ...c, days: [1, 'mon'] }])).toThrow(/crews\.0\.days\.1 is not a number/);
    expect(broken([{ ...c, leaderPhone: 201012345678 }])).toThrow(/leaderPhone is not a string/);
    expect(broken([{ ...c, active: 1 }])).toThrow(/crews\.0\.active is not a string/);
    expect(broken([], [{ id: 't1' }])).toThrow(/trucks\.0\.plate is not a string/);
    expect(broken(['c1'])).toThrow(/crews\.0 is not an object/);
    expect(() => fleetFromStored({ crews: {} })).toThrow(/crews is not a list/);
    expect(() => fleetFromStored('fleet')).toThrow(StoredDataError);
  });
});

describe('finding crews and trucks', () => {
  const fleet = twoGovernoratesFleet();

  it('by id', () => {
    expect(findCrew(fleet, 'kafr-1')?.governorates[0]).toBe('kafr-el-sheikh');
    expect(findCrew(fleet, 'ghost')).toBeUndefined();
    expect(findCrew(fleet, null)).toBeUndefined();
    expect(findTruck(fleet, 'truck-4')?.active).toBe(true);
    expect(findTruck(fleet, undefined)).toBeUndefined();
  });

  it('a phone session is the team leader of the active crew with that mobile, or none', () => {
    expect(crewOfPhone(fleet, '+201022222222')?.id).toBe('cairo-2');
    expect(crewOfPhone(fleet, '01022222222')).toBeUndefined();
    expect(crewOfPhone(fleet, null)).toBeUndefined();
    expect(crewOfPhone(fleet, '')).toBeUndefined();
    const off = {
      ...fleet,
      crews: fleet.crews.map((c) => (c.id === 'cairo-2' ? { ...c, active: false } : c)),
    };
    expect(crewOfPhone(off, '+201022222222')).toBeUndefined();
    // A crew with no leader's phone yet is no one's.
    expect(crewOfPhone({ crews: [crew('x')], trucks: [] }, null)).toBeUndefined();
  });

  it('the tracker names a crew by its leader’s first name alone', () => {
    expect(crewFirstName({ leaderName: '  Ahmed   Samir Ali ' })).toBe('Ahmed');
    expect(crewFirstName({ leaderName: 'محمود عبد الله' })).toBe('محمود');
    expect(crewFirstName({ leaderName: '   ' })).toBeNull();
    expect(crewFirstName(undefined)).toBeNull();
  });
});
