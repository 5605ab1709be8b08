import { useCallback } from 'react';
import { errorMessageKey, fieldMessageKey } from '../../../data/error-messages';
import { isDataError, type NewReview } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { isHoneypotFilled, REVIEW_COOLDOWN_MS } from '../../../domain/reviews';
import { parseRating } from '../../../domain/rating';
import { isCoolingDown, rememberReview } from '../review-cooldown';

export const COOLDOWN_KEY = 'errors:review.cooldown';
export const SAVE_FAILED_KEY = 'reviews:errors.saveFailed';

export type SubmitOutcome =
  { ok: true } | { ok: false; message: string; fields?: Record<string, string> };

/**
 * Posts a review (dialog or quick rating): a session first (visitors sign in anonymously), the
 * spec's one-minute rule checked in the browser before sending and by the server after.
 */
export function useSubmitReview(): (input: NewReview) => Promise<SubmitOutcome> {
  const port = useDataPort();
  return useCallback(
    async (input) => {
      const trapped = isHoneypotFilled(input);
      // A filled trap goes to the server, which drops it and answers like a success.
      if (!trapped && isCoolingDown()) return { ok: false, message: COOLDOWN_KEY };
      try {
        await port.auth.ensureSession();
        await port.reviews.add({ ...input, rating: parseRating(input.rating) });
        if (!trapped) rememberReview();
        return { ok: true };
      } catch (error) {
        const key = errorMessageKey(error, 'generic');
        if (key === COOLDOWN_KEY) {
          // Another tab or device posted: remember when the server's minute ends.
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
        // Spec 8: a failed save is logged; the visitor also gets a polite message.
        console.error('reviews: could not save the review', error);
        return { ok: false, message: SAVE_FAILED_KEY };
      }
    },
    [port],
  );
}
