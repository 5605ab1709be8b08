import { describe, expect, it } from 'vitest';
import type { HostedPaymentProvider } from '../../server/src/payments/payment-provider.ts';
import {
  paymentOptionsOf,
  paymentRegistry,
  placementFor,
} from '../../server/src/payments/registry.ts';
import { testPaymentProvider } from '../../server/src/payments/test-provider.ts';
import { ORDER_MESSAGES } from '../../src/domain/order.ts';
import { paymentStartOf } from '../../src/domain/payments.ts';

// The providers on, by method and by name (D3).

function gateway(
  methods: HostedPaymentProvider['methods'],
  testMode = false,
): HostedPaymentProvider {
  return {
    kind: 'hosted',
    name: 'paymob',
    methods,
    testMode,
    start: () => Promise.reject(new Error('not here')),
    readCallback: () => ({ ok: false, reason: 'shape' }),
    reverse: () => Promise.resolve({ ok: false, detail: 'not here' }),
    inquire: () => Promise.resolve({ kind: 'failed', detail: 'not here' }),
  };
}

describe('paymentRegistry', () => {
  it('finds the gateway for a method and by the name in a callback path', () => {
    const cards = gateway(['card']);
    const wallets = gateway(['wallet']);
    const registry = paymentRegistry([cards, wallets]);
    expect(registry.forMethod('card')).toBe(cards);
    expect(registry.forMethod('wallet')).toBe(wallets);
    expect(registry.named('paymob')).toBe(cards);
    expect(registry.named('fawry')).toBeNull();
    expect(registry.token).toBeNull();
  });

  it('offers every method some provider on takes, and cash', () => {
    expect(
      paymentOptionsOf(paymentRegistry([gateway(['wallet']), gateway(['card'], true)])),
    ).toEqual({ provider: 'paymob', methods: ['card', 'wallet', 'cod'], testMode: true });
    expect(paymentOptionsOf(paymentRegistry([testPaymentProvider]))).toEqual({
      provider: 'test',
      methods: ['card', 'cod'],
      testMode: true,
    });
    expect(paymentOptionsOf(paymentRegistry([]))).toEqual({
      provider: 'none',
      methods: ['cod'],
      testMode: false,
    });
  });

  it('places an online order on its gateway, else with the test token, else refuses it', () => {
    const cards = gateway(['card']);
    expect(placementFor(paymentRegistry([cards]), 'card')).toEqual({
      kind: 'hosted',
      provider: cards,
    });
    expect(() => placementFor(paymentRegistry([cards]), 'wallet')).toThrow(
      ORDER_MESSAGES.walletUnavailable,
    );
    expect(placementFor(paymentRegistry([testPaymentProvider]), 'card')).toEqual({
      kind: 'token',
      provider: testPaymentProvider,
    });
    expect(() => placementFor(paymentRegistry([]), 'card')).toThrow(ORDER_MESSAGES.cardUnavailable);
  });
});

describe('paymentStartOf', () => {
  it('tells the customer where to go, or which code to pay', () => {
    expect(paymentStartOf('a1', { kind: 'redirect', url: 'https://pay.example/x' })).toEqual({
      attemptId: 'a1',
      kind: 'redirect',
      redirectUrl: 'https://pay.example/x',
    });
    expect(
      paymentStartOf('a1', { kind: 'reference', code: '9123', expiresAt: '2026-01-02T00:00:00Z' }),
    ).toEqual({
      attemptId: 'a1',
      kind: 'reference',
      code: '9123',
      expiresAt: '2026-01-02T00:00:00Z',
    });
  });
});
