import { describe, expect, it } from 'vitest';
import {
  checkCrewFree,
  crewsOn,
  datesFrom,
  dayAvailability,
  dayLoad,
  exceptionFor,
  FIRST_CAPACITY_PLAN,
  hasStarted,
  nextFreeWindows,
  resolveWindow,
  weekdayOf,
  windowAt,
  type CapacityDraft,
} from './capacity';
import { RuleViolation } from './errors';
import { capacityDraftSchema } from './capacity-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

const plan: CapacityDraft = {
  windows: [
    { id: 'evening', start: '16:00', end: '20:00', crews: 1 },
    { id: 'morning', start: '08:00', end: '12:00', crews: 3 },
    { id: 'midday', start: '12:00', end: '16:00', crews: 2 },
  ],
  exceptions: [
    // Fridays: mornings only; one holiday on a Friday: closed.
    { weekday: 5, crews: { midday: 0, evening: 0 }, note: 'Friday' },
    { date: '2030-05-03', crews: { morning: 0, midday: 0, evening: 0 }, note: 'Holiday' },
  ],
};

// 2030-05-01 is a Wednesday. 07:00 UTC is 10:00 in Cairo (summer time, UTC+3).
const NOW = new Date('2030-05-01T07:00:00Z');
const none = () => ({});

describe('the calendar of crews', () => {
  it('knows the weekday of a date whatever the zone', () => {
    expect(weekdayOf('2030-05-01')).toBe(3);
    expect(weekdayOf('2030-05-03')).toBe(5);
    expect(weekdayOf('2024-02-29')).toBe(4);
  });

  it('a dated exception wins over its weekday, and a weekday over the ordinary day', () => {
    expect(exceptionFor(plan, '2030-05-03')?.note).toBe('Holiday');
    expect(exceptionFor(plan, '2030-05-10')?.note).toBe('Friday');
    expect(exceptionFor(plan, '2030-05-09')).toBeUndefined();
    const [evening, morning] = plan.windows as [never, never];
    expect(crewsOn(plan, '2030-05-10', morning)).toBe(3);
    expect(crewsOn(plan, '2030-05-10', evening)).toBe(0);
    expect(crewsOn(plan, '2030-05-03', morning)).toBe(0);
    expect(crewsOn(plan, '2030-05-09', evening)).toBe(1);
  });

  it('finds the window of a time of day: start included, end excluded', () => {
    expect(windowAt(plan, '08:00')?.id).toBe('morning');
    expect(windowAt(plan, '11:59')?.id).toBe('morning');
    expect(windowAt(plan, '12:00')?.id).toBe('midday');
    expect(windowAt(plan, '20:00')).toBeUndefined();
    expect(windowAt(plan, '07:30')).toBeUndefined();
  });

  it('judges "started" in Cairo time', () => {
    const morning = { id: 'morning', start: '08:00', end: '12:00' };
    const midday = { id: 'midday', start: '12:00', end: '16:00' };
    expect(hasStarted('2030-05-01', morning, NOW)).toBe(true);
    expect(hasStarted('2030-05-01', midday, NOW)).toBe(false);
    expect(hasStarted('2030-04-30', midday, NOW)).toBe(true);
    expect(hasStarted('2030-05-02', morning, NOW)).toBe(false);
    // 21:30 UTC on 30 April is already 1 May in Cairo, before any window.
    expect(hasStarted('2030-05-01', morning, new Date('2030-04-30T21:30:00Z'))).toBe(false);
  });

  it('lists a day in time order, with crews, booked and free', () => {
    expect(dayLoad(plan, '2030-05-02', { morning: 2, evening: 1 }, NOW)).toEqual([
      { id: 'morning', start: '08:00', end: '12:00', crews: 3, booked: 2, free: 1 },
      { id: 'midday', start: '12:00', end: '16:00', crews: 2, booked: 0, free: 2 },
      { id: 'evening', start: '16:00', end: '20:00', crews: 1, booked: 1, free: 0 },
    ]);
    // Today's morning has begun: no crew is free in it any more, whatever the count.
    expect(dayAvailability(plan, '2030-05-01', {}, NOW).windows.map((w) => w.available)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('offers the next free windows after a full one, skipping closed days', () => {
    const booked: Record<string, Record<string, number>> = {
      '2030-05-02': { morning: 3, midday: 2, evening: 1 },
    };
    const found = nextFreeWindows(plan, '2030-05-02', (date) => booked[date] ?? {}, NOW);
    expect(found).toEqual([
      { date: '2030-05-04', window: { id: 'morning', start: '08:00', end: '12:00' } },
      { date: '2030-05-04', window: { id: 'midday', start: '12:00', end: '16:00' } },
      { date: '2030-05-04', window: { id: 'evening', start: '16:00', end: '20:00' } },
    ]);
    expect(nextFreeWindows(plan, '2030-05-02', none, NOW, { lastDay: '2030-05-01' })).toEqual([]);
  });

  it('counts consecutive dates across months', () => {
    expect(datesFrom('2030-02-27', 3)).toEqual(['2030-02-27', '2030-02-28', '2030-03-01']);
  });
});

describe('an order and its window', () => {
  it('by id, its time must fall in the window; without one, its time picks it', () => {
    expect(resolveWindow(plan, { moveTime: '12:00', windowId: 'midday' }).id).toBe('midday');
    expect(resolveWindow(plan, { moveTime: '10:30' }).id).toBe('morning');
    for (const order of [
      { moveTime: '10:30', windowId: 'midday' },
      { moveTime: '21:00' },
      { moveTime: '09:00', windowId: 'gone' },
    ]) {
      expect(() => resolveWindow(plan, order)).toThrow(RuleViolation);
    }
  });

  it('a full window is refused with the next free ones', () => {
    const morning = plan.windows[1]!;
    const booked = () => ({ morning: 3 });
    let refusal: unknown;
    try {
      checkCrewFree(plan, '2030-05-02', morning, booked, NOW);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RuleViolation);
    const violation = refusal as RuleViolation;
    expect(violation.code).toBe('failed-precondition');
    expect(violation.message).toBe('errors:order.windowFull');
    expect(violation.details).toEqual({
      alternatives: [
        { date: '2030-05-02', window: { id: 'midday', start: '12:00', end: '16:00' } },
        { date: '2030-05-02', window: { id: 'evening', start: '16:00', end: '20:00' } },
        { date: '2030-05-04', window: { id: 'midday', start: '12:00', end: '16:00' } },
      ],
    });
    expect(() =>
      checkCrewFree(plan, '2030-05-02', morning, () => ({ morning: 2 }), NOW),
    ).not.toThrow();
  });
});

describe('capacityDraftSchema', () => {
  const issues = (draft: unknown) => {
    const parsed = capacityDraftSchema.safeParse(draft);
    return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts the first plan and this one', () => {
    expect(issues(FIRST_CAPACITY_PLAN)).toEqual([]);
    expect(issues(plan)).toEqual([]);
  });

  it('refuses windows that end before they start, overlap, or repeat an id', () => {
    expect(
      issues({
        windows: [
          { id: 'a', start: '10:00', end: '09:00', crews: 1 },
          { id: 'b', start: '12:00', end: '16:00', crews: 1 },
          { id: 'c', start: '15:00', end: '18:00', crews: 1 },
          { id: 'b', start: '18:00', end: '19:00', crews: 1 },
        ],
        exceptions: [],
      }),
    ).toEqual([
      ['windows.0.end', M.capacityWindowOrder],
      ['windows.3.id', M.invalid],
      ['windows.2.start', M.capacityOverlap],
    ]);
  });

  it('refuses bad times, crew counts and no windows at all', () => {
    expect(issues({ windows: [], exceptions: [] })).toEqual([['windows', M.capacityWindows]]);
    expect(
      issues({ windows: [{ id: 'a', start: '8am', end: '12:00', crews: -1 }], exceptions: [] }),
    ).toEqual([
      ['windows.0.start', M.capacityTime],
      ['windows.0.crews', M.capacityCrews],
    ]);
  });

  it('an exception names a date or a weekday, once, and only known windows', () => {
    const windows = [{ id: 'a', start: '08:00', end: '12:00', crews: 1 }];
    expect(
      issues({
        windows,
        exceptions: [
          { crews: {}, note: '' },
          { date: '2030-05-03', weekday: 5, crews: {}, note: '' },
          { date: '2030-05-03', crews: { a: 0 }, note: 'Holiday' },
          { date: '2030-05-03', crews: { b: 0 }, note: '' },
          { weekday: 9, crews: {}, note: '' },
        ],
      }),
    ).toEqual([
      ['exceptions.4.weekday', M.capacityDay],
      ['exceptions.0.date', M.capacityDay],
      ['exceptions.1.date', M.capacityDay],
      ['exceptions.3.date', M.capacityDuplicateDay],
      ['exceptions.3.crews.b', M.capacityUnknownWindow],
    ]);
  });
});
