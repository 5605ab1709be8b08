// Reviews (spec 5, D2): anyone with a session posts one a minute (per user and per App Check
// token, so new anonymous accounts do not lift the limit); admins hide, show and delete.
import { randomUUID } from 'node:crypto';
import { RuleViolation } from '../../../src/domain/errors.ts';
import type { AdminReview, Review } from '../../../src/domain/reviews.ts';
import { reviewSchema } from '../../../src/domain/review-schema.ts';
import { isHoneypotFilled } from '../../../src/domain/reviews.ts';
import { VALIDATION_MESSAGES } from '../../../src/domain/validation-messages.ts';
import {
  requireAdmin,
  requireCaller,
  type AdminDirectory,
  type CallContext,
} from '../platform/context.ts';
import type { Settings } from '../platform/settings.ts';
import { documentId, invalidFields, objectOf, parseOrRefuse } from '../shared/input.ts';
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
): Promise<Review> {
  const caller = requireCaller(ctx);
  const input = parseOrRefuse(reviewSchema, data);
  const { name, review, rating } = input;
  // A bot sees the same success a person would; nothing is stored.
  if (isHoneypotFilled(input)) {
    return { id: randomUUID(), name, review, rating, createdAt: ctx.now.toISOString() };
  }
  const limits = limitsFor(
    'review',
    { uid: caller.uid, appKey: ctx.appKey },
    { user: deps.settings.limits.reviews, app: deps.settings.limits.reviews },
    VALIDATION_MESSAGES.reviewCooldown,
  );
  return deps.reviews.add({ name, review, rating }, { now: ctx.now, limits });
}

export async function moderateReview(
  ctx: CallContext,
  data: unknown,
  deps: ReviewDeps,
): Promise<AdminReview> {
  await requireAdmin(ctx, deps.admins);
  const body = objectOf(data);
  const id = documentId(body.id);
  if (typeof body.hidden !== 'boolean')
    throw invalidFields({ hidden: VALIDATION_MESSAGES.invalid });
  const review = await deps.reviews.setHidden(id, body.hidden);
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
