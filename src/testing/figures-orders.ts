import type { Order, StatusChange } from '../domain/order';

// The figures' tests (the dashboard, D25; the weekly summary, D27) build their orders alike.

/**
 * An order with only what the owner's figures read set (and, given `cancelledAt`, cancelled by
 * the customer then); the rest is a valid placeholder.
 */
export function figuresOrder(patch: Partial<Order> & { cancelledAt?: string }): Order {
  const { cancelledAt, ...rest } = patch;
  const createdAt = rest.createdAt ?? '2026-11-21T08:00:00.000Z';
  const history: StatusChange[] = [{ status: 'received', at: createdAt, actor: 'system' }];
  if (cancelledAt) history.push({ status: 'cancelled', at: cancelledAt, actor: 'customer' });
  return {
    id: `o-${Math.random()}`,
    orderNumber: 'AF-20261121-101',
    userId: null,
    fullName: 'Mona',
    phoneNumber: '01012345678',
    pickupAddress: 'a',
    dropoffAddress: 'b',
    governorateId: 'cairo',
    districtId: 'maadi',
    dropoffGovernorateId: 'cairo',
    dropoffDistrictId: 'maadi',
    notes: '',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate: '2026-11-25',
    moveTime: '09:00',
    timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
    totalPrice: 1000,
    currency: 'EGP',
    catalogVersion: 1,
    distanceKm: 0,
    distanceFee: 0,
    paymentMethod: 'cod',
    paymentStatus: 'pending',
    paymentProvider: 'cash',
    status: cancelledAt ? 'cancelled' : 'received',
    statusHistory: history,
    createdAt,
    ...rest,
  };
}
