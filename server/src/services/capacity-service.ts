import type {
  BookedWindow,
  CapacityDraft,
  CapacityPlan,
  DayAvailability,
} from '../../../src/domain/capacity.ts';
import { availabilityOf, checkCrewFree, datesFrom } from '../../../src/domain/capacity.ts';
import type { CalendarDay, Order } from '../../../src/domain/order.ts';
import { calendarOf } from '../../../src/domain/order.ts';
import { capacityDraftSchema } from '../../../src/domain/capacity-schema.ts';
import { checkCrewTaken } from '../../../src/domain/lifecycle.ts';
import type { CrewToTake } from '../../../src/domain/order-changes.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { CapacityRepository } from '../repositories/capacity-repository.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';
import type { SavedVersion } from '../repositories/versions-repository.ts';
import { deepFreeze } from '../../../src/domain/pricing.ts';

/** The calendar reads a day's orders in pages of this size. */
const CALENDAR_PAGE = 500;

/**
 * Crew capacity (D12): the plan admins edit, which windows still have a free crew (for the date
 * screen and, atomically, for every new order), and the admins' calendar of the coming weeks.
 */
export class CapacityService {
  readonly #capacity: CapacityRepository;
  readonly #orders: OrdersRepository;
  /** The plan built from the version last read (kept while the repository's object is). */
  #built: { saved: SavedVersion<CapacityDraft>; plan: CapacityPlan } | null = null;

  constructor(capacity: CapacityRepository, orders: OrdersRepository) {
    this.#capacity = capacity;
    this.#orders = orders;
  }

  plan(): CapacityPlan {
    const saved = this.#capacity.plans.current();
    if (this.#built?.saved !== saved) {
      const plan = {
        ...saved.value,
        version: saved.version,
        updatedAt: saved.createdAt,
        updatedBy: saved.createdBy,
      };
      // Shared by every request until the next version: frozen, so none can change it for others.
      this.#built = { saved, plan: deepFreeze(plan) };
    }
    return this.#built.plan;
  }

  save(body: unknown, admin: AuthUser): CapacityPlan {
    this.#capacity.plans.save(capacityDraftSchema.parse(body), admin.id);
    return this.plan();
  }

  /** Which windows of `days` dates from `from` still have a free crew; none past the horizon. */
  availability(from: string, days: number, now: Date = new Date()): DayAvailability[] {
    const dates = datesFrom(from, days);
    const booked = this.#capacity.bookedBetween(dates[0]!, dates[dates.length - 1]!);
    return availabilityOf(this.plan(), dates, (date) => booked.get(date) ?? {}, now);
  }

  /**
   * Throws the "window full" refusal, with the next free windows, unless `window` still has a
   * free crew on `date` under the current plan. Called before a card is charged and again inside
   * the order's transaction, where the count is exact: two customers racing for the last crew
   * are written one after the other, and the second one's check sees the first one's order.
   */
  checkFree(date: string, window: BookedWindow, now: Date = new Date()): void {
    checkCrewFree(this.plan(), date, window, (day) => this.#capacity.bookedOn(day), now);
  }

  /**
   * Throws the refusal of a change that takes a crew its order did not hold (D17: an un-cancel, a
   * reschedule) unless that crew is free, counted like `checkFree`, inside the change's transaction.
   */
  checkTaken(crew: CrewToTake | undefined, now: Date = new Date()): void {
    checkCrewTaken(crew, this.plan(), (day) => this.#capacity.bookedOn(day), now);
  }

  /** The admins' calendar: each date's windows, booked against crews, with their orders. */
  calendar(from: string, days: number, now: Date = new Date()): CalendarDay[] {
    const dates = datesFrom(from, days);
    const to = dates[dates.length - 1]!;
    const booked = this.#capacity.bookedBetween(from, to);
    const orders = this.#ordersBetween(from, to);
    return calendarOf(this.plan(), dates, (date) => booked.get(date) ?? {}, orders, now);
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
