// Review types and the rules that need no schema library, so the reviews list and carousel can
// use them without loading zod on the home page. The form's schema is in review-schema.ts; the
// rules that decide whether a review may be written, and what it shows, are in review-rules.ts
// (docs/decisions.md D14).
import type { OrderStatus } from './status';

/** A review as everyone sees it: in the public list and the stars. */
export interface Review {
  id: string;
  /** Derived from the order's name (D14), never typed by the author. */
  name: string;
  review: string;
  rating: number;
  createdAt: string;
}

/**
 * Where a review stands with the team (D14): waiting for approval, published, or hidden. Only a
 * published review of a delivered order is in the public list and the stars.
 */
export const REVIEW_STATES = ['pending', 'published', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export function isReviewState(x: unknown): x is ReviewState {
  return typeof x === 'string' && (REVIEW_STATES as readonly string[]).includes(x);
}

/** The order a review belongs to, as the admin sees it. */
export interface ReviewedOrder {
  id: string;
  orderNumber: string;
  /** The customer's full name on the order; the review shows only part of it. */
  fullName: string;
  status: OrderStatus;
}

/** A review as an admin sees it: every state, with its order. */
export interface AdminReview extends Review {
  state: ReviewState;
  /**
   * Null for a review without an order: one written before reviews came from orders, or whose
   * order was deleted. Such a review is never public (D14).
   */
  order: ReviewedOrder | null;
  /** In the public list and the stars now (published, and its order delivered). */
  listed: boolean;
}

/** What the author is told after sending: whether it is public now, or waits for the team. */
export interface SubmittedReview extends Review {
  state: ReviewState;
  listed: boolean;
}

/** An order its owner may review now: what the review form and the quick rating show. */
export interface ReviewableOrder {
  orderId: string;
  orderNumber: string;
  /** YYYY-MM-DD, Cairo calendar date. */
  moveDate: string;
  status: OrderStatus;
  /** The name the review will show. */
  name: string;
}

/** The admin's choice (D14), stored as data. */
export interface ReviewSettings {
  /** True: a new review is published at once. False (the default): it waits for approval. */
  publishAtOnce: boolean;
}

export const DEFAULT_REVIEW_SETTINGS: Readonly<ReviewSettings> = Object.freeze({
  publishAtOnce: false,
});

export const REVIEW_NAME_MIN = 2;
export const REVIEW_NAME_MAX = 60;
export const REVIEW_TEXT_MIN = 2;
export const REVIEW_TEXT_MAX = 600;
export const REVIEW_COOLDOWN_MS = 60_000;

/** A filled honeypot means the submission is dropped silently (spec 5, D2). */
export function isHoneypotFilled(values: { website?: unknown }): boolean {
  const trap = values.website;
  if (trap === undefined || trap === null) return false;
  return typeof trap === 'string' ? trap.trim() !== '' : true;
}

/**
 * One review per minute. A timestamp in the future (a clock moved back) does not lock the
 * visitor out for good: only the last minute counts.
 */
export function isWithinReviewCooldown(
  lastSubmittedAt: number | null | undefined,
  now: number = Date.now(),
): boolean {
  if (typeof lastSubmittedAt !== 'number' || !Number.isFinite(lastSubmittedAt)) return false;
  const elapsed = now - lastSubmittedAt;
  return elapsed >= 0 && elapsed < REVIEW_COOLDOWN_MS;
}

/**
 * How long until the author of a review at `lastSubmittedAt` may post again, in ms; 0 once the
 * minute is over (and for a time in the future, as above). Every backend refuses a review with
 * this as its retry time.
 */
export function reviewCooldownLeftMs(
  lastSubmittedAt: number | null | undefined,
  now: number = Date.now(),
): number {
  if (!isWithinReviewCooldown(lastSubmittedAt, now)) return 0;
  return (lastSubmittedAt as number) + REVIEW_COOLDOWN_MS - now;
}

/** Stored reviews are shown only with a real name and text (spec 5). */
export function isDisplayableReview(review: { name?: unknown; review?: unknown }): boolean {
  const long = (value: unknown, min: number) =>
    typeof value === 'string' && value.trim().length >= min;
  return long(review.name, REVIEW_NAME_MIN) && long(review.review, REVIEW_TEXT_MIN);
}
