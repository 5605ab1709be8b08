// The owner's dashboard on the hosted build (docs/decisions.md D25): the orders booked in the
// period and the one before it, and their reviews, read once and aggregated by the domain as
// the server's SQL does; the crews taken per window come from the counters the functions keep
// (crewBookings, D12), one document a day. Read cost: one read per order and per review of the
// two periods, plus one per day and the plan.
import {
  aggregatesOf,
  dashboardOf,
  dashboardQuerySchema,
  type Dashboard,
  type DashboardAggregates,
  type DashboardPeriod,
  type ReviewForDashboard,
  type WindowRow,
} from '../../../src/domain/dashboard.ts';
import type { CapacityDraft } from '../../../src/domain/capacity.ts';
import type { Order } from '../../../src/domain/order.ts';
import { requireAdmin, type AdminDirectory, type CallContext } from '../platform/context.ts';
import { parseOrRefuse } from '../shared/input.ts';
import type { CatalogRepository } from '../catalog/catalog-repository.ts';

export interface DashboardReads {
  /** Orders created at or after `start` and before `end` (ISO instants). */
  ordersCreatedBetween(start: string, end: string): Promise<Order[]>;
  /** Reviews written at or after `start` and before `end`. */
  reviewsCreatedBetween(start: string, end: string): Promise<ReviewForDashboard[]>;
}

export interface DashboardDeps {
  dashboard: DashboardReads;
  catalog: Pick<CatalogRepository, 'plan' | 'bookedBetween'>;
  admins: AdminDirectory;
}

export async function adminDashboard(
  ctx: CallContext,
  data: unknown,
  deps: DashboardDeps,
): Promise<Dashboard> {
  await requireAdmin(ctx, deps.admins);
  const period = parseOrRefuse(
    dashboardQuerySchema(() => ctx.now),
    data ?? {},
  );
  const { aggregates, plan } = await hostedAggregates(period, deps);
  return dashboardOf(period, aggregates, plan);
}

/** The crews counters of `period`'s move dates (crewBookings, D12) as the dashboard's rows. */
export async function windowRows(
  period: DashboardPeriod,
  catalog: Pick<CatalogRepository, 'bookedBetween'>,
): Promise<WindowRow[]> {
  const booked = await catalog.bookedBetween(period.current.from, period.current.to);
  return [...booked].flatMap(([date, windows]) =>
    Object.entries(windows).map(([windowId, n]) => ({ date, windowId, booked: n })),
  );
}

/**
 * The dashboard's aggregates of `period` and the current plan, as the hosted build reads them:
 * the orders and reviews of the period and the one before it, aggregated by the domain, and
 * the crews counters of its dates. The dashboard and the weekly summary (D27) both read here.
 */
export async function hostedAggregates(
  period: DashboardPeriod,
  deps: Pick<DashboardDeps, 'dashboard' | 'catalog'>,
): Promise<{ aggregates: DashboardAggregates; plan: CapacityDraft }> {
  const { previous, current } = period;
  const [orders, reviews, plan, windows] = await Promise.all([
    deps.dashboard.ordersCreatedBetween(previous.start, current.end),
    deps.dashboard.reviewsCreatedBetween(previous.start, current.end),
    deps.catalog.plan(),
    windowRows(period, deps.catalog),
  ]);
  return { aggregates: { ...aggregatesOf(period, orders, reviews), windows }, plan };
}
