import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { adminRequired } from '../../plugins/sessions.ts';
import { messageListResponse } from './response-schemas.ts';

/** The contact form (D7): anyone may write, admins read. */
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
    admins.get('/messages', { schema: { response: messageListResponse } }, async () => ({
      messages: services.messages.list(),
    }));
  });
}
