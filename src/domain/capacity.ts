/**
 * Crew capacity (docs/decisions.md D12): the company works in time windows (08:00-12:00, …), each
 * with a number of crews, and one crew serves one order per window. Dates may have exceptions (a
 * holiday, every Friday). Every time is Cairo wall time (D6). The server and each backend decide
 * with these functions; only the counting of booked orders is theirs.
 */
import { cairoDatePlusDays, cairoParts, cairoToday, isValidYmd } from './datetime';
import { RuleViolation } from './errors';
import { BOOKING_HORIZON_DAYS } from './pricing';
import { isMissing, storedArray, storedCount, storedObject, storedString } from './stored';

export interface TimeWindow {
  /** Stable: orders keep it, so a window whose hours change keeps its bookings. */
  id: string;
  /** HH:mm, Cairo wall time; `end` is after `start`, on the same day. */
  start: string;
  end: string;
  /** Crews working this window on an ordinary day. */
  crews: number;
}

/** A different number of crews on one date (a holiday) or every week on one weekday (Fridays). */
export interface CapacityException {
  /** Exactly one of `date` (YYYY-MM-DD) and `weekday` (0 Sunday … 6 Saturday). */
  date?: string;
  weekday?: number;
  /** Window id → crews that day; a window not listed keeps its ordinary number. */
  crews: Record<string, number>;
  note: string;
}

/** What an admin saves. */
export interface CapacityDraft {
  windows: TimeWindow[];
  exceptions: CapacityException[];
}

/** One saved version of the plan. */
export interface CapacityPlan extends CapacityDraft {
  version: number;
  /** When this version was saved (ISO 8601); null for the built-in first one. */
  updatedAt: string | null;
  /** The saving admin's email (admins only); null for the first version or a deleted account. */
  updatedBy: string | null;
}

/** The window an order was booked in, as it was then (its hours may change later). */
export interface BookedWindow {
  id: string;
  start: string;
  end: string;
}

/** A window on one date, for the admin: crews, orders that hold one, crews still free. */
export interface WindowLoad extends BookedWindow {
  crews: number;
  booked: number;
  free: number;
}

/** What anyone booking may know about a window: whether a crew is still free. */
export interface PublicWindow extends BookedWindow {
  available: boolean;
}

export interface DayAvailability {
  date: string;
  windows: PublicWindow[];
}

export interface FreeWindow {
  date: string;
  window: BookedWindow;
}

export const CREWS_MAX = 999;
export const WINDOWS_MAX = 12;
export const EXCEPTIONS_MAX = 400;
/** The date screen asks for up to this many days at once; the admin calendar too. */
export const AVAILABILITY_DAYS_MAX = 42;
/** A full window's refusal proposes this many free windows, looking this many days ahead. */
export const ALTERNATIVES_COUNT = 3;
export const ALTERNATIVES_DAYS = 14;

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The plan a new database starts with: three windows of three crews, every day. */
export const FIRST_CAPACITY_PLAN: CapacityPlan = Object.freeze({
  version: 1,
  windows: [
    { id: 'morning', start: '08:00', end: '12:00', crews: 3 },
    { id: 'midday', start: '12:00', end: '16:00', crews: 3 },
    { id: 'evening', start: '16:00', end: '20:00', crews: 3 },
  ],
  exceptions: [],
  updatedAt: null,
  updatedBy: null,
}) as CapacityPlan;

const STORED_PLAN = 'crews plan';

/**
 * A stored crews plan (its windows and exceptions), whichever version of this code saved it: the
 * one step every backend and the memory adapter read a plan through (docs/architecture.md,
 * "Stored data ages well"). What a later version added takes its default (no exceptions, no
 * crews changed, an empty note); a field every version stored that is missing or of the wrong
 * kind is broken data and throws (`StoredDataError`).
 */
export function draftFromStored(stored: unknown): CapacityDraft {
  const d = storedObject(stored, STORED_PLAN, 'plan');
  const text = (value: unknown, path: string) => storedString(value, STORED_PLAN, path);
  const count = (value: unknown, path: string) => storedCount(value, STORED_PLAN, path);
  const windows = storedArray(d.windows, STORED_PLAN, 'windows').map((value, i) => {
    const w = storedObject(value, STORED_PLAN, `windows.${i}`);
    const at = `windows.${i}`;
    return {
      id: text(w.id, `${at}.id`),
      start: text(w.start, `${at}.start`),
      end: text(w.end, `${at}.end`),
      crews: count(w.crews, `${at}.crews`),
    };
  });
  const exceptions = storedArray(d.exceptions, STORED_PLAN, 'exceptions').map((value, i) => {
    const e = storedObject(value, STORED_PLAN, `exceptions.${i}`);
    const at = `exceptions.${i}`;
    const crews: Record<string, number> = {};
    for (const [id, n] of Object.entries(storedObject(e.crews, STORED_PLAN, `${at}.crews`))) {
      crews[id] = count(n, `${at}.crews.${id}`);
    }
    const exception: CapacityException = {
      crews,
      note: isMissing(e.note) ? '' : text(e.note, `${at}.note`),
    };
    if (!isMissing(e.date)) exception.date = text(e.date, `${at}.date`);
    if (!isMissing(e.weekday)) exception.weekday = count(e.weekday, `${at}.weekday`);
    return exception;
  });
  return { windows, exceptions };
}

export const CAPACITY_MESSAGES = {
  windowFull: 'errors:order.windowFull',
  noWindow: 'validation:time.noWindow',
} as const;

/** The weekday of a calendar date (0 Sunday … 6 Saturday): a property of the date, not of a zone. */
export function weekdayOf(ymd: string): number {
  const [year, month, day] = ymd.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The exception that applies to `date`: one for that date wins over one for its weekday. */
export function exceptionFor(plan: CapacityDraft, date: string): CapacityException | undefined {
  const weekday = weekdayOf(date);
  return (
    plan.exceptions.find((exception) => exception.date === date) ??
    plan.exceptions.find((exception) => exception.weekday === weekday)
  );
}

/** How many crews work `window` on `date`. */
export function crewsOn(plan: CapacityDraft, date: string, window: TimeWindow): number {
  const override = exceptionFor(plan, date)?.crews[window.id];
  return override ?? window.crews;
}

export function findWindow(
  plan: CapacityDraft,
  id: string | null | undefined,
): TimeWindow | undefined {
  return plan.windows.find((window) => window.id === id);
}

/** The window a time of day falls in (start included, end excluded). */
export function windowAt(plan: CapacityDraft, time: string): TimeWindow | undefined {
  return plan.windows.find((window) => window.start <= time && time < window.end);
}

export function windowsInOrder(windows: readonly TimeWindow[]): TimeWindow[] {
  return [...windows].sort((a, b) => a.start.localeCompare(b.start));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A window that has begun (or a day that is over) can no longer be booked, in Cairo time. */
export function hasStarted(date: string, window: BookedWindow, now: Date): boolean {
  const today = cairoToday(now);
  if (date !== today) return date < today;
  const { hour, minute } = cairoParts(now);
  return `${pad(hour)}:${pad(minute)}` >= window.start;
}

/** Each window of `date` with its crews, its booked orders and the crews still free. */
export function dayLoad(
  plan: CapacityDraft,
  date: string,
  booked: Readonly<Record<string, number>>,
  now: Date,
): WindowLoad[] {
  return windowsInOrder(plan.windows).map((window) => {
    const crews = crewsOn(plan, date, window);
    const taken = booked[window.id] ?? 0;
    const free = hasStarted(date, window, now) ? 0 : Math.max(0, crews - taken);
    return { id: window.id, start: window.start, end: window.end, crews, booked: taken, free };
  });
}

/** The public view of a day: which windows still have a free crew. */
export function dayAvailability(
  plan: CapacityDraft,
  date: string,
  booked: Readonly<Record<string, number>>,
  now: Date,
): DayAvailability {
  return {
    date,
    windows: dayLoad(plan, date, booked, now).map(({ id, start, end, free }) => ({
      id,
      start,
      end,
      available: free > 0,
    })),
  };
}

/**
 * The dates of an availability or calendar question (`from`, `days`), or null when it is not
 * one the server answers (a date that does not exist, too many days).
 */
export function requestedDates(from: string, days: number): string[] | null {
  if (!isValidYmd(from) || !Number.isInteger(days) || days < 1 || days > AVAILABILITY_DAYS_MAX) {
    return null;
  }
  return datesFrom(from, days);
}

/** `count` consecutive Cairo dates from `from` (YYYY-MM-DD). */
export function datesFrom(from: string, count: number): string[] {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1, day + i));
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  });
}

/**
 * The first free windows from `from` on (at most `count`, looking `days` ahead and never past
 * the booking horizon), to offer a customer whose window just filled up.
 */
export function nextFreeWindows(
  plan: CapacityDraft,
  from: string,
  bookedOn: (date: string) => Readonly<Record<string, number>>,
  now: Date,
  { count = ALTERNATIVES_COUNT, days = ALTERNATIVES_DAYS, lastDay = '9999-12-31' } = {},
): FreeWindow[] {
  const found: FreeWindow[] = [];
  const start = from < cairoToday(now) ? cairoToday(now) : from;
  for (const date of datesFrom(start, days)) {
    if (date > lastDay) break;
    for (const load of dayLoad(plan, date, bookedOn(date), now)) {
      if (load.free > 0)
        found.push({ date, window: { id: load.id, start: load.start, end: load.end } });
      if (found.length >= count) return found;
    }
  }
  return found;
}

/**
 * The window a new order asks for: by id when it names one (its time must then fall in it), else
 * the window its time falls in. An order outside every window is refused: the date screen only
 * offers windows, so only a stale page or a script gets here.
 */
export function resolveWindow(
  plan: CapacityDraft,
  order: { moveTime: string; windowId?: string | undefined },
): TimeWindow {
  const window = order.windowId ? findWindow(plan, order.windowId) : windowAt(plan, order.moveTime);
  if (!window || order.moveTime < window.start || order.moveTime >= window.end) {
    throw new RuleViolation('invalid-argument', CAPACITY_MESSAGES.noWindow, {
      moveTime: CAPACITY_MESSAGES.noWindow,
    });
  }
  return window;
}

/**
 * The refusal of an order for a window with no free crew (or one that has begun), with the next
 * free windows for the screen to offer (D12).
 */
export function windowFull(alternatives: readonly FreeWindow[]): RuleViolation {
  return new RuleViolation(
    'failed-precondition',
    CAPACITY_MESSAGES.windowFull,
    { moveTime: CAPACITY_MESSAGES.windowFull },
    { alternatives: alternatives.map(({ date, window }) => ({ date, window: { ...window } })) },
  );
}

/** Window id → orders holding a crew in it, for one date. */
export type BookedOn = (date: string) => Readonly<Record<string, number>>;

/**
 * Throws the "window full" refusal, with the next free windows, unless `window` still has a free
 * crew on `date` under `plan`, given the orders each date already holds. A window removed, or
 * moved to other hours, since the customer chose it is not theirs to get either. Every backend
 * calls this where its count is exact (the server inside the order's transaction).
 */
export function checkCrewFree(
  plan: CapacityDraft,
  date: string,
  window: BookedWindow,
  bookedOn: BookedOn,
  now: Date,
): void {
  if (hasFreeCrew(plan, date, window, bookedOn(date), now)) return;
  throw windowFull(freeWindowsAfter(plan, date, bookedOn, now));
}

/**
 * Whether `window` (as the customer chose it) still has a free crew on `date` under `plan`, given
 * that date's booked orders: a window removed or moved to other hours since then has none, and
 * neither has one that has begun or a date past the booking horizon.
 */
export function hasFreeCrew(
  plan: CapacityDraft,
  date: string,
  window: BookedWindow,
  booked: Readonly<Record<string, number>>,
  now: Date,
): boolean {
  const current = findWindow(plan, window.id);
  if (!current || current.start !== window.start || current.end !== window.end) return false;
  if (date > cairoDatePlusDays(BOOKING_HORIZON_DAYS, now)) return false;
  const load = dayLoad(plan, date, booked, now).find((w) => w.id === window.id);
  return load !== undefined && load.free > 0;
}

/** The free windows to offer instead of a full one on `date`: from that date on, within the horizon. */
export function freeWindowsAfter(
  plan: CapacityDraft,
  date: string,
  bookedOn: BookedOn,
  now: Date,
): FreeWindow[] {
  const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS, now);
  return nextFreeWindows(plan, date, bookedOn, now, { lastDay });
}

/** Whether an order holds a crew of its window: every order booked in one that is not cancelled. */
export function holdsCrew(order: {
  status: string;
  timeWindow: BookedWindow | null;
}): order is { status: string; timeWindow: BookedWindow } {
  return order.timeWindow !== null && order.status !== 'cancelled';
}

/** Which windows of `dates` still have a free crew; nothing past the booking horizon. */
export function availabilityOf(
  plan: CapacityDraft,
  dates: readonly string[],
  bookedOn: BookedOn,
  now: Date,
): DayAvailability[] {
  const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS, now);
  return dates.map((date) => {
    const day = dayAvailability(plan, date, bookedOn(date), now);
    if (date <= lastDay) return day;
    return { date, windows: day.windows.map((window) => ({ ...window, available: false })) };
  });
}
