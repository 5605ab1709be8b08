import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, Order, OrderPage } from '../../src/data/port.ts';
import { cairoToday } from '../../src/domain/datetime.ts';
import { expectedOrderTotal } from '../../src/domain/booking-schemas.ts';
import type { OrderStatus } from '../../src/domain/status.ts';
import { futureMoveDate, orderBody, TEST_CARD_TOKEN } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  FIXTURE_PHONE,
  TestClient,
  uniquePhone,
  visitorClient,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';
import { moveOrderTo } from './lifecycle-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});

afterAll(async () => {
  await server.close();
});

function countOrders(): number {
  return (server.app.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
}

function visitor(): Promise<TestClient> {
  return visitorClient(server.app);
}

/** The number each customer of these tests proved (D13). */
const phones = new WeakMap<TestClient, string>();

/** Signs a new browser in with `phone` (a number of its own unless given): who may book it. */
async function signedIn(
  app = server.app,
  phone = uniquePhone(),
): Promise<{ client: TestClient; user: CurrentUser }> {
  const client = new TestClient(app);
  const user = await client.signInByPhone(phone);
  phones.set(client, phone);
  return { client, user };
}

async function customer(phone?: string): Promise<TestClient> {
  return (await signedIn(server.app, phone)).client;
}

/** An order body for the number `client` proved. */
function bodyFor(client: TestClient, overrides: Record<string, unknown> = {}) {
  return orderBody({ phoneNumber: phones.get(client), ...overrides });
}

async function place(client: TestClient, overrides: Record<string, unknown> = {}): Promise<Order> {
  const res = await client.request<{ order: Order }>(
    'POST',
    '/api/orders',
    bodyFor(client, overrides),
  );
  if (res.status !== 201)
    throw new Error(`POST /api/orders: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.order;
}

async function setStatus(id: string, status: OrderStatus): Promise<void> {
  const admin = await adminClient(server.app);
  expect((await moveOrderTo(admin, id, status)).status).toBe(status);
}

describe('POST /api/orders', () => {
  it("needs a session, and one that proved the order's number (D13)", async () => {
    const before = countOrders();
    const res = await new TestClient(server.app).request('POST', '/api/orders', orderBody());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
    // An anonymous session is no longer enough, nor one that proved another number.
    for (const client of [await visitor(), await customer()]) {
      const refused = await client.request('POST', '/api/orders', orderBody());
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'permission-denied',
        message: 'errors:phone.verificationRequired',
      });
    }
    expect(countOrders()).toBe(before);
  });

  it('stores a cash-on-delivery order as received, pending, owned by the customer', async () => {
    const { client, user } = await signedIn(server.app, FIXTURE_PHONE);
    const body = orderBody();
    const res = await client.request<{ order: Order }>('POST', '/api/orders', body);

    expect(res.status).toBe(201);
    const { order } = res.body;
    expect(order).toMatchObject({
      userId: user.id,
      fullName: body.fullName,
      phoneNumber: '01012345678',
      pickupAddress: body.pickupAddress,
      dropoffAddress: body.dropoffAddress,
      governorateId: 'cairo',
      districtId: 'nasr-city',
      notes: body.notes,
      moveType: 'full',
      housing: 'apartment',
      pickupFloor: 3,
      dropoffFloor: 2,
      workers: 3,
      moveDate: body.moveDate,
      moveTime: '10:30',
      totalPrice: body.totalPrice,
      currency: 'EGP',
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      paymentProvider: 'cash',
      status: 'received',
    });
    expect(order.orderNumber).toMatch(/^AF-\d{8}-\d{3,4}$/);
    expect(order.orderNumber.slice(3, 11)).toBe(cairoToday().replaceAll('-', ''));
    expect(order.statusHistory).toEqual([
      { status: 'received', actor: 'system', at: order.createdAt },
    ]);
    expect(Date.parse(order.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await client.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(again.status).toBe(200);
    expect(again.body.order).toEqual(order);
  });

  it('marks a card order paid through the test provider, keeping only its reference', async () => {
    const client = await customer();
    const res = await client.request<{ order: Order }>(
      'POST',
      '/api/orders',
      bodyFor(client, { paymentMethod: 'card', paymentToken: TEST_CARD_TOKEN }),
    );
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      paymentMethod: 'card',
      paymentStatus: 'paid',
      paymentProvider: 'test',
    });
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain(TEST_CARD_TOKEN);
    expect(raw).not.toContain('paymentReference');

    const row = server.app.db
      .prepare('SELECT payment_reference FROM orders WHERE id = ?')
      .get(res.body.order.id) as { payment_reference: string | null };
    expect(row.payment_reference).toMatch(/^test_[0-9a-f]{24}$/);
  });

  it.each([
    ['no token', {}],
    ['a declined token', { paymentToken: 'test_fail_AbCdEf123456' }],
    ['a token too short', { paymentToken: 'test_ok_abc' }],
    ['a token that is not a string', { paymentToken: 12345678 }],
  ])('declines a card order with %s and stores nothing', async (_name, extra) => {
    const client = await customer();
    const before = countOrders();
    const res = await client.request(
      'POST',
      '/api/orders',
      bodyFor(client, { paymentMethod: 'card', ...extra }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-argument',
      message: 'validation:payment.declined',
      fields: { paymentToken: 'validation:payment.declined' },
    });
    expect(countOrders()).toBe(before);
  });

  it('ignores a payment token on a cash order', async () => {
    const order = await place(await customer(), { paymentToken: TEST_CARD_TOKEN });
    expect(order).toMatchObject({ paymentStatus: 'pending', paymentProvider: 'cash' });
  });

  it.each([
    ['one pound less', -1],
    ['a thousand less', -1000],
    ['one pound more', 1],
  ])('rejects a tampered total (%s) and leaves the database unchanged', async (_name, delta) => {
    const client = await customer();
    const body = bodyFor(client);
    const before = countOrders();
    const res = await client.request('POST', '/api/orders', {
      ...body,
      totalPrice: Number(body.totalPrice) + delta,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-argument',
      message: 'validation:order.priceMismatch',
      fields: { totalPrice: 'validation:order.priceMismatch' },
    });
    expect(countOrders()).toBe(before);
  });

  it('prices villas, floors and move types itself and accepts only that total', async () => {
    const client = await customer();
    const inputs = {
      moveType: 'office',
      housing: 'villa',
      pickupFloor: 4,
      dropoffFloor: 7,
      workers: 5,
    };
    const expected = expectedOrderTotal({
      moveType: 'office',
      pickupFloor: 4,
      dropoffFloor: 7,
      workers: 5,
    });
    // A total computed without the extra workers is refused.
    const wrong = await client.request(
      'POST',
      '/api/orders',
      bodyFor(client, { ...inputs, totalPrice: 1200 }),
    );
    expect(wrong.status).toBe(400);
    const order = await place(client, inputs);
    expect(order.totalPrice).toBe(expected);
  });

  it('accepts the total as display text ("2,290" or Arabic digits)', async () => {
    const client = await customer();
    const total = Number(orderBody().totalPrice);
    const latin = await place(client, { totalPrice: total.toLocaleString('en-US') });
    expect(latin.totalPrice).toBe(total);
    const arabic = await place(client, { totalPrice: total.toLocaleString('ar-EG') });
    expect(arabic.totalPrice).toBe(total);
  });

  it('ignores a status, owner, payment status or number chosen by the client', async () => {
    const { client, user } = await signedIn();
    const order = await place(client, {
      id: 'mine-now',
      status: 'delivered',
      userId: 'someone-else',
      paymentStatus: 'paid',
      paymentProvider: 'test',
      orderNumber: 'AF-20200101-123',
      createdAt: '2020-01-01T00:00:00.000Z',
      statusHistory: [{ status: 'delivered', actor: 'admin', at: '2020-01-01T00:00:00.000Z' }],
    });
    expect(order.id).not.toBe('mine-now');
    expect(order.status).toBe('received');
    expect(order.userId).toBe(user.id);
    expect(order.paymentStatus).toBe('pending');
    expect(order.paymentProvider).toBe('cash');
    expect(order.orderNumber).not.toBe('AF-20200101-123');
    expect(order.createdAt).not.toBe('2020-01-01T00:00:00.000Z');
    expect(order.statusHistory).toHaveLength(1);
  });

  it.each([
    ['cardNumber', { cardNumber: '4242424242424242' }],
    ['cvv', { cvv: '123' }],
    ['card', { card: { number: '4242424242424242', cvv: '123', expiry: '12/30' } }],
    ['expiry', { expiry: '12/30' }],
    ['card_number', { card_number: '4242424242424242' }],
    ['CVC', { CVC: '123' }],
  ])('refuses a body carrying card data (%s), even with a valid token', async (key, extra) => {
    const client = await customer();
    const before = countOrders();
    const res = await client.request(
      'POST',
      '/api/orders',
      bodyFor(client, { paymentMethod: 'card', paymentToken: TEST_CARD_TOKEN, ...extra }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(Object.keys(res.body.error.fields)).toEqual([key]);
    expect(JSON.stringify(res.body)).not.toContain('4242');
    expect(countOrders()).toBe(before);
  });

  const tooLong = (n: number) => 'x'.repeat(n);
  it.each<[string, string, unknown, string]>([
    ['fullName', 'missing', undefined, 'validation:customerInfo.required'],
    ['fullName', '12345', 12345, 'validation:customerInfo.required'],
    ['fullName', '"   "', '   ', 'validation:customerInfo.required'],
    ['fullName', '"A"', 'A', 'validation:fullName.length'],
    ['fullName', '81 characters', tooLong(81), 'validation:fullName.length'],
    ['phoneNumber', 'missing', undefined, 'validation:customerInfo.required'],
    ['phoneNumber', '1012345678', 1012345678, 'validation:customerInfo.required'],
    ['phoneNumber', '"12345"', '12345', 'validation:phone.invalid'],
    ['phoneNumber', '"01312345678"', '01312345678', 'validation:phone.invalid'],
    ['pickupAddress', 'missing', undefined, 'validation:customerInfo.required'],
    ['pickupAddress', '"abc"', 'abc', 'validation:address.length'],
    ['pickupAddress', '301 characters', tooLong(301), 'validation:address.length'],
    ['dropoffAddress', '["5 Road 9"]', ['5 Road 9'], 'validation:customerInfo.required'],
    ['dropoffAddress', '301 characters', tooLong(301), 'validation:address.length'],
    ['notes', '1001 characters', tooLong(1001), 'validation:notes.tooLong'],
    ['notes', '42', 42, 'validation:common.invalid'],
    ['governorateId', 'missing', undefined, 'validation:location.required'],
    ['governorateId', '"atlantis"', 'atlantis', 'validation:location.required'],
    ['districtId', '"dokki"', 'dokki', 'validation:location.required'],
    ['districtId', '7', 7, 'validation:location.required'],
    ['moveType', 'missing', undefined, 'validation:dateSelection.required'],
    ['moveType', '"spaceship"', 'spaceship', 'validation:moveType.invalid'],
    ['housing', '"castle"', 'castle', 'validation:housing.invalid'],
    ['pickupFloor', '21', 21, 'validation:floor.range'],
    ['pickupFloor', '-1', -1, 'validation:floor.range'],
    ['pickupFloor', '2.5', 2.5, 'validation:floor.range'],
    ['dropoffFloor', '"third"', 'third', 'validation:floor.range'],
    ['dropoffFloor', 'missing', undefined, 'validation:dateSelection.required'],
    ['workers', '0', 0, 'validation:workers.range'],
    ['workers', '7', 7, 'validation:workers.range'],
    ['workers', 'missing', undefined, 'validation:workers.range'],
    ['moveDate', 'missing', undefined, 'validation:dateSelection.required'],
    ['moveDate', '"2020-01-01"', '2020-01-01', 'validation:date.past'],
    ['moveDate', '"2030-02-30"', '2030-02-30', 'validation:date.invalid'],
    ['moveDate', '"tomorrow"', 'tomorrow', 'validation:date.invalid'],
    ['moveTime', '"25:00"', '25:00', 'validation:time.invalid'],
    ['moveTime', '1030', 1030, 'validation:dateSelection.required'],
    ['paymentMethod', '"bitcoin"', 'bitcoin', 'validation:payment.methodRequired'],
    ['paymentMethod', 'missing', undefined, 'validation:payment.methodRequired'],
    ['totalPrice', '-5', -5, 'validation:order.priceInvalid'],
    ['totalPrice', 'true', true, 'validation:order.priceInvalid'],
    ['totalPrice', 'missing', undefined, 'validation:order.priceInvalid'],
    ['totalPrice', '"abc"', 'abc', 'validation:order.priceMismatch'],
  ])(
    'rejects %s (%s) with its message key and stores nothing',
    async (field, _label, value, key) => {
      const client = await customer();
      const body = bodyFor(client);
      if (value === undefined) delete body[field];
      else body[field] = value;
      const before = countOrders();
      const res = await client.request('POST', '/api/orders', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-argument');
      expect(res.body.error.fields).toEqual({ [field]: key });
      expect(countOrders()).toBe(before);
    },
  );

  it.each([
    ['an array', []],
    ['a string', 'order please'],
    ['a number', 42],
    ['null', null],
    ['an empty object', {}],
  ])('answers 400, not 500, for a body that is %s', async (_name, body) => {
    const client = await customer();
    const res = await client.request('POST', '/api/orders', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
  });

  it('answers 400 for malformed JSON and 415 for a form post', async () => {
    const client = await customer();
    const cookie = `afsh_session=${client.sessionCookie}`;
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/json', cookie },
      payload: '{"fullName": "Mona",',
    });
    expect(malformed.statusCode).toBe(400);
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: 'fullName=Mona',
    });
    expect(form.statusCode).toBe(415);
  });

  it('stores markup in text fields literally and returns it unchanged', async () => {
    // Decision: accept it. It is a customer's text, React escapes it when shown, and rejecting
    // "<" would also reject honest input such as "<3rd floor>".
    const client = await customer();
    const fullName = '<script>alert("x")</script>';
    const notes = '<img src=x onerror=alert(1)> & "quotes" \'single\' \\ back';
    const order = await place(client, { fullName, notes });
    expect(order.fullName).toBe(fullName);
    expect(order.notes).toBe(notes);
    const res = await client.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.order.fullName).toBe(fullName);
    expect(res.body.order.notes).toBe(notes);
  });

  it('keeps Arabic text and accepts Arabic-Indic digits, normalising them', async () => {
    // The number typed below in Arabic-Indic digits is the one this customer proved.
    const client = await customer(FIXTURE_PHONE);
    const order = await place(client, {
      fullName: 'منى حسن',
      phoneNumber: '٠١٠ ١٢٣٤ ٥٦٧٨',
      pickupAddress: '١٢ شارع عباس العقاد، مدينة نصر',
      pickupFloor: '٣',
      dropoffFloor: '٢',
      workers: '٣',
    });
    expect(order).toMatchObject({
      fullName: 'منى حسن',
      phoneNumber: '01012345678',
      pickupAddress: '١٢ شارع عباس العقاد، مدينة نصر',
      pickupFloor: 3,
      dropoffFloor: 2,
      workers: 3,
    });
    const international = await place(await customer('01123456789'), {
      phoneNumber: '+20 11 2345 6789',
    });
    expect(international.phoneNumber).toBe('01123456789');
  });

  describe('today, in Cairo', () => {
    const today = cairoToday();
    /** The server's clock at `hhmm` UTC on today's Cairo date (Cairo is 2 or 3 hours ahead). */
    const at = (hhmm: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${today}T${hhmm}:00Z`));
    };
    afterEach(() => vi.useRealTimers());

    it('accepts a move today and trims text, while its window has not begun', async () => {
      const client = await customer();
      at('04:00');
      const order = await place(client, {
        moveDate: today,
        fullName: '  Mona Hassan  ',
      });
      expect(order.moveDate).toBe(today);
      expect(order.fullName).toBe('Mona Hassan');
    });

    it('refuses a window of today that has begun, offering the next free ones (D12)', async () => {
      const client = await customer();
      at('08:30');
      const res = await client.request(
        'POST',
        '/api/orders',
        bodyFor(client, { moveDate: today, moveTime: '10:30' }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('errors:order.windowFull');
      expect(res.body.error.details.alternatives[0]).toEqual({
        date: today,
        window: { id: 'midday', start: '12:00', end: '16:00' },
      });
    });
  });
});

describe('GET /api/orders/:id', () => {
  let owner: TestClient;
  let order: Order;

  beforeAll(async () => {
    owner = await customer();
    order = await place(owner);
  });

  it('shows the order to its owner and to admins', async () => {
    expect((await owner.request('GET', `/api/orders/${order.id}`)).status).toBe(200);
    const admin = await adminClient(server.app);
    const res = await admin.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.order.fullName).toBe(order.fullName);
  });

  it('answers 401 without a session, 403 to anyone else, 404 for an unknown id', async () => {
    expect(
      (await new TestClient(server.app).request('GET', `/api/orders/${order.id}`)).status,
    ).toBe(401);
    const stranger = await visitor();
    const denied = await stranger.request('GET', `/api/orders/${order.id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('permission-denied');
    expect(JSON.stringify(denied.body)).not.toContain(order.fullName);
    const unknown = await owner.request('GET', '/api/orders/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not-found');
  });

  it('keeps the orders of a customer who signs up', async () => {
    const client = await customer();
    const placed = await place(client);
    await client.signUp(`keeper-${Date.now()}@afsh.test`, 'Keeper-pass-1');
    const res = await client.request('GET', `/api/orders/${placed.id}`);
    expect(res.status).toBe(200);
  });
});

describe('POST /api/orders/:id/cancel', () => {
  it('lets the owner cancel a received order and records it as the customer', async () => {
    const { client, user } = await signedIn();
    const order = await place(client);
    const res = await client.request<{ order: Order }>('POST', `/api/orders/${order.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
    expect(res.body.order.statusHistory.map((h) => [h.status, h.actor])).toEqual([
      ['received', 'system'],
      ['cancelled', 'customer'],
    ]);
    const row = server.app.db
      .prepare(
        "SELECT actor_user_id FROM order_status_history WHERE order_id = ? AND status = 'cancelled'",
      )
      .get(order.id) as { actor_user_id: string };
    expect(row.actor_user_id).toBe(user.id);
  });

  it('lets the owner cancel while under review', async () => {
    const client = await customer();
    const order = await place(client);
    await setStatus(order.id, 'under_review');
    const res = await client.request<{ order: Order }>('POST', `/api/orders/${order.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.order.status).toBe('cancelled');
  });

  it.each<OrderStatus>(['in_transit', 'delivered', 'cancelled'])(
    'refuses once the order is %s (409 failed-precondition), changing nothing',
    async (status) => {
      const client = await customer();
      const order = await place(client);
      await setStatus(order.id, status);
      const res = await client.request('POST', `/api/orders/${order.id}/cancel`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('failed-precondition');
      const after = await client.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
      expect(after.body.order.status).toBe(status);
      // Received, then each step the office took to get there (D17); nothing after it.
      const steps = { in_transit: 3, delivered: 4, cancelled: 2 } as const;
      expect(after.body.order.statusHistory).toHaveLength(steps[status as keyof typeof steps]);
    },
  );

  it('is for the owner only: 401 without a session, 403 for others and admins, 404 unknown', async () => {
    const order = await place(await customer());
    const path = `/api/orders/${order.id}/cancel`;
    expect((await new TestClient(server.app).request('POST', path)).status).toBe(401);
    expect((await (await visitor()).request('POST', path)).status).toBe(403);
    expect((await (await adminClient(server.app)).request('POST', path)).status).toBe(403);
    expect(
      (await (await visitor()).request('POST', '/api/orders/no-such-order/cancel')).status,
    ).toBe(404);
    const admin = await adminClient(server.app);
    const still = await admin.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(still.body.order.status).toBe('received');
  });
});

describe('PATCH and DELETE /api/orders/:id (admin)', () => {
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    admin = await adminClient(server.app);
    const me = await admin.request('GET', '/api/auth/me');
    adminId = me.body.user.id;
  });

  it('moves an order one step at a time (D17), recording each change with the admin', async () => {
    const order = await place(await customer());
    const path = `/api/orders/${order.id}`;
    for (const status of ['under_review', 'in_transit', 'delivered'] as const) {
      const res = await admin.request<{ order: Order }>('PATCH', path, { status });
      expect(res.status).toBe(200);
      expect(res.body.order.status).toBe(status);
    }
    const res = await admin.request<{ order: Order }>('GET', path);
    const history = res.body.order.statusHistory;
    expect(history.map((h) => [h.status, h.actor])).toEqual([
      ['received', 'system'],
      ['under_review', 'admin'],
      ['in_transit', 'admin'],
      ['delivered', 'admin'],
    ]);
    const times = history.map((h) => h.at);
    expect([...times].sort()).toEqual(times);
    const actors = server.app.db
      .prepare(
        "SELECT DISTINCT actor_user_id FROM order_status_history WHERE order_id = ? AND actor = 'admin'",
      )
      .all(order.id) as { actor_user_id: string }[];
    expect(actors).toEqual([{ actor_user_id: adminId }]);
  });

  it('marks a cash order paid without touching the status history', async () => {
    const order = await place(await customer());
    const res = await admin.request<{ order: Order }>('PATCH', `/api/orders/${order.id}`, {
      paymentStatus: 'paid',
    });
    expect(res.status).toBe(200);
    expect(res.body.order.paymentStatus).toBe('paid');
    expect(res.body.order.status).toBe('received');
    expect(res.body.order.statusHistory).toHaveLength(1);
  });

  it.each([
    ['received', 'in_transit'],
    ['received', 'delivered'],
    ['under_review', 'received'],
    ['under_review', 'under_review'],
    ['delivered', 'in_transit'],
    ['cancelled', 'received'],
    ['cancelled', 'in_transit'],
  ] as const)(
    'refuses a %s order moved to %s (409, D17), and changes nothing',
    async (from, to) => {
      const placed = await place(await customer());
      const order =
        from === 'cancelled'
          ? (
              await admin.request<{ order: Order }>('PATCH', `/api/orders/${placed.id}`, {
                status: 'cancelled',
              })
            ).body.order
          : await moveOrderTo(admin, placed.id, from);
      const res = await admin.request('PATCH', `/api/orders/${order.id}`, {
        status: to,
        paymentStatus: 'paid',
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'failed-precondition',
        message: 'errors:lifecycle.notAllowed',
        fields: { status: 'errors:lifecycle.notAllowed' },
      });
      const after = await admin.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
      expect(after.body.order).toEqual(order);
    },
  );

  it('changes both at once', async () => {
    const placed = await place(await customer());
    const order = await moveOrderTo(admin, placed.id, 'in_transit');
    const res = await admin.request<{ order: Order }>('PATCH', `/api/orders/${order.id}`, {
      status: 'delivered',
      paymentStatus: 'paid',
    });
    expect(res.body.order).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it.each([
    ['an empty body', {}],
    ['an unknown status', { status: 'lost' }],
    ['an unknown payment status', { paymentStatus: 'chargeback' }],
    ['an unknown field', { status: 'delivered', totalPrice: 1 }],
    ['a status of the wrong type', { status: 3 }],
    ['an array', [{ status: 'delivered' }]],
  ])('rejects %s with 400 and changes nothing', async (_name, body) => {
    const order = await place(await customer());
    const res = await admin.request('PATCH', `/api/orders/${order.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    const after = await admin.request<{ order: Order }>('GET', `/api/orders/${order.id}`);
    expect(after.body.order).toEqual(order);
  });

  it('is for admins only, and 404 for an unknown order', async () => {
    const owner = await customer();
    const order = await place(owner);
    const path = `/api/orders/${order.id}`;
    expect(
      (await new TestClient(server.app).request('PATCH', path, { status: 'delivered' })).status,
    ).toBe(401);
    expect((await owner.request('PATCH', path, { status: 'delivered' })).status).toBe(403);
    expect((await owner.request('DELETE', path)).status).toBe(403);
    expect((await new TestClient(server.app).request('DELETE', path)).status).toBe(401);
    expect((await admin.request('PATCH', '/api/orders/nope', { status: 'delivered' })).status).toBe(
      404,
    );
    expect((await admin.request('DELETE', '/api/orders/nope')).status).toBe(404);
    expect((await owner.request<{ order: Order }>('GET', path)).body.order.status).toBe('received');
  });

  it('deletes an order with its history', async () => {
    const owner = await customer();
    const order = await place(owner);
    const res = await admin.request('DELETE', `/api/orders/${order.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await owner.request('GET', `/api/orders/${order.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/orders/${order.id}`)).status).toBe(404);
    const history = server.app.db
      .prepare('SELECT COUNT(*) AS n FROM order_status_history WHERE order_id = ?')
      .get(order.id) as { n: number };
    expect(history.n).toBe(0);
  });
});

describe('GET /api/orders (lists)', () => {
  // A server of its own, so the counts below are exact.
  let listServer: TestServer;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  const placed: Record<string, Order> = {};

  async function put(client: TestClient, key: string, overrides: Record<string, unknown>) {
    const res = await client.request<{ order: Order }>('POST', '/api/orders', orderBody(overrides));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    placed[key] = res.body.order;
  }

  async function list(client: TestClient, query = ''): Promise<OrderPage> {
    const res = await client.request<OrderPage>('GET', `/api/orders${query}`);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const numbers = (page: OrderPage) => page.orders.map((o) => o.orderNumber);
  const keysOf = (page: OrderPage) =>
    page.orders.map((o) => Object.keys(placed).find((key) => placed[key]?.id === o.id));

  beforeAll(async () => {
    listServer = await createTestServer();
    admin = await adminClient(listServer.app);
    // Each customer books for the number they proved (D13); the admin's own booking is for the
    // fixtures' number, which nobody here proves, so it stays the admin's.
    alice = new TestClient(listServer.app);
    await alice.signInByPhone('01011111111');
    bob = new TestClient(listServer.app);
    await bob.signInByPhone('01298765432');

    // Created in this order, so "newest" is the reverse.
    await put(alice, 'a1', {
      fullName: 'Alice Adel',
      phoneNumber: '01011111111',
      moveDate: futureMoveDate(3),
      moveType: 'partial',
    });
    await put(alice, 'a2', {
      fullName: 'Alice Adel',
      phoneNumber: '01011111111',
      moveDate: futureMoveDate(10),
      governorateId: 'giza',
      districtId: 'dokki',
      paymentMethod: 'card',
      paymentToken: TEST_CARD_TOKEN,
    });
    await put(bob, 'b1', {
      fullName: 'Bassem_Ali',
      phoneNumber: '01298765432',
      moveDate: futureMoveDate(5),
      moveType: 'loading',
    });
    // Bob has a new number since: he proves it, and stays the same customer.
    await bob.signInByPhone('01555555555');
    await put(bob, 'b2', {
      fullName: 'Bassem 100% Ali',
      phoneNumber: '01555555555',
      moveDate: futureMoveDate(20),
      housing: 'villa',
    });
    await put(admin, 'm1', { fullName: 'Admin Own', moveDate: futureMoveDate(1) });

    for (const [key, status] of [
      ['a1', 'under_review'],
      ['b1', 'delivered'],
      ['b2', 'delivered'],
    ] as const) {
      expect((await moveOrderTo(admin, placed[key]!.id, status)).status).toBe(status);
    }
  });

  afterAll(async () => {
    await listServer.close();
  });

  it('gives a customer only their own orders, newest first, whatever filters they send', async () => {
    const page = await list(alice, '?status=delivered&search=Bassem&governorateId=cairo');
    expect(keysOf(page)).toEqual(['a2', 'a1']);
    expect(page.total).toBe(2);
    expect(page.counts).toEqual({
      received: 1,
      under_review: 1,
      on_the_way: 0,
      arrived: 0,
      loading: 0,
      in_transit: 0,
      delivered: 0,
      cancelled: 0,
    });
    expect(keysOf(await list(bob))).toEqual(['b2', 'b1']);
  });

  it('gives admins every order, newest first, with counts per status', async () => {
    const page = await list(admin);
    expect(keysOf(page)).toEqual(['m1', 'b2', 'b1', 'a2', 'a1']);
    expect(page.total).toBe(5);
    expect(page.counts).toEqual({
      received: 2,
      under_review: 1,
      on_the_way: 0,
      arrived: 0,
      loading: 0,
      in_transit: 0,
      delivered: 2,
      cancelled: 0,
    });
  });

  it("gives an admin's own orders with ?mine=1", async () => {
    expect(keysOf(await list(admin, '?mine=1'))).toEqual(['m1']);
  });

  it('filters by status, counting every status regardless', async () => {
    const page = await list(admin, '?status=delivered');
    expect(keysOf(page)).toEqual(['b2', 'b1']);
    expect(page.total).toBe(2);
    expect(page.counts.received).toBe(2);
    expect(page.counts.delivered).toBe(2);
  });

  it.each([
    ['?governorateId=giza', ['a2']],
    ['?paymentMethod=card', ['a2']],
    ['?paymentStatus=paid', ['a2']],
    ['?paymentStatus=pending&paymentMethod=cod', ['m1', 'b2', 'b1', 'a1']],
    [`?moveDateFrom=${futureMoveDate(5)}`, ['b2', 'b1', 'a2']],
    [`?moveDateTo=${futureMoveDate(5)}`, ['m1', 'b1', 'a1']],
    [`?moveDateFrom=${futureMoveDate(4)}&moveDateTo=${futureMoveDate(10)}`, ['b1', 'a2']],
    ['?status=delivered&governorateId=cairo', ['b2', 'b1']],
    ['?status=', ['m1', 'b2', 'b1', 'a2', 'a1']],
  ])('filters %s', async (query, expected) => {
    expect(keysOf(await list(admin, query))).toEqual(expected);
  });

  it('narrows the counts with every filter but status', async () => {
    const page = await list(admin, '?status=delivered&governorateId=giza');
    expect(page.orders).toEqual([]);
    expect(page.total).toBe(0);
    expect(page.counts).toEqual({
      received: 1,
      under_review: 0,
      on_the_way: 0,
      arrived: 0,
      loading: 0,
      in_transit: 0,
      delivered: 0,
      cancelled: 0,
    });
  });

  it('searches by order number, typed any way', async () => {
    const number = placed.b1?.orderNumber ?? '';
    expect(keysOf(await list(admin, `?search=${encodeURIComponent(number)}`))).toEqual(['b1']);
    const typed = `#${number.toLowerCase()}`;
    expect(keysOf(await list(admin, `?search=${encodeURIComponent(typed)}`))).toEqual(['b1']);
  });

  it.each([
    ['part of a name', 'alice', ['a2', 'a1']],
    ['an Arabic-digit phone', '٠١٢٩٨٧٦٥٤٣٢', ['b1']],
    ['an international phone', '+20 155 555 5555', ['b2']],
    ['the end of a phone', '5432', ['b1']],
    // Punctuation, LIKE's wildcards included, separates words and matches nothing itself (D20).
    ['punctuation alone', '_', []],
    ['a wildcard as punctuation (_)', 'bassem_ali', ['b1']],
    ['a wildcard as punctuation (%)', '100% Ali', ['b2']],
    ['nothing that matches', 'zzz', []],
    ['blank', '   ', ['m1', 'b2', 'b1', 'a2', 'a1']],
  ])('searches by %s', async (_name, search, expected) => {
    expect(keysOf(await list(admin, `?search=${encodeURIComponent(search)}`))).toEqual(expected);
  });

  it.each([
    ['oldest', ['a1', 'a2', 'b1', 'b2', 'm1']],
    ['move-date-asc', ['m1', 'a1', 'b1', 'a2', 'b2']],
    ['move-date-desc', ['b2', 'a2', 'b1', 'a1', 'm1']],
  ])('sorts %s', async (sort, expected) => {
    expect(keysOf(await list(admin, `?sort=${sort}`))).toEqual(expected);
  });

  it('sorts by price both ways', async () => {
    const desc = (await list(admin, '?sort=price-desc')).orders.map((o) => o.totalPrice);
    const asc = (await list(admin, '?sort=price-asc')).orders.map((o) => o.totalPrice);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(new Set(asc).size).toBeGreaterThan(1);
  });

  it('pages, keeping total and counts for the whole result', async () => {
    const first = await list(admin, '?limit=2&page=1');
    const second = await list(admin, '?limit=2&page=2');
    const third = await list(admin, '?limit=2&page=3');
    const beyond = await list(admin, '?limit=2&page=9');
    expect([...numbers(first), ...numbers(second), ...numbers(third)]).toEqual(
      numbers(await list(admin)),
    );
    expect(numbers(third)).toHaveLength(1);
    expect(beyond.orders).toEqual([]);
    for (const page of [first, second, third, beyond]) expect(page.total).toBe(5);
  });

  it('serves an oversized page at the maximum instead of failing', async () => {
    expect((await list(admin, '?limit=100000')).orders).toHaveLength(5);
  });

  it.each([
    '?limit=0',
    '?limit=-3',
    '?page=0',
    '?page=abc',
    '?status=lost',
    '?sort=random',
    '?paymentMethod=bitcoin',
    '?moveDateFrom=yesterday',
    '?moveDateTo=2026-02-30',
    `?search=${'x'.repeat(201)}`,
    '?status=received&status=delivered',
  ])('rejects %s with 400', async (query) => {
    const res = await admin.request('GET', `/api/orders${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
  });

  it('needs a session', async () => {
    expect((await new TestClient(listServer.app).request('GET', '/api/orders')).status).toBe(401);
  });
});

describe('a fresh visitor', () => {
  let client: TestClient;

  beforeEach(async () => {
    client = await visitor();
  });

  it('has an empty list with zero counts', async () => {
    const res = await client.request<OrderPage>('GET', '/api/orders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orders: [],
      total: 0,
      counts: {
        received: 0,
        under_review: 0,
        on_the_way: 0,
        arrived: 0,
        loading: 0,
        in_transit: 0,
        delivered: 0,
        cancelled: 0,
      },
    });
  });
});
