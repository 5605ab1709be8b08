import { describe, expect, it } from 'vitest';
import { RuleViolation } from './errors';
import { ORDER_MESSAGES } from './order';
import {
  applyPaymentChange,
  attemptOfReference,
  checkReversible,
  decideInquiry,
  decideReversal,
  decideStart,
  decideStartAnswer,
  decideSwitchToCash,
  decideTransaction,
  dueAutoRefund,
  onlyChecked,
  type PaymentOrder,
  type ProviderTransaction,
  paymentOptionsFrom,
  paymentPlacement,
  type ProvidersOn,
} from './payment-decisions';
import {
  AUTO_REFUND_TRIES,
  autoRefundAt,
  extraPayments,
  inquiryDue,
  inquiryPolicy,
  nextInquiryAt,
  PAYMENT_ATTEMPTS_MAX,
  PAYMENT_MESSAGES,
  paymentWorkDueAt,
  shownAttemptState,
  type PaymentAttempt,
  type PaymentEvent,
} from './payments';

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
  checkedAt: null,
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
      checkedAt: null,
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
      // D16: the order's refund records how its money went back.
      order: {
        paymentStatus: 'refunded',
        refund: expect.objectContaining({ amount: 1500, fee: 0, how: 'provider' }),
      },
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
          transactionId: '9',
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

  it('a payment on an order already cancelled is owed back whole, never kept (D16)', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const decision = decideTransaction(
      tx,
      context({ order: { ...order, status: 'cancelled' }, now }),
    );
    expect(decision).toMatchObject({ kind: 'apply', outcome: 'paid' });
    expect(decision.kind === 'apply' && decision.change.order).toEqual({
      paymentStatus: 'refund_due',
      paymentMethod: 'card',
      paymentProvider: 'paymob',
      paymentReference: '9',
      refund: {
        amount: 1500,
        fee: 0,
        dueAt: now.toISOString(),
        refundedAt: null,
        how: null,
        manual: null,
      },
    });
  });

  it('a second payment of an order another try paid: flagged on its try, never the order’s', () => {
    const decision = decideTransaction(
      tx,
      context({ order: { ...order, paymentStatus: 'paid', paymentReference: '8' } }),
    );
    expect(decision).toEqual({
      kind: 'apply',
      outcome: 'duplicatePaid',
      attemptState: 'extra',
      change: {
        attempt: {
          id: 'a1',
          change: { state: 'extra', transactionId: '9', detail: 'order already paid' },
        },
        events: [event('duplicatePaid', 'order already paid')],
      },
    });
  });

  it('a second payment on a try that has its own: flagged, the try keeps its first', () => {
    const paid = { ...attempt, state: 'paid' as const, transactionId: '8' };
    const paidOrder = { ...order, paymentStatus: 'paid' as const, paymentReference: '8' };
    for (const [try_, order_] of [
      [paid, paidOrder],
      // The first was refunded since: the order too, and a new payment is not the order's.
      [
        { ...paid, state: 'refunded' as const },
        { ...paidOrder, paymentStatus: 'refunded' as const },
      ],
    ] as const) {
      const decision = decideTransaction(tx, context({ attempt: try_, order: order_ }));
      expect(decision).toEqual({
        kind: 'apply',
        outcome: 'duplicatePaid',
        change: { events: [event('duplicatePaid', 'try already paid')] },
      });
    }
  });

  it('a payment of an order paid in cash, or refunded, is extra too', () => {
    const cashPaid = {
      ...order,
      paymentMethod: 'cod' as const,
      paymentProvider: 'cash' as const,
      paymentStatus: 'paid' as const,
    };
    expect(decideTransaction(tx, context({ order: cashPaid }))).toMatchObject({
      outcome: 'duplicatePaid',
      attemptState: 'extra',
    });
    expect(
      decideTransaction(tx, context({ order: { ...order, paymentStatus: 'refunded' } })),
    ).toMatchObject({
      outcome: 'duplicatePaid',
      change: { events: [{ detail: 'order refunded' }] },
    });
    // Cash chosen but not yet paid: the money moved online, so the order is paid online.
    expect(
      decideTransaction(
        tx,
        context({ order: { ...order, paymentMethod: 'cod', paymentProvider: 'cash' } }),
      ),
    ).toMatchObject({ outcome: 'paid', change: { order: { paymentMethod: 'card' } } });
  });

  it('an extra payment is flagged once, whichever way it was recorded', () => {
    const paidOrder = { ...order, paymentStatus: 'paid' as const, paymentReference: '8' };
    for (const kind of ['duplicatePaid', 'paid']) {
      expect(
        decideTransaction(tx, context({ order: paidOrder, recorded: (k) => k === kind })),
      ).toEqual({ kind: 'ignore', reason: 'duplicate' });
    }
  });

  it('hears the refund of an extra payment, moving its try only if it was the try’s', () => {
    const refunded = { ...tx, refunded: true };
    const flagged = (k: string, id: string) => k === 'duplicatePaid' && id === '9';
    const extraTry = { ...attempt, state: 'extra' as const, transactionId: '9' };
    expect(decideTransaction(refunded, context({ attempt: extraTry, recorded: flagged }))).toEqual({
      kind: 'apply',
      outcome: 'refunded',
      attemptState: 'refunded',
      change: {
        attempt: { id: 'a1', change: { state: 'refunded', transactionId: '9', detail: null } },
        events: [event('refunded')],
      },
    });
    const firstPaid = { ...attempt, state: 'paid' as const, transactionId: '8' };
    expect(decideTransaction(refunded, context({ attempt: firstPaid, recorded: flagged }))).toEqual(
      { kind: 'apply', outcome: 'refunded', change: { events: [event('refunded')] } },
    );
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
        order: {
          paymentStatus: 'refunded',
          refund: expect.objectContaining({ amount: 1500, how: 'provider' }),
        },
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

describe('refunding an extra payment (D18)', () => {
  const firstPaid = { ...attempt, state: 'paid' as const, transactionId: '8' };
  const paidOrder = { ...order, paymentStatus: 'paid' as const, paymentReference: '8' };
  const extra = { id: '9', amountCents: 150000 };

  it('refunds the extra transaction, leaving the try and the order on their first payment', () => {
    const change = decideReversal({
      order: paidOrder,
      attempt: firstPaid,
      kind: 'refund',
      answer: { ok: true, transactionId: '10' },
      actor: 'system',
      transaction: extra,
    });
    expect(change).toEqual({
      events: [
        {
          orderId: 'o1',
          attemptId: 'a1',
          kind: 'refunded',
          actor: 'system',
          transactionId: '9',
          amountCents: 150000,
          detail: '10',
        },
      ],
    });
  });

  it('moves a try whose own payment was the extra one', () => {
    const extraTry: PaymentAttempt = { ...attempt, state: 'extra', transactionId: '9' };
    const change = decideReversal({
      order: paidOrder,
      attempt: extraTry,
      kind: 'refund',
      answer: { ok: true, transactionId: '10' },
      actor: 'system',
      transaction: extra,
    });
    expect(change.attempt).toEqual({
      id: 'a1',
      change: { state: 'refunded', detail: 'refund 10' },
    });
    expect(change).not.toHaveProperty('order');
  });

  it('records a refusal under the extra transaction, and nothing twice', () => {
    expect(
      decideReversal({
        order: paidOrder,
        attempt: firstPaid,
        kind: 'refund',
        answer: { ok: false, detail: 'HTTP 502' },
        actor: 'system',
        transaction: extra,
      }).events,
    ).toMatchObject([{ kind: 'reverseFailed', actor: 'system', transactionId: '9' }]);
    // The provider's callback told the refund while we waited for its answer.
    expect(
      decideReversal({
        order: paidOrder,
        attempt: firstPaid,
        kind: 'refund',
        answer: { ok: true, transactionId: '10' },
        actor: 'system',
        transaction: extra,
        recorded: (kind, id) => kind === 'refunded' && id === '9',
      }),
    ).toEqual({ events: [] });
  });

  it('an admin’s refund the callback already told is recorded once too', () => {
    const change = decideReversal({
      order: paidOrder,
      attempt: firstPaid,
      kind: 'refund',
      answer: { ok: true, transactionId: '10' },
      recorded: (kind, id) => kind === 'refunded' && id === '8',
    });
    expect(change.events).toEqual([]);
    expect(change).toMatchObject({
      attempt: { change: { state: 'refunded' } },
      order: { paymentStatus: 'refunded' },
    });
  });

  const T0 = Date.parse('2026-01-01T10:00:00.000Z');
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
  const historyEvent = (over: Partial<PaymentEvent>): PaymentEvent => ({
    id: `e${Math.random()}`,
    orderId: 'o1',
    attemptId: 'a1',
    kind: 'duplicatePaid',
    actor: 'provider',
    transactionId: '9',
    amountCents: 150000,
    detail: 'try already paid',
    at: at(0),
    ...over,
  });
  const refused = (minutes: number) =>
    historyEvent({ kind: 'reverseFailed', actor: 'system', amountCents: null, at: at(minutes) });

  it('an extra payment is due at once, again 1, 2, 4 minutes after each refusal, then given up', () => {
    const events = [historyEvent({})];
    const record = () => ({ attempts: [firstPaid], events });
    expect(extraPayments(events)).toMatchObject([{ state: 'due', failures: 0 }]);
    expect(dueAutoRefund(record(), new Date(at(0)))).toEqual({
      attempt: firstPaid,
      transaction: { id: '9', amountCents: 150000 },
    });
    events.push(refused(0));
    expect(autoRefundAt(extraPayments(events)[0]!)).toBe(at(1));
    expect(dueAutoRefund(record(), new Date(at(0.5)))).toBeNull();
    events.push(refused(1));
    expect(autoRefundAt(extraPayments(events)[0]!)).toBe(at(3));
    // An admin's refusal is not an automatic try.
    events.push(historyEvent({ kind: 'reverseFailed', actor: 'admin', at: at(2) }));
    expect(extraPayments(events)[0]!.failures).toBe(2);
    for (let i = 2; i < AUTO_REFUND_TRIES; i += 1) events.push(refused(10 + i));
    expect(extraPayments(events)[0]).toMatchObject({ state: 'failed', failures: 5 });
    expect(dueAutoRefund(record(), new Date(at(1000)))).toBeNull();
    // Refunded in the dashboard, its callback recorded: done.
    events.push(historyEvent({ kind: 'refunded', at: at(2000) }));
    expect(extraPayments(events)[0]!.state).toBe('refunded');
  });
});

describe('asking the provider about a try nobody heard of (D18)', () => {
  const policy = inquiryPolicy(5);
  const T0 = Date.parse('2026-01-01T10:00:00.000Z');
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
  const open: PaymentAttempt = {
    ...attempt,
    createdAt: at(0),
    updatedAt: at(0),
    expiresAt: at(60),
  };

  it('asks after 5 quiet minutes, then after as long again, and once after the checkout closed', () => {
    let a: PaymentAttempt = open;
    const asks: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const next = nextInquiryAt(a, policy);
      if (next === null) break;
      asks.push(next);
      a = { ...a, checkedAt: next };
    }
    // The last ask is a minute after the expiry we computed: the checkout has surely closed.
    expect(asks).toEqual([at(5), at(10), at(20), at(40), at(61)]);
    expect(inquiryDue(open, policy, new Date(at(4.9)))).toBe(false);
    expect(inquiryDue(open, policy, new Date(at(5)))).toBe(true);
  });

  it('never asks about a decided try, or one the provider never started', () => {
    for (const state of [
      'paid',
      'declined',
      'failed',
      'mismatch',
      'refunded',
      'expired',
      'extra',
    ] as const) {
      expect(nextInquiryAt({ ...open, state }, policy), state).toBeNull();
    }
    expect(nextInquiryAt({ ...open, providerOrderId: null }, policy)).toBeNull();
  });

  it('a pending try is asked about, at most hourly, for a day after its checkout closed', () => {
    const pending = { ...open, state: 'pending' as const, checkedAt: at(61) };
    expect(nextInquiryAt(pending, policy)).toBe(at(121));
    expect(nextInquiryAt({ ...pending, checkedAt: at(61 + 24 * 60) }, policy)).toBeNull();
  });

  it('a try without an expiry is asked about at the doubling pace, capped at an hour', () => {
    const a = { ...open, expiresAt: null, checkedAt: at(200) };
    expect(nextInquiryAt(a, policy)).toBe(at(260));
  });

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
  const ctx = (over: Partial<Parameters<typeof decideInquiry>[1]> = {}) => ({
    attempt: open,
    order,
    recorded: () => false,
    now: new Date(at(5)),
    ...over,
  });

  it('a paid answer pays the order as its callback would, recorded as found by asking', () => {
    const decision = decideInquiry({ kind: 'transaction', transaction: tx }, ctx());
    const callback = decideTransaction(tx, { attempt: open, order, recorded: () => false });
    expect(callback.kind).toBe('apply');
    if (callback.kind !== 'apply') return;
    expect(decision).toEqual({
      outcome: 'paid',
      change: {
        order: callback.change.order,
        attempt: {
          id: 'a1',
          change: { state: 'paid', transactionId: '9', detail: null, checkedAt: at(5) },
        },
        events: [{ ...callback.change.events[0]!, detail: 'inquiry' }],
      },
    });
  });

  it('the callback came first (or comes later, or twice): nothing twice', () => {
    const decision = decideInquiry(
      { kind: 'transaction', transaction: tx },
      ctx({ recorded: (kind) => kind === 'paid' }),
    );
    expect(decision).toEqual({
      outcome: 'unchanged',
      ignored: 'duplicate',
      change: { attempt: { id: 'a1', change: { checkedAt: at(5) } }, events: [] },
    });
  });

  it('a declined answer declines the try, with the provider’s words', () => {
    const decision = decideInquiry(
      { kind: 'transaction', transaction: { ...tx, success: false, message: 'Do not honour' } },
      ctx(),
    );
    expect(decision).toMatchObject({
      outcome: 'declined',
      change: {
        attempt: { change: { state: 'declined', checkedAt: at(5) } },
        events: [{ kind: 'declined', detail: 'Do not honour (inquiry)' }],
      },
    });
    expect(decision.change).not.toHaveProperty('order');
  });

  it('no transaction: asked, nothing else, until the checkout closed; then expired', () => {
    expect(decideInquiry({ kind: 'none' }, ctx())).toEqual({
      outcome: 'unchanged',
      change: { attempt: { id: 'a1', change: { checkedAt: at(5) } }, events: [] },
    });
    const ended = decideInquiry({ kind: 'none' }, ctx({ now: new Date(at(61)) }));
    expect(ended).toEqual({
      outcome: 'expired',
      change: {
        attempt: { id: 'a1', change: { state: 'expired', checkedAt: at(61) } },
        events: [
          {
            orderId: 'o1',
            attemptId: 'a1',
            kind: 'expired',
            actor: 'system',
            transactionId: null,
            amountCents: null,
            detail: 'inquiry',
          },
        ],
      },
    });
    // Pending at the provider: its word stands, it is not ended by a "none".
    expect(
      decideInquiry(
        { kind: 'none' },
        ctx({ attempt: { ...open, state: 'pending' }, now: new Date(at(61)) }),
      ).outcome,
    ).toBe('unchanged');
    // A late payment after it ended still pays the order (money moved).
    expect(
      decideTransaction(tx, {
        attempt: { ...open, state: 'expired' },
        order,
        recorded: () => false,
      }),
    ).toMatchObject({ outcome: 'paid', change: { order: { paymentStatus: 'paid' } } });
  });

  it('the inquiry failed or timed out: nothing changes, asked again later', () => {
    expect(decideInquiry({ kind: 'failed', detail: 'timed out' }, ctx())).toEqual({
      outcome: 'failed',
      change: null,
    });
  });

  it('asking alone is not a change: the try keeps its time', () => {
    expect(onlyChecked({ checkedAt: 'T' })).toBe(true);
    expect(onlyChecked({ checkedAt: 'T', state: 'expired' })).toBe(false);
    expect(onlyChecked({ state: 'paid' })).toBe(false);
    const lists = applyPaymentChange(
      { attempts: [open], events: [] },
      { attempt: { id: 'a1', change: { checkedAt: at(5) } }, events: [] },
      at(5),
      () => 'e',
    );
    expect(lists.attempts[0]).toMatchObject({ updatedAt: at(0), checkedAt: at(5) });
  });

  it('an abandoned try shows expired before it is asked, and after', () => {
    expect(shownAttemptState(open, new Date(at(61)))).toBe('expired');
    expect(shownAttemptState({ ...open, state: 'expired' }, new Date(at(0)))).toBe('expired');
  });

  it('an order’s payments are next due at the soonest ask or automatic refund', () => {
    const flagged: PaymentEvent = {
      id: 'e1',
      orderId: 'o1',
      attemptId: 'a1',
      kind: 'duplicatePaid',
      actor: 'provider',
      transactionId: '9',
      amountCents: 150000,
      detail: null,
      at: at(2),
    };
    expect(paymentWorkDueAt({ attempts: [open], events: [] }, policy)).toBe(at(5));
    expect(paymentWorkDueAt({ attempts: [open], events: [flagged] }, policy)).toBe(at(2));
    expect(
      paymentWorkDueAt({ attempts: [{ ...open, state: 'paid' }], events: [] }, policy),
    ).toBeNull();
  });

  it('a callback and an inquiry find their try by our reference only', () => {
    const tries = [open, { ...open, id: 'a2', reference: 'o1.2' }];
    expect(attemptOfReference(tries, 'o1.2')?.id).toBe('a2');
    expect(attemptOfReference(tries, 'o1.3')).toBeNull();
    expect(attemptOfReference(tries, null)).toBeNull();
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
