import { paymentMethodUnavailable } from '../../../src/domain/order.ts';
import type { PaymentOptions } from '../../../src/domain/payments.ts';
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethod } from '../../../src/domain/status.ts';
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

/** What /payment offers with the providers on (none: cash only). */
export function paymentOptionsOf(registry: PaymentRegistry): PaymentOptions {
  const gateway = registry.providers.find((p) => p.kind === 'hosted');
  if (gateway) {
    return {
      provider: gateway.name,
      methods: [...ONLINE_PAYMENT_METHODS.filter((m) => registry.forMethod(m)), 'cod'],
      testMode: registry.providers.some((p) => p.kind === 'hosted' && p.testMode),
    };
  }
  if (registry.token)
    return { provider: registry.token.name, methods: ['card', 'cod'], testMode: true };
  return { provider: 'none', methods: ['cod'], testMode: false };
}

/**
 * How a new online order is paid (D3), decided once for the server and the functions: on a
 * gateway's page after the order exists (only its callback marks it paid), or with a token the
 * test provider verifies while placing. Throws when no provider on takes the method.
 */
export type Placement =
  | { kind: 'hosted'; provider: HostedPaymentProvider }
  | { kind: 'token'; provider: TokenPaymentProvider };

export function placementFor(registry: PaymentRegistry, method: OnlinePaymentMethod): Placement {
  const gateway = registry.forMethod(method);
  if (gateway) return { kind: 'hosted', provider: gateway };
  // A gateway on for other methods refuses this one; the token's check refuses what it cannot pay.
  const anyGateway = registry.providers.some((p) => p.kind === 'hosted');
  if (!anyGateway && registry.token) {
    return { kind: 'token', provider: registry.token };
  }
  throw paymentMethodUnavailable(method);
}
