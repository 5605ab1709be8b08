import { afterEach, describe, expect, it, vi } from 'vitest';
import { issuesOf } from '../testing/schema-results';
import { cairoToday } from './datetime';
import { orderInputSchema } from './order-input-schema';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('orderInputSchema: built once, "today" read at each parse', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const order = (moveDate: string) => ({
    fullName: 'Ali Hassan',
    phoneNumber: '01012345678',
    pickupAddress: '12 Tahrir St, Dokki',
    dropoffAddress: '5 Nile Corniche, Maadi',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'partial',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate,
    moveTime: '10:00',
    paymentMethod: 'cod',
    totalPrice: 1250,
  });

  it('is the same object for every caller', async () => {
    const again = await import('./order-input-schema');
    expect(again.orderInputSchema).toBe(orderInputSchema);
  });

  it('follows the clock: past and horizon move with the day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    expect(orderInputSchema.safeParse(order('2026-03-01')).success).toBe(true);
    expect(issuesOf(orderInputSchema.safeParse(order('2026-08-29')))).toEqual([
      ['moveDate', M.dateTooFar],
    ]);

    vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    expect(cairoToday()).toBe('2026-03-02');
    expect(issuesOf(orderInputSchema.safeParse(order('2026-03-01')))).toEqual([
      ['moveDate', M.datePast],
    ]);
    expect(orderInputSchema.safeParse(order('2026-08-29')).success).toBe(true);
  });
});
