import { randomUUID } from 'node:crypto';
import { RuleViolation } from '../../../src/domain/errors.ts';
import type { AdminReview, Review } from '../../../src/domain/reviews.ts';
import { reviewSchema } from '../../../src/domain/review-schema.ts';
import { isHoneypotFilled } from '../../../src/domain/reviews.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { ReviewsRepository } from '../repositories/reviews-repository.ts';

export const REVIEW_MESSAGES = {
  cooldown: 'validation:review.cooldown',
  notFound: 'errors:notFound',
} as const;

/** One review per user and per address a minute: the refusal says when to try again. */
export class ReviewCooldownError extends RuleViolation {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super('rate-limited', REVIEW_MESSAGES.cooldown);
    this.retryAfterMs = retryAfterMs;
  }
}

function notFound(): RuleViolation {
  return new RuleViolation('not-found', REVIEW_MESSAGES.notFound);
}

/** Posting and moderating reviews (spec 5, D2). */
export class ReviewsService {
  readonly #reviews: ReviewsRepository;
  readonly #events: DomainEvents;

  constructor(reviews: ReviewsRepository, events: DomainEvents) {
    this.#reviews = reviews;
    this.#events = events;
  }

  list(): Review[] {
    return this.#reviews.list();
  }

  /** Hidden ones included, for moderation (admins only; the route checks). */
  listAll(): AdminReview[] {
    return this.#reviews.listAll();
  }

  post(body: unknown, user: AuthUser, ip: string | null, now: Date = new Date()): Review {
    const input = reviewSchema.parse(body);
    if (isHoneypotFilled(input)) {
      // A bot sees the same success a person would; nothing is stored or published.
      return {
        id: randomUUID(),
        name: input.name,
        review: input.review,
        rating: input.rating,
        createdAt: now.toISOString(),
      };
    }
    const outcome = this.#reviews.addUnlessCoolingDown(
      { name: input.name, review: input.review, rating: input.rating, userId: user.id, ip },
      now,
    );
    if (!outcome.ok) throw new ReviewCooldownError(outcome.retryAfterMs);
    this.#events.publish({ type: 'review.posted', review: outcome.review });
    return outcome.review;
  }

  setHidden(id: string, hidden: boolean): AdminReview {
    const review = this.#reviews.setHidden(id, hidden);
    if (!review) throw notFound();
    this.#events.publish({ type: 'review.moderated', reviewId: id });
    return review;
  }

  remove(id: string): void {
    if (!this.#reviews.remove(id)) throw notFound();
    this.#events.publish({ type: 'review.moderated', reviewId: id });
  }
}
