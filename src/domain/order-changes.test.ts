import { describe, expect, it } from 'vitest';
import type { Order } from './order';
import {
  applyOrderChange,
  decideAdminUpdate,
  decideCustomerCancel,
  type OrderStatusChange,
} from './order-changes';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './status';
import { violation } from '../testing/rule-violations';

// A customer's cancel and an admin's update, decided once (D2, D5): the server, the functions and
// the memory adapter store what these return.

const PLACED = '2026-05-20T09:00:00.000Z';
const AT = '2026-05-21T10:30:00.000Z';

type TestOrder = Pick<
  Order,
  | 'id'
  | 'userId'
  | 'status'
  | 'paymentStatus'
  | 'paymentProvider'
  | 'statusHistory'
  | 'moveDate'
  | 'moveTime'
  | 'timeWindow'
  | 'totalPrice'
>;

const ORDER: TestOrder = {
  id: 'o1',
  userId: 'owner',
  status: 'received',
  paymentStatus: 'pending',
  paymentProvider: 'cash',
  statusHistory: [{ status: 'received', at: PLACED, actor: 'system' }],
  // A week after AT: cancelling is free and open under any policy.
  moveDate: '2026-05-28',
  moveTime: '09:00',
  timeWindow: null,
  totalPrice: 2000,
};

describe('applyOrderChange', () => {
  it('sets the status and appends it to the history with its actor and time', () => {
    const after = applyOrderChange(ORDER, { status: 'under_review', actor: 'admin' }, AT);
    expect(after).toEqual({
      ...ORDER,
      status: 'under_review',
      statusHistory: [...ORDER.statusHistory, { status: 'under_review', at: AT, actor: 'admin' }],
    });
  });

  it('records a status set again: the admin did act (D5)', () => {
    const after = applyOrderChange(ORDER, { status: 'received', actor: 'admin' }, AT);
    expect(after.status).toBe('received');
    expect(after.statusHistory.map(({ status, actor }) => [status, actor])).toEqual([
      ['received', 'system'],
      ['received', 'admin'],
    ]);
  });

  it('sets a payment status without touching the history', () => {
    const after = applyOrderChange(ORDER, { paymentStatus: 'paid', actor: 'admin' }, AT);
    expect(after).toEqual({ ...ORDER, paymentStatus: 'paid' });
  });

  it('sets both, and leaves the order it was given as it was', () => {
    const before = structuredClone(ORDER);
    const change: OrderStatusChange = {
      status: 'delivered',
      paymentStatus: 'paid',
      actor: 'admin',
    };
    const after = applyOrderChange(ORDER, change, AT);
    expect(after).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(after.statusHistory).toHaveLength(2);
    expect(ORDER).toEqual(before);
  });
});

describe('decideCustomerCancel', () => {
  it.each(['received', 'under_review'] as const)(
    'lets the owner cancel a %s order: the change, the history entry, the events',
    (status) => {
      const order = { ...ORDER, status };
      const decision = decideCustomerCancel(order, 'owner', AT);
      expect(decision.change).toEqual({ status: 'cancelled', actor: 'customer' });
      expect(decision.after.status).toBe('cancelled');
      expect(decision.after.statusHistory.at(-1)).toEqual({
        status: 'cancelled',
        at: AT,
        actor: 'customer',
      });
      // One cancellation is told once (D10): the status change, and who cancelled.
      expect(decision.events).toEqual([
        {
          type: 'order.statusChanged',
          order: decision.after,
          from: status,
          to: 'cancelled',
          actor: 'customer',
        },
        { type: 'order.cancelled', order: decision.after, actor: 'customer' },
      ]);
    },
  );

  it.each(ORDER_STATUSES.filter((s) => s !== 'received' && s !== 'under_review'))(
    'refuses once the order is %s',
    (status) => {
      expect(
        violation(() => decideCustomerCancel({ ...ORDER, status }, 'owner', AT)),
      ).toMatchObject({
        code: 'failed-precondition',
        message: 'errors:orderNotCancellable',
      });
    },
  );

  it("refuses anyone but the order's customer, and an order nobody owns", () => {
    expect(violation(() => decideCustomerCancel(ORDER, 'someone', AT))).toMatchObject({
      code: 'permission-denied',
      message: 'errors:permissionDenied',
    });
    expect(
      violation(() => decideCustomerCancel({ ...ORDER, userId: null }, 'owner', AT)).code,
    ).toBe('permission-denied');
  });
});

describe('decideAdminUpdate', () => {
  it('sets the next status, recorded in the history as the admin', () => {
    const decision = decideAdminUpdate(ORDER, { status: 'under_review' }, AT);
    expect(decision.change).toEqual({ status: 'under_review', actor: 'admin' });
    expect(decision.after.statusHistory.at(-1)).toEqual({
      status: 'under_review',
      at: AT,
      actor: 'admin',
    });
    expect(decision.events).toEqual([
      {
        type: 'order.statusChanged',
        order: decision.after,
        from: 'received',
        to: 'under_review',
        actor: 'admin',
      },
    ]);
  });

  // Every pair of statuses (D17): the moves STATUS_MOVES gives the office, and nothing else.
  const ALLOWED = new Set([
    'received>under_review',
    'under_review>on_the_way',
    'on_the_way>arrived',
    'arrived>loading',
    'loading>in_transit',
    'under_review>in_transit',
    'in_transit>delivered',
    'received>cancelled',
    'under_review>cancelled',
    'on_the_way>cancelled',
    'arrived>cancelled',
    'loading>cancelled',
    'in_transit>cancelled',
  ]);
  const PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(PAIRS.filter(([from, to]) => ALLOWED.has(`${from}>${to}`)))(
    'lets the office move a %s order to %s',
    (from, to) => {
      const decision = decideAdminUpdate({ ...ORDER, status: from }, { status: to }, AT);
      expect(decision.after.status).toBe(to);
      expect(decision.after.statusHistory.at(-1)).toEqual({ status: to, at: AT, actor: 'admin' });
    },
  );

  it.each(PAIRS.filter(([from, to]) => !ALLOWED.has(`${from}>${to}`)))(
    'refuses to move a %s order to %s, and changes nothing',
    (from, to) => {
      const order = { ...ORDER, status: from };
      const before = structuredClone(order);
      expect(
        violation(() => decideAdminUpdate(order, { status: to, paymentStatus: 'paid' }, AT)),
      ).toMatchObject({
        code: 'failed-precondition',
        message: 'errors:lifecycle.notAllowed',
        fields: { status: 'errors:lifecycle.notAllowed' },
      });
      expect(order).toEqual(before);
    },
  );

  it('cancels a paid order in transit, told as a cancel by the company', () => {
    const moving = { ...ORDER, status: 'in_transit' as const };
    const cancelled = decideAdminUpdate(moving, { status: 'cancelled' }, AT);
    expect(cancelled.events.map((event) => event.type)).toEqual([
      'order.statusChanged',
      'order.cancelled',
    ]);
  });

  it('marks a cash order paid: no history entry, a payment confirmed', () => {
    const decision = decideAdminUpdate(ORDER, { paymentStatus: 'paid' }, AT);
    expect(decision.change).toEqual({ paymentStatus: 'paid', actor: 'admin' });
    expect(decision.after).toEqual({ ...ORDER, paymentStatus: 'paid' });
    expect(decision.events).toEqual([{ type: 'order.paymentConfirmed', order: decision.after }]);
  });

  it('changes both at once, the status told before the payment', () => {
    const moving = { ...ORDER, status: 'in_transit' as const };
    const decision = decideAdminUpdate(moving, { status: 'delivered', paymentStatus: 'paid' }, AT);
    expect(decision.change).toEqual({ status: 'delivered', paymentStatus: 'paid', actor: 'admin' });
    expect(decision.events.map((event) => event.type)).toEqual([
      'order.statusChanged',
      'order.paymentConfirmed',
    ]);
  });

  it("refuses a payment status by hand on a gateway's order, on the paymentStatus field (D3)", () => {
    const paymob = { ...ORDER, paymentProvider: 'paymob' as const };
    // A refund due is the refunds queue's on any order (refunds.test.ts).
    for (const paymentStatus of PAYMENT_STATUSES.filter(
      (s) => s !== 'pending' && s !== 'refund_due',
    )) {
      expect(violation(() => decideAdminUpdate(paymob, { paymentStatus }, AT))).toMatchObject({
        code: 'failed-precondition',
        message: 'errors:payment.gatewayDecides',
        fields: { paymentStatus: 'errors:payment.gatewayDecides' },
      });
    }
    // The status is still the admin's, and so is its payment status as it already is.
    const decision = decideAdminUpdate(
      paymob,
      { status: 'under_review', paymentStatus: 'pending' },
      AT,
    );
    expect(decision.after).toMatchObject({ status: 'under_review', paymentStatus: 'pending' });
  });
});
