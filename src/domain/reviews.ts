// Review rules that need no schema library, so the reviews list and carousel can use them
// without loading zod on the home page; the form's schema lives in review-schema.ts.

export interface Review {
  id: string;
  name: string;
  review: string;
  rating: number;
  createdAt: string;
}

/** A review as an admin sees it: hidden ones stay stored but leave the public list. */
export interface AdminReview extends Review {
  hidden: boolean;
}

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

/** Stored reviews are shown only with a real name and text (spec 5). */
export function isDisplayableReview(review: { name?: unknown; review?: unknown }): boolean {
  const long = (value: unknown, min: number) =>
    typeof value === 'string' && value.trim().length >= min;
  return long(review.name, REVIEW_NAME_MIN) && long(review.review, REVIEW_TEXT_MIN);
}
