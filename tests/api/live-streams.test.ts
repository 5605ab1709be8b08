import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../src/data/port';
import { HttpDataPort } from '../../src/data/http/http-adapter';
import {
  MAX_REVIEW_STREAMS,
  MAX_REVIEW_STREAMS_PER_ADDRESS,
  STREAM_RETRY_AFTER_S,
} from '../../server/src/routes/api/reviews.ts';
import { createCookieFetch } from '../contract/cookie-fetch';
import { eventSourceWith } from '../contract/event-source';
import type { TestServer } from './test-server.ts';
import { adminClient, createTestServer } from './test-server.ts';

// Live streams are shared out per address (D8). The server trusts the loopback proxy, so each
// request can come from its own address over one machine's sockets.

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  /** The error body of a refused stream; null for an open one. */
  body: unknown;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET `path` and resolves with its answer; an open stream stays open until `close`. */
function openStream(
  port: number,
  headers: Record<string, string>,
  path = '/api/reviews/stream',
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const ended = new Promise<void>((done) => {
        res.once('end', done);
        res.once('close', done);
      });
      const stream = (body: unknown): Stream => ({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body,
        ended,
        close: () => req.destroy(),
      });
      if (res.statusCode === 200) {
        res.resume();
        resolve(stream(null));
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(stream(JSON.parse(text) as unknown)));
    });
    req.on('error', reject);
    req.end();
  });
}

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('live review streams are shared out per address (D8)', () => {
  let server: TestServer;
  let port: number;
  const open: Stream[] = [];

  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: ['127.0.0.1'] });
    port = await listen(server.app);
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    server.app.server.closeAllConnections();
    await server.close();
  });

  it('100 addresses opening all the streams they can do not take them all', async () => {
    const refusals: Stream[] = [];
    for (let a = 0; a < 100; a += 1) {
      const address = `198.51.${Math.floor(a / 200)}.${(a % 200) + 1}`;
      for (;;) {
        const stream = await openStream(port, from(address));
        if (stream.status !== 200) {
          refusals.push(stream);
          break;
        }
        open.push(stream);
      }
    }
    expect(open).toHaveLength(100 * MAX_REVIEW_STREAMS_PER_ADDRESS);
    expect(open.length).toBeLessThan(MAX_REVIEW_STREAMS);
    // Each address was told, in words the page can show, that it has enough.
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
      expect(refused.body).toEqual({
        error: { code: 'rate-limited', message: 'errors:liveUpdates.tooMany' },
      });
    }

    const newcomer = await openStream(port, from('203.0.113.101'));
    open.push(newcomer);
    expect(newcomer.status).toBe(200);
  });
});

describe('a full pool of live streams (D8)', () => {
  const TOTAL = 6;
  let server: TestServer;
  let port: number;
  const open: Stream[] = [];

  beforeAll(async () => {
    server = await createTestServer(
      { TRUST_PROXY: ['127.0.0.1'] },
      { reviewStreams: { maxStreams: TOTAL } },
    );
    port = await listen(server.app);
  });

  afterAll(async () => {
    for (const stream of open) stream.close();
    server.app.server.closeAllConnections();
    await server.close();
  });

  async function take(address: string): Promise<Stream> {
    const stream = await openStream(port, from(address));
    open.push(stream);
    return stream;
  }

  it('makes room for a newcomer with the oldest stream of the address that holds the most, then says it is busy', async () => {
    const a: Stream[] = [];
    for (let i = 0; i < MAX_REVIEW_STREAMS_PER_ADDRESS; i += 1) a.push(await take('192.0.2.1'));
    await take('192.0.2.2');
    await take('192.0.2.2');
    expect([...a, ...open.slice(-2)].map((s) => s.status)).toEqual(Array(TOTAL).fill(200));

    // The pool is full: the newcomer gets a's oldest stream, which the server ends.
    const c = await take('192.0.2.3');
    expect(c.status).toBe(200);
    await a[0]!.ended;

    // Shared out until every address holds one: then nobody holds two more than a newcomer.
    for (const address of ['192.0.2.4', '192.0.2.5', '192.0.2.6']) {
      expect((await take(address)).status).toBe(200);
    }
    await Promise.all(a.slice(1, 3).map((s) => s.ended));
    const refused = await take('192.0.2.7');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER_S));
    expect(refused.body).toEqual({
      error: { code: 'unavailable', message: 'errors:liveUpdates.busy' },
    });
    // An address that was made to give a stream up cannot take it back.
    expect((await take('192.0.2.1')).status).toBe(503);
  });

  it('still opens the admin desk stream: its budget is its own', async () => {
    const admin = await adminClient(server.app);
    const desk = await openStream(
      port,
      { ...from('192.0.2.50'), cookie: `afsh_session=${admin.sessionCookie}` },
      '/api/admin/desk/stream',
    );
    open.push(desk);
    expect(desk.status).toBe(200);
  });

  it('the page polls the list when its stream is refused', async () => {
    const browser = createCookieFetch({ headers: from('192.0.2.60') });
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
    const list = await new Promise<Review[]>((resolve, reject) => {
      const stop = page.reviews.subscribe(
        (reviews) => {
          stop();
          resolve(reviews);
        },
        (error) => {
          stop();
          reject(error);
        },
      );
    });
    expect(list).toEqual([]);
    // The stream was refused (the pool is full), and the list came from polling it.
    expect(asked).toEqual(['/api/reviews/stream', '/api/reviews']);
  });
});
