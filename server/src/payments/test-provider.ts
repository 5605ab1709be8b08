import { createHash } from 'node:crypto';
import { isTestPaymentToken } from '../../../src/domain/order.ts';
import type { TokenPaymentProvider } from './payment-provider.ts';

/**
 * Approves well-formed test tokens (the shape the browser's test provider issues after its Luhn,
 * expiry and CVV checks, src/domain/order.ts), declines everything else. The shape is all we can
 * check: until a real gateway is configured, no money moves (every payment screen says so).
 */
export const testPaymentProvider: TokenPaymentProvider = {
  kind: 'token',
  name: 'test',
  async verify(token, amount) {
    if (!isTestPaymentToken(token)) return { ok: false };
    if (!Number.isInteger(amount) || amount < 0) return { ok: false };
    // A stable reference per token and amount, without storing the token itself.
    const digest = createHash('sha256').update(`${token}:${amount}`).digest('hex').slice(0, 24);
    return { ok: true, reference: `test_${digest}` };
  },
};
