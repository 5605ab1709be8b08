import { isWithinReviewCooldown } from '../../domain/reviews';

/** Spec (browser storage): the time of the last review, to warn before sending another. */
export const LAST_REVIEW_KEY = 'lastReviewAt';

export function readLastReviewAt(): number | null {
  try {
    const raw = localStorage.getItem(LAST_REVIEW_KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberReview(at: number = Date.now()): void {
  try {
    localStorage.setItem(LAST_REVIEW_KEY, String(at));
  } catch {
    // Blocked storage: the server still enforces the minute.
  }
}

export function isCoolingDown(now: number = Date.now()): boolean {
  return isWithinReviewCooldown(readLastReviewAt(), now);
}
