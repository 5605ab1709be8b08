// An admin's change on the hosted build, the functions' half, in-process: updateOrder (D5) and
// moderateReview (D14) parse the change with the domain's schemas, the ones the server's PATCH
// /api/orders/:id and PATCH /api/reviews/:id parse it with, so both backends refuse the same
// changes with the same keys.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// This file never calls the SDK, but it reaches the adapter (testing-hosted.ts): the SDK is the
// fake one, as in every unit file (the unit project's setup, testing-sdk-fakes.ts).

import { routeFunctions, TEST_SETTINGS } from '../../../functions/src/testing/in-process';
import type { Order } from '../../domain/order';
import { orderAdminUpdateSchema } from '../../domain/order-update-schema';
import { reviewModerationSchema } from '../../domain/review-schema';
import { backend, type Identity } from './testing-fake-firestore';
import { HOSTED_ORDER_PHONE, hostedOrderInput, seedRoomyCapacity } from './testing-hosted';

const NOW = Date.parse('2026-03-10T08:00:00.000Z');
const INVALID = 'validation:common.invalid';

const ADMIN: Identity = { uid: 'admin-uid', admin: true, anonymous: false, email: 'a@afsh.test' };
const CUSTOMER: Identity = {
  uid: 'customer-uid',
  admin: false,
  anonymous: false,
  phone: HOSTED_ORDER_PHONE,
};

async function call(name: string, data: unknown, auth: Identity) {
  return backend.functions!({ name, data, auth, appCheckToken: `app-check-of-${auth.uid}` });
}

async function place(): Promise<Order> {
  const outcome = await call('placeOrder', hostedOrderInput(), CUSTOMER);
  if (!outcome.ok) throw new Error(`placeOrder refused: ${outcome.code} ${outcome.message}`);
  return outcome.data as Order;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  backend.reset();
  backend.seed(`admins/${ADMIN.uid}`, { email: ADMIN.email });
  seedRoomyCapacity(backend);
  routeFunctions(backend, TEST_SETTINGS);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('updateOrder: the domain schema decides what a change may be', () => {
  it('applies a status and a payment status', async () => {
    const order = await place();
    const outcome = await call(
      'updateOrder',
      { id: order.id, update: { status: 'under_review', paymentStatus: 'pending' } },
      ADMIN,
    );
    expect(outcome).toMatchObject({
      ok: true,
      data: { status: 'under_review', paymentStatus: 'pending' },
    });
  });

  it.each([
    ['no change', undefined, { status: INVALID }],
    ['an empty change', {}, { status: INVALID }],
    ['an unknown status', { status: 'lost' }, { status: INVALID }],
    ['an unknown payment status', { paymentStatus: 'chargeback' }, { paymentStatus: INVALID }],
    ['a status of the wrong type', { status: 3 }, { status: INVALID }],
    ['an unknown field', { status: 'delivered', totalPrice: 1 }, { _: INVALID }],
    ['an array', [{ status: 'delivered' }], { _: INVALID }],
  ])('refuses %s as the schema does, and changes nothing', async (_name, update, fields) => {
    const order = await place();
    const before = backend.read(`orders/${order.id}`);
    const outcome = await call('updateOrder', { id: order.id, update }, ADMIN);
    expect(outcome).toMatchObject({
      ok: false,
      code: 'invalid-argument',
      message: INVALID,
      details: { fields },
    });
    expect(orderAdminUpdateSchema.safeParse(update ?? {}).success).toBe(false);
    expect(backend.read(`orders/${order.id}`)).toEqual(before);
  });
});

describe('moderateReview: the domain schema decides what a decision may be', () => {
  it.each([
    ['no decision', undefined],
    ['a string', 'true'],
    ['null', null],
  ])('refuses %s, naming the field', async (_name, hidden) => {
    expect(await call('moderateReview', { id: 'review-1', hidden }, ADMIN)).toMatchObject({
      ok: false,
      code: 'invalid-argument',
      message: INVALID,
      details: { fields: { hidden: INVALID } },
    });
    expect(reviewModerationSchema.safeParse({ hidden }).success).toBe(false);
  });

  it('a decision on a review that does not exist is not-found', async () => {
    expect(await call('moderateReview', { id: 'review-1', hidden: false }, ADMIN)).toMatchObject({
      ok: false,
      code: 'not-found',
    });
  });
});
