import { describe, expect, it } from 'vitest';
import { dataOf, issuesOf, repeat, type Issue } from '../testing/schema-results';
import {
  ADDRESS_MAX,
  createOrderInputSchema,
  customerInfoSchema,
  dateSelectionSchema,
  expectedOrderTotal,
  FULL_NAME_MAX,
  manualLocationSchema,
  missingPaymentFields,
  moveEstimateSchema,
  NOTES_MAX,
  PAYMENT_REQUIRED_FIELDS,
} from './booking-schemas';
import { cairoDatePlusDays } from './datetime';
import {
  BOOKING_HORIZON_DAYS,
  estimatePrice,
  FIRST_CATALOG,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  MOVE_TYPES,
  recommendedTeamSize,
  WORKERS_MAX,
  WORKERS_MIN,
} from './pricing';
import type { MoveType } from './pricing';
import { VALIDATION_MESSAGES as M } from './validation-messages';

describe('customer info (spec 5, D7)', () => {
  const valid = {
    fullName: ' Mona Adel ',
    phoneNumber: '٠١٠-١٢٣٤-٥٦٧٨',
    pickupAddress: ' 12 Tahrir St, Dokki ',
    dropoffAddress: '5 Nile Corniche, Maadi',
  };

  it('accepts, trims and gives the canonical phone', () => {
    expect(dataOf(customerInfoSchema().safeParse(valid))).toEqual({
      fullName: 'Mona Adel',
      phoneNumber: '01012345678',
      pickupAddress: '12 Tahrir St, Dokki',
      dropoffAddress: '5 Nile Corniche, Maadi',
    });
  });

  it.each<[string, string]>([
    ['+20 10 1234 5678', '01012345678'],
    ['0020 12 3456 7890', '01234567890'],
    ['(015) 5555-0000', '01555550000'],
  ])('phone %j → %s', (phoneNumber, expected) => {
    expect(dataOf(customerInfoSchema().safeParse({ ...valid, phoneNumber })).phoneNumber).toBe(
      expected,
    );
  });

  it('keeps optional notes, trimmed', () => {
    expect(
      dataOf(customerInfoSchema().safeParse({ ...valid, notes: ' fragile glass ' })).notes,
    ).toBe('fragile glass');
    expect(
      dataOf(customerInfoSchema().safeParse({ ...valid, notes: repeat(NOTES_MAX) })).notes,
    ).toHaveLength(1000);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'everything blank',
      { fullName: ' ', phoneNumber: '', pickupAddress: '', dropoffAddress: '  ' },
      [
        ['fullName', M.customerInfoRequired],
        ['phoneNumber', M.customerInfoRequired],
        ['pickupAddress', M.customerInfoRequired],
        ['dropoffAddress', M.customerInfoRequired],
      ],
    ],
    ['name 1 char', { ...valid, fullName: 'M' }, [['fullName', M.fullNameLength]]],
    [
      'name 81',
      { ...valid, fullName: repeat(FULL_NAME_MAX + 1) },
      [['fullName', M.fullNameLength]],
    ],
    [
      'phone not Egyptian mobile',
      { ...valid, phoneNumber: '01312345678' },
      [['phoneNumber', M.phoneInvalid]],
    ],
    ['phone short', { ...valid, phoneNumber: '010 1234 567' }, [['phoneNumber', M.phoneInvalid]]],
    ['address 4 chars', { ...valid, pickupAddress: 'Giza' }, [['pickupAddress', M.addressLength]]],
    [
      'address 301',
      { ...valid, dropoffAddress: repeat(ADDRESS_MAX + 1) },
      [['dropoffAddress', M.addressLength]],
    ],
    ['notes 1001', { ...valid, notes: repeat(1001) }, [['notes', M.notesTooLong]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(customerInfoSchema().safeParse(input))).toEqual(expected);
  });
});

describe('date selection (spec 5, D6)', () => {
  // 22:30 UTC on 1 March is 00:30 on 2 March in Cairo.
  const now = new Date('2026-03-01T22:30:00Z');
  const schema = dateSelectionSchema(now);
  const valid = {
    moveDate: '2026-03-05',
    moveTime: '09:30',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 3,
    dropoffFloor: 0,
  };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['valid', valid, valid],
    [
      'today in Cairo while UTC is still yesterday',
      { ...valid, moveDate: '2026-03-02' },
      { moveDate: '2026-03-02' },
    ],
    [
      'floors as Arabic-Indic strings',
      { ...valid, pickupFloor: '١٢', dropoffFloor: '۴' },
      { pickupFloor: 12, dropoffFloor: 4 },
    ],
    [
      'floors as ASCII strings',
      { ...valid, pickupFloor: ' 20 ', dropoffFloor: '0' },
      { pickupFloor: 20, dropoffFloor: 0 },
    ],
    [
      'villa, office, midnight',
      { ...valid, housing: 'villa', moveType: 'office', moveTime: '00:00' },
      { housing: 'villa', moveType: 'office' },
    ],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(schema.safeParse(input))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    [
      'yesterday in Cairo (still today in UTC)',
      { ...valid, moveDate: '2026-03-01' },
      [['moveDate', M.datePast]],
    ],
    ['long past', { ...valid, moveDate: '2025-01-01' }, [['moveDate', M.datePast]]],
    ['not a calendar date', { ...valid, moveDate: '2026-02-30' }, [['moveDate', M.dateInvalid]]],
    ['wrong format', { ...valid, moveDate: '05/03/2026' }, [['moveDate', M.dateInvalid]]],
    ['time 24:00', { ...valid, moveTime: '24:00' }, [['moveTime', M.timeInvalid]]],
    [
      'unknown move type',
      { ...valid, moveType: 'not-a-move-type' },
      [['moveType', M.moveTypeInvalid]],
    ],
    ['unknown housing', { ...valid, housing: 'tent' }, [['housing', M.housingInvalid]]],
    ['floor 21', { ...valid, pickupFloor: 21 }, [['pickupFloor', M.floorRange]]],
    ['floor -1', { ...valid, dropoffFloor: '-1' }, [['dropoffFloor', M.floorRange]]],
    ['floor 2.5', { ...valid, pickupFloor: 2.5 }, [['pickupFloor', M.floorRange]]],
    ['floor text', { ...valid, pickupFloor: 'ground' }, [['pickupFloor', M.floorRange]]],
    ['floor ٢١', { ...valid, dropoffFloor: '٢١' }, [['dropoffFloor', M.floorRange]]],
    [
      'date, time and type missing',
      { ...valid, moveDate: '', moveTime: ' ', moveType: '' },
      [
        ['moveDate', M.dateSelectionRequired],
        ['moveTime', M.dateSelectionRequired],
        ['moveType', M.dateSelectionRequired],
      ],
    ],
    [
      'nothing at all',
      {},
      [
        ['moveDate', M.dateSelectionRequired],
        ['moveTime', M.dateSelectionRequired],
        ['moveType', M.dateSelectionRequired],
        ['housing', M.dateSelectionRequired],
        ['pickupFloor', M.dateSelectionRequired],
        ['dropoffFloor', M.dateSelectionRequired],
      ],
    ],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(schema.safeParse(input))).toEqual(expected);
  });

  it('in summer (UTC+3) 21:30 UTC is already the next day in Cairo', () => {
    const summer = dateSelectionSchema(new Date('2026-07-15T21:30:00Z'));
    expect(issuesOf(summer.safeParse({ ...valid, moveDate: '2026-07-15' }))).toEqual([
      ['moveDate', M.datePast],
    ]);
    expect(summer.safeParse({ ...valid, moveDate: '2026-07-16' }).success).toBe(true);
  });

  it('without a fixed time it judges against the real today', () => {
    const live = dateSelectionSchema();
    expect(issuesOf(live.safeParse({ ...valid, moveDate: '2000-01-01' }))).toEqual([
      ['moveDate', M.datePast],
    ]);
    const lastDay = cairoDatePlusDays(BOOKING_HORIZON_DAYS);
    expect(live.safeParse({ ...valid, moveDate: lastDay }).success).toBe(true);
    expect(issuesOf(live.safeParse({ ...valid, moveDate: '2999-12-31' }))).toEqual([
      ['moveDate', M.dateTooFar],
    ]);
  });

  describe(`the booking horizon: today + ${BOOKING_HORIZON_DAYS} days in Cairo`, () => {
    // 2 March 2026 in Cairo (see \`now\` above): + 180 days is 29 August.
    it.each<[string, Issue[]]>([
      ['2026-08-28', []],
      ['2026-08-29', []],
      ['2026-08-30', [['moveDate', M.dateTooFar]]],
      ['2027-03-02', [['moveDate', M.dateTooFar]]],
      ['9999-12-31', [['moveDate', M.dateTooFar]]],
    ])('%s → %j', (moveDate, expected) => {
      expect(issuesOf(schema.safeParse({ ...valid, moveDate }))).toEqual(expected);
    });

    it('counts Cairo days: at 23:30 Cairo time the horizon is still from today', () => {
      // 21:30 UTC on 1 March is 23:30 in Cairo (UTC+2): today is 1 March, + 180 is 28 August.
      const evening = dateSelectionSchema(new Date('2026-03-01T21:30:00Z'));
      expect(evening.safeParse({ ...valid, moveDate: '2026-08-28' }).success).toBe(true);
      expect(issuesOf(evening.safeParse({ ...valid, moveDate: '2026-08-29' }))).toEqual([
        ['moveDate', M.dateTooFar],
      ]);
    });
  });
});

describe('move-type estimator (spec 5: continue needs a type and workers)', () => {
  const valid = {
    moveType: 'partial',
    workers: 2,
    housing: 'villa',
    pickupFloor: 1,
    dropoffFloor: 2,
  };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['valid', valid, valid],
    ['one worker', { ...valid, workers: 1 }, { workers: 1 }],
    ['six workers in Arabic digits', { ...valid, workers: '٦' }, { workers: 6 }],
  ])('accepts: %s', (_label, input, expected) => {
    expect(dataOf(moveEstimateSchema().safeParse(input))).toMatchObject(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['no type', { ...valid, moveType: '' }, [['moveType', M.moveTypeRequired]]],
    ['zero workers', { ...valid, workers: 0 }, [['workers', M.workersRange]]],
    ['seven workers', { ...valid, workers: 7 }, [['workers', M.workersRange]]],
    ['workers missing', { ...valid, workers: undefined }, [['workers', M.workersRange]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(moveEstimateSchema().safeParse(input))).toEqual(expected);
  });
});

describe('manual location (spec 5, D7)', () => {
  it.each<[Record<string, unknown>, { governorateId: string; districtId: string }]>([
    [
      { governorateId: 'cairo', districtId: 'nasr-city' },
      { governorateId: 'cairo', districtId: 'nasr-city' },
    ],
    [
      { governorateId: ' dakahlia ', districtId: ' mansoura ' },
      { governorateId: 'dakahlia', districtId: 'mansoura' },
    ],
    [
      { governorateId: 'asyut', districtId: 'asyut-city' },
      { governorateId: 'asyut', districtId: 'asyut-city' },
    ],
  ])('accepts %j', (input, expected) => {
    expect(dataOf(manualLocationSchema().safeParse(input))).toEqual(expected);
  });

  it.each<[Record<string, unknown>, Issue[]]>([
    [
      { governorateId: '', districtId: '' },
      [
        ['governorateId', M.locationRequired],
        ['districtId', M.locationRequired],
      ],
    ],
    [{ governorateId: '  ', districtId: 'maadi' }, [['governorateId', M.locationRequired]]],
    [{ governorateId: 'cairo', districtId: ' ' }, [['districtId', M.locationRequired]]],
    [
      {},
      [
        ['governorateId', M.locationRequired],
        ['districtId', M.locationRequired],
      ],
    ],
    [{ governorateId: 'atlantis', districtId: 'maadi' }, [['governorateId', M.locationRequired]]],
    [{ governorateId: 'giza', districtId: 'maadi' }, [['districtId', M.locationRequired]]],
    [{ governorateId: 'cairo', districtId: 'Maadi' }, [['districtId', M.locationRequired]]],
  ])('rejects %j', (input, expected) => {
    expect(issuesOf(manualLocationSchema().safeParse(input))).toEqual(expected);
  });
});

describe('order input (server and client)', () => {
  const now = new Date('2026-03-01T22:30:00Z');
  const schema = createOrderInputSchema(now);
  const valid = {
    fullName: 'Ali Hassan',
    phoneNumber: '+20 10 1234 5678',
    pickupAddress: '12 Tahrir St, Dokki',
    dropoffAddress: '5 Nile Corniche, Maadi',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 2,
    dropoffFloor: 3,
    workers: 4,
    moveDate: '2026-03-02',
    moveTime: '10:00',
    paymentMethod: 'cod',
    totalPrice: 2400,
  };

  it('accepts a full order and normalises the phone', () => {
    expect(dataOf(schema.safeParse(valid))).toEqual({ ...valid, phoneNumber: '01012345678' });
  });

  it('drops fields the client may not set (status, owner, payment status)', () => {
    const data = dataOf(
      schema.safeParse({
        ...valid,
        status: 'delivered',
        userId: 'someone-else',
        paymentStatus: 'paid',
        orderNumber: 'AF-20260302-100',
      }),
    );
    expect(data).not.toHaveProperty('status');
    expect(data).not.toHaveProperty('userId');
    expect(data).not.toHaveProperty('paymentStatus');
    expect(data).not.toHaveProperty('orderNumber');
  });

  it.each<[unknown, number]>([
    ['2,400', 2400],
    ['٢٬٤٠٠', 2400],
    ['abc', 0], // spec: non-numeric becomes 0 (and then fails the server's price check)
    [0, 0],
  ])('totalPrice %j → %d', (totalPrice, expected) => {
    expect(dataOf(schema.safeParse({ ...valid, totalPrice })).totalPrice).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['past date', { ...valid, moveDate: '2026-03-01' }, [['moveDate', M.datePast]]],
    ['workers 0', { ...valid, workers: 0 }, [['workers', M.workersRange]]],
    ['workers 7', { ...valid, workers: '7' }, [['workers', M.workersRange]]],
    [
      'cash spelled out',
      { ...valid, paymentMethod: 'cash' },
      [['paymentMethod', M.paymentMethodRequired]],
    ],
    [
      'no payment method',
      { ...valid, paymentMethod: undefined },
      [['paymentMethod', M.paymentMethodRequired]],
    ],
    ['negative price', { ...valid, totalPrice: -1 }, [['totalPrice', M.priceInvalid]]],
    ['price missing', { ...valid, totalPrice: undefined }, [['totalPrice', M.priceInvalid]]],
    [
      'district of another governorate',
      { ...valid, governorateId: 'giza' },
      [['districtId', M.locationRequired]],
    ],
    [
      'unknown governorate',
      { ...valid, governorateId: 'atlantis' },
      [['governorateId', M.locationRequired]],
    ],
    [
      'customer data missing',
      { ...valid, fullName: '', phoneNumber: ' ' },
      [
        ['fullName', M.customerInfoRequired],
        ['phoneNumber', M.customerInfoRequired],
      ],
    ],
    ['floor over 20', { ...valid, pickupFloor: 40 }, [['pickupFloor', M.floorRange]]],
  ])('rejects: %s', (_label, input, expected) => {
    expect(issuesOf(schema.safeParse(input))).toEqual(expected);
  });

  it.each<[MoveType, number, number, number, number]>([
    // base + 80 × floors + 250 × (the order's workers − 1)
    ['full', 0, 0, 3, 2000],
    ['full', 0, 0, 1, 1500],
    ['partial', 0, 0, 2, 1250],
    ['office', 2, 2, 5, 2520], // 1200 + 320 + 1000
    ['packaging', 1, 0, 3, 1080], // 500 + 80 + 500
    ['loading', 3, 1, 3, 1420], // 600 + 320 + 500
    ['full', 20, 20, 6, 5950], // 1500 + 3200 + 1250
    ['partial', 1, 2, 2, 1490], // 1000 + 240 + 250
  ])(
    'expectedOrderTotal(%s, %d+%d floors, %d workers) = %d',
    (moveType, pickupFloor, dropoffFloor, workers, total) => {
      expect(expectedOrderTotal({ moveType, pickupFloor, dropoffFloor, workers })).toBe(total);
    },
  );

  it('prices the workers the order asks for, not the recommended team', () => {
    // A full move with 5 floors: we recommend 4, the customer asked for 6.
    const move = {
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 3,
      dropoffFloor: 2,
    } as const;
    expect(recommendedTeamSize(FIRST_CATALOG, move)).toBe(4);
    expect(expectedOrderTotal({ ...move, workers: 6 })).toBe(1500 + 400 + 5 * 250);
    expect(expectedOrderTotal({ ...move, workers: 6 })).not.toBe(
      expectedOrderTotal({ ...move, workers: 4 }),
    );
    // And the schema keeps the 6, so the stored team and the price agree.
    const order = dataOf(schema.safeParse({ ...valid, ...move, workers: '٦', totalPrice: 3150 }));
    expect(order.workers).toBe(6);
    expect(expectedOrderTotal(order)).toBe(order.totalPrice);
  });

  it('the estimator (/move-type) and the order agree on every choice', () => {
    let checked = 0;
    for (const moveType of MOVE_TYPES)
      for (const housing of HOUSING_TYPES)
        for (let pickupFloor = FLOOR_MIN; pickupFloor <= FLOOR_MAX; pickupFloor += 1)
          for (let dropoffFloor = FLOOR_MIN; dropoffFloor <= FLOOR_MAX; dropoffFloor += 5)
            for (let workers = WORKERS_MIN; workers <= WORKERS_MAX; workers += 1) {
              const estimate = estimatePrice(FIRST_CATALOG, {
                moveType,
                pickupFloor,
                dropoffFloor,
                workers,
              });
              const order = { moveType, housing, pickupFloor, dropoffFloor, workers };
              if (expectedOrderTotal(order) !== estimate.total) {
                expect({ ...order, total: expectedOrderTotal(order) }).toEqual({
                  ...order,
                  total: estimate.total,
                });
              }
              checked += 1;
            }
    expect(checked).toBeGreaterThan(1000);
  });

  it('the sample order above is priced with its own 4 workers', () => {
    // full (1500) + 5 floors (400) + 3 workers after the first (750).
    expect(expectedOrderTotal(dataOf(schema.safeParse(valid)))).toBe(2650);
  });

  it.each<[string, Issue[]]>([
    ['2026-08-29', []],
    ['2026-08-30', [['moveDate', M.dateTooFar]]],
    ['9999-12-31', [['moveDate', M.dateTooFar]]],
  ])('move date %s (today in Cairo is 2 March 2026) → %j', (moveDate, expected) => {
    expect(issuesOf(schema.safeParse({ ...valid, moveDate }))).toEqual(expected);
  });
});

describe('payment required fields (spec 5)', () => {
  it('lists the fields the payment screen checks', () => {
    expect(PAYMENT_REQUIRED_FIELDS).toEqual([
      'moveType',
      'fullName',
      'phoneNumber',
      'pickupAddress',
      'dropoffAddress',
    ]);
  });

  const complete = {
    moveType: 'full',
    fullName: 'Ali',
    phoneNumber: '01012345678',
    pickupAddress: 'Dokki',
    dropoffAddress: 'Maadi',
  };

  it.each<[Record<string, unknown> | null | undefined, string[]]>([
    [complete, []],
    [{ ...complete, fullName: '  ' }, ['fullName']],
    [{ ...complete, moveType: undefined, dropoffAddress: '' }, ['moveType', 'dropoffAddress']],
    [{}, ['moveType', 'fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress']],
    [null, ['moveType', 'fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress']],
    [undefined, ['moveType', 'fullName', 'phoneNumber', 'pickupAddress', 'dropoffAddress']],
  ])('missingPaymentFields(%j) → %j', (state, expected) => {
    expect(missingPaymentFields(state)).toEqual(expected);
  });
});
