import type { PaymentProviderName } from '../../../src/domain/order.ts';
import type {
  HostedProviderName,
  PaymentNext,
  PaymentReversal,
} from '../../../src/domain/payments.ts';
import type { InquiryAnswer, ProviderTransaction } from '../../../src/domain/payment-decisions.ts';
import type { OnlinePaymentMethod } from '../../../src/domain/status.ts';

export type { InquiryAnswer, ProviderTransaction };

/**
 * The seam between an order and whoever takes the money (docs/decisions.md D3). Card details never
 * reach this server. Two kinds of provider sit behind it:
 * - a `token` provider approves the card in the browser and hands us a token, which we verify for
 *   the order's amount while placing it (the `test` provider: no money moves);
 * - a `hosted` provider takes the payment on its own page (Paymob): the order is placed pending,
 *   the customer is sent to the provider, and only the provider's signed callback marks it paid.
 * Nothing here knows Fastify or SQLite: the hosted build's functions use the same providers.
 */
export interface PaymentVerification {
  ok: boolean;
  /** The provider's id for the charge, stored on the order for reconciliation. */
  reference?: string;
}

export interface TokenPaymentProvider {
  kind: 'token';
  /** Stored on the orders it approves (`paymentProvider`). */
  name: Exclude<PaymentProviderName, 'cash' | HostedProviderName>;
  verify(token: string, amount: number): Promise<PaymentVerification>;
}

/** A payment of exactly one order, as the server asks the provider for it. */
export interface HostedPaymentRequest {
  /** Ours, unique per try: the provider's merchant reference (`<order id>.<n>`). */
  reference: string;
  orderNumber: string;
  method: OnlinePaymentMethod;
  /** The server-computed total, in piastres. */
  amountCents: number;
  currency: 'EGP';
  /** What the provider's page shows and its receipt says. */
  description: string;
  /** Who pays: the provider asks for a name and a phone number, and an email. */
  customer: { fullName: string; phoneNumber: string; email: string | null };
  /** Where the provider sends the customer back. */
  returnUrl: string;
}

export interface HostedPaymentStarted {
  /** The provider's order for this payment (signed in its callbacks). */
  providerOrderId: string;
  /**
   * What the customer does next: go to the provider's checkout (`redirect`), or pay a
   * `reference` code (at a kiosk) before it expires.
   */
  next: PaymentNext;
  /** When the checkout stops accepting it (ISO instant). */
  expiresAt: string;
}

export type CallbackReading =
  | { ok: true; transaction: ProviderTransaction }
  /**
   * `signature`: not signed by the provider (forged or tampered); `format`: a signed field is
   * not of its documented shape (`field`), so the signature cannot say what it signed (D18);
   * `shape`: not a transaction at all (a saved card's token, say).
   */
  | { ok: false; reason: 'signature' | 'shape' }
  | { ok: false; reason: 'format'; field: string };

export type ReversalResult =
  { ok: true; transactionId: string | null } | { ok: false; detail: string };

/** The provider could not be reached, took too long, or refused a request. */
export class PaymentProviderError extends Error {
  /** `unavailable`: down, timed out or a 5xx (try again later); `refused`: a 4xx. */
  readonly kind: 'unavailable' | 'refused';
  /** The provider's own words or the network error, short, for logs and the admin. */
  readonly detail: string;
  /** The HTTP status of a refusal, when the provider answered one. */
  readonly status: number | undefined;

  constructor(kind: 'unavailable' | 'refused', detail: string, status?: number) {
    super(`Payment provider ${kind}: ${detail}`);
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.detail = detail;
    this.status = status;
  }
}

export interface HostedPaymentProvider {
  kind: 'hosted';
  name: HostedProviderName;
  /** The online methods it has integrations for, in the order the screen lists them. */
  methods: readonly OnlinePaymentMethod[];
  /** It runs on the provider's test account: no real money moves. */
  testMode: boolean;
  /** Asks the provider for a payment; throws PaymentProviderError. */
  start(request: HostedPaymentRequest, now: Date): Promise<HostedPaymentStarted>;
  /** Checks a callback's signed fields and signature, and reads its transaction. */
  readCallback(request: { query: unknown; body: unknown }): CallbackReading;
  /**
   * Asks the provider what became of the payment under our merchant `reference` (its
   * transaction inquiry, D18). Never throws: a provider that cannot say answers `failed`.
   */
  inquire(reference: string): Promise<InquiryAnswer>;
  /** Refunds (any time) or voids (the same day) a paid transaction in full. */
  reverse(
    kind: PaymentReversal,
    transactionId: string,
    amountCents: number,
  ): Promise<ReversalResult>;
}

export type PaymentProvider = TokenPaymentProvider | HostedPaymentProvider;
