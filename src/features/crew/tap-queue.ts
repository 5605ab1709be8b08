/**
 * The taps of the crew's phone that have not reached the backend yet (D28). A tap is written
 * here before it is sent, with the id it was made with, and leaves only once the backend has
 * answered it: so a tap made offline, or whose answer the network lost, is sent again, as it
 * was, when the phone is back online (the backend knows a tap id it has seen and changes nothing
 * the second time), and a page reloaded meanwhile finds it here. Taps go in the order they were
 * made, one after the other: the second step of a job is never sent before the first.
 *
 * Plain TypeScript (no React): the storage and the sender are given, so the tests pass fakes.
 */
import { isDataError } from '../../data/port';
import type { DataErrorCode } from '../../data/port';
import type { CrewJob, CrewTap } from '../../domain/field';
import { crewTapSchema, FIELD_MESSAGES } from '../../domain/field';
import type { FieldStatus } from '../../domain/status';

/** What the queue needs of localStorage (a fake in tests). */
export interface TapStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface QueuedTap {
  orderId: string;
  tap: CrewTap;
}

export type SendTap = (orderId: string, tap: CrewTap) => Promise<CrewJob>;

/** What became of one queued tap. */
export type TapOutcome =
  /** The backend took it (or had taken it before): the job as it is now. */
  | { kind: 'sent'; entry: QueuedTap; job: CrewJob }
  /** The job was already at or past that step (the office moved it, or another phone did). */
  | { kind: 'alreadyPast'; entry: QueuedTap; error: unknown }
  /** Refused for good (not the next step, not the crew's job, a proof refused): dropped. */
  | { kind: 'refused'; entry: QueuedTap; error: unknown };

export interface FlushResult {
  outcomes: TapOutcome[];
  /** The taps still waiting, in order. */
  left: QueuedTap[];
  /** The failure that stopped the round (the network, most often), or null when it ran out. */
  stoppedBy: unknown;
}

/** The queue of one crew's phone. */
export const tapQueueKey = (crewId: string) => `afsh.crew.${crewId}.taps`;

/**
 * Failures that sending again can mend: no network (the adapters answer `unavailable`), the
 * server busy or broken for now, a session to sign in again. Anything that is not the backend's
 * answer at all is treated the same: a tap is never dropped on a guess.
 */
const RETRIED: readonly DataErrorCode[] = [
  'unavailable',
  'rate-limited',
  'internal',
  'unauthenticated',
];

export function isRetryable(error: unknown): boolean {
  return !isDataError(error) || RETRIED.includes(error.code);
}

/** The backend's "already at or past that step" (decideCrewStatus): drop the tap, reload the job. */
export function isAlreadyPast(error: unknown): boolean {
  return (
    isDataError(error) &&
    error.code === 'failed-precondition' &&
    (error.message === FIELD_MESSAGES.alreadyPast ||
      error.fields?.status === FIELD_MESSAGES.alreadyPast)
  );
}

function randomId(): string {
  const c = globalThis.crypto;
  // randomUUID needs a secure context; a phone on the office's plain-http test server has none.
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new tap of `status`, made now, with a fresh id. */
export function newTap(
  status: FieldStatus,
  extra: Pick<CrewTap, 'proof' | 'cashCollected'> = {},
  now: Date = new Date(),
): CrewTap {
  return { tapId: randomId(), status, tappedAt: now.toISOString(), ...extra };
}

/** What storage holds, read with care: a broken or foreign entry is skipped, never thrown. */
function parseStored(text: string | null): QueuedTap[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries: QueuedTap[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { orderId, tap } = item as { orderId?: unknown; tap?: unknown };
    if (typeof orderId !== 'string' || orderId === '') continue;
    const parsed = crewTapSchema.safeParse(tap);
    if (parsed.success) entries.push({ orderId, tap: parsed.data });
  }
  return entries;
}

/**
 * One crew's queue. The list lives in memory and in storage: storage that refuses a write (full
 * with delivery photos, private mode) leaves the tap in memory, still sent while the page is
 * open, and `add` says it could not be kept.
 */
export class TapQueue {
  private items: QueuedTap[];
  private running: Promise<FlushResult> | null = null;
  private readonly listeners = new Set<(items: readonly QueuedTap[]) => void>();

  constructor(
    private readonly storage: TapStorage | null,
    readonly crewId: string,
  ) {
    let text: string | null = null;
    try {
      text = storage?.getItem(tapQueueKey(crewId)) ?? null;
    } catch {
      text = null;
    }
    this.items = parseStored(text);
  }

  /** The taps waiting, oldest first. */
  list(): readonly QueuedTap[] {
    return this.items;
  }

  /** Hears every change of the list. */
  subscribe(listener: (items: readonly QueuedTap[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether a round of sending is under way. */
  get sending(): boolean {
    return this.running !== null;
  }

  /** Queues a tap (a tap id already queued is not queued twice). False: storage did not keep it. */
  add(orderId: string, tap: CrewTap): boolean {
    if (this.items.some((entry) => entry.tap.tapId === tap.tapId)) return true;
    return this.set([...this.items, { orderId, tap }]);
  }

  private remove(tapId: string): void {
    this.set(this.items.filter((entry) => entry.tap.tapId !== tapId));
  }

  private set(items: QueuedTap[]): boolean {
    this.items = items;
    let kept = true;
    try {
      if (items.length === 0) this.storage?.removeItem(tapQueueKey(this.crewId));
      else this.storage?.setItem(tapQueueKey(this.crewId), JSON.stringify(items));
    } catch {
      kept = false;
    }
    for (const listener of [...this.listeners]) listener(items);
    return kept;
  }

  /**
   * Sends the queue in order, one tap at a time, each leaving the queue once answered; stops at
   * the first failure that sending again could mend, the rest kept in order. A tap the job is
   * already past, or refused for good, is dropped and said so. A call while a round is under
   * way joins it (the round sends whatever was added meanwhile too).
   */
  flush(send: SendTap, onOutcome?: (outcome: TapOutcome) => void): Promise<FlushResult> {
    if (this.running) return this.running;
    const round = this.round(send, onOutcome).finally(() => {
      this.running = null;
    });
    this.running = round;
    return round;
  }

  private async round(
    send: SendTap,
    onOutcome?: (outcome: TapOutcome) => void,
  ): Promise<FlushResult> {
    const outcomes: TapOutcome[] = [];
    let stoppedBy: unknown = null;
    for (let entry = this.items[0]; entry; entry = this.items[0]) {
      let outcome: TapOutcome;
      try {
        const job = await send(entry.orderId, entry.tap);
        outcome = { kind: 'sent', entry, job };
      } catch (error) {
        if (isRetryable(error)) {
          stoppedBy = error;
          break;
        }
        outcome = { kind: isAlreadyPast(error) ? 'alreadyPast' : 'refused', entry, error };
      }
      this.remove(entry.tap.tapId);
      outcomes.push(outcome);
      onOutcome?.(outcome);
    }
    return { outcomes, left: [...this.items], stoppedBy };
  }
}
