// Many orders written straight into the fake store, as the placeOrder function writes them (the
// same document builders), with the counters it keeps: for the admin list's read counts in tests
// and in `npm run bench`.
import { ORDER_STATS_ID, orderDocument, trackingDocument } from '../../domain/hosted-store';
import type { Order } from '../../domain/order';
import { ORDER_STATUSES } from '../../domain/status';
import { Timestamp, type FakeFirestoreBackend } from './testing-fake-firestore';

const GOVERNORATES = [
  ['cairo', 'maadi'],
  ['giza', 'dokki'],
  ['alexandria', 'smouha'],
] as const;

/** Order `i` of a seeded store (numbers AF-20260301-1xxxxx, one customer per 50 orders). */
export function seededOrder(i: number, count: number, now: number): Omit<Order, 'id'> {
  const [governorateId, districtId] = GOVERNORATES[i % GOVERNORATES.length]!;
  const status = ORDER_STATUSES[i % ORDER_STATUSES.length]!;
  const createdAt = new Date(now - (count - i) * 60_000).toISOString();
  return {
    orderNumber: `AF-20260301-${100000 + i}`,
    userId: `customer-${i % 50}`,
    fullName: i % 7 === 0 ? 'محمد علي' : 'Sara Hassan',
    phoneNumber: `0101${String(1_000_000 + i).slice(-7)}`,
    pickupAddress: '12 شارع التحرير',
    dropoffAddress: '5 شارع 9',
    governorateId,
    districtId,
    dropoffGovernorateId: governorateId,
    dropoffDistrictId: districtId,
    notes: '',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 1,
    dropoffFloor: 1,
    workers: 2,
    moveDate: `2026-04-${String((i % 28) + 1).padStart(2, '0')}`,
    moveTime: '09:00',
    timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
    totalPrice: 1500 + (i % 10) * 80,
    currency: 'EGP',
    catalogVersion: 1,
    distanceKm: 0,
    distanceFee: 0,
    paymentMethod: i % 2 ? 'card' : 'cod',
    paymentStatus: i % 3 ? 'paid' : 'pending',
    paymentProvider: i % 2 ? 'test' : 'cash',
    status,
    statusHistory: [{ status, at: createdAt, actor: 'system' }],
    createdAt,
  };
}

/** Seeds `count` orders (ids order-000000…), their tracking copies and the counters document. */
export function seedOrders(store: FakeFirestoreBackend, count: number, now: number): void {
  const counts: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  const toTime = (iso: string) => Timestamp.fromMillis(Date.parse(iso));
  for (let i = 0; i < count; i += 1) {
    const order = seededOrder(i, count, now);
    counts[order.status] = (counts[order.status] ?? 0) + 1;
    store.seed(
      `orders/order-${String(i).padStart(6, '0')}`,
      orderDocument(order, toTime, { paymentReference: null, updatedAt: order.createdAt }),
    );
    store.seed(`tracking/${order.orderNumber}`, trackingDocument(order, toTime));
  }
  store.seed(`stats/${ORDER_STATS_ID}`, { counts, total: count });
}
