import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/src/app.ts';
import { listMigrations, openDatabase, runMigrations } from '../../server/src/plugins/db.ts';
import { MAX_UNUSED_SESSIONS, pruneSessions } from '../../server/src/plugins/sessions.ts';
import { makeStaticDir } from './helpers.ts';
import { orderBody } from './order-fixtures.ts';
import type { TestServer } from './test-server.ts';
import { createTestServer, TestClient, uniquePhone } from './test-server.ts';

// An anonymous visitor who has written nothing (no order, review or contact message) has a
// provisional session: a day long, not sliding, and among at most MAX_UNUSED_SESSIONS (D8).

const DAY_MS = 24 * 60 * 60 * 1000;
const SECOND_MS = 1000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  provisional: number;
}

function sessionOf(db: Database.Database, token: string): SessionRow | undefined {
  return db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(tokenHash(token)) as
    SessionRow | undefined;
}

function userExists(db: Database.Database, id: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE id = ?').get(id) !== undefined;
}

function setCookieHeader(headers: Record<string, unknown>): string {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? value.join('\n') : String(value ?? '');
}

function countProvisional(db: Database.Database): number {
  return (
    db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE provisional = 1').get() as { n: number }
  ).n;
}

/** Expects `iso` to lie `ms` from now, give or take what the test itself took. */
function expectFromNow(iso: string | undefined, ms: number): void {
  const at = Date.parse(iso ?? '');
  expect(at).toBeGreaterThan(Date.now() + ms - 60 * SECOND_MS);
  expect(at).toBeLessThanOrEqual(Date.now() + ms);
}

describe('the session of an anonymous visitor who has written nothing (D8)', () => {
  let server: TestServer;
  let db: Database.Database;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.app.db;
  });

  afterAll(async () => {
    await server.close();
  });

  let addresses = 0;
  /** A new anonymous visitor, each from its own address (reviews are one a minute per address). */
  async function visitor(): Promise<{ client: TestClient; token: string; userId: string }> {
    addresses += 1;
    const client = new TestClient(server.app, { remoteAddress: `198.51.100.${addresses}` });
    const user = await client.anonymous();
    return { client, token: client.sessionCookie ?? '', userId: user.id };
  }

  it('lasts a day, without sliding, and then ends', async () => {
    const { client, token } = await visitor();
    const row = sessionOf(db, token);
    expect(row?.provisional).toBe(1);
    expectFromNow(row?.expires_at, DAY_MS);

    // 23 hours later, as the stored times say: still signed in, but not for longer.
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(soon, row?.id);
    const used = await client.request('GET', '/api/auth/me');
    expect(used.body.user.anonymous).toBe(true);
    expect(used.headers['set-cookie']).toBeUndefined();
    expect(sessionOf(db, token)?.expires_at).toBe(soon);

    // A day on: gone, and the browser is told to forget the cookie.
    const past = new Date(Date.now() - SECOND_MS).toISOString();
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(past, row?.id);
    const ended = await client.request('GET', '/api/auth/me');
    expect(ended.body).toEqual({ user: null });
    expect(client.sessionCookie).toBeUndefined();
  });

  it('gives way to an ordinary session when the visitor proves a number to book', async () => {
    const { client, token } = await visitor();
    // D13: only a proved number books; proving it starts a new session for its customer.
    const phone = uniquePhone();
    await client.signInByPhone(phone);
    const proved = client.sessionCookie ?? '';
    expect(proved).not.toBe(token);
    const row = sessionOf(db, proved);
    expect(row?.provisional).toBe(0);
    expectFromNow(row?.expires_at, 30 * DAY_MS);
    // The visitor's provisional session ended, and counts against nothing any more.
    expect(sessionOf(db, token)).toMatchObject({ provisional: 0, revoked_at: expect.any(String) });
    expect(
      (await client.request('POST', '/api/orders', orderBody({ phoneNumber: phone }))).status,
    ).toBe(201);
  });

  it('is kept for SESSION_TTL_DAYS by the answer to the review posted with it', async () => {
    const { client, token } = await visitor();
    const review = { name: 'Karim', review: 'Careful and on time, thank you!', rating: 5 };
    const posted = await client.request('POST', '/api/reviews', review);
    expect(posted.status).toBe(201);
    expect(setCookieHeader(posted.headers)).toMatch(/; Max-Age=2592000(;|$)/);
    expect(client.sessionCookie).toBe(token);
    const row = sessionOf(db, token);
    expect(row?.provisional).toBe(0);
    expectFromNow(row?.expires_at, 30 * DAY_MS);

    // From now on it slides like any other session.
    const soon = new Date(Date.now() + 10 * DAY_MS).toISOString();
    db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(soon, row?.id);
    expect((await client.request('GET', '/api/auth/me')).body.user).not.toBeNull();
    expectFromNow(sessionOf(db, token)?.expires_at, 30 * DAY_MS);
  });

  it('is kept after a contact message too', async () => {
    const writer = await visitor();
    const message = {
      name: 'Karim Adel',
      email: 'karim@example.com',
      phone: '01001234567',
      message: 'Do you move pianos to Alexandria?',
    };
    expect((await writer.client.request('POST', '/api/messages', message)).status).toBe(201);
    expect(sessionOf(db, writer.token)?.provisional).toBe(0);
    expectFromNow(sessionOf(db, writer.token)?.expires_at, 30 * DAY_MS);
  });

  it('stays provisional after a request that wrote nothing', async () => {
    const { client, token } = await visitor();
    const refused = await client.request('POST', '/api/orders', { fullName: '' });
    expect(refused.status).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(sessionOf(db, token)?.provisional).toBe(1);
  });

  it('is pruned with its user once it ends; visitors who wrote something stay', async () => {
    const idle = await visitor();
    const reviewer = await visitor();
    const review = { name: 'Mona', review: 'Quick and careful', rating: 5 };
    const posted = await reviewer.client.request('POST', '/api/reviews', review);
    expect(posted.status).toBe(201);
    // A visitor who proved a number: their session moved to its customer, this one was revoked.
    const booker = await visitor();
    const customer = await booker.client.signInByPhone(uniquePhone());

    // Now: the idle visitor's day is not over yet.
    pruneSessions(db, server.app.config);
    expect(userExists(db, idle.userId)).toBe(true);
    expect(sessionOf(db, idle.token)).toBeDefined();

    // Two days on: the idle visitor is gone, with their session.
    pruneSessions(db, server.app.config, new Date(Date.now() + 2 * DAY_MS));
    expect(userExists(db, idle.userId)).toBe(false);
    expect(sessionOf(db, idle.token)).toBeUndefined();
    // The revoked session is kept a week, to recognise a replayed cookie, and its visitor too.
    expect(userExists(db, booker.userId)).toBe(true);

    // A week on: with it goes the anonymous visitor it belonged to, who has nothing.
    pruneSessions(db, server.app.config, new Date(Date.now() + 8 * DAY_MS));
    expect(userExists(db, booker.userId)).toBe(false);
    expect(userExists(db, reviewer.userId)).toBe(true);
    expect(sessionOf(db, reviewer.token)?.revoked_at).toBeNull();
    expect(userExists(db, customer.id)).toBe(true);
    expect((await booker.client.request('GET', '/api/auth/me')).body.user.id).toBe(customer.id);
  });
});

describe(`at most ${MAX_UNUSED_SESSIONS} unused anonymous sessions (D8)`, () => {
  let server: TestServer;
  let db: Database.Database;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.app.db;
  });

  afterAll(async () => {
    await server.close();
  });

  it('makes room by ending the oldest unused ones; a new visitor always gets a session', async () => {
    // Nearly full, the oldest first: as a flood of sign-ins leaves it.
    const start = Date.now() - 20 * 60 * 60 * 1000;
    const addUser = db.prepare(
      `INSERT INTO users (id, role, anonymous, created_at, updated_at)
       VALUES (?, 'customer', 1, ?, ?)`,
    );
    const addSession = db.prepare(
      `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at, provisional)
       VALUES (?, ?, ?, ?, ?, 1)`,
    );
    const flood: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < MAX_UNUSED_SESSIONS - 2; i += 1) {
        const id = randomUUID();
        const at = new Date(start + i * SECOND_MS).toISOString();
        addUser.run(id, at, at);
        addSession.run(randomUUID(), tokenHash(id), id, at, new Date(start + DAY_MS).toISOString());
        flood.push(id);
      }
    })();
    // The hourly prune (or a start) counts them afresh.
    pruneSessions(db, server.app.config);
    // Then the oldest of all wrote a review, and its answer never came back to keep its session.
    const writer = flood[0]!;
    db.prepare(
      `INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at)
       VALUES ('r-writer', 'Karim', 'Careful and on time', 5, ?, NULL, ?)`,
    ).run(writer, new Date().toISOString());

    const newcomers: TestClient[] = [];
    for (let i = 0; i < 5; i += 1) {
      const client = new TestClient(server.app, { remoteAddress: `203.0.113.${i + 1}` });
      const res = await client.request('POST', '/api/auth/anonymous');
      expect(res.status).toBe(200);
      newcomers.push(client);
      expect(countProvisional(db)).toBeLessThanOrEqual(MAX_UNUSED_SESSIONS);
    }
    // The oldest unused went, with their users; the one that wrote, and the newest, stayed.
    expect(userExists(db, flood[1]!)).toBe(false);
    expect(userExists(db, writer)).toBe(true);
    expect(userExists(db, flood.at(-1)!)).toBe(true);
    for (const client of newcomers) {
      expect((await client.request('GET', '/api/auth/me')).body.user).not.toBeNull();
    }
    // The next prune settles the writer's session: an ordinary one, out of the count.
    pruneSessions(db, server.app.config);
    expect(
      db.prepare('SELECT provisional FROM sessions WHERE user_id = ?').pluck().get(writer),
    ).toBe(0);
    expect(countProvisional(db)).toBeLessThanOrEqual(MAX_UNUSED_SESSIONS);
  }, 60_000);
});

describe('anonymous sessions an older version stored (migration 012)', () => {
  let dir: string;
  let site: Awaited<ReturnType<typeof makeStaticDir>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'afsh-anon-'));
    site = await makeStaticDir();
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await site.cleanup();
  });

  it('ends unused ones within a day, prunes the dead, and keeps everyone who wrote', async () => {
    const old = join(dir, 'old-migrations');
    mkdirSync(old);
    // Every migration but this change's: the database as the version before it left it.
    for (const migration of listMigrations().filter((m) => ![12, 21].includes(m.version))) {
      copyFileSync(migration.file, join(old, migration.file.split('/').pop()!));
    }
    const file = join(dir, 'afsh.sqlite');
    const before = new Database(file);
    before.pragma('journal_mode = WAL');
    before.pragma('foreign_keys = ON');
    runMigrations(before, old);

    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const user = before.prepare(
      `INSERT INTO users (id, email, password_hash, role, anonymous, created_at, updated_at)
       VALUES (?, ?, ?, 'customer', ?, ?, ?)`,
    );
    const session = before.prepare(
      `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const tokens = {
      idle: 'I'.repeat(43),
      booked: 'B'.repeat(43),
      wrote: 'W'.repeat(43),
    };
    // The old version gave every session 30 days.
    const thirty = iso(25 * DAY_MS);
    user.run('idle', null, null, 1, iso(-5 * DAY_MS), iso(-5 * DAY_MS));
    session.run('s-idle', tokenHash(tokens.idle), 'idle', iso(-5 * DAY_MS), thirty, null);
    user.run('booked', null, null, 1, iso(-5 * DAY_MS), iso(-5 * DAY_MS));
    session.run('s-booked', tokenHash(tokens.booked), 'booked', iso(-5 * DAY_MS), thirty, null);
    before
      .prepare(
        `INSERT INTO orders (id, order_number, user_id, full_name, phone_number, pickup_address,
           dropoff_address, governorate_id, district_id, notes, move_type, housing, pickup_floor,
           dropoff_floor, workers, move_date, move_time, total_price, currency, payment_method,
           payment_status, payment_provider, payment_reference, status, created_at, updated_at)
         VALUES ('o1', 'AF-20260520-123', 'booked', 'Mona', '01012345678', 'Street 1, Cairo',
           'Street 2, Giza', 'cairo', 'nasr-city', '', 'full', 'apartment', 1, 2, 3,
           '2026-06-01', '10:00', 2490, 'EGP', 'cod', 'pending', 'cash', NULL, 'received', ?, ?)`,
      )
      .run(iso(-5 * DAY_MS), iso(-5 * DAY_MS));
    user.run('wrote', null, null, 1, iso(-5 * DAY_MS), iso(-5 * DAY_MS));
    session.run('s-wrote', tokenHash(tokens.wrote), 'wrote', iso(-5 * DAY_MS), thirty, null);
    before
      .prepare(
        `INSERT INTO messages (id, name, email, phone, message, user_id, ip, created_at)
         VALUES ('m1', 'Karim', 'k@example.com', '01001234567', 'Pianos?', 'wrote', NULL, ?)`,
      )
      .run(iso(-5 * DAY_MS));
    // Long gone: an expired session, and a visitor whose sessions were pruned long ago.
    user.run('expired', null, null, 1, iso(-60 * DAY_MS), iso(-60 * DAY_MS));
    session.run(
      's-expired',
      tokenHash('E'.repeat(43)),
      'expired',
      iso(-60 * DAY_MS),
      iso(-30 * DAY_MS),
      null,
    );
    user.run('orphan', null, null, 1, iso(-90 * DAY_MS), iso(-90 * DAY_MS));
    user.run('mona', 'mona@example.com', 'scrypt$x', 0, iso(-90 * DAY_MS), iso(-90 * DAY_MS));
    before.close();

    const app = await build({ staticDir: site.staticDir, env: { DATABASE_PATH: file } });
    try {
      await app.ready();
      const db = app.db;
      const idle = sessionOf(db, tokens.idle);
      expect(idle?.provisional).toBe(1);
      expectFromNow(idle?.expires_at, DAY_MS);
      for (const token of [tokens.booked, tokens.wrote]) {
        expect(sessionOf(db, token)).toMatchObject({ provisional: 0, expires_at: thirty });
      }
      const users = db.prepare('SELECT id FROM users ORDER BY id').pluck().all();
      expect(users).toEqual(['booked', 'idle', 'mona', 'wrote']);

      // The idle visitor is still signed in until their day is over.
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        cookies: { afsh_session: tokens.idle },
      });
      expect(me.json().user).toMatchObject({ id: 'idle', anonymous: true });
      expect(me.headers['set-cookie']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('deleting unused anonymous visitors (D8)', () => {
  it('never reads a whole table: every column that names a user has an index', () => {
    const db = openDatabase(':memory:');
    try {
      const references = db
        .prepare(
          `SELECT m.name AS tbl, f."from" AS col FROM sqlite_master m
           JOIN pragma_foreign_key_list(m.name) f
           WHERE m.type = 'table' AND f."table" = 'users'`,
        )
        .all() as { tbl: string; col: string }[];
      expect(references.length).toBeGreaterThan(5);
      const unindexed = references.filter(({ tbl, col }) => {
        const leading = db
          .prepare(
            `SELECT i.name FROM pragma_index_list(?) i
             JOIN pragma_index_info(i.name) c ON c.seqno = 0
             WHERE c.name = ? AND i.partial = 0`,
          )
          .all(tbl, col);
        return leading.length === 0;
      });
      expect(unindexed).toEqual([]);
    } finally {
      db.close();
    }
  });
});
