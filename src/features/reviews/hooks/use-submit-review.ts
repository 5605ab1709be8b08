import { useCallback } from 'react';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError, type NewReview, type SubmittedReview } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { isHoneypotFilled, REVIEW_COOLDOWN_MS } from '../../../domain/reviews';
import { isCoolingDown, rememberReview } from '../review-cooldown';

export const COOLDOWN_KEY = 'errors:review.cooldown';
export const SAVE_FAILED_KEY = 'reviews:errors.saveFailed';

export type SubmitOutcome =
  | { ok: true; review: SubmittedReview }
  | { ok: false; message: string; fields?: Record<string, string> };

/**
 * What the customer is told after sending (D14): published now, published once the move is
 * delivered, or held until the team has read it.
 */
export function sentMessageKey(review: Pick<SubmittedReview, 'state' | 'listed'>): string {
  if (review.listed) return 'reviews:sent.published';
  return review.state === 'published' ? 'reviews:sent.afterDelivery' : 'reviews:sent.held';
}

/**
 * Sends a customer's review of their order (dialog or quick rating): the spec's one-minute rule
 * checked in the browser before sending and by the backend after, which also checks the order
 * is theirs and may be reviewed (D14). The caller has a session: it listed the order.
 */
export function useSubmitReview(): (input: NewReview) => Promise<SubmitOutcome> {
  const port = useDataPort();
  return useCallback(
    async (input) => {
      const trapped = isHoneypotFilled(input);
      // A filled trap goes to the backend, which drops it and answers like a success.
      if (!trapped && isCoolingDown()) return { ok: false, message: COOLDOWN_KEY };
      try {
        const review = await port.reviews.add(input);
        if (!trapped) rememberReview();
        return { ok: true, review };
      } catch (error) {
        const key = errorMessageKey(error, 'generic');
        if (key === COOLDOWN_KEY) {
          // Another tab or device posted: remember when the backend's minute ends.
          const wait = isDataError(error) ? error.retryAfterSeconds : undefined;
          if (wait !== undefined) rememberReview(Date.now() - REVIEW_COOLDOWN_MS + wait * 1000);
          return { ok: false, message: COOLDOWN_KEY };
        }
        if (isDataError(error) && error.code === 'invalid-argument' && error.fields) {
          const fields = Object.fromEntries(
            Object.entries(error.fields).map(([field, k]) => [field, fieldMessageKey(k)]),
          );
          return { ok: false, message: 'errors:invalid', fields };
        }
        // A rule's refusal (not your order, already reviewed…) says what is wrong.
        if (isDataError(error) && key.startsWith('errors:review.')) {
          return { ok: false, message: key };
        }
        // Spec 8: a failed save is logged; the customer also gets a polite message.
        console.error('reviews: could not save the review', error);
        return { ok: false, message: SAVE_FAILED_KEY };
      }
    },
    [port],
  );
}
