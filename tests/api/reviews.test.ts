import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '../../src/data/port.ts';
import { openDatabase } from '../../server/src/plugins/db.ts';
import { DomainEvents } from '../../server/src/events/domain-events.ts';
import type { Services } from '../../server/src/plugins/services.ts';
import { ReviewsService } from '../../server/src/services/reviews-service.ts';
import { ReviewsRepository } from '../../server/src/repositories/reviews-repository.ts';
import { reviewsRoutes } from '../../server/src/routes/api/reviews.ts';
import { adminClient, createTestServer, TestClient, visitorClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

const GOOD = { name: 'Karim', review: 'Careful and on time, thank you!', rating: 5 };

function countReviews(server: TestServer): number {
  return (server.app.db.prepare('SELECT COUNT(*) AS n FROM reviews').get() as { n: number }).n;
}

/** Moves every stored review `seconds` into the past, as if that much time had gone by. */
function age(server: TestServer, seconds: number): void {
  server.app.db
    .prepare("UPDATE reviews SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?)")
    .run(`-${seconds} seconds`);
}

/** POST /api/reviews from a given client address, with the client's session cookie. */
async function postFrom(server: TestServer, client: TestClient, ip: string, body: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/reviews',
    remoteAddress: ip,
    headers: {
      'content-type': 'application/json',
      ...(client.sessionCookie ? { cookie: `afsh_session=${client.sessionCookie}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

describe('reviews over REST', () => {
  let server: TestServer;
  // Each test posts from its own address so the per-address rule doesn't couple tests.
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.app.db.exec('DELETE FROM reviews');
  });

  function visitor(): Promise<TestClient> {
    return visitorClient(server.app);
  }

  it('lists reviews to anyone, without a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviews: [] });
  });

  it('needs a session to post (an anonymous one is enough)', async () => {
    const none = await postFrom(server, new TestClient(server.app), freshIp(), GOOD);
    expect(none.status).toBe(401);
    expect(countReviews(server)).toBe(0);
    const anonymous = await postFrom(server, await visitor(), freshIp(), GOOD);
    expect(anonymous.status).toBe(201);
  });

  it('stores a review, trimmed, and lists it without who or where it came from', async () => {
    const client = await visitor();
    const res = await postFrom(server, client, freshIp(), {
      name: '  Karim  ',
      review: '  Careful and on time  ',
      rating: 4,
    });
    expect(res.status).toBe(201);
    const review = res.body.review as Review;
    expect(review).toEqual({
      id: expect.any(String),
      name: 'Karim',
      review: 'Careful and on time',
      rating: 4,
      createdAt: expect.any(String),
    });
    const list = await client.request<{ reviews: Review[] }>('GET', '/api/reviews');
    expect(list.body.reviews).toEqual([review]);
    expect(JSON.stringify(list.body)).not.toMatch(/ip|userId|203\.0\.113/);
  });

  it.each<[string, unknown, number]>([
    ['Arabic-Indic ٤ as 4', '٤', 4],
    ['a string "3" as 3', '3', 3],
    ['9 as 5 (clamped)', 9, 5],
    ['0 as 1 (clamped)', 0, 1],
    ['-2 as 1 (clamped)', -2, 1],
    ['3.6 as 4 (rounded)', 3.6, 4],
    ['nothing as 5 (the default)', undefined, 5],
    ['text as 5 (the default)', 'great', 5],
  ])('reads a rating of %s', async (_name, rating, expected) => {
    const body: Record<string, unknown> = { ...GOOD };
    if (rating === undefined) delete body.rating;
    else body.rating = rating;
    const res = await postFrom(server, await visitor(), freshIp(), body);
    expect(res.status).toBe(201);
    expect(res.body.review.rating).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a one-letter name', { name: 'K' }, { name: 'validation:review.nameLength' }],
    ['a blank name', { name: '   ' }, { name: 'validation:review.nameLength' }],
    ['a 61-character name', { name: 'n'.repeat(61) }, { name: 'validation:review.nameLength' }],
    ['a name that is a number', { name: 42 }, { name: 'validation:review.nameLength' }],
    ['a one-letter review', { review: 'x' }, { review: 'validation:review.textLength' }],
    [
      'a 601-character review',
      { review: 'r'.repeat(601) },
      { review: 'validation:review.textLength' },
    ],
    ['no review', { review: undefined }, { review: 'validation:review.textLength' }],
    ['a honeypot that is not text', { website: 5 }, { website: 'validation:common.invalid' }],
  ])('rejects %s with 400 and stores nothing', async (_name, change, fields) => {
    const res = await postFrom(server, await visitor(), freshIp(), { ...GOOD, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(res.body.error.fields).toEqual(fields);
    expect(countReviews(server)).toBe(0);
  });

  it.each([
    ['an array', []],
    ['a string', 'nice'],
    ['null', null],
  ])('answers 400, not 500, for a body that is %s', async (_name, body) => {
    const res = await postFrom(server, await visitor(), freshIp(), body);
    expect(res.status).toBe(400);
  });

  it('accepts 60 and 600 characters exactly', async () => {
    const res = await postFrom(server, await visitor(), freshIp(), {
      ...GOOD,
      name: 'ن'.repeat(60),
      review: 'ر'.repeat(600),
    });
    expect(res.status).toBe(201);
  });

  it('stores markup literally', async () => {
    const text = '<script>alert(1)</script> & <b>bold</b>';
    const res = await postFrom(server, await visitor(), freshIp(), { ...GOOD, review: text });
    expect(res.body.review.review).toBe(text);
    const list = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(list.json().reviews[0].review).toBe(text);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const client = await visitor();
    const ip = freshIp();
    const res = await postFrom(server, client, ip, { ...GOOD, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body.review).toEqual({
      id: expect.any(String),
      name: GOOD.name,
      review: GOOD.review,
      rating: GOOD.rating,
      createdAt: expect.any(String),
    });
    expect(countReviews(server)).toBe(0);
    expect((await client.request('GET', '/api/reviews')).body.reviews).toEqual([]);
    // A dropped submission doesn't start the cooldown for a real one.
    expect((await postFrom(server, client, ip, GOOD)).status).toBe(201);
  });

  it('treats a whitespace-only honeypot as empty', async () => {
    const res = await postFrom(server, await visitor(), freshIp(), { ...GOOD, website: '  ' });
    expect(res.status).toBe(201);
    expect(countReviews(server)).toBe(1);
  });

  it('allows one review a minute per user (429 with Retry-After)', async () => {
    const client = await visitor();
    expect((await postFrom(server, client, freshIp(), GOOD)).status).toBe(201);
    const again = await postFrom(server, client, freshIp(), { ...GOOD, review: 'Second review' });
    expect(again.status).toBe(429);
    expect(again.body.error).toEqual({
      code: 'rate-limited',
      message: 'validation:review.cooldown',
    });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(countReviews(server)).toBe(1);
  });

  it('allows one review a minute per address, whoever posts it', async () => {
    const ip = freshIp();
    expect((await postFrom(server, await visitor(), ip, GOOD)).status).toBe(201);
    // A new session (a cleared cookie, a second browser) from the same address.
    const other = await postFrom(server, await visitor(), ip, GOOD);
    expect(other.status).toBe(429);
    expect(other.body.error.message).toBe('validation:review.cooldown');
    // Someone else, elsewhere, is not affected.
    expect((await postFrom(server, await visitor(), freshIp(), GOOD)).status).toBe(201);
    expect(countReviews(server)).toBe(2);
  });

  it('counts the minute from the last review: after it, the same user may post again', async () => {
    const client = await visitor();
    const ip = freshIp();
    expect((await postFrom(server, client, ip, GOOD)).status).toBe(201);
    age(server, 45);
    const early = await postFrom(server, client, ip, GOOD);
    expect(early.status).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(15);
    age(server, 16);
    expect((await postFrom(server, client, ip, GOOD)).status).toBe(201);
  });

  it('lists displayable, visible reviews only, newest first, at most 100', async () => {
    const insert = server.app.db.prepare(
      `INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at, hidden)
       VALUES (?, ?, ?, 5, NULL, NULL, ?, ?)`,
    );
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const at = (i: number) => new Date(base + i * 1000).toISOString();
    server.app.db.transaction(() => {
      for (let i = 0; i < 120; i += 1) insert.run(`r${i}`, `Name ${i}`, `Review ${i}`, at(i), 0);
      // Newer than all of the above, but not to be shown.
      insert.run('hidden', 'Hidden', 'Hidden review', at(500), 1);
      insert.run('short-name', ' K ', 'Fine review', at(501), 0);
      insert.run('short-text', 'Karim', ' x', at(502), 0);
    })();

    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    const reviews = res.json().reviews as Review[];
    expect(reviews).toHaveLength(100);
    expect(reviews[0]?.id).toBe('r119');
    expect(reviews[99]?.id).toBe('r20');
    const times = reviews.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(reviews.map((r) => r.id)).not.toContain('hidden');
    expect(reviews.map((r) => r.id)).not.toContain('short-name');
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
    const res = await fetch(`${base}/api/auth/anonymous`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('afsh_session='));
    cookie = setCookie?.split(';', 1)[0] ?? '';
    expect(cookie).toMatch(/^afsh_session=.+/);
  });

  afterAll(async () => {
    // fetch (undici) opens a spare connection after an aborted request and never sends anything
    // on it; Node's close() waits for such a socket until its headers timeout. Shutdown with
    // open streams is tested on its own below.
    server.app.server.closeAllConnections();
    await server.close();
  });

  it('sends the list on connect and again after every new review', async () => {
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

    // A honeypot submission is not broadcast: the next event is the real review alone.
    expect((await post({ ...GOOD, name: 'Bot', website: 'x' })).status).toBe(201);
    const posted = await post(GOOD);
    expect(posted.status).toBe(201);
    const { review } = (await posted.json()) as { review: Review };

    const second = await events.next();
    expect(second).toEqual({ event: 'reviews', data: { reviews: [review] } });

    const listed = await fetch(`${base}/api/reviews`);
    expect(await listed.json()).toEqual(second?.data);
    controller.abort();
  });

  it('sends the public list again after a review is hidden, shown or deleted', async () => {
    // Stored directly: this visitor's review from the first test is still within its minute.
    const review = new ReviewsRepository(server.app.db).add({
      ...GOOD,
      review: 'Moderated while you watch',
      userId: null,
      ip: null,
    });
    const admin = await adminClient(server.app);

    const controller = new AbortController();
    const res = await fetch(`${base}/api/reviews/stream`, { signal: controller.signal });
    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    const ids = async () => {
      const event = await events.next();
      return (event?.data as { reviews: Review[] }).reviews.map((r) => r.id);
    };
    expect(await ids()).toContain(review.id);

    expect(
      (await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: true })).status,
    ).toBe(200);
    expect(await ids()).not.toContain(review.id);
    expect(
      (await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: false })).status,
    ).toBe(200);
    expect(await ids()).toContain(review.id);
    expect((await admin.request('DELETE', `/api/reviews/${review.id}`)).status).toBe(204);
    expect(await ids()).not.toContain(review.id);
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
      reviews: new ReviewsService(app.reviews, app.events),
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
    const res = await fetch(`${base}/api/reviews/stream`);
    heartbeatStream = sseReader(res.body as ReadableStream<Uint8Array>);
    expect((await heartbeatStream.next())?.event).toBe('reviews');
    const started = Date.now();
    expect(await heartbeatStream.nextComment()).toBe(': heartbeat');
    expect(await heartbeatStream.nextComment()).toBe(': heartbeat');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('ends open streams on close, so shutdown is not held up by listeners', async () => {
    const res = await fetch(`${base}/api/reviews/stream`);
    const events = sseReader(res.body as ReadableStream<Uint8Array>);
    expect((await events.next())?.event).toBe('reviews');

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await events.ended()).toBe(true);
    expect(await heartbeatStream.ended()).toBe(true);
  });
});
