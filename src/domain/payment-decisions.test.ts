import { describe, expect, it } from 'vitest';
import { RuleViolation } from './errors';
import { ORDER_MESSAGES } from './order';
import {
  applyPaymentChange,
  checkReversible,
  decideReversal,
  decideStart,
  decideStartAnswer,
  decideSwitchToCash,
  decideTransaction,
  type PaymentOrder,
  type ProviderTransaction,
  paymentOptionsFrom,
  paymentPlacement,
  type ProvidersOn,
} from './payment-decisions';
import { PAYMENT_ATTEMPTS_MAX, PAYMENT_MESSAGES, type PaymentAttempt } from './payments';

// Payments decided once (D3): the server, the functions and the memory adapter all store what
// these functions return.

const NOW = new Date('2026-01-01T10:00:00.000Z');
const PAYMOB = { name: 'paymob' as const, methods: ['card', 'wallet'] as const };

const order: PaymentOrder = {
  id: 'o1',
  totalPrice: 1500,
  paymentMethod: 'card',
  paymentStatus: 'pending',
  paymentProvider: 'paymob',
  status: 'received',
  paymentReference: null,
};

const attempt: PaymentAttempt = {
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
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: null,
};

function refusal(run: () => unknown): RuleViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('decideStart', () => {
  const start = (over: Partial<Parameters<typeof decideStart>[0]> = {}) =>
    decideStart({
      order,
      attempts: [],
      provider: PAYMOB,
      method: 'card',
      attemptId: 'a9',
      now: NOW,
      ...over,
    });

  it('opens an awaiting try for exactly the order total, under the next reference', () => {
    const change = start({ attempts: [{ reference: 'o1.1' }, { reference: 'o1.2' }] });
    expect(change.newAttempt).toEqual({
      id: 'a9',
      orderId: 'o1',
      provider: 'paymob',
      method: 'card',
      state: 'awaiting',
      amountCents: 150000,
      currency: 'EGP',
      reference: 'o1.3',
      providerOrderId: null,
      transactionId: null,
      detail: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      expiresAt: null,
    });
    expect(change.events).toEqual([
      {
        orderId: 'o1',
        attemptId: 'a9',
        kind: 'started',
        actor: 'customer',
        transactionId: null,
        amountCents: 150000,
        detail: 'card',
      },
    ]);
    expect(change).not.toHaveProperty('order');
  });

  it('refuses a method no gateway takes', () => {
    expect(refusal(() => start({ provider: null })).message).toBe(ORDER_MESSAGES.cardUnavailable);
    const cardOnly = { name: 'paymob' as const, methods: ['card'] as const };
    expect(refusal(() => start({ provider: cardOnly, method: 'wallet' })).message).toBe(
      ORDER_MESSAGES.walletUnavailable,
    );
  });

  it('refuses an order that is paid, cash, or cancelled', () => {
    for (const over of [
      { paymentStatus: 'paid' as const },
      { paymentMethod: 'cod' as const, paymentProvider: 'cash' as const },
      { status: 'cancelled' as const },
    ]) {
      expect(refusal(() => start({ order: { ...order, ...over } })).message).toBe(
        PAYMENT_MESSAGES.notPayable,
      );
    }
  });

  it('refuses a try beyond the maximum', () => {
    const attempts = Array.from({ length: PAYMENT_ATTEMPTS_MAX }, (_, i) => ({
      reference: `o1.${i + 1}`,
    }));
    const error = refusal(() => start({ attempts }));
    expect(error.code).toBe('rate-limited');
    expect(error.message).toBe(PAYMENT_MESSAGES.tooManyAttempts);
    expect(start({ attempts: attempts.slice(0, -1) }).newAttempt.reference).toBe(
      `o1.${PAYMENT_ATTEMPTS_MAX}`,
    );
  });
});

describe('decideStartAnswer', () => {
  it('keeps the provider order and expiry of a started try', () => {
    expect(decideStartAnswer(attempt, { ok: true, providerOrderId: '77', expiresAt: 'x' })).toEqual(
      { attempt: { id: 'a1', change: { providerOrderId: '77', expiresAt: 'x' } }, events: [] },
    );
  });

  it('fails a try the provider did not start, and records why', () => {
    const change = decideStartAnswer(attempt, { ok: false, detail: 'timeout' });
    expect(change.attempt).toEqual({ id: 'a1', change: { state: 'failed', detail: 'timeout' } });
    expect(change.events).toMatchObject([
      { kind: 'startFailed', actor: 'provider', detail: 'timeout' },
    ]);
    expect(change).not.toHaveProperty('order');
  });
});

describe('decideSwitchToCash', () => {
  it('makes the order cash on delivery, pending, without a paying transaction', () => {
    expect(decideSwitchToCash(order)).toEqual({
      order: {
        paymentStatus: 'pending',
        paymentMethod: 'cod',
        paymentProvider: 'cash',
        paymentReference: null,
      },
      events: [
        {
          orderId: 'o1',
          attemptId: null,
          kind: 'switchedToCash',
          actor: 'customer',
          transactionId: null,
          amountCents: null,
          detail: null,
        },
      ],
    });
  });

  it('refuses a paid or delivered order', () => {
    for (const over of [{ paymentStatus: 'paid' as const }, { status: 'delivered' as const }]) {
      expect(refusal(() => decideSwitchToCash({ ...order, ...over })).message).toBe(
        PAYMENT_MESSAGES.notPayable,
      );
    }
  });
});

describe('refunds and voids', () => {
  const paid = { ...attempt, state: 'paid' as const, transactionId: '9' };
  const paidOrder = { ...order, paymentStatus: 'paid' as const, paymentReference: '9' };

  it('reverses only a paid try with its transaction', () => {
    expect(() => checkReversible(paid)).not.toThrow();
    for (const a of [null, attempt, { ...paid, transactionId: null }]) {
      expect(refusal(() => checkReversible(a)).message).toBe(PAYMENT_MESSAGES.notReversible);
    }
  });

  it('refunds the try, and the order it paid', () => {
    const change = decideReversal({
      order: paidOrder,
      attempt: paid,
      kind: 'refund',
      answer: { ok: true, transactionId: '10' },
    });
    expect(change).toEqual({
      attempt: { id: 'a1', change: { state: 'refunded', detail: 'refund 10' } },
      events: [
        {
          orderId: 'o1',
          attemptId: 'a1',
          kind: 'refunded',
          actor: 'admin',
          transactionId: '9',
          amountCents: 150000,
          detail: '10',
        },
      ],
      order: { paymentStatus: 'refunded' },
    });
  });

  it('voids a try that did not pay the order without touching the order', () => {
    const change = decideReversal({
      order: { ...paidOrder, paymentReference: '8' },
      attempt: paid,
      kind: 'void',
      answer: { ok: true, transactionId: null },
    });
    expect(change.attempt).toEqual({ id: 'a1', change: { state: 'voided', detail: 'void' } });
    expect(change.events).toMatchObject([{ kind: 'voided', transactionId: '9', detail: null }]);
    expect(change).not.toHaveProperty('order');
  });

  it('records a refused reversal and changes nothing else', () => {
    const change = decideReversal({
      order: paidOrder,
      attempt: paid,
      kind: 'refund',
      answer: { ok: false, detail: 'too late' },
    });
    expect(change).toEqual({
      events: [
        {
          orderId: 'o1',
          attemptId: 'a1',
          kind: 'reverseFailed',
          actor: 'admin',
          transactionId: null,
          amountCents: null,
          detail: 'refund: too late',
        },
      ],
    });
  });
});

describe('decideTransaction', () => {
  const tx: ProviderTransaction = {
    transactionId: '9',
    providerOrderId: '77',
    reference: 'o1.1',
    amountCents: 150000,
    currency: 'EGP',
    success: true,
    pending: false,
    errorOccurred: false,
    refunded: false,
    voided: false,
    child: false,
    message: null,
  };
  type Context = Parameters<typeof decideTransaction>[1];
  const context = (over: Partial<Context> = {}): Context => ({
    attempt,
    order,
    recorded: () => false,
    ...over,
  });
  const event = (kind: string, detail: string | null = null) => ({
    orderId: 'o1',
    attemptId: 'a1',
    kind,
    actor: 'provider',
    transactionId: '9',
    amountCents: 150000,
    detail,
  });

  it('pays the order with a successful transaction of its try', () => {
    expect(decideTransaction(tx, context())).toEqual({
      kind: 'apply',
      outcome: 'paid',
      attemptState: 'paid',
      change: {
        order: {
          paymentStatus: 'paid',
          paymentMethod: 'card',
          paymentProvider: 'paymob',
          paymentReference: '9',
        },
        attempt: { id: 'a1', change: { state: 'paid', transactionId: '9', detail: null } },
        events: [event('paid')],
      },
    });
  });

  it('records a second payment of an order paid already, without touching the order', () => {
    const decision = decideTransaction(
      tx,
      context({ order: { ...order, paymentStatus: 'paid', paymentReference: '8' } }),
    );
    expect(decision).toMatchObject({
      kind: 'apply',
      attemptState: 'paid',
      change: { events: [event('paid', 'paid twice')] },
    });
    expect(decision.kind === 'apply' && decision.change).not.toHaveProperty('order');
  });

  it.each([
    ['another provider order', { ...tx, providerOrderId: '78' }, 'reference-mismatch'],
    ['a refund transaction', { ...tx, child: true }, 'child-transaction'],
  ] as const)('ignores %s', (_name, transaction, reason) => {
    expect(decideTransaction(transaction, context())).toEqual({ kind: 'ignore', reason });
  });

  it('ignores what it has recorded, and a try it does not know', () => {
    expect(decideTransaction(tx, context({ recorded: (kind) => kind === 'paid' }))).toEqual({
      kind: 'ignore',
      reason: 'duplicate',
    });
    expect(decideTransaction(tx, context({ attempt: null }))).toEqual({
      kind: 'ignore',
      reason: 'unknown-reference',
    });
    expect(decideTransaction(tx, context({ attempt: { ...attempt, orderId: 'o2' } }))).toEqual({
      kind: 'ignore',
      reason: 'unknown-reference',
    });
  });

  it('never pays a different amount or currency, even signed', () => {
    for (const wrong of [{ amountCents: 149900 }, { currency: 'USD' }]) {
      const decision = decideTransaction({ ...tx, ...wrong }, context());
      expect(decision).toMatchObject({
        kind: 'apply',
        outcome: 'mismatch',
        attemptState: 'mismatch',
      });
      expect(decision.kind === 'apply' && decision.change).not.toHaveProperty('order');
    }
    // Nor when the order's total changed since the try.
    expect(decideTransaction(tx, context({ order: { ...order, totalPrice: 1600 } }))).toMatchObject(
      { outcome: 'mismatch' },
    );
  });

  it('declines and pending never touch a paid try or the order', () => {
    const paid = { ...attempt, state: 'paid' as const, transactionId: '8' };
    const declined = decideTransaction(
      { ...tx, success: false, message: 'Insufficient funds' },
      context({ attempt: paid }),
    );
    expect(declined).toEqual({
      kind: 'apply',
      outcome: 'declined',
      change: { events: [event('declined', 'Insufficient funds')] },
    });
    const open = decideTransaction({ ...tx, success: false, pending: true }, context());
    expect(open).toMatchObject({
      outcome: 'pending',
      attemptState: 'pending',
      change: { attempt: { change: { state: 'pending' } } },
    });
    expect(open.kind === 'apply' && open.change).not.toHaveProperty('order');
    expect(
      decideTransaction({ ...tx, success: false }, context({ recorded: (k) => k === 'declined' })),
    ).toEqual({ kind: 'ignore', reason: 'duplicate' });
  });

  it('hears a refund made at the provider for the try that paid', () => {
    const paid = { ...attempt, state: 'paid' as const, transactionId: '9' };
    const paidOrder = { ...order, paymentStatus: 'paid' as const, paymentReference: '9' };
    expect(
      decideTransaction({ ...tx, refunded: true }, context({ attempt: paid, order: paidOrder })),
    ).toEqual({
      kind: 'apply',
      outcome: 'refunded',
      attemptState: 'refunded',
      change: {
        order: { paymentStatus: 'refunded' },
        attempt: { id: 'a1', change: { state: 'refunded', transactionId: '9', detail: null } },
        events: [event('refunded')],
      },
    });
    expect(
      decideTransaction({ ...tx, voided: true }, context({ attempt: paid, order: paidOrder })),
    ).toMatchObject({ outcome: 'voided', attemptState: 'voided' });
  });

  it('ignores a refund recorded already, or of a try that did not pay', () => {
    const paid = { ...attempt, state: 'paid' as const, transactionId: '9' };
    expect(
      decideTransaction(
        { ...tx, refunded: true },
        context({ attempt: paid, recorded: (k) => k === 'voided' }),
      ),
    ).toEqual({ kind: 'ignore', reason: 'duplicate' });
    expect(decideTransaction({ ...tx, refunded: true }, context())).toEqual({
      kind: 'ignore',
      reason: 'late',
    });
  });
});

describe('applyPaymentChange', () => {
  it('adds the new try, changes the named one, and appends the history', () => {
    let n = 0;
    const other = { ...attempt, id: 'a0' };
    const lists = applyPaymentChange(
      { attempts: [other, attempt], events: [] },
      {
        newAttempt: { ...attempt, id: 'a2' },
        attempt: { id: 'a1', change: { state: 'failed', detail: 'x', expiresAt: undefined } },
        events: [decideSwitchToCash(order).events[0]!],
      },
      'T',
      () => `e${++n}`,
    );
    expect(lists.attempts.map((a) => [a.id, a.state, a.updatedAt])).toEqual([
      ['a0', 'awaiting', attempt.updatedAt],
      ['a1', 'failed', 'T'],
      ['a2', 'awaiting', attempt.updatedAt],
    ]);
    expect(lists.attempts[1]).toHaveProperty('expiresAt', null);
    expect(lists.events).toMatchObject([{ id: 'e1', at: 'T', kind: 'switchedToCash' }]);
  });
});

describe('the providers on (D3)', () => {
  const paymob = (methods: ('card' | 'wallet')[], testMode = false) => ({
    name: 'paymob' as const,
    methods,
    testMode,
  });
  const none: ProvidersOn = { gateways: [], token: false };
  const token: ProvidersOn = { gateways: [], token: true };

  it('offers every method a gateway takes (in the domain order) and cash, else the test card', () => {
    expect(
      paymentOptionsFrom({ gateways: [paymob(['wallet']), paymob(['card'], true)], token: true }),
    ).toEqual({ provider: 'paymob', methods: ['card', 'wallet', 'cod'], testMode: true });
    expect(paymentOptionsFrom({ gateways: [paymob(['card'])], token: false })).toEqual({
      provider: 'paymob',
      methods: ['card', 'cod'],
      testMode: false,
    });
    expect(paymentOptionsFrom(token)).toEqual({
      provider: 'test',
      methods: ['card', 'cod'],
      testMode: true,
    });
    expect(paymentOptionsFrom(none)).toEqual({
      provider: 'none',
      methods: ['cod'],
      testMode: false,
    });
  });

  it('places a method on the first gateway that takes it, else on the token, else refuses it', () => {
    const both: ProvidersOn = { gateways: [paymob(['card']), paymob(['wallet'])], token: true };
    expect(paymentPlacement(both, 'wallet')).toEqual({ kind: 'hosted', gateway: 'paymob' });
    expect(paymentPlacement(token, 'card')).toEqual({ kind: 'token' });
    // A gateway on for other methods refuses this one, even beside the test token.
    expect(() => paymentPlacement({ gateways: [paymob(['card'])], token: true }, 'wallet')).toThrow(
      ORDER_MESSAGES.walletUnavailable,
    );
    expect(() => paymentPlacement(none, 'card')).toThrow(ORDER_MESSAGES.cardUnavailable);
  });
});
