import { z } from 'zod';
import { DISPLAY_LANGUAGES } from '../../../src/domain/locale.ts';
import { isValidTime } from '../../../src/domain/datetime.ts';
import { DEFAULT_NOTIFY_MAX_TRIES } from '../../../src/domain/notification-desk.ts';
import { DEFAULT_WEEKLY_SUMMARY_TIME } from '../../../src/domain/weekly-summary.ts';
import { CUSTOMER_CHANNELS } from '../../../src/domain/notifications.ts';
import type {
  NotificationChannel,
  NotificationRouting,
  RetryPolicy,
} from '../../../src/domain/notifications.ts';
import type { ChannelProvider, HostedParam } from './providers/channel-provider.ts';
import { CHANNEL_PROVIDERS, REGISTERED_CHANNELS } from './providers/registry.ts';
import { httpUrl, optional } from './setting-fields.ts';

// The notification settings (D10), validated with the rest of the server's settings at start-up:
// a provider that is turned on without its account details stops the server with a message
// naming what is missing, instead of failing quietly at the first booking. This file knows
// nothing of Fastify or SQLite, so the hosted build's functions can read the same settings.

/** Each channel's real provider (providers/registry.ts), with its settings. */
const CHANNELS = REGISTERED_CHANNELS;

/** The providers: `log` stands in for every channel that has no real provider. */
export type NotifyProviderName = 'log' | (typeof CHANNEL_PROVIDERS)[number]['channel'];
export const NOTIFY_PROVIDER_NAMES: readonly NotifyProviderName[] = [
  'log',
  ...CHANNEL_PROVIDERS.map((provider) => provider.channel),
];

function seconds(fallback: number, min: number, max: number) {
  const message = `must be a number of seconds from ${min} to ${max}`;
  return z.preprocess(
    optional,
    z.coerce.number({ error: message }).min(min, message).max(max, message).default(fallback),
  );
}

/** The settings of every channel, from the registry: one shape, each name in one module. */
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
type ShapeOf<P> =
  P extends ChannelProvider<NotificationChannel, infer S>
    ? { [K in keyof S]: S[K]['schema'] }
    : never;
type ChannelShape = UnionToIntersection<ShapeOf<(typeof CHANNEL_PROVIDERS)[number]>>;

function channelShape(): ChannelShape {
  const shape: Record<string, z.ZodType> = {};
  for (const provider of CHANNELS) {
    for (const [name, { schema }] of Object.entries(provider.settings)) {
      if (name in shape) throw new Error(`${name} is declared by two notification providers`);
      shape[name] = schema;
    }
  }
  return shape as ChannelShape;
}

/** The environment variables of notifications; env.ts merges them into the server's schema. */
export const notificationEnvShape = {
  // A comma-separated list: `log` (the default) writes messages to the server log; a channel's
  // name (`whatsapp`, `sms`, `email`: the registry's) sends them for real; `off` sends nothing.
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
  // The language the company's messages are in (each channel's module has its address).
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
      .default(DEFAULT_NOTIFY_MAX_TRIES),
  ),
  NOTIFY_RETRY_SECONDS: seconds(30, 0.01, 3600),
  // The weekly summary to the company's recipients (D27): the Cairo time it goes out on
  // Saturdays (HH:MM, 24-hour), or `off`. Parsed as the time, or null when off.
  NOTIFY_WEEKLY_SUMMARY: z.preprocess(
    (value) => {
      // null is the parsed "off" (a typed override, as tests pass settings).
      if (value === null) return 'off';
      const v = optional(value) ?? DEFAULT_WEEKLY_SUMMARY_TIME;
      return typeof v === 'string' ? v.trim().toLowerCase() : v;
    },
    z
      .string({ error: 'must be a time of day on Saturdays (HH:MM, Cairo), or off' })
      .refine((v) => v === 'off' || isValidTime(v), {
        error: 'must be a time of day on Saturdays (HH:MM, Cairo), or off',
      })
      .transform((v) => (v === 'off' ? null : v)),
  ),
  NOTIFY_TIMEOUT_SECONDS: seconds(15, 0.1, 120),
  // The site's public address, for the tracking links in messages (VITE_SITE_URL by default).
  SITE_URL: httpUrl('http://localhost:8080'),
  // Each channel's own: its account, its sender, the company's address on it.
  ...channelShape(),
};

/** Settings that must never be printed, even when they are wrong. */
export const NOTIFICATION_SECRETS: readonly string[] = CHANNELS.flatMap((provider) =>
  Object.entries(provider.settings)
    .filter(([, setting]) => setting.secret === true)
    .map(([name]) => name),
);

/**
 * The channels' settings the hosted build reads as params (functions/.env): every one that is
 * not a secret and not the self-hosted server's alone.
 */
export const NOTIFICATION_CHANNEL_PARAMS: Readonly<Record<string, Required<HostedParam>>> =
  Object.fromEntries(
    CHANNELS.flatMap((provider) =>
      Object.entries(provider.settings).flatMap(([name, setting]) =>
        setting.secret !== true && setting.param
          ? [[name, { default: '', ...setting.param }] as const]
          : [],
      ),
    ),
  );

export type NotificationEnv = z.output<z.ZodObject<typeof notificationEnvShape>>;

/** A channel's settings, read by name (the registry's modules declare them). */
const valueOf = (env: NotificationEnv, name: string): unknown =>
  (env as unknown as Record<string, unknown>)[name];

/** Which provider serves each channel: its own, `log`, or none. */
export function channelProviders(
  env: Pick<NotificationEnv, 'NOTIFY_PROVIDERS'>,
): Record<NotificationChannel, 'real' | 'log' | null> {
  const names: readonly string[] = env.NOTIFY_PROVIDERS;
  const pick = (channel: NotificationChannel) =>
    names.includes(channel) ? 'real' : names.includes('log') ? 'log' : null;
  return Object.fromEntries(
    CHANNELS.map((provider) => [provider.channel, pick(provider.channel)]),
  ) as Record<NotificationChannel, 'real' | 'log' | null>;
}

/** Cross-setting checks, reported like the others (a provider on without its details). */
export function checkNotificationEnv(env: NotificationEnv, ctx: z.RefinementCtx): void {
  for (const name of env.NOTIFY_PROVIDERS) {
    const provider = CHANNELS.find((candidate) => candidate.channel === name);
    if (!provider) continue;
    for (const [key, setting] of Object.entries(provider.settings)) {
      if (setting.required === true && valueOf(env, key) === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is required when NOTIFY_PROVIDERS includes ${name}`,
        });
      }
    }
  }
  const channels = channelProviders(env);
  for (const { channel, company } of CHANNELS) {
    if (company && valueOf(env, company.setting) !== undefined && channels[channel] === null) {
      ctx.addIssue({
        code: 'custom',
        path: [company.setting],
        message: `is set but no provider sends ${company.sends} (add ${channel} or log to NOTIFY_PROVIDERS)`,
      });
    }
  }
}

/**
 * The company's address on each channel it may hear new orders on (each module that declares a
 * company setting), `undefined` where it is not set.
 */
export function companyAddresses(
  env: NotificationEnv,
): [NotificationChannel, string | undefined][] {
  return CHANNELS.flatMap(({ channel, company }) =>
    company ? [[channel, valueOf(env, company.setting) as string | undefined]] : [],
  );
}

/** Who gets what, from the settings: the customer's channels in order, the company's addresses. */
export function notificationRouting(env: NotificationEnv): NotificationRouting {
  const channels = channelProviders(env);
  const company = companyAddresses(env).map(([channel, address]) => [
    channel,
    // Only on a channel that has a provider (the checks refuse an address on another).
    channels[channel] ? address : undefined,
  ]);
  return {
    customerChannels: CUSTOMER_CHANNELS.filter((channel) => channels[channel]),
    company: { ...Object.fromEntries(company), language: env.NOTIFY_COMPANY_LANGUAGE },
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
