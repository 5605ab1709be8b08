import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Review } from '../../../../src/domain/reviews.ts';
import { HttpError } from '../../errors.ts';
import { Topic } from '../../events/topic.ts';
import { clientNetwork } from '../../plugins/client-address.ts';
import { adminRequired, requireAdmin, userOf, userRequired } from '../../plugins/sessions.ts';
import { REVIEW_MESSAGES } from '../../services/reviews-service.ts';
import { eventStreams, sseEvent } from './event-stream.ts';
import {
  adminReviewResponse,
  reviewableOrdersResponse,
  reviewListResponse,
  reviewSettingsResponse,
  submittedReviewResponse,
} from './response-schemas.ts';

export { SSE_HEARTBEAT_MS } from './event-stream.ts';

const INVALID = 'validation:common.invalid';
/** Each stream holds a socket; past this many, new ones are refused rather than starving the rest. */
export const MAX_REVIEW_STREAMS = 1000;
/**
 * Streams one client may hold (D8): a few tabs per session, a household or an office per address.
 * Without them one client could take every slot above and lock the next visitor out.
 */
export const MAX_REVIEW_STREAMS_PER_SESSION = 4;
export const MAX_REVIEW_STREAMS_PER_ADDRESS = 16;
/** A refused stream's EventSource (or the polling it falls back to) should wait this long. */
export const STREAM_RETRY_AFTER_S = 30;

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

const moderationSchema = z.strictObject(
  { hidden: z.boolean({ error: INVALID }) },
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

/** Open streams per key (a session id, a client network), counted up and down. */
class StreamCounts {
  readonly #counts = new Map<string, number>();

  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.#counts.set(key, this.get(key) + 1);
  }

  remove(key: string): void {
    const left = this.get(key) - 1;
    if (left > 0) this.#counts.set(key, left);
    else this.#counts.delete(key);
  }
}

/**
 * The reviews carousel: a list, a live stream of it, customers reviewing their own orders, and
 * the team's moderation and settings (spec 5, D2, D13).
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
  const maxStreams = options.maxStreams ?? MAX_REVIEW_STREAMS;
  const perSession = options.maxStreamsPerSession ?? MAX_REVIEW_STREAMS_PER_SESSION;
  const perAddress = options.maxStreamsPerAddress ?? MAX_REVIEW_STREAMS_PER_ADDRESS;
  const bySession = new StreamCounts();
  const byAddress = new StreamCounts();

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
      const { hidden } = moderationSchema.parse(request.body ?? {});
      return { review: services.reviews.setHidden(id, hidden) };
    });

    admins.delete('/reviews/:id', async (request, reply) => {
      services.reviews.remove(reviewId(request));
      return reply.code(204).send();
    });

    // Publish reviews at once, or hold them for approval (D13).
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
    if (streams.size >= maxStreams) {
      throw new HttpError(503, 'unavailable', 'errors:unavailable', undefined, {
        retryAfterSeconds: STREAM_RETRY_AFTER_S,
      });
    }
    const session = request.auth?.sessionId;
    const address = clientNetwork(request.ip);
    if (
      (session !== undefined && bySession.get(session) >= perSession) ||
      byAddress.get(address) >= perAddress
    ) {
      throw new HttpError(429, 'rate-limited', 'errors:rateLimited', undefined, {
        retryAfterSeconds: STREAM_RETRY_AFTER_S,
      });
    }
    if (session !== undefined) bySession.add(session);
    byAddress.add(address);
    let unsubscribe = () => {};
    const write = streams.open(reply, () => {
      unsubscribe();
      if (session !== undefined) bySession.remove(session);
      byAddress.remove(address);
    });
    write(reviewsEvent(services.reviews.list()));
    unsubscribe = changes.subscribe(write);
  });

  await app.register(async (customers) => {
    customers.addHook('preHandler', userRequired);

    // The orders this customer may review now (D13).
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
