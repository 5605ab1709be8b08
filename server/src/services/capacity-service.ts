import type {
  BookedWindow,
  CapacityDraft,
  CapacityPlan,
  DayAvailability,
} from '../../../src/domain/capacity.ts';
import { availabilityOf, checkCrewFree, datesFrom } from '../../../src/domain/capacity.ts';
import { cairoToday } from '../../../src/domain/datetime.ts';
import type { CalendarDay, Order } from '../../../src/domain/order.ts';
import { calendarOf } from '../../../src/domain/order.ts';
import { capacityDraftSchema } from '../../../src/domain/capacity-schema.ts';
import { checkCrewTaken } from '../../../src/domain/lifecycle.ts';
import type { CrewToTake } from '../../../src/domain/order-changes.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { CapacityRepository } from '../repositories/capacity-repository.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';
import type { SavedVersion } from '../repositories/versions-repository.ts';
import { deepFreeze, type CatalogRates } from '../../../src/domain/pricing.ts';
import {
  assignNewOrder,
  jobAvailability,
  jobOf,
  takeCrew,
  type Assignment,
  type DispatchBoard,
  type DispatchJob,
  type DispatchState,
  type JobSource,
  type SlotHolder,
} from '../../../src/domain/dispatch.ts';
import { crewOfPhone, fleetOfPlan, type Crew, type Fleet } from '../../../src/domain/fleet.ts';
import {
  crewJobsOf,
  FIELD_MESSAGES,
  notCrew,
  type CrewJob,
  type CrewJobs,
} from '../../../src/domain/field.ts';
import { RuleViolation } from '../../../src/domain/errors.ts';
import { fleetDraftSchema } from '../../../src/domain/fleet-schema.ts';
import { windowFull, windowsInOrder } from '../../../src/domain/capacity.ts';

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

  readonly #rates: () => Pick<CatalogRates, 'duration'>;
  #builtFleet: { saved: SavedVersion<unknown> | null; plan: CapacityPlan; fleet: Fleet } | null =
    null;

  /** `rates`: the current catalog's, whose durations say how long a move takes (D28). */
  constructor(
    capacity: CapacityRepository,
    orders: OrdersRepository,
    rates: () => Pick<CatalogRates, 'duration'>,
  ) {
    this.#capacity = capacity;
    this.#orders = orders;
    this.#rates = rates;
  }

  /**
   * The crews and trucks (D28): the version last saved, or, before any, the crews the plan
   * counted (version 0, `fleetOfPlan`).
   */
  fleet(): Fleet {
    const saved = this.#capacity.fleets.currentOrNull();
    const plan = this.plan();
    const built = this.#builtFleet;
    if (built && built.saved === saved && (saved !== null || built.plan === plan))
      return built.fleet;
    const fleet: Fleet = saved
      ? {
          ...saved.value,
          version: saved.version,
          updatedAt: saved.createdAt,
          updatedBy: saved.createdBy,
        }
      : { ...fleetOfPlan(plan), version: 0, updatedAt: null, updatedBy: null };
    this.#builtFleet = { saved, plan, fleet: deepFreeze(fleet) };
    return fleet;
  }

  saveFleet(body: unknown, admin: AuthUser): Fleet {
    this.#capacity.fleets.save(fleetDraftSchema.parse(body), admin.id);
    this.#orders.forgetTracking();
    return this.fleet();
  }

  /** What dispatch decides with (D28): the plan, the fleet, and who holds which window, read as asked. */
  state(): DispatchState {
    const days = new Map<string, Readonly<Record<string, readonly SlotHolder[]>>>();
    return {
      plan: this.plan(),
      fleet: this.fleet(),
      holdersOn: (date) => {
        let day = days.get(date);
        if (!day) {
          day = this.#orders.holdersBetween(date, date).get(date) ?? {};
          days.set(date, day);
        }
        return day;
      },
    };
  }

  /** A move as dispatch plans it, its hours under the current catalog's durations. */
  job(source: JobSource, orderId?: string): DispatchJob {
    return jobOf(source, this.#rates(), orderId);
  }

  /**
   * The crew and truck a new order takes (D28), or the "window full" refusal with the next
   * windows that could take its move. Called inside the order's transaction, where who holds
   * which window is exact: two bookings racing for the last crew are decided one after the other.
   */
  assignNew(
    source: JobSource,
    date: string,
    window: BookedWindow,
    now: Date = new Date(),
  ): Assignment {
    return assignNewOrder(this.state(), this.job(source), date, window, now, windowFull);
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

  /**
   * Which windows of `days` dates from `from` still have a free crew; none past the horizon. For
   * a move (D28: its pickup, drop-off, type and floors), the windows that could take it.
   */
  availability(
    from: string,
    days: number,
    now: Date = new Date(),
    move?: JobSource,
  ): DayAvailability[] {
    const dates = datesFrom(from, days);
    if (move) return this.#availableFor(move, dates, now);
    const booked = this.#capacity.bookedBetween(dates[0]!, dates[dates.length - 1]!);
    return availabilityOf(this.plan(), dates, (date) => booked.get(date) ?? {}, now);
  }

  /**
   * Throws the "window full" refusal, with the next free windows, unless `window` still has a
   * free crew on `date` under the current plan. Called before a card is charged and again inside
   * the order's transaction, where the count is exact: two customers racing for the last crew
   * are written one after the other, and the second one's check sees the first one's order.
   */
  checkFree(date: string, window: BookedWindow, now: Date = new Date(), move?: JobSource): void {
    if (move) {
      this.assignNew(move, date, window, now);
      return;
    }
    checkCrewFree(this.plan(), date, window, (day) => this.#capacity.bookedOn(day), now);
  }

  #availableFor(move: JobSource, dates: string[], now: Date): DayAvailability[] {
    const state = this.state();
    const last = dates[dates.length - 1]!;
    // One read for the dates asked and the days a long move may run into.
    const holders = this.#orders.holdersBetween(dates[0]!, datesFrom(last, 5)[4]!);
    const withHolders = { ...state, holdersOn: (date: string) => holders.get(date) ?? {} };
    // Past the booking horizon every window is closed: proposeAssignment says so.
    return jobAvailability(withHolders, this.job(move), dates, now);
  }

  /**
   * Throws the refusal of a change that takes a crew its order did not hold (D17: an un-cancel, a
   * reschedule) unless that crew is free, counted like `checkFree`, inside the change's transaction.
   */
  checkTaken(crew: CrewToTake | undefined, now: Date = new Date()): void {
    checkCrewTaken(crew, this.plan(), (day) => this.#capacity.bookedOn(day), now);
  }

  /**
   * The crew a change takes (D17, D28): the order's own crew when it is free in the new window,
   * else the one proposed; the change's refusal when none is. Inside the change's transaction.
   */
  take(order: Order, crew: CrewToTake, now: Date = new Date()): Assignment {
    return takeCrew(this.state(), this.job(order, order.id), crew, order.assignment, now);
  }

  /** The crew whose team leader this phone session is (D28), or the refusal. */
  crewOf(user: AuthUser): Crew {
    const crew = crewOfPhone(this.fleet(), user.phone);
    if (!crew) throw notCrew();
    return crew;
  }

  /** A team leader's jobs today and tomorrow, in Cairo (D28). */
  crewJobs(crew: Crew, now: Date = new Date()): CrewJobs {
    const today = cairoToday(now);
    const dates = datesFrom(today, 2);
    const orders = this.#orders.ordersOfCrew(crew.id, dates[0]!, dates[1]!);
    const plan = this.plan();
    return crewJobsOf(crew, orders, dates, (id) => plan.windows.find((w) => w.id === id));
  }

  /** One job as the team leader's phone shows it, after a tap. */
  crewJob(crew: Crew, order: Order): CrewJob {
    const plan = this.plan();
    const dates = order.assignment?.slots.map((slot) => slot.date) ?? [order.moveDate];
    const job = crewJobsOf(crew, [order], dates, (id) => plan.windows.find((w) => w.id === id))
      .jobs[0];
    if (!job) throw new RuleViolation('not-found', FIELD_MESSAGES.notYourJob);
    return job;
  }

  /** The office's dispatch board (D28): windows, fleet, and the orders holding windows of the dates. */
  board(from: string, days: number): DispatchBoard {
    const dates = datesFrom(from, days);
    const to = dates[dates.length - 1]!;
    const plan = this.plan();
    // A long move booked up to JOB_DAYS_MAX days before still holds windows of these dates.
    const ids = new Set<string>();
    for (const day of this.#orders.holdersBetween(from, to).values()) {
      for (const holders of Object.values(day)) for (const h of holders) ids.add(h.orderId);
    }
    const orders = [...ids]
      .map((id) => this.#orders.findById(id))
      .filter((order): order is Order => order !== null && order.status !== 'cancelled')
      .sort((a, b) => a.moveDate.localeCompare(b.moveDate) || a.moveTime.localeCompare(b.moveTime));
    return {
      dates,
      windows: windowsInOrder(plan.windows).map(({ id, start, end, crews }) => ({
        id,
        start,
        end,
        crews,
      })),
      fleet: this.fleet(),
      orders,
    };
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
