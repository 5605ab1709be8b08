import type { FastifyInstance } from 'fastify';
import { adminRequired, userOf } from '../../plugins/sessions.ts';
import { catalogHistoryResponse, catalogResponse } from './response-schemas.ts';

/**
 * The price catalog (D4, D11): its current version for everyone; for admins, a new version
 * (effective at once, recorded with who and when) and the versions saved so far.
 */
export async function pricesRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  app.get('/prices', { schema: { response: catalogResponse } }, async () => ({
    catalog: services.catalog.current(),
  }));

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    admins.put('/prices', { schema: { response: catalogResponse } }, async (request) => ({
      catalog: services.catalog.save(request.body ?? {}, userOf(request)),
    }));

    admins.get('/prices/history', { schema: { response: catalogHistoryResponse } }, async () => ({
      versions: services.catalog.history(),
    }));
  });
}
