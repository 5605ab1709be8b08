import { z } from 'zod';
import {
  DEFAULT_RECONCILE_MINUTES,
  HOSTED_PAYMENT_PROVIDERS,
  inquiryPolicy,
  type InquiryPolicy,
} from '../../../src/domain/payments.ts';

// The payment settings (D3), validated with the rest of the server's settings at start-up, and
// by the hosted build's functions from their params with the same schema: choosing Paymob
// without its keys stops the server with the names of what is missing, instead of failing at the
// first customer's payment. Secrets stay on the server (and in the functions' secrets): the
// browser only ever gets the checkout address the server builds, which carries the public key.

/** The names PAYMENT_PROVIDER takes: the test provider and every gateway the domain knows. */
export const PAYMENT_PROVIDER_SETTINGS = ['test', ...HOSTED_PAYMENT_PROVIDERS] as const;
export type PaymentProviderSetting = (typeof PAYMENT_PROVIDER_SETTINGS)[number];

const optional = (value: unknown): unknown => (value === '' ? undefined : value);
const setting = z.preprocess(optional, z.string().trim().min(1).optional());

/** Paymob's integration ids are numbers (Developers → Payment Integrations in its dashboard). */
const integrationId = z.preprocess(
  optional,
  z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,11}$/, 'must be a Paymob integration id (a whole number)')
    .optional(),
);

function wholeNumber(fallback: number, min: number, max: number, unit: string) {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(
    optional,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(min, message)
      .max(max, message)
      .default(fallback),
  );
}

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

/** The environment variables of payments; env.ts merges them into the server's schema. */
export const paymentEnvShape = {
  // The providers on, comma-separated (D3): `test` (the default): the test provider, no money
  // moves. `paymob`: real payments on Paymob's checkout, with the PAYMOB_* settings below.
  // Several may be on at once; the registry gives each method to the first one that takes it.
  PAYMENT_PROVIDER: z.preprocess(
    (value) =>
      typeof optional(value) === 'string'
        ? String(value)
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter((name) => name !== '')
        : value,
    z
      .array(
        z.enum(PAYMENT_PROVIDER_SETTINGS, {
          error: `must be one of ${PAYMENT_PROVIDER_SETTINGS.join(', ')}`,
        }),
      )
      .min(1, `must name one of ${PAYMENT_PROVIDER_SETTINGS.join(', ')}`)
      .default(['test']),
  ),
  PAYMOB_API_URL: z.preprocess(optional, httpUrl.default('https://accept.paymob.com')),
  PAYMOB_SECRET_KEY: setting,
  PAYMOB_PUBLIC_KEY: setting,
  PAYMOB_HMAC_SECRET: setting,
  // The account's API key (Settings → API Keys; the same in test and live mode): Paymob's
  // transaction inquiry takes only an auth token made from it (D18).
  PAYMOB_API_KEY: setting,
  PAYMOB_CARD_INTEGRATION_ID: integrationId,
  PAYMOB_WALLET_INTEGRATION_ID: integrationId,
  // Where Paymob posts its transaction callbacks; default <SITE_URL>/api/payments/paymob/callback.
  PAYMOB_CALLBACK_URL: z.preprocess(optional, httpUrl.optional()),
  // Paymob wants an email in the billing data; customers give a phone number, not an address.
  PAYMOB_BILLING_EMAIL: z.preprocess(
    optional,
    z.string().trim().regex(z.regexes.email, 'must be an email address').optional(),
  ),
  PAYMOB_TIMEOUT_SECONDS: wholeNumber(15, 1, 120, 'seconds'),
  // How long the checkout accepts a payment before the customer has to start again.
  PAYMOB_EXPIRY_MINUTES: wholeNumber(60, 5, 24 * 60, 'minutes'),
  // A try the gateway has said nothing about for this long is asked about with its transaction
  // inquiry, then again after as long as it has been quiet, and once its checkout closed (D18).
  PAYMENT_RECONCILE_MINUTES: wholeNumber(DEFAULT_RECONCILE_MINUTES, 1, 60, 'minutes'),
};

/** Settings that must never be printed, even when they are wrong. */
export const PAYMENT_SECRETS = [
  'PAYMOB_SECRET_KEY',
  'PAYMOB_HMAC_SECRET',
  'PAYMOB_API_KEY',
] as const;

export type PaymentEnv = z.output<z.ZodObject<typeof paymentEnvShape>>;

const REQUIRED_FOR_PAYMOB = [
  'PAYMOB_SECRET_KEY',
  'PAYMOB_PUBLIC_KEY',
  'PAYMOB_HMAC_SECRET',
  'PAYMOB_API_KEY',
  'PAYMOB_CARD_INTEGRATION_ID',
] as const;

/** `test` or `live` from a Paymob key (`egy_sk_test_…`, `egy_pk_live_…`); null when it does not say. */
export function paymobKeyMode(key: string): 'test' | 'live' | null {
  if (/_test_/i.test(key)) return 'test';
  if (/_live_/i.test(key)) return 'live';
  return null;
}

/** Cross-setting checks, reported like the others. */
export function checkPaymentEnv(
  env: PaymentEnv & { SITE_URL?: string },
  ctx: z.RefinementCtx,
): void {
  if (!env.PAYMENT_PROVIDER.includes('paymob')) return;
  for (const key of REQUIRED_FOR_PAYMOB) {
    if (env[key] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'is required when PAYMENT_PROVIDER is paymob',
      });
    }
  }
  const secretMode = env.PAYMOB_SECRET_KEY ? paymobKeyMode(env.PAYMOB_SECRET_KEY) : null;
  const publicMode = env.PAYMOB_PUBLIC_KEY ? paymobKeyMode(env.PAYMOB_PUBLIC_KEY) : null;
  if (secretMode && publicMode && secretMode !== publicMode) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMOB_PUBLIC_KEY'],
      message: `is a ${publicMode} key but PAYMOB_SECRET_KEY is a ${secretMode} one: use both from the same mode`,
    });
  }
  if (env.PAYMOB_SECRET_KEY !== undefined && env.PAYMOB_SECRET_KEY === env.PAYMOB_PUBLIC_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMOB_PUBLIC_KEY'],
      message: 'is the same as PAYMOB_SECRET_KEY: the public key is a different one',
    });
  }
}

/** Everything the Paymob provider needs, settled. */
export interface PaymobConfig {
  apiUrl: string;
  secretKey: string;
  publicKey: string;
  hmacSecret: string;
  /** The API key Paymob's auth tokens are made from: for its transaction inquiry (D18). */
  apiKey: string;
  integrations: { card: number; wallet?: number };
  /** Where Paymob posts the transaction processed callback. */
  callbackUrl: string;
  /** The site, for the address Paymob sends the customer back to. */
  siteUrl: string;
  billingEmail: string;
  timeoutMs: number;
  expirySeconds: number;
  /** Paymob test keys: the checkout takes test cards and no real money moves. */
  testMode: boolean;
}

export const PAYMOB_CALLBACK_PATH = '/api/payments/paymob/callback';

/** The payment settings as the provider reads them; null when Paymob is not on. */
export function paymobConfig(
  env: Omit<PaymentEnv, 'PAYMENT_RECONCILE_MINUTES'> & { SITE_URL: string },
): PaymobConfig | null {
  if (!env.PAYMENT_PROVIDER.includes('paymob')) return null;
  const missing = REQUIRED_FOR_PAYMOB.filter((key) => env[key] === undefined);
  if (missing.length > 0) throw new Error(`Paymob is not configured: ${missing.join(', ')}`);
  const site = new URL(env.SITE_URL);
  const host = site.hostname.includes('.') ? site.hostname.replace(/^www\./, '') : 'example.com';
  return {
    apiUrl: env.PAYMOB_API_URL,
    secretKey: env.PAYMOB_SECRET_KEY!,
    publicKey: env.PAYMOB_PUBLIC_KEY!,
    hmacSecret: env.PAYMOB_HMAC_SECRET!,
    apiKey: env.PAYMOB_API_KEY!,
    integrations: {
      card: Number(env.PAYMOB_CARD_INTEGRATION_ID),
      ...(env.PAYMOB_WALLET_INTEGRATION_ID
        ? { wallet: Number(env.PAYMOB_WALLET_INTEGRATION_ID) }
        : {}),
    },
    callbackUrl: env.PAYMOB_CALLBACK_URL ?? `${env.SITE_URL}${PAYMOB_CALLBACK_PATH}`,
    siteUrl: env.SITE_URL,
    billingEmail: env.PAYMOB_BILLING_EMAIL ?? `no-reply@${host}`,
    timeoutMs: env.PAYMOB_TIMEOUT_SECONDS * 1000,
    expirySeconds: env.PAYMOB_EXPIRY_MINUTES * 60,
    testMode: paymobKeyMode(env.PAYMOB_SECRET_KEY!) === 'test',
  };
}

/** How tries nobody heard of are asked about (D18), from PAYMENT_RECONCILE_MINUTES. */
export function reconcilePolicy(env: Pick<PaymentEnv, 'PAYMENT_RECONCILE_MINUTES'>): InquiryPolicy {
  return inquiryPolicy(env.PAYMENT_RECONCILE_MINUTES);
}

/** Reads and checks payment settings from plain strings (the hosted build's params). */
export function parsePaymentSettings(
  source: Record<string, string | undefined>,
): { ok: true; env: PaymentEnv } | { ok: false; problems: string[] } {
  const schema = z.object(paymentEnvShape).superRefine(checkPaymentEnv);
  const result = schema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map(
      (issue) => `${String(issue.path[0] ?? '?')}: ${issue.message}`,
    ),
  };
}
