import { describe, expect, it } from 'vitest';
import { cairoToday } from './datetime';
import { RuleViolation } from './errors';
import {
  checkCanRead,
  checkCustomerCancel,
  checkNewOrder,
  checkPaymentToken,
  initialStatusHistory,
  isTestPaymentToken,
  newOrderFields,
  newOrderPayment,
  toPublicTracking,
} from './order';
import type { Order } from './order';
import { createOrderInputSchema, expectedOrderTotal } from './schemas';
import { ORDER_STATUSES } from './status';

const NOW = new Date('2026-05-20T09:00:00Z');
const schema = createOrderInputSchema(NOW);

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

/** The violation `check` throws, or fails the test when it throws nothing (or something else). */
function violation(check: () => unknown): RuleViolation {
  try {
    check();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a RuleViolation');
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
    const { input } = checkNewOrder(body({ notes: undefined }), schema);
    const at = NOW.toISOString();
    const fields = newOrderFields(input, 'user-1', newOrderPayment('cod'), at);
    expect(fields).toMatchObject({
      userId: 'user-1',
      status: 'received',
      statusHistory: initialStatusHistory(at),
      notes: '',
      workers: 4,
      totalPrice: input.totalPrice,
      currency: 'EGP',
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
      moveType: 'office',
      totalPrice: 2000,
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      status: 'in_transit',
      statusHistory: [
        { status: 'received', actor: 'system', at: 'a', actorUserId: 'secret-admin' },
      ],
      moveDate: '2026-05-30',
    } as unknown as Order;
    const view = toPublicTracking(order);
    expect(Object.keys(view).sort()).toEqual(
      [
        'currency',
        'moveDate',
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
