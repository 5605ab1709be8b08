// Test helper: an admin's DataPort whose dispatch part is stubbed (vi.fn), and the crews, trucks
// and orders the fleet and board tests use.
import { vi } from 'vitest';
import type { DataPort, DispatchPort } from '../../data/port';
import type { Assignment } from '../../domain/dispatch';
import type { Crew, Fleet } from '../../domain/fleet';
import type { Order } from '../../domain/order';
import { MemoryBackend } from '../../testing/memory-adapter';
import { adminPort } from './testing-orders';

export type StubbedDispatch = {
  [K in keyof DispatchPort]: ReturnType<typeof vi.fn>;
} & DispatchPort;

/** A signed-in admin of a fresh memory backend, with `dispatch` made of vi.fn stubs. */
export async function portWithDispatch(): Promise<{ port: DataPort; dispatch: StubbedDispatch }> {
  const admin = await adminPort(new MemoryBackend());
  const dispatch = {
    fleet: vi.fn(),
    saveFleet: vi.fn(),
    board: vi.fn(),
    assign: vi.fn(),
    crewJobs: vi.fn(),
    crewTap: vi.fn(),
  } as unknown as StubbedDispatch;
  return { port: { ...admin, dispatch }, dispatch };
}

export function crew(overrides: Partial<Crew> & Pick<Crew, 'id' | 'name'>): Crew {
  return {
    leaderName: '',
    leaderPhone: null,
    size: 3,
    governorates: ['cairo'],
    days: [0, 1, 2, 3, 4, 5, 6],
    truckId: null,
    active: true,
    ...overrides,
  };
}

export function fleet(overrides: Partial<Fleet> = {}): Fleet {
  return {
    version: 2,
    updatedAt: '2026-11-20T08:00:00.000Z',
    updatedBy: 'boss@afsh.example',
    crews: [],
    trucks: [],
    ...overrides,
  };
}

/** A whole order as a backend answers it; `assignment` null is one from before dispatch. */
export function boardOrder(
  overrides: Partial<Order> & Pick<Order, 'id' | 'orderNumber' | 'moveDate'>,
  assignment: Assignment | null = null,
): Order {
  return {
    userId: null,
    fullName: 'Laila Samir',
    phoneNumber: '01012345678',
    pickupAddress: '12 Road 9',
    dropoffAddress: '4 Tahrir Street',
    governorateId: 'cairo',
    districtId: 'maadi',
    dropoffGovernorateId: 'giza',
    dropoffDistrictId: 'dokki',
    notes: '',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 2,
    dropoffFloor: 1,
    workers: 4,
    moveTime: '08:00',
    timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
    totalPrice: 1800,
    currency: 'EGP',
    catalogVersion: 1,
    distanceKm: 12,
    distanceFee: 0,
    paymentMethod: 'cod',
    paymentStatus: 'pending',
    paymentProvider: 'cash',
    status: 'received',
    statusHistory: [],
    createdAt: '2026-11-20T08:00:00.000Z',
    assignment,
    ...overrides,
  } as Order;
}
