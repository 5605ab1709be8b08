/**
 * An order's status and payment status changed by a person (D2, D5): the customer's cancel and an
 * admin's update, decided once. Each decision takes the order as stored and the input, and returns
 * what changes (`change`), the order after it (`after`, its history entry appended) and what
 * happened (`events`, the same list the notification outbox and the bus hear, D10). The server's
 * orders service, the functions' order handlers and the memory adapter only load the order, call
 * the decision and store its change, in one transaction. Payments (a gateway's callback, a refund,
 * cash instead) are decided in payment-decisions.ts.
 */
import { orderChangeEvents, type OrderEvent } from './notifications';
import type { Order, OrderAdminUpdate, StatusActor } from './order';
import { checkCustomerCancel } from './order';
import { checkAdminPaymentStatus } from './payments';
import type { OrderStatus, PaymentStatus } from './status';

/**
 * What a decided change sets: a status (recorded in the order's history, by `actor`), a payment
 * status, or both. A field left out keeps its value.
 */
export interface OrderStatusChange {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  actor: StatusActor;
}

/** The parts of an order a change reads and writes; each backend passes its whole order. */
export type ChangeableOrder = Pick<Order, 'status' | 'paymentStatus' | 'statusHistory'>;

export interface OrderChangeDecision<O extends ChangeableOrder = Order> {
  change: OrderStatusChange;
  /** The order once the change is stored. */
  after: O;
  /** What the change did, in the order it is told (orderChangeEvents). */
  events: OrderEvent<O>[];
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
  return {
    ...order,
    ...(change.paymentStatus !== undefined ? { paymentStatus: change.paymentStatus } : {}),
    ...(change.status !== undefined
      ? {
          status: change.status,
          statusHistory: [
            ...order.statusHistory,
            { status: change.status, at, actor: change.actor },
          ],
        }
      : {}),
  };
}

function decided<O extends ChangeableOrder>(
  order: O,
  change: OrderStatusChange,
  at: string,
): OrderChangeDecision<O> {
  const after = applyOrderChange(order, change, at);
  return { change, after, events: orderChangeEvents(order, after, change.actor) };
}

/**
 * The customer `userId` cancels their order (D2): only their own, and only before the crew is on
 * its way (`checkCustomerCancel`: `permission-denied`, or `failed-precondition` with
 * `errors:orderNotCancellable`). Throws the refusal.
 */
export function decideCustomerCancel<O extends ChangeableOrder & Pick<Order, 'userId'>>(
  order: O,
  userId: string,
  at: string,
): OrderChangeDecision<O> {
  checkCustomerCancel(order, userId);
  return decided(order, { status: 'cancelled', actor: 'customer' }, at);
}

/**
 * An admin sets the status and/or the payment status (D5), any status at any time. `update` is
 * what the shared schema (orderAdminUpdateSchema) parsed: at least one of the two. A payment
 * status is the admin's to set by hand only on an order no gateway takes the money of
 * (`checkAdminPaymentStatus`: `failed-precondition` on the `paymentStatus` field). Throws the
 * refusal.
 */
export function decideAdminUpdate<O extends ChangeableOrder & Pick<Order, 'paymentProvider'>>(
  order: O,
  update: OrderAdminUpdate,
  at: string,
): OrderChangeDecision<O> {
  checkAdminPaymentStatus(order, update.paymentStatus);
  return decided(
    order,
    {
      ...(update.status !== undefined ? { status: update.status } : {}),
      ...(update.paymentStatus !== undefined ? { paymentStatus: update.paymentStatus } : {}),
      actor: 'admin',
    },
    at,
  );
}
