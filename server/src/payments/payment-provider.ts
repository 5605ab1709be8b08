import type { PaymentProviderName } from '../../../src/domain/order.ts';

/**
 * The seam between an order and whoever takes the money (docs/decisions.md D3). Card details never
 * reach this server: the browser hands the card to the provider and sends us only the provider's
 * token, which we verify for the order's amount before marking the order paid.
 */
export interface PaymentVerification {
  ok: boolean;
  /** The provider's id for the charge, stored on the order for reconciliation. */
  reference?: string;
}

export interface PaymentProvider {
  /** Stored on the orders it approves (`paymentProvider`). */
  name: Exclude<PaymentProviderName, 'cash'>;
  verify(token: string, amount: number): Promise<PaymentVerification>;
}
