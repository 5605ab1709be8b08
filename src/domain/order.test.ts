import { describe, expect, it } from 'vitest';
import { cairoToday } from './datetime';
import {
  checkCanRead,
  checkCustomerCancel,
  checkOwner,
  checkNewOrder,
  checkPaymentToken,
  initialStatusHistory,
  isTestPaymentToken,
  newOrderFields,
  newOrderPayment,
  toPublicTracking,
  moveWindowFromStored,
  moveWindowOf,
} from './order';
import type { Order } from './order';
import { FIRST_CAPACITY_PLAN } from './capacity';
import { catalogFromRates, FIRST_CATALOG, FIRST_CATALOG_RATES } from './pricing';
import { createOrderInputSchema, expectedOrderTotal } from './booking-schemas';
import { ORDER_STATUSES } from './status';
import { violation } from '../testing/rule-violations';

const NOW = new Date('2026-05-20T09:00:00Z');
const schema = {
  catalog: FIRST_CATALOG,
  plan: FIRST_CAPACITY_PLAN,
  schema: createOrderInputSchema(NOW),
};
/** Version 2: a full move costs 300 more, everything else as in version 1. */
const V2 = catalogFromRates(
  { ...FIRST_CATALOG_RATES, base: { ...FIRST_CATALOG_RATES.base, full: 1800 } },
  2,
  '2026-05-20T08:00:00.000Z',
);

function body(patch: Record<string, unknown> = {}): Record<string, unknown> {
  const values = {
    fullName: 'منى حسن',
    phoneNumber: '+20 ١٠١ ٢٣٤ ٥٦٧٨',
    pickupAddress: '12 شارع التحرير، الدقي',
    dropoffAddress: '5 شارع 9، المعادي',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'full' as const,
    housing: 'apartment' as const,
    pickupFloor: 2,
    dropoffFloor: 1,
    workers: 4,
    moveDate: cairoToday(new Date(NOW.getTime() + 3 * 86_400_000)),
    moveTime: '10:00',
    paymentMethod: 'cod' as const,
    ...patch,
  };
  return { totalPrice: expectedOrderTotal(values), ...values };
}

describe('checkNewOrder', () => {
  it('accepts a valid cash order, normalised, with no payment token', () => {
    const checked = checkNewOrder(body(), schema);
    expect(checked.input.phoneNumber).toBe('01012345678');
    expect(checked.input.totalPrice).toBe(1500 + 80 * 3 + 250 * 3);
    expect(checked.paymentToken).toBeUndefined();
  });

  it.each(['cardNumber', 'cvv', 'cvc', 'pan', 'expiry'])(
    'refuses a body carrying card data (%s), naming the field (D3)',
    (key) => {
      const refused = violation(() => checkNewOrder(body({ [key]: '4242424242424242' }), schema));
      expect(refused.code).toBe('invalid-argument');
      expect(refused.fields).toEqual({ [key]: 'validation:common.invalid' });
    },
  );

  it('reports the schema problems per field', () => {
    const refused = violation(() =>
      checkNewOrder(body({ fullName: '\u200B\u200B', moveDate: '9999-12-31' }), schema),
    );
    expect(refused.code).toBe('invalid-argument');
    expect(refused.fields).toMatchObject({
      fullName: 'validation:customerInfo.required',
      moveDate: 'validation:date.tooFar',
    });
  });

  it('refuses a total other than the catalog gives for the chosen workers (D2, D4)', () => {
    const recommendedTeamTotal = expectedOrderTotal({ ...body(), workers: 3 } as never);
    const refused = violation(() =>
      checkNewOrder(body({ totalPrice: recommendedTeamTotal }), schema),
    );
    expect(refused).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:order.priceMismatch',
      fields: { totalPrice: 'validation:order.priceMismatch' },
    });
  });

  it('asks a card order for its payment token (the test provider), and passes it on', () => {
    const refused = violation(() =>
      checkPaymentToken(checkNewOrder(body({ paymentMethod: 'card' }), schema)),
    );
    expect(refused.fields).toEqual({ paymentToken: 'validation:payment.declined' });
    // The test provider takes no wallet (D3).
    const wallet = violation(() =>
      checkPaymentToken(checkNewOrder(body({ paymentMethod: 'wallet' }), schema)),
    );
    expect(wallet.fields).toEqual({ paymentMethod: 'errors:payment.walletUnavailable' });
    const token = 'test_ok_AbCdEf123456';
    expect(
      checkNewOrder(body({ paymentMethod: 'card', paymentToken: token }), schema),
    ).toMatchObject({ paymentToken: token });
    // A cash order's stray token is not passed on as if it meant something.
    expect(checkNewOrder(body({ paymentToken: token }), schema).paymentToken).toBeUndefined();
  });
});

describe('prices as data (D11)', () => {
  it('a move to another governorate pays the distance beyond the included kilometres', () => {
    const route = { dropoffGovernorateId: 'alexandria', dropoffDistrictId: 'smouha' };
    const checked = checkNewOrder(body(route), schema);
    expect(checked.price.distanceKm).toBeGreaterThan(200);
    expect(checked.price.distanceFee).toBe((checked.price.distanceKm - 25) * 10);
    expect(checked.input.totalPrice).toBe(1500 + 80 * 3 + 250 * 3 + checked.price.distanceFee);
    // The same move priced as if it stayed in Maadi is a tampered total.
    const cheap = expectedOrderTotal({
      ...body(),
      moveType: 'full',
      pickupFloor: 2,
      dropoffFloor: 1,
      workers: 4,
    });
    expect(
      violation(() => checkNewOrder({ ...body(route), totalPrice: cheap }, schema)).message,
    ).toBe('validation:order.priceMismatch');
  });

  it('a drop-off area needs both its ids, and real ones', () => {
    expect(
      violation(() => checkNewOrder(body({ dropoffGovernorateId: 'giza' }), schema)).fields,
    ).toEqual({
      dropoffDistrictId: 'validation:location.required',
    });
    expect(
      violation(() =>
        checkNewOrder(body({ dropoffGovernorateId: 'giza', dropoffDistrictId: 'maadi' }), schema),
      ).fields,
    ).toEqual({ dropoffDistrictId: 'validation:location.required' });
  });

  it('a customer who saw an older version is told the new total, never charged it silently', () => {
    const seen = body({ catalogVersion: 1 });
    const refused = violation(() => checkNewOrder(seen, { ...schema, catalog: V2 }));
    expect(refused).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:order.pricesChanged',
      details: { totalPrice: (seen.totalPrice as number) + 300, catalogVersion: 2 },
    });
    // Accepting the new total (with the new version) goes through, priced by version 2.
    const accepted = checkNewOrder(
      { ...seen, catalogVersion: 2, totalPrice: (seen.totalPrice as number) + 300 },
      { ...schema, catalog: V2 },
    );
    expect(accepted.price.catalogVersion).toBe(2);
  });

  it('an older version whose total did not change is simply priced with the new one', () => {
    const partial = body({ moveType: 'partial', catalogVersion: 1 });
    partial.totalPrice = expectedOrderTotal(partial as never);
    expect(checkNewOrder(partial, { ...schema, catalog: V2 }).price.catalogVersion).toBe(2);
  });

  it('a wrong total for the version the customer saw is tampering, not a price change', () => {
    const refused = violation(() =>
      checkNewOrder(body({ catalogVersion: 2, totalPrice: 100 }), { ...schema, catalog: V2 }),
    );
    expect(refused.code).toBe('invalid-argument');
    expect(refused.message).toBe('validation:order.priceMismatch');
  });
});

describe('crew windows (D12)', () => {
  it('an order holds the window it names, or the one its time falls in', () => {
    expect(checkNewOrder(body({ moveTime: '12:00', windowId: 'midday' }), schema).window).toEqual({
      id: 'midday',
      start: '12:00',
      end: '16:00',
    });
    expect(checkNewOrder(body({ moveTime: '17:15' }), schema).window.id).toBe('evening');
  });

  it('a time outside every window, or a window that does not exist, is refused', () => {
    for (const patch of [{ moveTime: '22:00' }, { moveTime: '09:00', windowId: 'night' }]) {
      expect(violation(() => checkNewOrder(body(patch), schema))).toMatchObject({
        code: 'invalid-argument',
        fields: { moveTime: 'validation:time.noWindow' },
      });
    }
  });
});

describe('a new order', () => {
  it('is paid by its card provider, or waits for cash (D3)', () => {
    expect(newOrderPayment('card')).toEqual({ paymentStatus: 'paid', paymentProvider: 'test' });
    expect(newOrderPayment('cod')).toEqual({ paymentStatus: 'pending', paymentProvider: 'cash' });
    // On a gateway's page, paid only when its callback says so.
    expect(newOrderPayment('wallet', 'paymob')).toEqual({
      paymentStatus: 'pending',
      paymentProvider: 'paymob',
    });
  });

  it('starts received, set by the system, with the stored fields of its input', () => {
    const checked = checkNewOrder(body({ notes: undefined }), schema);
    const at = NOW.toISOString();
    const fields = newOrderFields(checked, 'user-1', newOrderPayment('cod'), at);
    expect(fields).toMatchObject({
      userId: 'user-1',
      status: 'received',
      statusHistory: initialStatusHistory(at),
      notes: '',
      workers: 4,
      totalPrice: checked.input.totalPrice,
      currency: 'EGP',
      catalogVersion: 1,
      distanceKm: 0,
      distanceFee: 0,
      // Inside one district: the drop-off area is the pickup's.
      governorateId: 'cairo',
      districtId: 'maadi',
      dropoffGovernorateId: 'cairo',
      dropoffDistrictId: 'maadi',
      moveTime: '10:00',
      timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
      createdAt: at,
    });
    expect(initialStatusHistory(at)).toEqual([{ status: 'received', actor: 'system', at }]);
  });
});

const ORDER = { userId: 'owner', status: 'received' } as const;

describe('checkCustomerCancel', () => {
  it('lets the owner cancel while the order is received or under review', () => {
    expect(() => checkCustomerCancel(ORDER, 'owner')).not.toThrow();
    expect(() => checkCustomerCancel({ ...ORDER, status: 'under_review' }, 'owner')).not.toThrow();
  });

  it.each(ORDER_STATUSES.filter((s) => s !== 'received' && s !== 'under_review'))(
    'refuses once the order is %s',
    (status) => {
      expect(violation(() => checkCustomerCancel({ ...ORDER, status }, 'owner'))).toMatchObject({
        code: 'failed-precondition',
        message: 'errors:orderNotCancellable',
      });
    },
  );

  it('refuses anyone else, and an order whose account is gone', () => {
    expect(violation(() => checkCustomerCancel(ORDER, 'someone')).code).toBe('permission-denied');
    expect(violation(() => checkCustomerCancel({ ...ORDER, userId: null }, 'owner')).code).toBe(
      'permission-denied',
    );
  });
});

describe('checkOwner', () => {
  it("lets only the order's customer act on it as its customer (cancel, pay)", () => {
    expect(() => checkOwner(ORDER, 'owner')).not.toThrow();
    expect(violation(() => checkOwner(ORDER, 'someone'))).toMatchObject({
      code: 'permission-denied',
      message: 'errors:permissionDenied',
    });
    expect(violation(() => checkOwner({ userId: null }, 'owner')).code).toBe('permission-denied');
  });
});

describe('checkCanRead', () => {
  it('lets the owner and admins read a full order, nobody else (D2)', () => {
    expect(() => checkCanRead(ORDER, { id: 'owner', isAdmin: false })).not.toThrow();
    expect(() => checkCanRead(ORDER, { id: 'boss', isAdmin: true })).not.toThrow();
    expect(violation(() => checkCanRead(ORDER, { id: 'x', isAdmin: false })).code).toBe(
      'permission-denied',
    );
    expect(violation(() => checkCanRead({ userId: null }, { id: 'x', isAdmin: false })).code).toBe(
      'permission-denied',
    );
  });
});

describe('toPublicTracking', () => {
  it('carries no personal data, no ids and no extra history fields (D2)', () => {
    const order = {
      id: 'secret-id',
      orderNumber: 'AF-20260520-123',
      userId: 'secret-user',
      fullName: 'Secret Name',
      phoneNumber: '01099999999',
      pickupAddress: 'Secret pickup',
      dropoffAddress: 'Secret drop-off',
      notes: 'Secret note',
      governorateId: 'giza',
      districtId: 'secret-district',
      dropoffGovernorateId: 'cairo',
      dropoffDistrictId: 'secret-district',
      moveType: 'office',
      totalPrice: 2000,
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      status: 'in_transit',
      statusHistory: [
        {
          status: 'received',
          actor: 'system',
          at: 'a',
          actorUserId: 'secret-admin',
          reason: 'Secret reason typed by the office',
        },
      ],
      moveDate: '2026-05-30',
      moveTime: '08:00',
      timeWindow: { id: 'secret-window-id', start: '08:00', end: '12:00' },
    } as unknown as Order;
    const view = toPublicTracking(order);
    expect(Object.keys(view).sort()).toEqual(
      [
        'crewName',
        'currency',
        'dropoffGovernorateId',
        'governorateId',
        'moveDate',
        'moveWindow',
        'moveType',
        'orderNumber',
        'paymentMethod',
        'paymentProvider',
        'paymentStatus',
        'status',
        'statusHistory',
        'totalPrice',
      ].sort(),
    );
    expect(JSON.stringify(view)).not.toMatch(/secret/i);
    // The booked window, without the plan's id for it (D19).
    expect(view.moveWindow).toEqual({ start: '08:00', end: '12:00' });
    expect(Object.keys(view.statusHistory[0]!).sort()).toEqual(['actor', 'at', 'status']);
    // No crew assigned: no name (D28).
    expect(view.crewName).toBeNull();
  });

  it('names the crew by the first name it is given, and keeps a crew tap’s id private (D28)', () => {
    const order = {
      orderNumber: 'AF-20260530-1',
      moveType: 'full',
      totalPrice: 2000,
      currency: 'EGP',
      paymentMethod: 'cod',
      paymentProvider: 'cash',
      paymentStatus: 'pending',
      status: 'on_the_way',
      statusHistory: [
        { status: 'received', actor: 'system', at: 'a' },
        { status: 'on_the_way', actor: 'crew', at: 'b', tap: 'tap-secret-0001' },
      ],
      governorateId: 'cairo',
      dropoffGovernorateId: 'cairo',
      moveDate: '2026-05-30',
      moveTime: '08:00',
      timeWindow: null,
      crewName: 'Ahmed',
    } as const;
    const view = toPublicTracking(order);
    expect(view.crewName).toBe('Ahmed');
    expect(view.statusHistory[1]).toEqual({ status: 'on_the_way', actor: 'crew', at: 'b' });
    expect(JSON.stringify(view)).not.toMatch(/secret/i);
  });

  it('the arrival window: the booked one, a time alone before windows, or a public copy’s', () => {
    expect(
      moveWindowOf({ timeWindow: { id: 'w1', start: '12:00', end: '16:00' }, moveTime: '12:00' }),
    ).toEqual({ start: '12:00', end: '16:00' });
    expect(moveWindowOf({ timeWindow: null, moveTime: '10:30' })).toEqual({
      start: '10:30',
      end: null,
    });
    expect(moveWindowOf({ timeWindow: null, moveTime: '' })).toBeNull();
    // A stored copy from before D19 has none; a broken one reads as none rather than failing.
    expect(moveWindowFromStored(undefined)).toBeNull();
    expect(moveWindowFromStored({ start: 8 })).toBeNull();
    expect(moveWindowFromStored({ start: '08:00', end: '12:00' })).toEqual({
      start: '08:00',
      end: '12:00',
    });
    expect(moveWindowFromStored({ start: '10:30' })).toEqual({ start: '10:30', end: null });
  });
});

describe('isTestPaymentToken', () => {
  it.each<[unknown, boolean]>([
    ['test_ok_AbCdEf123456', true],
    ['test_ok_short', false],
    ['live_ok_AbCdEf123456', false],
    ['test_ok_AbCd-f123456', false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (token, ok) => {
    expect(isTestPaymentToken(token)).toBe(ok);
  });
});
