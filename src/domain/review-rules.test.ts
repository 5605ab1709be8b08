import { describe, expect, it } from 'vitest';
import { RetryLater, RuleViolation } from './errors';
import type { Order } from './order';
import {
  reviewCooldownRefusal,
  adminReview,
  decideModeration,
  decideReview,
  isListed,
  isReviewableStatus,
  REVIEW_MESSAGES,
  reviewableOrders,
  reviewerName,
  reviewSettingsFrom,
  reviewStateOf,
  submittedReview,
  type ReviewDecision,
} from './review-rules';
import { DEFAULT_REVIEW_SETTINGS, type ReviewState } from './reviews';
import { ORDER_STATUSES, type OrderStatus } from './status';

// Reviews come from customers' orders (D14): one pure decision the server, the functions and
// the memory adapter all call.

const NOW = new Date('2026-05-01T10:00:00.000Z');
const OWNER = { id: 'u-owner' };
const HOLD = { publishAtOnce: false };
const AT_ONCE = { publishAtOnce: true };
const INPUT = { review: 'Careful and on time', rating: 4 };

function order(status: OrderStatus, overrides: Partial<Order> = {}) {
  return { id: 'o1', userId: OWNER.id, status, fullName: 'منى عبد الرحمن', ...overrides };
}

function refusal(outcome: ReviewDecision | RuleViolation): RuleViolation {
  expect(outcome).toBeInstanceOf(RuleViolation);
  return outcome as RuleViolation;
}

function decision(outcome: ReviewDecision | RuleViolation): ReviewDecision {
  expect(outcome).not.toBeInstanceOf(RuleViolation);
  return outcome as ReviewDecision;
}

describe('decideReview', () => {
  it('stores the owner’s review of a confirmed order, named from the order, held by default', () => {
    const outcome = decision(
      decideReview(order('under_review'), null, OWNER, INPUT, DEFAULT_REVIEW_SETTINGS, NOW),
    );
    expect(outcome).toEqual({
      action: 'store',
      record: {
        orderId: 'o1',
        userId: OWNER.id,
        name: 'منى',
        review: INPUT.review,
        rating: 4,
        state: 'pending',
        createdAt: NOW.toISOString(),
      },
      listed: false,
    });
  });

  it.each<[OrderStatus, boolean]>([
    ['under_review', false],
    ['in_transit', false],
    ['delivered', true],
  ])('publishes at once when the team says so: %s order → listed %s', (status, listed) => {
    const outcome = decision(decideReview(order(status), null, OWNER, INPUT, AT_ONCE, NOW));
    expect(outcome.record.state).toBe('published');
    expect(outcome.listed).toBe(listed);
  });

  it('a held review of a delivered order is not listed until published', () => {
    expect(decision(decideReview(order('delivered'), null, OWNER, INPUT, HOLD, NOW)).listed).toBe(
      false,
    );
  });

  it.each<[string, Parameters<typeof decideReview>, string, string]>([
    [
      'no such order',
      [null, null, OWNER, INPUT, HOLD, NOW],
      'not-found',
      REVIEW_MESSAGES.orderNotFound,
    ],
    [
      'someone else’s order',
      [order('delivered'), null, { id: 'u-other' }, INPUT, HOLD, NOW],
      'permission-denied',
      REVIEW_MESSAGES.notYourOrder,
    ],
    [
      'an order with no owner left',
      [order('delivered', { userId: null }), null, OWNER, INPUT, HOLD, NOW],
      'permission-denied',
      REVIEW_MESSAGES.notYourOrder,
    ],
    [
      'a second review of the order',
      [order('delivered'), { id: 'r1' }, OWNER, INPUT, HOLD, NOW],
      'already-exists',
      REVIEW_MESSAGES.alreadyReviewed,
    ],
    [
      'an order not yet confirmed',
      [order('received'), null, OWNER, INPUT, HOLD, NOW],
      'failed-precondition',
      REVIEW_MESSAGES.notYet,
    ],
    [
      'a cancelled order',
      [order('cancelled'), null, OWNER, INPUT, AT_ONCE, NOW],
      'failed-precondition',
      REVIEW_MESSAGES.cancelled,
    ],
    [
      'an order in a status the lifecycle does not know',
      [order('archived' as OrderStatus), null, OWNER, INPUT, AT_ONCE, NOW],
      'failed-precondition',
      REVIEW_MESSAGES.notYet,
    ],
  ])('refuses %s', (_label, args, code, message) => {
    const violation = refusal(decideReview(...args));
    expect([violation.code, violation.message]).toEqual([code, message]);
  });

  it('a filled honeypot passes the same rules, then is dropped', () => {
    const dropped = decision(
      decideReview(order('delivered'), null, OWNER, { ...INPUT, website: 'x' }, AT_ONCE, NOW),
    );
    expect(dropped.action).toBe('drop');
    expect(submittedReview('fake', dropped)).toEqual({
      id: 'fake',
      name: 'منى',
      review: INPUT.review,
      rating: 4,
      createdAt: NOW.toISOString(),
      state: 'published',
      listed: true,
    });
    // The rules still speak first: a bot learns nothing a person would not.
    expect(
      refusal(decideReview(order('received'), null, OWNER, { ...INPUT, website: 'x' }, HOLD, NOW))
        .message,
    ).toBe(REVIEW_MESSAGES.notYet);
  });
});

describe('which orders may be reviewed, and which reviews are public', () => {
  it.each<[OrderStatus, boolean]>([
    ['received', false],
    ['under_review', true],
    ['on_the_way', true],
    ['loading', true],
    ['in_transit', true],
    ['delivered', true],
    ['cancelled', false],
  ])('%s → reviewable %s', (status, expected) => {
    expect(isReviewableStatus(status)).toBe(expected);
  });

  it('knows every status of the lifecycle', () => {
    expect(ORDER_STATUSES.filter(isReviewableStatus)).toEqual([
      'under_review',
      'on_the_way',
      'arrived',
      'loading',
      'in_transit',
      'delivered',
    ]);
    expect(isReviewableStatus(undefined)).toBe(false);
  });

  it.each<[ReviewState, string | null, boolean]>([
    ['published', 'delivered', true],
    ['published', 'in_transit', false],
    ['published', 'cancelled', false],
    ['published', null, false],
    ['pending', 'delivered', false],
    ['hidden', 'delivered', false],
  ])('%s review of a %s order → listed %s', (state, status, expected) => {
    expect(isListed(state, status)).toBe(expected);
  });

  it('an admin sees a review with its order, and whether the public lists it', () => {
    const review = {
      id: 'o1',
      name: 'Mona',
      review: 'On time',
      rating: 5,
      createdAt: '2026-04-21',
    };
    const delivered = {
      ...order('delivered'),
      orderNumber: 'AF-1',
      phoneNumber: '01012345678',
    };
    expect(adminReview(review, 'published', delivered)).toEqual({
      ...review,
      state: 'published',
      order: { id: 'o1', orderNumber: 'AF-1', fullName: 'منى عبد الرحمن', status: 'delivered' },
      listed: true,
    });
    expect(adminReview(review, 'pending', delivered).listed).toBe(false);
    // Without an order (before D14, or deleted since): never public.
    expect(adminReview(review, 'published', null)).toEqual({
      ...review,
      state: 'published',
      order: null,
      listed: false,
    });
  });

  it('the caller’s reviewable orders without a review, newest first, with the name to show', () => {
    const base = { fullName: 'Mona Hassan', moveDate: '2026-04-20', userId: OWNER.id };
    const orders = [
      {
        ...base,
        id: 'a',
        orderNumber: 'AF-1',
        status: 'delivered' as const,
        createdAt: '2026-04-01',
      },
      {
        ...base,
        id: 'b',
        orderNumber: 'AF-2',
        status: 'in_transit' as const,
        createdAt: '2026-04-03',
      },
      {
        ...base,
        id: 'c',
        orderNumber: 'AF-3',
        status: 'received' as const,
        createdAt: '2026-04-04',
      },
      {
        ...base,
        id: 'd',
        orderNumber: 'AF-4',
        status: 'cancelled' as const,
        createdAt: '2026-04-05',
      },
      {
        ...base,
        id: 'e',
        orderNumber: 'AF-5',
        status: 'delivered' as const,
        createdAt: '2026-04-02',
      },
      {
        ...base,
        id: 'f',
        orderNumber: 'AF-6',
        status: 'delivered' as const,
        createdAt: '2026-04-06',
        userId: 'u-other',
      },
    ];
    const reviewed = new Set(['e']);
    expect(reviewableOrders(orders, OWNER, (id) => reviewed.has(id))).toEqual([
      {
        orderId: 'b',
        orderNumber: 'AF-2',
        moveDate: '2026-04-20',
        status: 'in_transit',
        name: 'Mona',
      },
      {
        orderId: 'a',
        orderNumber: 'AF-1',
        moveDate: '2026-04-20',
        status: 'delivered',
        name: 'Mona',
      },
    ]);
  });
});

describe('reviewerName', () => {
  it.each([
    ['Mona Hassan', 'Mona'],
    ['  Mona   Hassan Ali ', 'Mona'],
    ['منى عبد الرحمن', 'منى'],
    ['عبد الرحمن محمد', 'عبد الرحمن'],
    ['أبو بكر سالم', 'أبو بكر'],
    ['Abd El Aziz Omar', 'Abd El Aziz'],
    ['Abdul Karim', 'Abdul Karim'],
    ['M Hassan', 'M Hassan'],
    ['Karim', 'Karim'],
    [`${'x'.repeat(70)} Omar`, 'x'.repeat(60)],
  ])('%s → %s', (fullName, expected) => {
    expect(reviewerName(fullName)).toBe(expected);
  });
});

describe('moderation', () => {
  const withOrder = { order: { id: 'o1' } };
  it('publishes and hides a review of an order', () => {
    expect(decideModeration(withOrder, false)).toBe('published');
    expect(decideModeration(withOrder, true)).toBe('hidden');
  });

  it('never publishes a review without an order; hiding one is fine', () => {
    const violation = decideModeration({ order: null }, false) as RuleViolation;
    expect([violation.code, violation.message]).toEqual([
      'failed-precondition',
      REVIEW_MESSAGES.noOrder,
    ]);
    expect(decideModeration({ order: null }, true)).toBe('hidden');
  });
});

describe('stored data ages', () => {
  it.each<[{ state?: unknown; hidden?: unknown }, ReviewState]>([
    [{ state: 'published' }, 'published'],
    [{ state: 'pending', hidden: 1 }, 'pending'],
    // Written before D14: no state.
    [{ hidden: 0 }, 'pending'],
    [{ hidden: false }, 'pending'],
    [{ hidden: 1 }, 'hidden'],
    [{ hidden: true }, 'hidden'],
    [{ state: null, hidden: 0 }, 'pending'],
    [{ state: 'archived' }, 'pending'],
  ])('reviewStateOf(%j) → %s', (stored, expected) => {
    expect(reviewStateOf(stored)).toBe(expected);
  });

  it.each<[unknown, boolean]>([
    [undefined, false],
    [null, false],
    [{}, false],
    [{ publishAtOnce: true }, true],
    [{ publishAtOnce: 'yes' }, false],
    ['{"publishAtOnce":true}', false],
  ])('reviewSettingsFrom(%j).publishAtOnce → %s', (stored, expected) => {
    expect(reviewSettingsFrom(stored)).toEqual({ publishAtOnce: expected });
  });
});

describe('reviewCooldownRefusal', () => {
  const NOW = Date.parse('2026-05-21T10:30:00.000Z');

  it('within the minute: rate-limited, with the whole seconds left to wait', () => {
    const refusal = reviewCooldownRefusal(NOW - 45_500, NOW);
    expect(refusal).toBeInstanceOf(RetryLater);
    expect(refusal).toMatchObject({
      code: 'rate-limited',
      message: 'validation:review.cooldown',
      retryAfterSeconds: 15,
    });
    expect(reviewCooldownRefusal(NOW, NOW)?.retryAfterSeconds).toBe(60);
    // Under a second left is still a second to wait, never 0.
    expect(reviewCooldownRefusal(NOW - 59_999, NOW)?.retryAfterSeconds).toBe(1);
  });

  it('no earlier review, the minute over, or a time in the future: no refusal', () => {
    expect(reviewCooldownRefusal(null, NOW)).toBeNull();
    expect(reviewCooldownRefusal(undefined, NOW)).toBeNull();
    expect(reviewCooldownRefusal(NOW - 60_000, NOW)).toBeNull();
    expect(reviewCooldownRefusal(NOW + 5_000, NOW)).toBeNull();
  });
});
