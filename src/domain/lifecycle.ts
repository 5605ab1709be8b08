/**
 * Going back and rescheduling (docs/decisions.md D17), decided once for every backend, beside the
 * plain status moves of order-changes.ts (which follow `STATUS_MOVES`, status.ts). Each decision
 * takes the order as stored and the input and returns what changes, the order after it, its
 * events and, when the change takes a crew the order did not hold, that crew (`crew`): the
 * backend counts it where its count is exact, in the change's transaction (`checkCrewTaken`), and
 * stores the rest only if it is free.
 */
import type { BookedOn, BookedWindow, CapacityDraft, FreeWindow } from './capacity';
import { findWindow, freeWindowsAfter, hasFreeCrew, hasStarted, windowFull } from './capacity';
import { cancellationTerms, type OrderUnderPolicy } from './cancellation';
import { paymentAfterStatus } from './refunds';
import { isBeyondCairoDays, isPastCairoDate } from './datetime';
import { RuleViolation } from './errors';
import type { MoveSlot, Order, StatusChange } from './order';
import { checkOwner } from './order';
import {
  decided,
  type ChangeableOrder,
  type CrewToTake,
  type OrderChangeDecision,
  type OrderStatusChange,
} from './order-changes';
import type { OrderGoBack, OrderReschedule } from './order-lifecycle-schema';
import { BOOKING_HORIZON_DAYS } from './pricing';
import {
  canReschedule,
  GOING_BACK,
  INITIAL_ORDER_STATUS,
  isOrderStatus,
  LIFECYCLE_MESSAGES as L,
  type OrderStatus,
} from './status';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** What the going-back and reschedule decisions read of an order; each backend passes its own. */
export type LifecycleOrder = ChangeableOrder &
  Pick<Order, 'userId' | 'moveDate' | 'moveTime' | 'timeWindow' | 'totalPrice'> &
  Pick<OrderUnderPolicy, 'cancellationPolicy'> &
  Pick<Order, 'refund'>;

/**
 * The status an order had before it was last cancelled: the entry before its last `cancelled`
 * one. `received` when the history does not say (an order stored without its history, or one
 * cancelled straight from a status that is gone from the lifecycle).
 */
export function statusBeforeCancel(history: readonly StatusChange[]): OrderStatus {
  const ordered = [...history].sort((a, b) => a.at.localeCompare(b.at));
  const cancelledAt = ordered.findLastIndex((change) => change.status === 'cancelled');
  const before = cancelledAt > 0 ? ordered[cancelledAt - 1]!.status : undefined;
  return isOrderStatus(before) && before !== 'cancelled' && before !== 'delivered'
    ? before
    : INITIAL_ORDER_STATUS;
}

/** Whether the move's time has come: its window (or, from before windows, its time) has begun. */
function moveHasBegun(order: Pick<Order, 'moveDate' | 'moveTime' | 'timeWindow'>, now: Date) {
  const start = order.timeWindow?.start ?? order.moveTime;
  return hasStarted(order.moveDate, { id: '', start, end: start }, now);
}

/**
 * An admin goes back (D17): `uncancel` a cancelled order to the status it had before (its move
 * not begun, its money not refunded, and its window's crew still free: `crew`), or `reopen` a
 * delivered one (back in transit; it still holds its crew, so nothing is counted). The reason
 * goes into the history with the admin. Throws the refusal.
 */
export function decideGoBack<O extends LifecycleOrder>(
  order: O,
  input: OrderGoBack,
  now: Date,
): OrderChangeDecision<O> {
  const back = GOING_BACK.find((b) => b.action === input.action)!;
  if (order.status !== back.from) {
    throw new RuleViolation(
      'failed-precondition',
      back.action === 'uncancel' ? L.notCancelled : L.notDelivered,
    );
  }
  const at = now.toISOString();
  if (back.action === 'reopen') {
    return decided(
      order,
      { status: back.to, actor: 'admin', note: { kind: 'reopened', reason: input.reason } },
      at,
    );
  }
  const to = statusBeforeCancel(order.statusHistory);
  // A refund only due is not owed any more; one already made refuses (D16).
  const money = paymentAfterStatus(order, to, 'admin', now);
  if (moveHasBegun(order, now)) throw new RuleViolation('failed-precondition', L.uncancelPast);
  const change: OrderStatusChange = {
    status: to,
    ...money,
    actor: 'admin',
    note: { kind: 'uncancelled', reason: input.reason },
  };
  const decision = decided(order, change, at);
  if (!order.timeWindow) return decision;
  return {
    ...decision,
    crew: {
      date: order.moveDate,
      window: order.timeWindow,
      whenFull: (alternatives) =>
        new RuleViolation('failed-precondition', L.uncancelNoCrew, undefined, {
          alternatives: alternatives.map(({ date, window }) => ({ date, window: { ...window } })),
        }),
    },
  };
}

/**
 * How many times a customer may move one booking online (D17). Each move sends them a message
 * and adds to the history; past this, the office moves it (by phone, unlimited).
 */
export const CUSTOMER_RESCHEDULES_MAX = 5;

/** Who reschedules: the order's owner (under its policy's cut-off), or an admin (by phone). */
export type Rescheduler = { actor: 'customer'; userId: string } | { actor: 'admin' };

function slotOf(order: Pick<Order, 'moveDate' | 'moveTime' | 'timeWindow'>): MoveSlot {
  return {
    date: order.moveDate,
    time: order.moveTime,
    window: order.timeWindow ? { ...order.timeWindow } : null,
  };
}

function invalidField(field: 'moveDate' | 'windowId', message: string): RuleViolation {
  return new RuleViolation('invalid-argument', message, { [field]: message });
}

/**
 * Moves an order to another date and window of the current plan (D17), at the same price (the
 * same move on another day). Its owner may while it is received or under review and its policy
 * has not closed online changes (`cancellationTerms(...).phase`, D16); an admin may for any such
 * order, whatever the hour (the customer called). The date must be bookable (not past, within the
 * horizon, D4), the window one of the plan's that has not begun and is not the order's own; the
 * new window's crew is `crew` (full: `errors:order.windowFull` with the next free windows). The
 * old window's crew is freed by the same write. A customer may move one booking online at most
 * CUSTOMER_RESCHEDULES_MAX times (`errors:reschedule.tooMany`). Throws the refusal.
 */
export function decideReschedule<O extends LifecycleOrder>(
  order: O,
  input: OrderReschedule,
  by: Rescheduler,
  plan: CapacityDraft,
  now: Date,
): OrderChangeDecision<O> {
  if (by.actor === 'customer') checkOwner(order, by.userId);
  if (!canReschedule(order.status)) {
    throw new RuleViolation('failed-precondition', L.rescheduleNotOpen);
  }
  if (by.actor === 'customer' && cancellationTerms(order, now).phase === 'closed') {
    throw new RuleViolation('failed-precondition', L.rescheduleClosed);
  }
  if (
    by.actor === 'customer' &&
    order.statusHistory.filter((c) => c.kind === 'rescheduled' && c.actor === 'customer').length >=
      CUSTOMER_RESCHEDULES_MAX
  ) {
    throw new RuleViolation('failed-precondition', L.rescheduleTooMany);
  }
  if (isPastCairoDate(input.moveDate, now)) throw invalidField('moveDate', M.datePast);
  if (isBeyondCairoDays(input.moveDate, BOOKING_HORIZON_DAYS, now)) {
    throw invalidField('moveDate', M.dateTooFar);
  }
  const window = findWindow(plan, input.windowId);
  if (!window) throw invalidField('windowId', M.timeNoWindow);
  const to: MoveSlot = {
    date: input.moveDate,
    time: window.start,
    window: { id: window.id, start: window.start, end: window.end },
  };
  const from = slotOf(order);
  if (from.date === to.date && from.window?.id === to.window!.id) {
    throw new RuleViolation('failed-precondition', L.rescheduleSameSlot, {
      windowId: L.rescheduleSameSlot,
    });
  }
  const decision = decided(
    order,
    {
      actor: by.actor,
      slot: { moveDate: to.date, moveTime: to.time, timeWindow: to.window },
      note: {
        kind: 'rescheduled',
        moved: { from, to },
        ...(input.reason !== undefined && input.reason !== '' ? { reason: input.reason } : {}),
      },
    },
    now.toISOString(),
  );
  return {
    ...decision,
    crew: {
      date: to.date,
      window: to.window!,
      whenFull: (alternatives) => windowFull(alternatives),
    },
  };
}

/**
 * Throws the decision's refusal unless the crew it takes (if any) is free on its date under
 * `plan`, given the orders each date holds as the backend counts them in the change's own
 * transaction (the order itself is counted where it was before the change, so it never blocks
 * itself). The refusal carries the next free windows.
 */
export function checkCrewTaken(
  crew: CrewToTake | undefined,
  plan: CapacityDraft,
  bookedOn: BookedOn,
  now: Date,
): void {
  if (!crew) return;
  if (hasFreeCrew(plan, crew.date, crew.window, bookedOn(crew.date), now)) return;
  throw crew.whenFull(freeWindowsAfter(plan, crew.date, bookedOn, now));
}

export type { BookedWindow, FreeWindow };
