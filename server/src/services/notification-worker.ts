import {
  afterTry,
  fallbackMessage,
  notificationLogContext,
  retryDelayMs,
} from '../../../src/domain/notifications.ts';
import type { RetryPolicy, SendOutcome } from '../../../src/domain/notifications.ts';
import { tryToSend, type Providers } from '../notifications/providers/index.ts';
import type { OutboxMessage, OutboxRepository } from '../repositories/outbox-repository.ts';

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface NotificationWorkerOptions {
  outbox: OutboxRepository;
  providers: Providers;
  retry: RetryPolicy;
  /** The longest one try may take (NOTIFY_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Tries a fallback message (SMS after WhatsApp) gets. */
  fallbackTries: (canFallBackFurther: boolean) => number;
  log: WorkerLog;
  /** Messages sent at once; a slow provider does not hold up the rest. */
  concurrency?: number;
  /** Called after each change of a message's state (the admin desk listens). */
  onChange?: (message: OutboxMessage) => void;
  /** Checked even when nobody wakes the worker: a backstop, not the normal path. */
  idlePollMs?: number;
}

/**
 * Sends what the outbox holds (D10): due messages are claimed (`sending`, the try counted),
 * handed to their channel's provider with the message's idempotency key, and marked `sent`,
 * due again after an exponential backoff, or `failed` after the last try, when a fallback
 * channel takes over. After a restart or a crash, messages left `sending` are sent again with
 * the same key: nothing is lost, and a provider that honours the key sends nothing twice.
 */
export class NotificationWorker {
  readonly #options: NotificationWorkerOptions;
  readonly #concurrency: number;
  readonly #inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  #timer: NodeJS.Timeout | undefined;
  #scheduled = false;
  #running = false;
  #stopping = false;

  constructor(options: NotificationWorkerOptions) {
    this.#options = options;
    this.#concurrency = options.concurrency ?? 4;
  }

  /** Resumes what a previous process left half-done, then sends whatever is due. */
  start(): void {
    const resumed = this.#options.outbox.resumeInterrupted();
    if (resumed > 0) {
      this.#options.log.info({ resumed }, 'notifications: resuming messages a stop interrupted');
    }
    this.#stopping = false;
    this.#running = true;
    this.wake();
  }

  /** Something may be due now (a change committed, a message was sent again). */
  wake(): void {
    if (!this.#running || this.#stopping || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#tick();
    });
  }

  /**
   * Stops taking messages and lets the ones in flight finish for up to `graceMs`; any still
   * running then are abandoned as they are (`sending`), and the next start sends them again.
   */
  async stop(graceMs = 3000): Promise<void> {
    this.#stopping = true;
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    const pending = [...this.#inFlight.values()];
    if (pending.length === 0) return;
    const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.all(pending.map((p) => p.done)), grace]);
    for (const { abort } of this.#inFlight.values()) abort.abort();
    await Promise.all([...this.#inFlight.values()].map((p) => p.done));
  }

  /** How many messages are being sent right now (tests and the health of the desk). */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  #tick(): void {
    if (!this.#running) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const room = this.#concurrency - this.#inFlight.size;
    if (room > 0) {
      let claimed: OutboxMessage[] = [];
      try {
        // A lease a little longer than a try: if this process dies mid-send, the message is
        // due again once the lease runs out (a restart resumes it at once).
        claimed = this.#options.outbox.claimDue(room, this.#options.timeoutMs + 30_000);
      } catch (error) {
        this.#options.log.error({ err: error }, 'notifications: could not read the outbox');
      }
      for (const message of claimed) this.#send(message);
      // There may be more due than there was room for: each finished send wakes the worker.
    }
    this.#scheduleNext();
  }

  #scheduleNext(): void {
    if (!this.#running) return;
    let next: string | null = null;
    try {
      next = this.#options.outbox.nextDueAt();
    } catch {
      next = null;
    }
    const idle = this.#options.idlePollMs ?? 60_000;
    const wait = next === null ? idle : Math.min(idle, Math.max(0, Date.parse(next) - Date.now()));
    // With every slot busy, the next finished send wakes the worker anyway.
    if (this.#inFlight.size >= this.#concurrency) return;
    this.#timer = setTimeout(() => this.#tick(), wait);
    this.#timer.unref();
  }

  #send(message: OutboxMessage): void {
    const abort = new AbortController();
    const done = this.#attempt(message, abort).finally(() => {
      this.#inFlight.delete(message.id);
      this.wake();
    });
    this.#inFlight.set(message.id, { abort, done });
  }

  async #attempt(message: OutboxMessage, abort: AbortController): Promise<void> {
    const { log } = this.#options;
    this.#options.onChange?.(message);
    const timeout = AbortSignal.timeout(this.#options.timeoutMs);
    const signal = AbortSignal.any([timeout, abort.signal]);
    // An outbox message is an OutgoingMessage with the outbox's bookkeeping besides.
    const { outcome, providerName } = await tryToSend(this.#options.providers, message, signal);
    // Stopping: leave it `sending`; the next start sends it again under the same key.
    if (abort.signal.aborted && !outcome.ok) return;
    try {
      this.#record(message, outcome, providerName);
    } catch (error) {
      log.error({ err: error, messageId: message.id }, 'notifications: could not record a try');
    }
  }

  #record(message: OutboxMessage, outcome: SendOutcome, providerName: string): void {
    const { log, outbox, retry } = this.#options;
    const verdict = afterTry(outcome, message.tries, message.maxTries);
    const context = notificationLogContext(message);
    if (outcome.ok) {
      outbox.markSent(message.id, providerName, outcome.providerMessageId);
    } else if (verdict === 'retry') {
      const nextAt = new Date(Date.now() + retryDelayMs(message.tries, retry));
      outbox.markRetry(message.id, providerName, outcome.error, nextAt);
      log.warn({ ...context, error: outcome.error, nextAt }, 'notifications: a try failed');
    } else {
      // The same message, word for word, on the next channel.
      const fallback = fallbackMessage(message, this.#options.fallbackTries);
      const result = outbox.markFailed(message.id, providerName, outcome.error, fallback);
      log.warn(
        { ...context, error: outcome.error, fallback: result.fallback?.channel ?? null },
        'notifications: a message failed',
      );
      if (result.fallback) this.#options.onChange?.(result.fallback);
    }
    const stored = outbox.get(message.id);
    if (stored) this.#options.onChange?.(stored);
  }
}
