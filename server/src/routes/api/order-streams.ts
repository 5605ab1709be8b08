import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Order } from '../../../../src/domain/order.ts';
import { trackingInputSchema } from '../../../../src/domain/tracking-schema.ts';
import { HttpError } from '../../errors.ts';
import { clientNetwork } from '../../plugins/client-address.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { userOf, userRequired } from '../../plugins/sessions.ts';
import { MAX_PAGE_SIZE } from '../../repositories/orders-repository.ts';
import { isSessionLive } from '../../repositories/sessions-repository.ts';
import { eventStreams, sseEvent } from './event-stream.ts';
import type { LiveStream } from './event-stream.ts';
import { STREAM_MESSAGES, STREAM_RETRY_AFTER_S } from './reviews.ts';
import { StreamShares } from './stream-shares.ts';

/**
 * The live order streams' pool (D19), apart from the reviews carousel's and the admin desk's: a
 * visitor on the home page never keeps a customer from following their move. The same shares as
 * the reviews' (D8): a few tabs per session and per address, fairly shared out when full.
 */
export const MAX_ORDER_STREAMS = 1000;
export const MAX_ORDER_STREAMS_PER_SESSION = 4;
export const MAX_ORDER_STREAMS_PER_ADDRESS = 4;

export interface OrderStreamsOptions {
  heartbeatMs?: number;
  maxStreams?: number;
  maxStreamsPerSession?: number;
  maxStreamsPerAddress?: number;
}

const numberParams = z.object({ orderNumber: trackingInputSchema() });

/** An owner's stream, and the session it was opened with (it ends when that session does). */
interface OwnerStream {
  stream: LiveStream;
  sessionId: string;
}

/**
 * Live order streams (D19), read-only, over server-sent events:
 *
 * - `GET /api/track/:orderNumber/stream`: anyone with a number hears its public view (D2, only
 *   `PublicTracking`), now and after each change, and `gone` once it is deleted. An unknown
 *   number is a 404 before any stream opens; opening is rate limited per address like a look-up,
 *   so a stream is no way to walk the day's numbers.
 * - `GET /api/orders/mine/stream`: the session's user hears their own orders, newest first, now
 *   and after each change to one of them; it ends when the session does (a sign-out).
 *
 * What a change sends is read again from the database once the change's events are all out (one
 * send per change, whichever events told it), so a stream carries what is stored, never what an
 * event happened to hold.
 */
export async function orderStreamRoutes(
  app: FastifyInstance,
  options: OrderStreamsOptions = {},
): Promise<void> {
  const { events, orders, db } = app;
  const streams = eventStreams(
    app,
    options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {},
  );
  const shares = new StreamShares<LiveStream>({
    total: options.maxStreams ?? MAX_ORDER_STREAMS,
    perSession: options.maxStreamsPerSession ?? MAX_ORDER_STREAMS_PER_SESSION,
    perAddress: options.maxStreamsPerAddress ?? MAX_ORDER_STREAMS_PER_ADDRESS,
  });
  /** Public streams by order number; owners' streams by user id. */
  const byNumber = new Map<string, Set<LiveStream>>();
  const byUser = new Map<string, Set<OwnerStream>>();

  const join = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(value);
  };
  const leave = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    const set = map.get(key);
    set?.delete(value);
    if (set?.size === 0) map.delete(key);
  };

  const trackingEvent = (orderNumber: string): string | null => {
    const tracking = orders.findTracking(orderNumber);
    return tracking ? sseEvent('tracking', { tracking }) : null;
  };
  const ordersEvent = (userId: string): string =>
    sseEvent('orders', {
      orders: orders.list({ limit: MAX_PAGE_SIZE }, { userId }).orders satisfies Order[],
    });

  // One change publishes several events (a status change, a cancellation, the change itself):
  // the streams it concerns are sent to once, after the last of them.
  const dueNumbers = new Set<string>();
  const dueUsers = new Set<string>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const orderNumber of dueNumbers) {
      const listeners = byNumber.get(orderNumber);
      if (!listeners) continue;
      const event = trackingEvent(orderNumber);
      for (const stream of [...listeners]) {
        if (event) {
          stream.write(event);
        } else {
          stream.write(sseEvent('gone', { orderNumber }));
          stream.close();
        }
      }
    }
    dueNumbers.clear();
    for (const userId of dueUsers) {
      const owners = byUser.get(userId);
      if (!owners) continue;
      const event = ordersEvent(userId);
      for (const owner of [...owners]) {
        if (isSessionLive(db, owner.sessionId)) owner.stream.write(event);
        else owner.stream.close();
      }
    }
    dueUsers.clear();
  };
  const touched = (orderNumber: string, userId: string | null | undefined) => {
    if (byNumber.has(orderNumber)) dueNumbers.add(orderNumber);
    if (userId && byUser.has(userId)) dueUsers.add(userId);
    if (!scheduled && (dueNumbers.size > 0 || dueUsers.size > 0)) {
      scheduled = true;
      queueMicrotask(flush);
    }
  };
  const orderTouched = ({ order }: { order: Order }) => touched(order.orderNumber, order.userId);
  const stopListening = [
    events.on('order.created', orderTouched),
    events.on('order.statusChanged', orderTouched),
    events.on('order.paymentConfirmed', orderTouched),
    events.on('order.changed', orderTouched),
    events.on('order.deleted', ({ orderNumber, userId }) => touched(orderNumber, userId)),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopListening) stop();
  });

  /** Room in the pool for this client, or its refusal (the page then asks from time to time). */
  const admit = (session: string | undefined, address: string) => {
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
  };

  // No HEAD twins: they would hold a socket open with nothing to send.
  app.get(
    '/track/:orderNumber/stream',
    { compress: false, exposeHeadRoute: false, config: { rateLimit: RATE_LIMITS.orderStream } },
    (request, reply) => {
      const parsed = numberParams.safeParse(request.params);
      const orderNumber = parsed.success ? parsed.data.orderNumber : null;
      const first = orderNumber === null ? null : trackingEvent(orderNumber);
      if (orderNumber === null || first === null) {
        throw new HttpError(404, 'not-found', 'errors:orderNotFound');
      }
      const session = request.auth?.sessionId;
      const address = clientNetwork(request.ip);
      admit(session, address);
      const stream = streams.open(reply, () => {
        leave(byNumber, orderNumber, stream);
        shares.remove(stream);
      });
      shares.add(stream, session, address);
      join(byNumber, orderNumber, stream);
      stream.write(first);
    },
  );

  await app.register(async (customers) => {
    customers.addHook('preHandler', userRequired);

    customers.get(
      '/orders/mine/stream',
      { compress: false, exposeHeadRoute: false, config: { rateLimit: RATE_LIMITS.orderStream } },
      (request, reply) => {
        const user = userOf(request);
        // userRequired let it in: it has a session.
        const sessionId = request.auth!.sessionId;
        const address = clientNetwork(request.ip);
        admit(sessionId, address);
        const owner: OwnerStream = {
          sessionId,
          stream: streams.open(reply, () => {
            leave(byUser, user.id, owner);
            shares.remove(owner.stream);
          }),
        };
        shares.add(owner.stream, sessionId, address);
        join(byUser, user.id, owner);
        owner.stream.write(ordersEvent(user.id));
      },
    );
  });
}
