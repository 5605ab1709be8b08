import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_MAX_ATTEMPTS } from '../../src/domain/phone-verification.ts';
import { orderBody } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  customerClient,
  printedPhoneCode,
  TestClient,
  visitorClient,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';

// Signing in with a mobile number, and who may book (docs/decisions.md D13), on the real server.

let sequence = 0;
/** A fresh mobile number per test, so each test owns its number's limits and orders. */
function freshPhone(): string {
  sequence += 1;
  return `011${String(Date.now() % 1e4).padStart(4, '0')}${String(sequence % 1e4).padStart(4, '0')}`;
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const arabic = (digits: string) => digits.replace(/\d/g, (d) => ARABIC_INDIC[Number(d)]!);
const e164 = (national: string) => `+20${national.slice(1)}`;

async function askCode(client: TestClient, phone: string, extra: Record<string, unknown> = {}) {
  return client.request('POST', '/api/auth/phone/code', { phone, language: 'ar', ...extra });
}

/** A wrong code for `code`: the same length, another digit first. */
const wrong = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

describe('phone sign-in (D13)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a code for a number typed in Arabic-Indic digits and signs in with it', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    const asked = await askCode(client, arabic(`+20 ${phone.slice(1)}`));
    expect(asked.status).toBe(200);
    const { challenge } = asked.body;
    expect(challenge).toMatchObject({
      phone: e164(phone),
      channel: 'log',
      expiresInSeconds: 600,
      resendInSeconds: 60,
    });
    expect(challenge.challengeId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    // The code is in the log for the operator, never in the answer.
    expect(JSON.stringify(asked.body)).not.toContain(
      printedPhoneCode(server.app, challenge.challengeId),
    );

    const code = printedPhoneCode(server.app, challenge.challengeId);
    const verified = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: challenge.challengeId,
      code: arabic(code),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({
      phone: e164(phone),
      email: null,
      anonymous: false,
      isAdmin: false,
    });
    expect((await client.request('GET', '/api/auth/me')).body.user.phone).toBe(e164(phone));
  });

  it('stores no code in clear', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    const { challenge } = (await askCode(client, phone)).body;
    const code = printedPhoneCode(server.app, challenge.challengeId);
    const row = server.app.db
      .prepare('SELECT * FROM phone_codes WHERE id = ?')
      .get(challenge.challengeId) as Record<string, unknown>;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a wrong code says how many tries are left and changes nothing; the right one still works', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    const { challenge } = (await askCode(client, phone)).body;
    const code = printedPhoneCode(server.app, challenge.challengeId);
    const refused = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: challenge.challengeId,
      code: wrong(code),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'invalid-argument',
      message: 'errors:phone.wrongCode',
      fields: { code: 'errors:phone.wrongCode' },
      details: { attemptsLeft: PHONE_CODE_MAX_ATTEMPTS - 1 },
    });
    expect((await client.request('GET', '/api/auth/me')).body.user).toBeNull();

    const verified = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: challenge.challengeId,
      code,
    });
    expect(verified.status).toBe(200);
  });

  it('a code dies after five wrong tries, even for the right code', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    const { challenge } = (await askCode(client, phone)).body;
    const code = printedPhoneCode(server.app, challenge.challengeId);
    for (let i = 1; i <= PHONE_CODE_MAX_ATTEMPTS; i += 1) {
      const res = await client.request('POST', '/api/auth/phone/verify', {
        challengeId: challenge.challengeId,
        code: wrong(code),
      });
      expect(res.body.error.details.attemptsLeft).toBe(PHONE_CODE_MAX_ATTEMPTS - i);
    }
    const dead = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: challenge.challengeId,
      code,
    });
    expect(dead.status).toBe(409);
    expect(dead.body.error.message).toBe('errors:phone.locked');
  });

  it('a code signs in once', async () => {
    const phone = freshPhone();
    const first = new TestClient(server.app);
    const { challenge } = (await askCode(first, phone)).body;
    const code = printedPhoneCode(server.app, challenge.challengeId);
    const body = { challengeId: challenge.challengeId, code };
    expect((await first.request('POST', '/api/auth/phone/verify', body)).status).toBe(200);
    const replay = await new TestClient(server.app).request('POST', '/api/auth/phone/verify', body);
    expect(replay.status).toBe(409);
    expect(replay.body.error.message).toBe('errors:phone.used');
  });

  it('an expired code is refused', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    const { challenge } = (await askCode(client, phone)).body;
    const code = printedPhoneCode(server.app, challenge.challengeId);
    // As if ten minutes had passed: the stored expiry is moved into the past.
    server.app.db
      .prepare('UPDATE phone_codes SET expires_at = ? WHERE id = ?')
      .run(Date.now() - 1, challenge.challengeId);
    const res = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: challenge.challengeId,
      code,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      message: 'errors:phone.expired',
      fields: { code: 'errors:phone.expired' },
    });
  });

  it('an unknown challenge is refused as expired; a malformed code is a field error', async () => {
    const client = new TestClient(server.app);
    const unknown = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: 'A'.repeat(22),
      code: '123456',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('errors:phone.expired');
    const bad = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: 'A'.repeat(22),
      code: '12a4',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ code: 'validation:phoneCode.invalid' });
  });

  it('refuses a number that is not an Egyptian mobile, with a field error', async () => {
    const res = await askCode(new TestClient(server.app), '0223456789');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ phone: 'validation:phone.invalid' });
  });

  it('a second code for the same number waits for the cooldown, with Retry-After', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    expect((await askCode(client, phone)).status).toBe(200);
    const again = await askCode(client, phone);
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe('errors:phone.resendTooSoon');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('a code already used does not hold back the next one (a second phone right after)', async () => {
    const phone = freshPhone();
    await customerClient(server.app, { phone });
    const second = new TestClient(server.app);
    expect((await second.signInByPhone(phone)).phone).toBe(e164(phone));
  });

  it('the number’s orders follow it to any device', async () => {
    const phone = freshPhone();
    const first = await customerClient(server.app, { phone });
    const placed = await first.request('POST', '/api/orders', orderBody({ phoneNumber: phone }));
    expect(placed.status).toBe(201);

    const otherDevice = await customerClient(server.app, { phone });
    const mine = await otherDevice.request('GET', '/api/orders?mine=1');
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([placed.body.order.id]);
  });

  it('an anonymous visitor’s earlier orders move to the number they prove', async () => {
    const phone = freshPhone();
    const visitor = await visitorClient(server.app);
    const anonymousId = (await visitor.request('GET', '/api/auth/me')).body.user.id;
    // An order placed anonymously before this version, written as it was then.
    const admin = await adminClient(server.app);
    const old = await admin.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: freshPhone() }),
    );
    server.app.db
      .prepare('UPDATE orders SET user_id = ? WHERE id = ?')
      .run(anonymousId, old.body.order.id);

    const user = await visitor.signInByPhone(phone);
    expect(user.id).not.toBe(anonymousId);
    const mine = await visitor.request('GET', '/api/orders?mine=1');
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([old.body.order.id]);
  });

  it('orders the office booked for the number are the customer’s once they prove it', async () => {
    const phone = freshPhone();
    const admin = await adminClient(server.app);
    const booked = await admin.request('POST', '/api/orders', orderBody({ phoneNumber: phone }));
    expect(booked.status).toBe(201);
    const customer = await customerClient(server.app, { phone });
    const mine = await customer.request('GET', '/api/orders?mine=1');
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([booked.body.order.id]);

    // And once the number has a customer, the office's next booking for it is theirs at once.
    const next = await admin.request('POST', '/api/orders', orderBody({ phoneNumber: phone }));
    const after = await customer.request('GET', '/api/orders?mine=1');
    expect(after.body.orders.map((o: { id: string }) => o.id)).toContain(next.body.order.id);
  });

  it('an email account gets the number it proves and stays signed in as itself', async () => {
    const phone = freshPhone();
    const client = new TestClient(server.app);
    const account = await client.signUp(`phone-${phone}@example.com`, 'Moving-day-2026');
    const user = await client.signInByPhone(phone);
    expect(user).toMatchObject({ id: account.id, email: account.email, phone: e164(phone) });
  });

  it('an email account cannot take a number another customer proved', async () => {
    const phone = freshPhone();
    await customerClient(server.app, { phone });
    const client = new TestClient(server.app);
    const account = await client.signUp(`taken-${phone}@example.com`, 'Moving-day-2026');
    const asked = await askCode(client, phone);
    const res = await client.request('POST', '/api/auth/phone/verify', {
      challengeId: asked.body.challenge.challengeId,
      code: printedPhoneCode(server.app, asked.body.challenge.challengeId),
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('errors:phone.numberTaken');
    expect((await client.request('GET', '/api/auth/me')).body.user).toMatchObject({
      id: account.id,
      phone: null,
    });
  });
});

describe('who may book (D13)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('an anonymous visitor cannot hold a crew: verification required, nothing written', async () => {
    const visitor = await visitorClient(server.app);
    const before = server.app.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number };
    const res = await visitor.request('POST', '/api/orders', orderBody());
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'permission-denied',
      message: 'errors:phone.verificationRequired',
      fields: { phoneNumber: 'errors:phone.verificationRequired' },
      details: { verify: '01012345678' },
    });
    const after = server.app.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('a customer verified for one number cannot book under another', async () => {
    const customer = await customerClient(server.app, { phone: freshPhone() });
    const res = await customer.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: freshPhone() }),
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('errors:phone.verificationRequired');
  });

  it('an email account without a verified number cannot book', async () => {
    const client = new TestClient(server.app);
    await client.signUp(`nophone-${freshPhone()}@example.com`, 'Moving-day-2026');
    const res = await client.request('POST', '/api/orders', orderBody());
    expect(res.status).toBe(403);
  });

  it('the number typed any way it is accepted counts as the verified one', async () => {
    const phone = freshPhone();
    const customer = await customerClient(server.app, { phone });
    const res = await customer.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: arabic(`+20 ${phone.slice(1, 4)} ${phone.slice(4)}`) }),
    );
    expect(res.status).toBe(201);
  });

  it('an admin books for a caller without a code', async () => {
    const admin = await adminClient(server.app);
    const res = await admin.request(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: freshPhone() }),
    );
    expect(res.status).toBe(201);
  });
});

describe('limits on codes and on verified customers (D13), rate limits on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ RATE_LIMITS: 'on' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('one number gets at most five codes an hour, whoever asks', async () => {
    const phone = freshPhone();
    for (let i = 0; i < 5; i += 1) {
      // Each from another address, and each used, so neither the cooldown nor an address limit
      // is what stops the sixth.
      const client = new TestClient(server.app, { remoteAddress: `198.51.100.${i + 1}` });
      await client.signInByPhone(phone);
    }
    const sixth = await askCode(
      new TestClient(server.app, { remoteAddress: '198.51.100.99' }),
      phone,
    );
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe('errors:phone.tooManyCodes');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('one address gets at most ten codes an hour, whatever the numbers', async () => {
    const client = () => new TestClient(server.app, { remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 10; i += 1)
      expect((await askCode(client(), freshPhone())).status).toBe(200);
    const eleventh = await askCode(client(), freshPhone());
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.message).toBe('errors:phone.tooManyCodes');
  });

  it('wrong codes lock the number for the hour, across its codes', async () => {
    const phone = freshPhone();
    // Ten wrong codes in all (two codes, five each) from different addresses.
    for (const address of ['192.0.2.10', '192.0.2.11']) {
      const client = new TestClient(server.app, { remoteAddress: address });
      const { challenge } = (await askCode(client, phone)).body;
      const code = printedPhoneCode(server.app, challenge.challengeId);
      for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i += 1) {
        await client.request('POST', '/api/auth/phone/verify', {
          challengeId: challenge.challengeId,
          code: wrong(code),
        });
      }
      // The first code is dead; let the second be asked for without waiting for the cooldown.
      server.app.db
        .prepare('UPDATE phone_codes SET created_at = created_at - 61000 WHERE id = ?')
        .run(challenge.challengeId);
    }
    const locked = await askCode(
      new TestClient(server.app, { remoteAddress: '192.0.2.12' }),
      phone,
    );
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('errors:phone.locked');
  });
});

describe('a bot with many addresses and no phones (D13)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ RATE_LIMITS: 'on' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('books nothing, and makes us send at most 1,000 codes an hour, 10 per address', async () => {
    let sent = 0;
    let busy = 0;
    const perAddress = new Map<string, number>();
    for (let a = 0; a < 120; a += 1) {
      const address = `100.64.${Math.floor(a / 200)}.${(a % 200) + 1}`;
      const bot = new TestClient(server.app, { remoteAddress: address });
      await bot.anonymous();
      // Without the SIM there is no code to type: the order is refused, nothing is written.
      const order = await bot.request(
        'POST',
        '/api/orders',
        orderBody({ phoneNumber: freshPhone() }),
      );
      expect(order.status).toBe(403);
      for (let i = 0; i < 11; i += 1) {
        const res = await askCode(bot, freshPhone());
        if (res.status === 200) {
          sent += 1;
          perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
        } else if (res.body.error.message === 'errors:phone.busy') busy += 1;
        else expect(res.body.error.message).toBe('errors:phone.tooManyCodes');
      }
    }
    expect(sent).toBe(1000);
    expect(busy).toBeGreaterThan(0);
    expect(Math.max(...perAddress.values())).toBe(10);
    const orders = server.app.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number };
    expect(orders.n).toBe(0);
  }, 60_000);
});

describe('open moves per verified customer (D13)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Only the open-moves rule: the hourly and daily ones would stop the fourth booking first.
    server = await createTestServer({
      RATE_LIMITS: 'on',
      ORDER_LIMIT_CUSTOMER_HOUR: 0,
      ORDER_LIMIT_CUSTOMER_DAY: 0,
      ORDER_LIMIT_CUSTOMER_WEEK: 0,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a verified customer holds at most three future moves at once', async () => {
    const phone = freshPhone();
    const customer = await customerClient(server.app, { phone, remoteAddress: '198.18.0.1' });
    const book = (days: number) =>
      customer.request(
        'POST',
        '/api/orders',
        orderBody({
          phoneNumber: phone,
          moveDate: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
        }),
      );
    for (const days of [10, 11, 12]) expect((await book(days)).status).toBe(201);
    const fourth = await book(13);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.message).toBe('errors:order.tooManyOpen');

    // Cancelling one frees a place.
    const mine = await customer.request('GET', '/api/orders?mine=1');
    const cancelled = await customer.request(
      'POST',
      `/api/orders/${mine.body.orders[0].id}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    expect((await book(14)).status).toBe(201);
  });

  it('an admin is not held to it', async () => {
    const admin = await adminClient(server.app);
    const phone = freshPhone();
    for (let i = 0; i < 4; i += 1) {
      const res = await admin.request('POST', '/api/orders', orderBody({ phoneNumber: phone }));
      expect(res.status).toBe(201);
    }
  });
});
