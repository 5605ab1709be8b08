import { describe, expect, it } from 'vitest';
import { pageOrders } from './order-list';
import { DataError, type Order, type OrderFilter } from './port';

function order(n: number, patch: Partial<Order>): Order {
  return {
    id: `id-${n}`,
    orderNumber: `AF-20261123-${100 + n}`,
    userId: 'u1',
    fullName: `Customer ${n}`,
    phoneNumber: `0101234${String(5000 + n)}`,
    pickupAddress: 'Pickup street 1',
    dropoffAddress: 'Drop-off street 2',
    governorateId: 'cairo',
    districtId: 'nasr-city',
    notes: '',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 3,
    moveDate: '2026-12-01',
    moveTime: '10:00',
    totalPrice: 2000,
    currency: 'EGP',
    paymentMethod: 'cod',
    paymentStatus: 'pending',
    paymentProvider: 'cash',
    status: 'received',
    statusHistory: [],
    createdAt: `2026-11-23T0${n}:00:00.000Z`,
    ...patch,
  } as Order;
}

const orders = [
  order(1, { status: 'delivered', totalPrice: 3000, governorateId: 'giza' }),
  order(2, { status: 'received', totalPrice: 1000 }),
  order(3, { status: 'received', totalPrice: 2000, paymentMethod: 'card', paymentStatus: 'paid' }),
  order(4, { status: 'cancelled', totalPrice: 1500, moveDate: '2026-11-30' }),
];
const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt);
const list = (filter: OrderFilter, admin = true) =>
  pageOrders(orders, filter, { admin, orderOf: (o) => o, newestFirst });
const numbers = (result: { items: Order[] }) => result.items.map((o) => o.id);

describe('pageOrders', () => {
  it('admins: the status narrows the list but the counts cover every status', () => {
    const result = list({ status: 'received' });
    expect(numbers(result)).toEqual(['id-3', 'id-2']);
    expect(result.total).toBe(2);
    expect(result.counts).toEqual({
      received: 2,
      under_review: 0,
      on_the_way: 0,
      arrived: 0,
      loading: 0,
      in_transit: 0,
      delivered: 1,
      cancelled: 1,
    });
  });

  it('admins: the other filters narrow the counts too', () => {
    const result = list({ governorateId: 'cairo', moveDateFrom: '2026-12-01', search: 'customer' });
    expect(numbers(result)).toEqual(['id-3', 'id-2']);
    expect(result.counts.cancelled).toBe(0);
    expect(numbers(list({ paymentMethod: 'card' }))).toEqual(['id-3']);
    expect(numbers(list({ search: 'AF-20261123-104' }))).toEqual(['id-4']);
  });

  it('admins: sorts, with newest first breaking ties, and pages', () => {
    expect(numbers(list({ sort: 'price-asc' }))).toEqual(['id-2', 'id-4', 'id-3', 'id-1']);
    expect(numbers(list({ sort: 'oldest', page: 2, limit: 3 }))).toEqual(['id-4']);
    expect(numbers(list({ sort: 'move-date-asc' }))).toEqual(['id-4', 'id-3', 'id-2', 'id-1']);
  });

  it('admins: an unknown filter value is refused with its field', () => {
    const bad = { status: 'lost', sort: 'cheapest' } as unknown as OrderFilter;
    expect(() => list(bad)).toThrow(DataError);
    try {
      list(bad);
    } catch (error) {
      expect((error as DataError).fields).toEqual({
        status: 'validation:common.invalid',
        sort: 'validation:common.invalid',
      });
    }
  });

  it('customers: their own orders newest first, whatever filter is sent', () => {
    const result = list({ status: 'cancelled', sort: 'price-asc', search: 'nobody' }, false);
    expect(numbers(result)).toEqual(['id-4', 'id-3', 'id-2', 'id-1']);
    expect(result.total).toBe(4);
  });
});
