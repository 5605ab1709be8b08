import { describe, expect, it } from 'vitest';
import { TERMS_BEFORE_POLICY } from './cancellation';
import { decideCustomerCancel, decideAdminUpdate } from './order-changes';
import { decideGoBack } from './lifecycle';
import {
  checkVoidAllowed,
  decideManualRefund,
  paymentAfterStatus,
  refundFromStored,
  refundTimeOf,
  reversalAmountCents,
  type OrderRefund,
  type RefundableOrder,
} from './refunds';
import { isHostedProvider } from './payments';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus } from './status';
import { StoredDataError } from './stored';
import { violation } from '../testing/rule-violations';

/** The code and message of the refusal `check` throws. */
const refusal = (check: () => unknown) => {
  const { code, message } = violation(check);
  return [code, message];
};

// 10 March 2026: Cairo is UTC+2. The window starts at 08:00 Cairo (06:00 UTC); the default
// policy: free until 24 hours before, then 10% kept, closed from 2 hours before.
const policy = { freeHours: 24, lateFeePercent: 10, closedHours: 2 };
const FREE = new Date('2026-03-09T05:59:59Z');
const FEE = new Date('2026-03-09T06:00:00Z');
const LAST_FEE = new Date('2026-03-10T03:59:59Z');
const CLOSED = new Date('2026-03-10T04:00:00Z');

const base: RefundableOrder = {
  moveDate: '2026-03-10',
  moveTime: '08:00',
  timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
  totalPrice: 2150,
  paymentStatus: 'paid',
  status: 'received',
  cancellationPolicy: policy,
  refund: null,
};

const due = (amount: number, fee: number, at: Date): OrderRefund => ({
  amount,
  fee,
  dueAt: at.toISOString(),
  refundedAt: null,
  how: null,
  manual: null,
});

describe('paymentAfterStatus (D16): every status × payment', () => {
  it('cancelling a paid order makes its refund due, less the fee its terms keep now', () => {
    expect(paymentAfterStatus(base, 'cancelled', 'customer', FREE)).toEqual({
      paymentStatus: 'refund_due',
      refund: due(2150, 0, FREE),
    });
    expect(paymentAfterStatus(base, 'cancelled', 'customer', FEE)).toEqual({
      paymentStatus: 'refund_due',
      refund: due(1935, 215, FEE),
    });
    expect(paymentAfterStatus(base, 'cancelled', 'admin', LAST_FEE)).toEqual({
      paymentStatus: 'refund_due',
      refund: due(1935, 215, LAST_FEE),
    });
    // Closed: only the office cancels, and the company does not charge for its own call.
    expect(paymentAfterStatus(base, 'cancelled', 'admin', CLOSED)).toEqual({
      paymentStatus: 'refund_due',
      refund: due(2150, 0, CLOSED),
    });
  });

  it('an order booked before the policy never pays a fee', () => {
    const old = { ...base, cancellationPolicy: TERMS_BEFORE_POLICY };
    expect(paymentAfterStatus(old, 'cancelled', 'customer', LAST_FEE).refund?.fee).toBe(0);
  });

  it('a fee of the whole total leaves nothing to give back: the order stays paid', () => {
    const all = { ...base, cancellationPolicy: { ...policy, lateFeePercent: 100 } };
    expect(paymentAfterStatus(all, 'cancelled', 'customer', FEE)).toEqual({});
  });

  it('changes nothing for every other combination of status and payment', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const paymentStatus of PAYMENT_STATUSES) {
          const order = { ...base, status: from, paymentStatus };
          const cancelsPaid =
            to === 'cancelled' && from !== 'cancelled' && paymentStatus === 'paid';
          const uncancels = from === 'cancelled' && to !== 'cancelled';
          if (cancelsPaid || (uncancels && paymentStatus !== 'paid' && paymentStatus !== 'pending'))
            continue;
          expect(
            paymentAfterStatus(order, to, 'admin', FREE),
            `${from}→${to} ${paymentStatus}`,
          ).toEqual({});
        }
      }
    }
  });

  it('un-cancelling: a refund only due is paid again, one made is refused', () => {
    const cancelled = { ...base, status: 'cancelled' as OrderStatus };
    const wasDue = {
      ...cancelled,
      paymentStatus: 'refund_due' as const,
      refund: due(2150, 0, FREE),
    };
    expect(paymentAfterStatus(wasDue, 'received', 'admin', FREE)).toEqual({
      paymentStatus: 'paid',
      refund: null,
    });
    expect(
      refusal(() =>
        paymentAfterStatus({ ...cancelled, paymentStatus: 'refunded' }, 'received', 'admin', FREE),
      ),
    ).toEqual(['failed-precondition', 'errors:lifecycle.uncancelRefunded']);
  });
});

describe('the decisions use it', () => {
  const order = {
    ...base,
    id: 'o1',
    userId: 'u1',
    paymentProvider: 'paymob' as const,
    statusHistory: [
      { status: 'received' as const, at: '2026-03-01T00:00:00.000Z', actor: 'system' as const },
    ],
  };

  it('a customer cancel of a paid order, late: refund due less the fee', () => {
    const { after, events } = decideCustomerCancel(order, 'u1', FEE.toISOString());
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_due' });
    expect(after.refund).toEqual(due(1935, 215, FEE));
    expect(events.map((e) => e.type)).toEqual([
      'order.statusChanged',
      'order.cancelled',
      'order.refundDue',
    ]);
  });

  it('refuses a customer cancel once the policy closes online changes', () => {
    expect(refusal(() => decideCustomerCancel(order, 'u1', CLOSED.toISOString()))).toEqual([
      'failed-precondition',
      'errors:cancel.closed',
    ]);
  });

  it('an admin cancel of a paid order: refund due', () => {
    const { after } = decideAdminUpdate(order, { status: 'cancelled' }, FREE.toISOString());
    expect(after).toMatchObject({ paymentStatus: 'refund_due', refund: due(2150, 0, FREE) });
  });

  it('an admin cannot put a refund in or out by hand', () => {
    const cash = { ...order, paymentProvider: 'cash' as const };
    expect(
      refusal(() => decideAdminUpdate(cash, { paymentStatus: 'refund_due' }, FREE.toISOString())),
    ).toEqual(['failed-precondition', 'errors:payment.refundQueue']);
    const owed = { ...cash, status: 'cancelled' as const, paymentStatus: 'refund_due' as const };
    expect(
      refusal(() => decideAdminUpdate(owed, { paymentStatus: 'refunded' }, FREE.toISOString())),
    ).toEqual(['failed-precondition', 'errors:payment.refundQueue']);
  });

  it('un-cancel of a refund due makes it paid again, without a "payment confirmed"', () => {
    const cancelled = decideCustomerCancel(order, 'u1', FREE.toISOString()).after;
    const { after, events } = decideGoBack(
      cancelled,
      { action: 'uncancel', reason: 'called' },
      FREE,
    );
    expect(after).toMatchObject({ status: 'received', paymentStatus: 'paid', refund: null });
    expect(events.map((e) => e.type)).not.toContain('order.paymentConfirmed');
  });
});

describe('refunds through the provider and by hand', () => {
  const owed = { paymentStatus: 'refund_due' as const, refund: due(1935, 215, FEE) };

  it('a refund gives back what is owed (a partial refund), a void only when no fee is kept', () => {
    expect(reversalAmountCents(owed, 215_000)).toBe(193_500);
    expect(reversalAmountCents({ paymentStatus: 'paid', refund: null }, 215_000)).toBe(215_000);
    expect(refusal(() => checkVoidAllowed(owed))).toEqual([
      'failed-precondition',
      'errors:refund.voidKeepsNoFee',
    ]);
    expect(() => checkVoidAllowed({ ...owed, refund: due(2150, 0, FEE) })).not.toThrow();
  });

  it('a manual refund only for a refund due not held by a gateway', () => {
    const input = { method: 'cash' as const, reference: 'R-1', note: 'at the office' };
    const cash = { ...owed, paymentProvider: 'cash' };
    expect(decideManualRefund(cash, input, CLOSED, isHostedProvider)).toEqual({
      paymentStatus: 'refunded',
      refund: {
        ...owed.refund,
        refundedAt: CLOSED.toISOString(),
        how: 'manual',
        manual: { method: 'cash', reference: 'R-1', note: 'at the office' },
      },
    });
    expect(
      refusal(() =>
        decideManualRefund({ ...owed, paymentProvider: 'paymob' }, input, CLOSED, isHostedProvider),
      ),
    ).toEqual(['failed-precondition', 'errors:refund.providerRefunds']);
    expect(
      refusal(() =>
        decideManualRefund({ ...cash, paymentStatus: 'paid' }, input, CLOSED, isHostedProvider),
      ),
    ).toEqual(['failed-precondition', 'errors:refund.notDue']);
  });

  it('how long it takes, by how it was paid', () => {
    const o = {
      paymentMethod: 'card' as const,
      paymentProvider: 'paymob',
      paymentStatus: 'paid' as const,
    };
    expect(refundTimeOf(o)).toBe('card');
    expect(refundTimeOf({ ...o, paymentMethod: 'wallet' })).toBe('wallet');
    expect(refundTimeOf({ ...o, paymentProvider: 'test' })).toBe('manual');
    expect(refundTimeOf({ ...o, paymentStatus: 'pending' })).toBe('none');
  });
});

describe('refundFromStored', () => {
  it('reads none from an order stored before refunds, fills fields added later', () => {
    expect(refundFromStored(undefined)).toBeNull();
    expect(refundFromStored(null)).toBeNull();
    expect(refundFromStored({ amount: 100, fee: 0, dueAt: 'x' })).toEqual({
      amount: 100,
      fee: 0,
      dueAt: 'x',
      refundedAt: null,
      how: null,
      manual: null,
    });
  });

  it('refuses broken data', () => {
    expect(() => refundFromStored({ amount: '100' })).toThrow(StoredDataError);
    expect(() => refundFromStored('due')).toThrow(StoredDataError);
  });
});
