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
  type ReviewForDashboard,
} from '../../../src/domain/dashboard.ts';
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
  const { previous, current } = period;
  const [orders, reviews, plan, booked] = await Promise.all([
    deps.dashboard.ordersCreatedBetween(previous.start, current.end),
    deps.dashboard.reviewsCreatedBetween(previous.start, current.end),
    deps.catalog.plan(),
    deps.catalog.bookedBetween(current.from, current.to),
  ]);
  const aggregates = aggregatesOf(period, orders, reviews);
  aggregates.windows = [...booked].flatMap(([date, windows]) =>
    Object.entries(windows).map(([windowId, n]) => ({ date, windowId, booked: n })),
  );
  return dashboardOf(period, aggregates, plan);
}
