import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { addressKey, clientNetwork } from '../../server/src/plugins/client-address.ts';
import type { ServerEnv } from '../../server/src/plugins/env.ts';
import { OrdersRepository } from '../../server/src/repositories/orders-repository.ts';
import { serverSecret } from '../../server/src/repositories/secrets-repository.ts';
import { makeStaticDir } from './helpers.ts';
import { orderBody, TEST_CARD_TOKEN } from './order-fixtures.ts';
import type { TestResponse, TestServer } from './test-server.ts';
import {
  adminClient,
  createTestServer,
  phoneCodeLogger,
  TestClient,
  uniquePhone,
} from './test-server.ts';

// Small limits, so each test reaches them in a few requests; the defaults are the same rules.
const LIMITS = {
  RATE_LIMITS: 'on',
  ORDER_LIMIT_CUSTOMER_HOUR: 2,
  ORDER_LIMIT_CUSTOMER_DAY: 3,
  ORDER_LIMIT_ADDRESS_HOUR: 4,
  ORDER_LIMIT_ADDRESS_DAY: 6,
} as const satisfies Partial<ServerEnv>;

const HOUR_S = 60 * 60;

/** Each test its own addresses, so the per-address sign-in limits never get in the way. */
let nextAddress = 1;
function newAddress(): string {
  nextAddress += 1;
  return `198.51.100.${nextAddress}`;
}

/** A customer (D13): a number proved from `client`'s address, and their orders for it. */
interface Customer {
  client: TestClient;
  phone: string;
  /** POST /api/orders for the customer's own number. */
  book(overrides?: Record<string, unknown>): Promise<TestResponse>;
}

async function signedIn(client: TestClient, phone = uniquePhone()): Promise<Customer> {
  await client.signInByPhone(phone);
  return {
    client,
    phone,
    book: (overrides = {}) =>
      client.request('POST', '/api/orders', orderBody({ phoneNumber: phone, ...overrides })),
  };
}

/** A new customer, with a number of their own, from `remoteAddress`. */
function customer(server: TestServer, remoteAddress = newAddress()): Promise<Customer> {
  return signedIn(new TestClient(server.app, { remoteAddress }));
}

async function orderCount(server: TestServer): Promise<number> {
  const admin = await adminClient(server.app);
  return (await admin.request('GET', '/api/orders?limit=1')).body.total as number;
}

function expectLimited(res: { status: number; body: unknown; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: { code: 'rate-limited', message: 'errors:order.limitReached' },
  });
  return Number(res.headers['retry-after']);
}

describe('limits on orders per customer and per address (D8)', () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await createTestServer(LIMITS);
  });

  afterEach(async () => {
    await server.close();
  });

  it("cuts a flood from one session off at the customer's hourly limit; others still book", async () => {
    const flooder = await customer(server);
    const results = [];
    for (let i = 0; i < 10; i += 1) {
      results.push(await flooder.book());
    }
    expect(results.map((r) => r.status)).toEqual([201, 201, ...Array<number>(8).fill(429)]);
    const retryAfter = expectLimited(results[2]!);
    // Until the first of the two orders is an hour old.
    expect(retryAfter).toBeGreaterThan(HOUR_S - 60);
    expect(retryAfter).toBeLessThanOrEqual(HOUR_S);
    expect(await orderCount(server)).toBe(2);

    const other = await customer(server);
    expect((await other.book()).status).toBe(201);
  });

  it('holds under concurrent requests: a burst gets exactly the allowance, and it is stored', async () => {
    const flooder = await customer(server);
    const results = await Promise.all(Array.from({ length: 12 }, () => flooder.book()));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, ...Array<number>(10).fill(429)]);
    // The refused ones, written in the same group commit, did not undo the accepted ones.
    expect(await orderCount(server)).toBe(2);
    for (const result of results.filter((r) => r.status === 201)) {
      const admin = await adminClient(server.app);
      expect((await admin.request('GET', `/api/orders/${result.body.order.id}`)).status).toBe(200);
    }
  });

  it('cuts fresh customers from one address off at the address limit; other addresses still book', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    // Eight customers, eight numbers, each proved from that address (within its ten codes).
    for (let i = 0; i < 8; i += 1) {
      const visitor = await customer(server, address);
      statuses.push((await visitor.book()).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);

    const neighbour = await customer(server);
    expect((await neighbour.book()).status).toBe(201);
    expect(await orderCount(server)).toBe(5);
  });

  it("counts every address of an IPv6 client's /64 as one", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const visitor = await customer(server, `2001:db8:abcd:12::${i.toString(16)}`);
      statuses.push((await visitor.book()).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const elsewhere = await customer(server, '2001:db8:abcd:13::1');
    expect((await elsewhere.book()).status).toBe(201);
  });

  it('applies the daily limit to orders placed earlier in the day', async () => {
    const booker = await customer(server);
    const user = (await booker.client.request('GET', '/api/auth/me')).body.user as { id: string };
    // Two orders five hours ago: out of the hourly window, inside the daily one (3).
    const fiveHoursAgo = new Date(Date.now() - 5 * HOUR_S * 1000).toISOString();
    const insert = server.app.db.prepare(
      'INSERT INTO order_quota_log (order_id, user_id, address_key, created_at) VALUES (?, ?, ?, ?)',
    );
    insert.run('earlier-1', user.id, 'elsewhere', fiveHoursAgo);
    insert.run('earlier-2', user.id, 'elsewhere', fiveHoursAgo);

    expect((await booker.book()).status).toBe(201);
    const retryAfter = expectLimited(await booker.book());
    // Until the earlier orders are a day old: 19 hours from now.
    expect(retryAfter).toBeGreaterThan(19 * HOUR_S - 60);
    expect(retryAfter).toBeLessThanOrEqual(19 * HOUR_S);
  });

  it('refuses an over-limit card order before the payment, with the same message', async () => {
    const booker = await customer(server);
    for (let i = 0; i < 2; i += 1) {
      expect((await booker.book()).status).toBe(201);
    }
    expectLimited(await booker.book({ paymentMethod: 'card', paymentToken: TEST_CARD_TOKEN }));
    expect(await orderCount(server)).toBe(2);
  });

  it('still counts orders the customer cancelled or an admin deleted', async () => {
    const booker = await customer(server);
    const admin = await adminClient(server.app);
    const first = await booker.book();
    const second = await booker.book();
    expect(
      (await booker.client.request('POST', `/api/orders/${first.body.order.id}/cancel`)).status,
    ).toBe(200);
    expect((await admin.request('DELETE', `/api/orders/${second.body.order.id}`)).status).toBe(204);
    expectLimited(await booker.book());
  });

  it('does not limit admins, who book by phone for many customers', async () => {
    const admin = await adminClient(server.app);
    for (let i = 0; i < 8; i += 1) {
      expect((await admin.request('POST', '/api/orders', orderBody())).status).toBe(201);
    }
  });

  it('stores a keyed hash of the address, never the address itself', async () => {
    const address = newAddress();
    const booker = await customer(server, address);
    expect((await booker.book()).status).toBe(201);
    const rows = server.app.db.prepare('SELECT address_key FROM order_quota_log').all() as {
      address_key: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.address_key).not.toContain(address);
    expect(rows[0]!.address_key).toBe(
      addressKey(serverSecret(server.app.db, 'address-key'), address),
    );
  });

  it('forgets quota entries older than two days', async () => {
    const { app } = server;
    const old = new Date(Date.now() - 3 * 24 * HOUR_S * 1000).toISOString();
    app.db
      .prepare(
        'INSERT INTO order_quota_log (order_id, user_id, address_key, created_at) VALUES (?, ?, ?, ?)',
      )
      .run('ancient', null, 'x', old);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * HOUR_S * 1000);
    expect(new OrdersRepository(app.db).pruneQuotaLog(twoDaysAgo)).toBe(1);
  });
});

describe('order limits across a restart', () => {
  const cleanups: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('keeps counting after the server restarts on the same database', async () => {
    const site = await makeStaticDir();
    const dir = await mkdtemp(join(tmpdir(), 'afsh-limits-'));
    cleanups.push(site.cleanup, () => rm(dir, { recursive: true, force: true }));
    const env = { ...LIMITS, NODE_ENV: 'test', DATABASE_PATH: join(dir, 'afsh.sqlite') } as const;

    const codes = phoneCodeLogger();
    const first = await build({ staticDir: site.staticDir, env, logger: codes.logger });
    codes.watch(first);
    const booker = await signedIn(new TestClient(first, { remoteAddress: newAddress() }));
    expect((await booker.book()).status).toBe(201);
    expect((await booker.book()).status).toBe(201);
    const session = booker.client.sessionCookie;
    await first.close();

    const second = await build({ staticDir: site.staticDir, env });
    try {
      const again = new TestClient(second, { remoteAddress: booker.client.remoteAddress! });
      again.sessionCookie = session;
      expectLimited(
        await again.request('POST', '/api/orders', orderBody({ phoneNumber: booker.phone })),
      );
    } finally {
      await second.close();
    }
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd:12::/64'],
    ['2001:db8:abcd:12:ffff:ffff:ffff:ffff', '2001:db8:abcd:12::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});
