import { describe, expect, it } from 'vitest';
import { generateOrderNumber, isOrderNumber } from '../../domain/order-number';
import { normalizeTrackingInput } from '../../domain/tracking-input';
import { planOrderList } from './admin-order-query';

describe('planOrderList: what the admin search box asks Firestore', () => {
  it('a whole mobile is looked up by phone, also when its digits read as an order number', () => {
    // 0107-10-09 is a calendar date: these digits have the shape of an order number too.
    expect(isOrderNumber(normalizeTrackingInput('01071009910'))).toBe(true);
    for (const typed of ['01071009910', '٠١٠٧١٠٠٩٩١٠', '+20 107 100 9910', '0020-1071009910']) {
      expect(planOrderList({ search: typed })).toEqual({
        kind: 'customer',
        field: 'phoneNumber',
        value: '01071009910',
      });
    }
  });

  it('an order number, typed any way, is looked up by number', () => {
    const number = generateOrderNumber(new Date('2026-11-27T10:00:00Z'), () => 0.5);
    const digits = number.replace(/\D/g, '');
    for (const typed of [number, `#${number.toLowerCase()}`, digits, `AF ${digits}`]) {
      expect(planOrderList({ search: typed })).toEqual({
        kind: 'customer',
        field: 'orderNumber',
        value: number,
      });
    }
  });

  it('part of a name or number is a token query; a lone mark matches nothing', () => {
    expect(planOrderList({ search: 'أحمد' })).toMatchObject({ kind: 'query' });
    expect(planOrderList({ search: '#' })).toEqual({ kind: 'nothing' });
  });
});
