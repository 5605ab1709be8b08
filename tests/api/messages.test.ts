import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, createTestServer, TEST_ADMIN, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

const valid = {
  name: 'Karim Adel',
  email: ' Karim@Example.com ',
  phone: '+20 ١٠٠ ١٢٣ ٤٥٦٧',
  message: 'Do you move pianos to Alexandria?',
};

function messageCount(db: Database.Database): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM messages').get() as { n: number }).n;
}

describe('contact messages', () => {
  let server: TestServer;
  let db: Database.Database;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.app.db;
  });

  afterAll(async () => {
    await server.close();
  });

  it('accepts a message without a session and stores it normalised', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/messages',
      remoteAddress: '203.0.113.77',
      headers: { 'content-type': 'application/json' },
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({});

    const row = db.prepare('SELECT * FROM messages ORDER BY rowid DESC LIMIT 1').get() as Record<
      string,
      unknown
    >;
    expect(row).toMatchObject({
      name: 'Karim Adel',
      email: 'karim@example.com',
      phone: '01001234567',
      message: 'Do you move pianos to Alexandria?',
      user_id: null,
      ip: '203.0.113.77',
    });
    expect(Date.parse(String(row.created_at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts a message with only a phone, or only an email: the other is stored as NULL', async () => {
    const { email: _email, ...byPhone } = valid;
    const { phone: _phone, ...byEmail } = valid;
    for (const body of [byPhone, { ...byEmail, phone: '' }]) {
      const res = await new TestClient(server.app).request('POST', '/api/messages', body);
      expect(res.status, JSON.stringify(body)).toBe(201);
    }
    const rows = db
      .prepare('SELECT email, phone FROM messages ORDER BY rowid DESC LIMIT 2')
      .all() as Record<string, unknown>[];
    expect(rows).toEqual([
      { email: 'karim@example.com', phone: null },
      { email: null, phone: '01001234567' },
    ]);
  });

  it('records the sender when they have a session', async () => {
    const client = new TestClient(server.app);
    const user = await client.anonymous();
    expect((await client.request('POST', '/api/messages', valid)).status).toBe(201);
    const row = db.prepare('SELECT user_id FROM messages ORDER BY rowid DESC LIMIT 1').get();
    expect(row).toEqual({ user_id: user.id });
  });

  it.each([
    ['no name', { ...valid, name: '   ' }, { name: 'validation:name.required' }],
    ['a long name', { ...valid, name: 'n'.repeat(81) }, { name: 'validation:name.tooLong' }],
    ['a bad email', { ...valid, email: 'karim@' }, { email: 'validation:email.invalid' }],
    ['a landline', { ...valid, phone: '0223456789' }, { phone: 'validation:phone.invalid' }],
    [
      'a bad email beside no phone',
      { ...valid, email: 'karim@', phone: '' },
      { email: 'validation:email.invalid' },
    ],
    [
      'neither a phone nor an email',
      { ...valid, email: ' ', phone: null },
      { phone: 'validation:contact.phoneOrEmail', email: 'validation:contact.phoneOrEmail' },
    ],
    ['no message', { ...valid, message: '' }, { message: 'validation:message.required' }],
    [
      'a long message',
      { ...valid, message: 'm'.repeat(2001) },
      { message: 'validation:message.tooLong' },
    ],
    [
      'nothing at all',
      {},
      {
        name: 'validation:name.required',
        phone: 'validation:contact.phoneOrEmail',
        email: 'validation:contact.phoneOrEmail',
        message: 'validation:message.required',
      },
    ],
  ])('rejects %s with 400 and stores nothing', async (_what, body, fields) => {
    const before = messageCount(db);
    const res = await new TestClient(server.app).request('POST', '/api/messages', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(res.body.error.fields).toEqual(fields);
    expect(messageCount(db)).toBe(before);
  });

  it('never 5xx on junk bodies', async () => {
    const before = messageCount(db);
    for (const payload of ['null', '[]', '"text"', '{"name":{"a":1},"phone":[1]}']) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(messageCount(db)).toBe(before);
  });

  it('lists messages for admins only, newest first, without address or session', async () => {
    const writer = new TestClient(server.app);
    for (const n of [1, 2, 3]) {
      await writer.request('POST', '/api/messages', { ...valid, message: `Question ${n}` });
    }

    expect((await new TestClient(server.app).request('GET', '/api/messages')).status).toBe(401);
    const customer = new TestClient(server.app);
    await customer.signUp('customer@example.com', 'customer-pass-1');
    const denied = await customer.request('GET', '/api/messages');
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('permission-denied');

    const admin = await adminClient(server.app);
    const res = await admin.request('GET', '/api/messages');
    expect(res.status).toBe(200);
    const messages = res.body.messages as Record<string, unknown>[];
    expect(messages).toHaveLength(messageCount(db));
    expect(messages.slice(0, 3).map((m) => m.message)).toEqual([
      'Question 3',
      'Question 2',
      'Question 1',
    ]);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      name: 'Karim Adel',
      email: 'karim@example.com',
      phone: '01001234567',
      message: 'Question 3',
      createdAt: expect.any(String),
      handled: null,
    });
    const times = messages.map((m) => String(m.createdAt));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lists the way to reply not given as null, the same shape for every message', async () => {
    const writer = new TestClient(server.app);
    const { email: _email, ...byPhone } = valid;
    const { phone: _phone, ...byEmail } = valid;
    await writer.request('POST', '/api/messages', { ...byPhone, message: 'Phone only' });
    await writer.request('POST', '/api/messages', { ...byEmail, message: 'Email only' });
    const admin = await adminClient(server.app);
    const res = await admin.request('GET', '/api/messages');
    const [emailOnly, phoneOnly] = res.body.messages as Record<string, unknown>[];
    expect(emailOnly).toEqual({
      id: expect.any(String),
      name: 'Karim Adel',
      email: 'karim@example.com',
      phone: null,
      message: 'Email only',
      createdAt: expect.any(String),
      handled: null,
    });
    expect(phoneOnly).toMatchObject({ email: null, phone: '01001234567', message: 'Phone only' });
  });

  it('the table refuses a message with neither, whoever writes it', () => {
    expect(() =>
      db
        .prepare(
          `INSERT INTO messages (id, name, email, phone, message, created_at)
           VALUES ('x', 'Karim', NULL, NULL, 'Hi', '2026-01-01T00:00:00.000Z')`,
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});

describe('contact messages handled or not (D20)', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  async function send(message: string): Promise<string> {
    const res = await new TestClient(server.app).request('POST', '/api/messages', {
      ...valid,
      message,
    });
    expect(res.status).toBe(201);
    const listed = await admin.request('GET', '/api/messages');
    return (listed.body.messages as { id: string; message: string }[]).find(
      (m) => m.message === message,
    )!.id;
  }

  const ids = async (query = '') =>
    ((await admin.request('GET', `/api/messages${query}`)).body.messages as { id: string }[]).map(
      (m) => m.id,
    );
  const unhandled = async () =>
    (await admin.request('GET', '/api/messages/unhandled')).body.count as number;

  it('marks a message handled with who and when, filters and counts, and back', async () => {
    const first = await send('Handled one');
    const second = await send('Still waiting');
    expect(await unhandled()).toBe(2);
    expect(await ids('?state=unhandled')).toEqual([second, first]);
    expect(await ids('?state=handled')).toEqual([]);

    const before = Date.now();
    const res = await admin.request('POST', `/api/messages/${first}/handled`, { handled: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      id: first,
      message: 'Handled one',
      handled: { at: expect.any(String), by: TEST_ADMIN.email },
    });
    const at = Date.parse(res.body.message.handled.at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(await unhandled()).toBe(1);
    expect(await ids('?state=unhandled')).toEqual([second]);
    expect(await ids('?state=handled')).toEqual([first]);
    expect(await ids()).toEqual([second, first]);
    expect(
      server.app.db
        .prepare('SELECT handled_by, handled_by_user_id FROM messages WHERE id = ?')
        .get(first),
    ).toEqual({ handled_by: TEST_ADMIN.email, handled_by_user_id: expect.any(String) });

    // Again: the first record of who and when stays.
    const again = await admin.request('POST', `/api/messages/${first}/handled`, { handled: true });
    expect(again.body.message.handled).toEqual(res.body.message.handled);

    const reopened = await admin.request('POST', `/api/messages/${first}/handled`, {
      handled: false,
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.message.handled).toBeNull();
    expect(await unhandled()).toBe(2);
    expect(
      server.app.db
        .prepare('SELECT handled_at, handled_by, handled_by_user_id FROM messages WHERE id = ?')
        .get(first),
    ).toEqual({ handled_at: null, handled_by: null, handled_by_user_id: null });
  });

  it('refuses an unknown message, a bad body or filter, and anyone but an admin', async () => {
    const id = await send('Refusals');
    const missing = await admin.request('POST', '/api/messages/no-such-id/handled', {
      handled: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({
      code: 'not-found',
      message: 'errors:contactMessages.notFound',
    });
    for (const body of [{}, { handled: 'yes' }, null]) {
      const res = await admin.request('POST', `/api/messages/${id}/handled`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.request('GET', '/api/messages?state=done')).status).toBe(400);
    const customer = new TestClient(server.app);
    await customer.signUp('someone@example.com', 'customer-pass-1');
    for (const [method, url] of [
      ['POST', `/api/messages/${id}/handled`],
      ['GET', '/api/messages/unhandled'],
    ] as const) {
      expect((await customer.request(method, url, { handled: true })).status).toBe(403);
      expect(
        (await new TestClient(server.app).request(method, url, { handled: true })).status,
      ).toBe(401);
    }
    expect(
      (
        server.app.db.prepare('SELECT handled_at FROM messages WHERE id = ?').get(id) as {
          handled_at: string | null;
        }
      ).handled_at,
    ).toBeNull();
  });
});

describe('contact message rate limit', () => {
  it('allows 5 messages per 10 minutes per address', async () => {
    const server = await createTestServer({ RATE_LIMITS: 'on' });
    try {
      const send = (ip: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/messages',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json' },
          payload: valid,
        });
      for (let i = 0; i < 5; i += 1) expect((await send('198.51.100.1')).statusCode).toBe(201);
      const limited = await send('198.51.100.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toEqual({ code: 'rate-limited', message: 'errors:rateLimited' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(messageCount(server.app.db)).toBe(5);
      expect((await send('198.51.100.2')).statusCode).toBe(201);
    } finally {
      await server.close();
    }
  });
});
