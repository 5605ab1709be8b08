// Test helper: real orders placed through the in-memory backend, as customers place them.
import type { NewOrder, Order } from '../../data/port';
import { cairoToday } from '../../domain/datetime';
import { expectedOrderTotal } from '../../domain/schemas';
import type { MemoryBackend } from '../../testing/memory-adapter';

export function futureDate(days: number): string {
  const [y, m, d] = cairoToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function orderInput(overrides: Partial<NewOrder> = {}): NewOrder {
  const values = {
    fullName: 'Mona Hassan',
    phoneNumber: '01012345678',
    pickupAddress: '12 Tahrir Street, Dokki',
    dropoffAddress: '9 Road 9, Maadi',
    governorateId: 'cairo',
    districtId: 'maadi',
    notes: '',
    moveType: 'full' as const,
    housing: 'apartment' as const,
    pickupFloor: 3,
    dropoffFloor: 2,
    workers: 4,
    moveDate: futureDate(5),
    moveTime: '10:30',
    paymentMethod: 'cod' as const,
    ...overrides,
  };
  return { ...values, totalPrice: expectedOrderTotal(values) } as NewOrder;
}

/** Places an order as a new anonymous customer (its own browser). */
export async function placeOrder(
  backend: MemoryBackend,
  overrides: Partial<NewOrder> = {},
): Promise<Order> {
  const customer = backend.client();
  await customer.auth.ensureSession();
  return customer.orders.create(orderInput(overrides));
}
