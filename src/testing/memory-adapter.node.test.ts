import { describe, expect, it } from 'vitest';
import type { DataError, NewOrder } from '../data/port';
import { cairoToday } from '../domain/datetime';
import { expectedOrderTotal } from '../domain/booking-schemas';
import { MemoryBackend, type MemoryDataPort } from './memory-adapter';
import { placeOrder, setOrderStatus } from './order-fixtures';

const PASSWORD = 'Moving-day-2026';
const NOW = '2026-03-10T08:00:00.000Z';
/** A move date inside the booking horizon by the real clock (backends without a fake one). */
const SOON = cairoToday(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));

function order(overrides: Partial<NewOrder> = {}): NewOrder {
  const values = {
    fullName: 'منى',
    phoneNumber: '01012345678',
    pickupAddress: 'شارع التحرير 12',
    dropoffAddress: 'شارع 9 المعادي',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'partial' as const,
    housing: 'apartment' as const,
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate: '2026-03-10',
    // The fake clock says 10:00 in Cairo: the morning window has begun, the midday one not yet.
    moveTime: '13:00',
    paymentMethod: 'cod' as const,
    totalPrice: 0,
    ...overrides,
  };
  return { ...values, totalPrice: expectedOrderTotal(values) };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: DataError) => error.code,
  );

describe('MemoryBackend', () => {
  it('judges "today" and the review minute by its fake clock', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const client = backend.client();
    await client.auth.ensureSession();
    const created = await client.orders.create(order());
    expect(created.createdAt).toBe(NOW);
    expect(created.orderNumber).toMatch(/^AF-20260310-\d{3}$/);
    backend.advanceTime(24 * 3600_000);
    expect(await codeOf(client.orders.create(order()))).toBe('invalid-argument');

    const first = await placeOrder(backend, { moveDate: '2026-03-12' }, client);
    const second = await placeOrder(backend, { moveDate: '2026-03-12' }, client);
    for (const { id } of [first, second]) await setOrderStatus(backend, id, 'delivered');
    await client.reviews.add({ orderId: first.id, review: 'خدمة ممتازة', rating: 5 });
    backend.advanceTime(59_000);
    const error = await client.reviews
      .add({ orderId: second.id, review: 'مرة أخرى', rating: 5 })
      .catch((e: DataError) => e);
    expect(error).toMatchObject({ code: 'rate-limited', retryAfterSeconds: 1 });
    backend.advanceTime(1_000);
    await expect(
      client.reviews.add({ orderId: second.id, review: 'مرة أخرى', rating: 5 }),
    ).resolves.toMatchObject({ review: 'مرة أخرى', name: 'Mona', state: 'pending' });
  });

  it('limits reviews per address too, whoever is signed in', async () => {
    const backend = new MemoryBackend();
    const home = backend.client({ ip: '192.0.2.7' });
    const sameHouse = backend.client({ ip: '192.0.2.7' });
    const elsewhere = backend.client();
    const orders = new Map<MemoryDataPort, string>();
    for (const client of [home, sameHouse, elsewhere]) {
      const placed = await placeOrder(backend, {}, client);
      await setOrderStatus(backend, placed.id, 'delivered');
      orders.set(client, placed.id);
    }
    const review = (client: MemoryDataPort) =>
      client.reviews.add({ orderId: orders.get(client)!, review: 'ممتاز', rating: 5 });
    await review(home);
    expect(await codeOf(review(sameHouse))).toBe('rate-limited');
    expect(await codeOf(review(elsewhere))).toBe('resolved');
  });

  it('issues unique numbers and widens to four digits once a day has used half of its 900', async () => {
    let next = 0;
    // Walks through 100..999 in order: no clashes, so only the day's count decides the width.
    const backend = new MemoryBackend({ now: NOW, random: () => ((next++ % 900) + 0.5) / 900 });
    const client = backend.client();
    await client.auth.ensureSession();
    const numbers = new Set<string>();
    for (let i = 0; i < 450; i += 1) numbers.add((await client.orders.create(order())).orderNumber);
    expect(numbers.size).toBe(450);
    for (const number of numbers) expect(number).toMatch(/^AF-20260310-\d{3}$/);
    const wider = await client.orders.create(order());
    expect(wider.orderNumber).toMatch(/^AF-20260310-\d{4}$/);
  });

  it('hands out copies: changing a result does not change the backend', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await client.auth.ensureSession();
    const created = await client.orders.create(order({ moveDate: SOON }));
    created.status = 'delivered';
    created.statusHistory.push({ status: 'delivered', at: NOW, actor: 'admin' });
    const again = await client.orders.get(created.id);
    expect(again.status).toBe('received');
    expect(again.statusHistory).toHaveLength(1);
  });

  it('createAdmin promotes an existing account, which keeps its orders', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await client.auth.ensureSession();
    const placed = await client.orders.create(order({ moveDate: SOON }));
    const user = await client.auth.signUp({ email: 'ops@example.com', password: PASSWORD });
    expect(user.isAdmin).toBe(false);
    expect(backend.createAdmin('OPS@example.com', PASSWORD)).toMatchObject({
      id: user.id,
      isAdmin: true,
    });
    expect(await client.auth.current()).toMatchObject({ id: user.id, isAdmin: true });
    expect((await client.orders.mine()).map((o) => o.id)).toEqual([placed.id]);
    expect((await client.orders.list()).total).toBe(1);
  });

  it('a revoked session is no session, even for a copy of the same browser', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await client.auth.signUp({ email: 'mona@example.com', password: PASSWORD });
    expect(backend.sessions.size).toBe(1);
    await client.auth.signOut();
    expect(backend.sessions.size).toBe(0);
    expect(await codeOf(client.orders.mine())).toBe('unauthenticated');
  });
});
