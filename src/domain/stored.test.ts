// The upcasters (docs/architecture.md, "Stored data ages well"): each starts from data in the
// oldest shape a version of this code stored, and from data a newer version may store.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY, TERMS_BEFORE_POLICY } from './cancellation';
import { draftFromStored, FIRST_CAPACITY_PLAN } from './capacity';
import {
  catalogFromDocument,
  orderFromDocument,
  planFromDocument,
  trackingFromDocument,
} from './hosted-store';
import { assignmentFromStored } from './dispatch';
import { fleetFromStored } from './fleet';
import { outboxMessageFromStored, type StoredOutboxMessage } from './notifications';
import { orderFromStored, type StoredOrder } from './order';
import {
  inquiryPolicy,
  nextInquiryAt,
  paymentAttemptFromStored,
  paymentEventFromStored,
  type StoredPaymentAttempt,
} from './payments';
import {
  estimatePrice,
  catalogFromRates,
  FIRST_CATALOG_RATES,
  MOVE_TYPES,
  PRICE_CATALOG,
  ratesFromStored,
} from './pricing';
import { StoredDataError } from './stored';

/** The rates row migration 006 wrote: the oldest stored catalog version. */
const RATES_V1 = {
  // Stored JSON: whatever move types there were then, not the ones this code knows.
  base: { full: 1500, partial: 1000, office: 1200, packaging: 500, loading: 600 } as Record<
    string,
    number
  >,
  floorFee: 80,
  workerExtraPerHead: 250,
  team: { base: 2, manyFloors: 4 },
  distance: { roadFactor: 1.3, includedKm: 25, perKm: 10 },
};

describe('a catalog version and an order stored before refunds (D16, migration 041)', () => {
  it('a catalog version without a policy reads the default policy', () => {
    expect(ratesFromStored(RATES_V1).cancellationPolicy).toEqual(DEFAULT_CANCELLATION_POLICY);
    expect(
      ratesFromStored({ ...RATES_V1, cancellationPolicy: { freeHours: 48 } }).cancellationPolicy,
    ).toEqual({ ...DEFAULT_CANCELLATION_POLICY, freeHours: 48 });
  });

  it('an order keeps the policy and refund it was stored with', () => {
    const refund = { amount: 900, fee: 100, dueAt: '2026-01-02T00:00:00.000Z' };
    const order = orderFromStored({
      ...ORDER_V1,
      paymentStatus: 'refund_due',
      cancellationPolicy: { freeHours: 12, lateFeePercent: 5, closedHours: 1 },
      refund,
    });
    expect(order.cancellationPolicy).toEqual({ freeHours: 12, lateFeePercent: 5, closedHours: 1 });
    expect(order.refund).toEqual({ ...refund, refundedAt: null, how: null, manual: null });
  });
});

describe('ratesFromStored: a catalog version as any version stored it', () => {
  it('reads the oldest stored rates unchanged', () => {
    expect(ratesFromStored(RATES_V1)).toEqual(FIRST_CATALOG_RATES);
  });

  it.each(MOVE_TYPES)(
    'a version saved before move type “%s” existed prices it at its default rate (no migration)',
    (type) => {
      const known: Record<string, number> = { ...RATES_V1.base, full: 2000, partial: 1100 };
      delete known[type];
      const rates = ratesFromStored({ ...RATES_V1, base: known });
      expect(rates.base[type]).toBe(PRICE_CATALOG[type]);
      // The rates the version did save stay its own.
      for (const [other, price] of Object.entries(known)) {
        expect(rates.base[other as keyof typeof rates.base]).toBe(price);
      }
      const price = estimatePrice(catalogFromRates(rates, 7, null), {
        moveType: type,
        pickupFloor: 0,
        dropoffFloor: 0,
        workers: 1,
      });
      expect(price.total).toBe(PRICE_CATALOG[type]);
    },
  );

  it('fields added since take the first version’s values', () => {
    const { team: _team, distance: _distance, ...older } = RATES_V1;
    expect(ratesFromStored({ ...older, floorFee: 90 })).toEqual({
      ...FIRST_CATALOG_RATES,
      floorFee: 90,
    });
    expect(ratesFromStored({ ...RATES_V1, distance: { roadFactor: 1.5 } }).distance).toEqual({
      ...FIRST_CATALOG_RATES.distance,
      roadFactor: 1.5,
    });
  });

  it('a version saved before durations (D28) reads the first durations, in part or in whole', () => {
    expect(ratesFromStored(RATES_V1).duration).toEqual(FIRST_CATALOG_RATES.duration);
    expect(
      ratesFromStored({ ...RATES_V1, duration: { hours: { full: 4 }, roadKmPerHour: 60 } })
        .duration,
    ).toEqual({
      hours: { ...FIRST_CATALOG_RATES.duration.hours, full: 4 },
      perFloorHours: FIRST_CATALOG_RATES.duration.perFloorHours,
      roadKmPerHour: 60,
    });
    expect(() => ratesFromStored({ ...RATES_V1, duration: { hours: { full: '4' } } })).toThrow(
      /duration\.hours\.full is not a number/,
    );
    expect(() => ratesFromStored({ ...RATES_V1, duration: 3 })).toThrow(
      /duration is not an object/,
    );
  });

  it('a move type this code does not know (saved by a newer version) is left out, not a crash', () => {
    const rates = ratesFromStored({
      ...RATES_V1,
      base: { ...RATES_V1.base, piano: 900 },
      surcharge: 5,
    });
    expect(Object.keys(rates.base).sort()).toEqual([...MOVE_TYPES].sort());
    expect(rates).not.toHaveProperty('surcharge');
  });

  it('a field that is there but not a number is broken data: it throws, never a NaN price', () => {
    expect(() =>
      ratesFromStored({ ...RATES_V1, base: { ...RATES_V1.base, full: '1500' } }),
    ).toThrow(StoredDataError);
    expect(() =>
      ratesFromStored({ ...RATES_V1, base: { ...RATES_V1.base, full: '1500' } }),
    ).toThrow(/base\.full is not a number/);
    expect(() => ratesFromStored({ ...RATES_V1, distance: 3 })).toThrow(
      /distance is not an object/,
    );
    expect(() => ratesFromStored('rates')).toThrow(StoredDataError);
  });

  it('the hosted catalog document is read through it: no cast, no NaN', () => {
    const { loading: _loading, ...known } = RATES_V1.base;
    const catalog = catalogFromDocument(
      { version: 3, rates: { ...RATES_V1, base: known }, createdAt: '2026-01-01T00:00:00.000Z' },
      String,
    );
    expect(catalog).toMatchObject({ version: 3, base: { loading: PRICE_CATALOG.loading } });
  });
});

describe('draftFromStored: a crews plan as any version stored it', () => {
  const windows = FIRST_CAPACITY_PLAN.windows.map((window) => ({ ...window }));

  it('a plan stored without exceptions, or exceptions without a note or crews, gets the defaults', () => {
    expect(draftFromStored({ windows })).toEqual({ windows, exceptions: [] });
    expect(draftFromStored({ windows, exceptions: [{ weekday: 5 }] }).exceptions).toEqual([
      { weekday: 5, crews: {}, note: '' },
    ]);
  });

  it('keeps what it stored, and leaves out what this code does not know', () => {
    const stored = {
      windows: windows.map((window) => ({ ...window, colour: 'blue' })),
      exceptions: [{ date: '2026-04-01', crews: { morning: 0 }, note: 'Eid', reason: 'holiday' }],
    };
    expect(draftFromStored(stored)).toEqual({
      windows,
      exceptions: [{ date: '2026-04-01', crews: { morning: 0 }, note: 'Eid' }],
    });
  });

  it('a window without its crews or hours is broken data', () => {
    expect(() =>
      draftFromStored({ windows: [{ id: 'morning', start: '08:00', end: '12:00' }] }),
    ).toThrow(/windows\.0\.crews is not a number/);
    expect(() => draftFromStored({ windows: [{ ...windows[0], start: 8 }] })).toThrow(
      StoredDataError,
    );
  });

  it('the hosted plan document is read through it', () => {
    expect(planFromDocument({ version: 4, windows, updatedAt: null }, String)).toEqual({
      version: 4,
      windows,
      exceptions: [],
      updatedAt: null,
      updatedBy: null,
    });
  });
});

/** An order as the first version stored it: before D3's providers, D10, D11 and D12. */
const ORDER_V1: StoredOrder = {
  id: 'o1',
  orderNumber: 'AF-20260101-1',
  fullName: 'Mona Adel',
  phoneNumber: '01012345678',
  pickupAddress: '1 Tahrir St',
  dropoffAddress: '2 Nile St',
  governorateId: 'cairo',
  districtId: 'maadi',
  moveType: 'full',
  housing: 'apartment',
  pickupFloor: 1,
  dropoffFloor: 2,
  workers: 3,
  moveDate: '2026-02-01',
  moveTime: '10:00',
  totalPrice: 2240,
  paymentMethod: 'cod',
  paymentStatus: 'pending',
  status: 'received',
  statusHistory: [{ status: 'received', at: '2026-01-01T08:00:00.000Z', actor: 'customer' }],
  createdAt: '2026-01-01T08:00:00.000Z',
};

describe('orderFromStored: an order as any version stored it', () => {
  it('fields added since take their defaults', () => {
    expect(orderFromStored(ORDER_V1)).toEqual({
      ...ORDER_V1,
      userId: null,
      dropoffGovernorateId: 'cairo',
      dropoffDistrictId: 'maadi',
      notes: '',
      timeWindow: null,
      currency: 'EGP',
      catalogVersion: 1,
      distanceKm: 0,
      distanceFee: 0,
      paymentProvider: 'cash',
      // D16: booked before the policy, under the terms of its time; nothing owed back.
      cancellationPolicy: TERMS_BEFORE_POLICY,
      refund: null,
      // D28: booked before dispatch, it holds its window without a crew.
      assignment: null,
    });
    expect(orderFromStored({ ...ORDER_V1, paymentMethod: 'card' }).paymentProvider).toBe('test');
  });

  it('keeps what a later version stored', () => {
    const later: StoredOrder = {
      ...ORDER_V1,
      userId: 'u1',
      dropoffGovernorateId: 'giza',
      dropoffDistrictId: 'dokki',
      notes: 'Fragile',
      timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
      catalogVersion: 4,
      distanceKm: 30,
      distanceFee: 50,
      paymentProvider: 'paymob',
      language: 'en',
      notifyConsent: true,
    };
    expect(orderFromStored(later)).toMatchObject({
      ...later,
      currency: 'EGP',
    });
  });

  it('a window stored in part (a row with null hours) is no window', () => {
    expect(
      orderFromStored({ ...ORDER_V1, timeWindow: { id: 'morning', start: null, end: null } })
        .timeWindow,
    ).toBeNull();
  });

  it('a move type or status this code does not know is kept, not a crash', () => {
    const stored = {
      ...ORDER_V1,
      moveType: 'piano',
      status: 'scheduled',
    } as unknown as StoredOrder;
    expect(orderFromStored(stored)).toMatchObject({ moveType: 'piano', status: 'scheduled' });
  });

  it('the hosted order document is read through it', () => {
    const { statusHistory: _history, id: _id, ...document } = ORDER_V1;
    const order = orderFromDocument('o1', { ...document, statusHistory: [] }, String);
    expect(order).toMatchObject({ id: 'o1', paymentProvider: 'cash', catalogVersion: 1 });
    expect(order).not.toHaveProperty('language');
  });
});

describe('assignmentFromStored: an order’s crew and windows as any version stored them (D28)', () => {
  /** An assignment as dispatch first stored it with an order. */
  const ASSIGNMENT_V1 = {
    crewId: 'crew-1',
    truckId: 'truck-1',
    slots: [
      { date: '2026-02-01', windowId: 'morning' },
      { date: '2026-02-01', windowId: 'midday' },
    ],
    hours: 6.5,
    by: 'auto',
  };

  it('an order from before dispatch has none; one stored since keeps its own', () => {
    expect(orderFromStored(ORDER_V1).assignment).toBeNull();
    expect(orderFromStored({ ...ORDER_V1, assignment: null }).assignment).toBeNull();
    expect(orderFromStored({ ...ORDER_V1, assignment: ASSIGNMENT_V1 }).assignment).toEqual(
      ASSIGNMENT_V1,
    );
  });

  it('without a truck (a company that keeps none) or a chooser: no truck, proposed', () => {
    const { truckId: _truck, by: _by, ...bare } = ASSIGNMENT_V1;
    expect(assignmentFromStored(bare)).toEqual({ ...bare, truckId: null, by: 'auto' });
    // A chooser this code does not know reads as a proposal, not a crash.
    expect(assignmentFromStored({ ...ASSIGNMENT_V1, by: 'robot' })?.by).toBe('auto');
    expect(assignmentFromStored({ ...ASSIGNMENT_V1, by: 'admin' })?.by).toBe('admin');
  });

  it('a crew, a window or hours of the wrong kind is broken data', () => {
    expect(() => assignmentFromStored({ ...ASSIGNMENT_V1, crewId: 7 })).toThrow(StoredDataError);
    expect(() => assignmentFromStored({ ...ASSIGNMENT_V1, slots: [{ date: 1 }] })).toThrow(
      /slots\.0\.date is not a string/,
    );
    expect(() => assignmentFromStored({ ...ASSIGNMENT_V1, hours: '6' })).toThrow(
      /hours is not a number/,
    );
    expect(() => orderFromStored({ ...ORDER_V1, assignment: 'crew-1' })).toThrow(
      /assignment is not an object/,
    );
  });
});

describe('fleetFromStored: the crews and trucks as any version stored them (D28)', () => {
  /** A fleet as the first version stored it: only what every version stores. */
  const FLEET_V1 = {
    crews: [{ id: 'c1', name: 'Maadi', size: 3, governorates: ['cairo'] }],
    trucks: [{ id: 't1', plate: 'ABC 123' }],
  };

  it('fields added since take their defaults', () => {
    expect(fleetFromStored(FLEET_V1)).toEqual({
      crews: [
        {
          ...FLEET_V1.crews[0],
          leaderName: '',
          leaderPhone: null,
          days: [0, 1, 2, 3, 4, 5, 6],
          truckId: null,
          active: true,
        },
      ],
      trucks: [{ ...FLEET_V1.trucks[0], size: 'medium', active: true }],
    });
  });

  it('a field every version stored, missing, is broken data', () => {
    expect(() => fleetFromStored({ crews: [{ id: 'c1', name: 'Maadi', size: 3 }] })).not.toThrow();
    expect(() => fleetFromStored({ crews: [{ id: 'c1', name: 'Maadi' }] })).toThrow(
      /crews\.0\.size is not a number/,
    );
  });
});

/** A message as the first outbox stored it. */
const MESSAGE_V1: StoredOutboxMessage = {
  id: 'm1',
  eventId: 'e1',
  orderId: 'o1',
  recipient: 'customer',
  channel: 'whatsapp',
  address: '+201012345678',
  template: 'order_created',
  state: 'pending',
  nextAttemptAt: '2026-01-01T08:00:00.000Z',
  idempotencyKey: 'afsh-m1',
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T08:00:00.000Z',
};

describe('trackingFromDocument: a hosted public copy as any version stored it (D19)', () => {
  /** A tracking copy as the first hosted version wrote it: no route, provider or window. */
  const COPY_V1 = {
    orderNumber: 'AF-20250101-123',
    moveType: 'full',
    totalPrice: 1500,
    currency: 'EGP',
    paymentMethod: 'cod',
    paymentStatus: 'pending',
    status: 'received',
    statusHistory: [{ status: 'received', at: '2025-01-01T08:00:00.000Z', actor: 'system' }],
    moveDate: '2025-01-05',
  };
  const iso = (value: unknown) => String(value);

  it('fields added since take their defaults: no route, the cash provider, no window', () => {
    expect(trackingFromDocument(COPY_V1, iso)).toMatchObject({
      governorateId: null,
      dropoffGovernorateId: null,
      paymentProvider: 'cash',
      moveWindow: null,
    });
  });

  it('keeps the window a later version stored, and ignores the live key beside it', () => {
    const later = {
      ...COPY_V1,
      moveWindow: { start: '08:00', end: '12:00' },
      liveKey: 'a-key-of-twenty-four-ch',
    };
    const view = trackingFromDocument(later, iso);
    expect(view.moveWindow).toEqual({ start: '08:00', end: '12:00' });
    expect(view).not.toHaveProperty('liveKey');
    // A time alone (an order from before windows) stays a time alone.
    expect(
      trackingFromDocument({ ...COPY_V1, moveWindow: { start: '10:30', end: null } }, iso)
        .moveWindow,
    ).toEqual({ start: '10:30', end: null });
  });
});

describe('outboxMessageFromStored: an outbox message as any version stored it', () => {
  it('what may be missing takes its default', () => {
    expect(outboxMessageFromStored(MESSAGE_V1)).toEqual({
      ...MESSAGE_V1,
      fallback: [],
      language: 'ar',
      params: {},
      body: '',
      subject: '',
      tries: 0,
      maxTries: 1,
      lastError: null,
      provider: null,
      providerMessageId: null,
      fallbackOf: null,
      sentAt: null,
    });
  });

  it('a team message about no order (migration 047) has none; every older one keeps its own', () => {
    const { orderId: _order, ...withoutOrder } = MESSAGE_V1;
    expect(outboxMessageFromStored(withoutOrder).orderId).toBeNull();
    expect(outboxMessageFromStored({ ...MESSAGE_V1, orderId: null }).orderId).toBeNull();
    expect(outboxMessageFromStored(MESSAGE_V1).orderId).toBe('o1');
  });

  it('a channel, recipient or state this code does not know is kept, not a crash', () => {
    const stored = {
      ...MESSAGE_V1,
      channel: 'telegram',
      recipient: 'driver',
      state: 'scheduled',
      fallback: ['sms', 'signal'],
    } as unknown as StoredOutboxMessage;
    expect(outboxMessageFromStored(stored)).toMatchObject({
      channel: 'telegram',
      recipient: 'driver',
      state: 'scheduled',
      fallback: ['sms', 'signal'],
    });
  });
});

describe('paymentAttemptFromStored, paymentEventFromStored: payments as any version stored them', () => {
  /** A try as migration 020 and the functions stored it before D18: no `checkedAt`. */
  const TRY_020: StoredPaymentAttempt = {
    id: 'a1',
    orderId: 'o1',
    provider: 'paymob',
    method: 'card',
    state: 'awaiting',
    amountCents: 150000,
    currency: 'EGP',
    reference: 'o1.1',
    providerOrderId: '77',
    transactionId: null,
    detail: null,
    createdAt: '2026-05-20T10:00:00.000Z',
    updatedAt: '2026-05-20T10:00:00.000Z',
    expiresAt: '2026-05-20T11:00:00.000Z',
  };

  it('a try stored before D18 was never asked about', () => {
    expect(paymentAttemptFromStored(TRY_020)).toEqual({ ...TRY_020, checkedAt: null });
    expect(paymentAttemptFromStored({ ...TRY_020, checkedAt: null }).checkedAt).toBeNull();
    expect(paymentAttemptFromStored({ ...TRY_020, checkedAt: 'T' }).checkedAt).toBe('T');
  });

  it('a state, kind or actor a newer version stored is kept, and such a try is never asked about', () => {
    const newer = paymentAttemptFromStored({ ...TRY_020, state: 'disputed' });
    expect(newer.state).toBe('disputed');
    expect(nextInquiryAt(newer, inquiryPolicy())).toBeNull();
    const event = paymentEventFromStored({
      id: 'e1',
      orderId: 'o1',
      attemptId: null,
      kind: 'chargeback',
      actor: 'bank',
      transactionId: null,
      amountCents: null,
      detail: null,
      at: 'T',
    });
    expect(event).toMatchObject({ kind: 'chargeback', actor: 'bank' });
  });
});
