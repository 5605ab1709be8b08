// Stored data ages well (docs/architecture.md): a catalog version, a crews plan and an order
// written in the oldest shape, straight into SQLite, are read back and booked against through
// the domain's upcasters. A move type the code knows but the stored version lacks (as "piano"
// would be in every version saved before it) is priced at its default rate: no migration.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PriceCatalog } from '../../src/data/port.ts';
import { FIRST_CAPACITY_PLAN } from '../../src/domain/capacity.ts';
import {
  catalogFromRates,
  FIRST_CATALOG_RATES,
  PRICE_CATALOG,
  type CatalogRates,
} from '../../src/domain/pricing.ts';
import { orderBody, priced } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  TestClient,
  uniquePhone,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';

const T = '2026-01-05T08:00:00.000Z';

/**
 * Version 2 as an older build stored it: full moves dearer, and no `loading` rate nor team rule
 * (standing for a move type and a field the code added after it was saved).
 */
const STORED_V2 = {
  base: { full: 1700, partial: 1000, office: 1200, packaging: 500 },
  floorFee: 80,
  workerExtraPerHead: 250,
  distance: { roadFactor: 1.3, includedKm: 25, perKm: 10 },
};
const READ_V2: CatalogRates = {
  ...FIRST_CATALOG_RATES,
  base: { ...FIRST_CATALOG_RATES.base, full: 1700, loading: PRICE_CATALOG.loading },
};

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({}, { capacity: 'first' });
  server.app.db
    .prepare('INSERT INTO price_catalogs (version, rates, created_at) VALUES (2, ?, ?)')
    .run(JSON.stringify(STORED_V2), T);
  // A crews plan saved before exceptions had notes (or the plan had exceptions at all).
  server.app.db
    .prepare('INSERT INTO capacity_plans (version, plan, created_at) VALUES (2, ?, ?)')
    .run(JSON.stringify({ windows: FIRST_CAPACITY_PLAN.windows }), T);
});

afterAll(async () => {
  await server.close();
});

async function book(moveType: string): Promise<{ status: number; order: Order }> {
  const phone = uniquePhone();
  const customer = await customerClient(server.app, { phone });
  const catalog = catalogFromRates(READ_V2, 2, T);
  const { totalPrice: _first, ...body } = orderBody({
    moveType,
    phoneNumber: phone,
    catalogVersion: 2,
  });
  const res = await customer.request<{ order: Order }>(
    'POST',
    '/api/orders',
    priced(body, catalog),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { status: res.status, order: res.body.order };
}

describe('a catalog version stored before a move type existed', () => {
  it('is served with the code’s default rate for it, and its own for the rest', async () => {
    const res = await new TestClient(server.app).request('GET', '/api/prices');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const catalog = res.body.catalog as PriceCatalog;
    expect(catalog).toEqual(catalogFromRates(READ_V2, 2, T));
    const admin = await adminClient(server.app);
    const history = await admin.request('GET', '/api/prices/history');
    expect(history.status).toBe(200);
    expect(history.body.versions[0].catalog.base.loading).toBe(PRICE_CATALOG.loading);
  });

  it('prices an order of that type at the default rate, and one of another at its own', async () => {
    const loading = await book('loading');
    expect(loading.order).toMatchObject({ moveType: 'loading', catalogVersion: 2 });
    const full = await book('full');
    expect(full.order.totalPrice - loading.order.totalPrice).toBe(1700 - PRICE_CATALOG.loading);
  });

  it('a crews plan stored without exceptions is read back with none', async () => {
    const admin = await adminClient(server.app);
    const res = await admin.request('GET', '/api/capacity');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.plan).toMatchObject({
      version: 2,
      windows: FIRST_CAPACITY_PLAN.windows,
      exceptions: [],
    });
  });

  it('an order row from before drop-off areas and windows reads back as a move in one district', async () => {
    const { order } = await book('partial');
    server.app.db
      .prepare(
        `UPDATE orders SET dropoff_governorate_id = NULL, dropoff_district_id = NULL,
           window_id = NULL, window_start = NULL, window_end = NULL WHERE id = ?`,
      )
      .run(order.id);
    const admin = await adminClient(server.app);
    const res = await admin.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.order).toMatchObject({
      dropoffGovernorateId: order.governorateId,
      dropoffDistrictId: order.districtId,
      timeWindow: null,
    });
  });
});
