// Prices and crews as data on the hosted build (docs/decisions.md D11, D12): the admins' saves of
// a catalog version and of a crews plan (validated by the same schemas as the self-hosted
// server's), which windows still have a free crew (anyone booking: yes or no per window, no
// counts), and the admins' calendar. The current catalog is a document every browser reads; the
// plan is the admins'; the counters are the functions' alone.
import {
  availabilityOf,
  requestedDates,
  type CapacityPlan,
  type DayAvailability,
} from '../../../src/domain/capacity.ts';
import { RuleViolation } from '../../../src/domain/errors.ts';
import { calendarOf, type CalendarDay } from '../../../src/domain/order.ts';
import type { PriceCatalog } from '../../../src/domain/pricing.ts';
import { capacityDraftSchema } from '../../../src/domain/capacity-schema.ts';
import { catalogRatesSchema } from '../../../src/domain/catalog-schema.ts';
import { jobSourceOfMove } from '../../../src/domain/dispatch.ts';
import { availabilityMoveSchema } from '../../../src/domain/dispatch-schema.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import { requireAdmin, type AdminDirectory, type CallContext } from '../platform/context.ts';
import { objectOf, parseOrRefuse } from '../shared/input.ts';
import type { CatalogRepository } from './catalog-repository.ts';

export interface CatalogDeps {
  catalog: CatalogRepository;
  admins: AdminDirectory;
}

/** An admin saves the rates as the next catalog version, effective at once (D11). */
export async function savePriceCatalog(
  ctx: CallContext,
  data: unknown,
  deps: CatalogDeps,
): Promise<PriceCatalog> {
  const admin = await requireAdmin(ctx, deps.admins);
  const rates = parseOrRefuse(catalogRatesSchema, data);
  return deps.catalog.saveCatalog(rates, { uid: admin.uid, email: admin.email }, ctx.now);
}

/** An admin saves a crews plan (windows, crews, exceptions), effective at once (D12). */
export async function saveCapacityPlan(
  ctx: CallContext,
  data: unknown,
  deps: CatalogDeps,
): Promise<CapacityPlan> {
  const admin = await requireAdmin(ctx, deps.admins);
  const draft = parseOrRefuse(capacityDraftSchema, data);
  return deps.catalog.savePlan(draft, { uid: admin.uid, email: admin.email }, ctx.now);
}

/** `{ from, days }`: a run of Cairo dates the server would answer, or invalid-argument. */
function datesOf(data: unknown): string[] {
  const { from, days } = objectOf(data);
  const dates =
    typeof from === 'string' && typeof days === 'number' ? requestedDates(from, days) : null;
  if (!dates) throw new RuleViolation('invalid-argument', VALIDATION_MESSAGES.invalid);
  return dates;
}

/**
 * Which windows of the dates still have a free crew, for anyone booking (no session needed, as
 * on the server): yes or no per window, never the counts or the plan's crews.
 */
export async function capacityAvailability(
  ctx: CallContext,
  data: unknown,
  deps: CatalogDeps,
): Promise<DayAvailability[]> {
  const dates = datesOf(data);
  // D28: with the customer's move, the windows a crew serving its pickup could take it in; a
  // question without one (an older page) is answered for any move of one window.
  const move = availabilityMoveSchema.safeParse(objectOf(data).move);
  if (move.success) {
    const { catalog } = await deps.catalog.current();
    const source = jobSourceOfMove(move.data, catalog.distance.roadFactor);
    return deps.catalog.availabilityFor(source, dates, ctx.now);
  }
  const [plan, booked] = await Promise.all([
    deps.catalog.plan(),
    deps.catalog.bookedBetween(dates[0]!, dates[dates.length - 1]!),
  ]);
  return availabilityOf(plan, dates, (date) => booked.get(date) ?? {}, ctx.now);
}

/** The admins' calendar: each date's windows, booked against crews, with their orders. */
export async function capacityCalendar(
  ctx: CallContext,
  data: unknown,
  deps: CatalogDeps,
): Promise<CalendarDay[]> {
  await requireAdmin(ctx, deps.admins);
  const dates = datesOf(data);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const [plan, booked, orders] = await Promise.all([
    deps.catalog.plan(),
    deps.catalog.bookedBetween(from, to),
    deps.catalog.ordersBetween(from, to),
  ]);
  return calendarOf(plan, dates, (date) => booked.get(date) ?? {}, orders, ctx.now);
}
