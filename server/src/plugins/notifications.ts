import type { FastifyInstance } from 'fastify';
import type { DomainEvents } from '../events/domain-events.ts';
import { createProviders } from '../notifications/providers/index.ts';
import {
  channelProviders,
  companyAddresses,
  notificationRouting,
  retryPolicy,
} from '../notifications/settings.ts';
import { TemplateRenderer } from '../notifications/templates.ts';
import { OutboxRepository } from '../repositories/outbox-repository.ts';
import { NotificationWorker } from '../services/notification-worker.ts';
import { NotificationsService } from '../services/notifications-service.ts';

/**
 * Order and status notifications (D10): the templates, checked now (a broken one stops the
 * start), the outbox service the order use cases record into, and the worker that sends, started
 * when the app is ready and stopped before it closes. The worker wakes on every committed order
 * change and tells the bus when a message changes, for the admin desk.
 */
export function createNotifications(
  app: FastifyInstance,
  events: DomainEvents,
): NotificationsService {
  const env = app.config;
  const outbox = new OutboxRepository(app.db);
  const service = new NotificationsService({
    outbox,
    orders: app.orders,
    renderer: new TemplateRenderer(),
    routing: notificationRouting(env),
    maxTries: env.NOTIFY_MAX_TRIES,
  });
  const log = app.log.child({ module: 'notifications' });
  const providers = createProviders(env, log);
  const worker = new NotificationWorker({
    outbox,
    providers,
    retry: retryPolicy(env),
    timeoutMs: env.NOTIFY_TIMEOUT_SECONDS * 1000,
    fallbackTries: (canFallBackFurther) => service.maxTriesFor(canFallBackFurther),
    log,
    onChange: (message) => events.publish({ type: 'notification.changed', message }),
  });

  const wake = () => worker.wake();
  const stopListening = [
    events.on('order.created', wake),
    events.on('order.statusChanged', wake),
    events.on('order.paymentConfirmed', wake),
    events.on('order.rescheduled', wake),
  ];
  app.addHook('onReady', async () => {
    const kinds = channelProviders(env);
    log.info(
      {
        channels: kinds,
        company: Object.fromEntries(
          companyAddresses(env).map(([channel, address]) => [channel, address !== undefined]),
        ),
      },
      'notifications: ready',
    );
    worker.start();
  });
  // Before the database closes (onClose): sends in flight finish or are left to the next start.
  app.addHook('preClose', async () => {
    for (const stop of stopListening) stop();
    await worker.stop();
    await Promise.all(Object.values(providers).map((provider) => provider.close?.()));
  });
  app.decorate('notificationWorker', worker);
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationWorker: NotificationWorker;
  }
}
