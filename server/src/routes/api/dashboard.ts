import type { FastifyInstance } from 'fastify';
import { dashboardQuerySchema } from '../../../../src/domain/dashboard.ts';
import { adminRequired } from '../../plugins/sessions.ts';
import { dashboardResponse } from './response-schemas.ts';

const query = dashboardQuerySchema();

/**
 * The owner's dashboard (D25), admins only:
 * `GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD&bucket=day|week|month`.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);
    admins.get(
      '/admin/dashboard',
      { schema: { response: dashboardResponse } },
      async (request) => ({
        dashboard: services.dashboard.dashboard(query.parse(request.query ?? {})),
      }),
    );
  });
}
