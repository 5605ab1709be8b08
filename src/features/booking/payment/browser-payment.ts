import type { CardInput } from '../../../domain/card-schema';

/**
 * The browser half of a card payment (D3). The provider sees the card; our backend only ever
 * receives the token it returns, and verifies that token with the same provider.
 */
export interface BrowserPaymentProvider {
  name: 'test';
  authorize(card: CardInput, amount: number): Promise<{ token: string }>;
}

/** The provider refused the card (or the card failed its own checks). */
export class PaymentDeclinedError extends Error {
  constructor(message = 'declined') {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}
