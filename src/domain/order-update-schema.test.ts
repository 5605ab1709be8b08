import { describe, expect, it } from 'vitest';
import { fieldsOfIssues } from './errors';
import { orderAdminUpdateSchema } from './order-update-schema';

const INVALID = 'validation:common.invalid';

function refusal(body: unknown) {
  const parsed = orderAdminUpdateSchema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? {} : fieldsOfIssues(parsed.error.issues);
}

describe('orderAdminUpdateSchema', () => {
  it('takes a status, a payment status or both', () => {
    expect(orderAdminUpdateSchema.parse({ status: 'delivered' })).toEqual({ status: 'delivered' });
    expect(orderAdminUpdateSchema.parse({ paymentStatus: 'paid' })).toEqual({
      paymentStatus: 'paid',
    });
    expect(
      orderAdminUpdateSchema.parse({ status: 'cancelled', paymentStatus: 'refunded' }),
    ).toEqual({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it.each([
    ['an empty change', {}, { status: INVALID }],
    ['an unknown status', { status: 'lost' }, { status: INVALID }],
    ['an unknown payment status', { paymentStatus: 'chargeback' }, { paymentStatus: INVALID }],
    ['a status of the wrong type', { status: 3 }, { status: INVALID }],
    ['an unknown field', { status: 'delivered', totalPrice: 1 }, { _: INVALID }],
    ['an array', [{ status: 'delivered' }], { _: INVALID }],
    ['null', null, { _: INVALID }],
  ])('refuses %s with the translated key', (_name, body, fields) => {
    expect(refusal(body)).toEqual(fields);
  });
});
