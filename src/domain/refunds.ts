/**
 * Money follows the order (docs/decisions.md D16): what a status change does to the payment,
 * decided once for every status change there is (a customer's cancel, an admin's cancel, an
 * un-cancel), what a payment that arrives on a cancelled order does, how much a refund through
 * the provider gives back, and a refund the office records by hand. The order keeps what it owes
 * (`Order.refund`): the amount, the fee kept under its cancellation policy, since when it is due,
 * and how it went back.
 */
import { z } from 'zod';
import { cancellationTerms, type OrderUnderPolicy } from './cancellation';
import { RuleViolation } from './errors';
import {
  LIFECYCLE_MESSAGES,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from './status';
import { isMissing, storedNumber, storedObject, StoredDataError } from './stored';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** How the office gave money back by hand: cash to the customer, a bank transfer, or a test. */
export const MANUAL_REFUND_METHODS = ['cash', 'bank_transfer', 'test'] as const;
export type ManualRefundMethod = (typeof MANUAL_REFUND_METHODS)[number];

/** A refund the office recorded by hand: how, the transfer's or receipt's reference, a note. */
export interface ManualRefund {
  /** A ManualRefundMethod (a list that may grow: a stored value is kept as it is). */
  method: string;
  reference: string;
  note: string;
}

/** What an order owes back, and how it went back (D16). */
export interface OrderRefund {
  /** Whole pounds given back: what was paid less `fee`. */
  amount: number;
  /** Whole pounds the company kept under the order's policy (the late fee; 0: none). */
  fee: number;
  /** When it became due (ISO instant): the cancel, or a payment on a cancelled order. */
  dueAt: string;
  /** When the money went back (ISO instant); null while it is due. */
  refundedAt: string | null;
  /** Through the payment provider, or recorded by hand by the office; null while due. */
  how: 'provider' | 'manual' | null;
  manual: ManualRefund | null;
}

/** How long a refund takes to reach the customer, by how they paid (the promise we show). */
export type RefundTime = 'card' | 'wallet' | 'manual' | 'none';

/**
 * What the customer is told about the time a refund takes: a card refund through Paymob reaches
 * the card in 5 to 10 working days (its issuing bank's time; a void the same day shows at once),
 * a wallet's in a few working days, a refund by hand when the office makes it; cash on delivery
 * that was never paid has nothing to refund.
 */
export function refundTimeOf(order: {
  paymentMethod: PaymentMethod;
  paymentProvider: string;
  paymentStatus: PaymentStatus;
}): RefundTime {
  if (order.paymentStatus === 'pending') return 'none';
  if (order.paymentProvider !== 'paymob') return 'manual';
  return order.paymentMethod === 'wallet' ? 'wallet' : 'card';
}

const STORED = 'order refund';

/** A stored refund, whichever version wrote it: missing is none (an order from before D16). */
export function refundFromStored(stored: unknown): OrderRefund | null {
  if (isMissing(stored)) return null;
  const d = storedObject(stored, STORED, 'refund');
  const text = (value: unknown, path: string): string | null => {
    if (isMissing(value)) return null;
    if (typeof value === 'string') return value;
    throw new StoredDataError(STORED, path, 'is not a string');
  };
  const how = text(d.how, 'how');
  const manual = isMissing(d.manual) ? null : storedObject(d.manual, STORED, 'manual');
  return {
    amount: storedNumber(d.amount, 0, STORED, 'amount'),
    fee: storedNumber(d.fee, 0, STORED, 'fee'),
    dueAt: text(d.dueAt, 'dueAt') ?? '',
    refundedAt: text(d.refundedAt, 'refundedAt'),
    how: how === 'provider' || how === 'manual' ? how : null,
    manual: manual
      ? {
          method: text(manual.method, 'manual.method') ?? '',
          reference: text(manual.reference, 'manual.reference') ?? '',
          note: text(manual.note, 'manual.note') ?? '',
        }
      : null,
  };
}

/** The payment fields a status change sets (left out: they stay). */
export interface PaymentAfter {
  paymentStatus?: PaymentStatus;
  refund?: OrderRefund | null;
}

/** What paymentAfterStatus reads of an order. */
export type RefundableOrder = OrderUnderPolicy & {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  refund?: OrderRefund | null;
};

/**
 * What moving `order` to status `to`, by `by`, at `at`, does to its payment (D16). The one rule
 * every status change follows:
 * - cancelling a paid order makes its refund due: what was paid, less the fee its policy keeps
 *   at this instant (`cancellationTerms`: none while free, none once closed). A fee of the whole total leaves
 *   nothing to give back: the order stays paid;
 * - bringing a cancelled order back: a refund only due is not owed any more (paid again); one
 *   whose money already went back is refused (`errors:lifecycle.uncancelRefunded`);
 * - anything else leaves the payment as it is.
 */
export function paymentAfterStatus(
  order: RefundableOrder,
  to: OrderStatus,
  by: 'customer' | 'admin' | 'system',
  at: Date,
): PaymentAfter {
  if (to === order.status) return {};
  if (to === 'cancelled') {
    if (order.paymentStatus !== 'paid') return {};
    const terms = cancellationTerms(order, at);
    // The fee is the terms' (none once closed: the office's cancel of a near or started move is
    // the company's call); this system never charges one.
    const fee = by === 'system' ? 0 : terms.fee;
    const amount = order.totalPrice - fee;
    if (amount <= 0) return {};
    return {
      paymentStatus: 'refund_due',
      refund: {
        amount,
        fee,
        dueAt: at.toISOString(),
        refundedAt: null,
        how: null,
        manual: null,
      },
    };
  }
  if (order.status === 'cancelled') {
    if (order.paymentStatus === 'refunded') {
      throw new RuleViolation('failed-precondition', LIFECYCLE_MESSAGES.uncancelRefunded);
    }
    if (order.paymentStatus === 'refund_due') return { paymentStatus: 'paid', refund: null };
  }
  return {};
}

/**
 * A payment that arrives on an order already cancelled (a slow wallet, a callback after the
 * cancel): money is never kept silently, the whole of it is due back (no fee: the customer had
 * cancelled before paying).
 */
export function refundDueOnPayment(order: { totalPrice: number }, at: Date): OrderRefund {
  return {
    amount: order.totalPrice,
    fee: 0,
    dueAt: at.toISOString(),
    refundedAt: null,
    how: null,
    manual: null,
  };
}

/** What a refund or void through the provider gives back of a try's payment, in piastres. */
export function reversalAmountCents(
  order: { paymentStatus: PaymentStatus; refund?: OrderRefund | null },
  attemptAmountCents: number,
): number {
  if (order.paymentStatus !== 'refund_due' || !order.refund) return attemptAmountCents;
  return Math.min(Math.round(order.refund.amount * 100), attemptAmountCents);
}

export const REFUND_MESSAGES = {
  notDue: 'errors:refund.notDue',
  providerRefunds: 'errors:refund.providerRefunds',
  voidKeepsNoFee: 'errors:refund.voidKeepsNoFee',
} as const;

/**
 * A void gives back the whole payment: it is offered for an order that owes all of it back (no
 * fee kept); an order that keeps a fee is refunded its part instead.
 */
export function checkVoidAllowed(order: {
  paymentStatus: PaymentStatus;
  refund?: OrderRefund | null;
}): void {
  if (order.paymentStatus === 'refund_due' && order.refund && order.refund.fee > 0) {
    throw new RuleViolation('failed-precondition', REFUND_MESSAGES.voidKeepsNoFee);
  }
}

/** The order's refund once the provider gave its money back at `at`. */
export function refundDone(
  order: { totalPrice: number; refund?: OrderRefund | null },
  amountCents: number,
  at: Date,
): OrderRefund {
  const due = order.refund ?? refundDueOnPayment({ totalPrice: amountCents / 100 }, at);
  return { ...due, refundedAt: at.toISOString(), how: 'provider', manual: null };
}

export const MANUAL_REFUND_TEXT_MAX = { reference: 100, note: 300 } as const;

export const manualRefundSchema = z.object({
  method: z.enum(MANUAL_REFUND_METHODS, { error: M.invalid }),
  reference: z
    .string()
    .trim()
    .max(MANUAL_REFUND_TEXT_MAX.reference, { error: M.invalid })
    .default(''),
  note: z.string().trim().max(MANUAL_REFUND_TEXT_MAX.note, { error: M.invalid }).default(''),
});
export type ManualRefundInput = z.infer<typeof manualRefundSchema>;

/**
 * The office records a refund it made by hand (cash back, a bank transfer, a test payment that
 * moved no money): only for an order whose refund is due and whose money no gateway holds (a
 * gateway's payment goes back through the gateway, D3). Returns the order's new payment fields.
 */
export function decideManualRefund(
  order: { paymentStatus: PaymentStatus; paymentProvider: string; refund?: OrderRefund | null },
  input: ManualRefundInput,
  at: Date,
  isGateway: (provider: string) => boolean,
): { paymentStatus: 'refunded'; refund: OrderRefund } {
  if (order.paymentStatus !== 'refund_due' || !order.refund) {
    throw new RuleViolation('failed-precondition', REFUND_MESSAGES.notDue);
  }
  if (isGateway(order.paymentProvider)) {
    throw new RuleViolation('failed-precondition', REFUND_MESSAGES.providerRefunds);
  }
  return {
    paymentStatus: 'refunded',
    refund: {
      ...order.refund,
      refundedAt: at.toISOString(),
      how: 'manual',
      manual: { method: input.method, reference: input.reference, note: input.note },
    },
  };
}

/** How the payment history tells a refund made by hand (the admin's record of it). */
export function manualRefundDetail(input: ManualRefundInput): string {
  return ['manual', input.method, input.reference, input.note]
    .filter((part) => part !== '')
    .join(' · ')
    .slice(0, 300);
}
