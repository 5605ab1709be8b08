import {
  DAY_MS,
  HOUR_MS,
  hourAndDay,
  MINUTE_MS,
  type QuotaRule,
} from '../../../src/domain/quota.ts';
import { OPEN_ORDERS_PER_CUSTOMER } from '../../../src/domain/customer-limits.ts';
import type { PaymobConfig } from '../../../server/src/payments/settings.ts';
import type { NotificationEnv } from '../../../server/src/notifications/settings.ts';

/**
 * Who takes online payments (docs/decisions.md D3), the server's names: `test`, the test provider
 * that approves well-formed test tokens and moves no money (a demo deployment, the emulator and
 * the tests); `paymob`, Paymob's checkout with its keys (`paymob` below). Several may be on at
 * once, as on the server; none (the default) refuses card and wallet orders with a message that
 * asks for cash on delivery.
 */
import {
  PAYMENT_PROVIDER_SETTINGS,
  type PaymentProviderSetting,
} from '../../../server/src/payments/settings.ts';

export type { PaymentProviderSetting };

/**
 * The PAYMENT_PROVIDER param: `none` (its default, or empty) or the server's comma-separated
 * list of names. An unknown name turns every provider off, with the problem to log: online
 * payments are refused rather than taken by a provider the deployment did not mean.
 */
export function paymentProviderList(value: string | undefined): {
  names: PaymentProviderSetting[];
  problem: string | null;
} {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'none');
  const unknown = names.filter(
    (name) => !(PAYMENT_PROVIDER_SETTINGS as readonly string[]).includes(name),
  );
  if (unknown.length > 0) {
    const known = ['none', ...PAYMENT_PROVIDER_SETTINGS].join(', ');
    return { names: [], problem: `unknown ${unknown.join(', ')}: use ${known}` };
  }
  return { names: [...new Set(names as PaymentProviderSetting[])], problem: null };
}

/** The limits the handlers enforce (D8); a rule with max 0 is no limit. */
export interface Limits {
  /** Orders per customer (a Firebase user, anonymous or not). */
  orderCustomer: QuotaRule[];
  /** Orders per App Check token: what new anonymous accounts from one browser share. */
  orderAppToken: QuotaRule[];
  /** Open orders one customer may hold at once (D13); 0 is no limit. */
  openOrders: number;
  /** Tracking look-ups per user and per App Check token. */
  tracking: QuotaRule[];
  /** Contact messages per user and per App Check token. */
  messages: QuotaRule[];
  /** Reviews per user and per App Check token (one a minute, D2). */
  reviews: QuotaRule[];
  /**
   * Claims of orders after a phone sign-in (claimPhoneOrders, claimAnonymousOrders; D13), per
   * user and per App Check token: each is one sign-in, so a few an hour is plenty.
   */
  claims: QuotaRule[];
}

export interface Settings {
  /** The providers on, in order; empty: online payments are refused. */
  paymentProviders: readonly PaymentProviderSetting[];
  limits: Limits;
  /** Paymob's settings, when `paymentProviders` has `paymob` and its settings are complete. */
  paymob?: PaymobConfig;
  /**
   * PAYMENT_RECONCILE_MINUTES (D18): a try the gateway said nothing of for this long is asked
   * about; default DEFAULT_RECONCILE_MINUTES, as on the server.
   */
  reconcileMinutes?: number;
  /** Who is told what (D10); without it, the `log` provider and no company recipient. */
  notifications?: NotificationEnv;
}

/** The product's limits (D2, D8), the same numbers as the self-hosted server's defaults. */
export function defaultLimits(
  overrides: Partial<Record<'customerHour' | 'customerDay' | 'appHour' | 'appDay', number>> = {},
): Limits {
  return {
    orderCustomer: hourAndDay(overrides.customerHour ?? 3, overrides.customerDay ?? 5),
    orderAppToken: hourAndDay(overrides.appHour ?? 10, overrides.appDay ?? 30),
    openOrders: OPEN_ORDERS_PER_CUSTOMER,
    tracking: [
      { max: 30, windowMs: 10 * MINUTE_MS },
      { max: 200, windowMs: DAY_MS },
    ],
    messages: [
      { max: 5, windowMs: 10 * MINUTE_MS },
      { max: 20, windowMs: DAY_MS },
    ],
    reviews: [
      { max: 1, windowMs: MINUTE_MS },
      { max: 20, windowMs: DAY_MS },
    ],
    claims: [
      { max: 10, windowMs: HOUR_MS },
      { max: 30, windowMs: DAY_MS },
    ],
  };
}

/** No limits at all: load tests and the contract suite (as RATE_LIMITS=off on the server). */
export function noLimits(): Limits {
  const none: QuotaRule[] = [];
  return {
    orderCustomer: none,
    orderAppToken: none,
    openOrders: 0,
    tracking: none,
    messages: none,
    reviews: none,
    claims: none,
  };
}
