import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.ts';

/** Every /api route file is registered here (prefix /api is applied by the caller). */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  // API answers are per-user and change often; no browser or proxy cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(healthRoutes);
}
