import {
  paymentOptionsFrom,
  paymentPlacement,
  type ProvidersOn,
} from '../../../src/domain/payment-decisions.ts';
import type { PaymentOptions } from '../../../src/domain/payments.ts';
import type { OnlinePaymentMethod } from '../../../src/domain/status.ts';
import type {
  HostedPaymentProvider,
  PaymentProvider,
  TokenPaymentProvider,
} from './payment-provider.ts';

/**
 * The payment providers that are on, keyed by what they take (D3), after cal.com's payment apps:
 * each provider is a module behind the `PaymentProvider` seam, the settings say which are on, and
 * the use cases ask the registry for "the gateway for this method" or "the gateway named in this
 * callback's path" instead of knowing any provider. Several may be on at once (Paymob for cards
 * and wallets, a kiosk provider for reference codes); the first one on for a method takes it.
 * The server and the hosted build's functions build it the same way from their settings.
 */
export interface PaymentRegistry {
  /** Every provider on, in the order the settings list them. */
  readonly providers: readonly PaymentProvider[];
  /** The provider that approves a card while the order is placed (the test provider), if on. */
  readonly token: TokenPaymentProvider | null;
  /** The gateway that takes `method` on its own page or with a reference code, if one is on. */
  forMethod(method: OnlinePaymentMethod): HostedPaymentProvider | null;
  /** The gateway a callback's path names (`/api/payments/:provider/callback`), if it is on. */
  named(name: string): HostedPaymentProvider | null;
}

export function paymentRegistry(providers: readonly PaymentProvider[]): PaymentRegistry {
  const hosted = providers.filter((p): p is HostedPaymentProvider => p.kind === 'hosted');
  return {
    providers,
    token: providers.find((p): p is TokenPaymentProvider => p.kind === 'token') ?? null,
    forMethod: (method) => hosted.find((p) => p.methods.includes(method)) ?? null,
    named: (name) => hosted.find((p) => p.name === name) ?? null,
  };
}

/** The providers on, as the domain's rules see them. */
function providersOn(registry: PaymentRegistry): ProvidersOn {
  return {
    gateways: registry.providers.filter((p): p is HostedPaymentProvider => p.kind === 'hosted'),
    token: registry.token !== null,
  };
}

/** What /payment offers with the providers on (none: cash only): the domain's rule. */
export function paymentOptionsOf(registry: PaymentRegistry): PaymentOptions {
  return paymentOptionsFrom(providersOn(registry));
}

/**
 * How a new online order is paid (D3), the domain's paymentPlacement with the provider that
 * does it: a gateway's page after the order exists, or the test provider's token while placing.
 */
export type Placement =
  | { kind: 'hosted'; provider: HostedPaymentProvider }
  | { kind: 'token'; provider: TokenPaymentProvider };

export function placementFor(registry: PaymentRegistry, method: OnlinePaymentMethod): Placement {
  const placement = paymentPlacement(providersOn(registry), method);
  return placement.kind === 'hosted'
    ? { kind: 'hosted', provider: registry.forMethod(method)! }
    : { kind: 'token', provider: registry.token! };
}
