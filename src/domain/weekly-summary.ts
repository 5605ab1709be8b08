/**
 * The weekly summary to the company (docs/decisions.md D25, D27): every Saturday, on each
 * channel the team hears new orders on, last week's bookings, revenue and cancellations and
 * the crews taken in the week ahead.
 *
 * A week is Egypt's, Saturday to Friday in Cairo (the dashboard's `bucketStart`). The figures
 * are the dashboard's own (`dashboardOf`, `windowsByDay`) over the backend's aggregates, so the
 * message and the owner's page never disagree. Each backend only loads those aggregates, calls
 * `weeklySummaryEntry` and stores what it returns, in one transaction with the week's record
 * (its `key`): a second run, on the same machine or another, finds the record and sends nothing.
 */
import type { CapacityDraft } from './capacity';
import { weekdayOf } from './capacity';
import {
  addDays,
  bucketStart,
  dashboardOf,
  dashboardPeriod,
  windowsByDay,
  type DashboardAggregates,
  type DashboardPeriod,
  type DashboardTotals,
  type DayWindows,
  type WindowRow,
} from './dashboard';
import { cairoInstant, cairoToday, formatDayShort, formatWeekday, isValidTime } from './datetime';
import type { DisplayLanguage } from './locale';
import { formatMoney, formatNumber } from './money';
import {
  NOTIFICATION_CHANNELS,
  TEMPLATE_PARAMETERS,
  triesFor,
  type NewOutboxMessage,
  type NotificationChannel,
  type NotificationRouting,
  type NotificationTemplate,
  type RenderTemplate,
  type TemplateValue,
} from './notifications';

/** What the outbox records as the cause of the week's messages (no order: `orderId` null). */
export const WEEKLY_SUMMARY_EVENT = 'company.weeklySummary';

/** The summary's templates: the figures, or a week without a single booking, said as such. */
export const WEEKLY_SUMMARY_TEMPLATES = [
  'weekly_summary',
  'weekly_summary_quiet',
] as const satisfies readonly NotificationTemplate[];
export type WeeklySummaryTemplate = (typeof WEEKLY_SUMMARY_TEMPLATES)[number];

export function isWeeklySummaryTemplate(
  template: NotificationTemplate,
): template is WeeklySummaryTemplate {
  return (WEEKLY_SUMMARY_TEMPLATES as readonly string[]).includes(template);
}

/** When it is sent by default: Saturday, the first working day of the week, 09:00 Cairo. */
export const DEFAULT_WEEKLY_SUMMARY_TIME = '09:00';

/** The week a summary tells of, the week after it, and the one record that it was sent. */
export interface SummaryWeek {
  /**
   * The idempotency key, `weekly-summary:<the Saturday the week started>`: the outbox event's
   * id on both backends, so the week is recorded once whoever runs the job, however often.
   */
  key: string;
  /** Saturday to Friday just ended, as the dashboard's period (one week bucket). */
  last: DashboardPeriod;
  /**
   * The week ahead, from the Saturday it is sent on, as a dashboard period by day: the crews
   * taken on its move dates are read as the dashboard reads them (`WindowRow`).
   */
  next: DashboardPeriod;
  /** When it became due: that Saturday at the set time, Cairo (ISO 8601, UTC). */
  dueAt: string;
}

/** The summary sent on Saturday `saturday` at `time` (Cairo): of the week before it. */
export function summaryWeekSentOn(saturday: string, time: string): SummaryWeek {
  const from = addDays(saturday, -7);
  const last = dashboardPeriod({ from, to: addDays(saturday, -1), bucket: 'week' });
  const next = dashboardPeriod({ from: saturday, to: addDays(saturday, 6), bucket: 'day' });
  const dueAt = cairoInstant(saturday, time);
  if (!last || !next || !dueAt || weekdayOf(saturday) !== 6) {
    throw new Error(`not a Saturday and a time: ${saturday} ${time}`);
  }
  return {
    key: `weekly-summary:${from}`,
    last,
    next,
    dueAt: dueAt.toISOString(),
  };
}

/**
 * The summary due at `now` with the summary sent on Saturdays at `time` (HH:MM, Cairo): the
 * latest one whose time has come. A job that missed Saturday (the server was down) finds the
 * same week until the next Saturday's time, and so catches up; the record of the week, not
 * this function, makes sure it goes out once. Weeks older than that are not sent late: the
 * dashboard has them.
 */
export function weeklySummaryDue(now: Date, time: string): SummaryWeek {
  if (!isValidTime(time)) throw new Error(`not a time of day: ${time}`);
  const saturday = bucketStart(cairoToday(now), 'week');
  const thisWeek = summaryWeekSentOn(saturday, time);
  return Date.parse(thisWeek.dueAt) <= now.getTime()
    ? thisWeek
    : summaryWeekSentOn(addDays(saturday, -7), time);
}

/** When the summary after the one due at `now` falls due: next Saturday at `time`, Cairo. */
export function nextWeeklySummaryAt(now: Date, time: string): Date {
  const due = weeklySummaryDue(now, time);
  return new Date(summaryWeekSentOn(addDays(due.next.current.from, 7), time).dueAt);
}

/** What the summary says. */
export interface WeeklySummaryFigures {
  /** The dashboard's totals of last week (the orders booked in it). */
  last: DashboardTotals;
  /** The crews taken and working, per day and window, in the week ahead. */
  next: DayWindows[];
}

/**
 * The figures from what a backend aggregated: last week's as the dashboard aggregates a
 * period (`DashboardAggregates` of `week.last`), the week ahead's crews taken (the rows the
 * dashboard reads for its windows, for `week.next`), and the current crews plan.
 */
export function weeklySummaryFigures(
  week: SummaryWeek,
  lastWeek: DashboardAggregates,
  nextWeek: readonly WindowRow[],
  plan: CapacityDraft,
): WeeklySummaryFigures {
  return {
    last: dashboardOf(week.last, lastWeek, plan).current,
    next: windowsByDay(
      week.next.days.map((day) => day.from),
      nextWeek,
      plan,
    ),
  };
}

/** English pages live under /en (src/i18n/languages.ts), as in notifications.ts. */
const prefix = (language: DisplayLanguage) => (language === 'en' ? '/en' : '');

function dayLoad(day: DayWindows, language: DisplayLanguage): string {
  const booked = day.windows.reduce((n, w) => n + w.booked, 0);
  const crews = day.windows.reduce((n, w) => n + w.crews, 0);
  const name = formatWeekday(weekdayOf(day.date), language);
  // A day no crew works and nobody booked (Friday, often) is a dash, not "0/0".
  if (booked === 0 && crews === 0) return `${name} –`;
  return `${name} ${formatNumber(booked, language)}/${formatNumber(crews, language)}`;
}

/**
 * The values of a summary template in `language`: amounts in EGP and counts in its digits
 * (Arabic-Indic in Arabic), days by their weekday. Each value is one line, as WhatsApp wants a
 * template's parameters.
 */
export function weeklySummaryParams(
  template: WeeklySummaryTemplate,
  week: SummaryWeek,
  figures: WeeklySummaryFigures,
  language: DisplayLanguage,
  siteUrl: string,
): Record<string, TemplateValue> {
  const { last, next } = figures;
  const all: Record<string, string> = {
    week: `${formatDayShort(week.last.current.from, language)} – ${formatDayShort(week.last.current.to, language)}`,
    bookings: formatNumber(last.bookings, language),
    cancellations: formatNumber(last.cancellations, language),
    paid: formatMoney(last.paid, language),
    due_on_delivery: formatMoney(last.dueOnDelivery, language),
    refunded: formatMoney(last.refunded, language),
    next_moves: formatNumber(
      next.reduce((n, day) => n + day.windows.reduce((m, w) => m + w.booked, 0), 0),
      language,
    ),
    next_crews: formatNumber(
      next.reduce((n, day) => n + day.windows.reduce((m, w) => m + w.crews, 0), 0),
      language,
    ),
    next_days: next.map((day) => dayLoad(day, language)).join(language === 'ar' ? '، ' : ' · '),
    dashboard_url: `${siteUrl}${prefix(language)}/admin-dashboard`,
    site_url: `${siteUrl}${prefix(language)}/`,
  };
  return Object.fromEntries(TEMPLATE_PARAMETERS[template].map((name) => [name, all[name] ?? '']));
}

/** One summary message, before its text is rendered. */
export interface PlannedSummaryMessage {
  channel: NotificationChannel;
  address: string;
  template: WeeklySummaryTemplate;
  language: DisplayLanguage;
  params: Record<string, TemplateValue>;
}

/**
 * Who is told: each channel the company hears on (its address, where a provider serves it).
 * A week with no booking at all gets its own text, which says so and asks to check that the
 * site takes bookings, rather than a column of zeros that reads like any other week.
 */
export function planWeeklySummary(
  week: SummaryWeek,
  figures: WeeklySummaryFigures,
  routing: NotificationRouting,
): PlannedSummaryMessage[] {
  const { company } = routing;
  const template: WeeklySummaryTemplate =
    figures.last.bookings === 0 ? 'weekly_summary_quiet' : 'weekly_summary';
  let params: Record<string, TemplateValue> | undefined;
  return NOTIFICATION_CHANNELS.flatMap((channel): PlannedSummaryMessage[] => {
    const address = company[channel];
    if (!address) return [];
    params ??= weeklySummaryParams(template, week, figures, company.language, routing.siteUrl);
    return [{ channel, address, template, language: company.language, params }];
  });
}

/** The week's record and its messages, rendered, as both outboxes store them. */
export interface WeeklySummaryEntry {
  /** The outbox event's id: the week's key. */
  id: string;
  type: typeof WEEKLY_SUMMARY_EVENT;
  detail: { from: string; to: string; nextFrom: string; nextTo: string };
  /** Each with its id (`<key>:<channel>`), so a message too exists once per week. */
  messages: (NewOutboxMessage & { id: string })[];
}

/**
 * What the week puts in an outbox, or null when the company hears on no channel (nothing is
 * recorded then: a recipient configured later in the week still gets that week's summary).
 */
export function weeklySummaryEntry(
  week: SummaryWeek,
  figures: WeeklySummaryFigures,
  routing: NotificationRouting,
  render: RenderTemplate,
  maxTries: number,
): WeeklySummaryEntry | null {
  const planned = planWeeklySummary(week, figures, routing);
  if (planned.length === 0) return null;
  return {
    id: week.key,
    type: WEEKLY_SUMMARY_EVENT,
    detail: {
      from: week.last.current.from,
      to: week.last.current.to,
      nextFrom: week.next.current.from,
      nextTo: week.next.current.to,
    },
    messages: planned.map((message) => {
      const rendered = render(message.template, message.language, message.params, message.channel);
      return {
        id: `${week.key}:${message.channel}`,
        recipient: 'company',
        channel: message.channel,
        fallback: [],
        address: message.address,
        template: message.template,
        language: message.language,
        params: rendered.params,
        body: rendered.body,
        subject: rendered.subject,
        maxTries: triesFor(maxTries, false),
      };
    }),
  };
}

/**
 * A week to show what the templates look like filled in: the examples Meta asks for when a
 * WhatsApp template is registered (scripts/whatsapp-templates.ts), and the templates' test.
 */
export function exampleWeeklySummaryParams(
  template: WeeklySummaryTemplate,
  language: DisplayLanguage,
  siteUrl: string,
): Record<string, TemplateValue> {
  const week = summaryWeekSentOn('2026-11-28', DEFAULT_WEEKLY_SUMMARY_TIME);
  const windows = (date: string, booked: number, crews: number) => ({
    date,
    windows: [{ id: 'morning', start: '08:00', end: '12:00', booked, crews }],
  });
  const figures: WeeklySummaryFigures = {
    last: {
      bookings: 42,
      cancellations: 3,
      paid: 38_500,
      dueOnDelivery: 21_000,
      refunded: 1_200,
      averageOrderValue: 1_500,
      averageLeadDays: 4.2,
      reviews: 5,
      reviewAverage: 4.6,
    },
    next: week.next.days.map(({ from }, i) =>
      windows(from, [6, 5, 4, 4, 3, 2, 0][i]!, i === 6 ? 0 : 8),
    ),
  };
  return weeklySummaryParams(template, week, figures, language, siteUrl);
}
