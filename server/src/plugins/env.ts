import { z } from 'zod';

// Deployment settings, validated once at start-up: a typo in PORT or GEOCODE_URL should stop the
// server with a readable message, not surface later as a confusing runtime error.

// `.env` files and CI secrets often carry empty values; treat "" as "not set" so defaults apply.
const optional = (value: unknown): unknown => (value === '' ? undefined : value);

const booleanFlag = z.preprocess(
  (value) => {
    const v = optional(value);
    if (typeof v !== 'string') return v;
    const lowered = v.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(lowered)) return true;
    if (['0', 'false', 'no', 'off'].includes(lowered)) return false;
    return v;
  },
  z.boolean({ error: 'must be true or false (1/0, yes/no also accepted)' }),
);

const envSchema = z.object({
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
  // address (rate limits) and protocol (security headers).
  TRUST_PROXY: z.preprocess(optional, booleanFlag.default(false)),
});

export type ServerEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvError';
  }
}

type EnvSource = Record<string, unknown>;

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

  const result = envSchema.safeParse(raw);
  if (result.success) return result.data;

  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '?');
    const value = raw[key];
    const shown = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated settings this instance was built with. */
    config: ServerEnv;
  }
}
