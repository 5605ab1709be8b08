import { describe, expect, it } from 'vitest';
import { figuresOrder } from '../testing/figures-orders';
import { FIRST_CAPACITY_PLAN } from './capacity';
import {
  aggregatesOf,
  bucketStart,
  cairoDayStart,
  dashboardOf,
  dashboardPeriod,
  presetRange,
  type DashboardAggregates,
  type DashboardPeriod,
  type ReviewForDashboard,
} from './dashboard';
import type { Order } from './order';

const order = figuresOrder;

// Egypt is on UTC+2 in late November 2026: 22:00 UTC is midnight in Cairo.
const ORDERS: Order[] = [
  // A: cash, due on delivery, booked Saturday the 21st for the 25th (4 days ahead).
  order({ createdAt: '2026-11-21T08:00:00.000Z', totalPrice: 1000 }),
  // B: card, paid, Cairo → Giza, booked for the same day, delivered.
  order({
    createdAt: '2026-11-22T10:00:00.000Z',
    moveDate: '2026-11-22',
    moveType: 'partial',
    dropoffGovernorateId: 'giza',
    timeWindow: { id: 'midday', start: '12:00', end: '16:00' },
    totalPrice: 2000,
    paymentMethod: 'card',
    paymentStatus: 'paid',
    paymentProvider: 'test',
    status: 'delivered',
  }),
  // C: card, refunded, cancelled at 23:30 Cairo the day before its move.
  order({
    createdAt: '2026-11-23T10:00:00.000Z',
    cancelledAt: '2026-11-24T21:30:00.000Z',
    totalPrice: 1500,
    paymentMethod: 'card',
    paymentStatus: 'refunded',
    paymentProvider: 'test',
  }),
  // D: booked at 23:59 Cairo on the 30th (the period's last minute), Alexandria → Cairo, 10 days ahead.
  order({
    createdAt: '2026-11-30T21:59:00.000Z',
    moveDate: '2026-12-10',
    moveType: 'office',
    governorateId: 'alexandria',
    timeWindow: { id: 'evening', start: '16:00', end: '20:00' },
    totalPrice: 3000,
  }),
  // E: booked at 00:00 Cairo on 1 December: after the period, though still the 30th in UTC.
  order({ createdAt: '2026-11-30T22:00:00.000Z', totalPrice: 9999 }),
  // F: the previous period: paid in cash.
  order({ createdAt: '2026-11-15T10:00:00.000Z', totalPrice: 500, paymentStatus: 'paid' }),
  // G: cancelled at 00:30 Cairo on the move's own day (still the day before in UTC).
  order({
    createdAt: '2026-11-26T08:00:00.000Z',
    moveDate: '2026-11-27',
    cancelledAt: '2026-11-26T22:30:00.000Z',
    totalPrice: 800,
  }),
];

const REVIEWS: ReviewForDashboard[] = [
  { rating: 5, createdAt: '2026-11-22T12:00:00.000Z', state: 'published' },
  { rating: 4, createdAt: '2026-11-23T12:00:00.000Z', state: 'published' },
  { rating: 1, createdAt: '2026-11-23T13:00:00.000Z', state: 'hidden' },
  { rating: 2, createdAt: '2026-11-12T12:00:00.000Z', state: 'published' },
];

function periodOf(bucket: 'day' | 'week' | 'month' = 'week'): DashboardPeriod {
  return dashboardPeriod({ from: '2026-11-21', to: '2026-11-30', bucket })!;
}

function dashboard(bucket: 'day' | 'week' | 'month' = 'week') {
  const period = periodOf(bucket);
  return dashboardOf(period, aggregatesOf(period, ORDERS, REVIEWS), FIRST_CAPACITY_PLAN);
}

describe('the period', () => {
  it('starts the week on Saturday and clips the first and last buckets to the range', () => {
    expect(bucketStart('2026-11-27', 'week')).toBe('2026-11-21'); // a Friday
    expect(bucketStart('2026-11-28', 'week')).toBe('2026-11-28'); // a Saturday
    const period = dashboardPeriod({ from: '2026-11-19', to: '2026-12-02', bucket: 'week' })!;
    expect(period.buckets.map((b) => [b.from, b.to])).toEqual([
      ['2026-11-19', '2026-11-20'],
      ['2026-11-21', '2026-11-27'],
      ['2026-11-28', '2026-12-02'],
    ]);
  });

  it('cuts months at the first of each', () => {
    const period = dashboardPeriod({ from: '2026-10-15', to: '2026-12-01', bucket: 'month' })!;
    expect(period.buckets.map((b) => b.from)).toEqual(['2026-10-15', '2026-11-01', '2026-12-01']);
  });

  it('compares with as many days just before', () => {
    const { previous, current } = periodOf();
    expect([previous.from, previous.to]).toEqual(['2026-11-11', '2026-11-20']);
    expect(previous.end).toBe(current.start);
  });

  it('cuts days at midnight in Cairo, summer time included', () => {
    const { current } = periodOf();
    expect(current.start).toBe('2026-11-20T22:00:00.000Z');
    expect(current.end).toBe('2026-11-30T22:00:00.000Z');
    // 24 April 2026: summer time starts at midnight (the day has 23 hours, from 01:00).
    expect(cairoDayStart('2026-04-24')).toBe('2026-04-23T22:00:00.000Z');
    expect(cairoDayStart('2026-04-25')).toBe('2026-04-24T21:00:00.000Z');
  });

  it('refuses a range that is not one', () => {
    expect(dashboardPeriod({ from: '2026-11-30', to: '2026-11-01', bucket: 'day' })).toBeNull();
    expect(dashboardPeriod({ from: '2026-02-30', to: '2026-03-01', bucket: 'day' })).toBeNull();
    expect(dashboardPeriod({ from: '2020-01-01', to: '2026-01-01', bucket: 'day' })).toBeNull();
    expect(
      dashboardPeriod({ from: '2026-01-01', to: '2026-01-02', bucket: 'year' as 'day' }),
    ).toBeNull();
  });

  it('offers this week from Saturday, this month and the last 30 days, up to today in Cairo', () => {
    // 22:30 UTC on Friday 27 November is 00:30 on Saturday the 28th in Cairo.
    const now = new Date('2026-11-27T22:30:00Z');
    expect(presetRange('week', now)).toMatchObject({ from: '2026-11-28', to: '2026-11-28' });
    expect(presetRange('month', now)).toMatchObject({ from: '2026-11-01', to: '2026-11-28' });
    expect(presetRange('last30', now)).toMatchObject({ from: '2026-10-30', to: '2026-11-28' });
  });
});

describe('the figures', () => {
  it('counts the bookings of the period in Cairo days, the one at midnight in the next', () => {
    const d = dashboard();
    expect(d.current.bookings).toBe(5);
    expect(d.current.cancellations).toBe(2);
    expect(d.previous.bookings).toBe(1);
  });

  it('splits revenue into paid, due on delivery and refunded', () => {
    const { current, previous } = dashboard();
    expect([current.paid, current.dueOnDelivery, current.refunded]).toEqual([2000, 4000, 1500]);
    expect([previous.paid, previous.dueOnDelivery, previous.refunded]).toEqual([500, 0, 0]);
  });

  it('averages the orders not cancelled', () => {
    expect(dashboard().current.averageOrderValue).toBe(2000);
    expect(dashboard().current.averageLeadDays).toBe(4.7);
  });

  it('draws each bucket', () => {
    expect(dashboard().series).toEqual([
      {
        from: '2026-11-21',
        to: '2026-11-27',
        bookings: 4,
        cancellations: 2,
        paid: 2000,
        dueOnDelivery: 1000,
        refunded: 1500,
      },
      {
        from: '2026-11-28',
        to: '2026-11-30',
        bookings: 1,
        cancellations: 0,
        paid: 0,
        dueOnDelivery: 3000,
        refunded: 0,
      },
    ]);
    expect(dashboard('day').series).toHaveLength(10);
    expect(dashboard('day').series[9]).toMatchObject({ from: '2026-11-30', bookings: 1 });
  });

  it('counts every payment status the domain knows, and any other stored', () => {
    expect(dashboard().paymentStatuses).toEqual([
      { key: 'paid', orders: 1, total: 2000 },
      { key: 'pending', orders: 3, total: 4800 },
      { key: 'refund_due', orders: 0, total: 0 },
      { key: 'refunded', orders: 1, total: 1500 },
    ]);
    const period = periodOf();
    const aggregates: DashboardAggregates = {
      ...aggregatesOf(period, [], []),
      bookings: [
        {
          bucket: 0,
          cancelled: true,
          paymentMethod: 'card',
          // A status a later version may store (D15): counted under its own name.
          paymentStatus: 'disputed',
          orders: 2,
          total: 700,
        },
      ],
    };
    const statuses = dashboardOf(period, aggregates, FIRST_CAPACITY_PLAN).paymentStatuses;
    expect(statuses.map((s) => s.key)).toEqual([
      'paid',
      'pending',
      'refund_due',
      'refunded',
      'disputed',
    ]);
    expect(statuses[4]).toEqual({ key: 'disputed', orders: 2, total: 700 });
  });

  it('mixes payment methods and move types of the orders not cancelled', () => {
    const d = dashboard();
    expect(d.paymentMethods).toEqual([
      { key: 'card', orders: 1, total: 2000 },
      { key: 'wallet', orders: 0, total: 0 },
      { key: 'cod', orders: 2, total: 4000 },
    ]);
    expect(d.moveTypes).toEqual([
      { key: 'full', orders: 1 },
      { key: 'partial', orders: 1 },
      { key: 'office', orders: 1 },
      { key: 'packaging', orders: 0 },
      { key: 'loading', orders: 0 },
    ]);
  });

  it('ranks governorates and counts moves between two', () => {
    const d = dashboard();
    expect(d.pickupGovernorates).toEqual([
      { key: 'cairo', orders: 2 },
      { key: 'alexandria', orders: 1 },
    ]);
    expect(d.dropoffGovernorates).toEqual([
      { key: 'cairo', orders: 2 },
      { key: 'giza', orders: 1 },
    ]);
    expect(d.interGovernorate).toEqual({ orders: 2, of: 3 });
  });

  it('times cancellations by the Cairo date they were made on', () => {
    const timing = Object.fromEntries(dashboard().cancellationTiming.map((c) => [c.key, c.orders]));
    expect(timing).toEqual({
      after: 0,
      sameDay: 1,
      oneDay: 1,
      twoToThree: 0,
      fourToSeven: 0,
      moreThanWeek: 0,
    });
  });

  it('bands the lead time from booking to move', () => {
    const lead = Object.fromEntries(dashboard().leadTime.map((c) => [c.key, c.orders]));
    expect(lead).toMatchObject({ sameDay: 1, fourToSeven: 1, eightToFourteen: 1, oneDay: 0 });
  });

  it('sets the crews taken on the period’s move dates against the crews working', () => {
    // A and the orders booked before and after the period (E, F) move on the 25th; B on the 22nd.
    expect(dashboard().windows).toEqual([
      { id: 'morning', start: '08:00', end: '12:00', booked: 3, crews: 30 },
      { id: 'midday', start: '12:00', end: '16:00', booked: 1, crews: 30 },
      { id: 'evening', start: '16:00', end: '20:00', booked: 0, crews: 30 },
    ]);
  });

  it('averages the reviews written in the period, hidden ones aside', () => {
    const d = dashboard();
    expect([d.current.reviews, d.current.reviewAverage]).toEqual([2, 4.5]);
    expect([d.previous.reviews, d.previous.reviewAverage]).toEqual([1, 2]);
  });

  it('has nothing to average in an empty period', () => {
    const period = periodOf();
    const d = dashboardOf(period, aggregatesOf(period, [], []), FIRST_CAPACITY_PLAN);
    expect(d.current).toMatchObject({
      bookings: 0,
      averageOrderValue: null,
      averageLeadDays: null,
      reviewAverage: null,
    });
  });
});
