import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isMessageState } from '../../../../src/domain/contact-message.ts';
import { HttpError } from '../../errors.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { adminRequired, userOf } from '../../plugins/sessions.ts';
import {
  messageListResponse,
  messageResponse,
  unhandledMessagesResponse,
} from './response-schemas.ts';

const INVALID = 'validation:common.invalid';
const idParams = z.object({ id: z.string().min(1).max(200) });
const handledBody = z.object({ handled: z.boolean({ error: INVALID }) }, { error: INVALID });

/** The contact form (D7): anyone may write; admins read and mark messages handled (D20). */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  app.post('/messages', { config: { rateLimit: RATE_LIMITS.messages } }, async (request, reply) => {
    services.messages.send(request.body ?? {}, {
      userId: request.auth?.user.id ?? null,
      ip: request.ip ?? null,
    });
    return reply.code(201).send({});
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);
    // ?state=all|unhandled|handled (D20); none is all.
    admins.get('/messages', { schema: { response: messageListResponse } }, async (request) => {
      const { state } = (request.query ?? {}) as { state?: unknown };
      if (state !== undefined && !isMessageState(state)) {
        throw new HttpError(400, 'invalid-argument', INVALID, { state: INVALID });
      }
      return { messages: services.messages.list(state ?? 'all') };
    });

    admins.get(
      '/messages/unhandled',
      { schema: { response: unhandledMessagesResponse } },
      async () => ({ count: services.messages.unhandledCount() }),
    );

    admins.post(
      '/messages/:id/handled',
      { schema: { response: messageResponse } },
      async (request) => {
        const params = idParams.safeParse(request.params);
        if (!params.success) {
          throw new HttpError(404, 'not-found', 'errors:contactMessages.notFound');
        }
        const { handled } = handledBody.parse(request.body ?? {});
        const admin = userOf(request);
        return {
          message: services.messages.setHandled(params.data.id, handled, admin),
        };
      },
    );
  });
}
