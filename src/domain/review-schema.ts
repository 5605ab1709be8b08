import { z } from 'zod';
import { parseDecimal } from './digits';
import { RATING_MAX, RATING_MIN } from './rating';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './reviews';
import { object, text } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Its own module: only the review dialog (on its first submit) and the backends build it. The
// zod-free review rules (limits, cooldown, honeypot) are in reviews.ts, for the lists and the
// carousel; who may review what is in review-rules.ts (D14).

/** A document or row id: what names an order. */
const ORDER_ID_MAX = 200;

export const reviewSchema = object({
  // The order reviewed (D14). The name shown comes from it, so there is no name field.
  orderId: z
    .string({ error: M.reviewOrder })
    .trim()
    .min(1, { error: M.reviewOrder })
    .max(ORDER_ID_MAX, { error: M.reviewOrder }),
  review: text(M.reviewTextLength, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, M.reviewTextLength, {
    multiline: true,
  }),
  // The customer chooses the stars: no default, no clamping (D14). Arabic-Indic digits count.
  rating: z.preprocess(
    (value) =>
      value === undefined || value === null || value === '' ? value : parseDecimal(value),
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

/** The team's review settings (D14), as the admin saves them. */
export const reviewSettingsSchema = z.strictObject(
  { publishAtOnce: z.boolean({ error: M.invalid }) },
  { error: M.invalid },
);

/**
 * An admin's decision on a review (D14): `hidden: true` hides it, `false` publishes it (approves
 * a held one). The server's PATCH /api/reviews/:id and the functions' moderateReview parse it.
 */
export const reviewModerationSchema = z.strictObject(
  { hidden: z.boolean({ error: M.invalid }) },
  { error: M.invalid },
);
