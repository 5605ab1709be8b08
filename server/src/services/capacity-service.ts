import type { BookedWindow, CapacityPlan, DayAvailability } from '../../../src/domain/capacity.ts';
import {
  checkWindowFree,
  datesFrom,
  dayAvailability,
  dayLoad,
  exceptionFor,
  findWindow,
  nextFreeWindows,
  windowFull,
} from '../../../src/domain/capacity.ts';
import { cairoDatePlusDays } from '../../../src/domain/datetime.ts';
import type { CalendarDay, Order } from '../../../src/domain/order.ts';
import { BOOKING_HORIZON_DAYS } from '../../../src/domain/pricing.ts';
import { capacityDraftSchema } from '../../../src/domain/schemas.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { CapacityRepository } from '../repositories/capacity-repository.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';

/** The calendar reads a day's orders in pages of this size. */
const CALENDAR_PAGE = 500;

/**
 * Crew capacity (D11): the plan admins edit, which windows still have a free crew (for the date
 * screen and, atomically, for every new order), and the admins' calendar of the coming weeks.
 */
export class CapacityService {
  readonly #capacity: CapacityRepository;
  readonly #orders: OrdersRepository;

  constructor(capacity: CapacityRepository, orders: OrdersRepository) {
    this.#capacity = capacity;
    this.#orders = orders;
  }

  plan(): CapacityPlan {
    const saved = this.#capacity.plans.current();
    return {
      ...saved.value,
      version: saved.version,
      updatedAt: saved.createdAt,
      updatedBy: saved.createdBy,
    };
  }

  save(body: unknown, admin: AuthUser): CapacityPlan {
    this.#capacity.plans.save(capacityDraftSchema.parse(body), admin.id);
    return this.plan();
  }

  /** Which windows of `days` dates from `from` still have a free crew; none past the horizon. */
  availability(from: string, days: number, now: Date = new Date()): DayAvailability[] {
    const plan = this.plan();
    const dates = datesFrom(from, days);
    const booked = this.#capacity.bookedBetween(dates[0]!, dates[dates.length - 1]!);
    const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS, now);
    return dates.map((date) => {
      const day = dayAvailability(plan, date, booked.get(date) ?? {}, now);
      if (date <= lastDay) return day;
      return { date, windows: day.windows.map((window) => ({ ...window, available: false })) };
    });
  }

  /**
   * Throws the "window full" refusal, with the next free windows, unless `window` still has a
   * free crew on `date` under the current plan. Called before a card is charged and again inside
   * the order's transaction, where the count is exact: two customers racing for the last crew
   * are written one after the other, and the second one's check sees the first one's order.
   */
  checkFree(date: string, window: BookedWindow, now: Date = new Date()): void {
    const plan = this.plan();
    const bookedOn = (day: string) => this.#capacity.bookedOn(day);
    const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS, now);
    const current = findWindow(plan, window.id);
    // A window removed (or moved to other hours) since the customer chose it is not theirs to get.
    if (!current || current.start !== window.start || current.end !== window.end) {
      throw windowFull(nextFreeWindows(plan, date, bookedOn, now, { lastDay }));
    }
    checkWindowFree(plan, date, current, bookedOn, now, lastDay);
  }

  /** The admins' calendar: each date's windows, booked against crews, with their orders. */
  calendar(from: string, days: number, now: Date = new Date()): CalendarDay[] {
    const plan = this.plan();
    const dates = datesFrom(from, days);
    const to = dates[dates.length - 1]!;
    const booked = this.#capacity.bookedBetween(from, to);
    const byDate = new Map<string, Order[]>();
    for (const order of this.#ordersBetween(from, to)) {
      if (order.status === 'cancelled') continue;
      const list = byDate.get(order.moveDate) ?? [];
      list.push(order);
      byDate.set(order.moveDate, list);
    }
    return dates.map((date) => {
      const orders = byDate.get(date) ?? [];
      const windows = dayLoad(plan, date, booked.get(date) ?? {}, now).map((load) => ({
        ...load,
        orders: orders.filter((order) => order.timeWindow?.id === load.id),
      }));
      const shown = new Set(windows.map((window) => window.id));
      return {
        date,
        note: exceptionFor(plan, date)?.note || null,
        windows,
        others: orders.filter((order) => !order.timeWindow || !shown.has(order.timeWindow.id)),
      };
    });
  }

  #ordersBetween(from: string, to: string): Order[] {
    const all: Order[] = [];
    for (let page = 1; ; page += 1) {
      const result = this.#orders.list({
        moveDateFrom: from,
        moveDateTo: to,
        sort: 'move-date-asc',
        page,
        limit: CALENDAR_PAGE,
      });
      all.push(...result.orders);
      if (result.orders.length < CALENDAR_PAGE) return all;
    }
  }
}
