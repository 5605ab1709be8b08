import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestServer, TEST_ADMIN, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

function count(db: Database.Database, table: string): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** The next order number's suffix: each row its own, never a random draw that can repeat. */
let orderSuffix = 100;

/** An order row owned by `userId`, written straight to the table (the API is not under test). */
function insertOrder(db: Database.Database, userId: string): string {
  const id = randomUUID();
  const now = new Date().toISOString();
  orderSuffix += 1;
  const suffix = orderSuffix;
  db.prepare(
    `INSERT INTO orders (id, order_number, user_id, full_name, phone_number, pickup_address,
       dropoff_address, governorate_id, district_id, notes, move_type, housing, pickup_floor,
       dropoff_floor, workers, move_date, move_time, total_price, currency, payment_method,
       payment_status, payment_provider, status, created_at, updated_at)
     VALUES (?, ?, ?, 'Mona Hassan', '01012345678', '12 Abbas El Akkad St', '5 Road 9, Maadi',
       'cairo', 'nasr-city', '', 'full', 'apartment', 1, 1, 3, '2030-01-01', '10:00', 2160, 'EGP',
       'cod', 'pending', 'cash', 'received', ?, ?)`,
  ).run(id, `AF-20300101-${suffix}`, userId, now, now);
  return id;
}

function orderOwner(db: Database.Database, orderId: string): string | null {
  return (db.prepare('SELECT user_id FROM orders WHERE id = ?').get(orderId) as { user_id: string })
    .user_id;
}

describe('auth API', () => {
  let server: TestServer;
  let db: Database.Database;

  beforeAll(async () => {
    // The server's own password cost, which sign-up is checked to store (PASSWORD_COST).
    server = await createTestServer({}, { productionPasswordCost: true });
    db = server.app.db;
  });

  afterAll(async () => {
    await server.close();
  });

  describe('anonymous sessions', () => {
    it('gives a visitor an anonymous user and a session, once', async () => {
      const client = new TestClient(server.app);
      expect((await client.request('GET', '/api/auth/me')).body).toEqual({ user: null });

      const user = await client.anonymous();
      expect(user).toEqual({
        id: expect.any(String),
        email: null,
        anonymous: true,
        isAdmin: false,
        // An anonymous visitor never has a proved number (D13).
        phone: null,
      });
      expect(client.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // A second call (another tab, a retry) keeps the same visitor.
      const usersBefore = count(db, 'users');
      expect(await client.anonymous()).toEqual(user);
      expect(count(db, 'users')).toBe(usersBefore);

      expect((await client.request('GET', '/api/auth/me')).body).toEqual({ user });
    });

    it('gives two browsers two different users', async () => {
      const a = await new TestClient(server.app).anonymous();
      const b = await new TestClient(server.app).anonymous();
      expect(a.id).not.toBe(b.id);
    });
  });

  describe('sign-up', () => {
    it('creates an account with a normalised email and signs it in', async () => {
      const client = new TestClient(server.app);
      const res = await client.request('POST', '/api/auth/signup', {
        email: '  Nour@Example.COM ',
        password: 'nour-pass-1',
        confirmPassword: 'nour-pass-1',
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toEqual({
        id: expect.any(String),
        email: 'nour@example.com',
        anonymous: false,
        isAdmin: false,
        phone: null,
      });
      expect((await client.request('GET', '/api/auth/me')).body.user).toEqual(res.body.user);

      const row = db.prepare('SELECT * FROM users WHERE id = ?').get(res.body.user.id) as {
        email: string;
        password_hash: string;
        role: string;
      };
      expect(row.email).toBe('nour@example.com');
      expect(row.role).toBe('customer');
      expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(row.password_hash).not.toContain('nour-pass-1');
    });

    it.each([
      [
        'a weak password',
        { email: 'w@example.com', password: 'onlyletters', confirmPassword: 'onlyletters' },
        { password: 'validation:password.weak' },
      ],
      [
        'a short password',
        { email: 'w@example.com', password: 'ab1', confirmPassword: 'ab1' },
        { password: 'validation:password.min' },
      ],
      [
        'a confirmation that differs',
        { email: 'w@example.com', password: 'good-pass-1', confirmPassword: 'good-pass-2' },
        { confirmPassword: 'validation:password.mismatch' },
      ],
      [
        'an invalid email',
        { email: 'not-an-email', password: 'good-pass-1', confirmPassword: 'good-pass-1' },
        { email: 'validation:email.invalid' },
      ],
      [
        'missing fields',
        {},
        {
          email: 'validation:email.required',
          password: 'validation:password.required',
          confirmPassword: 'validation:password.confirmRequired',
        },
      ],
    ])('rejects %s with 400 and the field keys, storing nothing', async (_what, body, fields) => {
      const users = count(db, 'users');
      const sessions = count(db, 'sessions');
      const client = new TestClient(server.app);
      const res = await client.request('POST', '/api/auth/signup', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'invalid-argument',
        message: expect.stringMatching(/^validation:/),
        fields,
      });
      expect(client.sessionCookie).toBeUndefined();
      expect(count(db, 'users')).toBe(users);
      expect(count(db, 'sessions')).toBe(sessions);
    });

    it('refuses a taken email whatever its case, with 409 already-exists', async () => {
      await new TestClient(server.app).signUp('taken@example.com', 'taken-pass-1');
      const users = count(db, 'users');
      const res = await new TestClient(server.app).request('POST', '/api/auth/signup', {
        email: ' TAKEN@Example.com',
        password: 'other-pass-2',
        confirmPassword: 'other-pass-2',
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({ code: 'already-exists', message: 'auth:emailTaken' });
      expect(count(db, 'users')).toBe(users);
    });

    it('upgrades an anonymous visitor in place: same id, orders stay, new session id', async () => {
      const client = new TestClient(server.app);
      const visitor = await client.anonymous();
      const orderId = insertOrder(db, visitor.id);
      const anonymousCookie = client.sessionCookie;

      const user = await client.signUp('upgrade@example.com', 'upgrade-pass-1');
      expect(user).toEqual({
        id: visitor.id,
        email: 'upgrade@example.com',
        anonymous: false,
        isAdmin: false,
        phone: null,
      });
      expect(orderOwner(db, orderId)).toBe(visitor.id);

      // Rotated: the cookie from before sign-up (which someone could have planted) is dead.
      expect(client.sessionCookie).toBeDefined();
      expect(client.sessionCookie).not.toBe(anonymousCookie);
      const replay = new TestClient(server.app);
      replay.sessionCookie = anonymousCookie;
      expect((await replay.request('GET', '/api/auth/me')).body).toEqual({ user: null });
    });

    it('leaves an anonymous visitor anonymous when the email is taken', async () => {
      await new TestClient(server.app).signUp('first@example.com', 'first-pass-1');
      const client = new TestClient(server.app);
      const visitor = await client.anonymous();
      const res = await client.request('POST', '/api/auth/signup', {
        email: 'first@example.com',
        password: 'second-pass-2',
        confirmPassword: 'second-pass-2',
      });
      expect(res.status).toBe(409);
      expect((await client.request('GET', '/api/auth/me')).body.user).toEqual(visitor);
    });
  });

  describe('sign-in', () => {
    const email = 'login@example.com';
    const password = 'login-pass-1';
    let accountId: string;

    beforeAll(async () => {
      accountId = (await new TestClient(server.app).signUp(email, password)).id;
    });

    it('signs in with the right password, whatever the email case', async () => {
      const client = new TestClient(server.app);
      const user = await client.signIn(' LOGIN@example.com ', password);
      expect(user).toEqual({ id: accountId, email, anonymous: false, isAdmin: false, phone: null });
      expect((await client.request('GET', '/api/auth/me')).body.user).toEqual(user);
    });

    it('answers a wrong password and an unknown email alike: 401 invalidCredentials', async () => {
      const sessions = count(db, 'sessions');
      const wrong = await new TestClient(server.app).request('POST', '/api/auth/login', {
        email,
        password: 'login-pass-2',
      });
      const unknown = await new TestClient(server.app).request('POST', '/api/auth/login', {
        email: 'nobody@example.com',
        password,
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: { code: 'unauthenticated', message: 'auth:invalidCredentials' },
        });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(count(db, 'sessions')).toBe(sessions);
    });

    it('validates the body with the login schema', async () => {
      const res = await new TestClient(server.app).request('POST', '/api/auth/login', {
        email: 'x',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        email: 'validation:email.invalid',
        password: 'validation:password.required',
      });
    });

    it("moves an anonymous visitor's orders to the account and rotates the session", async () => {
      const client = new TestClient(server.app);
      const visitor = await client.anonymous();
      const first = insertOrder(db, visitor.id);
      const second = insertOrder(db, visitor.id);
      const someoneElse = await new TestClient(server.app).anonymous();
      const theirs = insertOrder(db, someoneElse.id);
      const anonymousCookie = client.sessionCookie;

      const user = await client.signIn(email, password);
      expect(user.id).toBe(accountId);
      expect(orderOwner(db, first)).toBe(accountId);
      expect(orderOwner(db, second)).toBe(accountId);
      expect(orderOwner(db, theirs)).toBe(someoneElse.id);

      expect(client.sessionCookie).not.toBe(anonymousCookie);
      const replay = new TestClient(server.app);
      replay.sessionCookie = anonymousCookie;
      expect((await replay.request('GET', '/api/auth/me')).body).toEqual({ user: null });
    });

    it('does not move orders between two real accounts', async () => {
      const client = new TestClient(server.app);
      const other = await client.signUp('other@example.com', 'other-pass-1');
      const orderId = insertOrder(db, other.id);
      await client.signIn(email, password);
      expect(orderOwner(db, orderId)).toBe(other.id);
    });

    it('tells an admin apart only by the server-side role', async () => {
      const admin = await adminClient(server.app);
      expect((await admin.request('GET', '/api/auth/me')).body.user).toEqual({
        id: expect.any(String),
        email: TEST_ADMIN.email,
        anonymous: false,
        isAdmin: true,
        phone: null,
      });
    });
  });

  describe('sign-out', () => {
    it('revokes the session in the database and clears the cookie', async () => {
      const client = new TestClient(server.app);
      await client.signUp('bye@example.com', 'bye-pass-12');
      const cookie = client.sessionCookie;

      const res = await client.request('POST', '/api/auth/logout');
      expect(res.status).toBe(204);
      expect(String(res.headers['set-cookie'])).toMatch(/^afsh_session=;/);
      expect(client.sessionCookie).toBeUndefined();
      expect((await client.request('GET', '/api/auth/me')).body).toEqual({ user: null });

      const revoked = db
        .prepare(
          "SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NOT NULL AND user_id = (SELECT id FROM users WHERE email = 'bye@example.com')",
        )
        .get() as { n: number };
      expect(revoked.n).toBe(1);

      // Replaying the old cookie does not bring the session back.
      const replay = new TestClient(server.app);
      replay.sessionCookie = cookie;
      expect((await replay.request('GET', '/api/auth/me')).body).toEqual({ user: null });
    });

    it('is harmless without a session', async () => {
      const res = await new TestClient(server.app).request('POST', '/api/auth/logout');
      expect(res.status).toBe(204);
    });
  });

  describe('bad input', () => {
    it.each([
      ['null', 'null'],
      ['an array', '[1,2]'],
      ['a string', '"hello"'],
      ['a number', '42'],
      ['nested junk', '{"email":{"$ne":null},"password":["x"],"confirmPassword":true}'],
      ['a prototype-pollution attempt', '{"__proto__":{"isAdmin":true},"email":"p@example.com"}'],
    ])('never 5xx and never writes for %s', async (_what, payload) => {
      const users = count(db, 'users');
      const sessions = count(db, 'sessions');
      for (const url of ['/api/auth/signup', '/api/auth/login']) {
        const res = await server.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json().error.code).toBe('invalid-argument');
      }
      expect(count(db, 'users')).toBe(users);
      expect(count(db, 'sessions')).toBe(sessions);
    });

    it('refuses an overlong password without hashing it', async () => {
      const long = 'a1'.repeat(100);
      const res = await new TestClient(server.app).request('POST', '/api/auth/signup', {
        email: 'long@example.com',
        password: long,
        confirmPassword: long,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ password: 'validation:password.max' });
    });
  });
});

describe('auth rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ RATE_LIMITS: 'on' });
  });

  afterAll(async () => {
    await server.close();
  });

  const login = (ip: string, password = 'wrong-pass-1') =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: { email: 'someone@example.com', password },
    });

  it('allows 10 sign-ins a minute per address, then 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login('203.0.113.1')).statusCode).toBe(401);
    const limited = await login('203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'rate-limited', message: 'errors:rateLimited' },
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected.
    expect((await login('203.0.113.2')).statusCode).toBe(401);
  });

  it('allows 5 sign-ups a minute per address', async () => {
    const signup = (n: number) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '198.51.100.7',
        headers: { 'content-type': 'application/json' },
        payload: {
          email: `rl${n}@example.com`,
          password: 'rl-pass-123',
          confirmPassword: 'rl-pass-123',
        },
      });
    for (let i = 0; i < 5; i += 1) expect((await signup(i)).statusCode).toBe(201);
    const limited = await signup(5);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(
      server.app.db
        .prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'rl5@example.com'")
        .get(),
    ).toEqual({ n: 0 });
  });

  it('allows 30 anonymous sign-ins a minute per address', async () => {
    const anonymous = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/anonymous',
        remoteAddress: '192.0.2.9',
        headers: { 'content-type': 'application/json' },
      });
    for (let i = 0; i < 30; i += 1) expect((await anonymous()).statusCode).toBe(200);
    expect((await anonymous()).statusCode).toBe(429);
  });

  it('counts the forwarded client address only behind a trusted proxy', async () => {
    const proxied = await createTestServer({ RATE_LIMITS: 'on', TRUST_PROXY: 1 });
    try {
      const attempt = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          payload: { email: 'someone@example.com', password: 'wrong-pass-1' },
        });
      for (let i = 0; i < 10; i += 1) expect((await attempt('203.0.113.50')).statusCode).toBe(401);
      expect((await attempt('203.0.113.50')).statusCode).toBe(429);
      expect((await attempt('203.0.113.51')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('is off with RATE_LIMITS=off', async () => {
    const relaxed = await createTestServer({ RATE_LIMITS: 'off' });
    try {
      for (let i = 0; i < 15; i += 1) {
        const res = await relaxed.app.inject({
          method: 'POST',
          url: '/api/auth/anonymous',
          remoteAddress: '192.0.2.10',
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
      for (let i = 0; i < 12; i += 1) {
        const res = await relaxed.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '192.0.2.10',
          headers: { 'content-type': 'application/json' },
          payload: { email: 'someone@example.com', password: 'wrong-pass-1' },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await relaxed.close();
    }
  });
});
