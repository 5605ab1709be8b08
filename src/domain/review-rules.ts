/**
 * Reviews come from customers' orders (docs/decisions.md D14). Who may write a review, what it
 * stores and shows, and what the team's choices do, decided once: the server's reviews service,
 * the functions' review handler and the memory adapter load what these functions need, call
 * them, and store what they return.
 */
import { RetryLater, RuleViolation } from './errors';
import type { Order } from './order';
import type { ReviewInput } from './review-schema';
import {
  DEFAULT_REVIEW_SETTINGS,
  isHoneypotFilled,
  isReviewState,
  REVIEW_NAME_MAX,
  REVIEW_NAME_MIN,
  reviewCooldownLeftMs,
  type AdminReview,
  type Review,
  type ReviewableOrder,
  type ReviewSettings,
  type ReviewState,
  type SubmittedReview,
} from './reviews';
import { statusProgressIndex, type OrderStatus } from './status';
import { VALIDATION_MESSAGES } from './validation-messages';

/** The refusals' messages: `errors` keys, each saying more than its code. */
export const REVIEW_MESSAGES = {
  orderNotFound: 'errors:review.orderNotFound',
  notYourOrder: 'errors:review.notYourOrder',
  notYet: 'errors:review.notYet',
  cancelled: 'errors:review.cancelled',
  alreadyReviewed: 'errors:review.alreadyReviewed',
  noOrder: 'errors:review.noOrder',
  notFound: 'errors:notFound',
  cooldown: VALIDATION_MESSAGES.reviewCooldown,
} as const;

/** The order status whose reviews are public (and counted in the stars) once published. */
export const LISTED_ORDER_STATUS: OrderStatus = 'delivered';

/**
 * Whether an order may be reviewed: it has been confirmed (it left `received` on the lifecycle,
 * D5) and is not cancelled. A status the lifecycle does not know is not reviewable.
 */
export function isReviewableStatus(status: string | null | undefined): boolean {
  return statusProgressIndex(status) > statusProgressIndex('received');
}

/** In the public list and the stars: published by the team, and its order delivered. */
export function isListed(state: ReviewState, orderStatus: string | null | undefined): boolean {
  return state === 'published' && orderStatus === LISTED_ORDER_STATUS;
}

/**
 * A review as the admin sees it (D14): its state, its order as it is now (null: none, or
 * deleted; such a review is never public) and whether the public lists it.
 */
export function adminReview(
  review: Review,
  state: ReviewState,
  order: Pick<Order, 'id' | 'orderNumber' | 'fullName' | 'status'> | null,
): AdminReview {
  const reviewed =
    order === null
      ? null
      : {
          id: order.id,
          orderNumber: order.orderNumber,
          fullName: order.fullName,
          status: order.status,
        };
  return { ...review, state, order: reviewed, listed: isListed(state, reviewed?.status) };
}

/** The state a new review starts in, by the team's setting. */
export function initialReviewState(settings: ReviewSettings): ReviewState {
  return settings.publishAtOnce ? 'published' : 'pending';
}

// Arabic and English name parts that do not stand alone: "عبد الرحمن", "Abu Bakr", "Abd El Aziz".
const NAME_PREFIXES = new Set(['عبد', 'ابو', 'أبو', 'abd', 'abdel', 'abdul', 'abu', 'el', 'al']);

/**
 * The name a review shows: the first name on the order (with the word that belongs to it when
 * it starts with "عبد", "أبو", "Abd", "Abu"…), never the rest, and never anything the author
 * typed, so nobody writes as someone else.
 */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/u).filter(Boolean);
  let take = 1;
  while (take < words.length && NAME_PREFIXES.has(words[take - 1]!.toLowerCase())) take += 1;
  let name = words.slice(0, take).join(' ');
  // "M Hassan": one letter is not a name to show; the next word makes it one.
  if ([...name].length < REVIEW_NAME_MIN && take < words.length) {
    name = words.slice(0, take + 1).join(' ');
  }
  return [...name].slice(0, REVIEW_NAME_MAX).join('').trim();
}

/** What a new review stores. */
export interface NewReviewRecord {
  orderId: string;
  /** The author: the order's owner. */
  userId: string;
  name: string;
  review: string;
  rating: number;
  state: ReviewState;
  /** ISO instant. */
  createdAt: string;
}

/**
 * What to do with a review the rules allow: store it, or (a filled honeypot) answer as if it
 * were stored and store nothing. `listed`: whether it is public at once.
 */
export interface ReviewDecision {
  action: 'store' | 'drop';
  record: NewReviewRecord;
  listed: boolean;
}

type ReviewOrder = Pick<Order, 'id' | 'userId' | 'status' | 'fullName'>;

/**
 * Decides a customer's review of an order (D14): the order must exist, be the caller's own,
 * be confirmed and not cancelled, and have no review yet. The name comes from the order, the
 * state from the team's setting. Returns the refusal rather than throwing it. The per-user and
 * per-address minute (D2) is the backend's to check with the store, in the same transaction.
 */
export function decideReview(
  order: ReviewOrder | null,
  existing: { id: string } | null,
  user: { id: string },
  input: Pick<ReviewInput, 'review' | 'rating' | 'website'>,
  settings: ReviewSettings,
  now: Date,
): ReviewDecision | RuleViolation {
  if (order === null) return new RuleViolation('not-found', REVIEW_MESSAGES.orderNotFound);
  if (order.userId === null || order.userId !== user.id) {
    // Admins too: a review is the customer's word, not the team's.
    return new RuleViolation('permission-denied', REVIEW_MESSAGES.notYourOrder);
  }
  if (existing !== null) {
    return new RuleViolation('already-exists', REVIEW_MESSAGES.alreadyReviewed);
  }
  if (order.status === 'cancelled') {
    return new RuleViolation('failed-precondition', REVIEW_MESSAGES.cancelled);
  }
  if (!isReviewableStatus(order.status)) {
    return new RuleViolation('failed-precondition', REVIEW_MESSAGES.notYet);
  }
  const state = initialReviewState(settings);
  return {
    action: isHoneypotFilled(input) ? 'drop' : 'store',
    record: {
      orderId: order.id,
      userId: user.id,
      name: reviewerName(order.fullName),
      review: input.review,
      rating: input.rating,
      state,
      createdAt: now.toISOString(),
    },
    listed: isListed(state, order.status),
  };
}

/** What the author is answered with, for a stored (or dropped) review. */
export function submittedReview(id: string, decision: ReviewDecision): SubmittedReview {
  const { name, review, rating, createdAt, state } = decision.record;
  return { id, name, review, rating, createdAt, state, listed: decision.listed };
}

/**
 * The admin publishes (approves) or hides a review. A review without an order is never public
 * (D14): publishing one is refused; hiding it is allowed.
 */
export function decideModeration(
  review: { order: unknown },
  hidden: boolean,
): ReviewState | RuleViolation {
  if (hidden) return 'hidden';
  if (review.order === null || review.order === undefined) {
    return new RuleViolation('failed-precondition', REVIEW_MESSAGES.noOrder);
  }
  return 'published';
}

/**
 * A stored review's state, whatever version wrote it. Reviews from before D14 have none (and no
 * order): a hidden one stays hidden, the others wait, never public without an order anyway.
 */
export function reviewStateOf(stored: { state?: unknown; hidden?: unknown }): ReviewState {
  if (isReviewState(stored.state)) return stored.state;
  return stored.hidden === true || stored.hidden === 1 ? 'hidden' : 'pending';
}

/** The stored settings, with the defaults for whatever they do not say (or a missing record). */
export function reviewSettingsFrom(stored: unknown): ReviewSettings {
  const record = typeof stored === 'object' && stored !== null ? stored : {};
  const { publishAtOnce } = record as Record<string, unknown>;
  return {
    publishAtOnce:
      typeof publishAtOnce === 'boolean' ? publishAtOnce : DEFAULT_REVIEW_SETTINGS.publishAtOnce,
  };
}

/**
 * The caller's orders they may review now, newest first: reviewable, and without a review yet
 * (`reviewed` says which have one).
 */
export function reviewableOrders(
  orders: readonly Pick<
    Order,
    'id' | 'orderNumber' | 'userId' | 'status' | 'moveDate' | 'fullName' | 'createdAt'
  >[],
  user: { id: string },
  reviewed: (orderId: string) => boolean,
): ReviewableOrder[] {
  return orders
    .filter((o) => o.userId === user.id && isReviewableStatus(o.status) && !reviewed(o.id))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((o) => ({
      orderId: o.id,
      orderNumber: o.orderNumber,
      moveDate: o.moveDate,
      status: o.status,
      name: reviewerName(o.fullName),
    }));
}

/**
 * The refusal of a review posted while its author's last one (by the same user or from the same
 * address) is under a minute old (spec 5, D2): `rate-limited` with the seconds left to wait, or
 * null once the minute is over. `lastSubmittedAt` is that review's time (ms), if any.
 */
export function reviewCooldownRefusal(
  lastSubmittedAt: number | null | undefined,
  now: number,
): RetryLater | null {
  const wait = reviewCooldownLeftMs(lastSubmittedAt, now);
  return wait > 0 ? new RetryLater('rate-limited', REVIEW_MESSAGES.cooldown, wait) : null;
}
