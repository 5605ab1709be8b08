import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { toNotificationMessage } from '../../../../src/domain/notifications.ts';
import { contactMessageShape } from '../../../../src/domain/api-responses.ts';
import { orderChange } from '../../../../src/domain/order.ts';
import type { OrderChange } from '../../../../src/domain/order.ts';
import { HttpError } from '../../errors.ts';
import { Topic } from '../../events/topic.ts';
import { adminRequired } from '../../plugins/sessions.ts';
import { NOTIFICATION_MESSAGES } from '../../../../src/domain/notification-desk.ts';
import { eventStreams, sseEvent } from './event-stream.ts';
import {
  newOrdersResponse,
  notificationListResponse,
  notificationResponse,
} from './response-schemas.ts';
import { STREAM_RETRY_AFTER_S } from './reviews.ts';

const INVALID = 'validation:common.invalid';
/** Admins only, a few tabs each: more than this is a bug or an attack, not a desk. */
export const MAX_DESK_STREAMS = 100;

const idParams = z.object({ id: z.string().min(1).max(200) });
const sinceQuery = z.object(
  { since: z.iso.datetime({ offset: true, error: INVALID }) },
  { error: INVALID },
);

/**
 * The live admin desk (D10): a stream of order changes, message states and contact messages
 * (D20), the count of orders placed since the admin last looked, an order's messages, and "send
 * again".
 */
export async function adminDeskRoutes(app: FastifyInstance): Promise<void> {
  const { services, events } = app;
  const streams = eventStreams(app);
  const changes = new Topic<string>();
  const publish = (name: string, data: unknown) => {
    if (changes.size > 0) changes.publish(sseEvent(name, data));
  };
  const stopListening = [
    events.on('order.created', ({ order }) => publish('order', orderChange('created', order))),
    events.on('order.statusChanged', ({ order }) =>
      publish('order', orderChange('changed', order)),
    ),
    events.on('order.paymentConfirmed', ({ order }) =>
      publish('order', orderChange('changed', order)),
    ),
    events.on('order.rescheduled', ({ order }) => publish('order', orderChange('changed', order))),
    events.on('order.deleted', ({ orderId, orderNumber }) =>
      publish('order', { kind: 'deleted', orderId, orderNumber } satisfies OrderChange),
    ),
    events.on('notification.changed', ({ message }) =>
      publish('notification', toNotificationMessage(message)),
    ),
    // A contact message sent or marked handled (D20): what the desk's list shows of it, and no
    // more (not the sender's address or session).
    events.on('contactMessage.changed', ({ message }) =>
      publish('contactMessage', contactMessageShape.parse(message)),
    ),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopListening) stop();
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    // No HEAD twin: it would hold a socket open with nothing to send.
    admins.get(
      '/admin/desk/stream',
      { compress: false, exposeHeadRoute: false },
      (_request, reply) => {
        if (streams.size >= MAX_DESK_STREAMS) {
          throw new HttpError(503, 'unavailable', 'errors:unavailable', undefined, {
            retryAfterSeconds: STREAM_RETRY_AFTER_S,
          });
        }
        let unsubscribe = () => {};
        const { write } = streams.open(reply, () => unsubscribe());
        write(sseEvent('ready', { at: new Date().toISOString() }));
        unsubscribe = changes.subscribe(write);
      },
    );

    admins.get('/admin/desk/new-orders', { schema: { response: newOrdersResponse } }, (request) => {
      const { since } = sinceQuery.parse(request.query ?? {});
      return { count: app.orders.countCreatedSince(new Date(since).toISOString()) };
    });

    admins.get(
      '/orders/:id/notifications',
      { schema: { response: notificationListResponse } },
      (request) => {
        const parsed = idParams.safeParse(request.params);
        const id = parsed.success ? parsed.data.id : '';
        return { notifications: services.notifications.forOrder(id).map(toNotificationMessage) };
      },
    );

    admins.post(
      '/orders/:id/notifications/stop',
      { schema: { response: notificationListResponse } },
      (request) => {
        const parsed = idParams.safeParse(request.params);
        if (!parsed.success) throw new HttpError(404, 'not-found', 'errors:orderNotFound');
        const dropped = services.notifications.stopCustomerMessages(parsed.data.id);
        for (const message of dropped) events.publish({ type: 'notification.changed', message });
        return {
          notifications: services.notifications.forOrder(parsed.data.id).map(toNotificationMessage),
        };
      },
    );

    admins.post(
      '/notifications/:id/resend',
      { schema: { response: notificationResponse } },
      (request) => {
        const parsed = idParams.safeParse(request.params);
        if (!parsed.success) throw new HttpError(404, 'not-found', NOTIFICATION_MESSAGES.notFound);
        const message = services.notifications.resend(parsed.data.id);
        app.notificationWorker.wake();
        events.publish({ type: 'notification.changed', message });
        return { notification: toNotificationMessage(message) };
      },
    );
  });
}
