import type { FastifyInstance } from 'fastify';
import { customerLimitsApply } from '../../../src/domain/customer-limits.ts';
import { addressKey } from '../plugins/client-address.ts';
import { pruneHourly } from '../plugins/prune-hourly.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { OrderQuota, QuotaRule } from '../repositories/orders-repository.ts';
import { serverSecret } from '../repositories/secrets-repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The quota log is read a week back; a day more covers a clock that moved. */
const QUOTA_LOG_KEPT_MS = 8 * DAY_MS;

export type QuotaPolicy = (ip: string | undefined, user: AuthUser) => OrderQuota | undefined;

/**
 * The limits on orders (D8) for a request, or undefined where none apply: admins book by phone
 * for many customers, and RATE_LIMITS=off is for tests and load tests.
 */
export function orderQuotaPolicy(app: FastifyInstance): QuotaPolicy {
  const env = app.config;
  if (env.RATE_LIMITS === 'off') return () => undefined;
  const secret = serverSecret(app.db, 'address-key');
  const rules = (hour: number, day: number): QuotaRule[] => [
    { max: hour, windowMs: HOUR_MS },
    { max: day, windowMs: DAY_MS },
  ];
  const customer = [
    ...rules(env.ORDER_LIMIT_CUSTOMER_HOUR, env.ORDER_LIMIT_CUSTOMER_DAY),
    { max: env.ORDER_LIMIT_CUSTOMER_WEEK, windowMs: 7 * DAY_MS },
  ];
  const address = rules(env.ORDER_LIMIT_ADDRESS_HOUR, env.ORDER_LIMIT_ADDRESS_DAY);
  return (ip, user) =>
    !customerLimitsApply({ isAdmin: user.role === 'admin' })
      ? undefined
      : {
          addressKey: addressKey(secret, ip),
          customer,
          address,
          openOrders: env.ORDER_LIMIT_CUSTOMER_OPEN,
        };
}

/** Old entries of the quota log go once an hour, while the app runs. */
export function pruneQuotaLogWhileRunning(app: FastifyInstance): void {
  pruneHourly(app, 'the order quota log', () =>
    app.orders.pruneQuotaLog(new Date(Date.now() - QUOTA_LOG_KEPT_MS)),
  );
}
