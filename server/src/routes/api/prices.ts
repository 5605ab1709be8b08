import type { FastifyInstance } from 'fastify';
import type { PriceCatalog } from '../../../../src/data/port.ts';
import {
  CURRENCY,
  FLOOR_FEE,
  FLOOR_MAX,
  FLOOR_MIN,
  PRICE_CATALOG,
  WORKER_EXTRA_PER_HEAD,
  WORKERS_DEFAULT,
  WORKERS_MAX,
  WORKERS_MIN,
} from '../../../../src/domain/pricing.ts';

/** The one catalog (D4), straight from src/domain so the server can never disagree with the SPA. */
export function priceCatalog(): PriceCatalog {
  return {
    currency: CURRENCY,
    base: { ...PRICE_CATALOG },
    floorFee: FLOOR_FEE,
    workerExtraPerHead: WORKER_EXTRA_PER_HEAD,
    floors: { min: FLOOR_MIN, max: FLOOR_MAX },
    workers: { min: WORKERS_MIN, max: WORKERS_MAX, default: WORKERS_DEFAULT },
  };
}

export async function pricesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/prices', async () => ({ catalog: priceCatalog() }));
}
