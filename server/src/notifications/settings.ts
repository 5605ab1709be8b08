import { z } from 'zod';
import { DISPLAY_LANGUAGES } from '../../../src/domain/locale.ts';
import { e164Phone } from '../../../src/domain/notifications.ts';
import type {
  NotificationChannel,
  NotificationRouting,
  RetryPolicy,
} from '../../../src/domain/notifications.ts';

// The notification settings (D10), validated with the rest of the server's settings at start-up:
// a provider that is turned on without its account details stops the server with a message
// naming what is missing, instead of failing quietly at the first booking. This file knows
// nothing of Fastify or SQLite, so the hosted build's functions can read the same settings.

/** The providers: `log` stands in for every channel that has no real provider. */
export const NOTIFY_PROVIDER_NAMES = ['log', 'whatsapp', 'sms', 'email'] as const;
export type NotifyProviderName = (typeof NOTIFY_PROVIDER_NAMES)[number];

const optional = (value: unknown): unknown => (value === '' ? undefined : value);

function seconds(fallback: number, min: number, max: number) {
  const message = `must be a number of seconds from ${min} to ${max}`;
  return z.preprocess(
    optional,
    z.coerce.number({ error: message }).min(min, message).max(max, message).default(fallback),
  );
}

const httpUrl = (fallback: string) =>
  z.preprocess(
    optional,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .default(fallback),
  );

const setting = z.preprocess(optional, z.string().trim().min(1).optional());

/** The environment variables of notifications; env.ts merges them into the server's schema. */
export const notificationEnvShape = {
  // A comma-separated list: `log` (the default) writes messages to the server log;
  // `whatsapp`, `sms` and `email` send them for real; `off` sends nothing.
  NOTIFY_PROVIDERS: z.preprocess(
    (value) => {
      const v = optional(value) ?? 'log';
      if (typeof v !== 'string') return v;
      const names = v
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      return names.length === 1 && names[0] === 'off' ? [] : names;
    },
    z
      .array(
        z.enum(NOTIFY_PROVIDER_NAMES, {
          error: `must be a comma-separated list of ${NOTIFY_PROVIDER_NAMES.join(', ')}, or off`,
        }),
      )
      .transform((names) => [...new Set(names)]),
  ),
  // Where the company hears of new orders: its WhatsApp number and/or an email address.
  NOTIFY_COMPANY_WHATSAPP: z.preprocess(
    optional,
    z
      .string()
      .trim()
      .transform((value, ctx) => {
        const phone = e164Phone(value);
        if (phone === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be an Egyptian mobile (01…) or an international number (+…)',
          });
          return z.NEVER;
        }
        return phone;
      })
      .optional(),
  ),
  NOTIFY_COMPANY_EMAIL: z.preprocess(
    optional,
    z.string().trim().regex(z.regexes.email, 'must be an email address').optional(),
  ),
  NOTIFY_COMPANY_LANGUAGE: z.preprocess(
    optional,
    z
      .enum(DISPLAY_LANGUAGES, { error: `must be one of ${DISPLAY_LANGUAGES.join(', ')}` })
      .default('ar'),
  ),
  // Tries per message (the first included), the wait after the first failure (doubling each
  // time, up to an hour), and how long one try may take.
  NOTIFY_MAX_TRIES: z.preprocess(
    optional,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 20' })
      .int('must be a whole number from 1 to 20')
      .min(1, 'must be a whole number from 1 to 20')
      .max(20, 'must be a whole number from 1 to 20')
      .default(6),
  ),
  NOTIFY_RETRY_SECONDS: seconds(30, 0.01, 3600),
  NOTIFY_TIMEOUT_SECONDS: seconds(15, 0.1, 120),
  // The site's public address, for the tracking links in messages (VITE_SITE_URL by default).
  SITE_URL: httpUrl('http://localhost:8080'),
  // WhatsApp Business Cloud API (Meta): a registered phone number's id and an access token.
  WHATSAPP_API_URL: httpUrl('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: setting,
  WHATSAPP_ACCESS_TOKEN: setting,
  // The authentication template (Meta's fixed text and copy-code button) sign-in codes go in.
  WHATSAPP_CODE_TEMPLATE: z.preprocess(
    optional,
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a WhatsApp template name (a-z, 0-9, _)')
      .default('afsh_code'),
  ),
  // An HTTP SMS gateway with Twilio's Messages API: account SID, auth token, sender.
  SMS_API_URL: httpUrl('https://api.twilio.com/2010-04-01'),
  SMS_ACCOUNT_SID: setting,
  SMS_AUTH_TOKEN: setting,
  // A sender number (+…), an alphanumeric sender id, or a Messaging Service SID (MG…).
  SMS_FROM: setting,
  // Email over SMTP: smtp://user:password@host:587 (STARTTLS) or smtps://…:465.
  SMTP_URL: z.preprocess(
    optional,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: setting,
};

/** Settings that must never be printed, even when they are wrong. */
export const NOTIFICATION_SECRETS = [
  'WHATSAPP_ACCESS_TOKEN',
  'SMS_AUTH_TOKEN',
  'SMTP_URL',
] as const;

export type NotificationEnv = z.output<z.ZodObject<typeof notificationEnvShape>>;

/** What each named provider needs. */
const REQUIRED: Record<Exclude<NotifyProviderName, 'log'>, readonly (keyof NotificationEnv)[]> = {
  whatsapp: ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN'],
  sms: ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'],
  email: ['SMTP_URL', 'MAIL_FROM'],
};

/** Which provider serves each channel: its own, `log`, or none. */
export function channelProviders(
  env: Pick<NotificationEnv, 'NOTIFY_PROVIDERS'>,
): Record<NotificationChannel, 'real' | 'log' | null> {
  const names = env.NOTIFY_PROVIDERS;
  const pick = (channel: NotificationChannel) =>
    names.includes(channel) ? 'real' : names.includes('log') ? 'log' : null;
  return { whatsapp: pick('whatsapp'), sms: pick('sms'), email: pick('email') };
}

/** Cross-setting checks, reported like the others (a provider on without its details). */
export function checkNotificationEnv(env: NotificationEnv, ctx: z.RefinementCtx): void {
  for (const name of env.NOTIFY_PROVIDERS) {
    if (name === 'log') continue;
    for (const key of REQUIRED[name]) {
      if (env[key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required when NOTIFY_PROVIDERS includes ${name}`,
        });
      }
    }
  }
  const channels = channelProviders(env);
  if (env.NOTIFY_COMPANY_WHATSAPP !== undefined && channels.whatsapp === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['NOTIFY_COMPANY_WHATSAPP'],
      message:
        'is set but no provider sends WhatsApp messages (add whatsapp or log to NOTIFY_PROVIDERS)',
    });
  }
  if (env.NOTIFY_COMPANY_EMAIL !== undefined && channels.email === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['NOTIFY_COMPANY_EMAIL'],
      message: 'is set but no provider sends email (add email or log to NOTIFY_PROVIDERS)',
    });
  }
}

/** Who gets what, from the settings: the customer's channels in order, the company's addresses. */
export function notificationRouting(env: NotificationEnv): NotificationRouting {
  const channels = channelProviders(env);
  return {
    customerChannels: (['whatsapp', 'sms'] as const).filter((channel) => channels[channel]),
    company: {
      whatsapp: channels.whatsapp ? env.NOTIFY_COMPANY_WHATSAPP : undefined,
      email: channels.email ? env.NOTIFY_COMPANY_EMAIL : undefined,
      language: env.NOTIFY_COMPANY_LANGUAGE,
    },
    siteUrl: env.SITE_URL,
  };
}

/** The longest backoff between two tries of a message. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** How messages are retried: NOTIFY_MAX_TRIES tries, NOTIFY_RETRY_SECONDS doubling, an hour at most. */
export function retryPolicy(env: NotificationEnv): RetryPolicy {
  return {
    maxTries: env.NOTIFY_MAX_TRIES,
    baseDelayMs: env.NOTIFY_RETRY_SECONDS * 1000,
    maxDelayMs: MAX_RETRY_DELAY_MS,
  };
}
