/**
 * The owner's dashboard (docs/decisions.md D25): how the business did over a period of Cairo
 * days, compared with the period just before it, per day, week (from Saturday, as Egypt's week
 * starts) or month.
 *
 * Every backend aggregates in its own store (the server in SQL, the hosted build and the test
 * adapter from orders) into the same small rows (`DashboardAggregates`); `dashboardOf` turns
 * them into the answer, so what a figure means is decided here once.
 */
import { z } from 'zod';
import type { CapacityDraft } from './capacity';
import { crewsOn, datesFrom, windowsInOrder } from './capacity';
import { cairoInstant, cairoToday, isValidYmd } from './datetime';
import type { Order } from './order';
import { MOVE_TYPES } from './pricing';
import { reviewStateOf } from './review-rules';
import type { ReviewState } from './reviews';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './status';
import { VALIDATION_MESSAGES } from './validation-messages';

export const DASHBOARD_BUCKETS = ['day', 'week', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** The longest period asked at once: two years and a day (a leap year's two). */
export const DASHBOARD_DAYS_MAX = 732;
/** How many governorates the "top" lists name. */
export const TOP_PLACES = 5;
/** Saturday (Date.getUTCDay), the first day of Egypt's week. */
export const WEEK_STARTS_ON = 6;

/** Cairo dates `from`..`to` inclusive (YYYY-MM-DD), and how they are cut into buckets. */
export interface DashboardRange {
  from: string;
  to: string;
  bucket: DashboardBucket;
}

/** A run of Cairo days and the instants (UTC, ISO 8601) it starts at and ends before. */
export interface DaySpan {
  from: string;
  to: string;
  start: string;
  end: string;
}

export interface DashboardPeriod {
  range: DashboardRange;
  current: DaySpan;
  /** As many days, ending the day before `from`. */
  previous: DaySpan;
  /** The current period cut into days, weeks or months (the first and last clipped to it). */
  buckets: DaySpan[];
  /** Every day of the current period (the lead time's booking dates are read against them). */
  days: DaySpan[];
  previousDays: DaySpan[];
}

const DAY_MS = 86_400_000;

function ymdOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function msOf(ymd: string): number {
  return Date.parse(`${ymd}T00:00:00Z`);
}

/** Days from `a` to `b` (Cairo dates): positive when `b` is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round((msOf(b) - msOf(a)) / DAY_MS);
}

export function addDays(ymd: string, days: number): string {
  return ymdOf(msOf(ymd) + days * DAY_MS);
}

/** The instant Cairo's day `ymd` starts (the first instant of it, even on a summer-time night). */
export function cairoDayStart(ymd: string): string {
  return cairoInstant(ymd, '00:00')!.toISOString();
}

function span(from: string, to: string): DaySpan {
  return { from, to, start: cairoDayStart(from), end: cairoDayStart(addDays(to, 1)) };
}

/** The first day of the bucket `ymd` falls in. */
export function bucketStart(ymd: string, bucket: DashboardBucket): string {
  if (bucket === 'day') return ymd;
  if (bucket === 'month') return `${ymd.slice(0, 8)}01`;
  const weekday = new Date(msOf(ymd)).getUTCDay();
  return addDays(ymd, -((weekday - WEEK_STARTS_ON + 7) % 7));
}

/** The period a range asks for, or null when it is not one (a bad date, `to` before `from`, too long). */
export function dashboardPeriod(range: DashboardRange): DashboardPeriod | null {
  const { from, to, bucket } = range;
  if (!isValidYmd(from) || !isValidYmd(to) || !DASHBOARD_BUCKETS.includes(bucket)) return null;
  const length = daysBetween(from, to) + 1;
  if (length < 1 || length > DASHBOARD_DAYS_MAX) return null;
  const dates = datesFrom(from, length);
  const buckets: DaySpan[] = [];
  let first = from;
  for (let i = 1; i <= dates.length; i += 1) {
    const next = dates[i];
    if (next === undefined || bucketStart(next, bucket) !== bucketStart(first, bucket)) {
      buckets.push(span(first, dates[i - 1]!));
      if (next !== undefined) first = next;
    }
  }
  return {
    range,
    current: span(from, to),
    previous: span(addDays(from, -length), addDays(from, -1)),
    buckets,
    days: dates.map((date) => span(date, date)),
    previousDays: datesFrom(addDays(from, -length), length).map((date) => span(date, date)),
  };
}

const INVALID = VALIDATION_MESSAGES.invalid;
/** A range that ends before it starts, or is longer than DASHBOARD_DAYS_MAX. */
export const DASHBOARD_RANGE_MESSAGE = VALIDATION_MESSAGES.dashboardRange;

const ymdField = () =>
  z.string({ error: INVALID }).trim().refine(isValidYmd, { error: INVALID }).optional();

/**
 * What a backend is asked (`from`, `to`: Cairo dates, both included; `bucket`), as every backend
 * reads it: the last 30 days by day when nothing is given; a range that is not one is refused on
 * `to` with DASHBOARD_RANGE_MESSAGE.
 */
export function dashboardQuerySchema(now: () => Date = () => new Date()) {
  return z
    .object(
      {
        from: ymdField(),
        to: ymdField(),
        bucket: z.enum(DASHBOARD_BUCKETS, { error: INVALID }).optional(),
      },
      { error: INVALID },
    )
    .transform((query, context): DashboardPeriod => {
      const fallback = presetRange('last30', now());
      const period = dashboardPeriod({
        from: query.from ?? fallback.from,
        to: query.to ?? fallback.to,
        bucket: query.bucket ?? 'day',
      });
      if (!period) {
        context.addIssue({ code: 'custom', message: DASHBOARD_RANGE_MESSAGE, path: ['to'] });
        return z.NEVER;
      }
      return period;
    });
}

/** The presets of the page: this week (from Saturday), this month, the last 30 days; up to today. */
export const DASHBOARD_PRESETS = ['week', 'month', 'last30'] as const;
export type DashboardPreset = (typeof DASHBOARD_PRESETS)[number];

export function presetRange(preset: DashboardPreset, now: Date = new Date()): DashboardRange {
  const today = cairoToday(now);
  if (preset === 'week') return { from: bucketStart(today, 'week'), to: today, bucket: 'day' };
  if (preset === 'month') return { from: bucketStart(today, 'month'), to: today, bucket: 'day' };
  return { from: addDays(today, -29), to: today, bucket: 'day' };
}

// What a backend aggregates. The orders counted are those booked (created) in the period.

/** Orders booked in one bucket (or, for the previous period, bucket 0), by how they stand. */
export interface BookingRow {
  bucket: number;
  cancelled: boolean;
  paymentMethod: string;
  paymentStatus: string;
  orders: number;
  /** Their totals added up, whole EGP. */
  total: number;
}

/** Orders not cancelled by move type and by where they start and end. */
export interface PlaceRow {
  moveType: string;
  pickup: string;
  dropoff: string;
  orders: number;
}

/** Orders not cancelled by the days from the Cairo date they were booked on to their move date. */
export interface LeadRow {
  days: number;
  orders: number;
}

/**
 * Cancelled orders by their move date and the UTC hour they were cancelled in
 * (`YYYY-MM-DDTHH`): Cairo's offset changes only on a whole hour, so the hour says the Cairo
 * date of the cancellation exactly.
 */
export interface CancellationRow {
  moveDate: string;
  hour: string;
  orders: number;
}

/** Orders holding a crew (not cancelled) by move date and window (D12). */
export interface WindowRow {
  date: string;
  windowId: string;
  booked: number;
}

export interface ReviewFigures {
  count: number;
  /** The ratings added up. */
  sum: number;
}

export interface DashboardAggregates {
  bookings: BookingRow[];
  previousBookings: BookingRow[];
  places: PlaceRow[];
  leads: LeadRow[];
  previousLeads: LeadRow[];
  cancellations: CancellationRow[];
  /** Crews taken on the period's move dates. */
  windows: WindowRow[];
  reviews: ReviewFigures;
  previousReviews: ReviewFigures;
}

// The answer

export interface DashboardTotals {
  bookings: number;
  cancellations: number;
  /** Paid, not cancelled. */
  paid: number;
  /** Cash on delivery still to collect: not cancelled, not paid yet. */
  dueOnDelivery: number;
  /** Paid and given back. */
  refunded: number;
  /** The average total of the orders not cancelled, whole EGP; null with none. */
  averageOrderValue: number | null;
  /** Days from booking to move, on average, of the orders not cancelled; null with none. */
  averageLeadDays: number | null;
  reviews: number;
  /** To one decimal; null with no review. */
  reviewAverage: number | null;
}

export interface DashboardPoint {
  from: string;
  to: string;
  bookings: number;
  cancellations: number;
  paid: number;
  dueOnDelivery: number;
  refunded: number;
}

export interface CountAndTotal {
  key: string;
  orders: number;
  total: number;
}

export interface Count {
  key: string;
  orders: number;
}

export interface WindowUse {
  id: string;
  start: string;
  end: string;
  booked: number;
  crews: number;
}

export interface Dashboard {
  from: string;
  to: string;
  bucket: DashboardBucket;
  previousFrom: string;
  previousTo: string;
  current: DashboardTotals;
  previous: DashboardTotals;
  series: DashboardPoint[];
  /** Every payment status the domain knows (and any other found), in its order. */
  paymentStatuses: CountAndTotal[];
  /** Orders not cancelled by payment method. */
  paymentMethods: CountAndTotal[];
  moveTypes: Count[];
  pickupGovernorates: Count[];
  dropoffGovernorates: Count[];
  /** Orders not cancelled that end in another governorate, of `of`. */
  interGovernorate: { orders: number; of: number };
  cancellationTiming: Count[];
  leadTime: Count[];
  windows: WindowUse[];
}

/** How long before its move date an order was cancelled, in days. */
export const CANCELLATION_BANDS = [
  { key: 'after', min: -Infinity, max: -1 },
  { key: 'sameDay', min: 0, max: 0 },
  { key: 'oneDay', min: 1, max: 1 },
  { key: 'twoToThree', min: 2, max: 3 },
  { key: 'fourToSeven', min: 4, max: 7 },
  { key: 'moreThanWeek', min: 8, max: Infinity },
] as const;

/** How long before its move an order was booked, in days. */
export const LEAD_BANDS = [
  { key: 'sameDay', min: -Infinity, max: 0 },
  { key: 'oneDay', min: 1, max: 1 },
  { key: 'twoToThree', min: 2, max: 3 },
  { key: 'fourToSeven', min: 4, max: 7 },
  { key: 'eightToFourteen', min: 8, max: 14 },
  { key: 'fifteenToThirty', min: 15, max: 30 },
  { key: 'moreThanMonth', min: 31, max: Infinity },
] as const;

type Band = { key: string; min: number; max: number };

function banded(bands: readonly Band[], rows: { days: number; orders: number }[]): Count[] {
  return bands.map(({ key, min, max }) => ({
    key,
    orders: rows.filter((r) => r.days >= min && r.days <= max).reduce((n, r) => n + r.orders, 0),
  }));
}

const PAID = 'paid';
const REFUNDED = 'refunded';
const PENDING = 'pending';
const CASH = 'cod';

function totalsOf(rows: BookingRow[], leads: LeadRow[], reviews: ReviewFigures): DashboardTotals {
  let bookings = 0;
  let cancellations = 0;
  let paid = 0;
  let dueOnDelivery = 0;
  let refunded = 0;
  let kept = 0;
  let keptTotal = 0;
  for (const row of rows) {
    bookings += row.orders;
    if (row.paymentStatus === REFUNDED) refunded += row.total;
    if (row.cancelled) {
      cancellations += row.orders;
      continue;
    }
    kept += row.orders;
    keptTotal += row.total;
    if (row.paymentStatus === PAID) paid += row.total;
    if (row.paymentMethod === CASH && row.paymentStatus === PENDING) dueOnDelivery += row.total;
  }
  const leadOrders = leads.reduce((n, r) => n + r.orders, 0);
  const leadDays = leads.reduce((n, r) => n + r.days * r.orders, 0);
  return {
    bookings,
    cancellations,
    paid,
    dueOnDelivery,
    refunded,
    averageOrderValue: kept === 0 ? null : Math.round(keptTotal / kept),
    averageLeadDays: leadOrders === 0 ? null : Math.round((leadDays / leadOrders) * 10) / 10,
    reviews: reviews.count,
    reviewAverage: reviews.count === 0 ? null : Math.round((reviews.sum / reviews.count) * 10) / 10,
  };
}

/** Counts by key, the known keys first in their order (even at 0), then any other found. */
function byKey<T>(
  known: readonly string[],
  rows: T[],
  keyOf: (row: T) => string,
  add: (into: CountAndTotal, row: T) => void,
): CountAndTotal[] {
  const out = new Map<string, CountAndTotal>(
    known.map((key) => [key, { key, orders: 0, total: 0 }]),
  );
  for (const row of rows) {
    const key = keyOf(row);
    let entry = out.get(key);
    if (!entry) {
      entry = { key, orders: 0, total: 0 };
      out.set(key, entry);
    }
    add(entry, row);
  }
  return [...out.values()];
}

function top(counts: Map<string, number>): Count[] {
  return [...counts]
    .map(([key, orders]) => ({ key, orders }))
    .sort((a, b) => b.orders - a.orders || a.key.localeCompare(b.key))
    .slice(0, TOP_PLACES);
}

const cairoDateOfHour = new Map<string, string>();

/** The Cairo date of an instant (ISO 8601, UTC) or of a UTC hour (`YYYY-MM-DDTHH`). */
export function cairoDateOf(instant: string): string {
  const hour = instant.slice(0, 13);
  let date = cairoDateOfHour.get(hour);
  if (date === undefined) {
    date = cairoToday(new Date(`${hour}:00:00Z`));
    if (cairoDateOfHour.size > 100_000) cairoDateOfHour.clear();
    cairoDateOfHour.set(hour, date);
  }
  return date;
}

/** One day's crews: each window of the current plan, taken against working. */
export interface DayWindows {
  date: string;
  windows: WindowUse[];
}

/**
 * The crews taken (`rows`, orders holding a crew) on each of `dates`, per window of the current
 * plan, against the crews the plan gives that date: the dashboard adds them up over its period,
 * the weekly summary tells the week ahead day by day (D25). A window the plan no longer has is
 * not counted, as on the dashboard.
 */
export function windowsByDay(
  dates: readonly string[],
  rows: readonly WindowRow[],
  plan: CapacityDraft,
): DayWindows[] {
  const booked = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.date}|${row.windowId}`;
    booked.set(key, (booked.get(key) ?? 0) + row.booked);
  }
  const windows = windowsInOrder(plan.windows);
  return dates.map((date) => ({
    date,
    windows: windows.map((w) => ({
      id: w.id,
      start: w.start,
      end: w.end,
      booked: booked.get(`${date}|${w.id}`) ?? 0,
      crews: crewsOn(plan, date, w),
    })),
  }));
}

/** The dashboard from a backend's aggregates and the current crews plan (D12). */
export function dashboardOf(
  period: DashboardPeriod,
  aggregates: DashboardAggregates,
  plan: CapacityDraft,
): Dashboard {
  const { range, current, previous, buckets } = period;
  const series = buckets.map(({ from, to }, i) => {
    const t = totalsOf(
      aggregates.bookings.filter((r) => r.bucket === i),
      [],
      { count: 0, sum: 0 },
    );
    return {
      from,
      to,
      bookings: t.bookings,
      cancellations: t.cancellations,
      paid: t.paid,
      dueOnDelivery: t.dueOnDelivery,
      refunded: t.refunded,
    };
  });

  const kept = aggregates.bookings.filter((r) => !r.cancelled);
  const add = (into: CountAndTotal, r: BookingRow) => {
    into.orders += r.orders;
    into.total += r.total;
  };

  const pickups = new Map<string, number>();
  const dropoffs = new Map<string, number>();
  const moveTypes = new Map<string, number>(MOVE_TYPES.map((t) => [t, 0]));
  let inter = 0;
  let placed = 0;
  for (const row of aggregates.places) {
    pickups.set(row.pickup, (pickups.get(row.pickup) ?? 0) + row.orders);
    dropoffs.set(row.dropoff, (dropoffs.get(row.dropoff) ?? 0) + row.orders);
    moveTypes.set(row.moveType, (moveTypes.get(row.moveType) ?? 0) + row.orders);
    placed += row.orders;
    if (row.pickup !== row.dropoff) inter += row.orders;
  }

  const cancelDays = aggregates.cancellations.map((r) => ({
    days: daysBetween(cairoDateOf(r.hour), r.moveDate),
    orders: r.orders,
  }));

  const dates = datesFrom(current.from, daysBetween(current.from, current.to) + 1);
  const days = windowsByDay(dates, aggregates.windows, plan);
  const windows = windowsInOrder(plan.windows).map((w, i) => ({
    id: w.id,
    start: w.start,
    end: w.end,
    booked: days.reduce((n, day) => n + day.windows[i]!.booked, 0),
    crews: days.reduce((n, day) => n + day.windows[i]!.crews, 0),
  }));

  return {
    from: range.from,
    to: range.to,
    bucket: range.bucket,
    previousFrom: previous.from,
    previousTo: previous.to,
    current: totalsOf(aggregates.bookings, aggregates.leads, aggregates.reviews),
    previous: totalsOf(
      aggregates.previousBookings,
      aggregates.previousLeads,
      aggregates.previousReviews,
    ),
    series,
    paymentStatuses: byKey(PAYMENT_STATUSES, aggregates.bookings, (r) => r.paymentStatus, add),
    paymentMethods: byKey(PAYMENT_METHODS, kept, (r) => r.paymentMethod, add),
    moveTypes: [...moveTypes].map(([key, orders]) => ({ key, orders })),
    pickupGovernorates: top(pickups),
    dropoffGovernorates: top(dropoffs),
    interGovernorate: { orders: inter, of: placed },
    cancellationTiming: banded(CANCELLATION_BANDS, cancelDays),
    leadTime: banded(LEAD_BANDS, aggregates.leads),
    windows,
  };
}

// Aggregating orders in memory: the test adapter, and the hosted build's function over the
// orders it reads (D25).

/** What the in-memory aggregation reads of a review. */
export interface ReviewForDashboard {
  rating: number;
  createdAt: string;
  state: ReviewState;
}

/** Reviews as stored, grouped (the server's rows): hidden ones are left out of the average. */
export function reviewFiguresOf(
  rows: { state: unknown; hidden: unknown; count: number; sum: number }[],
): ReviewFigures {
  const counted = rows.filter((r) => reviewStateOf(r) !== 'hidden');
  return {
    count: counted.reduce((n, r) => n + r.count, 0),
    sum: counted.reduce((n, r) => n + r.sum, 0),
  };
}

/** When an order was last cancelled (its latest history entry reaching `cancelled`). */
function cancelledAt(order: Pick<Order, 'statusHistory'>): string | null {
  let at: string | null = null;
  for (const change of order.statusHistory) {
    if (change.status === 'cancelled' && (at === null || change.at > at)) at = change.at;
  }
  return at;
}

function within(instant: string, s: DaySpan): boolean {
  const t = Date.parse(instant);
  return t >= Date.parse(s.start) && t < Date.parse(s.end);
}

function indexOfSpan(spans: DaySpan[], instant: string): number {
  return spans.findIndex((s) => within(instant, s));
}

function bookingRows(orders: Order[], spans: DaySpan[]): BookingRow[] {
  const rows = new Map<string, BookingRow>();
  for (const order of orders) {
    const bucket = indexOfSpan(spans, order.createdAt);
    if (bucket < 0) continue;
    const cancelled = order.status === 'cancelled';
    const key = [bucket, cancelled, order.paymentMethod, order.paymentStatus].join('|');
    const row = rows.get(key) ?? {
      bucket,
      cancelled,
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      orders: 0,
      total: 0,
    };
    row.orders += 1;
    row.total += order.totalPrice;
    rows.set(key, row);
  }
  return [...rows.values()];
}

function leadRows(orders: Order[], s: DaySpan): LeadRow[] {
  const rows = new Map<number, number>();
  for (const order of orders) {
    if (order.status === 'cancelled' || !within(order.createdAt, s)) continue;
    const days = daysBetween(cairoDateOf(order.createdAt), order.moveDate);
    rows.set(days, (rows.get(days) ?? 0) + 1);
  }
  return [...rows].map(([days, orders]) => ({ days, orders }));
}

function reviewFigures(reviews: ReviewForDashboard[], s: DaySpan): ReviewFigures {
  const counted = reviews.filter((r) => r.state !== 'hidden' && within(r.createdAt, s));
  return { count: counted.length, sum: counted.reduce((n, r) => n + r.rating, 0) };
}

/**
 * The aggregates of `orders` (those booked in either period, and those moving in the current
 * one: others are ignored) and `reviews`, as the server's SQL computes them.
 */
export function aggregatesOf(
  period: DashboardPeriod,
  orders: Order[],
  reviews: ReviewForDashboard[],
): DashboardAggregates {
  const { current, previous, buckets } = period;
  const booked = orders.filter((o) => within(o.createdAt, current));
  const places = new Map<string, PlaceRow>();
  const cancellations = new Map<string, CancellationRow>();
  for (const order of booked) {
    if (order.status === 'cancelled') {
      const at = cancelledAt(order) ?? order.createdAt;
      const key = `${order.moveDate}|${at.slice(0, 13)}`;
      const row = cancellations.get(key) ?? {
        moveDate: order.moveDate,
        hour: at.slice(0, 13),
        orders: 0,
      };
      row.orders += 1;
      cancellations.set(key, row);
      continue;
    }
    const key = [order.moveType, order.governorateId, order.dropoffGovernorateId].join('|');
    const row = places.get(key) ?? {
      moveType: order.moveType,
      pickup: order.governorateId,
      dropoff: order.dropoffGovernorateId,
      orders: 0,
    };
    row.orders += 1;
    places.set(key, row);
  }
  const windows = new Map<string, WindowRow>();
  for (const order of orders) {
    if (order.status === 'cancelled' || !order.timeWindow) continue;
    if (order.moveDate < current.from || order.moveDate > current.to) continue;
    const key = `${order.moveDate}|${order.timeWindow.id}`;
    const row = windows.get(key) ?? {
      date: order.moveDate,
      windowId: order.timeWindow.id,
      booked: 0,
    };
    row.booked += 1;
    windows.set(key, row);
  }
  return {
    bookings: bookingRows(orders, buckets),
    previousBookings: bookingRows(orders, [previous]),
    places: [...places.values()],
    leads: leadRows(orders, current),
    previousLeads: leadRows(orders, previous),
    cancellations: [...cancellations.values()],
    windows: [...windows.values()],
    reviews: reviewFigures(reviews, current),
    previousReviews: reviewFigures(reviews, previous),
  };
}
