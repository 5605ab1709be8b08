// The deployment's settings, as firebase-functions params: set them in functions/.env (or
// functions/.env.<project>), or answer the CLI's prompt on the first deploy. Read at each call.
import { defineBoolean, defineInt, defineString } from 'firebase-functions/params';
import { notificationEnvFromParams } from './notification-params.ts';
import { defaultLimits, type PaymentProviderSetting, type Settings } from './settings.ts';

/** Where the functions run: the Firestore database's region (the adapter calls the same). */
export const REGION = defineString('FUNCTIONS_REGION', {
  default: 'europe-west1',
  description: 'Region of the functions; the same as VITE_FIREBASE_FUNCTIONS_REGION in the build',
});

/** Refuse calls without a valid App Check token (reCAPTCHA Enterprise in the browser). */
export const ENFORCE_APP_CHECK = defineBoolean('ENFORCE_APP_CHECK', {
  default: true,
  description: 'Refuse calls without a valid App Check token (false only in the emulator)',
});

const PAYMENT_PROVIDER = defineString('PAYMENT_PROVIDER', {
  default: 'none',
  description: 'Card payments: none (refused, cash only) or test (no money moves, D3)',
  input: {
    select: {
      options: [
        { label: 'none: card payments refused', value: 'none' },
        { label: 'test: no money moves', value: 'test' },
      ],
    },
  },
});

const LIMITS = {
  customerHour: defineInt('ORDER_LIMIT_CUSTOMER_HOUR', { default: 3 }),
  customerDay: defineInt('ORDER_LIMIT_CUSTOMER_DAY', { default: 5 }),
  appHour: defineInt('ORDER_LIMIT_APP_HOUR', { default: 10 }),
  appDay: defineInt('ORDER_LIMIT_APP_DAY', { default: 30 }),
};

export function settingsFromParams(): Settings {
  const provider = PAYMENT_PROVIDER.value();
  return {
    paymentProvider: (provider === 'test' ? 'test' : 'none') satisfies PaymentProviderSetting,
    limits: defaultLimits({
      customerHour: LIMITS.customerHour.value(),
      customerDay: LIMITS.customerDay.value(),
      appHour: LIMITS.appHour.value(),
      appDay: LIMITS.appDay.value(),
    }),
    notifications: notificationEnvFromParams({ secrets: false }),
  };
}
