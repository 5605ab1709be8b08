import type { FastifyInstance } from 'fastify';
import { DomainEvents } from '../events/domain-events.ts';
import { SUBSCRIBERS } from '../events/subscribers.ts';
import type { Subscriber } from '../events/subscribers.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { paymentProvidersNamed } from '../payments/providers.ts';
import { paymentRegistry } from '../payments/registry.ts';
import { RefusalLog } from '../payments/refusal-log.ts';
import { paymobConfig, reconcilePolicy } from '../payments/settings.ts';
import { PaymentsRepository } from '../repositories/payments-repository.ts';
import { PaymentReconciler } from '../services/payment-reconciler.ts';
import { PaymentsService } from '../services/payments-service.ts';
import { CapacityService } from '../services/capacity-service.ts';
import { CatalogService } from '../services/catalog-service.ts';
import { crewFirstName, findCrew } from '../../../src/domain/fleet.ts';
import { DashboardService } from '../services/dashboard-service.ts';
import { DashboardRepository } from '../repositories/dashboard-repository.ts';
import { MessagesService } from '../services/messages-service.ts';
import type { NotificationsService } from '../services/notifications-service.ts';
import { createNotifications } from './notifications.ts';
import { pruneHourly } from './prune-hourly.ts';
import { scheduleWeeklySummary } from './weekly-summary.ts';
import { WeeklySummaryService } from '../services/weekly-summary-service.ts';
import { orderQuotaPolicy, pruneQuotaLogWhileRunning } from '../services/order-quota.ts';
import type { QuotaPolicy } from '../services/order-quota.ts';
import { OrdersService } from '../services/orders-service.ts';
import { ReviewsService } from '../services/reviews-service.ts';
import { PhoneCodeSender } from '../auth/phone-code-sender.ts';
import { PhoneCodesRepository } from '../repositories/phone-codes-repository.ts';
import { findUserByPhone } from '../repositories/users-repository.ts';
import { PhoneAuthService, phoneCodePolicy } from '../services/phone-auth-service.ts';

export interface ServicesOptions {
  /** Who takes online payments (D3). Default: from the settings (PAYMENT_PROVIDER). */
  paymentProvider?: PaymentProvider;
  /** Reactions to domain events besides SUBSCRIBERS (tests listen here). */
  subscribers?: readonly Subscriber[];
}

export interface Services {
  orders: OrdersService;
  reviews: ReviewsService;
  messages: MessagesService;
  notifications: NotificationsService;
  payments: PaymentsService;
  /** Prices as data (D11) and crew capacity (D12). */
  catalog: CatalogService;
  capacity: CapacityService;
  /** The owner's dashboard (D25). */
  dashboard: DashboardService;
  /** The weekly summary to the company, from the dashboard's figures (D27). */
  weeklySummary: WeeklySummaryService;
  /** The order limits (D8) that apply to a request. */
  orderQuota: QuotaPolicy;
  /** Signing in with a mobile number (D13). */
  phoneAuth: PhoneAuthService;
}

/**
 * The use cases, once per app, between the routes (parse, authorise, answer) and the
 * repositories (SQL), and the one domain-event bus they publish on.
 */
export function registerServices(app: FastifyInstance, options: ServicesOptions = {}): void {
  const events = new DomainEvents(app.log);
  app.decorate('events', events);
  const notifications = createNotifications(app, events);
  const providers = paymentRegistry(
    options.paymentProvider ? [options.paymentProvider] : paymentProvidersFrom(app),
  );
  const catalog = new CatalogService(app.catalogs);
  const capacity = new CapacityService(app.capacity, app.orders, () => catalog.current());
  // The tracker names the crew by its leader's first name, never more (D28).
  app.orders.nameCrewsWith((crewId) => crewFirstName(findCrew(capacity.fleet(), crewId)));
  const orders = new OrdersService({
    orders: app.orders,
    catalog,
    capacity,
    events,
    payments: providers,
    outbox: notifications,
    phoneOwner: (phone) => findUserByPhone(app.db, phone)?.id ?? null,
  });
  const phoneAuth = new PhoneAuthService({
    db: app.db,
    codes: new PhoneCodesRepository(app.db),
    sender: new PhoneCodeSender({
      env: app.config,
      log: app.log.child({ module: 'phone-codes' }),
    }),
    policy: phoneCodePolicy(app.config.RATE_LIMITS),
  });
  const dashboardRepository = new DashboardRepository(app.db);
  const weeklySummary = new WeeklySummaryService({
    db: app.db,
    dashboard: dashboardRepository,
    capacity,
    notifications,
    time: app.config.NOTIFY_WEEKLY_SUMMARY,
  });
  const policy = reconcilePolicy(app.config);
  const paymentLog = app.log.child({ module: 'payments' });
  const refusals = new RefusalLog(paymentLog);
  const payments = new PaymentsService({
    providers,
    orders: app.orders,
    ordersService: orders,
    payments: new PaymentsRepository(app.db, policy),
    log: app.log,
    siteUrl: app.config.SITE_URL,
    policy,
    refusals,
  });
  app.decorate('services', {
    orders,
    reviews: new ReviewsService(app.reviews, app.orders, events),
    messages: new MessagesService(app.messages, events),
    notifications,
    catalog,
    capacity,
    dashboard: new DashboardService(dashboardRepository, capacity),
    weeklySummary,
    payments,
    orderQuota: orderQuotaPolicy(app),
    phoneAuth,
  } satisfies Services);
  // Payments that always end (D18): with a gateway on, a round a minute asks it about tries it
  // said nothing of and refunds extra payments.
  const reconciler = new PaymentReconciler({
    round: (now) => payments.reconcile(now),
    log: paymentLog,
  });
  app.decorate('paymentReconciler', reconciler);
  app.addHook('onReady', async () => {
    if (providers.providers.some((p) => p.kind === 'hosted')) reconciler.start();
  });
  app.addHook('preClose', async () => {
    await reconciler.stop();
    refusals.flush();
  });
  pruneQuotaLogWhileRunning(app);
  pruneHourly(app, 'phone codes', () => phoneAuth.prune());
  // On Saturdays, and at start to catch up a missed one: what it queues, the worker sends.
  scheduleWeeklySummary(app, weeklySummary, () => app.notificationWorker.wake());
  for (const subscribe of [...SUBSCRIBERS, ...(options.subscribers ?? [])]) subscribe(events, app);
}

/** The providers the settings turn on (D3), in their order: the test provider, Paymob. */
function paymentProvidersFrom(app: FastifyInstance): PaymentProvider[] {
  const paymob = paymobConfig(app.config);
  if (paymob) {
    // The callback must be set on each integration in Paymob's dashboard: Paymob posts a
    // wallet's callbacks only there (D18). The log says which address to set.
    app.log.info(
      { testMode: paymob.testMode, methods: paymob.integrations, callbackUrl: paymob.callbackUrl },
      "payments: Paymob (set callbackUrl as each integration's transaction processed callback)",
    );
  }
  return paymentProvidersNamed(app.config.PAYMENT_PROVIDER, { paymob });
}

declare module 'fastify' {
  interface FastifyInstance {
    events: DomainEvents;
    services: Services;
    paymentReconciler: PaymentReconciler;
  }
}
