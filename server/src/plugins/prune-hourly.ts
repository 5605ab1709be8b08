import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs `prune` when the app is ready and every hour while it runs (ended sessions and unused
 * visitors, the order quota log, sign-in codes). A failure is a warning, "could not prune
 * `what`", and the next hour tries again; closing the app stops the timer.
 */
export function pruneHourly(app: FastifyInstance, what: string, prune: () => void): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    try {
      prune();
    } catch (error) {
      app.log.warn({ err: error }, `could not prune ${what}`);
    }
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
