import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody } from './order-fixtures.ts';
import type { TestServer } from './test-server.ts';
import { createTestServer, printedPhoneCode, uniquePhone } from './test-server.ts';

// The server behind a reverse proxy (D2, D8). The proxy connects from 127.0.0.1 and appends the
// address it saw to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does: everything to
// the left of that is whatever the client wrote.

const PROXY = '127.0.0.1';

interface Hop {
  /** The peer the server's socket sees. */
  from: string;
  /** X-Forwarded-For as it arrives, if any. */
  forwardedFor?: string;
}

function login(server: TestServer, hop: Hop) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: hop.from,
    headers: {
      'content-type': 'application/json',
      ...(hop.forwardedFor === undefined ? {} : { 'x-forwarded-for': hop.forwardedFor }),
    },
    payload: { email: 'someone@example.com', password: 'wrong-pass-1' },
  });
}

/** Ten failed sign-ins a minute per address are allowed (RATE_LIMITS.login); the 11th is 429. */
const LOGIN_LIMIT = 10;

/** A client that rewrites the leftmost X-Forwarded-For on every request. */
function spoofing(client: string, i: number): string {
  return `10.${i}.0.1, 192.0.2.${i}, ${client}`;
}

describe('TRUST_PROXY as a hop count', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({
      TRUST_PROXY: 1,
      RATE_LIMITS: 'on',
      ORDER_LIMIT_ADDRESS_HOUR: 2,
      ORDER_LIMIT_ADDRESS_DAY: 2,
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('counts the address the proxy saw, whatever the client wrote to the left of it', async () => {
    const client = '198.51.100.7';
    for (let i = 0; i < LOGIN_LIMIT; i += 1) {
      const res = await login(server, { from: PROXY, forwardedFor: spoofing(client, i) });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(server, { from: PROXY, forwardedFor: spoofing(client, 99) });
    expect(limited.statusCode).toBe(429);
    // Another customer behind the same proxy is someone else.
    const other = await login(server, { from: PROXY, forwardedFor: '198.51.100.8' });
    expect(other.statusCode).toBe(401);
  });

  it("holds one machine to its address's orders, however it fills in X-Forwarded-For", async () => {
    const client = '198.51.100.20';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const headers = {
        'content-type': 'application/json',
        'x-forwarded-for': spoofing(client, i),
      };
      // A new customer each time (D13: a proved number books): only the address ties them.
      const phone = uniquePhone();
      const asked = await server.app.inject({
        method: 'POST',
        url: '/api/auth/phone/code',
        remoteAddress: PROXY,
        headers,
        payload: { phone, language: 'ar' },
      });
      expect(asked.statusCode).toBe(200);
      const { challengeId } = (asked.json() as { challenge: { challengeId: string } }).challenge;
      const proved = await server.app.inject({
        method: 'POST',
        url: '/api/auth/phone/verify',
        remoteAddress: PROXY,
        headers,
        payload: { challengeId, code: printedPhoneCode(server.app, challengeId) },
      });
      expect(proved.statusCode).toBe(200);
      const cookie = proved.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const order = await server.app.inject({
        method: 'POST',
        url: '/api/orders',
        remoteAddress: PROXY,
        headers: { ...headers, cookie },
        payload: orderBody({ phoneNumber: phone }),
      });
      statuses.push(order.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('takes the socket address when there is no X-Forwarded-For', async () => {
    const direct = '203.0.113.40';
    for (let i = 0; i < LOGIN_LIMIT; i += 1) {
      expect((await login(server, { from: direct })).statusCode).toBe(401);
    }
    expect((await login(server, { from: direct })).statusCode).toBe(429);
  });
});

describe("TRUST_PROXY as the proxy's addresses", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: [PROXY, '::1'], RATE_LIMITS: 'on' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('ignores X-Forwarded-For entirely from an address that is not the proxy', async () => {
    const untrusted = '203.0.113.20';
    for (let i = 0; i < LOGIN_LIMIT; i += 1) {
      const res = await login(server, { from: untrusted, forwardedFor: `198.51.100.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login(server, { from: untrusted, forwardedFor: '198.51.100.200' });
    expect(limited.statusCode).toBe(429);
  });

  it('reads the nearest address that is not a proxy, from the right', async () => {
    const client = '198.51.100.30';
    for (let i = 0; i < LOGIN_LIMIT; i += 1) {
      const res = await login(server, { from: PROXY, forwardedFor: spoofing(client, i) });
      expect(res.statusCode).toBe(401);
    }
    expect((await login(server, { from: PROXY, forwardedFor: client })).statusCode).toBe(429);
    // A client that writes the proxy's own address is still itself: its hop is not the proxy.
    const sneaky = '198.51.100.31';
    const res = await login(server, { from: PROXY, forwardedFor: `${PROXY}, ${sneaky}` });
    expect(res.statusCode).toBe(401);
  });
});
