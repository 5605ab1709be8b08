import { describe, expect, it } from 'vitest';
import {
  canCustomerCancel,
  CUSTOMER_CANCELLABLE_STATUSES,
  INITIAL_ORDER_STATUS,
  isOrderStatus,
  isPaymentMethod,
  isPaymentStatus,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PROGRESS_STATUSES,
  statusLabelKey,
  statusProgressIndex,
} from './status';

describe('status lists (D5)', () => {
  it('orders the lifecycle', () => {
    expect(ORDER_STATUSES).toEqual([
      'received',
      'under_review',
      'in_transit',
      'delivered',
      'cancelled',
    ]);
    expect(PROGRESS_STATUSES).toEqual(['received', 'under_review', 'in_transit', 'delivered']);
    expect(INITIAL_ORDER_STATUS).toBe('received');
  });

  it('lets customers cancel only before the move starts (D2)', () => {
    expect(CUSTOMER_CANCELLABLE_STATUSES).toEqual(['received', 'under_review']);
  });

  it('has card, mobile wallet and cash on delivery; paid, pending or refunded (spec 9, D3)', () => {
    expect(PAYMENT_METHODS).toEqual(['card', 'wallet', 'cod']);
    expect(PAYMENT_STATUSES).toEqual(['paid', 'pending', 'refunded']);
  });
});

describe('isOrderStatus', () => {
  it.each<[unknown, boolean]>([
    ['received', true],
    ['under_review', true],
    ['in_transit', true],
    ['delivered', true],
    ['cancelled', true],
    ['processing', false], // the spec's old value
    ['inTransit', false],
    ['Received', false],
    ['', false],
    [null, false],
  ])('%j → %s', (input, expected) => {
    expect(isOrderStatus(input)).toBe(expected);
  });
});

describe('statusLabelKey', () => {
  it.each<[string | null | undefined, string]>([
    ['received', 'status.received'],
    ['under_review', 'status.under_review'],
    ['in_transit', 'status.in_transit'],
    ['delivered', 'status.delivered'],
    ['cancelled', 'status.cancelled'],
    ['processing', 'status.unknown'],
    ['', 'status.unknown'],
    [null, 'status.unknown'],
    [undefined, 'status.unknown'],
    ['__proto__', 'status.unknown'],
  ])('%j → %s', (input, expected) => {
    expect(statusLabelKey(input)).toBe(expected);
  });
});

describe('statusProgressIndex', () => {
  it.each<[string | null | undefined, number]>([
    ['received', 0],
    ['under_review', 1],
    ['in_transit', 2],
    ['delivered', 3],
    ['cancelled', -1],
    ['processing', -1],
    [null, -1],
    [undefined, -1],
  ])('%j → %d', (input, expected) => {
    expect(statusProgressIndex(input)).toBe(expected);
  });
});

describe('canCustomerCancel', () => {
  it.each<[string | null | undefined, boolean]>([
    ['received', true],
    ['under_review', true],
    ['in_transit', false],
    ['delivered', false],
    ['cancelled', false],
    ['unknown', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (input, expected) => {
    expect(canCustomerCancel(input)).toBe(expected);
  });
});

describe('payment guards', () => {
  it.each<[unknown, boolean]>([
    ['card', true],
    ['wallet', true],
    ['cod', true],
    ['cash', false],
    ['', false],
    [undefined, false],
  ])('isPaymentMethod(%j) → %s', (input, expected) => {
    expect(isPaymentMethod(input)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    ['paid', true],
    ['pending', true],
    ['refunded', true],
    ['voided', false],
    [null, false],
  ])('isPaymentStatus(%j) → %s', (input, expected) => {
    expect(isPaymentStatus(input)).toBe(expected);
  });
});
