// The admin desk's calls about messages (docs/decisions.md D10): an order's messages, "send
// again" for a failed one, and "stop messages to the customer". Admins only (the claim and the
// admins document); the outbox itself stays unreadable to every browser.
import { RuleViolation } from '../../../src/domain/errors.ts';
import {
  toNotificationMessage,
  triesFor,
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

/** The same message keys as the server's (server/src/services/notifications-service.ts). */
export const NOTIFICATION_ERRORS = {
  notFound: 'errors:notifications.notFound',
  notFailed: 'errors:notifications.notFailed',
} as const;

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

/** A failed message gets a new round of tries, starting now, under the same idempotency key. */
export async function resendNotification(
  ctx: CallContext,
  data: unknown,
  deps: NotificationDeps,
): Promise<NotificationMessage> {
  await requireAdmin(ctx, deps.admins);
  const id = documentId(objectOf(data).id, NOTIFICATION_ERRORS.notFound);
  const resent = await deps.outbox.resend(id, triesFor(deps.notify.maxTries, false), ctx.now);
  if (resent === 'missing') throw new RuleViolation('not-found', NOTIFICATION_ERRORS.notFound);
  if (!resent) throw new RuleViolation('failed-precondition', NOTIFICATION_ERRORS.notFailed);
  return toNotificationMessage(resent);
}

/**
 * The customer asked us to stop: their consent on the order is withdrawn and what waits to be
 * sent to them is dropped, in one transaction; the team's messages stay. The order's messages.
 */
export async function stopNotifications(
  ctx: CallContext,
  data: unknown,
  deps: NotificationDeps,
): Promise<NotificationMessage[]> {
  await requireAdmin(ctx, deps.admins);
  const orderId = documentId(objectOf(data).orderId, ORDER_MESSAGES.notFound);
  if (!(await deps.outbox.stopCustomer(orderId, ctx.now))) {
    throw new RuleViolation('not-found', ORDER_MESSAGES.notFound);
  }
  return messagesOf(orderId, deps);
}
