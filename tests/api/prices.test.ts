import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PriceCatalog } from '../../src/data/port.ts';
import { coordinatesOf, straightLineKm } from '../../src/domain/distance.ts';
import type { CatalogRates, CatalogVersion } from '../../src/domain/pricing.ts';
import {
  catalogFromRates,
  estimatePrice,
  FIRST_CATALOG,
  FIRST_CATALOG_RATES,
  MOVE_TYPES,
  PRICE_CATALOG,
} from '../../src/domain/pricing.ts';
import type { MoveType } from '../../src/domain/pricing.ts';
import { orderBody, priced } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  TEST_ADMIN,
  TestClient,
  uniquePhone,
  visitorClient,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});

afterAll(async () => {
  await server.close();
});

const countOrders = () =>
  (server.app.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;

function visitor(): Promise<TestClient> {
  return visitorClient(server.app);
}

/**
 * A customer who proved a number of their own (D13), which the order bodies must give. One
 * number per test: a number takes only five codes an hour.
 */
async function customerWithPhone(): Promise<{ customer: TestClient; phone: string }> {
  const phone = uniquePhone();
  return { customer: await customerClient(server.app, { phone }), phone };
}

/** An order body priced with `catalog` and saying so, as the booking screens send it. */
function bodyFor(catalog: PriceCatalog, overrides: Record<string, unknown> = {}) {
  const { totalPrice: _v1, ...body } = orderBody({ ...overrides, catalogVersion: catalog.version });
  return priced(body, catalog);
}

async function currentCatalog(): Promise<PriceCatalog> {
  const res = await new TestClient(server.app).request('GET', '/api/prices');
  expect(res.status).toBe(200);
  return res.body.catalog as PriceCatalog;
}

/** The rates of the current version with `patch` applied: what an admin's form sends. */
async function ratesWith(patch: (rates: CatalogRates) => void): Promise<CatalogRates> {
  const { base, floorFee, workerExtraPerHead, team, distance, cancellationPolicy, duration } =
    await currentCatalog();
  const rates = structuredClone({
    base,
    floorFee,
    workerExtraPerHead,
    team,
    distance,
    cancellationPolicy,
    duration,
  });
  patch(rates);
  return rates;
}

async function saveRates(rates: CatalogRates): Promise<PriceCatalog> {
  const admin = await adminClient(server.app);
  const res = await admin.request('PUT', '/api/prices', rates);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.catalog as PriceCatalog;
}

// The tests below build on one another: each new version is the one after the last.
describe('GET /api/prices', () => {
  it('serves the first version (D4, D11) to anyone, without a session', async () => {
    const res = await new TestClient(server.app).request('GET', '/api/prices');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toEqual({
      catalog: {
        version: 1,
        currency: 'EGP',
        base: { full: 1500, partial: 1000, office: 1200, packaging: 500, loading: 600 },
        floorFee: 80,
        workerExtraPerHead: 250,
        team: { base: 2, manyFloors: 4 },
        distance: { roadFactor: 1.3, includedKm: 25, perKm: 10 },
        // D16: a version saved before the policy reads the default one.
        cancellationPolicy: { freeHours: 24, lateFeePercent: 10, closedHours: 2 },
        // D28: a version saved before durations reads the first ones.
        duration: {
          hours: { full: 3, partial: 2, office: 3, packaging: 2, loading: 1.5 },
          perFloorHours: 0.1,
          roadKmPerHour: 50,
        },
        floors: { min: 0, max: 20 },
        workers: { min: 1, max: 6, default: 2 },
        createdAt: expect.any(String),
      },
    });
    expect(Object.keys(res.body.catalog.base).sort()).toEqual([...MOVE_TYPES].sort());
    expect(res.body.catalog.base).toEqual(PRICE_CATALOG);
  });

  it('gives the same totals as the domain pricing for every move type', async () => {
    const catalog = await currentCatalog();
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
          estimatePrice(FIRST_CATALOG, { moveType, pickupFloor, dropoffFloor, workers }).total,
        );
      }
    }
  });
});

describe('PUT /api/prices (admins)', () => {
  it('is refused to visitors and customers, and changes nothing', async () => {
    const rates = await ratesWith((r) => (r.base.full = 1));
    const nobody = await new TestClient(server.app).request('PUT', '/api/prices', rates);
    expect(nobody.status).toBe(401);
    const customer = await (await visitor()).request('PUT', '/api/prices', rates);
    expect(customer.status).toBe(403);
    expect((await currentCatalog()).version).toBe(1);
  });

  it('refuses invalid rates with a translated message per field, and saves nothing', async () => {
    const admin = await adminClient(server.app);
    const rates = await ratesWith((r) => {
      r.base.office = -5;
      r.distance.roadFactor = 1.333;
      r.team.base = 9;
    });
    const res = await admin.request('PUT', '/api/prices', rates);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(res.body.error.fields).toEqual({
      'base.office': 'validation:catalog.price',
      'team.base': 'validation:catalog.teamBase',
      'distance.roadFactor': 'validation:catalog.roadFactor',
    });
    const missing = await admin.request('PUT', '/api/prices', { base: FIRST_CATALOG_RATES.base });
    expect(missing.status).toBe(400);
    expect((await currentCatalog()).version).toBe(1);
  });

  it('saves a new version, effective at once, recorded with who and when', async () => {
    const before = Date.now();
    const saved = await saveRates(await ratesWith((r) => (r.base.full = 1800)));
    expect(saved).toMatchObject({ version: 2, base: { full: 1800, partial: 1000 } });
    expect(Date.parse(saved.createdAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await currentCatalog()).toEqual(saved);

    const admin = await adminClient(server.app);
    const history = await admin.request('GET', '/api/prices/history');
    expect(history.status).toBe(200);
    const versions = history.body.versions as CatalogVersion[];
    expect(versions.map((v) => [v.catalog.version, v.createdBy])).toEqual([
      [2, TEST_ADMIN.email],
      [1, null],
    ]);
    expect(versions[0]!.catalog).toEqual(saved);
    expect((await (await visitor()).request('GET', '/api/prices/history')).status).toBe(403);
  });
});

describe('orders and catalog versions', () => {
  it('new orders are priced with the new version; placed orders keep theirs', async () => {
    const { customer, phone } = await customerWithPhone();
    const before = await currentCatalog();
    const first = await customer.request<{ order: Order }>(
      'POST',
      '/api/orders',
      bodyFor(before, { phoneNumber: phone }),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const firstOrder = first.body.order;
    expect(firstOrder.catalogVersion).toBe(before.version);

    const after = await saveRates(await ratesWith((r) => (r.base.full += 250)));
    const second = await customer.request<{ order: Order }>(
      'POST',
      '/api/orders',
      bodyFor(after, { phoneNumber: phone }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.order.catalogVersion).toBe(after.version);
    expect(second.body.order.totalPrice).toBe(firstOrder.totalPrice + 250);

    // The first order still says what it was priced at, and with which version.
    const stored = await customer.request<{ order: Order }>('GET', `/api/orders/${firstOrder.id}`);
    expect(stored.body.order).toMatchObject({
      totalPrice: firstOrder.totalPrice,
      catalogVersion: before.version,
    });
  });

  it('a customer who started before a change gets "prices changed" and the new total', async () => {
    const stale = await currentCatalog();
    const { customer, phone } = await customerWithPhone();
    const body = bodyFor(stale, { phoneNumber: phone });
    const fresh = await saveRates(await ratesWith((r) => (r.floorFee += 20)));
    const count = countOrders();

    const res = await customer.request('POST', '/api/orders', body);
    expect(res.status).toBe(409);
    const newTotal = (priced({ ...body, totalPrice: undefined }, fresh) as { totalPrice: number })
      .totalPrice;
    expect(newTotal).toBe((body.totalPrice as number) + 20 * 5);
    expect(res.body.error).toEqual({
      code: 'failed-precondition',
      message: 'errors:order.pricesChanged',
      fields: { totalPrice: 'errors:order.pricesChanged' },
      details: { totalPrice: newTotal, catalogVersion: fresh.version },
    });
    expect(countOrders()).toBe(count);

    // Confirming the new total places the order.
    const confirmed = await customer.request<{ order: Order }>('POST', '/api/orders', {
      ...body,
      catalogVersion: fresh.version,
      totalPrice: newTotal,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.order.totalPrice).toBe(newTotal);
  });

  it('tampered totals are still refused, whatever version they name', async () => {
    const catalog = await currentCatalog();
    const { customer, phone: phoneNumber } = await customerWithPhone();
    const count = countOrders();
    for (const body of [
      orderBody({ phoneNumber, totalPrice: 100 }),
      orderBody({ phoneNumber, totalPrice: 100, catalogVersion: catalog.version }),
      orderBody({ phoneNumber, totalPrice: '1', catalogVersion: catalog.version }),
    ]) {
      const res = await customer.request('POST', '/api/orders', body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields.totalPrice).toBe('validation:order.priceMismatch');
    }
    expect(countOrders()).toBe(count);
  });

  it('a version saved while an order is being written cannot slip in unseen', async () => {
    const catalog = await currentCatalog();
    const phone = uniquePhone();
    const user = await new TestClient(server.app).signInByPhone(phone);
    const rates = await ratesWith((r) => (r.workerExtraPerHead += 10));
    const admin = server.app.db
      .prepare('SELECT id FROM users WHERE email = ?')
      .get(TEST_ADMIN.email) as { id: string };
    const count = countOrders();
    const placing = server.app.services.orders.place(
      bodyFor(catalog, { phoneNumber: phone }),
      { id: user.id, email: null, role: 'customer', anonymous: false, phone: user.phone },
      undefined,
    );
    // Orders are written in a group commit on the next turn of the event loop: the admin's save
    // lands between the order's check and its write.
    server.app.services.catalog.save(rates, {
      id: admin.id,
      email: TEST_ADMIN.email,
      role: 'admin',
      anonymous: false,
      phone: null,
    });
    await expect(placing).rejects.toMatchObject({ message: 'errors:order.pricesChanged' });
    expect(countOrders()).toBe(count);
  });
});

describe('moves between governorates (D11)', () => {
  it('Cairo to Alexandria pays the distance fee the catalog formula gives', async () => {
    const catalog = await currentCatalog();
    const route = {
      governorateId: 'cairo',
      districtId: 'nasr-city',
      dropoffGovernorateId: 'alexandria',
      dropoffDistrictId: 'smouha',
    };
    // The formula, from the stored coordinates: straight line × road factor, whole kilometres;
    // every kilometre beyond the included ones at the per-km rate.
    const straight = straightLineKm(
      coordinatesOf({ governorateId: 'cairo', districtId: 'nasr-city' })!,
      coordinatesOf({ governorateId: 'alexandria', districtId: 'smouha' })!,
    );
    const km = Math.round(straight * catalog.distance.roadFactor);
    const fee = (km - catalog.distance.includedKm) * catalog.distance.perKm;
    expect(fee).toBeGreaterThan(0);
    const inside = estimatePrice(catalog, {
      moveType: 'full',
      pickupFloor: 3,
      dropoffFloor: 2,
      workers: 3,
    }).total;

    const { customer, phone: phoneNumber } = await customerWithPhone();
    const res = await customer.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({
        ...route,
        phoneNumber,
        catalogVersion: catalog.version,
        totalPrice: inside + fee,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order).toMatchObject({
      ...route,
      distanceKm: km,
      distanceFee: fee,
      totalPrice: inside + fee,
      catalogVersion: catalog.version,
    });

    // The same move priced as if it stayed in Nasr City is refused.
    const cheap = await customer.request(
      'POST',
      '/api/orders',
      orderBody({ ...route, phoneNumber, catalogVersion: catalog.version, totalPrice: inside }),
    );
    expect(cheap.status).toBe(400);
  });

  it('a move inside one district has no distance fee, and defaults its drop-off to the pickup', async () => {
    const { customer, phone } = await customerWithPhone();
    const body = bodyFor(await currentCatalog(), { phoneNumber: phone });
    const res = await customer.request<{ order: Order }>('POST', '/api/orders', body);
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      dropoffGovernorateId: 'cairo',
      dropoffDistrictId: 'nasr-city',
      distanceKm: 0,
      distanceFee: 0,
    });
  });

  it('tracking shows both governorates and nothing finer', async () => {
    const catalog = await currentCatalog();
    const { customer, phone } = await customerWithPhone();
    const body = bodyFor(catalog, {
      phoneNumber: phone,
      dropoffGovernorateId: 'giza',
      dropoffDistrictId: 'dokki',
    });
    const placed = await customer.request<{ order: Order }>('POST', '/api/orders', body);
    expect(placed.status).toBe(201);
    const res = await new TestClient(server.app).request(
      'GET',
      `/api/track/${placed.body.order.orderNumber}`,
    );
    expect(res.body.tracking).toMatchObject({
      governorateId: 'cairo',
      dropoffGovernorateId: 'giza',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/dokki|nasr-city/);
  });
});

it('catalogFromRates publishes what the server publishes', async () => {
  const catalog = await currentCatalog();
  const { base, floorFee, workerExtraPerHead, team, distance, cancellationPolicy, duration } =
    catalog;
  expect(
    catalogFromRates(
      { base, floorFee, workerExtraPerHead, team, distance, cancellationPolicy, duration },
      catalog.version,
      catalog.createdAt,
    ),
  ).toEqual(catalog);
});
