import { z } from 'zod';
import { parseRating, RATING_MAX, RATING_MIN } from './rating';
import { REVIEW_NAME_MAX, REVIEW_NAME_MIN, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './reviews';
import { object, text } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Its own module: only the review dialog (on its first submit) and the backends build it. The
// zod-free review rules (limits, cooldown, honeypot) are in reviews.ts, for the lists and the
// carousel.

export const reviewSchema = object({
  name: text(M.reviewNameLength, REVIEW_NAME_MIN, REVIEW_NAME_MAX, M.reviewNameLength, {
    letters: true,
  }),
  review: text(M.reviewTextLength, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, M.reviewTextLength, {
    multiline: true,
  }),
  // The spec reads ratings forgivingly (default 5, clamped) instead of rejecting them.
  rating: z.preprocess(
    (value) => parseRating(value),
    z
      .number({ error: M.reviewRating })
      .int({ error: M.reviewRating })
      .min(RATING_MIN, { error: M.reviewRating })
      .max(RATING_MAX, { error: M.reviewRating }),
  ),
  // Honeypot: hidden from people, filled by bots. Accepted here so a bot sees a normal success.
  website: z.string({ error: M.invalid }).optional(),
});
export type ReviewInput = z.output<typeof reviewSchema>;
