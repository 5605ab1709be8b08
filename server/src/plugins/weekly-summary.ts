import type { FastifyInstance } from 'fastify';
import { nextWeeklySummaryAt } from '../../../src/domain/weekly-summary.ts';
import type { WeeklySummaryService } from '../services/weekly-summary-service.ts';

/** The longest a timer waits before looking again (a clock moved, a machine that slept). */
const LOOK_AGAIN_MS = 60 * 60 * 1000;

/**
 * Runs the weekly summary (D27) when the app is ready, which catches up a Saturday the server
 * missed, then at each Saturday's set time (looking again at least every hour, which costs one
 * indexed read). What it queues wakes the notification worker. A failure is a warning, and the
 * next look tries again; closing the app stops the timer.
 */
export function scheduleWeeklySummary(
  app: FastifyInstance,
  service: WeeklySummaryService,
  queued: () => void,
): void {
  const { time } = service;
  const log = app.log.child({ module: 'weekly-summary' });
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const run = () => {
    const now = new Date();
    try {
      const messages = service.run(now);
      if (messages.length > 0) {
        log.info(
          { messages: messages.length, week: messages[0]!.eventId },
          'weekly summary queued',
        );
        queued();
      }
    } catch (error) {
      log.warn({ err: error }, 'could not queue the weekly summary');
    }
    if (closed || time === null) return;
    const wait = Math.min(LOOK_AGAIN_MS, nextWeeklySummaryAt(now, time).getTime() - now.getTime());
    timer = setTimeout(run, Math.max(1000, wait));
    timer.unref();
  };
  app.addHook('onReady', async () => {
    if (time === null) {
      log.info('weekly summary: off (NOTIFY_WEEKLY_SUMMARY)');
      return;
    }
    run();
  });
  app.addHook('preClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
