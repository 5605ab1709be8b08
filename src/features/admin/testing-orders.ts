// Test helper: the admin tests' usual order, placed through the in-memory backend as customers do.
import type { NewOrder, Order } from '../../data/port';
import type { MemoryBackend, MemoryDataPort } from '../../testing/memory-adapter';
import { futureDate, newOrder, placeOrder as placeNewOrder } from '../../testing/order-fixtures';

export { futureDate };

/** A full move with floors, a team of four and a morning slot, five days ahead. */
export function orderInput(overrides: Partial<NewOrder> = {}): NewOrder {
  return newOrder({
    pickupAddress: '12 Tahrir Street, Dokki',
    moveType: 'full',
    pickupFloor: 3,
    dropoffFloor: 2,
    workers: 4,
    moveDate: futureDate(5),
    moveTime: '10:30',
    ...overrides,
  });
}

/** Places an order as a new anonymous customer (its own browser). */
export function placeOrder(
  backend: MemoryBackend,
  overrides: Partial<NewOrder> = {},
): Promise<Order> {
  return placeNewOrder(backend, orderInput(overrides));
}

export const TEST_ADMIN = { email: 'boss@afsh.example', password: 'Admin-pass-2026' } as const;

/** A browser signed in as an admin of `backend` (created on first use). */
export async function adminPort(backend: MemoryBackend): Promise<MemoryDataPort> {
  backend.createAdmin(TEST_ADMIN.email, TEST_ADMIN.password);
  const port = backend.client();
  await port.auth.signIn(TEST_ADMIN);
  return port;
}
