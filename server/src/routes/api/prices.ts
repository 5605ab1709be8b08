import type { FastifyInstance } from 'fastify';
import type { PriceCatalog } from '../../../../src/domain/pricing.ts';
import { priceCatalog } from '../../../../src/domain/pricing.ts';

/** The one catalog (D4), straight from src/domain so the server can never disagree with the SPA. */
export async function pricesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/prices', async (): Promise<{ catalog: PriceCatalog }> => ({ catalog: priceCatalog() }));
}
