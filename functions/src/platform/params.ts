// The deployment's settings, as firebase-functions params: set them in functions/.env (or
// functions/.env.<project>), or answer the CLI's prompt on the first deploy. Read at each call.
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { paymobConfig, parsePaymentSettings } from '../../../server/src/payments/settings.ts';
import { notificationEnvFromParams } from './notification-params.ts';
import { defaultLimits, paymentProviderList, type Settings } from './settings.ts';
import { DEFAULT_RECONCILE_MINUTES } from '../../../src/domain/payments.ts';

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
  description:
    'Online payments: none (refused, cash only), or the providers on, comma-separated: test (no money moves, D3), paymob',
});

/**
 * Paymob (D3). The secret key and the HMAC secret are Secret Manager secrets
 * (`firebase functions:secrets:set PAYMOB_SECRET_KEY`), bound only to the functions that talk
 * to Paymob, and only when this deployment chooses Paymob (functions/.env is read when the
 * functions are loaded for a deploy): a deployment without Paymob needs no secret.
 */
export const PAYMOB_CHOSEN = paymentProviderList(process.env.PAYMENT_PROVIDER).names.includes(
  'paymob',
);
const PAYMOB_SECRET_KEY = defineSecret('PAYMOB_SECRET_KEY');
const PAYMOB_HMAC_SECRET = defineSecret('PAYMOB_HMAC_SECRET');
// Paymob's transaction inquiry takes an auth token made from the API key only (D18).
const PAYMOB_API_KEY = defineSecret('PAYMOB_API_KEY');
export const PAYMOB_SECRETS = PAYMOB_CHOSEN
  ? [PAYMOB_SECRET_KEY, PAYMOB_HMAC_SECRET, PAYMOB_API_KEY]
  : [];

const PAYMOB = {
  PAYMOB_API_URL: defineString('PAYMOB_API_URL', { default: 'https://accept.paymob.com' }),
  PAYMOB_PUBLIC_KEY: defineString('PAYMOB_PUBLIC_KEY', { default: '' }),
  PAYMOB_CARD_INTEGRATION_ID: defineString('PAYMOB_CARD_INTEGRATION_ID', { default: '' }),
  PAYMOB_WALLET_INTEGRATION_ID: defineString('PAYMOB_WALLET_INTEGRATION_ID', { default: '' }),
  PAYMOB_CALLBACK_URL: defineString('PAYMOB_CALLBACK_URL', { default: '' }),
  PAYMOB_BILLING_EMAIL: defineString('PAYMOB_BILLING_EMAIL', { default: '' }),
};

/** The site's public address: where Paymob sends customers back, and its callbacks (hosting rewrite). */
const SITE_URL = defineString('SITE_URL', { default: '' });

/** D18: a try the gateway said nothing of for this long is asked about (1-60 minutes). */
const PAYMENT_RECONCILE_MINUTES = defineInt('PAYMENT_RECONCILE_MINUTES', {
  default: DEFAULT_RECONCILE_MINUTES,
  description:
    'Minutes without a word from the gateway before a try is asked about (its transaction inquiry)',
});

const LIMITS = {
  customerHour: defineInt('ORDER_LIMIT_CUSTOMER_HOUR', { default: 3 }),
  customerDay: defineInt('ORDER_LIMIT_CUSTOMER_DAY', { default: 5 }),
  appHour: defineInt('ORDER_LIMIT_APP_HOUR', { default: 10 }),
  appDay: defineInt('ORDER_LIMIT_APP_DAY', { default: 30 }),
};

/**
 * Paymob's settings from the params and secrets, checked with the server's own schema. A
 * deployment that chose Paymob with a setting missing refuses online payments (and says why in
 * the log) rather than taking them wrongly.
 */
function paymobFromParams(): Settings['paymob'] {
  const source: Record<string, string | undefined> = { PAYMENT_PROVIDER: 'paymob' };
  for (const [key, param] of Object.entries(PAYMOB)) source[key] = param.value();
  source.PAYMOB_SECRET_KEY = PAYMOB_CHOSEN ? PAYMOB_SECRET_KEY.value() : undefined;
  source.PAYMOB_HMAC_SECRET = PAYMOB_CHOSEN ? PAYMOB_HMAC_SECRET.value() : undefined;
  source.PAYMOB_API_KEY = PAYMOB_CHOSEN ? PAYMOB_API_KEY.value() : undefined;
  const parsed = parsePaymentSettings(source);
  const siteUrl = SITE_URL.value();
  if (!parsed.ok || !siteUrl) {
    const problems = parsed.ok ? [] : parsed.problems;
    console.error('Paymob is not configured', [
      ...problems,
      ...(siteUrl ? [] : ['SITE_URL: is required']),
    ]);
    return undefined;
  }
  return paymobConfig({ ...parsed.env, SITE_URL: siteUrl.replace(/\/+$/, '') }) ?? undefined;
}

export function settingsFromParams(): Settings {
  const { names, problem } = paymentProviderList(PAYMENT_PROVIDER.value());
  // A misspelt name turns online payments off rather than taking them with the wrong provider.
  if (problem) console.error('PAYMENT_PROVIDER is not valid: online payments are off', problem);
  const paymob = names.includes('paymob') ? paymobFromParams() : undefined;
  const minutes = PAYMENT_RECONCILE_MINUTES.value();
  return {
    paymentProviders: names,
    ...(paymob ? { paymob } : {}),
    reconcileMinutes:
      Number.isInteger(minutes) && minutes >= 1 && minutes <= 60
        ? minutes
        : DEFAULT_RECONCILE_MINUTES,
    limits: defaultLimits({
      customerHour: LIMITS.customerHour.value(),
      customerDay: LIMITS.customerDay.value(),
      appHour: LIMITS.appHour.value(),
      appDay: LIMITS.appDay.value(),
    }),
    notifications: notificationEnvFromParams({ secrets: false }),
  };
}
