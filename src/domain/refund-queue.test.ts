import { describe, expect, it } from 'vitest';
import { byRefundDue } from './refund-queue';

const due = (dueAt: string) => ({
  refund: { amount: 100, fee: 0, dueAt, refundedAt: null, how: null, manual: null },
});

describe('byRefundDue', () => {
  it('puts the refund due longest first', () => {
    const later = due('2026-12-02T10:00:00.000Z');
    const earlier = due('2026-11-30T08:00:00.000Z');
    const middle = due('2026-12-01T23:59:59.000Z');
    expect([later, earlier, middle].sort(byRefundDue)).toEqual([earlier, middle, later]);
  });
});
