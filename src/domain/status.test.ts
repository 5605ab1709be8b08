import { describe, expect, it } from 'vitest';
import {
  canCustomerCancel,
  canReschedule,
  FIELD_STATUSES,
  isFieldStatus,
  CUSTOMER_CANCELLABLE_STATUSES,
  GO_BACK_ACTIONS,
  goBackActionFor,
  isStatusMove,
  nextStatuses,
  STATUS_MOVES,
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
      'on_the_way',
      'arrived',
      'loading',
      'in_transit',
      'delivered',
      'cancelled',
    ]);
    expect(PROGRESS_STATUSES).toEqual([
      'received',
      'under_review',
      'on_the_way',
      'arrived',
      'loading',
      'in_transit',
      'delivered',
    ]);
    expect(INITIAL_ORDER_STATUS).toBe('received');
  });

  it('lets customers cancel only before the move starts (D2)', () => {
    expect(CUSTOMER_CANCELLABLE_STATUSES).toEqual(['received', 'under_review']);
  });

  it('has card, mobile wallet and cash on delivery; paid, pending or refunded (spec 9, D3)', () => {
    expect(PAYMENT_METHODS).toEqual(['card', 'wallet', 'cod']);
    expect(PAYMENT_STATUSES).toEqual(['paid', 'pending', 'refund_due', 'refunded']);
  });
});

describe('isOrderStatus', () => {
  it.each<[unknown, boolean]>([
    ['received', true],
    ['under_review', true],
    ['on_the_way', true],
    ['arrived', true],
    ['loading', true],
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
    ['on_the_way', 'status.on_the_way'],
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
    ['on_the_way', 2],
    ['arrived', 3],
    ['loading', 4],
    ['in_transit', 5],
    ['delivered', 6],
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
    ['on_the_way', false],
    ['arrived', false],
    ['loading', false],
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

describe('the lifecycle as data (D17)', () => {
  it('steps forward one status at a time, and cancels before the move is done', () => {
    expect(STATUS_MOVES.map(({ from, to, by }) => `${from}>${to}:${by.join('+')}`)).toEqual([
      'received>under_review:admin',
      'received>on_the_way:crew',
      'under_review>on_the_way:admin+crew',
      'on_the_way>arrived:admin+crew',
      'arrived>loading:admin+crew',
      'loading>in_transit:admin+crew',
      'under_review>in_transit:admin',
      'in_transit>delivered:admin+crew',
      'received>cancelled:customer+admin',
      'under_review>cancelled:customer+admin',
      'on_the_way>cancelled:admin',
      'arrived>cancelled:admin',
      'loading>cancelled:admin',
      'in_transit>cancelled:admin',
    ]);
  });

  it('offers each status its next ones, in the lifecycle’s order, and nothing after the ends', () => {
    expect(nextStatuses('received', 'admin')).toEqual(['under_review', 'cancelled']);
    expect(nextStatuses('under_review', 'admin')).toEqual([
      'on_the_way',
      'in_transit',
      'cancelled',
    ]);
    expect(nextStatuses('on_the_way', 'admin')).toEqual(['arrived', 'cancelled']);
    expect(nextStatuses('arrived', 'admin')).toEqual(['loading', 'cancelled']);
    expect(nextStatuses('loading', 'admin')).toEqual(['in_transit', 'cancelled']);
    expect(nextStatuses('in_transit', 'admin')).toEqual(['delivered', 'cancelled']);
    expect(nextStatuses('delivered', 'admin')).toEqual([]);
    expect(nextStatuses('cancelled', 'admin')).toEqual([]);
    expect(nextStatuses('in_transit', 'customer')).toEqual([]);
    expect(nextStatuses('lost', 'admin')).toEqual([]);
  });

  it('gives the crew its field steps, one at a time, and never a cancel (D28)', () => {
    expect(nextStatuses('received', 'crew')).toEqual(['on_the_way']);
    expect(nextStatuses('under_review', 'crew')).toEqual(['on_the_way']);
    expect(nextStatuses('on_the_way', 'crew')).toEqual(['arrived']);
    expect(nextStatuses('arrived', 'crew')).toEqual(['loading']);
    expect(nextStatuses('loading', 'crew')).toEqual(['in_transit']);
    expect(nextStatuses('in_transit', 'crew')).toEqual(['delivered']);
    expect(nextStatuses('delivered', 'crew')).toEqual([]);
    expect(nextStatuses('cancelled', 'crew')).toEqual([]);
    expect(STATUS_MOVES.some((m) => m.to === 'cancelled' && m.by.includes('crew'))).toBe(false);
    // Every crew step lands on a field status.
    for (const move of STATUS_MOVES.filter((m) => m.by.includes('crew'))) {
      expect(isFieldStatus(move.to)).toBe(true);
    }
    expect(FIELD_STATUSES).toEqual(['on_the_way', 'arrived', 'loading', 'in_transit', 'delivered']);
  });

  it('the customer’s cancel is the list’s (D2): the same statuses as CUSTOMER_CANCELLABLE_STATUSES', () => {
    for (const status of ORDER_STATUSES) {
      expect(canCustomerCancel(status)).toBe(
        (CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(status),
      );
      expect(isStatusMove(status, 'cancelled', 'customer')).toBe(canCustomerCancel(status));
    }
  });

  it('a status set again is no move', () => {
    for (const status of ORDER_STATUSES) expect(isStatusMove(status, status, 'admin')).toBe(false);
  });

  it('goes back only from an end: un-cancel from cancelled, reopen from delivered', () => {
    expect(GO_BACK_ACTIONS).toEqual(['uncancel', 'reopen']);
    expect(ORDER_STATUSES.map(goBackActionFor)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      'reopen',
      'uncancel',
    ]);
  });

  it('reschedules only before the crew sets out', () => {
    expect(ORDER_STATUSES.filter(canReschedule)).toEqual(['received', 'under_review']);
  });
});
