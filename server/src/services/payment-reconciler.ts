import type { ReconcileSummary } from './payments-service.ts';

export interface ReconcilerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PaymentReconcilerOptions {
  /** One round at `now`: PaymentsService.reconcile. */
  round(now: Date): Promise<ReconcileSummary>;
  log: ReconcilerLog;
  /** Between rounds (a minute). */
  intervalMs?: number;
  /** The clock rounds run at; tests run rounds with the time they choose instead. */
  now?: () => Date;
}

/**
 * Payments that always end (D18): a round a minute, started when the app is ready and stopped
 * before it closes, asks the gateway about tries it has said nothing of and refunds extra
 * payments (PaymentsService.reconcile). Rounds never overlap: `runOnce` waits for the one
 * running. Like the notification worker, it holds nothing the database does not: a restart
 * picks up where the last round left off (payment_work).
 */
export class PaymentReconciler {
  readonly #options: PaymentReconcilerOptions;
  readonly #intervalMs: number;
  readonly #now: () => Date;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<ReconcileSummary> | null = null;
  #started = false;

  constructor(options: PaymentReconcilerOptions) {
    this.#options = options;
    this.#intervalMs = options.intervalMs ?? 60_000;
    this.#now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Stops scheduling rounds and waits for the one running, if any. */
  async stop(): Promise<void> {
    this.#started = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One round now (or at `now`), after the one running. */
  async runOnce(now?: Date): Promise<ReconcileSummary> {
    while (this.#running) await this.#running.catch(() => undefined);
    const round = this.#options.round(now ?? this.#now());
    this.#running = round;
    try {
      return await round;
    } finally {
      this.#running = null;
    }
  }

  #schedule(delayMs: number): void {
    if (!this.#started) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.runOnce()
        .then((summary) => {
          if (summary.asked > 0 || summary.refunded > 0 || summary.refundsRefused > 0) {
            this.#options.log.info({ ...summary }, 'payments: reconciled');
          }
        })
        .catch((error: unknown) =>
          this.#options.log.warn({ err: error }, 'payments: a reconciliation round failed'),
        )
        .finally(() => this.#schedule(this.#intervalMs));
    }, delayMs);
    this.#timer.unref();
  }
}
