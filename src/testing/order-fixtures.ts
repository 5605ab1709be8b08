// Test fixtures: valid orders, as the booking flow sends them, for tests that need one in a backend.
import type { NewOrder, Order } from '../data/port';
import { cairoDatePlusDays } from '../domain/datetime';
import { expectedOrderTotal } from '../domain/booking-schemas';
import type { OrderStatus } from '../domain/status';
import type { MemoryBackend, MemoryDataPort } from './memory-adapter';

/**
 * The Cairo calendar date `days` after `now`'s (YYYY-MM-DD), so a move date is never in the past
 * nor beyond the booking horizon. Pass the backend's clock when it is fixed.
 */
export function futureDate(days: number, now: Date = new Date()): string {
  return cairoDatePlusDays(days, now);
}

/**
 * A cash order for a small move in Cairo, three days ahead, priced by the catalog. The total
 * follows a patched move (type, housing, floors) unless the patch sets `totalPrice` itself.
 */
export function newOrder(patch: Partial<NewOrder> = {}): NewOrder {
  const values = {
    fullName: 'Mona Hassan',
    phoneNumber: '01012345678',
    pickupAddress: '12 Tahrir Street',
    dropoffAddress: '9 Road 9, Maadi',
    governorateId: 'cairo',
    districtId: 'maadi',
    notes: '',
    moveType: 'partial' as const,
    housing: 'apartment' as const,
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate: futureDate(3),
    moveTime: '09:00',
    paymentMethod: 'cod' as const,
    ...patch,
  };
  return { ...values, totalPrice: patch.totalPrice ?? expectedOrderTotal(values) };
}

/**
 * Places `newOrder(patch)` as `customer`: by default a new anonymous customer (a browser of its
 * own); pass a client to place it as that browser's visitor.
 */
export async function placeOrder(
  backend: MemoryBackend,
  patch: Partial<NewOrder> = {},
  customer: MemoryDataPort = backend.client(),
): Promise<Order> {
  await customer.auth.ensureSession();
  return customer.orders.create(newOrder({ moveDate: futureDate(3, backend.now()), ...patch }));
}

/** The admin the fixtures act as. */
const FIXTURE_ADMIN = { email: 'fixtures-admin@afsh.test', password: 'Fixtures-admin-2026' };

/** A browser signed in as the team (an admin of `backend`). */
export async function teamClient(backend: MemoryBackend): Promise<MemoryDataPort> {
  backend.createAdmin(FIXTURE_ADMIN.email, FIXTURE_ADMIN.password);
  const admin = backend.client();
  await admin.auth.signIn(FIXTURE_ADMIN);
  return admin;
}

/** Moves an order on to `status` as the team does: an admin's status change. */
export async function setOrderStatus(
  backend: MemoryBackend,
  orderId: string,
  status: OrderStatus,
): Promise<Order> {
  return (await teamClient(backend)).orders.update(orderId, { status });
}
