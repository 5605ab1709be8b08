import { LISTED_ORDER_STATUS } from '../../../src/domain/review-rules.ts';
import type { Subscriber } from './subscribers.ts';

/**
 * A review is public only while its order is delivered (D14): when an order with a review
 * changes status, or a delivered order is deleted (its review stays, without an order), the
 * public list may have changed, and its live streams and rendered pages hear so as after a
 * moderation.
 */
export const reviewsFollowOrders: Subscriber = (events, app) => {
  events.on('order.statusChanged', ({ order }) => {
    const review = app.reviews.findByOrder(order.id);
    if (review) events.publish({ type: 'review.moderated', reviewId: review.id });
  });
  events.on('order.deleted', ({ status }) => {
    if (status === LISTED_ORDER_STATUS)
      events.publish({ type: 'review.moderated', reviewId: null });
  });
};
