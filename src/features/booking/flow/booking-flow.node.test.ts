import { describe, expect, it } from 'vitest';
import { FIRST_CATALOG } from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import {
  adoptCarriedState,
  adoptIntoStore,
  BOOKING_STORAGE_KEY,
  clearBookingFlow,
  mergeBookingFlow,
  missingStepFor,
  readBookingFlow,
  readConfirmation,
  readStepDraft,
  writeBookingFlow,
  writeConfirmation,
  writeStepDraft,
  type BookingFlowState,
} from './booking-flow';
import { flowPrice } from './flow-price';

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
    distanceKm: 0,
    includedKm: 25,
    perKm: 10,
    distanceFee: 0,
    total: 2650,
    catalogVersion: 1,
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
    // Without storage the booking lives in memory for this page load, so nothing typed is lost.
    expect(readBookingFlow(undefined)).toEqual(complete);
    clearBookingFlow(undefined);
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

describe('one store: drafts and the confirmation', () => {
  const confirmation = {
    orderId: 'o1',
    orderNumber: 'AF-20250610-123',
    paid: false,
    paymentMethod: 'cod',
    totalPrice: 2650,
  } as const;

  it('keeps drafts and the confirmation under the one key, beside the flat flow', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    writeStepDraft('customerInfo', { fullName: 'Mon' }, storage);
    writeConfirmation(confirmation, storage);
    expect(storage.length).toBe(1);
    const raw = JSON.parse(storage.getItem(BOOKING_STORAGE_KEY)!);
    expect(raw).toMatchObject({
      fullName: 'Mona Adel',
      drafts: { customerInfo: { fullName: 'Mon' } },
    });
    // The flow reads without its neighbours; each neighbour reads on its own.
    expect(readBookingFlow(storage)).toEqual(complete);
    expect(readStepDraft('customerInfo', storage)).toEqual({ fullName: 'Mon' });
    expect(readConfirmation(storage)).toEqual(confirmation);
  });

  it('validates drafts field by field: unknown fields, non-text and huge values are dropped', () => {
    const storage = new FakeStorage();
    storage.setItem(
      BOOKING_STORAGE_KEY,
      JSON.stringify({
        ...complete,
        drafts: {
          customerInfo: {
            fullName: 'Mona',
            phoneNumber: 12,
            isAdmin: 'yes',
            notes: 'x'.repeat(5000),
          },
          dateSelection: 'oops',
          elsewhere: { fullName: 'x' },
        },
        confirmation: { orderId: '', orderNumber: 'AF-1' },
      }),
    );
    expect(readStepDraft('customerInfo', storage)).toEqual({ fullName: 'Mona' });
    expect(readStepDraft('dateSelection', storage)).toEqual({});
    expect(readConfirmation(storage)).toBeNull();
    // A corrupt neighbour costs the flow nothing.
    expect(readBookingFlow(storage)).toEqual(complete);
  });

  it('clearing the flow drops its drafts but keeps the confirmation for a reload', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    writeStepDraft('dateSelection', { moveDate: '2025-06-12' }, storage);
    writeConfirmation(confirmation, storage);
    clearBookingFlow(storage);
    expect(readBookingFlow(storage)).toEqual({});
    expect(readStepDraft('dateSelection', storage)).toEqual({});
    expect(readConfirmation(storage)).toEqual(confirmation);
  });
});

describe('a new estimate and an old draft', () => {
  it('the new estimate wins over the date draft’s choices; the typed date and time stay', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    // The customer changed the date screen, then went back to /move-type for a new estimate.
    writeStepDraft(
      'dateSelection',
      {
        moveDate: '2025-06-12',
        moveTime: '11:00',
        moveType: 'full',
        housing: 'apartment',
        pickupFloor: '2',
        dropoffFloor: '3',
        workers: '4',
      },
      storage,
    );
    const estimate = {
      moveType: 'office',
      workers: 5,
      housing: 'villa',
      pickupFloor: 4,
      dropoffFloor: 0,
    } as const;
    expect(adoptIntoStore({ ...estimate, totalPrice: 9 }, storage)).toBe(true);

    expect(readBookingFlow(storage)).toMatchObject(estimate);
    expect(readStepDraft('dateSelection', storage)).toEqual({
      moveDate: '2025-06-12',
      moveTime: '11:00',
    });
    // What the date screen will show: the estimate's own total, whatever the carried figure said.
    const dateForm = { ...readBookingFlow(storage), ...readStepDraft('dateSelection', storage) };
    expect(flowPrice(dateForm, FIRST_CATALOG).total).toBe(expectedOrderTotal(estimate));
  });

  it('a type picked on /prices alone clears the old details, in the flow and in the draft', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    writeStepDraft('dateSelection', { workers: '6', pickupFloor: '9' }, storage);
    adoptIntoStore({ moveType: 'partial', totalPrice: 1000 }, storage);
    const flow = readBookingFlow(storage);
    expect(flow).toMatchObject({ moveType: 'partial', fullName: 'Mona Adel' });
    expect(flow.workers).toBeUndefined();
    expect(readStepDraft('dateSelection', storage)).toEqual({});
  });

  it('ignores carried junk and leaves the store alone', () => {
    const storage = new FakeStorage();
    writeBookingFlow(complete, storage);
    writeStepDraft('dateSelection', { workers: '6' }, storage);
    expect(adoptIntoStore({ moveType: 'rocket' }, storage)).toBe(false);
    expect(readStepDraft('dateSelection', storage)).toEqual({ workers: '6' });
  });

  it('after a finished booking, a new estimate starts a new booking without old drafts', () => {
    const storage = new FakeStorage();
    writeBookingFlow({ ...complete, orderId: 'x' }, storage);
    writeStepDraft('customerInfo', { fullName: 'Old' }, storage);
    adoptIntoStore({ moveType: 'loading', totalPrice: 600 }, storage);
    expect(readBookingFlow(storage)).toEqual({ moveType: 'loading', totalPrice: 600 });
    expect(readStepDraft('customerInfo', storage)).toEqual({});
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
