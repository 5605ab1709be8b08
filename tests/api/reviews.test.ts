import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview, Order, Review, SubmittedReview } from '../../src/data/port.ts';
import type { OrderStatus } from '../../src/domain/status.ts';
import { listMigrations, openDatabase, runMigrations } from '../../server/src/plugins/db.ts';
import { DomainEvents } from '../../server/src/events/domain-events.ts';
import type { Services } from '../../server/src/plugins/services.ts';
import { ReviewsService } from '../../server/src/services/reviews-service.ts';
import { ReviewsRepository } from '../../server/src/repositories/reviews-repository.ts';
import { reviewsRoutes } from '../../server/src/routes/api/reviews.ts';
import { build } from '../../server/src/app.ts';
import { createOrPromoteAdmin } from '../../server/src/auth/admins.ts';
import { makeStaticDir } from './helpers.ts';
import { orderBody } from './order-fixtures.ts';
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
import { moveOrderTo, reopenOrder } from './lifecycle-helpers.ts';

// Reviews come from customers' orders (docs/decisions.md D14): the owner of a confirmed order
// reviews it once, named from the order; it is public only when the team published it and the
// move is delivered; the team chooses whether new reviews are published at once.

const TEXT = 'Careful and on time, thank you!';

function countReviews(server: TestServer): number {
  return (server.app.db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
}

/** Moves every stored review `seconds` into the past, as if that much time had gone by. */
function age(server: TestServer, seconds: number): void {
  server.app.db
    .prepare("UPDATE reviews SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?)")
    .run(`-${seconds} seconds`);
}

describe('reviews from orders over REST (D14)', () => {
  let server: TestServer;
  let admin: TestClient;
  // Each customer comes from an address of its own, so the per-address minute doesn't couple tests.
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    server.app.db.exec('DELETE FROM reviews');
    await admin.request('PUT', '/api/reviews/settings', { publishAtOnce: false });
  });

  /** The number each customer proved (D13): their orders are booked for it. */
  const phones = new WeakMap<TestClient, string>();

  /** A new customer: a number of their own, proved from `remoteAddress` (their own unless given). */
  async function customer(remoteAddress = freshIp()): Promise<TestClient> {
    const phone = uniquePhone();
    const client = await customerClient(server.app, { phone, remoteAddress });
    phones.set(client, phone);
    return client;
  }

  /** An order of `client`'s, moved on by the team to `status`. */
  async function orderOf(
    client: TestClient,
    status: OrderStatus = 'delivered',
    overrides: Record<string, unknown> = {},
  ): Promise<Order> {
    const placed = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phones.get(client), ...overrides }),
    );
    expect(placed.status).toBe(201);
    if (status === 'received') return placed.body.order;
    return moveOrderTo(admin, placed.body.order.id, status);
  }

  function post(client: TestClient, body: unknown) {
    return client.request<{ review: SubmittedReview; error: { code: string; message: string } }>(
      'POST',
      '/api/reviews',
      body,
    );
  }

  async function publicIds(): Promise<string[]> {
    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    return (res.json() as { reviews: Review[] }).reviews.map((r) => r.id);
  }

  async function adminReview(id: string): Promise<AdminReview | undefined> {
    const res = await admin.request<{ reviews: AdminReview[] }>('GET', '/api/reviews?all=1');
    return res.body.reviews.find((r) => r.id === id);
  }

  it('lists reviews to anyone, without a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviews: [] });
  });

  it('the attack: a one-tap 1-star "visitor" review with no order behind it is refused', async () => {
    const visitor = await visitorClient(server.app, { remoteAddress: freshIp() });
    const asBefore = await post(visitor, { name: 'Visitor', review: 'Rated 1 star', rating: 1 });
    expect(asBefore.status).toBe(400);
    expect(asBefore.body.error).toMatchObject({ code: 'invalid-argument' });
    const unknown = await post(visitor, {
      orderId: '00000000-0000-4000-8000-000000000000',
      review: 'Rated 1 star',
      rating: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('errors:review.orderNotFound');
    const none = await post(new TestClient(server.app), { orderId: 'x', review: TEXT, rating: 1 });
    expect(none.status).toBe(401);
    expect(countReviews(server)).toBe(0);
    expect(await publicIds()).toEqual([]);
  });

  it('the owner of a delivered order reviews it: trimmed, named from the order, held by default', async () => {
    const client = await customer();
    const order = await orderOf(client, 'delivered', { fullName: 'Mona Hassan Ali' });
    const res = await post(client, { orderId: order.id, review: `  ${TEXT}  `, rating: 4 });
    expect(res.status).toBe(201);
    expect(res.body.review).toEqual({
      id: expect.any(String),
      name: 'Mona',
      review: TEXT,
      rating: 4,
      createdAt: expect.any(String),
      state: 'pending',
      listed: false,
    });
    // A name sent along is ignored: nobody writes as someone else.
    expect(await publicIds()).toEqual([]);
    expect(await adminReview(res.body.review.id)).toMatchObject({
      state: 'pending',
      listed: false,
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        fullName: 'Mona Hassan Ali',
        status: 'delivered',
      },
    });
    // Published by the team, it is public, without who wrote it or from where.
    const published = await admin.request('PATCH', `/api/reviews/${res.body.review.id}`, {
      hidden: false,
    });
    expect(published.status).toBe(200);
    const list = await client.request<{ reviews: Review[] }>('GET', '/api/reviews');
    expect(list.body.reviews).toEqual([
      {
        id: res.body.review.id,
        name: 'Mona',
        review: TEXT,
        rating: 4,
        createdAt: res.body.review.createdAt,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/ip|userId|203\.0\.113|Hassan|AF-/);
  });

  it('a name in the body is not the name shown', async () => {
    const client = await customer();
    const order = await orderOf(client, 'delivered', { fullName: 'عبد الرحمن محمد' });
    const res = await post(client, { orderId: order.id, name: 'Admin', review: TEXT, rating: 5 });
    expect(res.status).toBe(201);
    expect(res.body.review.name).toBe('عبد الرحمن');
  });

  it('only the order’s owner may review it: others get 403 and nothing is stored', async () => {
    const owner = await customer();
    const order = await orderOf(owner);
    const body = { orderId: order.id, review: TEXT, rating: 1 };
    const stranger = await post(await customer(), body);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toEqual({
      code: 'permission-denied',
      message: 'errors:review.notYourOrder',
    });
    const signedUp = new TestClient(server.app, { remoteAddress: freshIp() });
    await signedUp.signUp(`reviewer-${nextIp}@afsh.test`, 'Reviewer-pass-2026');
    expect((await post(signedUp, body)).status).toBe(403);
    expect((await post(admin, body)).status).toBe(403);
    expect(countReviews(server)).toBe(0);
  });

  it.each<[OrderStatus, number, string | null]>([
    ['received', 409, 'errors:review.notYet'],
    ['cancelled', 409, 'errors:review.cancelled'],
    ['under_review', 201, null],
    ['in_transit', 201, null],
    ['delivered', 201, null],
  ])('an order %s: %i', async (status, expected, message) => {
    const client = await customer();
    const order = await orderOf(client, status);
    const res = await post(client, { orderId: order.id, review: TEXT, rating: 5 });
    expect(res.status).toBe(expected);
    if (message) {
      expect(res.body.error).toEqual({ code: 'failed-precondition', message });
      expect(countReviews(server)).toBe(0);
    }
  });

  it('one review per order, even after the minute', async () => {
    const client = await customer();
    const order = await orderOf(client);
    expect((await post(client, { orderId: order.id, review: TEXT, rating: 5 })).status).toBe(201);
    age(server, 120);
    const again = await post(client, { orderId: order.id, review: 'Changed my mind', rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'already-exists',
      message: 'errors:review.alreadyReviewed',
    });
    expect(countReviews(server)).toBe(1);
  });

  it.each<[string, unknown, number]>([
    ['Arabic-Indic ٤ as 4', '٤', 4],
    ['a string "3" as 3', '3', 3],
    ['1', 1, 1],
  ])('reads a rating of %s', async (_name, rating, expected) => {
    const client = await customer();
    const order = await orderOf(client);
    const res = await post(client, { orderId: order.id, review: TEXT, rating });
    expect(res.status).toBe(201);
    expect(res.body.review.rating).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    // No stars preselected anywhere (D14): no rating is not five stars.
    ['no rating', { rating: undefined }, { rating: 'validation:review.rating' }],
    ['an empty rating', { rating: '' }, { rating: 'validation:review.rating' }],
    ['a rating of 0', { rating: 0 }, { rating: 'validation:review.rating' }],
    ['a rating of 9', { rating: 9 }, { rating: 'validation:review.rating' }],
    ['a rating of 3.6', { rating: 3.6 }, { rating: 'validation:review.rating' }],
    ['a rating in words', { rating: 'great' }, { rating: 'validation:review.rating' }],
    ['no order', { orderId: undefined }, { orderId: 'validation:review.order' }],
    ['a one-letter review', { review: 'x' }, { review: 'validation:review.textLength' }],
    [
      'a 601-character review',
      { review: 'r'.repeat(601) },
      { review: 'validation:review.textLength' },
    ],
    ['no review', { review: undefined }, { review: 'validation:review.textLength' }],
    ['a honeypot that is not text', { website: 5 }, { website: 'validation:common.invalid' }],
  ])('rejects %s with 400 and stores nothing', async (_name, change, fields) => {
    const client = await customer();
    const order = await orderOf(client);
    const body: Record<string, unknown> = { orderId: order.id, review: TEXT, rating: 5, ...change };
    for (const key of Object.keys(change)) if (change[key] === undefined) delete body[key];
    const res = await post(client, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect((res.body.error as unknown as { fields: object }).fields).toEqual(fields);
    expect(countReviews(server)).toBe(0);
  });

  it.each([
    ['an array', []],
    ['a string', 'nice'],
    ['null', null],
  ])('answers 400, not 500, for a body that is %s', async (_name, body) => {
    const res = await post(await customer(), body);
    expect(res.status).toBe(400);
  });

  it('accepts 600 characters exactly, and stores markup literally', async () => {
    const client = await customer();
    const order = await orderOf(client);
    const long = await post(client, { orderId: order.id, review: 'ر'.repeat(600), rating: 5 });
    expect(long.status).toBe(201);
    age(server, 61);
    const text = '<script>alert(1)</script> & <b>bold</b>';
    const other = await orderOf(client);
    const res = await post(client, { orderId: other.id, review: text, rating: 5 });
    expect(res.body.review.review).toBe(text);
    await admin.request('PATCH', `/api/reviews/${res.body.review.id}`, { hidden: false });
    const list = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(list.json().reviews[0].review).toBe(text);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const client = await customer();
    const order = await orderOf(client);
    const res = await post(client, {
      orderId: order.id,
      review: TEXT,
      rating: 5,
      website: 'http://spam.example',
    });
    expect(res.status).toBe(201);
    expect(res.body.review).toMatchObject({ name: 'Mona', review: TEXT, rating: 5 });
    expect(countReviews(server)).toBe(0);
    // A dropped submission neither uses up the order nor starts the minute.
    expect((await post(client, { orderId: order.id, review: TEXT, rating: 5 })).status).toBe(201);
  });

  it('treats a whitespace-only honeypot as empty', async () => {
    const client = await customer();
    const order = await orderOf(client);
    const res = await post(client, { orderId: order.id, review: TEXT, rating: 5, website: '  ' });
    expect(res.status).toBe(201);
    expect(countReviews(server)).toBe(1);
  });

  it('allows one review a minute per user (429 with Retry-After), counted from the last', async () => {
    const client = await customer();
    const [first, second] = [await orderOf(client), await orderOf(client)];
    expect((await post(client, { orderId: first.id, review: TEXT, rating: 5 })).status).toBe(201);
    const again = await post(client, { orderId: second.id, review: 'Second review', rating: 4 });
    expect(again.status).toBe(429);
    expect(again.body.error).toEqual({
      code: 'rate-limited',
      message: 'validation:review.cooldown',
    });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    age(server, 45);
    const early = await post(client, { orderId: second.id, review: 'Second review', rating: 4 });
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(15);
    age(server, 16);
    expect(
      (await post(client, { orderId: second.id, review: 'Second review', rating: 4 })).status,
    ).toBe(201);
  });

  it('allows one review a minute per address, whoever posts it', async () => {
    const ip = freshIp();
    // Two customers, two numbers, one address.
    const home = await customer(ip);
    const sameHouse = await customer(ip);
    const homeOrder = await orderOf(home);
    const houseOrder = await orderOf(sameHouse);
    expect((await post(home, { orderId: homeOrder.id, review: TEXT, rating: 5 })).status).toBe(201);
    const other = await post(sameHouse, { orderId: houseOrder.id, review: TEXT, rating: 5 });
    expect(other.status).toBe(429);
    expect(other.body.error.message).toBe('validation:review.cooldown');
    expect(countReviews(server)).toBe(1);
  });

  it('the orders a customer may review: confirmed, not cancelled, without a review, newest first', async () => {
    const client = await customer();
    const delivered = await orderOf(client, 'delivered');
    const cancelled = await orderOf(client, 'cancelled');
    const received = await orderOf(client, 'received');
    const onTheWay = await orderOf(client, 'in_transit');
    const reviewable = () =>
      client.request<{ orders: { orderId: string }[] }>('GET', '/api/reviews/reviewable');
    const listed = await reviewable();
    expect(listed.status).toBe(200);
    expect(listed.body.orders).toEqual([
      {
        orderId: onTheWay.id,
        orderNumber: onTheWay.orderNumber,
        moveDate: onTheWay.moveDate,
        status: 'in_transit',
        name: 'Mona',
      },
      {
        orderId: delivered.id,
        orderNumber: delivered.orderNumber,
        moveDate: delivered.moveDate,
        status: 'delivered',
        name: 'Mona',
      },
    ]);
    expect(listed.body.orders.map((o) => o.orderId)).not.toContain(cancelled.id);
    expect(listed.body.orders.map((o) => o.orderId)).not.toContain(received.id);
    await post(client, { orderId: delivered.id, review: TEXT, rating: 5 });
    expect((await reviewable()).body.orders.map((o) => o.orderId)).toEqual([onTheWay.id]);
    expect((await (await customer()).request('GET', '/api/reviews/reviewable')).body).toEqual({
      orders: [],
    });
  });

  it('the admin’s setting: published at once, public at once only for a delivered move', async () => {
    expect((await admin.request('GET', '/api/reviews/settings')).body).toEqual({
      settings: { publishAtOnce: false },
    });
    const saved = await admin.request('PUT', '/api/reviews/settings', { publishAtOnce: true });
    expect(saved.body).toEqual({ settings: { publishAtOnce: true } });
    const row = server.app.db.prepare("SELECT value FROM settings WHERE key = 'reviews'").get();
    expect(row).toEqual({ value: '{"publishAtOnce":true}' });

    const client = await customer();
    const delivered = await post(client, {
      orderId: (await orderOf(client)).id,
      review: TEXT,
      rating: 5,
    });
    expect(delivered.body.review).toMatchObject({ state: 'published', listed: true });
    expect(await publicIds()).toEqual([delivered.body.review.id]);

    const mover = await customer();
    const moving = await orderOf(mover, 'in_transit');
    const early = await post(mover, { orderId: moving.id, review: TEXT, rating: 2 });
    expect(early.body.review).toMatchObject({ state: 'published', listed: false });
    expect(await publicIds()).toEqual([delivered.body.review.id]);

    for (const body of [{}, { publishAtOnce: 'yes' }, { publishAtOnce: true, extra: 1 }, []]) {
      const bad = await admin.request('PUT', '/api/reviews/settings', body);
      expect(bad.status).toBe(400);
    }
  });

  it('public stars only from delivered moves: a review follows its order’s status', async () => {
    const client = await customer();
    const order = await orderOf(client);
    const posted = await post(client, { orderId: order.id, review: TEXT, rating: 5 });
    const id = posted.body.review.id;
    await admin.request('PATCH', `/api/reviews/${id}`, { hidden: false });
    expect(await publicIds()).toEqual([id]);
    await reopenOrder(admin, order.id);
    expect(await publicIds()).toEqual([]);
    expect(await adminReview(id)).toMatchObject({ state: 'published', listed: false });
    await moveOrderTo(admin, order.id, 'delivered');
    expect(await publicIds()).toEqual([id]);
    // A deleted order leaves its review for the admin, without an order, never public again.
    expect((await admin.request('DELETE', `/api/orders/${order.id}`)).status).toBe(204);
    expect(await publicIds()).toEqual([]);
    expect(await adminReview(id)).toMatchObject({ order: null, listed: false });
    const publish = await admin.request('PATCH', `/api/reviews/${id}`, { hidden: false });
    expect(publish.status).toBe(409);
    expect(publish.body.error.message).toBe('errors:review.noOrder');
  });

  it('lists published reviews of delivered orders only, displayable, newest first, at most 100', async () => {
    const client = await customer();
    const template = await orderOf(client);
    const columns = (
      server.app.db.prepare('PRAGMA table_info(orders)').all() as { name: string }[]
    ).map((c) => c.name);
    const others = columns.filter((c) => !['id', 'order_number', 'status'].includes(c));
    const cloneOrder = server.app.db.prepare(
      `INSERT INTO orders (id, order_number, status, ${others.join(', ')})
       SELECT ?, ?, ?, ${others.join(', ')} FROM orders WHERE id = ?`,
    );
    const insert = server.app.db.prepare(
      `INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at, hidden, order_id, state)
       VALUES (?, ?, ?, 5, NULL, NULL, ?, 0, ?, ?)`,
    );
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const at = (i: number) => new Date(base + i * 1000).toISOString();
    const review = (
      id: string,
      i: number,
      status: OrderStatus,
      state: string,
      name = `Name ${i}`,
    ) => {
      cloneOrder.run(`o-${id}`, `AF-20260101-${1000 + i}`, status, template.id);
      insert.run(id, name, `Review ${i}`, at(i), `o-${id}`, state);
    };
    server.app.db.transaction(() => {
      for (let i = 0; i < 120; i += 1) review(`r${i}`, i, 'delivered', 'published');
      // Newer than all of the above, but not to be shown.
      review('held', 500, 'delivered', 'pending');
      review('hidden', 501, 'delivered', 'hidden');
      review('on-the-way', 502, 'in_transit', 'published');
      review('short-name', 503, 'delivered', 'published', ' K ');
      insert.run('no-order', 'Visitor', 'Rated 1 star', at(504), null, 'published');
    })();

    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    const reviews = res.json().reviews as Review[];
    expect(reviews).toHaveLength(100);
    expect(reviews[0]?.id).toBe('r119');
    expect(reviews[99]?.id).toBe('r20');
    const times = reviews.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const hidden of ['held', 'hidden', 'on-the-way', 'short-name', 'no-order']) {
      expect(reviews.map((r) => r.id)).not.toContain(hidden);
    }
  });
});

describe('reviews written before D14 (stored data ages)', () => {
  let dir: string;
  let app: FastifyInstance | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-reviews-before-'));
  });

  afterEach(async () => {
    await app?.close();
    await cleanup?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps them for the admin, without an order, never public and never publishable', async () => {
    // A database as the server left it before migration 011, with the reviews of then.
    const old = join(dir, 'old-migrations');
    mkdirSync(old);
    for (const migration of listMigrations().filter((m) => m.version < 11)) {
      copyFileSync(migration.file, join(old, migration.file.split('/').pop()!));
    }
    const path = join(dir, 'afsh.sqlite');
    const before = new Database(path);
    before.pragma('journal_mode = WAL');
    before.pragma('foreign_keys = ON');
    runMigrations(before, old);
    const insert = before.prepare(
      `INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at, hidden)
       VALUES (?, ?, ?, ?, NULL, '198.51.100.7', ?, ?)`,
    );
    insert.run('quick', 'Visitor', 'Rated 1 star', 1, '2026-04-01T10:00:00.000Z', 0);
    insert.run('written', 'Sara', 'A careful crew', 5, '2026-04-02T10:00:00.000Z', 0);
    insert.run('spam', 'Buy', 'Cheap pills', 1, '2026-04-03T10:00:00.000Z', 1);
    before.close();

    const site = await makeStaticDir();
    cleanup = site.cleanup;
    app = await build({
      staticDir: site.staticDir,
      env: { NODE_ENV: 'test', RATE_LIMITS: 'off', DATABASE_PATH: path },
    });
    await createOrPromoteAdmin(app.db, { ...TEST_ADMIN });
    await app.ready();

    const publicList = await app.inject({ method: 'GET', url: '/api/reviews' });
    expect(publicList.json()).toEqual({ reviews: [] });
    const team = await adminClient(app);
    const all = await team.request<{ reviews: AdminReview[] }>('GET', '/api/reviews?all=1');
    expect(all.body.reviews.map((r) => [r.id, r.name, r.state, r.order, r.listed])).toEqual([
      ['spam', 'Buy', 'hidden', null, false],
      ['written', 'Sara', 'pending', null, false],
      ['quick', 'Visitor', 'pending', null, false],
    ]);
    const publish = await team.request('PATCH', '/api/reviews/quick', { hidden: false });
    expect(publish.status).toBe(409);
    expect(publish.body.error.message).toBe('errors:review.noOrder');
    expect((await team.request('PATCH', '/api/reviews/written', { hidden: true })).status).toBe(
      200,
    );
    expect((await team.request('DELETE', '/api/reviews/quick')).status).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/reviews' })).json()).toEqual({
      reviews: [],
    });
    // The team's settings: none saved yet, so reviews are held for approval.
    expect((await team.request('GET', '/api/reviews/settings')).body).toEqual({
      settings: { publishAtOnce: false },
    });
  });
});

/** Reads Server-Sent Events from a fetch response, one `event:`/`data:` block at a time. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  async function nextBlock(): Promise<string | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return block;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  }

  return {
    /** The next named event; comments (heartbeats) and `retry:` lines are skipped. */
    async next(): Promise<{ event: string; data: unknown } | null> {
      for (;;) {
        const block = await nextBlock();
        if (block === null) return null;
        const lines = block.split('\n');
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('\n');
        if (event !== undefined) return { event, data: JSON.parse(data) };
      }
    },
    /** The next comment line (a heartbeat), skipping anything else. */
    async nextComment(): Promise<string | null> {
      for (;;) {
        const block = await nextBlock();
        if (block === null) return null;
        const comment = block.split('\n').find((l) => l.startsWith(':'));
        if (comment !== undefined) return comment;
      }
    },
    /** Resolves with true when the server ends the stream. */
    async ended(): Promise<boolean> {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('GET /api/reviews/stream (Server-Sent Events)', () => {
  let server: TestServer;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    server = await createTestServer();
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    // The stream's customer proved the fixtures' number (D13); their cookie goes over HTTP.
    const customer = await customerClient(server.app);
    cookie = `afsh_session=${customer.sessionCookie ?? ''}`;
    expect(cookie).toMatch(/^afsh_session=.+/);
  });

  afterAll(async () => {
    // fetch (undici) opens a spare connection after an aborted request and never sends anything
    // on it; Node's close() waits for such a socket until its headers timeout. Shutdown with
    // open streams is tested on its own below.
    server.app.server.closeAllConnections();
    await server.close();
  });

  /** An order of the stream's customer (its cookie), delivered by the team. */
  async function deliveredOrder(): Promise<Order> {
    const placed = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(orderBody()),
    });
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: Order };
    const admin = await adminClient(server.app);
    await moveOrderTo(admin, order.id, 'delivered');
    return order;
  }

  it('sends the list on connect and again after every new public review', async () => {
    const order = await deliveredOrder();
    const admin = await adminClient(server.app);
    await admin.request('PUT', '/api/reviews/settings', { publishAtOnce: true });
    const controller = new AbortController();
    const res = await fetch(`${base}/api/reviews/stream`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    // Compression would hold events back in its buffer.
    expect(res.headers.get('content-encoding')).toBeNull();
    // Security headers from the earlier hooks survive taking over the socket.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    const first = await events.next();
    expect(first).toEqual({ event: 'reviews', data: { reviews: [] } });

    const post = (body: unknown) =>
      fetch(`${base}/api/reviews`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const body = { orderId: order.id, review: TEXT, rating: 5 };

    // A honeypot submission is not broadcast: the next event is the real review alone.
    expect((await post({ ...body, website: 'x' })).status).toBe(201);
    const posted = await post(body);
    expect(posted.status).toBe(201);
    const { review } = (await posted.json()) as { review: SubmittedReview };
    const { id, name, rating, createdAt } = review;

    const second = await events.next();
    expect(second).toEqual({
      event: 'reviews',
      data: { reviews: [{ id, name, review: TEXT, rating, createdAt }] },
    });

    const listed = await fetch(`${base}/api/reviews`);
    expect(await listed.json()).toEqual(second?.data);
    await admin.request('PUT', '/api/reviews/settings', { publishAtOnce: false });
    controller.abort();
  });

  it('sends the public list again after a review is hidden, published, deleted, or its move undone', async () => {
    const order = await deliveredOrder();
    // Stored directly: this visitor's review from the first test is still within its minute.
    const id = new ReviewsRepository(server.app.db).insert(
      {
        orderId: order.id,
        userId: order.userId!,
        name: 'Mona',
        review: 'Moderated while you watch',
        rating: 4,
        state: 'published',
        createdAt: new Date().toISOString(),
      },
      null,
    );
    const admin = await adminClient(server.app);

    const controller = new AbortController();
    const res = await fetch(`${base}/api/reviews/stream`, { signal: controller.signal });
    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    const ids = async () => {
      const event = await events.next();
      return (event?.data as { reviews: Review[] }).reviews.map((r) => r.id);
    };
    expect(await ids()).toContain(id);

    expect((await admin.request('PATCH', `/api/reviews/${id}`, { hidden: true })).status).toBe(200);
    expect(await ids()).not.toContain(id);
    expect((await admin.request('PATCH', `/api/reviews/${id}`, { hidden: false })).status).toBe(
      200,
    );
    expect(await ids()).toContain(id);
    // D14: public only while its move is delivered.
    await reopenOrder(admin, order.id);
    expect(await ids()).not.toContain(id);
    await moveOrderTo(admin, order.id, 'delivered');
    expect(await ids()).toContain(id);
    expect((await admin.request('DELETE', `/api/reviews/${id}`)).status).toBe(204);
    expect(await ids()).not.toContain(id);
    controller.abort();
  });

  it('lets a client disconnect, and the server keeps serving the others', async () => {
    const gone = new AbortController();
    const first = await fetch(`${base}/api/reviews/stream`, { signal: gone.signal });
    await sseReader(first.body as ReadableStream<Uint8Array>).next();
    gone.abort();

    const stays = new AbortController();
    const second = await fetch(`${base}/api/reviews/stream`, { signal: stays.signal });
    const event = await sseReader(second.body as ReadableStream<Uint8Array>).next();
    expect(event?.event).toBe('reviews');
    stays.abort();
  });
});

describe('review stream lifecycle', () => {
  let dir: string;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-sse-'));
    app = Fastify();
    app.decorate('db', openDatabase(join(dir, 'test.sqlite')));
    app.decorate('reviews', new ReviewsRepository(app.db));
    // Only what the reviews routes use: the bus their stream listens to and the reviews service.
    app.decorate('events', new DomainEvents(app.log));
    app.decorate('services', {
      reviews: new ReviewsService(app.reviews, { findById: () => null }, app.events),
    } as unknown as Services);
    app.addHook('onClose', async () => app.db.close());
    // A short heartbeat so the test doesn't wait 25 s for one.
    await app.register(reviewsRoutes, { prefix: '/api', heartbeatMs: 50 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    // Only when a failed test left it open; the last test closes it.
    if (app.server.listening) {
      app.server.closeAllConnections();
      await app.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  // No client aborts here (see the note on spare connections above): the streams stay open
  // until the server closes.
  let heartbeatStream: ReturnType<typeof sseReader>;

  it('sends heartbeat comments between events', async () => {
    // The stream's heartbeat runs on a clock moved by hand, not the machine's: each 50 ms of it
    // sends one, however busy the machine is.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const res = await fetch(`${base}/api/reviews/stream`);
      heartbeatStream = sseReader(res.body as ReadableStream<Uint8Array>);
      expect((await heartbeatStream.next())?.event).toBe('reviews');
      for (let beat = 0; beat < 2; beat += 1) {
        vi.advanceTimersByTime(50);
        expect(await heartbeatStream.nextComment()).toBe(': heartbeat');
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends open streams on close, so shutdown is not held up by listeners', async () => {
    const res = await fetch(`${base}/api/reviews/stream`);
    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('reviews');

    // Neither client ever lets go of its stream: close() returns only because the server ends
    // them (held up, it would never return, and the test would time out).
    await app.close();
    expect(await events.ended()).toBe(true);
    expect(await heartbeatStream.ended()).toBe(true);
  });
});
