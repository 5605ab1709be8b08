import { describe, expect, it } from 'vitest';
import type { CapacityDraft } from './capacity';
import { cairoInstant } from './datetime';
import {
  checkCrewTaken,
  decideGoBack,
  decideReschedule,
  statusBeforeCancel,
  type LifecycleOrder,
} from './lifecycle';
import type { StatusChange } from './order';
import { orderFromStored } from './order';
import { planMessages } from './notifications';
import type { PaymentStatus } from './status';
import { violation } from '../testing/rule-violations';

// Going back and rescheduling (D17), decided once: the server, the functions and the memory
// adapter store what these return, after counting the crew they take (checkCrewTaken).

/** Noon in Cairo on 10 June 2026: the move below is a week later. */
const NOW = cairoInstant('2026-06-10', '12:00')!;
const PLACED = '2026-06-01T09:00:00.000Z';
const MORNING = { id: 'morning', start: '08:00', end: '12:00' };
const MIDDAY = { id: 'midday', start: '12:00', end: '16:00' };

const PLAN: CapacityDraft = {
  windows: [
    { ...MORNING, crews: 2 },
    { ...MIDDAY, crews: 1 },
    { id: 'evening', start: '16:00', end: '20:00', crews: 2 },
  ],
  exceptions: [],
};

type TestOrder = LifecycleOrder & { id: string; paymentProvider: 'cash' | 'paymob' };

const ORDER: TestOrder = {
  id: 'o1',
  userId: 'owner',
  status: 'received',
  paymentStatus: 'pending',
  paymentProvider: 'cash',
  moveDate: '2026-06-17',
  moveTime: '08:00',
  timeWindow: MORNING,
  totalPrice: 2000,
  statusHistory: [{ status: 'received', at: PLACED, actor: 'system' }],
};

const entry = (status: StatusChange['status'], at: string, actor: StatusChange['actor']) => ({
  status,
  at,
  actor,
});

function cancelledFrom(status: StatusChange['status']): TestOrder {
  const history: StatusChange[] = [entry('received', PLACED, 'system')];
  if (status !== 'received') history.push(entry('under_review', '2026-06-02T09:00:00Z', 'admin'));
  if (status === 'in_transit') history.push(entry('in_transit', '2026-06-03T09:00:00Z', 'admin'));
  history.push(entry('cancelled', '2026-06-04T09:00:00Z', 'customer'));
  return { ...ORDER, status: 'cancelled', statusHistory: history };
}

describe('statusBeforeCancel', () => {
  it.each(['received', 'under_review', 'in_transit'] as const)(
    'is the status before the last cancel: %s',
    (status) => {
      expect(statusBeforeCancel(cancelledFrom(status).statusHistory)).toBe(status);
    },
  );

  it('reads the history in time order, and says received when it does not know', () => {
    const shuffled = [...cancelledFrom('under_review').statusHistory].reverse();
    expect(statusBeforeCancel(shuffled)).toBe('under_review');
    expect(statusBeforeCancel([entry('cancelled', PLACED, 'admin')])).toBe('received');
    expect(statusBeforeCancel([])).toBe('received');
  });

  it('after a cancel, an un-cancel and a second cancel, is the one before the second', () => {
    const history = [
      ...cancelledFrom('received').statusHistory,
      { ...entry('received', '2026-06-05T09:00:00Z', 'admin'), kind: 'uncancelled' as const },
      entry('under_review', '2026-06-06T09:00:00Z', 'admin'),
      entry('cancelled', '2026-06-07T09:00:00Z', 'admin'),
    ];
    expect(statusBeforeCancel(history)).toBe('under_review');
  });
});

describe('decideGoBack: un-cancel', () => {
  const REASON = 'The customer called: the cancel was a mistake';

  it.each(['received', 'under_review', 'in_transit'] as const)(
    'brings an order cancelled while %s back to it, recorded with the admin and the reason',
    (status) => {
      const decision = decideGoBack(
        cancelledFrom(status),
        { action: 'uncancel', reason: REASON },
        NOW,
      );
      expect(decision.change).toEqual({
        status,
        actor: 'admin',
        note: { kind: 'uncancelled', reason: REASON },
      });
      expect(decision.after.status).toBe(status);
      expect(decision.after.statusHistory.at(-1)).toEqual({
        status,
        at: NOW.toISOString(),
        actor: 'admin',
        kind: 'uncancelled',
        reason: REASON,
      });
      expect(decision.events.map((event) => event.type)).toEqual(['order.statusChanged']);
      // The window's crew must still be free: the backend counts it.
      expect(decision.crew).toMatchObject({ date: '2026-06-17', window: MORNING });
    },
  );

  it('tells the customer their booking stands again, with its date and time', () => {
    const decision = decideGoBack(
      { ...cancelledFrom('received'), notifyConsent: true, language: 'en' } as TestOrder,
      { action: 'uncancel', reason: REASON },
      NOW,
    );
    const planned = planMessages(
      decision.events.map((event) => ({
        ...event,
        order: {
          ...event.order,
          orderNumber: 'AF-20260601-123',
          phoneNumber: '01012345678',
          moveType: 'full',
          paymentMethod: 'cod',
          governorateId: 'cairo',
          districtId: 'maadi',
          notifyConsent: true,
          language: 'en',
        },
      })),
      { customerChannels: ['sms'], company: { language: 'ar' }, siteUrl: 'https://afsh.example' },
    );
    expect(planned.map((m) => [m.template, m.params.move_date])).toEqual([
      ['order_restored', 'Wednesday, June 17, 2026'],
    ]);
  });

  it('puts a refund that was only due back to paid (D16)', () => {
    const due = { ...cancelledFrom('received'), paymentStatus: 'refund_due' as PaymentStatus };
    const decision = decideGoBack(due, { action: 'uncancel', reason: REASON }, NOW);
    expect(decision.change.paymentStatus).toBe('paid');
    expect(decision.after.paymentStatus).toBe('paid');
  });

  it('leaves a pending or paid payment as it is', () => {
    for (const paymentStatus of ['pending', 'paid'] as const) {
      const order = { ...cancelledFrom('received'), paymentStatus };
      const decision = decideGoBack(order, { action: 'uncancel', reason: REASON }, NOW);
      expect(decision.change.paymentStatus).toBeUndefined();
      expect(decision.after.paymentStatus).toBe(paymentStatus);
    }
  });

  it('refuses an order whose money already went back: book a new one', () => {
    const refunded = { ...cancelledFrom('received'), paymentStatus: 'refunded' as const };
    expect(
      violation(() => decideGoBack(refunded, { action: 'uncancel', reason: REASON }, NOW)),
    ).toMatchObject({ code: 'failed-precondition', message: 'errors:lifecycle.uncancelRefunded' });
  });

  it('refuses once the move’s window has begun, and a move from an earlier day', () => {
    const atEight = cairoInstant('2026-06-17', '08:00')!;
    expect(
      violation(() =>
        decideGoBack(cancelledFrom('received'), { action: 'uncancel', reason: REASON }, atEight),
      ),
    ).toMatchObject({ code: 'failed-precondition', message: 'errors:lifecycle.uncancelPast' });
    const justBefore = cairoInstant('2026-06-17', '07:59')!;
    expect(
      decideGoBack(cancelledFrom('received'), { action: 'uncancel', reason: REASON }, justBefore)
        .after.status,
    ).toBe('received');
    const yesterday = { ...cancelledFrom('received'), moveDate: '2026-06-09' };
    expect(
      violation(() => decideGoBack(yesterday, { action: 'uncancel', reason: REASON }, NOW)).message,
    ).toBe('errors:lifecycle.uncancelPast');
  });

  it.each(['received', 'under_review', 'in_transit', 'delivered'] as const)(
    'refuses an order that is %s: only a cancelled one comes back',
    (status) => {
      expect(
        violation(() =>
          decideGoBack({ ...ORDER, status }, { action: 'uncancel', reason: REASON }, NOW),
        ),
      ).toMatchObject({ code: 'failed-precondition', message: 'errors:lifecycle.notCancelled' });
    },
  );

  it('takes no crew for an order from before windows', () => {
    const old = { ...cancelledFrom('received'), timeWindow: null };
    expect(decideGoBack(old, { action: 'uncancel', reason: REASON }, NOW).crew).toBeUndefined();
  });
});

describe('decideGoBack: reopen', () => {
  const delivered: TestOrder = {
    ...ORDER,
    status: 'delivered',
    statusHistory: [
      entry('received', PLACED, 'system'),
      entry('under_review', '2026-06-02T09:00:00Z', 'admin'),
      entry('in_transit', '2026-06-17T08:00:00Z', 'admin'),
      entry('delivered', '2026-06-17T11:00:00Z', 'admin'),
    ],
  };

  it('takes a delivered order back in transit, with the reason, holding the crew it has', () => {
    const later = cairoInstant('2026-06-20', '10:00')!;
    const decision = decideGoBack(
      delivered,
      { action: 'reopen', reason: 'Marked delivered by mistake' },
      later,
    );
    expect(decision.after.status).toBe('in_transit');
    expect(decision.after.statusHistory.at(-1)).toEqual({
      status: 'in_transit',
      at: later.toISOString(),
      actor: 'admin',
      kind: 'reopened',
      reason: 'Marked delivered by mistake',
    });
    expect(decision.crew).toBeUndefined();
  });

  it('sends the customer nothing: the office corrected itself', () => {
    const decision = decideGoBack(delivered, { action: 'reopen', reason: 'Second trip' }, NOW);
    const planned = planMessages(
      decision.events.map((event) => ({
        ...event,
        order: {
          ...event.order,
          orderNumber: 'AF-20260601-123',
          phoneNumber: '01012345678',
          moveType: 'full',
          paymentMethod: 'cod',
          governorateId: 'cairo',
          districtId: 'maadi',
          notifyConsent: true,
        },
      })),
      { customerChannels: ['sms'], company: { language: 'ar' }, siteUrl: 'https://afsh.example' },
    );
    expect(decision.events.map((event) => event.type)).toEqual(['order.statusChanged']);
    expect(planned).toEqual([]);
  });

  it.each(['received', 'under_review', 'in_transit', 'cancelled'] as const)(
    'refuses an order that is %s',
    (status) => {
      expect(
        violation(() => decideGoBack({ ...ORDER, status }, { action: 'reopen', reason: 'x' }, NOW)),
      ).toMatchObject({ code: 'failed-precondition', message: 'errors:lifecycle.notDelivered' });
    },
  );
});

describe('decideReschedule', () => {
  const CUSTOMER = { actor: 'customer', userId: 'owner' } as const;
  const ADMIN = { actor: 'admin' } as const;

  it('moves the order to the new date and window, at the same price, with the old and new slot', () => {
    const decision = decideReschedule(
      ORDER,
      { moveDate: '2026-06-18', windowId: 'midday' },
      CUSTOMER,
      PLAN,
      NOW,
    );
    expect(decision.after).toMatchObject({
      moveDate: '2026-06-18',
      moveTime: '12:00',
      timeWindow: MIDDAY,
      status: 'received',
      totalPrice: 2000,
      paymentStatus: 'pending',
    });
    const moved = {
      from: { date: '2026-06-17', time: '08:00', window: MORNING },
      to: { date: '2026-06-18', time: '12:00', window: MIDDAY },
    };
    expect(decision.after.statusHistory.at(-1)).toEqual({
      status: 'received',
      at: NOW.toISOString(),
      actor: 'customer',
      kind: 'rescheduled',
      moved,
    });
    expect(decision.events).toEqual([
      { type: 'order.rescheduled', order: decision.after, ...moved, actor: 'customer' },
    ]);
    expect(decision.crew).toMatchObject({ date: '2026-06-18', window: MIDDAY });
    expect(decision.crew!.whenFull([]).message).toBe('errors:order.windowFull');
    // The order given is left as it was.
    expect(ORDER.moveDate).toBe('2026-06-17');
  });

  it('moves to another window of the same day, and keeps the status it has', () => {
    const reviewed = { ...ORDER, status: 'under_review' as const };
    const decision = decideReschedule(
      reviewed,
      { moveDate: '2026-06-17', windowId: 'evening' },
      CUSTOMER,
      PLAN,
      NOW,
    );
    expect(decision.after).toMatchObject({ status: 'under_review', moveTime: '16:00' });
    expect(decision.after.statusHistory).toHaveLength(2);
  });

  it('tells the customer the new date and time, in their language', () => {
    const decision = decideReschedule(
      ORDER,
      { moveDate: '2026-06-18', windowId: 'midday' },
      CUSTOMER,
      PLAN,
      NOW,
    );
    const planned = planMessages(
      decision.events.map((event) => ({
        ...event,
        order: {
          ...event.order,
          orderNumber: 'AF-20260601-123',
          phoneNumber: '01012345678',
          moveType: 'full',
          paymentMethod: 'cod',
          governorateId: 'cairo',
          districtId: 'maadi',
          notifyConsent: true,
          language: 'ar',
        },
      })),
      { customerChannels: ['whatsapp'], company: { language: 'ar' }, siteUrl: 'https://a.example' },
    );
    expect(planned.map((m) => [m.recipient, m.template, m.params.move_time])).toEqual([
      ['customer', 'order_rescheduled', '١٢:٠٠ م'],
    ]);
  });

  it('keeps an admin’s reason, and a customer’s move has none', () => {
    const decision = decideReschedule(
      ORDER,
      { moveDate: '2026-06-18', windowId: 'midday', reason: 'Called: the lift is broken' },
      ADMIN,
      PLAN,
      NOW,
    );
    expect(decision.after.statusHistory.at(-1)).toMatchObject({
      actor: 'admin',
      kind: 'rescheduled',
      reason: 'Called: the lift is broken',
    });
  });

  it('refuses anyone but the owner, and an order nobody owns', () => {
    const input = { moveDate: '2026-06-18', windowId: 'midday' };
    expect(
      violation(() => decideReschedule(ORDER, input, { actor: 'customer', userId: 'x' }, PLAN, NOW))
        .code,
    ).toBe('permission-denied');
    expect(
      violation(() => decideReschedule({ ...ORDER, userId: null }, input, CUSTOMER, PLAN, NOW))
        .code,
    ).toBe('permission-denied');
  });

  it.each(['in_transit', 'delivered', 'cancelled'] as const)(
    'refuses an order that is %s, the admin too',
    (status) => {
      for (const by of [CUSTOMER, ADMIN]) {
        expect(
          violation(() =>
            decideReschedule(
              { ...ORDER, status },
              { moveDate: '2026-06-18', windowId: 'midday' },
              by,
              PLAN,
              NOW,
            ),
          ),
        ).toMatchObject({ code: 'failed-precondition', message: 'errors:reschedule.notOpen' });
      }
    },
  );

  it('refuses the customer in the policy’s closed phase; the admin may still (a phone call)', () => {
    const policy = { freeHours: 24, lateFeePercent: 10, closedHours: 2 };
    const order = { ...ORDER, cancellationPolicy: policy };
    const input = { moveDate: '2026-06-18', windowId: 'midday' };
    // 06:00 on the move's day: two hours before its 08:00 window.
    const closing = cairoInstant('2026-06-17', '06:00')!;
    expect(violation(() => decideReschedule(order, input, CUSTOMER, PLAN, closing))).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:reschedule.closed',
    });
    const justBefore = cairoInstant('2026-06-17', '05:59')!;
    expect(decideReschedule(order, input, CUSTOMER, PLAN, justBefore).after.moveDate).toBe(
      '2026-06-18',
    );
    expect(decideReschedule(order, input, ADMIN, PLAN, closing).after.moveDate).toBe('2026-06-18');
    // An order booked before the policy: closed once its window starts (TERMS_BEFORE_POLICY).
    const started = cairoInstant('2026-06-17', '08:00')!;
    expect(violation(() => decideReschedule(ORDER, input, CUSTOMER, PLAN, started)).message).toBe(
      'errors:reschedule.closed',
    );
  });

  it('refuses a date in the past or past the booking horizon, on the date field', () => {
    expect(
      violation(() =>
        decideReschedule(ORDER, { moveDate: '2026-06-09', windowId: 'midday' }, ADMIN, PLAN, NOW),
      ),
    ).toMatchObject({ code: 'invalid-argument', fields: { moveDate: 'validation:date.past' } });
    // 180 days from 10 June is 7 December.
    expect(
      violation(() =>
        decideReschedule(ORDER, { moveDate: '2026-12-08', windowId: 'midday' }, ADMIN, PLAN, NOW),
      ),
    ).toMatchObject({ code: 'invalid-argument', fields: { moveDate: 'validation:date.tooFar' } });
    expect(
      decideReschedule(ORDER, { moveDate: '2026-12-07', windowId: 'midday' }, ADMIN, PLAN, NOW)
        .after.moveDate,
    ).toBe('2026-12-07');
  });

  it('refuses a window the plan does not have, and the slot the order already has', () => {
    expect(
      violation(() =>
        decideReschedule(ORDER, { moveDate: '2026-06-18', windowId: 'night' }, CUSTOMER, PLAN, NOW),
      ),
    ).toMatchObject({ code: 'invalid-argument', fields: { windowId: 'validation:time.noWindow' } });
    expect(
      violation(() =>
        decideReschedule(
          ORDER,
          { moveDate: '2026-06-17', windowId: 'morning' },
          CUSTOMER,
          PLAN,
          NOW,
        ),
      ),
    ).toMatchObject({ code: 'failed-precondition', message: 'errors:reschedule.sameSlot' });
  });

  it('lets a customer move one booking at most five times; the office any number of times', () => {
    const moved = (n: number, actor: 'customer' | 'admin') =>
      Array.from({ length: n }, (_, i) => ({
        status: 'received' as const,
        at: `2026-06-0${i + 2}T09:00:00.000Z`,
        actor,
        kind: 'rescheduled' as const,
      }));
    const input = { moveDate: '2026-06-18', windowId: 'midday' };
    const often = { ...ORDER, statusHistory: [...ORDER.statusHistory, ...moved(5, 'customer')] };
    expect(violation(() => decideReschedule(often, input, CUSTOMER, PLAN, NOW))).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:reschedule.tooMany',
    });
    expect(decideReschedule(often, input, ADMIN, PLAN, NOW).after.moveDate).toBe('2026-06-18');
    // The office's moves are not the customer's.
    const byOffice = {
      ...ORDER,
      statusHistory: [...ORDER.statusHistory, ...moved(4, 'customer'), ...moved(3, 'admin')],
    };
    expect(decideReschedule(byOffice, input, CUSTOMER, PLAN, NOW).after.moveDate).toBe(
      '2026-06-18',
    );
  });

  it('gives an order from before windows its first window', () => {
    const old = { ...ORDER, timeWindow: null, moveTime: '10:30' };
    const decision = decideReschedule(
      old,
      { moveDate: '2026-06-17', windowId: 'morning' },
      CUSTOMER,
      PLAN,
      NOW,
    );
    expect(decision.after).toMatchObject({ moveTime: '08:00', timeWindow: MORNING });
    expect(decision.after.statusHistory.at(-1)!.moved!.from).toEqual({
      date: '2026-06-17',
      time: '10:30',
      window: null,
    });
  });
});

describe('checkCrewTaken', () => {
  const crew = decideReschedule(
    ORDER,
    { moveDate: '2026-06-18', windowId: 'midday' },
    { actor: 'admin' },
    PLAN,
    NOW,
  ).crew;

  it('passes while the window has a free crew, and for a change that takes none', () => {
    expect(() => checkCrewTaken(crew, PLAN, () => ({}), NOW)).not.toThrow();
    expect(() => checkCrewTaken(undefined, PLAN, () => ({ midday: 99 }), NOW)).not.toThrow();
  });

  it('refuses a full window with the next free ones, in the change’s own words', () => {
    const booked = (date: string): Record<string, number> =>
      date === '2026-06-18' ? { midday: 1, morning: 2 } : {};
    expect(violation(() => checkCrewTaken(crew, PLAN, booked, NOW))).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:order.windowFull',
      details: {
        alternatives: [
          { date: '2026-06-18', window: { id: 'evening', start: '16:00', end: '20:00' } },
          { date: '2026-06-19', window: MORNING },
          { date: '2026-06-19', window: MIDDAY },
        ],
      },
    });
    const uncancel = decideGoBack(
      cancelledFrom('received'),
      { action: 'uncancel', reason: 'The customer called' },
      NOW,
    ).crew;
    const full = (date: string): Record<string, number> =>
      date === '2026-06-17' ? { morning: 2 } : {};
    expect(violation(() => checkCrewTaken(uncancel, PLAN, full, NOW))).toMatchObject({
      message: 'errors:lifecycle.uncancelNoCrew',
      details: { alternatives: expect.arrayContaining([]) },
    });
  });
});

describe('a history read back (D15, D17)', () => {
  it('an entry from before D17 has no kind, reason or move; a later one keeps them', () => {
    const order = orderFromStored({
      ...ORDER,
      orderNumber: 'AF-20260601-123',
      fullName: 'Mona',
      phoneNumber: '01012345678',
      pickupAddress: 'a',
      dropoffAddress: 'b',
      governorateId: 'cairo',
      districtId: 'maadi',
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 1,
      dropoffFloor: 1,
      workers: 2,
      paymentMethod: 'cod',
      createdAt: PLACED,
      statusHistory: [
        { status: 'received', at: PLACED, actor: 'system', kind: null, reason: null, moved: null },
        {
          status: 'received',
          at: '2026-06-02T09:00:00Z',
          actor: 'admin',
          kind: 'rescheduled',
          reason: 'Called',
          moved: {
            from: { date: '2026-06-16', time: '08:00', window: MORNING },
            to: { date: '2026-06-17', time: '08:00', window: MORNING },
          },
        },
        // A kind a newer version wrote is kept as stored.
        { status: 'received', at: '2026-06-03T09:00:00Z', actor: 'admin', kind: 'paused' },
      ],
    });
    expect(order.statusHistory[0]).toEqual({ status: 'received', at: PLACED, actor: 'system' });
    expect(order.statusHistory[1]).toMatchObject({ kind: 'rescheduled', reason: 'Called' });
    expect(order.statusHistory[1]!.moved!.to.date).toBe('2026-06-17');
    expect(order.statusHistory[2]!.kind).toBe('paused');
  });

  it('a reason of the wrong kind is broken data', () => {
    expect(() =>
      orderFromStored({
        ...(ORDER as unknown as Parameters<typeof orderFromStored>[0]),
        statusHistory: [{ status: 'received', at: PLACED, actor: 'admin', reason: 42 }],
      }),
    ).toThrow(/status history: reason is not a string/);
  });
});
