import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function setCookieHeader(headers: Record<string, unknown>): string {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? value.join('\n') : String(value ?? '');
}

function sessionRow(db: Database.Database, token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  return db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(hash) as
    { id: string; user_id: string; expires_at: string; revoked_at: string | null } | undefined;
}

describe('sessions', () => {
  let server: TestServer;
  let db: Database.Database;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.app.db;
  });

  afterAll(async () => {
    await server.close();
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie for 30 days, not Secure over http', async () => {
    const res = await new TestClient(server.app).request('POST', '/api/auth/signup', {
      email: 'cookie@example.com',
      password: 'cookie-pass-1',
      confirmPassword: 'cookie-pass-1',
    });
    const cookie = setCookieHeader(res.headers);
    expect(cookie).toMatch(/^afsh_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/i);
    // An anonymous visitor's, until they write something, lasts a day (D8).
    const anonymous = await new TestClient(server.app).request('POST', '/api/auth/anonymous');
    expect(setCookieHeader(anonymous.headers)).toMatch(/; Max-Age=86400(;|$)/);
  });

  it('stores only the SHA-256 of the token', async () => {
    const client = new TestClient(server.app);
    const user = await client.anonymous();
    const token = client.sessionCookie ?? '';
    const row = sessionRow(db, token);
    expect(row?.user_id).toBe(user.id);
    const dump = JSON.stringify(db.prepare('SELECT * FROM sessions').all());
    expect(dump).not.toContain(token);
  });

  it('treats a forged or malformed cookie as no session, and clears it', async () => {
    const forged = [
      'A'.repeat(43),
      'not-a-token',
      '',
      'x'.repeat(4000),
      '%E0%A4%A',
      'عفش',
      "' OR 1=1 --",
    ];
    for (const value of forged) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `afsh_session=${value}` },
      });
      expect(res.statusCode, value).toBe(200);
      expect(res.json(), value).toEqual({ user: null });
    }
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `afsh_session=${'B'.repeat(43)}` },
    });
    expect(setCookieHeader(res.headers)).toMatch(/^afsh_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('rejects an expired session and clears its cookie', async () => {
    const client = new TestClient(server.app);
    await client.signUp('expired@example.com', 'expired-pass-1');
    const token = client.sessionCookie ?? '';
    const row = sessionRow(db, token);
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(
      new Date(Date.now() - 1000).toISOString(),
      row?.id,
    );

    const me = await client.request('GET', '/api/auth/me');
    expect(me.body).toEqual({ user: null });
    expect(setCookieHeader(me.headers)).toMatch(/^afsh_session=;/);
    expect(client.sessionCookie).toBeUndefined();

    // Routes that need a session see none.
    const replay = new TestClient(server.app);
    replay.sessionCookie = token;
    const messages = await replay.request('GET', '/api/messages');
    expect(messages.status).toBe(401);
    expect(messages.body.error.code).toBe('unauthenticated');
  });

  it('slides the expiry forward when used a day or more after it was set', async () => {
    const client = new TestClient(server.app);
    await client.signUp('sliding@example.com', 'sliding-pass-1');
    const token = client.sessionCookie ?? '';
    const row = sessionRow(db, token);

    // Fresh: no rewrite, no new cookie.
    const fresh = await client.request('GET', '/api/auth/me');
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(sessionRow(db, token)?.expires_at).toBe(row?.expires_at);

    const soon = new Date(Date.now() + 10 * DAY_MS).toISOString();
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(soon, row?.id);
    const used = await client.request('GET', '/api/auth/me');
    expect(used.body.user).not.toBeNull();
    expect(setCookieHeader(used.headers)).toMatch(/Max-Age=2592000/);
    expect(client.sessionCookie).toBe(token);
    const extended = Date.parse(sessionRow(db, token)?.expires_at ?? '');
    expect(extended).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(extended).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('keeps using the session for the current user after a role change', async () => {
    const client = new TestClient(server.app);
    const user = await client.signUp('promoted@example.com', 'promoted-pass-1');
    expect((await client.request('GET', '/api/messages')).status).toBe(403);
    db.prepare("UPDATE users SET role = 'admin' WHERE id = ?").run(user.id);
    expect((await client.request('GET', '/api/messages')).status).toBe(200);
    expect((await client.request('GET', '/api/auth/me')).body.user.isAdmin).toBe(true);
  });

  it('separates 401 (no session) from 403 (not an admin)', async () => {
    const none = await new TestClient(server.app).request('GET', '/api/messages');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      error: { code: 'unauthenticated', message: 'errors:unauthenticated' },
    });

    const visitor = new TestClient(server.app);
    await visitor.anonymous();
    const denied = await visitor.request('GET', '/api/messages');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      error: { code: 'permission-denied', message: 'errors:permissionDenied' },
    });
  });
});

describe('session settings', () => {
  it('marks the cookie Secure when the request came over https via a trusted proxy', async () => {
    for (const trust of [1, ['127.0.0.1']]) {
      const server = await createTestServer({ TRUST_PROXY: trust });
      try {
        const https = await server.app.inject({
          method: 'POST',
          url: '/api/auth/anonymous',
          remoteAddress: '127.0.0.1',
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        });
        expect(setCookieHeader(https.headers), String(trust)).toMatch(/; Secure/);
        const http = await server.app.inject({
          method: 'POST',
          url: '/api/auth/anonymous',
          remoteAddress: '127.0.0.1',
          headers: { 'content-type': 'application/json' },
        });
        expect(setCookieHeader(http.headers)).not.toMatch(/Secure/);
      } finally {
        await server.close();
      }
    }
  });

  it("ignores X-Forwarded-Proto from an address that is not the proxy's", async () => {
    const server = await createTestServer({ TRUST_PROXY: ['127.0.0.1'] });
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/anonymous',
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(setCookieHeader(res.headers)).not.toMatch(/Secure/);
    } finally {
      await server.close();
    }
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const server = await createTestServer({ TRUST_PROXY: false });
    try {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/anonymous',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      });
      expect(setCookieHeader(res.headers)).not.toMatch(/Secure/);
    } finally {
      await server.close();
    }
  });

  it('follows SESSION_TTL_DAYS', async () => {
    const server = await createTestServer({ SESSION_TTL_DAYS: 2 });
    try {
      const client = new TestClient(server.app);
      const res = await client.request('POST', '/api/auth/signup', {
        email: 'ttl@example.com',
        password: 'ttl-pass-123',
        confirmPassword: 'ttl-pass-123',
      });
      expect(setCookieHeader(res.headers)).toMatch(/Max-Age=172800/);
      const row = sessionRow(server.app.db, client.sessionCookie ?? '');
      const expires = Date.parse(row?.expires_at ?? '');
      expect(expires).toBeGreaterThan(Date.now() + 1.9 * DAY_MS);
      expect(expires).toBeLessThanOrEqual(Date.now() + 2 * DAY_MS);
    } finally {
      await server.close();
    }
  });

  it('deletes long-ended sessions when the server starts', async () => {
    const first = await createTestServer();
    const db = first.app.db;
    const client = new TestClient(first.app);
    await client.anonymous();
    const oldRow = sessionRow(db, client.sessionCookie ?? '');
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(
      new Date(Date.now() - 30 * DAY_MS).toISOString(),
      oldRow?.id,
    );
    const other = new TestClient(first.app);
    await other.anonymous();
    const liveRow = sessionRow(db, other.sessionCookie ?? '');
    const { build } = await import('../../server/src/app.ts');
    // A second instance on the same file prunes when it becomes ready.
    const second = await build({
      staticDir: '/nonexistent/afsh-dist',
      env: { DATABASE_PATH: first.dbPath },
    });
    try {
      await second.ready();
      const ids = (second.db.prepare('SELECT id FROM sessions').all() as { id: string }[]).map(
        (r) => r.id,
      );
      expect(ids).not.toContain(oldRow?.id);
      expect(ids).toContain(liveRow?.id);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('JSON-only requests (CSRF guard)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  const users = () =>
    (server.app.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;

  it.each([
    ['text/plain', 'text/plain', '{"email":"csrf@example.com"}'],
    ['a urlencoded form', 'application/x-www-form-urlencoded', 'email=csrf%40example.com'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ['no content type', undefined, '{}'],
    ['a JSON look-alike', 'application/jsonp', '{}'],
  ])('refuses a POST sent as %s with 415, before anything runs', async (_what, type, payload) => {
    const before = users();
    for (const url of ['/api/auth/signup', '/api/auth/anonymous', '/api/messages']) {
      const res = await server.app.inject({
        method: 'POST',
        url,
        headers: type ? { 'content-type': type } : {},
        payload,
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json()).toEqual({
        error: { code: 'invalid-argument', message: 'errors:jsonOnly' },
      });
    }
    expect(users()).toBe(before);
  });

  it('applies to PATCH, PUT and to DELETE with a body', async () => {
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const res = await server.app.inject({
        method,
        url: '/api/orders/some-id',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(res.statusCode, method).toBe(415);
    }
  });

  it('lets GET and a bodiless DELETE through, and accepts a charset parameter', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/prices' })).statusCode).toBe(200);
    const del = await server.app.inject({ method: 'DELETE', url: '/api/no-such-thing' });
    expect(del.statusCode).toBe(404);
    const withCharset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/anonymous',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.statusCode).toBe(200);
  });

  it('accepts a bodiless JSON POST (sign-out, anonymous sign-in)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('does not touch requests outside /api', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/somewhere',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});
