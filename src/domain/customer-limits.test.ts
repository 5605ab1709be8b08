import { describe, expect, it } from 'vitest';
import {
  checkOpenOrders,
  customerLimitsApply,
  isOpenOrder,
  newOrderOwner,
  OPEN_ORDERS_PER_CUSTOMER,
} from './customer-limits';
import { RuleViolation } from './errors';

describe('open moves per customer (D13)', () => {
  const today = '2026-11-27';

  it('an order holds its crew while it is ahead and neither cancelled nor delivered', () => {
    expect(isOpenOrder({ status: 'received', moveDate: today }, today)).toBe(true);
    expect(isOpenOrder({ status: 'in_transit', moveDate: '2026-12-01' }, today)).toBe(true);
    expect(isOpenOrder({ status: 'cancelled', moveDate: '2026-12-01' }, today)).toBe(false);
    expect(isOpenOrder({ status: 'delivered', moveDate: '2026-12-01' }, today)).toBe(false);
    expect(isOpenOrder({ status: 'received', moveDate: '2026-11-26' }, today)).toBe(false);
  });

  it('refuses one more once the customer holds the most, with the numbers', () => {
    const open = (count: number) =>
      Array.from({ length: count }, () => ({ status: 'received' as const, moveDate: today }));
    // Orders that hold no crew any more do not count.
    const ended = [
      { status: 'cancelled' as const, moveDate: today },
      { status: 'delivered' as const, moveDate: today },
      { status: 'received' as const, moveDate: '2026-11-26' },
    ];
    expect(() =>
      checkOpenOrders([...open(OPEN_ORDERS_PER_CUSTOMER - 1), ...ended], today),
    ).not.toThrow();
    let error: unknown;
    try {
      checkOpenOrders(open(OPEN_ORDERS_PER_CUSTOMER), today);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({
      code: 'rate-limited',
      message: 'errors:order.tooManyOpen',
      details: { openOrders: OPEN_ORDERS_PER_CUSTOMER, max: OPEN_ORDERS_PER_CUSTOMER },
    });
  });

  it('a max of 0 is no limit', () => {
    const many = Array.from({ length: 50 }, () => ({
      status: 'received' as const,
      moveDate: today,
    }));
    expect(() => checkOpenOrders(many, today, 0)).not.toThrow();
  });

  it('admins are not held to the customer limits', () => {
    expect(customerLimitsApply({ isAdmin: false })).toBe(true);
    expect(customerLimitsApply({ isAdmin: true })).toBe(false);
  });

  it('an order is its booker’s, or for an admin the proved number’s customer when there is one', () => {
    expect(newOrderOwner({ id: 'c', isAdmin: false }, 'someone')).toBe('c');
    expect(newOrderOwner({ id: 'a', isAdmin: true }, 'customer')).toBe('customer');
    expect(newOrderOwner({ id: 'a', isAdmin: true }, null)).toBe('a');
  });
});
