import { describe, expect, it } from 'vitest';
import type { DataError, NewOrder } from '../data/port';
import { cairoToday } from '../domain/datetime';
import { expectedOrderTotal } from '../domain/booking-schemas';
import type { RenderTemplate } from '../domain/notifications';
import { MemoryBackend, type MemoryDataPort } from './memory-adapter';
import { memoryCodes, placeOrder, setOrderStatus, verifyPhone } from './order-fixtures';

const PASSWORD = 'Moving-day-2026';
const NOW = '2026-03-10T08:00:00.000Z';
/** A move date inside the booking horizon by the real clock (backends without a fake one). */
const SOON = cairoToday(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));

function order(overrides: Partial<NewOrder> = {}): NewOrder {
  const values = {
    fullName: 'منى',
    phoneNumber: '01012345678',
    pickupAddress: 'شارع التحرير 12',
    dropoffAddress: 'شارع 9 المعادي',
    governorateId: 'cairo',
    districtId: 'maadi',
    moveType: 'partial' as const,
    housing: 'apartment' as const,
    pickupFloor: 0,
    dropoffFloor: 0,
    workers: 2,
    moveDate: '2026-03-10',
    // The fake clock says 10:00 in Cairo: the morning window has begun, the midday one not yet.
    moveTime: '13:00',
    paymentMethod: 'cod' as const,
    totalPrice: 0,
    ...overrides,
  };
  return { ...values, totalPrice: expectedOrderTotal(values) };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: DataError) => error.code,
  );

describe('MemoryBackend', () => {
  it('judges "today" and the review minute by its fake clock', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const client = backend.client();
    await verifyPhone(client, memoryCodes(backend));
    const created = await client.orders.create(order());
    expect(created.createdAt).toBe(NOW);
    expect(created.orderNumber).toMatch(/^AF-20260310-\d{3}$/);
    backend.advanceTime(24 * 3600_000);
    expect(await codeOf(client.orders.create(order()))).toBe('invalid-argument');

    const first = await placeOrder(backend, { moveDate: '2026-03-12' }, client);
    const second = await placeOrder(backend, { moveDate: '2026-03-12' }, client);
    for (const { id } of [first, second]) await setOrderStatus(backend, id, 'delivered');
    await client.reviews.add({ orderId: first.id, review: 'خدمة ممتازة', rating: 5 });
    backend.advanceTime(59_000);
    const error = await client.reviews
      .add({ orderId: second.id, review: 'مرة أخرى', rating: 5 })
      .catch((e: DataError) => e);
    expect(error).toMatchObject({ code: 'rate-limited', retryAfterSeconds: 1 });
    backend.advanceTime(1_000);
    await expect(
      client.reviews.add({ orderId: second.id, review: 'مرة أخرى', rating: 5 }),
    ).resolves.toMatchObject({ review: 'مرة أخرى', name: 'Mona', state: 'pending' });
  });

  it('limits reviews per address too, whoever is signed in', async () => {
    const backend = new MemoryBackend();
    const home = backend.client({ ip: '192.0.2.7' });
    const sameHouse = backend.client({ ip: '192.0.2.7' });
    const elsewhere = backend.client();
    const orders = new Map<MemoryDataPort, string>();
    // Three customers, so three numbers (D13): only the address is shared.
    for (const [i, client] of [home, sameHouse, elsewhere].entries()) {
      const placed = await placeOrder(backend, { phoneNumber: `0101111000${i}` }, client);
      await setOrderStatus(backend, placed.id, 'delivered');
      orders.set(client, placed.id);
    }
    const review = (client: MemoryDataPort) =>
      client.reviews.add({ orderId: orders.get(client)!, review: 'ممتاز', rating: 5 });
    await review(home);
    expect(await codeOf(review(sameHouse))).toBe('rate-limited');
    expect(await codeOf(review(elsewhere))).toBe('resolved');
  });

  it('issues unique numbers and widens to four digits once a day has used half of its 900', async () => {
    let next = 0;
    // Walks through 100..999 in order: no clashes, so only the day's count decides the width.
    const backend = new MemoryBackend({
      now: NOW,
      random: () => ((next++ % 900) + 0.5) / 900,
      openOrdersPerCustomer: 0,
    });
    const client = backend.client();
    await verifyPhone(client, memoryCodes(backend));
    const numbers = new Set<string>();
    for (let i = 0; i < 450; i += 1) numbers.add((await client.orders.create(order())).orderNumber);
    expect(numbers.size).toBe(450);
    for (const number of numbers) expect(number).toMatch(/^AF-20260310-\d{3}$/);
    const wider = await client.orders.create(order());
    expect(wider.orderNumber).toMatch(/^AF-20260310-\d{4}$/);
  });

  it('hands out copies: changing a result does not change the backend', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await verifyPhone(client, memoryCodes(backend));
    const created = await client.orders.create(order({ moveDate: SOON }));
    created.status = 'delivered';
    created.statusHistory.push({ status: 'delivered', at: NOW, actor: 'admin' });
    const again = await client.orders.get(created.id);
    expect(again.status).toBe('received');
    expect(again.statusHistory).toHaveLength(1);
  });

  it('createAdmin promotes an existing account, which keeps its orders', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    const user = await client.auth.signUp({ email: 'ops@example.com', password: PASSWORD });
    await verifyPhone(client, memoryCodes(backend));
    const placed = await client.orders.create(order({ moveDate: SOON }));
    expect(user.isAdmin).toBe(false);
    expect(backend.createAdmin('OPS@example.com', PASSWORD)).toMatchObject({
      id: user.id,
      isAdmin: true,
    });
    expect(await client.auth.current()).toMatchObject({ id: user.id, isAdmin: true });
    expect((await client.orders.mine()).map((o) => o.id)).toEqual([placed.id]);
    expect((await client.orders.list()).total).toBe(1);
  });

  it('a revoked session is no session, even for a copy of the same browser', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await client.auth.signUp({ email: 'mona@example.com', password: PASSWORD });
    expect(backend.sessions.size).toBe(1);
    await client.auth.signOut();
    expect(backend.sessions.size).toBe(0);
    expect(await codeOf(client.orders.mine())).toBe('unauthenticated');
  });
});

describe('MemoryBackend phone sign-in (D13)', () => {
  const PHONE = '01012345678';
  const E164 = '+201012345678';
  const ask = (client: ReturnType<MemoryBackend['client']>, phone = PHONE) =>
    client.auth.requestPhoneCode({ phone, language: 'ar' });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('resolved');
      },
      (error: DataError) => error,
    );

  it('sends a code it never answers with, signs in a new customer once, and only once', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const client = backend.client();
    const challenge = await ask(client, '٠١٠ ١٢٣٤ ٥٦٧٨');
    expect(challenge).toEqual({
      challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      phone: E164,
      channel: 'whatsapp',
      expiresInSeconds: 600,
      resendInSeconds: 60,
    });
    const code = backend.phoneCodeFor(challenge.challengeId);
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify([...backend.challenges.values()])).not.toContain(`"${code}"`);
    expect(backend.phoneCodeFor(PHONE)).toBe(code);

    // Typed in Arabic-Indic digits, as an Egyptian keyboard does.
    const arabic = code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const user = await client.auth.verifyPhoneCode(challenge.challengeId, arabic);
    expect(user).toMatchObject({ email: null, phone: E164, anonymous: false, isAdmin: false });
    expect(await client.auth.current()).toEqual(user);
    const again = await failure(backend.client().auth.verifyPhoneCode(challenge.challengeId, code));
    expect(again).toMatchObject({ code: 'failed-precondition', message: 'errors:phone.used' });
  });

  it('counts wrong codes, then the code is dead; an unknown challenge is not found', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const client = backend.client();
    const { challengeId } = await ask(client);
    const code = backend.phoneCodeFor(challengeId);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1, 0]) {
      expect(await failure(client.auth.verifyPhoneCode(challengeId, wrong))).toMatchObject({
        code: 'invalid-argument',
        message: 'errors:phone.wrongCode',
        details: { attemptsLeft: left },
      });
    }
    expect(await failure(client.auth.verifyPhoneCode(challengeId, code))).toMatchObject({
      code: 'failed-precondition',
      message: 'errors:phone.locked',
    });
    expect(await failure(client.auth.verifyPhoneCode('x'.repeat(32), code))).toMatchObject({
      code: 'not-found',
      message: 'errors:phone.expired',
    });
    expect(await failure(client.auth.verifyPhoneCode(challengeId, '12'))).toMatchObject({
      code: 'invalid-argument',
      fields: { code: 'validation:phoneCode.invalid' },
    });
  });

  it('a code expires after ten minutes; another waits a minute after the last', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const client = backend.client();
    const { challengeId } = await ask(client);
    const refused = await failure(ask(client));
    expect(refused).toMatchObject({
      code: 'rate-limited',
      message: 'errors:phone.resendTooSoon',
      retryAfterSeconds: 60,
    });
    backend.advanceTime(10 * 60_000);
    expect(
      await failure(client.auth.verifyPhoneCode(challengeId, backend.phoneCodeFor(challengeId))),
    ).toMatchObject({ code: 'failed-precondition', message: 'errors:phone.expired' });
    expect((await ask(client)).challengeId).not.toBe(challengeId);
  });

  it('sends by SMS when asked, says when it only logged the code, and when nothing could send it', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const client = backend.client();
    expect(
      (await client.auth.requestPhoneCode({ phone: PHONE, language: 'en', channel: 'sms' }))
        .channel,
    ).toBe('sms');
    backend.codeDelivery = 'log';
    expect((await ask(client, '01112345678')).channel).toBe('log');
    backend.codeDelivery = 'down';
    expect(await failure(ask(client, '01212345678'))).toMatchObject({
      code: 'unavailable',
      message: 'errors:phone.notSent',
    });
    expect(await failure(ask(client, '0101234'))).toMatchObject({
      code: 'invalid-argument',
      fields: { phone: 'validation:phone.invalid' },
    });
  });

  it('holds a crew only for the customer who proved the order’s number; admins book any', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const visitor = backend.client();
    await visitor.auth.ensureSession();
    expect(await failure(visitor.orders.create(order()))).toMatchObject({
      code: 'permission-denied',
      message: 'errors:phone.verificationRequired',
      fields: { phoneNumber: 'errors:phone.verificationRequired' },
      details: { verify: PHONE },
    });
    await verifyPhone(visitor, memoryCodes(backend), '01112345678');
    expect(await failure(visitor.orders.create(order()))).toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      visitor.orders.create(order({ phoneNumber: '+20 111 234 5678' })),
    ).resolves.toMatchObject({ phoneNumber: '01112345678' });
    backend.createAdmin('ops@example.com', PASSWORD);
    const admin = backend.client();
    await admin.auth.signIn({ email: 'ops@example.com', password: PASSWORD });
    await expect(admin.orders.create(order())).resolves.toMatchObject({ phoneNumber: PHONE });
  });

  it('gives the number’s owner the visitor’s orders and those booked for the number by others', async () => {
    const backend = new MemoryBackend({ now: NOW });
    backend.createAdmin('ops@example.com', PASSWORD);
    const admin = backend.client();
    await admin.auth.signIn({ email: 'ops@example.com', password: PASSWORD });
    const byOffice = await admin.orders.create(order());
    const forSomeoneElse = await admin.orders.create(order({ phoneNumber: '01512345678' }));

    // Another customer's account that booked for this number (proved earlier) keeps its order.
    const other = backend.client();
    await verifyPhone(other, memoryCodes(backend), '01112345678');
    const othersOwn = await other.orders.create(order({ phoneNumber: '01112345678' }));
    backend.orders.get(othersOwn.id)!.order.phoneNumber = PHONE;

    const customer = backend.client();
    const visitor = await customer.auth.ensureSession();
    const user = await verifyPhone(customer, memoryCodes(backend));
    expect(user.id).not.toBe(visitor.id);
    const mine = (await customer.orders.mine()).map((o) => o.id).sort();
    expect(mine).toEqual([byOffice.id].sort());
    expect((await other.orders.mine()).map((o) => o.id)).toEqual([othersOwn.id]);
    expect((await admin.orders.get(forSomeoneElse.id)).userId).not.toBe(user.id);

    // Signed out and back in on another device: the same customer, number and orders.
    await customer.auth.signOut();
    backend.advanceTime(60_000);
    const elsewhere = backend.client();
    await elsewhere.auth.ensureSession();
    expect((await verifyPhone(elsewhere, memoryCodes(backend))).id).toBe(user.id);
    expect((await elsewhere.orders.mine()).map((o) => o.id)).toEqual([byOffice.id]);
  });

  it('an admin’s booking for a proved number is that customer’s at once', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const customer = backend.client();
    const mona = await verifyPhone(customer, memoryCodes(backend));
    backend.createAdmin('ops@example.com', PASSWORD);
    const admin = backend.client();
    await admin.auth.signIn({ email: 'ops@example.com', password: PASSWORD });
    const booked = await admin.orders.create(order({ phoneNumber: '+20 10 1234 5678' }));
    expect(booked.userId).toBe(mona.id);
    expect((await customer.orders.mine()).map((o) => o.id)).toEqual([booked.id]);
    const forStranger = await admin.orders.create(order({ phoneNumber: '01512345678' }));
    expect(forStranger.userId).not.toBe(mona.id);
  });

  it('a code no channel took counts, and is not one to type', async () => {
    const backend = new MemoryBackend({ now: NOW, codeDelivery: 'down' });
    const client = backend.client();
    expect(await failure(ask(client))).toMatchObject({ code: 'unavailable' });
    backend.codeDelivery = 'providers';
    expect(await failure(ask(client))).toMatchObject({ message: 'errors:phone.resendTooSoon' });
    const [failed] = backend.challenges.keys();
    expect(await failure(client.auth.verifyPhoneCode(failed!, '123456'))).toMatchObject({
      code: 'not-found',
      message: 'errors:phone.expired',
    });
    expect(backend.phoneCodes).toEqual([]);
  });

  it('an account proves a number it keeps; a number of another account is refused', async () => {
    const backend = new MemoryBackend({ now: NOW });
    const owner = backend.client();
    const mona = await verifyPhone(owner, memoryCodes(backend));
    const account = backend.client();
    const sara = await account.auth.signUp({ email: 'sara@example.com', password: PASSWORD });
    const attached = await verifyPhone(account, memoryCodes(backend), '01112345678');
    expect(attached).toMatchObject({
      id: sara.id,
      email: 'sara@example.com',
      phone: '+201112345678',
    });
    backend.advanceTime(60_000);
    const taken = await failure(verifyPhone(account, memoryCodes(backend)));
    expect(taken).toMatchObject({ code: 'already-exists', message: 'errors:phone.numberTaken' });
    expect((await owner.auth.current())?.id).toBe(mona.id);
  });

  it('a customer holds at most three open moves; a cancelled one frees its place', async () => {
    const backend = new MemoryBackend();
    const client = backend.client();
    await verifyPhone(client, memoryCodes(backend));
    const placed = [];
    for (let i = 0; i < 3; i += 1)
      placed.push(await client.orders.create(order({ moveDate: SOON })));
    expect(await failure(client.orders.create(order({ moveDate: SOON })))).toMatchObject({
      code: 'rate-limited',
      message: 'errors:order.tooManyOpen',
    });
    await client.orders.cancel(placed[0]!.id);
    await expect(client.orders.create(order({ moveDate: SOON }))).resolves.toBeDefined();
  });
});

describe('MemoryBackend weekly summary (D27)', () => {
  const ROUTING = {
    customerChannels: [],
    company: { language: 'en' as const, whatsapp: '+201000000009' },
    siteUrl: 'https://afsh.example',
  };
  const render: RenderTemplate = (template, _language, values) => {
    const params = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : v.key]),
    );
    return { params, body: `${template} ${JSON.stringify(params)}`, subject: '' };
  };

  it('queues the week due once, with the dashboard’s figures, about no order', async () => {
    // Booked on Monday 2 March 2026 for Sunday the 8th; told on Saturday the 7th at 09:00.
    const backend = new MemoryBackend({ now: '2026-03-02T10:00:00.000Z' });
    await placeOrder(backend, { moveDate: '2026-03-08', moveTime: '10:30' });
    await placeOrder(backend, { moveDate: '2026-03-08', moveTime: '13:00' });
    backend.setTime('2026-03-07T06:59:00.000Z');
    // 08:59 in Cairo: the week before is due, and nothing was booked in it.
    expect(backend.queueWeeklySummary(ROUTING, render).map((m) => m.template)).toEqual([
      'weekly_summary_quiet',
    ]);
    backend.setTime('2026-03-07T07:00:00.000Z');
    const [message] = backend.queueWeeklySummary(ROUTING, render);
    expect(message).toMatchObject({
      id: 'weekly-summary:2026-02-28:whatsapp',
      orderId: null,
      recipient: 'company',
      template: 'weekly_summary',
      address: '+201000000009',
      state: 'pending',
    });
    expect(message!.body).toContain('"bookings":"2"');
    expect(message!.body).toContain('"next_moves":"2"');
    expect(backend.queueWeeklySummary(ROUTING, render)).toEqual([]);
    backend.advanceTime(3 * 24 * 3_600_000);
    expect(backend.queueWeeklySummary(ROUTING, render)).toEqual([]);
    expect(backend.notifications.filter((m) => m.orderId === null)).toHaveLength(2);
  });
});
