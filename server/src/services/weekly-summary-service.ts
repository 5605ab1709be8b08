import type Database from 'better-sqlite3';
import { weeklySummaryDue, weeklySummaryFigures } from '../../../src/domain/weekly-summary.ts';
import type { DashboardRepository } from '../repositories/dashboard-repository.ts';
import type { OutboxMessage } from '../repositories/outbox-repository.ts';
import type { CapacityService } from './capacity-service.ts';
import type { NotificationsService } from './notifications-service.ts';

export interface WeeklySummaryServiceOptions {
  db: Database.Database;
  dashboard: DashboardRepository;
  capacity: Pick<CapacityService, 'plan'>;
  notifications: Pick<NotificationsService, 'hasRecorded' | 'recordWeeklySummary'>;
  /** NOTIFY_WEEKLY_SUMMARY: the Cairo time on Saturdays, or null when it is off. */
  time: string | null;
}

/**
 * The weekly summary to the company (D27): the domain says which week is due and what it says
 * (weekly-summary.ts); this loads the dashboard's aggregates of that week and the crews taken in
 * the next, and queues the messages with the week's record, all in one IMMEDIATE transaction.
 * A second run, or a second process on the same database, finds the record and queues nothing.
 */
export class WeeklySummaryService {
  readonly #options: WeeklySummaryServiceOptions;

  constructor(options: WeeklySummaryServiceOptions) {
    this.#options = options;
  }

  get time(): string | null {
    return this.#options.time;
  }

  /** Queues the summary due at `now` if it is not yet; returns the messages queued now. */
  run(now: Date = new Date()): OutboxMessage[] {
    const { db, dashboard, capacity, notifications, time } = this.#options;
    if (time === null) return [];
    const week = weeklySummaryDue(now, time);
    // Most runs find the week recorded: a read, without the write lock.
    if (notifications.hasRecorded(week.key)) return [];
    return db
      .transaction(() => {
        if (notifications.hasRecorded(week.key)) return [];
        const figures = weeklySummaryFigures(
          week,
          dashboard.aggregates(week.last),
          dashboard.windows(week.next),
          capacity.plan(),
        );
        return notifications.recordWeeklySummary(week, figures, now);
      })
      .immediate();
  }
}
