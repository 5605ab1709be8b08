import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';
import { clientNetwork } from './client-address.ts';
import type { ServerEnv } from './env.ts';

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

const MINUTE_MS = 60_000;

/**
 * Per-client-address limits (D2). A route opts in with `config: { rateLimit: RATE_LIMITS.login }`.
 * The address is `request.ip`, which reads X-Forwarded-For only from the proxies TRUST_PROXY
 * names (D8), counted by network (an IPv6 client's whole /64, see client-address.ts).
 * The one-review-per-60-s rule is a product rule kept in the database, not one of these.
 */
export const RATE_LIMITS = {
  login: { max: 10, timeWindow: MINUTE_MS },
  signup: { max: 5, timeWindow: MINUTE_MS },
  anonymous: { max: 30, timeWindow: MINUTE_MS },
  messages: { max: 5, timeWindow: 10 * MINUTE_MS },
  tracking: { max: 30, timeWindow: MINUTE_MS },
  // Requests, whatever they ask: the codes' own limits (per number, address, overall) are D13's.
  phoneCode: { max: 20, timeWindow: MINUTE_MS },
  phoneVerify: { max: 20, timeWindow: MINUTE_MS },
  // A gateway's callbacks (D18): Paymob posts from a few addresses, a few a minute for a shop;
  // 120 a minute per address is far above that. A genuine callback refused here is not lost:
  // its try is asked about with the transaction inquiry a few minutes later.
  paymentCallback: { max: 120, timeWindow: MINUTE_MS },
  // Opening a live order stream (D19): a tracker or "my orders" opens one per page view, and
  // reconnects after a drop 5 s later at the soonest; an unknown number costs one too.
  orderStream: { max: 10, timeWindow: MINUTE_MS },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Registers @fastify/rate-limit without a global limit. It is always registered so routes can
 * declare their limits unconditionally; RATE_LIMITS=off lets every request through.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  env: Pick<ServerEnv, 'RATE_LIMITS'>,
): Promise<void> {
  const enabled = env.RATE_LIMITS === 'on';
  // Off: not registered at all. A route's `config.rateLimit` is inert without the plugin, and
  // the plugin would otherwise still run its hook and keyGenerator on every limited route.
  if (!enabled) return;
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientNetwork(request.ip),
    // Thrown by the plugin, so it reaches our error handler and gets the usual error shape;
    // the plugin has already set Retry-After.
    errorResponseBuilder: (_request, context) =>
      context.ban
        ? new HttpError(403, 'permission-denied', 'errors:rateLimited')
        : new HttpError(429, 'rate-limited', 'errors:rateLimited'),
  });
}
