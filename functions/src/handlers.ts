// Every callable function of the hosted build, by name: its handler and what it needs. index.ts
// wraps each one for firebase-functions; tests and the benchmark call the same table in-process
// (testing/in-process.ts), so the names the adapter calls and the code that answers never drift.
import type { Firestore } from 'firebase-admin/firestore';
import type { FunctionName } from '../../src/domain/hosted-store.ts';
import type { PaymentProvider } from '../../server/src/payments/payment-provider.ts';
import { testPaymentProvider } from '../../server/src/payments/test-provider.ts';
import { firestoreMessages } from './messages/message-repository.ts';
import { sendMessage, type MessageDeps } from './messages/message-handlers.ts';
import {
  cancelOrder,
  deleteOrder,
  placeOrder,
  trackOrder,
  updateOrder,
  type OrderDeps,
} from './orders/order-handlers.ts';
import { firestoreOrders } from './orders/order-repository.ts';
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
import type { PaymentProviderSetting, Settings } from './platform/settings.ts';
import {
  deleteReview,
  moderateReview,
  addReview,
  type ReviewDeps,
} from './reviews/review-handlers.ts';
import { firestoreReviews } from './reviews/review-repository.ts';
import { firestoreAdmins } from './shared/admins.ts';

/** What every handler may need; each group takes its own part. */
export type Deps = OrderDeps & ReviewDeps & MessageDeps & NotificationDeps;

export type Handler = (ctx: CallContext, data: unknown, deps: Deps) => Promise<unknown>;

export const HANDLERS = {
  placeOrder,
  cancelOrder,
  updateOrder,
  deleteOrder,
  trackOrder,
  addReview,
  moderateReview,
  deleteReview,
  sendMessage,
  orderNotifications,
  resendNotification,
  stopNotifications,
} satisfies Record<FunctionName, Handler>;

export function paymentProviderFor(setting: PaymentProviderSetting): PaymentProvider | null {
  return setting === 'test' ? testPaymentProvider : null;
}

/** The dependencies over one Firestore (the real one, or a test's fake of it). */
export function depsOver(
  db: Firestore,
  settings: Settings,
  extra: { random?: () => number } = {},
): Deps {
  // Every order write queues its messages in its own transaction (D10).
  const notify = notifySettingsOf(settings.notifications ?? DEFAULT_NOTIFICATION_ENV);
  const outbox = firestoreOutbox(db);
  return {
    orders: firestoreOrders(db, orderOutbox(outbox, notify)),
    outbox,
    notify,
    reviews: firestoreReviews(db),
    messages: firestoreMessages(db),
    admins: firestoreAdmins(db),
    settings,
    payments: paymentProviderFor(settings.paymentProvider),
    ...extra,
  };
}
