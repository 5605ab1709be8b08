import { isIP } from 'node:net';
import { z } from 'zod';
import {
  passwordStrength,
  PASSWORD_MAX,
  PASSWORD_STRONG_SCORE,
} from '../../../src/domain/auth-schemas.ts';
import {
  checkNotificationEnv,
  NOTIFICATION_SECRETS,
  notificationEnvShape,
} from '../notifications/settings.ts';
import { checkPaymentEnv, PAYMENT_SECRETS, paymentEnvShape } from '../payments/settings.ts';
import { OPEN_ORDERS_PER_CUSTOMER } from '../../../src/domain/customer-limits.ts';

// Deployment settings, validated once at start-up: a typo in PORT or GEOCODE_URL should stop the
// server with a readable message, not surface later as a confusing runtime error.

// `.env` files and CI secrets often carry empty values; treat "" as "not set" so defaults apply.
const optional = (value: unknown): unknown => (value === '' ? undefined : value);

/**
 * Which peers may tell us a client's address and protocol (X-Forwarded-For, X-Forwarded-Proto):
 * off, the number of proxies in front of the server, or the proxies' own addresses.
 */
export type TrustProxy = false | number | string[];

/** The most proxies a request may pass through on its way here; more is a typo. */
const MAX_PROXY_HOPS = 10;
/** Names proxy-addr (Fastify's X-Forwarded-For reader) knows for common ranges. */
const PROXY_RANGE_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_FORMS =
  `the number of proxies in front of the server (1 to ${MAX_PROXY_HOPS}: 1 for one nginx or ` +
  'Caddy) or their addresses (e.g. 127.0.0.1,::1 or 10.0.0.0/8)';

/** An IP address, or a network as address/prefix with a prefix above 0 (0 would trust all). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const prefix = entry.slice(slash + 1);
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/**
 * TRUST_PROXY. "true" used to trust every peer: Fastify then takes the leftmost X-Forwarded-For,
 * which the client writes itself when the proxy appends to it (nginx's usual
 * $proxy_add_x_forwarded_for), and every per-address limit is the client's to choose. So only a
 * hop count or the proxies' addresses are accepted; the address then read is the one the
 * nearest untrusted hop was seen from.
 */
const trustProxySetting = z.unknown().transform((value, ctx): TrustProxy => {
  const refuse = (message: string): never => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const v = optional(value);
  if (v === undefined) return false;
  // Typed overrides (tests, build() callers) go through the same reading as the environment.
  const entries = Array.isArray(v)
    ? v.map((entry) => String(entry).trim())
    : ['string', 'number', 'boolean'].includes(typeof v)
      ? String(v)
          .split(',')
          .map((entry) => entry.trim())
      : null;
  if (entries === null) return refuse(`must be ${TRUST_PROXY_FORMS}, or false`);
  if (entries.length === 1) {
    const only = (entries[0] ?? '').toLowerCase();
    if (['0', 'false', 'no', 'off'].includes(only)) return false;
    if (['true', 'yes', 'on'].includes(only)) {
      return refuse(
        `"${only}" would let every client choose its own address (X-Forwarded-For): ` +
          `give ${TRUST_PROXY_FORMS} instead`,
      );
    }
    if (/^\d+$/.test(only)) {
      const hops = Number(only);
      return hops >= 1 && hops <= MAX_PROXY_HOPS
        ? hops
        : refuse(`must be ${TRUST_PROXY_FORMS}, or false`);
    }
  }
  const addresses = entries.filter((entry) => entry !== '');
  const bad = addresses.filter((entry) => !isProxyAddress(entry));
  if (addresses.length === 0 || bad.length > 0) {
    const named = bad.length > 0 ? ` (not an address or network: ${bad.join(', ')})` : '';
    return refuse(`must be ${TRUST_PROXY_FORMS}, or false${named}`);
  }
  return addresses;
});

/** A limit on orders: a whole number, 0 meaning no limit. */
function orderLimit(fallback: number) {
  const message = 'must be a whole number from 0 (no limit) to 100000';
  return z.preprocess(
    optional,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(100_000, message)
      .default(fallback),
  );
}

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      optional,
      z
        .enum(['development', 'production', 'test'], {
          error: 'must be one of development, production, test',
        })
        .default('development'),
    ),
    PORT: z.preprocess(
      optional,
      z.coerce
        .number({ error: 'must be a whole number between 0 and 65535' })
        .int('must be a whole number between 0 and 65535')
        .min(0, 'must be a whole number between 0 and 65535')
        .max(65535, 'must be a whole number between 0 and 65535')
        .default(8080),
    ),
    HOST: z.preprocess(optional, z.string().trim().min(1).default('0.0.0.0')),
    DATABASE_PATH: z.preprocess(optional, z.string().trim().min(1).default('data/afsh.sqlite')),
    // The built SPA to serve; default the repository's dist/. Lets a test build go elsewhere.
    STATIC_DIR: z.preprocess(optional, z.string().trim().min(1).optional()),
    GEOCODE_URL: z.preprocess(
      optional,
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
        .default('https://nominatim.openstreetmap.org/reverse'),
    ),
    LOG_LEVEL: z.preprocess(
      optional,
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          error: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    // Only behind a reverse proxy that sets X-Forwarded-*: otherwise clients could spoof their
    // address (rate limits) and protocol (security headers). A hop count or the proxy's
    // addresses, never "trust everyone" (see trustProxySetting).
    TRUST_PROXY: trustProxySetting,
    // The first admin, created on start when no admin exists (D2). Without a password one is
    // generated and printed once.
    ADMIN_EMAIL: z.preprocess(
      optional,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, 'must be an email address')
        .regex(z.regexes.email, 'must be an email address')
        .optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(
      optional,
      z
        .string()
        .refine(
          (pw) => pw.length <= PASSWORD_MAX && passwordStrength(pw) >= PASSWORD_STRONG_SCORE,
          `must be 8 to ${PASSWORD_MAX} characters with letters and digits`,
        )
        .optional(),
    ),
    SESSION_TTL_DAYS: z.preprocess(
      optional,
      z.coerce
        .number({ error: 'must be a whole number of days between 1 and 365' })
        .int('must be a whole number of days between 1 and 365')
        .min(1, 'must be a whole number of days between 1 and 365')
        .max(365, 'must be a whole number of days between 1 and 365')
        .default(30),
    ),
    // 'off' only for tests and load tests: the limits protect sign-in and the forms from abuse.
    RATE_LIMITS: z.preprocess(
      (value) => {
        const v = optional(value);
        if (typeof v === 'boolean') return v ? 'on' : 'off';
        if (typeof v !== 'string') return v;
        const lowered = v.trim().toLowerCase();
        if (['1', 'true', 'yes', 'on'].includes(lowered)) return 'on';
        if (['0', 'false', 'no', 'off'].includes(lowered)) return 'off';
        return v;
      },
      z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    ),
    // Orders one customer (a verified mobile number, D13) and one address may place (D8).
    // A real customer books one or two moves; admins (phone bookings) are not limited.
    // RATE_LIMITS=off lifts these too.
    ORDER_LIMIT_CUSTOMER_HOUR: orderLimit(3),
    ORDER_LIMIT_CUSTOMER_DAY: orderLimit(5),
    ORDER_LIMIT_CUSTOMER_WEEK: orderLimit(8),
    // Moves one customer may hold booked ahead at once (not cancelled, not delivered, not past).
    ORDER_LIMIT_CUSTOMER_OPEN: orderLimit(OPEN_ORDERS_PER_CUSTOMER),
    ORDER_LIMIT_ADDRESS_HOUR: orderLimit(10),
    ORDER_LIMIT_ADDRESS_DAY: orderLimit(30),
    // The longest a client may take to send a whole request, body included: a slow or stalled
    // upload is closed instead of holding a connection. Answers (and live streams) are not cut.
    REQUEST_TIMEOUT_SECONDS: z.preprocess(
      optional,
      z.coerce
        .number({ error: 'must be a whole number of seconds between 1 and 300' })
        .int('must be a whole number of seconds between 1 and 300')
        .min(1, 'must be a whole number of seconds between 1 and 300')
        .max(300, 'must be a whole number of seconds between 1 and 300')
        .default(30),
    ),
    // A public site on the test payment provider only on purpose (D24): with `allowed` a server
    // in production starts in test mode, and every page says so.
    PAYMENT_TEST_MODE: z.preprocess(
      (value) => (typeof value === 'string' ? optional(value.trim().toLowerCase()) : value),
      z.enum(['allowed'], { error: 'must be allowed, or unset' }).optional(),
    ),
    // Prometheus metrics (D24): never on the public port without this bearer token. With
    // METRICS_PORT they are served on a port of their own on 127.0.0.1 instead (no token there
    // unless set); without either, /metrics does not exist.
    METRICS_TOKEN: z.preprocess(
      optional,
      z.string().min(16, 'must be at least 16 characters (a random token)').optional(),
    ),
    METRICS_PORT: z.preprocess(
      optional,
      z.coerce
        .number({ error: 'must be a whole number between 1 and 65535' })
        .int('must be a whole number between 1 and 65535')
        .min(1, 'must be a whole number between 1 and 65535')
        .max(65535, 'must be a whole number between 1 and 65535')
        .optional(),
    ),
    METRICS_HOST: z.preprocess(optional, z.string().trim().min(1).default('127.0.0.1')),
    // Order and status notifications (D10): providers, recipients, retries.
    ...notificationEnvShape,
    // Online payments (D3): the test provider, or Paymob with its keys.
    ...paymentEnvShape,
  })
  .superRefine((env, ctx) => {
    checkNotificationEnv(env, ctx);
    checkPaymentEnv(env, ctx);
    // A shorter window's limit above a longer one's is never the one reached: a typo, refused.
    for (const [shorter, longer, which] of [
      ['ORDER_LIMIT_CUSTOMER_DAY', 'ORDER_LIMIT_CUSTOMER_WEEK', 'weekly'],
      ['ORDER_LIMIT_CUSTOMER_HOUR', 'ORDER_LIMIT_CUSTOMER_DAY', 'daily'],
      ['ORDER_LIMIT_ADDRESS_HOUR', 'ORDER_LIMIT_ADDRESS_DAY', 'daily'],
    ] as const) {
      if (env[shorter] > 0 && env[longer] > 0 && env[shorter] > env[longer]) {
        ctx.addIssue({
          code: 'custom',
          path: [shorter],
          message: `is more than ${longer} (${env[longer]}): the ${which} limit would always come first`,
        });
      }
    }
    // Metrics on a port other machines reach, without a token, would be public (D24).
    if (
      env.METRICS_PORT !== undefined &&
      env.METRICS_TOKEN === undefined &&
      !['127.0.0.1', '::1', 'localhost'].includes(env.METRICS_HOST)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_HOST'],
        message: 'is not 127.0.0.1 and METRICS_TOKEN is not set: the metrics would be public',
      });
    }
    if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_EMAIL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is set but ADMIN_EMAIL is not: set both, or neither',
      });
    }
  });

export type ServerEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvError';
  }
}

type EnvSource = Record<string, unknown>;

const SECRET_KEYS: ReadonlySet<string> = new Set([
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  ...NOTIFICATION_SECRETS,
  ...PAYMENT_SECRETS,
]);

/**
 * Reads the server's settings from `source` (normally `process.env`), with `overrides` taking
 * precedence (tests and `build()` callers pass typed values). Throws an EnvError that names each
 * bad variable and the value it had.
 */
export function loadEnv(
  source: EnvSource = process.env,
  overrides: Partial<ServerEnv> = {},
): ServerEnv {
  const keys = Object.keys(envSchema.shape) as (keyof ServerEnv)[];
  const raw: EnvSource = {};
  for (const key of keys) raw[key] = key in overrides ? overrides[key] : source[key];
  // The links in messages point where the site is published, which the build already knows.
  if (raw.SITE_URL === undefined || raw.SITE_URL === '') raw.SITE_URL = source.VITE_SITE_URL;

  const result = envSchema.safeParse(raw);
  if (result.success) return result.data;

  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '?');
    const value = raw[key];
    // A secret must not end up in a terminal scroll-back or a CI log.
    const shown =
      value === undefined || SECRET_KEYS.has(key) ? '' : ` (got ${JSON.stringify(value)})`;
    return `  - ${key}: ${issue.message}${shown}`;
  });
  return failEnv(lines);
}

function failEnv(lines: string[]): never {
  throw new EnvError(
    `Invalid server configuration (environment variables):\n${lines.join('\n')}\n` +
      'Fix these values (see .env.example) and start again.',
  );
}

/**
 * Loads `file` (normally `.env` at the repository root) into process.env when it exists.
 * Variables already set in the real environment win over the file.
 */
export function loadDotEnvFile(file: string): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated settings this instance was built with. */
    config: ServerEnv;
  }
}
