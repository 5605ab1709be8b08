import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_REVIEW_STREAMS_PER_ADDRESS,
  MAX_REVIEW_STREAMS_PER_SESSION,
} from '../../server/src/routes/api/reviews.ts';
import type { TestServer } from './test-server.ts';
import { createTestServer, TestClient } from './test-server.ts';

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface RawConnection {
  socket: Socket;
  /** Everything the server sent. */
  received(): string;
  /** Resolves with the milliseconds until the connection closed, whenever that is. */
  closed: Promise<number>;
  /** Whether it has closed by now. */
  isClosed(): boolean;
}

/** A raw TCP client that writes what it is told, as slowly as a hostile client would. */
async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const opened = Date.now();
  let data = '';
  let isClosed = false;
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString('utf8');
  });
  socket.on('error', () => {
    // A reset is one way of being closed; 'close' follows.
  });
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve(Date.now() - opened);
    }),
  );
  return { socket, received: () => data, closed, isClosed: () => isClosed };
}

/** The start of a request whose headers never end: the server must cut it after its timeout. */
async function stalledRequest(port: number): Promise<RawConnection> {
  const conn = await rawConnection(port);
  conn.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
  return conn;
}

// Each test waits for what the server does (a connection closed, a request read), never for a
// length of time: how soon the server acts depends on the machine, and the tests' timeouts
// leave room for a busy one (the request timeout is 1 s, checked every 250 ms).
const WAITS_FOR_THE_SERVER_MS = 30_000;

describe('slow clients are closed (D8)', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await createTestServer({ REQUEST_TIMEOUT_SECONDS: 1 });
    port = await listen(server.app);
  });

  afterAll(async () => {
    server.app.server.closeAllConnections();
    await server.close();
  });

  it(
    'closes a request whose body stops arriving',
    async () => {
      const conn = await rawConnection(port);
      conn.socket.write(
        'POST /api/orders HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 2000\r\n\r\n{"fullName":"',
      );
      const closedAfter = await conn.closed;
      expect(closedAfter).toBeGreaterThanOrEqual(900);
      expect(conn.received()).toMatch(/^HTTP\/1\.1 408/);
    },
    WAITS_FOR_THE_SERVER_MS,
  );

  it(
    'closes a request whose headers never end',
    async () => {
      const conn = await stalledRequest(port);
      // Trickle: a header line now and then keeps the socket busy but never finishes.
      const trickle = setInterval(() => conn.socket.write('X-Slow: 1\r\n'), 200);
      await conn.closed;
      clearInterval(trickle);
      expect(conn.isClosed()).toBe(true);
    },
    WAITS_FOR_THE_SERVER_MS,
  );

  it(
    'still serves a client that sends its request in parts within the time',
    async () => {
      const conn = await rawConnection(port);
      const body = '{"name":"x"}';
      // The server has read the headers and waits for the rest of the body.
      const reading = new Promise((resolve) => server.app.server.once('request', resolve));
      conn.socket.write(
        'POST /api/messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 4)}`,
      );
      await reading;
      conn.socket.end(body.slice(4));
      await conn.closed;
      // The message is invalid, and the server said so: it read the whole request.
      expect(conn.received()).toMatch(/^HTTP\/1\.1 400/);
    },
    WAITS_FOR_THE_SERVER_MS,
  );

  it(
    'does not cut a live stream that lasts longer than the request timeout',
    async () => {
      const conn = await rawConnection(port);
      conn.socket.write('GET /api/reviews/stream HTTP/1.1\r\nHost: localhost\r\n\r\n');
      // Two stalled requests started after the stream, cut one after the other: by the time the
      // second is, the server's check has passed the stream's own deadline, and had a whole
      // timeout more to cut it had it been going to.
      for (let i = 0; i < 2; i += 1) await (await stalledRequest(port)).closed;
      expect(conn.isClosed()).toBe(false);
      expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
      expect(conn.received()).toContain('event: reviews');
      conn.socket.destroy();
    },
    WAITS_FOR_THE_SERVER_MS,
  );
});

/** Opens a review stream; resolves with the response (the stream stays open until `close`). */
function openStream(
  port: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; close(): void; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/reviews/stream', headers, agent: false },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, close: () => req.destroy(), response });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('live streams are limited per client (D8)', () => {
  let server: TestServer;
  let port: number;
  const open: { close(): void }[] = [];

  beforeAll(async () => {
    // Behind a proxy, so the test can come from several addresses over one loopback socket.
    server = await createTestServer({ TRUST_PROXY: ['127.0.0.1'] });
    port = await listen(server.app);
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    server.app.server.closeAllConnections();
    await server.close();
  });

  async function streams(count: number, headers: Record<string, string>): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const stream = await openStream(port, headers);
      open.push(stream);
      statuses.push(stream.status);
    }
    return statuses;
  }

  it('refuses a client without a session past its address allowance; the next visitor gets one', async () => {
    const hog = { 'x-forwarded-for': '203.0.113.50' };
    const statuses = await streams(MAX_REVIEW_STREAMS_PER_ADDRESS + 2, hog);
    expect(statuses.slice(0, MAX_REVIEW_STREAMS_PER_ADDRESS).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(MAX_REVIEW_STREAMS_PER_ADDRESS)).toEqual([429, 429]);

    const visitor = await openStream(port, { 'x-forwarded-for': '203.0.113.51' });
    open.push(visitor);
    expect(visitor.status).toBe(200);
  });

  it('refuses a session past its allowance, even from several addresses', async () => {
    const client = new TestClient(server.app, { remoteAddress: '203.0.113.60' });
    await client.anonymous();
    const cookie = `afsh_session=${client.sessionCookie}`;
    const statuses: number[] = [];
    for (let i = 0; i <= MAX_REVIEW_STREAMS_PER_SESSION; i += 1) {
      const stream = await openStream(port, { cookie, 'x-forwarded-for': `203.0.113.${70 + i}` });
      open.push(stream);
      statuses.push(stream.status);
    }
    expect(statuses).toEqual([...Array<number>(MAX_REVIEW_STREAMS_PER_SESSION).fill(200), 429]);
  });

  it('gives the allowance back when a stream closes', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.90' };
    const statuses = await streams(MAX_REVIEW_STREAMS_PER_ADDRESS, headers);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const blocked = await openStream(port, headers);
    expect(blocked.status).toBe(429);
    const last = open[open.length - 1]!;
    last.close();
    // The server hears the close asynchronously: ask until it has (a refusal answers at once).
    let again = await openStream(port, headers);
    while (again.status === 429) again = await openStream(port, headers);
    open.push(again);
    expect(again.status).toBe(200);
  });
});
