/**
 * An order's status and payment status changed by a person (D2, D5): the customer's cancel and an
 * admin's update, decided once. Each decision takes the order as stored and the input, and returns
 * what changes (`change`), the order after it (`after`, its history entry appended) and what
 * happened (`events`, the same list the notification outbox and the bus hear, D10). The server's
 * orders service, the functions' order handlers and the memory adapter only load the order, call
 * the decision and store its change, in one transaction. Payments (a gateway's callback, a refund,
 * cash instead) are decided in payment-decisions.ts.
 */
import type { BookedWindow, FreeWindow } from './capacity';
import type { Assignment } from './dispatch';
import { cancellationTerms } from './cancellation';
import { RuleViolation } from './errors';
import { orderChangeEvents, type OrderEvent } from './notifications';
import type { Order, OrderAdminUpdate, StatusActor, StatusChange } from './order';
import { checkCustomerCancel } from './order';
import { checkAdminPaymentStatus } from './payments';
import { paymentAfterStatus, type OrderRefund, type RefundableOrder } from './refunds';
import { checkStatusMove, type OrderStatus, type PaymentStatus } from './status';

/**
 * What a decided change sets: a status (recorded in the order's history, by `actor`), a payment
 * status, or both. A field left out keeps its value.
 */
export interface OrderStatusChange {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  /** What the order owes back (D16): set when a paid order is cancelled, null once not owed. */
  refund?: OrderRefund | null;
  actor: StatusActor;
  /**
   * What the history entry says beyond the status (D17): a going back or a reschedule, and why.
   * Given without a status, the entry records the status the order keeps.
   */
  note?: Pick<StatusChange, 'kind' | 'reason' | 'moved' | 'tap'>;
  /** A reschedule's new date, start time and crew window (D17). */
  slot?: { moveDate: string; moveTime: string; timeWindow: BookedWindow | null };
  /** The crew, truck and windows it takes now (D28); null: none (it holds its window without a crew). */
  assignment?: Assignment | null;
}

/** The parts of an order a change reads and writes; each backend passes its whole order. */
export type ChangeableOrder = Pick<Order, 'status' | 'paymentStatus' | 'statusHistory'>;

/**
 * A crew a change takes that the order did not hold before (D12, D17: an order brought back from
 * cancelled, or moved to another window). The backend checks it where its count is exact, in the
 * change's transaction, with `checkCrewTaken`, and refuses with `whenFull` (given the next free
 * windows) when it is not free.
 */
export interface CrewToTake {
  date: string;
  window: BookedWindow;
  whenFull(alternatives: readonly FreeWindow[]): RuleViolation;
}

export interface OrderChangeDecision<O extends ChangeableOrder = Order> {
  change: OrderStatusChange;
  /** The order once the change is stored. */
  after: O;
  /** What the change did, in the order it is told (orderChangeEvents). */
  events: OrderEvent<O>[];
  /** The crew the change takes, which its backend must find free (D17); none for most changes. */
  crew?: CrewToTake;
}

/**
 * The order after `change`, made at `at` (an ISO 8601 instant): a status given is set and
 * appended to the history with its actor, even when it is the status the order already has (the
 * admin did act, and the timeline shows it, D5); a payment status given is set. `order` itself is
 * left as it was.
 */
export function applyOrderChange<O extends ChangeableOrder>(
  order: O,
  change: OrderStatusChange,
  at: string,
): O {
  const entry = change.status !== undefined || change.note !== undefined;
  return {
    ...order,
    ...(change.paymentStatus !== undefined ? { paymentStatus: change.paymentStatus } : {}),
    ...(change.refund !== undefined ? { refund: change.refund } : {}),
    ...(change.slot !== undefined ? change.slot : {}),
    ...(change.assignment !== undefined ? { assignment: change.assignment } : {}),
    ...(change.status !== undefined ? { status: change.status } : {}),
    ...(entry
      ? {
          statusHistory: [
            ...order.statusHistory,
            {
              status: change.status ?? order.status,
              at,
              actor: change.actor,
              // Only the fields given: a document store refuses an undefined value.
              ...Object.fromEntries(
                Object.entries(change.note ?? {}).filter(([, value]) => value !== undefined),
              ),
            },
          ],
        }
      : {}),
  };
}

/** The decision of `change` to `order` at `at`: the order after it and the events it causes. */
export function decided<O extends ChangeableOrder>(
  order: O,
  change: OrderStatusChange,
  at: string,
): OrderChangeDecision<O> {
  const after = applyOrderChange(order, change, at);
  return { change, after, events: orderChangeEvents(order, after, change.actor) };
}

/** What a cancel reads of an order beyond its status: its terms and money (D16). */
export type CancellableOrder = ChangeableOrder &
  Pick<Order, 'userId'> &
  Omit<RefundableOrder, 'status' | 'paymentStatus'>;

/**
 * The customer `userId` cancels their order (D2): only their own, only before the crew is on
 * its way (`checkCustomerCancel`: `permission-denied`, or `failed-precondition` with
 * `errors:orderNotCancellable`), and only before its policy closes online changes (D16:
 * `errors:cancel.closed`, the office takes the call). A paid order's refund becomes due, less
 * the fee its terms keep now (`paymentAfterStatus`). Throws the refusal.
 */
export function decideCustomerCancel<O extends CancellableOrder>(
  order: O,
  userId: string,
  at: string,
): OrderChangeDecision<O> {
  checkCustomerCancel(order, userId);
  const now = new Date(at);
  if (cancellationTerms(order, now).phase === 'closed') {
    throw new RuleViolation('failed-precondition', CANCEL_CLOSED);
  }
  return decided(
    order,
    {
      status: 'cancelled',
      ...paymentAfterStatus(order, 'cancelled', 'customer', now),
      actor: 'customer',
    },
    at,
  );
}

/** A customer's cancel refused because the move is too near (D16): they call the office. */
export const CANCEL_CLOSED = 'errors:cancel.closed';

/**
 * An admin sets the status and/or the payment status (D5): a status only one the lifecycle lets
 * the office move the order to next (`STATUS_MOVES`, D17; `failed-precondition`,
 * `errors:lifecycle.notAllowed` otherwise, the status it has included). `update` is
 * what the shared schema (orderAdminUpdateSchema) parsed: at least one of the two. A payment
 * status is the admin's to set by hand only on an order no gateway takes the money of
 * (`checkAdminPaymentStatus`: `failed-precondition` on the `paymentStatus` field). Throws the
 * refusal.
 */
export function decideAdminUpdate<O extends CancellableOrder & Pick<Order, 'paymentProvider'>>(
  order: O,
  update: OrderAdminUpdate,
  at: string,
): OrderChangeDecision<O> {
  // Only the lifecycle's next steps (D17); going back is its own action (decideGoBack).
  if (update.status !== undefined) checkStatusMove(order.status, update.status, 'admin');
  checkAdminPaymentStatus(order, update.paymentStatus);
  // The payment as the admin set it, then what the status move does to it (D16): a paid order
  // cancelled owes its refund.
  const paymentStatus = update.paymentStatus ?? order.paymentStatus;
  const money =
    update.status !== undefined
      ? paymentAfterStatus({ ...order, paymentStatus }, update.status, 'admin', new Date(at))
      : {};
  const finalStatus = money.paymentStatus ?? update.paymentStatus;
  return decided(
    order,
    {
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(finalStatus !== undefined ? { paymentStatus: finalStatus } : {}),
      ...(money.refund !== undefined ? { refund: money.refund } : {}),
      actor: 'admin',
    },
    at,
  );
}
