import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Review } from '../../../../src/domain/reviews.ts';
import { reviewModerationSchema } from '../../../../src/domain/review-schema.ts';
import { HttpError } from '../../errors.ts';
import { Topic } from '../../events/topic.ts';
import { clientNetwork } from '../../plugins/client-address.ts';
import { adminRequired, requireAdmin, userOf, userRequired } from '../../plugins/sessions.ts';
import { REVIEW_MESSAGES } from '../../services/reviews-service.ts';
import { eventStreams, sseEvent } from './event-stream.ts';
import type { LiveStream } from './event-stream.ts';
import {
  adminReviewResponse,
  reviewableOrdersResponse,
  reviewListResponse,
  reviewSettingsResponse,
  submittedReviewResponse,
} from './response-schemas.ts';
import { StreamShares } from './stream-shares.ts';

export { SSE_HEARTBEAT_MS } from './event-stream.ts';

const INVALID = 'validation:common.invalid';
/** Each stream holds a socket; past this many, new ones are refused rather than starving the rest. */
export const MAX_REVIEW_STREAMS = 1000;
/**
 * Streams one client may hold (D8): a few tabs per session and per address. Small enough that a
 * group of 100 addresses holds at most 400 of the 1,000; past 250 addresses, a full pool is
 * shared out fairly (stream-shares.ts). A client refused a stream polls the list instead.
 */
export const MAX_REVIEW_STREAMS_PER_SESSION = 4;
export const MAX_REVIEW_STREAMS_PER_ADDRESS = 4;
/** A refused stream's EventSource (or the polling it falls back to) should wait this long. */
export const STREAM_RETRY_AFTER_S = 30;
/** What a refused stream answers: the page then polls, and can say why if it wants to. */
export const STREAM_MESSAGES = {
  busy: 'errors:liveUpdates.busy',
  tooMany: 'errors:liveUpdates.tooMany',
} as const;

function reviewsEvent(reviews: Review[]): string {
  return sseEvent('reviews', { reviews });
}

const listQuerySchema = z.object(
  {
    // An empty `?all=` is the public list, like no parameter at all.
    all: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['1', 'true', '0', 'false'], { error: INVALID }).optional(),
    ),
  },
  { error: INVALID },
);

const idParams = z.object({ id: z.string().min(1).max(200) });

function notFound(): HttpError {
  return new HttpError(404, 'not-found', REVIEW_MESSAGES.notFound);
}

function reviewId(request: FastifyRequest): string {
  const parsed = idParams.safeParse(request.params);
  // An id that can't be ours can't name a review: the same answer as an unknown one.
  if (!parsed.success) throw notFound();
  return parsed.data.id;
}

export interface ReviewsRoutesOptions {
  heartbeatMs?: number;
  maxStreams?: number;
  maxStreamsPerSession?: number;
  maxStreamsPerAddress?: number;
}

/**
 * The reviews carousel: a list, a live stream of it, customers reviewing their own orders, and
 * the team's moderation and settings (spec 5, D2, D14).
 */
export async function reviewsRoutes(
  app: FastifyInstance,
  options: ReviewsRoutesOptions = {},
): Promise<void> {
  const { services, events } = app;
  const changes = new Topic<string>();
  const streams = eventStreams(
    app,
    options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {},
  );
  const shares = new StreamShares<LiveStream>({
    total: options.maxStreams ?? MAX_REVIEW_STREAMS,
    perSession: options.maxStreamsPerSession ?? MAX_REVIEW_STREAMS_PER_SESSION,
    perAddress: options.maxStreamsPerAddress ?? MAX_REVIEW_STREAMS_PER_ADDRESS,
  });

  /** Every open stream hears the public list after a change that may have altered it. */
  const broadcast = () => {
    if (changes.size > 0) changes.publish(reviewsEvent(services.reviews.list()));
  };
  const stopListening = [
    events.on('review.posted', broadcast),
    events.on('review.moderated', broadcast),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopListening) stop();
  });

  app.get('/reviews', { schema: { response: reviewListResponse } }, async (request) => {
    const { all } = listQuerySchema.parse(request.query ?? {});
    if (all === '1' || all === 'true') {
      // Moderation (issue 5): hidden reviews included, so they can be shown again. The one
      // route whose guard depends on its query, so it is checked here rather than by a hook.
      requireAdmin(request);
      return { reviews: services.reviews.listAll() };
    }
    return { reviews: services.reviews.list() };
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    // hidden: true hides a review; false publishes it (approves a held one).
    admins.patch('/reviews/:id', { schema: { response: adminReviewResponse } }, async (request) => {
      const id = reviewId(request);
      const { hidden } = reviewModerationSchema.parse(request.body ?? {});
      return { review: services.reviews.setHidden(id, hidden) };
    });

    admins.delete('/reviews/:id', async (request, reply) => {
      services.reviews.remove(reviewId(request));
      return reply.code(204).send();
    });

    // Publish reviews at once, or hold them for approval (D14).
    admins.get('/reviews/settings', { schema: { response: reviewSettingsResponse } }, async () => ({
      settings: services.reviews.settings(),
    }));

    admins.put(
      '/reviews/settings',
      { schema: { response: reviewSettingsResponse } },
      async (request) => ({
        settings: services.reviews.saveSettings(request.body ?? {}, userOf(request)),
      }),
    );
  });

  // No HEAD twin: it would hold a socket open with nothing to send.
  app.get('/reviews/stream', { compress: false, exposeHeadRoute: false }, (request, reply) => {
    const session = request.auth?.sessionId;
    const address = clientNetwork(request.ip);
    const admission = shares.admit(session, address);
    if (!admission.open) {
      throw admission.reason === 'client'
        ? new HttpError(429, 'rate-limited', STREAM_MESSAGES.tooMany, undefined, {
            retryAfterSeconds: STREAM_RETRY_AFTER_S,
          })
        : new HttpError(503, 'unavailable', STREAM_MESSAGES.busy, undefined, {
            retryAfterSeconds: STREAM_RETRY_AFTER_S,
          });
    }
    if (admission.evict) {
      // Its place is this client's now; its 'close' comes later and finds nothing to forget.
      shares.remove(admission.evict);
      admission.evict.close();
    }
    let unsubscribe = () => {};
    const stream = streams.open(reply, () => {
      unsubscribe();
      shares.remove(stream);
    });
    shares.add(stream, session, address);
    stream.write(reviewsEvent(services.reviews.list()));
    unsubscribe = changes.subscribe(stream.write);
  });

  await app.register(async (customers) => {
    customers.addHook('preHandler', userRequired);

    // The orders this customer may review now (D14).
    customers.get(
      '/reviews/reviewable',
      { schema: { response: reviewableOrdersResponse } },
      async (request) => ({ orders: services.reviews.reviewable(userOf(request)) }),
    );

    customers.post(
      '/reviews',
      { schema: { response: submittedReviewResponse } },
      async (request, reply) => {
        const review = services.reviews.post(
          request.body ?? {},
          userOf(request),
          request.ip ?? null,
        );
        return reply.code(201).send({ review });
      },
    );
  });
}
