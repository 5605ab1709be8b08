/**
 * The office gives an order to a crew (docs/decisions.md D28), decided once for every backend:
 * the server's orders service, the Cloud Functions and the in-memory adapter load the order and
 * the dispatch state in one transaction, call this, and store what it returns.
 */
import {
  checkAssignment,
  type AssignmentChoice,
  type DispatchJob,
  type DispatchState,
} from './dispatch';
import { decideReschedule, type LifecycleOrder } from './lifecycle';
import type { Order } from './order';
import { decided, type OrderChangeDecision } from './order-changes';

/**
 * The order given to the crew, truck and window chosen (`checkAssignment`: a clash is refused
 * with its reason on its field). A window that has begun may still change crews when it is the
 * order's own (a breakdown). Another date or window is also the office's reschedule (D17): its
 * history entry and its message to the customer; the crew it takes is the one chosen.
 */
export function decideAssignment<O extends LifecycleOrder & Pick<Order, 'assignment'>>(
  order: O,
  choice: AssignmentChoice,
  state: DispatchState,
  job: DispatchJob,
  now: Date,
): OrderChangeDecision<O> {
  const first = order.assignment?.slots[0];
  const sameWindow = first?.date === choice.date && first?.windowId === choice.windowId;
  const assignment = checkAssignment(state, job, choice, now, { sameWindow });
  const moved = order.moveDate !== choice.date || order.timeWindow?.id !== choice.windowId;
  if (!moved) return decided(order, { actor: 'admin', assignment }, now.toISOString());
  const reschedule = decideReschedule(
    order,
    { moveDate: choice.date, windowId: choice.windowId },
    { actor: 'admin' },
    state.plan,
    now,
  );
  const { crew: _taken, ...rest } = reschedule;
  return {
    ...rest,
    change: { ...reschedule.change, assignment },
    after: { ...reschedule.after, assignment },
  };
}
