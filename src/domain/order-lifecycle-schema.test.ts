import { describe, expect, it } from 'vitest';
import { fieldsOfIssues } from './errors';
import { orderGoBackSchema, orderRescheduleSchema } from './order-lifecycle-schema';

const INVALID = 'validation:common.invalid';

function refusal(schema: typeof orderGoBackSchema | typeof orderRescheduleSchema, body: unknown) {
  const parsed = schema.safeParse(body);
  expect(parsed.success).toBe(false);
  return parsed.success ? {} : fieldsOfIssues(parsed.error.issues);
}

describe('orderGoBackSchema (D17)', () => {
  it('takes an action and its reason, trimmed, line breaks kept', () => {
    expect(
      orderGoBackSchema.parse({ action: 'uncancel', reason: '  Called back\nby phone ' }),
    ).toEqual({ action: 'uncancel', reason: 'Called back\nby phone' });
    expect(orderGoBackSchema.parse({ action: 'reopen', reason: 'عاد الفريق' }).action).toBe(
      'reopen',
    );
  });

  it.each([
    ['no reason', { action: 'uncancel' }, { reason: 'validation:lifecycle.reasonRequired' }],
    [
      'a blank reason',
      { action: 'uncancel', reason: '   ' },
      { reason: 'validation:lifecycle.reasonRequired' },
    ],
    [
      'a reason too short',
      { action: 'uncancel', reason: 'ok' },
      { reason: 'validation:lifecycle.reasonLength' },
    ],
    [
      'a reason too long',
      { action: 'reopen', reason: 'x'.repeat(501) },
      { reason: 'validation:lifecycle.reasonLength' },
    ],
    ['an unknown action', { action: 'undeliver', reason: 'Mistake' }, { action: INVALID }],
    [
      'an unknown field',
      { action: 'reopen', reason: 'Mistake', status: 'received' },
      { _: INVALID },
    ],
  ])('refuses %s', (_name, body, fields) => {
    expect(refusal(orderGoBackSchema, body)).toEqual(fields);
  });
});

describe('orderRescheduleSchema (D17)', () => {
  it('takes a date and a window id, and an optional reason', () => {
    expect(orderRescheduleSchema.parse({ moveDate: '2026-06-18', windowId: 'midday' })).toEqual({
      moveDate: '2026-06-18',
      windowId: 'midday',
    });
    expect(
      orderRescheduleSchema.parse({ moveDate: '2026-06-18', windowId: 'midday', reason: 'Call' }),
    ).toMatchObject({ reason: 'Call' });
  });

  it.each([
    ['no date', { windowId: 'midday' }, { moveDate: 'validation:date.invalid' }],
    [
      'a date that does not exist',
      { moveDate: '2026-02-30', windowId: 'midday' },
      { moveDate: 'validation:date.invalid' },
    ],
    ['no window', { moveDate: '2026-06-18' }, { windowId: 'validation:time.noWindow' }],
    [
      'an empty window',
      { moveDate: '2026-06-18', windowId: ' ' },
      { windowId: 'validation:time.noWindow' },
    ],
    ['a price', { moveDate: '2026-06-18', windowId: 'midday', totalPrice: 1 }, { _: INVALID }],
  ])('refuses %s', (_name, body, fields) => {
    expect(refusal(orderRescheduleSchema, body)).toEqual(fields);
  });
});
