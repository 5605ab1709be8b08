import type { FastifyInstance } from 'fastify';

// Liveness for load balancers, the e2e set-up and `npm start` users: it answers as soon as the
// server accepts requests and touches nothing else.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' } },
            required: ['status'],
          },
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
}
