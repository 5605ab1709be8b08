import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceCatalog } from '../../src/data/port.ts';
import { estimatePrice, MOVE_TYPES, PRICE_CATALOG } from '../../src/domain/pricing.ts';
import type { MoveType } from '../../src/domain/pricing.ts';
import { createTestServer, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

describe('GET /api/prices', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('serves the one catalog (D4) to anyone, without a session', async () => {
    const res = await new TestClient(server.app).request('GET', '/api/prices');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toEqual({
      catalog: {
        currency: 'EGP',
        base: { full: 1500, partial: 1000, office: 1200, packaging: 500, loading: 600 },
        floorFee: 80,
        workerExtraPerHead: 250,
        floors: { min: 0, max: 20 },
        workers: { min: 1, max: 6, default: 2 },
      },
    });
    expect(Object.keys(res.body.catalog.base).sort()).toEqual([...MOVE_TYPES].sort());
    expect(res.body.catalog.base).toEqual(PRICE_CATALOG);
  });

  it('gives the same totals as the domain pricing for every move type', async () => {
    const { catalog } = (await new TestClient(server.app).request('GET', '/api/prices')).body as {
      catalog: PriceCatalog;
    };
    const fromCatalog = (moveType: MoveType, floors: number, workers: number) =>
      catalog.base[moveType] +
      catalog.floorFee * floors +
      catalog.workerExtraPerHead * (workers - 1);
    for (const moveType of MOVE_TYPES) {
      for (const [pickupFloor, dropoffFloor, workers] of [
        [0, 0, 1],
        [3, 2, 3],
        [20, 20, 6],
      ] as const) {
        expect(fromCatalog(moveType, pickupFloor + dropoffFloor, workers)).toBe(
          estimatePrice({ moveType, pickupFloor, dropoffFloor, workers }).total,
        );
      }
    }
  });
});
