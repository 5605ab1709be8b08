import { createHash } from 'node:crypto';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * What the browser's test provider issues after its Luhn, expiry and CVV checks. The shape is
 * all we can check: until a real gateway is configured, no money moves (every payment screen
 * says so).
 */
export const TEST_PAYMENT_TOKEN = /^test_ok_[A-Za-z0-9]{8,64}$/;

/** Approves well-formed test tokens, declines everything else. */
export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  async verify(token, amount) {
    if (typeof token !== 'string' || !TEST_PAYMENT_TOKEN.test(token)) return { ok: false };
    if (!Number.isInteger(amount) || amount < 0) return { ok: false };
    // A stable reference per token and amount, without storing the token itself.
    const digest = createHash('sha256').update(`${token}:${amount}`).digest('hex').slice(0, 24);
    return { ok: true, reference: `test_${digest}` };
  },
};
