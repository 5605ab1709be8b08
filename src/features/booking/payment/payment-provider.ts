import type { BrowserPaymentProvider } from './browser-payment';
import { testPaymentProvider } from './test-provider';

/** Until a real gateway is configured, every card payment goes through the test provider. */
export function browserPaymentProvider(): BrowserPaymentProvider {
  return testPaymentProvider;
}
