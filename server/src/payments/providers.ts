import type { PaymentProvider } from './payment-provider.ts';
import { paymobProvider } from './paymob/paymob-provider.ts';
import type { PaymentProviderSetting, PaymobConfig } from './settings.ts';
import { testPaymentProvider } from './test-provider.ts';

/** What each provider needs to be made, beside its name: its settings, when it has any. */
export interface ProviderConfigs {
  paymob: PaymobConfig | null;
}

/**
 * The providers a deployment's list of names turns on (D3), in the list's order, for
 * `paymentRegistry`. The self-hosted server (PAYMENT_PROVIDER) and the hosted build's functions
 * (the PAYMENT_PROVIDER param) both build theirs here. A provider whose settings are missing is
 * left off, so its methods are refused rather than taken wrongly; the caller says why in its log.
 */
export function paymentProvidersNamed(
  names: readonly PaymentProviderSetting[],
  configs: ProviderConfigs,
): PaymentProvider[] {
  return [...new Set(names)].flatMap((name): PaymentProvider[] => {
    switch (name) {
      case 'test':
        return [testPaymentProvider];
      case 'paymob':
        return configs.paymob ? [paymobProvider(configs.paymob)] : [];
    }
  });
}
