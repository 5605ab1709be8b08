// The weekly summary to the company (docs/decisions.md D27): Cloud Scheduler runs this every
// hour, Cairo time; the domain decides whether a week is due (NOTIFY_WEEKLY_SUMMARY, Saturdays
// at 09:00 by default), so a Saturday whose run failed is caught up an hour later, and the
// week's record makes every run after the first write nothing. The work is in
// notifications/weekly-summary.ts, which the tests call directly; this only wires it. The
// messages it writes are sent by the outbox's trigger, like every other.
import * as logger from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { CAIRO_TIME_ZONE } from '../../../src/domain/datetime.ts';
import { queueWeeklySummary } from '../notifications/weekly-summary.ts';
import { deps } from './callable.ts';
import { REGION } from './params.ts';

export function weeklySummarySchedule() {
  return onSchedule(
    {
      schedule: 'every 1 hours',
      timeZone: CAIRO_TIME_ZONE,
      region: REGION,
      timeoutSeconds: 120,
      // One run at a time; the week's record makes a second one harmless all the same.
      maxInstances: 1,
    },
    async () => {
      const queued = await queueWeeklySummary(deps(), new Date());
      if (queued.length > 0) logger.info('notifications: weekly summary queued', { queued });
    },
  );
}
