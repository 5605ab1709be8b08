import { randomUUID } from 'node:crypto';
import { RuleViolation } from '../../../src/domain/errors.ts';
import type {
  AdminReview,
  Review,
  ReviewableOrder,
  ReviewSettings,
  SubmittedReview,
} from '../../../src/domain/reviews.ts';
import { reviewSchema, reviewSettingsSchema } from '../../../src/domain/review-schema.ts';
import {
  decideModeration,
  decideReview,
  REVIEW_MESSAGES as RULE_MESSAGES,
  reviewCooldownRefusal,
  submittedReview,
} from '../../../src/domain/review-rules.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { AuthUser } from '../plugins/sessions.ts';
import type { OrdersRepository } from '../repositories/orders-repository.ts';
import type { ReviewsRepository } from '../repositories/reviews-repository.ts';

export const REVIEW_MESSAGES = {
  cooldown: RULE_MESSAGES.cooldown,
  notFound: RULE_MESSAGES.notFound,
} as const;

function notFound(): RuleViolation {
  return new RuleViolation('not-found', REVIEW_MESSAGES.notFound);
}

/**
 * Reviews from customers' orders and their moderation (spec 5, D2, D14). The rules are the
 * domain's (src/domain/review-rules.ts); this class loads what they need, in one transaction
 * with the write, stores what they decide and publishes what happened.
 */
export class ReviewsService {
  readonly #reviews: ReviewsRepository;
  readonly #orders: Pick<OrdersRepository, 'findById'>;
  readonly #events: DomainEvents;

  constructor(
    reviews: ReviewsRepository,
    orders: Pick<OrdersRepository, 'findById'>,
    events: DomainEvents,
  ) {
    this.#reviews = reviews;
    this.#orders = orders;
    this.#events = events;
  }

  /** The public list: published reviews of delivered orders. */
  list(): Review[] {
    return this.#reviews.list();
  }

  /** Every review, every state, with its order, for moderation (admins only; the route checks). */
  listAll(): AdminReview[] {
    return this.#reviews.listAll();
  }

  /** The user's orders they may review now. */
  reviewable(user: AuthUser): ReviewableOrder[] {
    return this.#reviews.reviewableOrders(user.id);
  }

  post(body: unknown, user: AuthUser, ip: string | null, now: Date = new Date()): SubmittedReview {
    const input = reviewSchema.parse(body);
    const outcome = this.#reviews.inTransaction(() => {
      const decision = decideReview(
        this.#orders.findById(input.orderId),
        this.#reviews.findByOrder(input.orderId),
        user,
        input,
        this.#reviews.settings(),
        now,
      );
      if (decision instanceof RuleViolation) throw decision;
      // A bot sees the same success a person would; nothing is stored or published, and a
      // dropped submission does not start the minute for a real one.
      if (decision.action === 'drop')
        return { stored: false, review: submittedReview(randomUUID(), decision) };
      const last = this.#reviews.lastWithinCooldown({ userId: user.id, ip }, now);
      const cooldown = reviewCooldownRefusal(last?.getTime(), now.getTime());
      if (cooldown) throw cooldown;
      const id = this.#reviews.insert(decision.record, ip);
      return { stored: true, review: submittedReview(id, decision) };
    });
    if (outcome.stored) {
      const { id, name, review, rating, createdAt } = outcome.review;
      this.#events.publish({
        type: 'review.posted',
        review: { id, name, review, rating, createdAt },
      });
    }
    return outcome.review;
  }

  /** Hides a review, or publishes it (hidden = false approves a held one). */
  setHidden(id: string, hidden: boolean): AdminReview {
    const review = this.#reviews.inTransaction(() => {
      const found = this.#reviews.findById(id);
      if (!found) throw notFound();
      const state = decideModeration(found, hidden);
      if (state instanceof RuleViolation) throw state;
      return this.#reviews.setState(id, state);
    });
    if (!review) throw notFound();
    this.#events.publish({ type: 'review.moderated', reviewId: id });
    return review;
  }

  /** Deletes a review; its order may be reviewed again. */
  remove(id: string): void {
    if (!this.#reviews.remove(id)) throw notFound();
    this.#events.publish({ type: 'review.moderated', reviewId: id });
  }

  settings(): ReviewSettings {
    return this.#reviews.settings();
  }

  saveSettings(body: unknown, admin: AuthUser, now: Date = new Date()): ReviewSettings {
    return this.#reviews.saveSettings(reviewSettingsSchema.parse(body), admin.id, now);
  }
}
