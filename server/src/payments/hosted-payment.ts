import { z } from 'zod';
import { RuleViolation } from '../../../src/domain/errors.ts';
import { DISPLAY_LANGUAGES, type DisplayLanguage } from '../../../src/domain/locale.ts';
import type { Order } from '../../../src/domain/order.ts';
import type { PaymentAttempt } from '../../../src/domain/payments.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import { ONLINE_PAYMENT_METHODS, type OnlinePaymentMethod } from '../../../src/domain/status.ts';
import type { HostedPaymentRequest } from './payment-provider.ts';

// What the server and the hosted build's functions do the same way around a gateway (D3): what
// a customer may ask for when starting to pay, and the payment the gateway
// is asked for. Each backend keeps its own records (SQLite rows, Firestore documents).

/** The browser comes back here (in the language it left in) from the gateway's page. */
export const PAYMENT_RETURN_PATH = '/payment-return';

const startSchema = z.strictObject({
  method: z.enum(ONLINE_PAYMENT_METHODS, { error: VALIDATION_MESSAGES.invalid }),
  language: z.enum(DISPLAY_LANGUAGES, { error: VALIDATION_MESSAGES.invalid }).default('ar'),
});

/** "Start paying" as the customer asks for it: a method and the page's language. */
export function parseStartRequest(body: unknown): {
  method: OnlinePaymentMethod;
  language: DisplayLanguage;
} {
  const parsed = startSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new RuleViolation('invalid-argument', VALIDATION_MESSAGES.invalid, {
      method: VALIDATION_MESSAGES.invalid,
    });
  }
  return parsed.data;
}

/** The payment of `order` the gateway is asked for, for try `attempt`. */
export function paymentRequestFor(
  order: Pick<Order, 'orderNumber' | 'fullName' | 'phoneNumber'>,
  attempt: Pick<PaymentAttempt, 'reference' | 'method' | 'amountCents'>,
  options: { language: DisplayLanguage; siteUrl: string; email: string | null },
): HostedPaymentRequest {
  const site = options.siteUrl.replace(/\/+$/, '');
  return {
    reference: attempt.reference,
    orderNumber: order.orderNumber,
    method: attempt.method,
    amountCents: attempt.amountCents,
    currency: 'EGP',
    description: `Afsh ${order.orderNumber}`,
    customer: { fullName: order.fullName, phoneNumber: order.phoneNumber, email: options.email },
    returnUrl: `${site}${options.language === 'en' ? '/en' : ''}${PAYMENT_RETURN_PATH}`,
  };
}
