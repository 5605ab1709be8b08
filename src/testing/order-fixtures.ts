// Test fixtures: valid orders, as the booking flow sends them, for tests that need one in a backend.
import type { CurrentUser, DataPort, NewOrder, Order, PhoneChallenge } from '../data/port';
import { cairoDatePlusDays } from '../domain/datetime';
import { expectedOrderTotal } from '../domain/booking-schemas';
import { normalizeEgyptianMobile, toE164Egyptian } from '../domain/phone';
import type { OrderStatus } from '../domain/status';
import { walkStatus } from './lifecycle-steps';
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
    phoneNumber: FIXTURE_PHONE,
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

/** The fixtures' customer's mobile number (`newOrder`'s). */
export const FIXTURE_PHONE = '01012345678';

/** Where a test reads the code a backend sent: its outbox, or the server's log. */
export type CodeReader = (challenge: PhoneChallenge) => string | Promise<string>;

/** The memory backend's codes, as the customer would read them on their phone. */
export function memoryCodes(backend: MemoryBackend): CodeReader {
  return (challenge) => backend.phoneCodeFor(challenge.challengeId);
}

/**
 * Proves `phone` on `client` as a customer does (D13): asks for a code, reads it where it went,
 * types it. The client's session is then the number's owner's.
 */
export async function verifyPhone(
  client: DataPort,
  readCode: CodeReader,
  phone: string = FIXTURE_PHONE,
): Promise<CurrentUser> {
  const challenge = await client.auth.requestPhoneCode({ phone, language: 'ar' });
  return client.auth.verifyPhoneCode(challenge.challengeId, await readCode(challenge));
}

const customers = new WeakMap<MemoryBackend, Map<string, Promise<MemoryDataPort>>>();

/**
 * The browser of the customer who proved `phone` on `backend`: made on first use, then the same
 * one (a second code to the same number within a minute would be refused, as on the server).
 */
export function verifiedCustomer(
  backend: MemoryBackend,
  phone: string = FIXTURE_PHONE,
): Promise<MemoryDataPort> {
  let byPhone = customers.get(backend);
  if (!byPhone) customers.set(backend, (byPhone = new Map()));
  const key = normalizeEgyptianMobile(phone) ?? phone;
  let customer = byPhone.get(key);
  if (!customer) {
    const client = backend.client();
    customer = verifyPhone(client, memoryCodes(backend), phone).then(() => client);
    byPhone.set(key, customer);
  }
  return customer;
}

/**
 * Places `newOrder(patch)` as the customer who proved the order's number (D13): from that
 * customer's browser, or from `customer`'s, which proves the number first if it has not.
 */
export async function placeOrder(
  backend: MemoryBackend,
  patch: Partial<NewOrder> = {},
  customer?: MemoryDataPort,
): Promise<Order> {
  const order = newOrder({ moveDate: futureDate(3, backend.now()), ...patch });
  if (!customer) return (await verifiedCustomer(backend, order.phoneNumber)).orders.create(order);
  if ((await customer.auth.current())?.phone !== toE164Egyptian(order.phoneNumber)) {
    await verifyPhone(customer, memoryCodes(backend), order.phoneNumber);
  }
  return customer.orders.create(order);
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

/**
 * Moves an order on to `status` as the team does: an admin's status changes, one step of the
 * lifecycle at a time (D17).
 */
export async function setOrderStatus(
  backend: MemoryBackend,
  orderId: string,
  status: OrderStatus,
): Promise<Order> {
  const team = await teamClient(backend);
  const order = await team.orders.get(orderId);
  return walkStatus(order, status, (id, change) => team.orders.update(id, change));
}
