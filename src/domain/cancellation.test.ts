import { describe, expect, it } from 'vitest';
import {
  cancellationPolicyFromStored,
  cancellationTerms,
  DEFAULT_CANCELLATION_POLICY,
  lateFeeOf,
  TERMS_BEFORE_POLICY,
  type OrderUnderPolicy,
} from './cancellation';
import { StoredDataError } from './stored';

// 10 March 2026: Cairo is UTC+2. The window starts at 08:00 Cairo, 06:00 UTC.
const policy = { freeHours: 24, lateFeePercent: 10, closedHours: 2 };
const order: OrderUnderPolicy & { cancellationPolicy: typeof policy } = {
  moveDate: '2026-03-10',
  moveTime: '09:00',
  timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
  totalPrice: 2150,
  paymentStatus: 'paid',
  cancellationPolicy: policy,
};
const at = (iso: string) => new Date(iso);

describe('cancellationTerms (D16)', () => {
  it('counts back from the window start in Cairo time', () => {
    const terms = cancellationTerms(order, at('2026-03-01T00:00:00Z'));
    expect(terms.startsAt).toBe('2026-03-10T06:00:00.000Z');
    expect(terms.freeUntil).toBe('2026-03-09T06:00:00.000Z');
    expect(terms.closesAt).toBe('2026-03-10T04:00:00.000Z');
    expect(terms.lateFee).toBe(215);
  });

  it('is free, then costs the fee from a paid order, then is closed', () => {
    expect(cancellationTerms(order, at('2026-03-09T05:59:59Z'))).toMatchObject({
      phase: 'free',
      fee: 0,
      refund: 2150,
    });
    expect(cancellationTerms(order, at('2026-03-09T06:00:00Z'))).toMatchObject({
      phase: 'fee',
      fee: 215,
      refund: 1935,
    });
    expect(cancellationTerms(order, at('2026-03-10T04:00:00Z'))).toMatchObject({
      phase: 'closed',
    });
  });

  it('keeps nothing from an order not paid, and gives nothing back', () => {
    const cash = { ...order, paymentStatus: 'pending' as const };
    expect(cancellationTerms(cash, at('2026-03-09T12:00:00Z'))).toMatchObject({
      phase: 'fee',
      lateFee: 215,
      fee: 0,
      refund: 0,
    });
  });

  it('reads summer time: a July window at 08:00 Cairo starts at 05:00 UTC', () => {
    const july = { ...order, moveDate: '2026-07-10' };
    expect(cancellationTerms(july, at('2026-07-01T00:00:00Z')).startsAt).toBe(
      '2026-07-10T05:00:00.000Z',
    );
  });

  it('uses the move time for an order booked before windows', () => {
    const old = { ...order, timeWindow: null };
    expect(cancellationTerms(old, at('2026-03-01T00:00:00Z')).startsAt).toBe(
      '2026-03-10T07:00:00.000Z',
    );
  });

  it('gives an order from before the policy what it was told: free until the window starts', () => {
    const old = { ...order, cancellationPolicy: TERMS_BEFORE_POLICY };
    expect(cancellationTerms(old, at('2026-03-10T05:59:00Z'))).toMatchObject({
      phase: 'free',
      fee: 0,
      refund: 2150,
      freeUntil: '2026-03-10T06:00:00.000Z',
    });
    expect(cancellationTerms(old, at('2026-03-10T06:00:00Z')).phase).toBe('closed');
  });

  it('has no fee period when the fee is 0 or the free period ends after the cut-off', () => {
    const noFee = {
      ...order,
      cancellationPolicy: { ...order.cancellationPolicy, lateFeePercent: 0 },
    };
    expect(cancellationTerms(noFee, at('2026-03-10T01:00:00Z'))).toMatchObject({
      phase: 'free',
      freeUntil: '2026-03-10T04:00:00.000Z',
    });
    const short = {
      ...order,
      cancellationPolicy: { freeHours: 1, lateFeePercent: 50, closedHours: 6 },
    };
    const terms = cancellationTerms(short, at('2026-03-09T23:00:00Z'));
    expect(terms.phase).toBe('free');
    expect(terms.freeUntil).toBe(terms.closesAt);
  });

  it('rounds the fee to whole pounds and never past the total', () => {
    expect(lateFeeOf(1999, { freeHours: 24, lateFeePercent: 15, closedHours: 0 })).toBe(300);
    expect(lateFeeOf(1000, { freeHours: 24, lateFeePercent: 250, closedHours: 0 })).toBe(1000);
  });
});

describe('cancellationPolicyFromStored', () => {
  it('fills what an older version did not store from the fallback', () => {
    expect(cancellationPolicyFromStored(undefined, DEFAULT_CANCELLATION_POLICY)).toEqual(
      DEFAULT_CANCELLATION_POLICY,
    );
    expect(cancellationPolicyFromStored(null, TERMS_BEFORE_POLICY)).toEqual(TERMS_BEFORE_POLICY);
    expect(cancellationPolicyFromStored({ freeHours: 48 }, DEFAULT_CANCELLATION_POLICY)).toEqual({
      ...DEFAULT_CANCELLATION_POLICY,
      freeHours: 48,
    });
  });

  it('refuses broken data', () => {
    expect(() => cancellationPolicyFromStored({ freeHours: '24' }, TERMS_BEFORE_POLICY)).toThrow(
      StoredDataError,
    );
    expect(() => cancellationPolicyFromStored('free', TERMS_BEFORE_POLICY)).toThrow(
      StoredDataError,
    );
  });
});

describe('an order that carries no policy', () => {
  it('was booked before it: the terms before the policy', () => {
    const { cancellationPolicy: _, ...old } = order;
    expect(cancellationTerms(old, at('2026-03-10T05:00:00Z'))).toEqual(
      cancellationTerms(
        { ...old, cancellationPolicy: TERMS_BEFORE_POLICY },
        at('2026-03-10T05:00:00Z'),
      ),
    );
  });
});
