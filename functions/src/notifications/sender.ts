// Sending the hosted build's outbox (docs/decisions.md D10): plain functions that the Firestore
// trigger (a message written pending and due) and the scheduled sweeper (retries that came due,
// messages whose sender died mid-send) call; platform/notification-triggers.ts wraps them. The
// providers are the self-hosted server's (server/src/notifications/providers/), with the same
// settings, tries, backoff, idempotency keys, final `failed` and WhatsApp→SMS fallback.
import {
  afterTry,
  fallbackMessage,
  notificationLogContext,
  retryDelayMs,
  triesFor,
} from '../../../src/domain/notifications.ts';
import {
  tryToSend,
  type Providers,
  type ProviderLog,
} from '../../../server/src/notifications/providers/index.ts';
import type { NotifySettings } from './notify-settings.ts';
import type { HostedOutbox } from './outbox-repository.ts';

export interface SenderLog extends ProviderLog {
  error(object: object, message: string): void;
}

export interface SenderDeps {
  outbox: HostedOutbox;
  providers: Providers;
  notify: NotifySettings;
  log: SenderLog;
  /** The clock (tests move it). */
  now?: () => Date;
  /** The backoff's jitter (tests fix it). */
  random?: () => number;
}

/** A lease a little longer than a try: a sender that dies mid-send leaves it due again then. */
export const LEASE_MARGIN_MS = 30_000;

/** Messages one sweep sends at most, and at once. */
export const SWEEP_LIMIT = 50;
export const SWEEP_CONCURRENCY = 4;

export type SendResult = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * Whether a write to a message should make the trigger send it now: it is waiting and due (just
 * queued, queued again by "send again", or an SMS stand-in). The sender's own writes (sending,
 * sent, a retry later on) do not.
 */
export function dueOnWrite(data: Record<string, unknown> | undefined, now: Date): boolean {
  const dueAt = data?.dueAt as { toMillis?: () => number } | null | undefined;
  return (
    data?.state === 'pending' &&
    typeof dueAt?.toMillis === 'function' &&
    dueAt.toMillis() <= now.getTime()
  );
}

/** One try of message `id`, if it is due: claimed, sent, and its outcome recorded. */
export async function sendOutboxMessage(id: string, deps: SenderDeps): Promise<SendResult> {
  const { outbox, providers, notify, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const message = await outbox.claim(id, clock(), notify.timeoutMs + LEASE_MARGIN_MS);
  if (!message) return 'skipped';
  const { outcome, providerName } = await tryToSend(
    providers,
    message,
    AbortSignal.timeout(notify.timeoutMs),
  );
  const verdict = afterTry(outcome, message.tries, message.maxTries);
  const context = notificationLogContext(message);
  const now = clock();
  if (outcome.ok) {
    await outbox.settle(
      message,
      { kind: 'sent', provider: providerName, providerMessageId: outcome.providerMessageId },
      now,
    );
  } else if (verdict === 'retry') {
    const nextAt = new Date(now.getTime() + retryDelayMs(message.tries, notify.retry, deps.random));
    await outbox.settle(
      message,
      { kind: 'retry', provider: providerName, error: outcome.error, nextAt },
      now,
    );
    log.warn({ ...context, error: outcome.error, nextAt }, 'notifications: a try failed');
  } else {
    const fallback = fallbackMessage(message, (further) => triesFor(notify.maxTries, further));
    await outbox.settle(
      message,
      { kind: 'failed', provider: providerName, error: outcome.error, fallback },
      now,
    );
    log.warn(
      { ...context, error: outcome.error, fallback: fallback?.channel ?? null },
      'notifications: a message failed',
    );
  }
  return verdict;
}

export interface SweepOptions {
  /** Messages one sweep takes at most. */
  limit?: number;
  /**
   * How long the sweep may run (its function's timeout, less a margin): no try is started that
   * could not end within it. What is left waits for the next sweep.
   */
  budgetMs?: number;
}

/**
 * Sends what is due: retries whose wait is over, and messages a dead sender left `sending` past
 * its lease. Returns how many were tried.
 */
export async function sweepOutbox(
  deps: SenderDeps,
  { limit = SWEEP_LIMIT, budgetMs = Number.POSITIVE_INFINITY }: SweepOptions = {},
): Promise<number> {
  const clock = deps.now ?? (() => new Date());
  const started = clock().getTime();
  const ids = await deps.outbox.due(clock(), limit);
  let tried = 0;
  const queue = [...ids];
  const timeLeft = () => budgetMs - (clock().getTime() - started);
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (timeLeft() < deps.notify.timeoutMs) break;
      try {
        if ((await sendOutboxMessage(id, deps)) !== 'skipped') tried += 1;
      } catch (error) {
        deps.log.error({ err: error, messageId: id }, 'notifications: could not send a message');
      }
    }
  };
  await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
  return tried;
}
