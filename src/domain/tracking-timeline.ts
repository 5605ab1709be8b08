/**
 * What the tracker shows of an order's way (docs/decisions.md D5, D19): the steps its history
 * holds, in the order they happened, the one it is at now, and the stages still ahead. A stage
 * the history does not hold is never shown as done: an order an admin moved from "received"
 * straight to "in transit" never was "under review", and one cancelled and brought back shows
 * both. Screens lay the timeline out; they decide nothing about it.
 */
import type { StatusActor } from './order';
import { PROGRESS_STATUSES, statusProgressIndex } from './status';
import type { OrderStatus, ProgressStatus } from './status';

/** A history entry as any backend or projection holds it (an owner's copy may carry a reason). */
export interface TimelineSource {
  status: OrderStatus;
  at: string;
  actor: StatusActor;
  /** Why an admin made the change (going back, D17); never in the public projection (D2). */
  reason?: string | null | undefined;
  /** What kind of entry it is besides a status change (D17: uncancelled, reopened, rescheduled). */
  kind?: string | undefined;
}

/**
 * How a step relates to the one before it: the next stage (or a later one, skipping some), a
 * cancellation, an order brought back from cancelled, or one moved back to an earlier stage.
 */
export type TimelineStepKind = 'forward' | 'cancelled' | 'restored' | 'back' | 'rescheduled';

export interface TimelineStep {
  status: OrderStatus;
  /** When it happened (ISO instant); null for a current status the history does not record. */
  at: string | null;
  actor: StatusActor | null;
  kind: TimelineStepKind;
  /** The last step is where the order is now; the others are done. */
  state: 'done' | 'current';
  reason: string | null;
}

export interface TrackingTimeline {
  /** What happened, oldest first; the last one is the current status. */
  steps: TimelineStep[];
  /**
   * The lifecycle's stages still ahead of the current one (D5), the first of them next. None
   * for a delivered or cancelled order, nor for a status this code does not know.
   */
  upcoming: ProgressStatus[];
  /** For a cancelled order: who cancelled it, when, and at which stage it was then. */
  cancelled: { actor: StatusActor | null; at: string | null; during: OrderStatus | null } | null;
}

/**
 * The step `entry` is after `previous` (none: the first entry). An entry that says what it is
 * (D17) is that: a new date at the same stage, an order brought back, one reopened.
 */
function kindOf(
  entry: OrderStatus,
  previous: OrderStatus | undefined,
  said?: string,
): TimelineStepKind {
  if (said === 'rescheduled') return 'rescheduled';
  if (said === 'uncancelled') return 'restored';
  if (said === 'reopened') return 'back';
  if (entry === 'cancelled') return 'cancelled';
  if (previous === undefined) return 'forward';
  if (previous === 'cancelled') return 'restored';
  const from = statusProgressIndex(previous);
  const to = statusProgressIndex(entry);
  // A stage this code does not know (a newer version's) is neither ahead nor behind.
  return from >= 0 && to >= 0 && to < from ? 'back' : 'forward';
}

/**
 * The timeline of an order (or its public copy) from its status and history. The history is read
 * in time order (entries of one instant in the order stored); a current status the history does
 * not end with (data from before the history was kept) is shown as the current step with no time,
 * and nothing is invented before it.
 */
export function trackingTimeline(order: {
  status: OrderStatus;
  statusHistory: readonly TimelineSource[];
}): TrackingTimeline {
  const history = order.statusHistory
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);

  const steps: TimelineStep[] = [];
  for (const entry of history) {
    steps.push({
      status: entry.status,
      at: entry.at,
      actor: entry.actor,
      kind: kindOf(entry.status, steps.at(-1)?.status, entry.kind),
      state: 'done',
      reason: typeof entry.reason === 'string' && entry.reason.trim() !== '' ? entry.reason : null,
    });
  }
  if (steps.at(-1)?.status !== order.status) {
    steps.push({
      status: order.status,
      at: null,
      actor: null,
      kind: kindOf(order.status, steps.at(-1)?.status),
      state: 'done',
      reason: null,
    });
  }
  const current = steps.at(-1)!;
  current.state = 'current';

  const index = statusProgressIndex(order.status);
  const upcoming = index >= 0 ? PROGRESS_STATUSES.slice(index + 1) : [];

  let cancelled: TrackingTimeline['cancelled'] = null;
  if (order.status === 'cancelled') {
    const before = steps.slice(0, -1).reverse();
    cancelled = {
      actor: current.actor,
      at: current.at,
      during: before.find((step) => step.status !== 'cancelled')?.status ?? null,
    };
  }
  return { steps, upcoming, cancelled };
}
