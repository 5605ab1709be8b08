// The hosted build's admin desk and an order's messages (docs/decisions.md D10). The outbox is no
// browser's to read, so no listener can hear a message being sent, retried or failing; the
// self-hosted server pushes those over its event stream. Instead, while a desk is open, the
// adapter asks the orderNotifications function again about the orders whose messages the admin
// opened, when something should have happened to them: a few seconds after a message was queued
// or claimed, just after a retry's time, and whenever the order itself changes. Each message
// that changed is handed to the desk as the server's stream would hand it.
import type { NotificationMessage } from '../../domain/notifications';

/** Orders followed at once: the admin opens one order's details at a time, maybe a few. */
export const FOLLOWED_ORDERS = 5;
/** The first look after a message was queued, claimed or sent again. */
export const FIRST_LOOK_MS = 3_000;
/** A retry is sent by the sweeper, which runs every minute: look that long after it is due. */
export const SWEEP_LAG_MS = 65_000;
/** The longest wait between two looks. */
export const LONGEST_LOOK_MS = 10 * 60_000;
/** Looks in a row that find nothing new before the order is no longer followed. */
export const QUIET_LOOKS = 8;

export interface MessageFollowerOptions {
  /** Reads an order's messages (the orderNotifications function). */
  read(orderId: string): Promise<NotificationMessage[]>;
  /** A message that is new or changed since it was last seen. */
  changed(message: NotificationMessage): void;
  now?: () => number;
}

interface Followed {
  /** What was last seen of each message: the fields a try changes. */
  seen: Map<string, string>;
  unfinished: NotificationMessage[];
  quiet: number;
  timer: ReturnType<typeof setTimeout> | null;
  reading: boolean;
}

const unfinished = (message: NotificationMessage) =>
  message.state === 'pending' || message.state === 'sending';

const fingerprint = (m: NotificationMessage) =>
  [m.state, m.tries, m.maxTries, m.lastError, m.nextAttemptAt, m.sentAt].join('|');

/**
 * When to look again at an order whose messages are `messages`: null when all are finished
 * (sent, failed, cancelled). Each look that found nothing new doubles the wait.
 */
export function nextLookIn(
  messages: readonly NotificationMessage[],
  quiet: number,
  now: number,
): number | null {
  const waiting = messages.filter(unfinished);
  if (waiting.length === 0) return null;
  const due = Math.min(
    ...waiting.map((message) => {
      if (message.state === 'sending') return FIRST_LOOK_MS;
      const left = Date.parse(message.nextAttemptAt) - now;
      return left > 0 ? left + SWEEP_LAG_MS : FIRST_LOOK_MS;
    }),
  );
  return Math.min(LONGEST_LOOK_MS, Math.max(due, FIRST_LOOK_MS * 2 ** quiet));
}

/** Follows the messages of the few orders the admin last opened, while a desk is watching. */
export class MessageFollower {
  readonly #options: MessageFollowerOptions;
  readonly #orders = new Map<string, Followed>();
  #watching = false;

  constructor(options: MessageFollowerOptions) {
    this.#options = options;
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  /**
   * The admin read an order's messages (or changed one): they are the starting point. Nothing is
   * announced for them (the admin already has them); what happens to them next will be.
   */
  seen(orderId: string, messages: readonly NotificationMessage[]): void {
    let followed = this.#orders.get(orderId);
    if (followed) {
      this.#orders.delete(orderId);
    } else {
      followed = { seen: new Map(), unfinished: [], quiet: 0, timer: null, reading: false };
    }
    // The most recently opened last: the oldest is the first to go.
    this.#orders.set(orderId, followed);
    for (const message of messages) followed.seen.set(message.id, fingerprint(message));
    followed.unfinished = this.#merge(followed.unfinished, messages).filter(unfinished);
    followed.quiet = 0;
    for (const [id, other] of this.#orders) {
      if (this.#orders.size <= FOLLOWED_ORDERS) break;
      this.#forget(id, other);
    }
    this.#schedule(orderId, followed);
  }

  /** The order was written (a change, a cancellation): it may have new messages. */
  orderChanged(orderId: string): void {
    const followed = this.#orders.get(orderId);
    if (followed && this.#watching) void this.#look(orderId, followed);
  }

  orderDeleted(orderId: string): void {
    const followed = this.#orders.get(orderId);
    if (followed) this.#forget(orderId, followed);
  }

  /** A desk is watching: looks are due again. Without one, nothing is read. */
  watch(watching: boolean): void {
    this.#watching = watching;
    for (const [orderId, followed] of this.#orders) {
      if (watching) this.#schedule(orderId, followed);
      else this.#clear(followed);
    }
  }

  #merge(
    list: readonly NotificationMessage[],
    messages: readonly NotificationMessage[],
  ): NotificationMessage[] {
    const byId = new Map(list.map((message) => [message.id, message]));
    for (const message of messages) byId.set(message.id, message);
    return [...byId.values()];
  }

  #clear(followed: Followed): void {
    if (followed.timer !== null) clearTimeout(followed.timer);
    followed.timer = null;
  }

  #forget(orderId: string, followed: Followed): void {
    this.#clear(followed);
    this.#orders.delete(orderId);
  }

  #schedule(orderId: string, followed: Followed): void {
    this.#clear(followed);
    if (!this.#watching) return;
    const wait = nextLookIn(followed.unfinished, followed.quiet, this.#now());
    if (wait === null) return;
    followed.timer = setTimeout(() => {
      followed.timer = null;
      void this.#look(orderId, followed);
    }, wait);
  }

  async #look(orderId: string, followed: Followed): Promise<void> {
    if (followed.reading) return;
    followed.reading = true;
    this.#clear(followed);
    let news = false;
    try {
      const messages = await this.#options.read(orderId);
      if (this.#orders.get(orderId) !== followed) return; // forgotten meanwhile
      for (const message of messages) {
        const print = fingerprint(message);
        if (followed.seen.get(message.id) === print) continue;
        followed.seen.set(message.id, print);
        news = true;
        this.#options.changed(message);
      }
      followed.unfinished = messages.filter(unfinished);
    } catch {
      // Offline, or no longer an admin: the next look tries again, later.
    } finally {
      followed.reading = false;
    }
    if (this.#orders.get(orderId) !== followed) return;
    followed.quiet = news ? 0 : followed.quiet + 1;
    if (followed.quiet >= QUIET_LOOKS) this.#forget(orderId, followed);
    else this.#schedule(orderId, followed);
  }
}
