import { describe, expect, it } from 'vitest';
import {
  cairoInstant,
  CAIRO_TIME_ZONE,
  cairoDatePlusDays,
  cairoParts,
  cairoToday,
  cairoYmdCompact,
  daysInMonth,
  formatDate,
  formatDateTime,
  formatMoveDay,
  formatTime,
  isBeyondCairoDays,
  isPastCairoDate,
  isValidTime,
  isValidYmd,
} from './datetime';

const visible = (s: string) => s.replace(/[\u200E\u200F\u061C]/g, '').replace(/\s/g, ' ');

describe('Cairo calendar (D6)', () => {
  it('is Africa/Cairo', () => {
    expect(CAIRO_TIME_ZONE).toBe('Africa/Cairo');
  });

  it.each<[string, string]>([
    // Winter, UTC+2.
    ['2026-03-01T21:59:59Z', '2026-03-01'],
    ['2026-03-01T22:00:00Z', '2026-03-02'],
    ['2026-03-01T22:30:00Z', '2026-03-02'],
    ['2026-01-15T12:00:00Z', '2026-01-15'],
    // Summer time, UTC+3 (Egypt observes it again since 2023).
    ['2026-07-15T20:59:59Z', '2026-07-15'],
    ['2026-07-15T21:00:00Z', '2026-07-16'],
    ['2026-07-15T21:30:00Z', '2026-07-16'],
    // Year boundary.
    ['2025-12-31T22:00:00Z', '2026-01-01'],
    ['2025-12-31T21:59:00Z', '2025-12-31'],
    // Leap day.
    ['2028-02-28T22:30:00Z', '2028-02-29'],
  ])('%s is %s in Cairo', (iso, expected) => {
    const now = new Date(iso);
    expect(cairoToday(now)).toBe(expected);
    expect(cairoYmdCompact(now)).toBe(expected.replaceAll('-', ''));
  });

  it('gives the Cairo wall clock hour and minute', () => {
    expect(cairoParts(new Date('2026-07-15T21:30:00Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 16,
      hour: 0,
      minute: 30,
    });
    expect(cairoParts(new Date('2026-01-15T09:05:00Z'))).toMatchObject({ hour: 11, minute: 5 });
  });

  it('defaults to now', () => {
    expect(cairoToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cairoYmdCompact()).toMatch(/^\d{8}$/);
  });
});

describe('daysInMonth', () => {
  it.each<[number, number, number]>([
    [2025, 1, 31],
    [2025, 2, 28],
    [2024, 2, 29],
    [2000, 2, 29],
    [1900, 2, 28],
    [2025, 4, 30],
    [2025, 6, 30],
    [2025, 9, 30],
    [2025, 11, 30],
    [2025, 12, 31],
  ])('%d-%d has %d days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('isValidYmd', () => {
  it.each<[unknown, boolean]>([
    ['2026-03-02', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2025-1-5', false],
    ['20250105', false],
    ['2025-01-05T00:00', false],
    ['', false],
    [null, false],
    [20250105, false],
  ])('%j → %s', (input, expected) => {
    expect(isValidYmd(input)).toBe(expected);
  });
});

describe('isPastCairoDate', () => {
  // 22:30Z on 1 March is 00:30 on 2 March in Cairo: 1 March is already yesterday there.
  const lateUtcEvening = new Date('2026-03-01T22:30:00Z');

  it.each<[string, Date, boolean]>([
    ['2026-03-01', lateUtcEvening, true],
    ['2026-03-02', lateUtcEvening, false],
    ['2026-03-03', lateUtcEvening, false],
    ['2025-12-31', lateUtcEvening, true],
    ['2027-01-01', lateUtcEvening, false],
    ['2026-03-01', new Date('2026-03-01T21:00:00Z'), false],
    ['2026-07-15', new Date('2026-07-15T21:10:00Z'), true],
    ['2026-07-15', new Date('2026-07-15T20:50:00Z'), false],
    // Not a date at all: not "past" (validity is a separate check).
    ['yesterday', lateUtcEvening, false],
    ['2026-02-30', lateUtcEvening, false],
  ])('%s at %s → %s', (ymd, now, expected) => {
    expect(isPastCairoDate(ymd, now)).toBe(expected);
  });
});

describe('cairoDatePlusDays', () => {
  const lateUtcEvening = new Date('2026-03-01T22:30:00Z'); // 2 March in Cairo

  it.each<[number, Date, string]>([
    [0, lateUtcEvening, '2026-03-02'],
    [1, lateUtcEvening, '2026-03-03'],
    [30, lateUtcEvening, '2026-04-01'],
    [180, lateUtcEvening, '2026-08-29'],
    // Across the summer-time change (last Friday of April) no day is lost or repeated.
    [7, new Date('2026-04-20T10:00:00Z'), '2026-04-27'],
    [180, new Date('2026-12-31T10:00:00Z'), '2027-06-29'],
    [1, new Date('2028-02-28T10:00:00Z'), '2028-02-29'],
    [-1, lateUtcEvening, '2026-03-01'],
  ])('+%d days at %s → %s', (days, now, expected) => {
    expect(cairoDatePlusDays(days, now)).toBe(expected);
  });
});

describe('isBeyondCairoDays', () => {
  const lateUtcEvening = new Date('2026-03-01T22:30:00Z'); // 2 March in Cairo

  it.each<[string, boolean]>([
    ['2026-08-28', false],
    ['2026-08-29', false], // today + 180: the last day that can be booked
    ['2026-08-30', true],
    ['9999-12-31', true],
    ['2026-03-02', false],
    ['2020-01-01', false],
    ['someday', false], // not a date: checked apart
  ])('%s, 180 days from 2 March 2026 → %s', (ymd, expected) => {
    expect(isBeyondCairoDays(ymd, 180, lateUtcEvening)).toBe(expected);
  });
});

describe('isValidTime', () => {
  it.each<[unknown, boolean]>([
    ['00:00', true],
    ['09:30', true],
    ['12:00', true],
    ['23:59', true],
    ['24:00', false],
    ['23:60', false],
    ['9:30', false],
    ['09:3', false],
    ['09:30:00', false],
    ['0930', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (input, expected) => {
    expect(isValidTime(input)).toBe(expected);
  });
});

describe('formatDate', () => {
  it.each<[string, 'ar' | 'en', string[]]>([
    ['2026-03-05', 'en', ['March', '5', '2026']],
    ['2026-03-05', 'ar', ['مارس', '٥', '٢٠٢٦']],
    ['2026-12-31', 'en', ['December', '31', '2026']],
    ['2026-07-16', 'ar', ['يوليو', '١٦', '٢٠٢٦']],
  ])('%s in %s mentions %j', (ymd, language, parts) => {
    const text = visible(formatDate(ymd, language));
    for (const part of parts) expect(text).toContain(part);
  });

  it('does not shift the date whatever the zone (January 1st stays January 1st)', () => {
    const text = visible(formatDate('2026-01-01', 'en'));
    expect(text).toContain('January 1');
    expect(text).not.toContain('December');
  });

  it.each([['not a date'], ['2026-02-30'], ['']])('returns %j unchanged', (input) => {
    expect(formatDate(input, 'en')).toBe(input);
  });
});

describe('formatMoveDay', () => {
  it.each<[string, 'ar' | 'en', string[]]>([
    // 10 March 2026 is a Tuesday, 1 January 2027 a Friday.
    ['2026-03-10', 'en', ['Tuesday', 'March', '10', '2026']],
    ['2026-03-10', 'ar', ['الثلاثاء', 'مارس', '١٠', '٢٠٢٦']],
    ['2027-01-01', 'en', ['Friday', 'January', '1', '2027']],
    ['2027-01-01', 'ar', ['الجمعة', 'يناير', '١', '٢٠٢٧']],
  ])('%s in %s names the weekday: %j', (ymd, language, parts) => {
    const text = visible(formatMoveDay(ymd, language));
    for (const part of parts) expect(text).toContain(part);
  });

  it('writes no Latin digit in Arabic', () => {
    expect(formatMoveDay('2026-12-31', 'ar')).not.toMatch(/[0-9]/);
  });

  it.each([['not a date'], ['2026-02-30'], ['']])('returns %j unchanged', (input) => {
    expect(formatMoveDay(input, 'ar')).toBe(input);
  });
});

describe('formatMoveDay: the weekday a customer checks the move against (D22)', () => {
  it.each<[string, 'ar' | 'en', string]>([
    ['2026-11-27', 'ar', 'الجمعة، ٢٧ نوفمبر ٢٠٢٦'],
    ['2026-11-27', 'en', 'Friday, November 27, 2026'],
    // The first of January stays a Thursday whatever the zone the code runs in.
    ['2026-01-01', 'ar', 'الخميس، ١ يناير ٢٠٢٦'],
    ['2026-01-01', 'en', 'Thursday, January 1, 2026'],
    // Summer time in Cairo (UTC+3) shifts no day either.
    ['2026-07-16', 'en', 'Thursday, July 16, 2026'],
  ])('%s in %s is %j', (ymd, language, expected) => {
    expect(visible(formatMoveDay(ymd, language))).toBe(expected);
  });
});

describe('formatTime', () => {
  it.each<[string, 'ar' | 'en', string]>([
    ['14:30', 'en', '2:30 PM'],
    ['09:05', 'en', '9:05 AM'],
    ['00:15', 'en', '12:15 AM'],
    ['12:00', 'en', '12:00 PM'],
    ['14:30', 'ar', '٢:٣٠ م'],
    ['09:05', 'ar', '٩:٠٥ ص'],
    ['00:15', 'ar', '١٢:١٥ ص'],
  ])('%s in %s → %s', (hhmm, language, expected) => {
    expect(visible(formatTime(hhmm, language))).toBe(expected);
  });

  it.each([['25:00'], ['noon'], ['']])('returns %j unchanged', (input) => {
    expect(formatTime(input, 'ar')).toBe(input);
  });
});

describe('formatDateTime', () => {
  it.each<[string, 'ar' | 'en', string[]]>([
    // 21:30Z in July is 00:30 on the 16th in Cairo (UTC+3).
    ['2026-07-15T21:30:00Z', 'en', ['Jul', '16', '2026', '12:30', 'AM']],
    ['2026-07-15T21:30:00Z', 'ar', ['يوليو', '١٦', '٢٠٢٦', '١٢:٣٠', 'ص']],
    // 10:00Z in January is 12:00 in Cairo (UTC+2).
    ['2026-01-15T10:00:00Z', 'en', ['Jan', '15', '2026', '12:00', 'PM']],
    ['2026-01-15T10:00:00.000+00:00', 'ar', ['يناير', '١٥', '١٢:٠٠', 'م']],
  ])('%s in %s mentions %j', (iso, language, parts) => {
    const text = visible(formatDateTime(iso, language));
    for (const part of parts) expect(text).toContain(part);
  });

  it('returns an unreadable value unchanged', () => {
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});

describe('cairoInstant', () => {
  it('reads Cairo wall time in winter (UTC+2) and in summer (UTC+3)', () => {
    expect(cairoInstant('2026-01-15', '08:00')?.toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(cairoInstant('2026-07-15', '08:00')?.toISOString()).toBe('2026-07-15T05:00:00.000Z');
  });

  it('gives back the wall time it was asked for, across a year of days', () => {
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2026, 0, 1 + day));
      const ymd = date.toISOString().slice(0, 10);
      const instant = cairoInstant(ymd, '16:30')!;
      expect(cairoToday(instant)).toBe(ymd);
      const { hour, minute } = cairoParts(instant);
      expect([hour, minute]).toEqual([16, 30]);
    }
  });

  it('is null for what does not parse', () => {
    expect(cairoInstant('2026-02-30', '08:00')).toBeNull();
    expect(cairoInstant('2026-02-10', '8:00')).toBeNull();
  });
});
