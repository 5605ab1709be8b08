import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, PublicTracking } from '../../src/data/port.ts';
import { STREAM_RETRY_AFTER_S } from '../../server/src/routes/api/reviews.ts';
import { HttpDataPort } from '../../src/data/http/http-adapter';
import { createCookieFetch } from '../contract/cookie-fetch';
import { eventSourceWith } from '../contract/event-source';
import { orderBody } from './order-fixtures.ts';
import type { TestClient, TestServer } from './test-server.ts';
import { adminClient, createTestServer, customerClient, uniquePhone } from './test-server.ts';

// The live order streams (D19): a tracker follows one number's public view, a customer their
// own orders, over server-sent events. Read over a real socket: a stream never ends by itself.

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface SseEvent {
  event: string;
  data: unknown;
  /** The event's text as it came over the wire. */
  raw: string;
}

interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  /** The error body of a refused stream; null for an open one. */
  body: unknown;
  /** The events heard so far, in order. */
  events: SseEvent[];
  /** Everything the stream carried, comments and all. */
  text(): string;
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

function openStream(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<Stream>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let ended = false;
      const done = new Promise<void>((finish) => {
        const end = () => {
          ended = true;
          finish();
        };
        res.once('end', end);
        res.once('close', end);
      });
      let all = '';
      let buffer = '';
      const events: SseEvent[] = [];
      res.setEncoding('utf8');
      const stream = (body: unknown): Stream => ({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body,
        events,
        text: () => all,
        ended: done,
        isEnded: () => ended,
        close: () => req.destroy(),
      });
      if (res.statusCode !== 200) {
        res.on('data', (chunk: string) => (all += chunk));
        res.on('end', () => resolve(stream(JSON.parse(all) as unknown)));
        return;
      }
      res.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name && data) events.push({ event: name, data: JSON.parse(data), raw: block });
        }
      });
      resolve(stream(null));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until the stream has heard an event that `match` accepts, and returns it. */
async function heard(stream: Stream, match: (event: SseEvent) => boolean): Promise<SseEvent> {
  let found: SseEvent | undefined;
  await vi.waitFor(
    () => {
      found = stream.events.find(match);
      expect(found, `events so far: ${stream.events.map((e) => e.event).join(', ')}`).toBeDefined();
    },
    { timeout: 5000, interval: 10 },
  );
  return found!;
}

const trackingOf = (event: SseEvent) => (event.data as { tracking: PublicTracking }).tracking;
const ordersOf = (event: SseEvent) => (event.data as { orders: Order[] }).orders;
const cookieOf = (client: TestClient) => ({ cookie: `afsh_session=${client.sessionCookie}` });

const PERSONAL = {
  fullName: 'Rania Stream-Secret',
  pickupAddress: '9 Hidden Stream Street, Zamalek',
  dropoffAddress: '10 Hidden Stream Road, Maadi',
  notes: 'Secret: ring twice',
};

const PUBLIC_KEYS = [
  // The crew leader's first name (D28), never a phone.
  'crewName',
  'currency',
  'dropoffGovernorateId',
  'governorateId',
  'moveDate',
  'moveType',
  'moveWindow',
  'orderNumber',
  'paymentMethod',
  'paymentProvider',
  'paymentStatus',
  'status',
  'statusHistory',
  'totalPrice',
].sort();

describe('GET /api/track/:orderNumber/stream (D19)', () => {
  let server: TestServer;
  let port: number;
  let admin: TestClient;
  const open: Stream[] = [];

  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: ['127.0.0.1'] });
    port = await listen(server.app);
    admin = await adminClient(server.app);
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    server.app.server.closeAllConnections();
    await server.close();
  });

  let addresses = 0;
  /** A browser of its own address, so the per-address shares never couple the tests. */
  async function follow(orderNumber: string, headers: Record<string, string> = {}) {
    addresses += 1;
    const stream = await openStream(port, `/api/track/${encodeURIComponent(orderNumber)}/stream`, {
      'x-forwarded-for': `198.51.100.${addresses}`,
      ...headers,
    });
    open.push(stream);
    return stream;
  }

  async function place(): Promise<{ owner: TestClient; order: Order }> {
    const phone = uniquePhone();
    const owner = await customerClient(server.app, { phone });
    const res = await owner.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ ...PERSONAL, phoneNumber: phone, districtId: 'zamalek' }),
    );
    expect(res.status).toBe(201);
    return { owner, order: res.body.order };
  }

  it('starts with the public view, window included, and nothing personal', async () => {
    const { order } = await place();
    const stream = await follow(order.orderNumber);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const first = trackingOf(await heard(stream, (e) => e.event === 'tracking'));
    expect(Object.keys(first).sort()).toEqual(PUBLIC_KEYS);
    expect(first).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'received',
      moveDate: order.moveDate,
      moveWindow: { start: order.timeWindow!.start, end: order.timeWindow!.end },
    });
    for (const secret of [...Object.values(PERSONAL), order.id, order.phoneNumber, 'zamalek']) {
      expect(stream.text()).not.toContain(secret);
    }
    expect(stream.text()).not.toContain(order.userId!);
  });

  it('hears each change as it is made, and only its own order', async () => {
    const { order } = await place();
    const { order: other } = await place();
    const stream = await follow(order.orderNumber);
    await heard(stream, (e) => e.event === 'tracking');

    await admin.request('PATCH', `/api/orders/${other.id}`, { status: 'under_review' });
    await admin.request('PATCH', `/api/orders/${order.id}`, { status: 'under_review' });
    const reviewed = trackingOf(
      await heard(stream, (e) => e.event === 'tracking' && trackingOf(e).status === 'under_review'),
    );
    expect(reviewed.statusHistory.map((h) => [h.status, h.actor])).toEqual([
      ['received', 'system'],
      ['under_review', 'admin'],
    ]);
    // A payment changes the view too, though it is no status change.
    await admin.request('PATCH', `/api/orders/${order.id}`, { paymentStatus: 'paid' });
    await heard(stream, (e) => e.event === 'tracking' && trackingOf(e).paymentStatus === 'paid');
    // The other order's change never reached this stream; one change, one event.
    expect(stream.events.map((e) => trackingOf(e).orderNumber)).toEqual(
      Array(3).fill(order.orderNumber),
    );
  });

  it('hears the customer’s cancel, and who made it', async () => {
    const { owner, order } = await place();
    const stream = await follow(order.orderNumber);
    await heard(stream, (e) => e.event === 'tracking');
    expect((await owner.request('POST', `/api/orders/${order.id}/cancel`)).status).toBe(200);
    const cancelled = trackingOf(
      await heard(stream, (e) => e.event === 'tracking' && trackingOf(e).status === 'cancelled'),
    );
    expect(cancelled.statusHistory.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'customer',
    });
  });

  it('says `gone` and ends when the order is deleted', async () => {
    const { order } = await place();
    const stream = await follow(order.orderNumber);
    await heard(stream, (e) => e.event === 'tracking');
    expect((await admin.request('DELETE', `/api/orders/${order.id}`)).status).toBe(204);
    const gone = await heard(stream, (e) => e.event === 'gone');
    expect(gone.data).toEqual({ orderNumber: order.orderNumber });
    await stream.ended;
  });

  it('reads the number the way people paste it', async () => {
    const { order } = await place();
    const stream = await follow(`#${order.orderNumber.toLowerCase()}`);
    expect(trackingOf(await heard(stream, (e) => e.event === 'tracking')).orderNumber).toBe(
      order.orderNumber,
    );
  });

  it.each([
    ['an unknown number', 'AF-20200101-123'],
    ['a malformed one', 'hello'],
  ])('answers 404 for %s, before any stream opens', async (_name, number) => {
    const stream = await follow(number);
    expect(stream.status).toBe(404);
    expect(stream.body).toEqual({ error: { code: 'not-found', message: 'errors:orderNotFound' } });
  });

  it('ends its streams when the server shuts down', async () => {
    const other = await createTestServer();
    const otherPort = await listen(other.app);
    const owner = await customerClient(other.app);
    const placed = await owner.request<{ order: Order }>('POST', '/api/orders', orderBody());
    const stream = await openStream(
      otherPort,
      `/api/track/${placed.body.order.orderNumber}/stream`,
    );
    await heard(stream, (e) => e.event === 'tracking');
    await other.close();
    await stream.ended;
  });
});

describe('GET /api/orders/mine/stream (D19)', () => {
  let server: TestServer;
  let port: number;
  let admin: TestClient;
  const open: Stream[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    port = await listen(server.app);
    admin = await adminClient(server.app);
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    server.app.server.closeAllConnections();
    await server.close();
  });

  async function customer(): Promise<{ client: TestClient; phone: string }> {
    const phone = uniquePhone();
    return { client: await customerClient(server.app, { phone }), phone };
  }

  async function mine(client: TestClient): Promise<Stream> {
    const stream = await openStream(port, '/api/orders/mine/stream', cookieOf(client));
    open.push(stream);
    return stream;
  }

  it('needs a session', async () => {
    const stream = await openStream(port, '/api/orders/mine/stream');
    expect(stream.status).toBe(401);
    expect((stream.body as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  it('starts with the customer’s own orders and hears only theirs', async () => {
    const a = await customer();
    const b = await customer();
    const first = await a.client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: a.phone }),
    );
    const theirs = await b.client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: b.phone }),
    );
    const stream = await mine(a.client);
    const start = ordersOf(await heard(stream, (e) => e.event === 'orders'));
    expect(start.map((o) => o.id)).toEqual([first.body.order.id]);

    // Another customer's change is not theirs to hear.
    await admin.request('PATCH', `/api/orders/${theirs.body.order.id}`, { status: 'under_review' });
    // Their own: a new booking (another tab), then the office moving one on.
    const second = await a.client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: a.phone }),
    );
    await heard(stream, (e) => ordersOf(e).length === 2);
    await admin.request('PATCH', `/api/orders/${first.body.order.id}`, { status: 'under_review' });
    const moved = ordersOf(
      await heard(stream, (e) =>
        ordersOf(e).some((o) => o.id === first.body.order.id && o.status === 'under_review'),
      ),
    );
    // Newest first, as "my orders" lists them.
    expect(moved.map((o) => o.id)).toEqual([second.body.order.id, first.body.order.id]);
    expect(stream.text()).not.toContain(theirs.body.order.orderNumber);
    expect(stream.events).toHaveLength(3);
  });

  it('drops a deleted order', async () => {
    const { client, phone } = await customer();
    const placed = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone }),
    );
    const stream = await mine(client);
    await heard(stream, (e) => ordersOf(e).length === 1);
    await admin.request('DELETE', `/api/orders/${placed.body.order.id}`);
    await heard(stream, (e) => ordersOf(e).length === 0);
  });

  it('ends at the next change once its session has signed out', async () => {
    const { client, phone } = await customer();
    const placed = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: phone }),
    );
    const stream = await mine(client);
    await heard(stream, (e) => e.event === 'orders');
    await client.signOut();
    await admin.request('PATCH', `/api/orders/${placed.body.order.id}`, { status: 'under_review' });
    await stream.ended;
    expect(stream.events).toHaveLength(1);
  });
});

describe('live order streams are limited (D8, D19)', () => {
  let server: TestServer;
  let port: number;
  let orderNumber: string;
  const open: Stream[] = [];

  beforeAll(async () => {
    server = await createTestServer(
      { TRUST_PROXY: ['127.0.0.1'], RATE_LIMITS: 'on' },
      { orderStreams: { maxStreams: 6 } },
    );
    port = await listen(server.app);
    const owner = await customerClient(server.app);
    orderNumber = (await owner.request<{ order: Order }>('POST', '/api/orders', orderBody())).body
      .order.orderNumber;
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    server.app.server.closeAllConnections();
    await server.close();
  });

  async function take(address: string, number = orderNumber): Promise<Stream> {
    const stream = await openStream(port, `/api/track/${number}/stream`, {
      'x-forwarded-for': address,
    });
    open.push(stream);
    return stream;
  }

  it('a few per address, then “you have enough”; when full, “busy”', async () => {
    for (let i = 0; i < 4; i += 1) expect((await take('192.0.2.1')).status).toBe(200);
    const tooMany = await take('192.0.2.1');
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
    expect(tooMany.body).toEqual({
      error: { code: 'rate-limited', message: 'errors:liveUpdates.tooMany' },
    });

    expect((await take('192.0.2.2')).status).toBe(200);
    expect((await take('192.0.2.2')).status).toBe(200);
    // Full (6): a newcomer takes the oldest stream of the address holding the most.
    const newcomer = await take('192.0.2.3');
    expect(newcomer.status).toBe(200);
    await open[0]!.ended;
  });

  it('a page refused a stream asks for the view instead, and says it is not live', async () => {
    const browser = createCookieFetch({ headers: { 'x-forwarded-for': '192.0.2.1' } });
    const asked: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      asked.push(new URL(String(input)).pathname);
      return browser.fetch(input, init);
    };
    const page = new HttpDataPort({
      baseUrl: `http://127.0.0.1:${port}`,
      fetch,
      EventSource: eventSourceWith(fetch),
    });
    const live: boolean[] = [];
    const view = await new Promise<PublicTracking | null>((resolve) => {
      const stop = page.tracking.watch(
        orderNumber,
        (tracking) => {
          stop();
          resolve(tracking);
        },
        (up) => live.push(up),
      );
    });
    expect(view?.orderNumber).toBe(orderNumber);
    expect(live).toEqual([false]);
    // The pool is full and 192.0.2.1 holds more than its share: the view came from a look-up.
    expect(asked).toEqual([`/api/track/${orderNumber}/stream`, `/api/track/${orderNumber}`]);
  });

  it('opening is rate limited per address like a look-up, misses included', async () => {
    const address = '203.0.113.9';
    for (let i = 0; i < 10; i += 1) {
      const miss = await take(address, 'AF-20200101-123');
      expect(miss.status).toBe(404);
    }
    const limited = await take(address);
    expect(limited.status).toBe(429);
    expect((limited.body as { error: { code: string } }).error.code).toBe('rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
