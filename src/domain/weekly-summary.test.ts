import { describe, expect, it } from 'vitest';
import { figuresOrder } from '../testing/figures-orders';
import { FIRST_CAPACITY_PLAN, type CapacityDraft } from './capacity';
import { aggregatesOf } from './dashboard';
import type { NotificationRouting, RenderTemplate } from './notifications';
import type { Order } from './order';
import {
  planWeeklySummary,
  summaryWeekSentOn,
  weeklySummaryDue,
  weeklySummaryEntry,
  weeklySummaryFigures,
  weeklySummaryParams,
  type SummaryWeek,
} from './weekly-summary';

const order = figuresOrder;

const EVENING = { id: 'evening', start: '16:00', end: '20:00' };

// The week of Saturday 21 to Friday 27 November 2026, told on Saturday the 28th. Egypt is on
// UTC+2 then: midnight in Cairo is 22:00 UTC the day before.
const ORDERS: Order[] = [
  // Cash, due on delivery, booked the week's first hour (00:30 Cairo on Saturday the 21st).
  order({ createdAt: '2026-11-20T22:30:00.000Z', totalPrice: 1000 }),
  // Card, paid.
  order({
    createdAt: '2026-11-22T10:00:00.000Z',
    totalPrice: 2000,
    paymentMethod: 'card',
    paymentStatus: 'paid',
    paymentProvider: 'test',
  }),
  // Card, paid, then cancelled and refunded: a cancellation, and money given back.
  order({
    createdAt: '2026-11-23T10:00:00.000Z',
    cancelledAt: '2026-11-24T10:00:00.000Z',
    totalPrice: 1500,
    paymentMethod: 'card',
    paymentStatus: 'refunded',
    paymentProvider: 'test',
  }),
  // Cash, cancelled: a cancellation, no money.
  order({ createdAt: '2026-11-24T10:00:00.000Z', cancelledAt: '2026-11-25T10:00:00.000Z' }),
  // Booked at 23:30 Cairo on Friday the 27th: the week's.
  order({ createdAt: '2026-11-27T21:30:00.000Z', totalPrice: 500 }),
  // Booked at 00:30 Cairo on Saturday the 28th (still Friday in UTC): the next week's.
  order({ createdAt: '2026-11-27T22:30:00.000Z', totalPrice: 700, moveDate: '2026-11-28' }),
  // Booked at 23:30 Cairo on Friday the 20th: the week before.
  order({ createdAt: '2026-11-20T21:30:00.000Z', totalPrice: 9999 }),
  // The week ahead's moves: two on Saturday morning (one booked above), one on its last day.
  order({ createdAt: '2026-11-22T12:00:00.000Z', moveDate: '2026-11-28' }),
  order({ createdAt: '2026-11-22T13:00:00.000Z', moveDate: '2026-12-04', timeWindow: EVENING }),
  // Not the week ahead's: the Friday before it, the Saturday after it, and a cancelled move.
  order({ createdAt: '2026-11-22T14:00:00.000Z', moveDate: '2026-11-27' }),
  order({ createdAt: '2026-11-22T15:00:00.000Z', moveDate: '2026-12-05' }),
  order({
    createdAt: '2026-11-22T16:00:00.000Z',
    moveDate: '2026-11-29',
    cancelledAt: '2026-11-23T08:00:00.000Z',
  }),
];

/** No crews on Fridays, as many shops keep the day off; three per window otherwise. */
const PLAN: CapacityDraft = {
  windows: FIRST_CAPACITY_PLAN.windows,
  exceptions: [{ weekday: 5, crews: { morning: 0, midday: 0, evening: 0 }, note: '' }],
} as CapacityDraft;

const WEEK = summaryWeekSentOn('2026-11-28', '09:00');

function figuresOf(orders: Order[], week: SummaryWeek = WEEK) {
  return weeklySummaryFigures(
    week,
    aggregatesOf(week.last, orders, []),
    aggregatesOf(week.next, orders, []).windows,
    PLAN,
  );
}

const ROUTING: NotificationRouting = {
  customerChannels: ['whatsapp', 'sms'],
  company: { language: 'ar', whatsapp: '+201000000000', email: 'team@afsh.example' },
  siteUrl: 'https://afsh.example',
};

/** A renderer that shows which values went in. */
const render: RenderTemplate = (template, language, values, channel) => {
  const params = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : v.key]),
  );
  return {
    params,
    body: `${template}/${language}: ${JSON.stringify(params)}`,
    subject: channel === 'email' ? `subject ${template}` : '',
  };
};

describe('the week', () => {
  it('is Saturday to Friday in Cairo, told the next Saturday at the set time', () => {
    expect(WEEK.key).toBe('weekly-summary:2026-11-21');
    expect(WEEK.last.current).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-27',
      // Midnight in Cairo (UTC+2 in November) at both ends.
      start: '2026-11-20T22:00:00.000Z',
      end: '2026-11-27T22:00:00.000Z',
    });
    expect(WEEK.next.days.map((d) => d.from)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    expect(WEEK.dueAt).toBe('2026-11-28T07:00:00.000Z');
  });

  it('is due from the set time on Saturday until the next Saturday’s, so a missed run catches up', () => {
    const due = (iso: string, time = '09:00') => weeklySummaryDue(new Date(iso), time).key;
    // 08:59 Cairo on Saturday: still the week before's summary.
    expect(due('2026-11-28T06:59:00.000Z')).toBe('weekly-summary:2026-11-14');
    expect(due('2026-11-28T07:00:00.000Z')).toBe('weekly-summary:2026-11-21');
    // The server was down all weekend: on Tuesday it is still this week's to send.
    expect(due('2026-12-01T12:00:00.000Z')).toBe('weekly-summary:2026-11-21');
    // 00:30 Cairo on Saturday the 5th is still Friday in UTC, and before 09:00: the same week.
    expect(due('2026-12-04T22:30:00.000Z')).toBe('weekly-summary:2026-11-21');
    // Sent at 00:00: due from the first minute of Saturday in Cairo.
    expect(due('2026-12-04T21:59:00.000Z', '00:00')).toBe('weekly-summary:2026-11-21');
    expect(due('2026-12-04T22:00:00.000Z', '00:00')).toBe('weekly-summary:2026-11-28');
  });

  it('follows Cairo’s summer time', () => {
    // Egypt is on UTC+3 in July: 09:00 Cairo is 06:00 UTC.
    const summer = weeklySummaryDue(new Date('2026-07-04T06:00:00.000Z'), '09:00');
    expect(summer.key).toBe('weekly-summary:2026-06-27');
    expect(summer.dueAt).toBe('2026-07-04T06:00:00.000Z');
    expect(summer.last.current.start).toBe('2026-06-26T21:00:00.000Z');
  });

  it('refuses a time that is not one', () => {
    expect(() => weeklySummaryDue(new Date(), '9am')).toThrow();
    expect(() => summaryWeekSentOn('2026-11-27', '09:00')).toThrow(/Saturday/);
  });
});

describe('the figures', () => {
  it('are the dashboard’s for the orders booked in the week, its edges in Cairo time', () => {
    expect(figuresOf(ORDERS).last).toMatchObject({
      // The 00:30 booking of the 21st and the 23:30 one of the 27th count; not the 23:30 of
      // the 20th nor the 00:30 of the 28th. The week-ahead moves were booked in it too.
      bookings: 10,
      cancellations: 3,
      paid: 2000,
      // Cash not cancelled: 1000, 500, and the four later moves' 1000 each.
      dueOnDelivery: 5500,
      refunded: 1500,
    });
  });

  it('counts the crews taken in the week ahead day by day against the plan', () => {
    const next = figuresOf(ORDERS).next;
    const day = (date: string) => next.find((d) => d.date === date)!.windows;
    expect(day('2026-11-28').map((w) => [w.id, w.booked, w.crews])).toEqual([
      ['morning', 2, 3],
      ['midday', 0, 3],
      ['evening', 0, 3],
    ]);
    // Friday: no crews, yet the move booked on it counts (an over-booked day shows).
    expect(day('2026-12-04').map((w) => [w.id, w.booked, w.crews])).toEqual([
      ['morning', 0, 0],
      ['midday', 0, 0],
      ['evening', 1, 0],
    ]);
    // The cancelled move of the 29th holds no crew.
    expect(day('2026-11-29').every((w) => w.booked === 0)).toBe(true);
  });

  it('are written in the team’s language: Arabic-Indic digits, EGP, weekday names', () => {
    const figures = figuresOf(ORDERS);
    const ar = weeklySummaryParams('weekly_summary', WEEK, figures, 'ar', 'https://afsh.example');
    expect(ar).toEqual({
      week: 'السبت، ٢١ نوفمبر – الجمعة، ٢٧ نوفمبر',
      bookings: '١٠',
      cancellations: '٣',
      paid: '\u200f٢٬٠٠٠\u00a0ج.م.\u200f',
      due_on_delivery: '\u200f٥٬٥٠٠\u00a0ج.م.\u200f',
      refunded: '\u200f١٬٥٠٠\u00a0ج.م.\u200f',
      next_moves: '٣',
      next_crews: '٥٤',
      next_days:
        'السبت ٢/٩، الأحد ٠/٩، الاثنين ٠/٩، الثلاثاء ٠/٩، الأربعاء ٠/٩، الخميس ٠/٩، الجمعة ١/٠',
      dashboard_url: 'https://afsh.example/admin-dashboard',
    });
    const en = weeklySummaryParams('weekly_summary', WEEK, figures, 'en', 'https://afsh.example');
    expect(en).toMatchObject({
      week: 'Sat, Nov 21 – Fri, Nov 27',
      paid: 'EGP\u00a02,000',
      next_days:
        'Saturday 2/9 · Sunday 0/9 · Monday 0/9 · Tuesday 0/9 · Wednesday 0/9 · Thursday 0/9 · Friday 1/0',
      dashboard_url: 'https://afsh.example/en/admin-dashboard',
    });
    // Every value is one line: WhatsApp refuses a parameter with a line break.
    for (const value of [...Object.values(ar), ...Object.values(en)]) {
      expect(value).not.toMatch(/\n/);
    }
  });
});

describe('the messages', () => {
  it('go to each channel the company hears on, in its language, with the week’s ids', () => {
    const entry = weeklySummaryEntry(WEEK, figuresOf(ORDERS), ROUTING, render, 6)!;
    expect(entry).toMatchObject({
      id: 'weekly-summary:2026-11-21',
      type: 'company.weeklySummary',
      detail: {
        from: '2026-11-21',
        to: '2026-11-27',
        nextFrom: '2026-11-28',
        nextTo: '2026-12-04',
      },
    });
    expect(
      entry.messages.map((m) => [m.id, m.recipient, m.channel, m.address, m.template, m.language]),
    ).toEqual([
      [
        'weekly-summary:2026-11-21:whatsapp',
        'company',
        'whatsapp',
        '+201000000000',
        'weekly_summary',
        'ar',
      ],
      [
        'weekly-summary:2026-11-21:email',
        'company',
        'email',
        'team@afsh.example',
        'weekly_summary',
        'ar',
      ],
    ]);
    expect(entry.messages.map((m) => [m.fallback, m.maxTries, m.subject])).toEqual([
      [[], 6, ''],
      [[], 6, 'subject weekly_summary'],
    ]);
    expect(entry.messages[0]!.params.bookings).toBe('١٠');
  });

  it('say so when nobody booked all week, rather than a column of zeros', () => {
    // Only the moves booked earlier for the week ahead: none booked in the week itself.
    const quiet = ORDERS.filter((o) => o.createdAt < '2026-11-20T22:00:00.000Z');
    const figures = figuresOf(quiet);
    expect(figures.last.bookings).toBe(0);
    const [message] = planWeeklySummary(WEEK, figures, ROUTING);
    expect(message).toMatchObject({ template: 'weekly_summary_quiet', channel: 'whatsapp' });
    expect(Object.keys(message!.params)).toEqual([
      'week',
      'next_moves',
      'next_crews',
      'next_days',
      'site_url',
    ]);
    expect(message!.params.site_url).toBe('https://afsh.example/');
  });

  it('are none, and nothing is recorded, when the company hears on no channel', () => {
    const routing: NotificationRouting = { ...ROUTING, company: { language: 'en' } };
    expect(weeklySummaryEntry(WEEK, figuresOf(ORDERS), routing, render, 6)).toBeNull();
  });

  it('are the same however often they are planned: one week, one key', () => {
    const a = weeklySummaryEntry(WEEK, figuresOf(ORDERS), ROUTING, render, 6)!;
    const later = weeklySummaryDue(new Date('2026-12-02T10:00:00.000Z'), '09:00');
    const b = weeklySummaryEntry(later, figuresOf(ORDERS, later), ROUTING, render, 6)!;
    expect(b.id).toBe(a.id);
    expect(b.messages.map((m) => m.id)).toEqual(a.messages.map((m) => m.id));
  });
});
