import type { DisplayLanguage } from './locale';
import { intlLocale } from './locale';

/**
 * Every date and time in the product is Cairo wall time (docs/decisions.md D6), whatever the zone of
 * the browser or the server. Egypt observes summer time again since 2023 (UTC+3), so offsets are
 * never hard-coded: the IANA zone through Intl knows the rules.
 */
export const CAIRO_TIME_ZONE = 'Africa/Cairo';

export interface CairoParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

let partsFormatter: Intl.DateTimeFormat | undefined;

let memoMinute = Number.NaN;
let memoParts: CairoParts | undefined;

/**
 * Cairo's date and time, remembered for the current UTC minute: formatToParts is slow, a booking
 * asks several times, and Cairo's offset only ever changes on a whole minute.
 */
export function cairoParts(now: Date = new Date()): CairoParts {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== memoMinute || !memoParts) {
    memoParts = cairoPartsUncached(now);
    memoMinute = minute;
  }
  return { ...memoParts };
}

function cairoPartsUncached(now: Date): CairoParts {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CAIRO_TIME_ZONE,
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(now)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD in Cairo, the format of `<input type="date">`. */
export function cairoToday(now: Date = new Date()): string {
  const { year, month, day } = cairoParts(now);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** YYYYMMDD in Cairo, the date part of order numbers. */
export function cairoYmdCompact(now: Date = new Date()): string {
  return cairoToday(now).replaceAll('-', '');
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real calendar date given as numbers (no rolling of 31 February into March as Date does). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

function splitYmd(s: string): [number, number, number] | null {
  const match = YMD.exec(s);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isCalendarDate(year, month, day) ? [year, month, day] : null;
}

export function isValidYmd(s: unknown): boolean {
  return typeof s === 'string' && splitYmd(s) !== null;
}

/** Strictly before today in Cairo; an invalid date is not "past" (validity is checked apart). */
export function isPastCairoDate(ymd: string, now: Date = new Date()): boolean {
  // Same fixed-width format on both sides, so string order is date order.
  return isValidYmd(ymd) && ymd < cairoToday(now);
}

/** The Cairo calendar date `days` after today (YYYY-MM-DD); calendar days, whatever the clock. */
export function cairoDatePlusDays(days: number, now: Date = new Date()): string {
  const [year, month, day] = splitYmd(cairoToday(now)) ?? [Number.NaN, Number.NaN, Number.NaN];
  // Date.UTC rolls 31 + 1 into the next month; UTC has no summer time to skip or repeat a day.
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Strictly after today + `days` in Cairo; an invalid date is not "after" (checked apart). */
export function isBeyondCairoDays(ymd: string, days: number, now: Date = new Date()): boolean {
  return isValidYmd(ymd) && ymd > cairoDatePlusDays(days, now);
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isValidTime(s: unknown): boolean {
  return typeof s === 'string' && HHMM.test(s);
}

/**
 * The instant at which Cairo's wall clock reads `ymd` `hhmm` (a move's window starts then), or
 * null for a date or time that does not parse. A wall time that summer time skips is read as the
 * instant an hour later; one it repeats, as the first of the two.
 */
export function cairoInstant(ymd: string, hhmm: string): Date | null {
  const date = splitYmd(ymd);
  const time = HHMM.exec(hhmm);
  if (!date || !time) return null;
  const [year, month, day] = date;
  const wall = Date.UTC(year, month - 1, day, Number(time[1]), Number(time[2]));
  // Cairo is UTC+2 or UTC+3: start from +2 and correct by what Cairo's clock then reads.
  let guess = wall - 2 * 3_600_000;
  for (let i = 0; i < 2; i += 1) {
    const p = cairoPartsUncached(new Date(guess));
    const read = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    if (read === wall) return new Date(guess);
    guess += wall - read;
  }
  return new Date(guess);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: DisplayLanguage, kind: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}:${kind}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(language), options);
    formatters.set(key, cached);
  }
  return cached;
}

/** A long, readable move date; an unreadable value is shown as given rather than "Invalid Date". */
export function formatDate(ymd: string, language: DisplayLanguage): string {
  const parts = splitYmd(ymd);
  if (!parts) return ymd;
  const [year, month, day] = parts;
  // Noon UTC is the same calendar day in Cairo in winter (UTC+2) and summer (UTC+3).
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  return formatter(language, 'date', { dateStyle: 'long', timeZone: CAIRO_TIME_ZONE }).format(
    instant,
  );
}

/** 12-hour clock: "2:30 PM" in English, "٢:٣٠ م" in Arabic. */
export function formatTime(hhmm: string, language: DisplayLanguage): string {
  const match = HHMM.exec(hhmm);
  if (!match) return hhmm;
  // A wall-clock time with no date: format it in UTC so no zone can shift it.
  const instant = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
  return formatter(language, 'time', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'UTC',
  }).format(instant);
}

/**
 * A crew window (D12), or a bare time when there is no end: "8:00 AM – 12:00 PM",
 * "٨:٠٠ ص – ١٢:٠٠ م". Screens wrap it in <bdi> so the two ends keep their order in a sentence.
 */
export function formatTimeRange(
  start: string,
  end: string | null | undefined,
  language: DisplayLanguage,
): string {
  return end
    ? `${formatTime(start, language)} – ${formatTime(end, language)}`
    : formatTime(start, language);
}

/**
 * The move's day as the customer sees and confirms it (D19, D22): its weekday, then the date, "Friday,
 * November 27, 2026" / "الجمعة، ٢٧ نوفمبر ٢٠٢٦". A customer checks a move against their week
 * ("the Friday after next"), and a date without its weekday is easy to misread by one. Beside
 * its window, screens say it with `MoveWhen` (components/ui/move-when.tsx).
 */
export function formatMoveDay(ymd: string, language: DisplayLanguage): string {
  const parts = splitYmd(ymd);
  if (!parts) return ymd;
  const [year, month, day] = parts;
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  return formatter(language, 'moveDay', { dateStyle: 'full', timeZone: CAIRO_TIME_ZONE }).format(
    instant,
  );
}

/** An instant (ISO 8601) as Cairo wall time, e.g. when an order was created or its status changed. */
export function formatDateTime(iso: string, language: DisplayLanguage): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  return formatter(language, 'datetime', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: CAIRO_TIME_ZONE,
  }).format(instant);
}

/** A weekday's name (0 Sunday … 6 Saturday), e.g. for "every Friday". */
export function formatWeekday(weekday: number, language: DisplayLanguage): string {
  // 7 January 2024 was a Sunday; noon UTC keeps every zone on that calendar day.
  const instant = new Date(Date.UTC(2024, 0, 7 + weekday, 12));
  return formatter(language, 'weekday', { weekday: 'long', timeZone: 'UTC' }).format(instant);
}

/** A short date with its weekday, for calendars: "Fri, 10 Jul". */
export function formatDayShort(ymd: string, language: DisplayLanguage): string {
  const parts = splitYmd(ymd);
  if (!parts) return ymd;
  const [year, month, day] = parts;
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  return formatter(language, 'dayShort', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: CAIRO_TIME_ZONE,
  }).format(instant);
}
