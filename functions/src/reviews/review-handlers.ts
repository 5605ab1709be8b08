// Reviews from customers' orders (spec 5, D2, D14): the order's owner reviews it once, when it
// is confirmed; one a minute per user and per App Check token, so new anonymous accounts do not
// lift the limit. The rules are the domain's decideReview; admins publish, hide, delete and
// choose whether new reviews are published at once.
import { RuleViolation } from '../../../src/domain/errors.ts';
import { decideReview, REVIEW_MESSAGES } from '../../../src/domain/review-rules.ts';
import {
  reviewModerationSchema,
  reviewSchema,
  reviewSettingsSchema,
} from '../../../src/domain/review-schema.ts';
import type { AdminReview, ReviewSettings, SubmittedReview } from '../../../src/domain/reviews.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import {
  requireAdmin,
  requireCaller,
  type AdminDirectory,
  type CallContext,
} from '../platform/context.ts';
import type { Settings } from '../platform/settings.ts';
import { documentId, objectOf, parseOrRefuse } from '../shared/input.ts';
import { limitsFor } from '../shared/limits.ts';
import type { ReviewRepository } from './review-repository.ts';

export interface ReviewDeps {
  reviews: ReviewRepository;
  admins: AdminDirectory;
  settings: Settings;
}

function notFound(): RuleViolation {
  return new RuleViolation('not-found', 'errors:notFound');
}

/** Validated and trimmed by the shared schema: a blank or whitespace-only text never gets in. */
export async function addReview(
  ctx: CallContext,
  data: unknown,
  deps: ReviewDeps,
): Promise<SubmittedReview> {
  const caller = requireCaller(ctx);
  const input = parseOrRefuse(reviewSchema, data);
  const limits = limitsFor(
    'review',
    { uid: caller.uid, appKey: ctx.appKey },
    { user: deps.settings.limits.reviews, app: deps.settings.limits.reviews },
    VALIDATION_MESSAGES.reviewCooldown,
  );
  // An id that cannot name a document names no order.
  const orderId = documentId(input.orderId, REVIEW_MESSAGES.orderNotFound);
  return deps.reviews.add(
    orderId,
    (order, existing, settings) =>
      decideReview(order, existing, { id: caller.uid }, input, settings, ctx.now),
    { now: ctx.now, limits },
  );
}

/** `hidden: false` publishes a review (approves a held one); `true` hides it. */
export async function moderateReview(
  ctx: CallContext,
  data: unknown,
  deps: ReviewDeps,
): Promise<AdminReview> {
  await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id);
  // The server's schema for PATCH /api/reviews/:id; the call names the review beside it.
  const { hidden } = parseOrRefuse(reviewModerationSchema, { hidden: body.hidden });
  const review = await deps.reviews.setHidden(id, hidden);
  if (!review) throw notFound();
  return review;
}

export async function deleteReview(
  ctx: CallContext,
  data: unknown,
  deps: ReviewDeps,
): Promise<{ deleted: true }> {
  await requireAdmin(ctx, deps.admins);
  if (!(await deps.reviews.remove(documentId(objectOf(data).id)))) throw notFound();
  return { deleted: true };
}

/** The admin chooses: publish new reviews at once, or hold them for approval (D14). */
export async function saveReviewSettings(
  ctx: CallContext,
  data: unknown,
  deps: ReviewDeps,
): Promise<ReviewSettings> {
  const admin = await requireAdmin(ctx, deps.admins);
  const settings = parseOrRefuse(reviewSettingsSchema, data);
  return deps.reviews.saveSettings(settings, { uid: admin.uid, email: admin.email }, ctx.now);
}
