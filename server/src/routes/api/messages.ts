import type { FastifyInstance } from 'fastify';
import { contactSchema } from '../../../../src/domain/schemas.ts';
import { RATE_LIMITS } from '../../plugins/rate-limit.ts';
import { requireAdmin } from '../../plugins/sessions.ts';
import { insertMessage, listMessages } from '../../repositories/messages-repository.ts';

/** The contact form (D7): anyone may write, admins read. */
export async function messagesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post('/messages', { config: { rateLimit: RATE_LIMITS.messages } }, async (request, reply) => {
    const input = contactSchema.parse(request.body ?? {});
    insertMessage(db, { ...input, userId: request.auth?.user.id ?? null, ip: request.ip ?? null });
    return reply.code(201).send({});
  });

  app.get('/messages', async (request) => {
    requireAdmin(request);
    return { messages: listMessages(db) };
  });
}
