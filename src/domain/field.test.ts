import { describe, expect, it } from 'vitest';
import { crew, DISPATCH_DATE, DISPATCH_NEXT_DATE } from '../testing/dispatch-fixtures';
import { violation } from '../testing/rule-violations';
import { issuesOf } from '../testing/schema-results';
import type { Assignment } from './dispatch';
import {
  cashToCollect,
  crewJobsOf,
  crewTapSchema,
  decideCrewStatus,
  deliveryProofSchema,
  FIELD_MESSAGES as F,
  fieldNext,
  notCrew,
  PHOTO_MAX_CHARS,
  SIGNATURE_MAX_CHARS,
  type CrewTap,
  type FieldOrder,
} from './field';
import type { Order } from './order';
import { FIELD_STATUSES, type FieldStatus, type OrderStatus } from './status';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The crew in the field (D28): the team leader's taps and list.

const NOW = new Date('2026-06-03T07:15:00.000Z');
const AT = NOW.toISOString();
const PLACED = '2026-06-01T06:00:00.000Z';
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
const PROOF = { receivedBy: 'Mona Adel', signature: SIGNATURE, photo: null };

const ASSIGNMENT: Assignment = {
  crewId: 'cairo-1',
  truckId: 'truck-1',
  slots: [{ date: DISPATCH_DATE, windowId: 'morning' }],
  hours: 3,
  by: 'auto',
};

type TestOrder = FieldOrder & Pick<Order, 'moveDate' | 'moveTime' | 'timeWindow'>;

function order(status: OrderStatus, patch: Partial<TestOrder> = {}): TestOrder {
  return {
    id: 'o1',
    status,
    statusHistory: [{ status: 'received', at: PLACED, actor: 'system' }],
    paymentMethod: 'card',
    paymentStatus: 'paid',
    totalPrice: 2400,
    moveDate: DISPATCH_DATE,
    moveTime: '08:00',
    timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
    assignment: ASSIGNMENT,
    ...patch,
  };
}

let taps = 0;
const tap = (status: FieldStatus, patch: Partial<CrewTap> = {}): CrewTap => ({
  tapId: `tap-${String((taps += 1)).padStart(6, '0')}`,
  status,
  tappedAt: '2026-06-03T10:14:50+03:00',
  ...patch,
});
const CREW = { id: 'cairo-1' };

describe('decideCrewStatus: a team leader’s tap', () => {
  it('moves the job one field step on, told in the history by the crew with the tap’s id', () => {
    const before = order('under_review');
    const t = tap('on_the_way');
    const { repeated, decision, delivery } = decideCrewStatus(before, CREW, t, NOW);
    expect(repeated).toBe(false);
    expect(delivery).toBeNull();
    // The tap's id goes into the history entry with the change, so every backend stores it.
    expect(decision!.change).toEqual({
      status: 'on_the_way',
      actor: 'crew',
      note: { tap: t.tapId },
    });
    expect(decision!.after.status).toBe('on_the_way');
    expect(decision!.after.statusHistory.at(-1)).toEqual({
      status: 'on_the_way',
      at: AT,
      actor: 'crew',
      tap: t.tapId,
    });
    // The events tell the order as it is stored, tap included, changed by the crew.
    expect(decision!.events).toEqual([
      {
        type: 'order.statusChanged',
        order: decision!.after,
        from: 'under_review',
        to: 'on_the_way',
        actor: 'crew',
      },
    ]);
    // The order given is left as it was.
    expect(before.status).toBe('under_review');
    expect(before.statusHistory).toHaveLength(1);
  });

  it('walks every field step in turn, from an order the office has not reviewed yet', () => {
    let current = order('received');
    for (const status of FIELD_STATUSES) {
      const t = tap(status, status === 'delivered' ? { proof: PROOF } : {});
      current = decideCrewStatus(current, CREW, t, NOW).decision!.after;
      expect(current.status).toBe(status);
    }
    expect(current.statusHistory.map((e) => `${e.status}:${e.actor}`)).toEqual([
      'received:system',
      'on_the_way:crew',
      'arrived:crew',
      'loading:crew',
      'in_transit:crew',
      'delivered:crew',
    ]);
  });

  it('not the crew’s job: as if it did not exist', () => {
    for (const o of [
      order('under_review', { assignment: { ...ASSIGNMENT, crewId: 'cairo-2' } }),
      order('under_review', { assignment: null }),
      order('under_review', { assignment: undefined }),
    ]) {
      expect(violation(() => decideCrewStatus(o, CREW, tap('on_the_way'), NOW))).toMatchObject({
        code: 'not-found',
        message: F.notYourJob,
      });
    }
    expect(notCrew()).toMatchObject({ code: 'permission-denied', message: F.notCrew });
  });

  it('a tap sent again (the answer was lost, the phone retried) is taken once: no change', () => {
    const t = tap('arrived');
    const after = decideCrewStatus(order('on_the_way'), CREW, t, NOW).decision!.after;
    const again = decideCrewStatus(after, CREW, t, new Date('2026-06-03T08:00:00.000Z'));
    expect(again).toEqual({ repeated: true, decision: null, delivery: null });
    // Even once the order has moved on past it.
    const later = decideCrewStatus(after, CREW, tap('loading'), NOW).decision!.after;
    expect(decideCrewStatus(later, CREW, t, NOW).repeated).toBe(true);
  });

  it('a step the order is at or past: alreadyPast, with where the order is', () => {
    const cases: [OrderStatus, FieldStatus][] = [
      ['arrived', 'arrived'],
      ['loading', 'on_the_way'],
      ['delivered', 'in_transit'],
      ['cancelled', 'on_the_way'],
      ['cancelled', 'delivered'],
    ];
    for (const [status, step] of cases) {
      const error = violation(() => decideCrewStatus(order(status), CREW, tap(step), NOW));
      expect(error).toMatchObject({
        code: 'failed-precondition',
        message: F.alreadyPast,
        fields: { status: F.alreadyPast },
        details: { status },
      });
    }
  });

  it('a step skipped: notNext, with where the order is', () => {
    const cases: [OrderStatus, FieldStatus][] = [
      ['received', 'arrived'],
      ['under_review', 'in_transit'],
      ['on_the_way', 'loading'],
      ['arrived', 'delivered'],
    ];
    for (const [status, step] of cases) {
      expect(
        violation(() => decideCrewStatus(order(status), CREW, tap(step, { proof: PROOF }), NOW)),
      ).toMatchObject({
        code: 'failed-precondition',
        message: F.notNext,
        fields: { status: F.notNext },
        details: { status },
      });
    }
  });

  it('a delivery needs its proof, kept beside the order', () => {
    expect(
      violation(() => decideCrewStatus(order('in_transit'), CREW, tap('delivered'), NOW)),
    ).toMatchObject({
      code: 'invalid-argument',
      message: F.proofNeeded,
      fields: { proof: F.proofNeeded },
    });
    const t = tap('delivered', { proof: { receivedBy: 'Mona', signature: null, photo: PHOTO } });
    const { decision, delivery } = decideCrewStatus(order('in_transit'), CREW, t, NOW);
    expect(decision!.after).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(delivery).toEqual({
      orderId: 'o1',
      crewId: 'cairo-1',
      receivedBy: 'Mona',
      signature: null,
      photo: PHOTO,
      // Paid by card: nothing to take.
      cashCollected: null,
      tappedAt: t.tappedAt,
      at: AT,
    });
  });

  it('an order paid on delivery needs the cash taken; the whole total marks it paid', () => {
    const cod = order('in_transit', { paymentMethod: 'cod', paymentStatus: 'pending' });
    expect(cashToCollect(cod)).toBe(2400);
    expect(
      violation(() => decideCrewStatus(cod, CREW, tap('delivered', { proof: PROOF }), NOW)),
    ).toMatchObject({
      code: 'invalid-argument',
      message: F.cashNeeded,
      fields: { cashCollected: F.cashNeeded },
    });
    const paid = decideCrewStatus(
      cod,
      CREW,
      tap('delivered', { proof: PROOF, cashCollected: 2400 }),
      NOW,
    );
    expect(paid.decision!.change).toMatchObject({
      status: 'delivered',
      actor: 'crew',
      paymentStatus: 'paid',
    });
    expect(paid.decision!.after).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect(paid.decision!.events.map((e) => e.type)).toEqual([
      'order.statusChanged',
      'order.paymentConfirmed',
    ]);
    expect(paid.delivery!.cashCollected).toBe(2400);
    // Less than the total: recorded, and the order still waits for the rest.
    const short = decideCrewStatus(
      cod,
      CREW,
      tap('delivered', { proof: PROOF, cashCollected: 2000 }),
      NOW,
    );
    expect(short.decision!.after).toMatchObject({ status: 'delivered', paymentStatus: 'pending' });
    expect(short.delivery!.cashCollected).toBe(2000);
    // Cash already paid (the office marked it): nothing to take.
    expect(cashToCollect({ ...cod, paymentStatus: 'paid' })).toBeNull();
  });
});

describe('fieldNext: the buttons a job offers', () => {
  it('the one next field step, none at an end', () => {
    expect(fieldNext('received')).toEqual(['on_the_way']);
    expect(fieldNext('under_review')).toEqual(['on_the_way']);
    expect(fieldNext('on_the_way')).toEqual(['arrived']);
    expect(fieldNext('arrived')).toEqual(['loading']);
    expect(fieldNext('loading')).toEqual(['in_transit']);
    expect(fieldNext('in_transit')).toEqual(['delivered']);
    expect(fieldNext('delivered')).toEqual([]);
    expect(fieldNext('cancelled')).toEqual([]);
    expect(fieldNext('lost')).toEqual([]);
  });
});

describe('crewJobsOf: the team leader’s list', () => {
  const base = {
    orderNumber: 'AF-20260601-100001',
    userId: null,
    fullName: 'Mona Adel',
    phoneNumber: '01012345678',
    pickupAddress: '12 Road 9',
    dropoffAddress: '3 Zamalek St',
    governorateId: 'cairo',
    districtId: 'maadi',
    dropoffGovernorateId: 'cairo',
    dropoffDistrictId: 'zamalek',
    notes: 'Fragile mirror',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 2,
    dropoffFloor: 1,
    workers: 3,
    moveDate: DISPATCH_DATE,
    moveTime: '08:00',
    timeWindow: { id: 'morning', start: '08:00', end: '12:00' },
    totalPrice: 2400,
    currency: 'EGP',
    catalogVersion: 1,
    distanceKm: 15,
    distanceFee: 0,
    paymentMethod: 'cod',
    paymentStatus: 'pending',
    paymentProvider: 'cash',
    status: 'under_review',
    statusHistory: [],
    createdAt: PLACED,
  } satisfies Omit<Order, 'id'>;
  const job = (id: string, slots: Assignment['slots'], patch: Partial<Order> = {}) => ({
    ...base,
    id,
    ...patch,
    assignment: { ...ASSIGNMENT, slots, ...patch.assignment },
  });
  const WINDOWS: Record<string, { start: string; end: string }> = {
    morning: { start: '08:00', end: '12:00' },
    midday: { start: '12:00', end: '16:00' },
    evening: { start: '17:00', end: '21:00' },
  };
  const dates = [DISPATCH_DATE, DISPATCH_NEXT_DATE];
  const orders = [
    job('tomorrow', [{ date: DISPATCH_NEXT_DATE, windowId: 'morning' }]),
    job('evening', [{ date: DISPATCH_DATE, windowId: 'evening' }], {
      paymentMethod: 'card',
      paymentStatus: 'paid',
    }),
    job('morning', [
      { date: DISPATCH_DATE, windowId: 'morning' },
      { date: DISPATCH_DATE, windowId: 'midday' },
    ]),
    job('cancelled', [{ date: DISPATCH_DATE, windowId: 'midday' }], { status: 'cancelled' }),
    job('other-crew', [{ date: DISPATCH_DATE, windowId: 'morning' }], {
      assignment: { ...ASSIGNMENT, crewId: 'cairo-2' },
    }),
    job('next-week', [{ date: '2026-06-10', windowId: 'morning' }]),
    // A long move from the day before runs into today: it is on the list.
    job('from-yesterday', [
      { date: '2026-06-02', windowId: 'evening' },
      { date: DISPATCH_DATE, windowId: 'morning' },
    ]),
    { ...base, id: 'legacy', assignment: null },
  ];
  const list = crewJobsOf(
    crew('cairo-1', { name: 'Maadi crew', leaderName: 'Ahmed Samir' }),
    orders,
    dates,
    (id) => WINDOWS[id],
  );

  it('the crew’s jobs touching today and tomorrow, not cancelled, in the order of their first window', () => {
    expect(list.crew).toEqual({ id: 'cairo-1', name: 'Maadi crew', leaderName: 'Ahmed Samir' });
    expect(list.dates).toEqual(dates);
    expect(list.jobs.map((j) => j.orderId)).toEqual([
      'from-yesterday',
      'morning',
      'evening',
      'tomorrow',
    ]);
  });

  it('each with its window’s hours, the days it spans, the customer’s mobile and the cash to take', () => {
    const morning = list.jobs.find((j) => j.orderId === 'morning')!;
    expect(morning).toEqual({
      orderId: 'morning',
      orderNumber: base.orderNumber,
      status: 'under_review',
      date: DISPATCH_DATE,
      start: '08:00',
      end: '12:00',
      lastDate: DISPATCH_DATE,
      hours: 3,
      customerName: 'Mona Adel',
      customerPhone: '01012345678',
      moveType: 'full',
      workers: 3,
      pickup: { address: '12 Road 9', governorateId: 'cairo', districtId: 'maadi', floor: 2 },
      dropoff: { address: '3 Zamalek St', governorateId: 'cairo', districtId: 'zamalek', floor: 1 },
      notes: 'Fragile mirror',
      totalPrice: 2400,
      collectCash: 2400,
      next: ['on_the_way'],
      truckId: 'truck-1',
    });
    // The plan's current hours for the window, not the booked ones.
    const evening = list.jobs.find((j) => j.orderId === 'evening')!;
    expect([evening.start, evening.end, evening.collectCash]).toEqual(['17:00', '21:00', null]);
    expect(list.jobs.find((j) => j.orderId === 'from-yesterday')).toMatchObject({
      date: '2026-06-02',
      lastDate: DISPATCH_DATE,
    });
  });

  it('a window the plan no longer has shows the hours the order was booked in', () => {
    const [only] = crewJobsOf(
      crew('cairo-1'),
      [job('gone', [{ date: DISPATCH_DATE, windowId: 'dawn' }])],
      dates,
      () => undefined,
    ).jobs;
    expect([only!.start, only!.end]).toEqual(['08:00', '12:00']);
  });
});

describe('crewTapSchema and deliveryProofSchema: what a phone may send', () => {
  const issues = (input: unknown) => Object.fromEntries(issuesOf(crewTapSchema.safeParse(input)));
  const proofIssues = (input: unknown) =>
    Object.fromEntries(issuesOf(deliveryProofSchema.safeParse(input)));
  const valid = {
    tapId: 'a1b2c3d4-0001',
    status: 'arrived',
    tappedAt: '2026-06-03T10:14:50+03:00',
  };

  it('a tap: its id, a field step and the phone’s time', () => {
    expect(crewTapSchema.parse(valid)).toEqual(valid);
    expect(crewTapSchema.parse({ ...valid, tappedAt: '2026-06-03T07:14:50.123Z' }).tappedAt).toBe(
      '2026-06-03T07:14:50.123Z',
    );
    expect(issues({ ...valid, tapId: 'short' })).toEqual({ tapId: M.invalid });
    expect(issues({ ...valid, tapId: 'has spaces in it' })).toEqual({ tapId: M.invalid });
    expect(issues({ ...valid, tapId: 'x'.repeat(65) })).toEqual({ tapId: M.invalid });
    // The office's steps are not a crew's buttons.
    expect(issues({ ...valid, status: 'under_review' })).toEqual({ status: M.invalid });
    expect(issues({ ...valid, status: 'cancelled' })).toEqual({ status: M.invalid });
    expect(issues({ ...valid, tappedAt: 'yesterday' })).toEqual({ tappedAt: M.invalid });
    expect(issues({ ...valid, extra: 1 })).toEqual({});
  });

  it('the cash taken: a whole number of pounds from 0', () => {
    expect(crewTapSchema.parse({ ...valid, cashCollected: 0 }).cashCollected).toBe(0);
    for (const cash of [-1, 10.5, '2400', 1_000_001]) {
      expect(issues({ ...valid, cashCollected: cash })).toEqual({ cashCollected: M.fieldCash });
    }
  });

  it('a proof: who received it, and a signature or a photo', () => {
    expect(deliveryProofSchema.parse({ receivedBy: '  Mona ', signature: SIGNATURE })).toEqual({
      receivedBy: 'Mona',
      signature: SIGNATURE,
      photo: null,
    });
    expect(deliveryProofSchema.parse({ receivedBy: 'Mona', photo: PHOTO }).photo).toBe(PHOTO);
    expect(proofIssues({ receivedBy: 'Mona' })).toEqual({ signature: M.fieldSignature });
    expect(proofIssues({ receivedBy: 'Mona', signature: null, photo: null })).toEqual({
      signature: M.fieldSignature,
    });
    expect(proofIssues({ receivedBy: 'M', signature: SIGNATURE })).toEqual({
      receivedBy: M.fieldReceivedBy,
    });
    expect(proofIssues({ receivedBy: 'x'.repeat(81), signature: SIGNATURE })).toEqual({
      receivedBy: M.fieldReceivedBy,
    });
  });

  it('refuses what is not a PNG signature or a JPEG photo as a data URL, or is too large', () => {
    const bad = (field: 'signature' | 'photo', value: unknown) =>
      proofIssues({ receivedBy: 'Mona', signature: SIGNATURE, photo: PHOTO, [field]: value });
    expect(bad('signature', PHOTO)).toEqual({ signature: M.fieldSignature });
    expect(bad('signature', 'https://example.com/sign.png')).toEqual({
      signature: M.fieldSignature,
    });
    expect(bad('signature', 'data:image/png;base64,<script>')).toEqual({
      signature: M.fieldSignature,
    });
    expect(bad('signature', 'data:image/svg+xml;base64,PHN2Zz4=')).toEqual({
      signature: M.fieldSignature,
    });
    expect(bad('photo', SIGNATURE)).toEqual({ photo: M.fieldPhoto });
    expect(bad('photo', 42)).toEqual({ photo: M.fieldPhoto });
    const png = (chars: number) => `data:image/png;base64,${'A'.repeat(chars - 22)}`;
    expect(png(SIGNATURE_MAX_CHARS)).toHaveLength(SIGNATURE_MAX_CHARS);
    expect(bad('signature', png(SIGNATURE_MAX_CHARS))).toEqual({});
    expect(bad('signature', png(SIGNATURE_MAX_CHARS + 1))).toEqual({ signature: M.fieldSignature });
    const jpeg = (chars: number) => `data:image/jpeg;base64,${'A'.repeat(chars - 23)}`;
    expect(bad('photo', jpeg(PHOTO_MAX_CHARS))).toEqual({});
    expect(bad('photo', jpeg(PHOTO_MAX_CHARS + 1))).toEqual({ photo: M.fieldPhoto });
  });

  it('a delivery tap carries its proof through the same rules', () => {
    expect(
      issues({ ...valid, status: 'delivered', proof: { receivedBy: 'Mona', photo: 'x' } }),
    ).toEqual({ 'proof.photo': M.fieldPhoto });
    expect(
      crewTapSchema.parse({
        ...valid,
        status: 'delivered',
        proof: { receivedBy: 'Mona', photo: PHOTO },
      }).proof,
    ).toEqual({ receivedBy: 'Mona', signature: null, photo: PHOTO });
  });
});
