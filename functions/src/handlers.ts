// Every callable function of the hosted build, by name: its handler and what it needs. index.ts
// wraps each one for firebase-functions; tests and the benchmark call the same table in-process
// (testing/in-process.ts), so the names the adapter calls and the code that answers never drift.
import type { Firestore } from 'firebase-admin/firestore';
import type { FunctionName } from '../../src/domain/hosted-store.ts';
import { paymentRegistry, type PaymentRegistry } from '../../server/src/payments/registry.ts';
import {
  capacityAvailability,
  capacityCalendar,
  saveCapacityPlan,
  savePriceCatalog,
  type CatalogDeps,
} from './catalog/catalog-handlers.ts';
import { firestoreCatalog } from './catalog/catalog-repository.ts';
import { adminDashboard, type DashboardDeps } from './dashboard/dashboard-handlers.ts';
import { firestoreDashboard } from './dashboard/dashboard-repository.ts';
import {
  assignOrder,
  crewJobs,
  crewTap,
  dispatchBoard,
  dispatchFleet,
  saveFleet,
  type DispatchDeps,
} from './dispatch/dispatch-handlers.ts';
import { firestoreDispatch } from './dispatch/dispatch-repository.ts';
import { paymentProvidersNamed } from '../../server/src/payments/providers.ts';
import { inquiryPolicy } from '../../src/domain/payments.ts';
import { firestoreMessages } from './messages/message-repository.ts';
import { markMessageHandled, sendMessage, type MessageDeps } from './messages/message-handlers.ts';
import {
  cancelOrder,
  deleteOrder,
  goBackOrder,
  placeOrder,
  rescheduleOrder,
  trackOrder,
  updateOrder,
  type OrderDeps,
} from './orders/order-handlers.ts';
import { firestoreOrders } from './orders/order-repository.ts';
import { claimAnonymousOrders, claimPhoneOrders, type ClaimDeps } from './orders/claim-handlers.ts';
import { firestoreClaims } from './orders/claim-repository.ts';
import {
  paymentHistory,
  paymentOptions,
  paymentProgressOf,
  reversePayment,
  refundQueue,
  manualRefund,
  startPayment,
  switchToCash,
  type PaymentDeps,
  type PaymentLog,
} from './payments/payment-handlers.ts';
import { firestorePayments } from './payments/payment-repository.ts';
import {
  orderNotifications,
  resendNotification,
  stopNotifications,
  type NotificationDeps,
} from './notifications/desk-handlers.ts';
import { DEFAULT_NOTIFICATION_ENV, notifySettingsOf } from './notifications/notify-settings.ts';
import { orderOutbox } from './notifications/order-outbox.ts';
import { firestoreOutbox } from './notifications/outbox-repository.ts';
import type { CallContext } from './platform/context.ts';
import type { Settings } from './platform/settings.ts';
import {
  deleteReview,
  moderateReview,
  addReview,
  saveReviewSettings,
  type ReviewDeps,
} from './reviews/review-handlers.ts';
import { firestoreReviews } from './reviews/review-repository.ts';
import type { Accounts } from './shared/accounts.ts';
import { firestoreAdmins } from './shared/admins.ts';

/** What every handler may need; each group takes its own part. */
export type Deps = OrderDeps &
  ClaimDeps &
  ReviewDeps &
  MessageDeps &
  PaymentDeps &
  NotificationDeps &
  CatalogDeps &
  DashboardDeps &
  DispatchDeps;

export type Handler = (ctx: CallContext, data: unknown, deps: Deps) => Promise<unknown>;

export const HANDLERS = {
  placeOrder,
  cancelOrder,
  updateOrder,
  deleteOrder,
  trackOrder,
  claimPhoneOrders,
  claimAnonymousOrders,
  addReview,
  moderateReview,
  deleteReview,
  saveReviewSettings,
  sendMessage,
  markMessageHandled,
  paymentOptions,
  startPayment,
  paymentProgress: paymentProgressOf,
  switchToCash,
  paymentHistory,
  reversePayment,
  refundQueue,
  manualRefund,
  orderNotifications,
  resendNotification,
  stopNotifications,
  savePriceCatalog,
  saveCapacityPlan,
  capacityAvailability,
  capacityCalendar,
  adminDashboard,
  goBackOrder,
  rescheduleOrder,
  dispatchFleet,
  saveFleet,
  dispatchBoard,
  assignOrder,
  crewJobs,
  crewTap,
} satisfies Record<FunctionName, Handler>;

/** The providers the settings turn on (D3), built as the server builds its own. */
export function paymentProvidersFor(settings: Settings): PaymentRegistry {
  return paymentRegistry(
    paymentProvidersNamed(settings.paymentProviders, { paymob: settings.paymob ?? null }),
  );
}

/** Log lines go to the console, which Cloud Functions keeps as the function's log. */
const consoleLog: PaymentLog = {
  info: (message, details) => console.info(message, details),
  warn: (message, details) => console.warn(message, details),
};

/**
 * The dependencies over one Firestore and one Firebase Auth (the real ones, or a test's fakes of
 * them).
 */
export function depsOver(
  db: Firestore,
  settings: Settings,
  {
    accounts,
    ...extra
  }: {
    accounts: Accounts;
    random?: () => number;
    log?: PaymentLog;
    /** The providers on, instead of the settings' (tests). */
    payments?: PaymentRegistry;
  },
): Deps {
  // Every order write queues its messages in its own transaction (D10).
  const notify = notifySettingsOf(settings.notifications ?? DEFAULT_NOTIFICATION_ENV);
  const outbox = firestoreOutbox(db);
  const ordersOutbox = orderOutbox(outbox, notify);
  const policy = inquiryPolicy(settings.reconcileMinutes);
  return {
    orders: firestoreOrders(db, ordersOutbox),
    claims: firestoreClaims(db),
    accounts,
    catalog: firestoreCatalog(db),
    dashboard: firestoreDashboard(db),
    dispatch: firestoreDispatch(db),
    db,
    outbox,
    notify,
    reviews: firestoreReviews(db),
    messages: firestoreMessages(db),
    admins: firestoreAdmins(db),
    paymentRecords: firestorePayments(db, ordersOutbox, policy),
    policy,
    settings,
    payments: paymentProvidersFor(settings),
    siteUrl: settings.paymob?.siteUrl ?? '',
    log: consoleLog,
    ...extra,
  };
}
