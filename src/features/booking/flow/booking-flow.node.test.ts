import { describe, expect, it } from 'vitest';
import {
  adoptCarriedState,
  BOOKING_STORAGE_KEY,
  clearBookingFlow,
  mergeBookingFlow,
  missingStepFor,
  readBookingFlow,
  writeBookingFlow,
  type BookingFlowState,
} from './booking-flow';

class FakeStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const NOW = new Date('2025-06-10T10:00:00Z');

const complete: BookingFlowState = {
  governorateId: 'cairo',
  districtId: 'nasr-city',
  locationSource: 'manual',
  fullName: 'Mona Adel',
  phoneNumber: '01012345678',
  pickupAddress: '12 Abbas El Akkad St',
  dropoffAddress: '5 Road 9, Maadi',
  notes: 'Fragile piano',
  moveDate: '2025-06-11',
  moveTime: '09:30',
  moveType: 'full',
  housing: 'apartment',
  pickupFloor: 2,
  dropoffFloor: 3,
  workers: 4,
  totalPrice: 3050,
  pricing: {
    base: 1500,
    floorsSurcharge: 400,
    workersExtra: 750,
    floorFee: 80,
    workerExtraPerHead: 250,
    total: 2650,
  },
};

describe('booking flow storage', () => {
  it('round-trips a complete flow', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    expect(readBookingFlow(storage)).toEqual(complete);
  });

  it('reads nothing as {}', () => {
    expect(readBookingFlow(new FakeStorage())).toEqual({});
  });

  it.each([
    ['not JSON', '{oops'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string', '"cairo"'],
    ['a number', '42'],
  ])('reads junk (%s) as {}', (_label, raw) => {
    const storage = new FakeStorage();
    storage.setItem(BOOKING_STORAGE_KEY, raw);
    expect(readBookingFlow(storage)).toEqual({});
  });

  it('keeps the valid fields of a tampered value and drops the rest', () => {
    const storage = new FakeStorage();
    storage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({
        ...complete,
        moveType: 'rocket',
        pickupFloor: 99,
        workers: 2.5,
        phoneNumber: '12345',
        moveDate: '2025-02-31',
        moveTime: '25:00',
        totalPrice: -5,
        paid: 'yes',
        isAdmin: true,
        pricing: { base: 'free' },
      }),
    );
    const state = readBookingFlow(storage);
    expect(state).toEqual({
      governorateId: 'cairo',
      districtId: 'nasr-city',
      locationSource: 'manual',
      fullName: 'Mona Adel',
      pickupAddress: '12 Abbas El Akkad St',
      dropoffAddress: '5 Road 9, Maadi',
      notes: 'Fragile piano',
      housing: 'apartment',
      dropoffFloor: 3,
    });
  });

  it('drops an unknown governorate with its district, and a district of another governorate', () => {
    const storage = new FakeStorage();
    storage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({ governorateId: 'atlantis', districtId: 'nasr-city' }),
    );
    expect(readBookingFlow(storage)).toEqual({});
    storage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({ governorateId: 'giza', districtId: 'nasr-city' }),
    );
    expect(readBookingFlow(storage)).toEqual({ governorateId: 'giza' });
  });

  it('never throws when storage is full or missing', () => {
    const storage = new FakeStorage();
    storage.failWrites = true;
    expect(() => writeBookingFlow(complete, storage)).not.toThrow();
    expect(() => readBookingFlow(undefined)).not.toThrow();
    expect(readBookingFlow(undefined)).toEqual({});
  });

  it('clears the flow', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    clearBookingFlow(storage);
    expect(readBookingFlow(storage)).toEqual({});
  });

  it('merges patches and removes fields set to undefined', () => {
    const next = mergeBookingFlow(complete, { notes: undefined, fullName: 'Ali' });
    expect(next.notes).toBeUndefined();
    expect('notes' in next).toBe(false);
    expect(next.fullName).toBe('Ali');
  });
});

describe('adoptCarriedState', () => {
  it('merges what /prices carries', () => {
    const next = adoptCarriedState(
      { governorateId: 'cairo' },
      { moveType: 'office', totalPrice: 1200 },
    );
    expect(next).toEqual({ governorateId: 'cairo', moveType: 'office', totalPrice: 1200 });
  });

  it('merges the full estimate from /move-type through /prices', () => {
    const next = adoptCarriedState(
      {},
      {
        moveType: 'full',
        totalPrice: 2080,
        workers: 3,
        housing: 'villa',
        pickupFloor: 1,
        dropoffFloor: 0,
        pricing: complete.pricing,
      },
    );
    expect(next).toMatchObject({ moveType: 'full', workers: 3, housing: 'villa', pickupFloor: 1 });
  });

  it('ignores missing or malformed state', () => {
    expect(adoptCarriedState({}, null)).toBeNull();
    expect(adoptCarriedState({}, { moveType: 'rocket' })).toBeNull();
    expect(adoptCarriedState({}, 'full')).toBeNull();
  });

  it('starts a new booking after a finished one', () => {
    const next = adoptCarriedState(
      { ...complete, orderId: 'x', orderNumber: 'AF-20250610-123' },
      { moveType: 'loading', totalPrice: 600 },
    );
    expect(next).toEqual({ moveType: 'loading', totalPrice: 600 });
  });
});

describe('missingStepFor', () => {
  it('lets every screen through with a complete flow', () => {
    for (const screen of ['customerInfo', 'dateSelection', 'requestSummary', 'payment'] as const) {
      expect(missingStepFor(screen, complete, NOW)).toBeNull();
    }
  });

  it('sends customer info back to the location choice without a district', () => {
    expect(missingStepFor('customerInfo', {}, NOW)).toBe('/select-city');
    expect(missingStepFor('customerInfo', { governorateId: 'cairo' }, NOW)).toBe('/select-city');
  });

  it('sends date selection back to customer info without the customer data', () => {
    const { fullName: _omit, ...rest } = complete;
    expect(missingStepFor('dateSelection', rest, NOW)).toBe('/customer-info');
    expect(missingStepFor('dateSelection', { governorateId: 'cairo' }, NOW)).toBe('/select-city');
  });

  it('sends the summary back to date selection without a date, or with one now past', () => {
    const { moveTime: _omit, ...rest } = complete;
    expect(missingStepFor('requestSummary', rest, NOW)).toBe('/date-selection');
    expect(missingStepFor('requestSummary', complete, new Date('2025-06-12T10:00:00Z'))).toBe(
      '/date-selection',
    );
  });

  it('sends payment without data to the summary, as the spec says', () => {
    expect(missingStepFor('payment', {}, NOW)).toBe('/request-summary');
    const { dropoffAddress: _omit, ...rest } = complete;
    expect(missingStepFor('payment', rest, NOW)).toBe('/request-summary');
  });
});
