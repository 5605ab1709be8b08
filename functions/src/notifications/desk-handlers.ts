// The admin desk's calls about messages (docs/decisions.md D10): an order's messages, "send
// again" for a failed one, and "stop messages to the customer". Admins only (the claim and the
// admins document); the outbox itself stays unreadable to every browser.
import {
  decideResend,
  decideStopCustomerMessages,
  NOTIFICATION_MESSAGES,
} from '../../../src/domain/notification-desk.ts';
import {
  toNotificationMessage,
  type NotificationMessage,
} from '../../../src/domain/notifications.ts';
import { ORDER_MESSAGES } from '../../../src/domain/order.ts';
import { requireAdmin, type AdminDirectory, type CallContext } from '../platform/context.ts';
import { documentId, objectOf } from '../shared/input.ts';
import type { NotifySettings } from './notify-settings.ts';
import type { HostedOutbox } from './outbox-repository.ts';

export interface NotificationDeps {
  outbox: HostedOutbox;
  admins: AdminDirectory;
  notify: NotifySettings;
}

async function messagesOf(orderId: string, deps: NotificationDeps) {
  return (await deps.outbox.forOrder(orderId)).map(toNotificationMessage);
}

/** An order's messages, oldest first. */
export async function orderNotifications(
  ctx: CallContext,
  data: unknown,
  deps: NotificationDeps,
): Promise<NotificationMessage[]> {
  await requireAdmin(ctx, deps.admins);
  return messagesOf(documentId(objectOf(data).orderId, ORDER_MESSAGES.notFound), deps);
}

/** A failed message gets a new round of tries, starting now (decideResend). */
export async function resendNotification(
  ctx: CallContext,
  data: unknown,
  deps: NotificationDeps,
): Promise<NotificationMessage> {
  await requireAdmin(ctx, deps.admins);
  const id = documentId(objectOf(data).id, NOTIFICATION_MESSAGES.notFound);
  const at = ctx.now.toISOString();
  const resent = await deps.outbox.resend(id, (message) =>
    decideResend(message, deps.notify.maxTries, at),
  );
  return toNotificationMessage(resent);
}

/**
 * The customer asked us to stop (decideStopCustomerMessages): their consent on the order is
 * withdrawn and what waits to be sent to them is dropped, in one transaction. The order's messages.
 */
export async function stopNotifications(
  ctx: CallContext,
  data: unknown,
  deps: NotificationDeps,
): Promise<NotificationMessage[]> {
  await requireAdmin(ctx, deps.admins);
  const orderId = documentId(objectOf(data).orderId, ORDER_MESSAGES.notFound);
  const at = ctx.now.toISOString();
  await deps.outbox.stopCustomer(orderId, (order, messages) =>
    decideStopCustomerMessages(order, messages, at),
  );
  return messagesOf(orderId, deps);
}
