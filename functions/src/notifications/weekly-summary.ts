// The weekly summary to the company on the hosted build (docs/decisions.md D27): the domain
// says which week is due and what it says (src/domain/weekly-summary.ts); this reads the
// dashboard's aggregates of that week (hostedAggregates, as the owner's dashboard does) and
// the crews counters of the week ahead, and writes the messages with the week's record in one
// transaction (HostedOutbox.recordOnce). A run that finds the week recorded reads one document.
import type { RenderTemplate } from '../../../src/domain/notifications.ts';
import {
  weeklySummaryDue,
  weeklySummaryEntry,
  weeklySummaryFigures,
} from '../../../src/domain/weekly-summary.ts';
import {
  hostedAggregates,
  windowRows,
  type DashboardDeps,
} from '../dashboard/dashboard-handlers.ts';
import type { NotifySettings } from './notify-settings.ts';
import type { HostedOutbox } from './outbox-repository.ts';
import { renderTemplate } from './renderer.ts';

export interface WeeklySummaryDeps extends Pick<DashboardDeps, 'dashboard' | 'catalog'> {
  outbox: Pick<HostedOutbox, 'recorded' | 'recordOnce'>;
  notify: NotifySettings;
}

/** Writes the summary due at `now` unless it is written already; returns the messages' ids. */
export async function queueWeeklySummary(
  deps: WeeklySummaryDeps,
  now: Date,
  render: RenderTemplate = renderTemplate,
): Promise<string[]> {
  const { notify } = deps;
  if (notify.weeklySummary === null) return [];
  const week = weeklySummaryDue(now, notify.weeklySummary);
  if (await deps.outbox.recorded(week.key)) return [];
  const [{ aggregates, plan }, next] = await Promise.all([
    hostedAggregates(week.last, deps),
    windowRows(week.next, deps.catalog),
  ]);
  const figures = weeklySummaryFigures(week, aggregates, next, plan);
  const entry = weeklySummaryEntry(week, figures, notify.routing, render, notify.maxTries);
  return entry ? deps.outbox.recordOnce(entry, now) : [];
}
