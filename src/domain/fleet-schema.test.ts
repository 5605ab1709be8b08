import { describe, expect, it } from 'vitest';
import { issuesOf } from '../testing/schema-results';
import { FLEET_CREWS_MAX } from './fleet';
import { fleetDraftSchema } from './fleet-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The office's fleet form (D28): what the server, the functions and the form accept.

const crewInput = (patch: Record<string, unknown> = {}) => ({
  id: 'maadi',
  name: 'فريق المعادي',
  leaderName: 'أحمد سمير',
  leaderPhone: '01011111111',
  size: 4,
  governorates: ['cairo', 'giza'],
  days: [0, 1, 2, 3, 4],
  truckId: 't1',
  active: true,
  ...patch,
});
const truckInput = (patch: Record<string, unknown> = {}) => ({
  id: 't1',
  plate: 'ق ط ر 123',
  size: 'medium',
  active: true,
  ...patch,
});
const fleet = (crews: unknown[] = [crewInput()], trucks: unknown[] = [truckInput()]) => ({
  crews,
  trucks,
});
const parse = (input: unknown) => fleetDraftSchema.parse(input);
/** Path → message of each issue. */
const issues = (input: unknown) => Object.fromEntries(issuesOf(fleetDraftSchema.safeParse(input)));

describe('fleetDraftSchema', () => {
  it('accepts a fleet, the leader’s mobile stored E.164', () => {
    expect(parse(fleet())).toEqual({
      crews: [{ ...crewInput(), leaderPhone: '+201011111111' }],
      trucks: [truckInput()],
    });
  });

  it.each(['01011111111', '+201011111111', '٠١٠١١١١١١١١', '0020 101 111 1111', '+20 10 1111 1111'])(
    'stores the mobile typed as %j as +201011111111',
    (typed) => {
      expect(parse(fleet([crewInput({ leaderPhone: typed })])).crews[0]!.leaderPhone).toBe(
        '+201011111111',
      );
    },
  );

  it('a leader not given yet: no phone, no name, and what was left out takes its default', () => {
    const { leaderName: _n, leaderPhone: _p, truckId: _t, active: _a, ...bare } = crewInput();
    expect(parse(fleet([bare], [])).crews[0]).toEqual({
      ...bare,
      leaderName: '',
      leaderPhone: null,
      truckId: null,
      active: true,
    });
    for (const blank of ['', '   ', null]) {
      expect(parse(fleet([crewInput({ leaderPhone: blank })])).crews[0]!.leaderPhone).toBeNull();
    }
  });

  it('a number that is not a mobile says so, translated', () => {
    for (const bad of ['0123', '0221234567', 'phone', 201011111111]) {
      expect(issues(fleet([crewInput({ leaderPhone: bad })]))).toEqual({
        'crews.0.leaderPhone': M.phoneInvalid,
      });
    }
  });

  it('refuses one mobile for two leaders, however each was typed', () => {
    const crews = [
      crewInput({ id: 'a', leaderPhone: '01011111111' }),
      crewInput({ id: 'b', leaderPhone: '+201011111111' }),
      crewInput({ id: 'c', leaderPhone: '٠١٠١١١١١١١١' }),
      crewInput({ id: 'd', leaderPhone: '' }),
      crewInput({ id: 'e', leaderPhone: null }),
    ];
    expect(issues(fleet(crews))).toEqual({
      'crews.1.leaderPhone': M.fleetDuplicatePhone,
      'crews.2.leaderPhone': M.fleetDuplicatePhone,
    });
  });

  it('a crew’s truck must be one of the fleet’s trucks', () => {
    expect(issues(fleet([crewInput({ truckId: 't9' })]))).toEqual({
      'crews.0.truckId': M.fleetUnknownTruck,
    });
    expect(parse(fleet([crewInput({ truckId: null })], [])).crews[0]!.truckId).toBeNull();
  });

  it('governorates: at least one, each one of Egypt’s', () => {
    expect(issues(fleet([crewInput({ governorates: ['cairo', 'atlantis'] })]))).toEqual({
      'crews.0.governorates.1': M.fleetGovernorates,
    });
    expect(issues(fleet([crewInput({ governorates: [] })]))).toEqual({
      'crews.0.governorates': M.fleetGovernorates,
    });
    // The first stays first: it is the crew's home.
    expect(
      parse(fleet([crewInput({ governorates: ['kafr-el-sheikh', 'cairo'] })])).crews[0]!
        .governorates,
    ).toEqual(['kafr-el-sheikh', 'cairo']);
  });

  it('days: weekdays 0 to 6, each once, in order', () => {
    expect(parse(fleet([crewInput({ days: [5, 1, 5, 0, 1] })])).crews[0]!.days).toEqual([0, 1, 5]);
    expect(issues(fleet([crewInput({ days: [] })]))).toEqual({ 'crews.0.days': M.fleetDays });
    expect(issues(fleet([crewInput({ days: [1, 7] })]))).toEqual({ 'crews.0.days.1': M.fleetDays });
    expect(issues(fleet([crewInput({ days: [1.5] })]))).toEqual({ 'crews.0.days.0': M.fleetDays });
    expect(issues(fleet([crewInput({ days: ['mon'] })]))).toEqual({
      'crews.0.days.0': M.fleetDays,
    });
    expect(issues(fleet([crewInput({ days: 'weekdays' })]))).toEqual({
      'crews.0.days': M.fleetDays,
    });
  });

  it('a name, a size from 1 to 30, an id of small letters, digits and dashes', () => {
    expect(issues(fleet([crewInput({ name: '' })]))).toEqual({ 'crews.0.name': M.fleetName });
    expect(issues(fleet([crewInput({ name: 'x'.repeat(61) })]))).toEqual({
      'crews.0.name': M.fleetName,
    });
    for (const size of [0, 31, 2.5, '4']) {
      expect(issues(fleet([crewInput({ size })]))).toEqual({ 'crews.0.size': M.fleetSize });
    }
    expect(issues(fleet([crewInput({ id: 'Maadi Crew' })]))).toEqual({ 'crews.0.id': M.invalid });
    expect(issues(fleet([crewInput(), crewInput({ leaderPhone: '' })]))).toEqual({
      'crews.1.id': M.invalid,
    });
  });

  it('trucks: a plate (one plate once, however spaced or cased), a size, an id once', () => {
    expect(issues(fleet([], [truckInput({ plate: 'x' })]))).toEqual({
      'trucks.0.plate': M.fleetPlate,
    });
    expect(
      issues(
        fleet([], [truckInput({ plate: 'ABC 123' }), truckInput({ id: 't2', plate: 'abc123' })]),
      ),
    ).toEqual({ 'trucks.1.plate': M.fleetDuplicatePlate });
    expect(issues(fleet([], [truckInput(), truckInput({ plate: 'other 1' })]))).toEqual({
      'trucks.1.id': M.invalid,
    });
    expect(issues(fleet([], [truckInput({ size: 'Big Truck' })]))).toEqual({
      'trucks.0.size': M.invalid,
    });
  });

  it('no more crews than FLEET_CREWS_MAX', () => {
    const crews = Array.from({ length: FLEET_CREWS_MAX + 1 }, (_, i) =>
      crewInput({ id: `c${i}`, leaderPhone: null, truckId: null }),
    );
    expect(issues(fleet(crews, []))).toEqual({ crews: M.fleetTooMany });
  });
});
