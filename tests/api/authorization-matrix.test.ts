import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/data/port.ts';
import { FIRST_CATALOG, ratesOf } from '../../src/domain/pricing.ts';
import { ROOMY_CAPACITY } from '../../src/testing/capacity-fixtures.ts';
import { fleetOfPlan } from '../../src/domain/fleet.ts';
import type { AuthUser } from '../../server/src/plugins/sessions.ts';
import { orderBody } from './order-fixtures.ts';
import {
  adminClient,
  createTestServer,
  printedPhoneCode,
  TEST_ADMIN,
  TestClient,
  uniquePhone,
} from './test-server.ts';
import type { TestServer } from './test-server.ts';

// Who may call what (D2), for every endpoint of the REST API, checked by actually calling it.
// Each case gets fresh fixtures: a signed-up customer who owns a fresh order, and the caller.

const ACTORS = [
  'no session',
  'anonymous visitor',
  'another customer',
  'the owner',
  'admin',
] as const;
// A forged or stolen-then-revoked cookie must be worth exactly nothing: the same answer as no
// session at all, on every endpoint.
type Actor = (typeof ACTORS)[number] | 'forged cookie';

const PASSWORD = 'Matrix-pass-2026';

interface Fixture {
  /** The owner's order, confirmed by the team (`under_review`): its owner may review it (D14). */
  order: Order;
  /** A review (without an order, waiting) for the moderation endpoints to act on. */
  review: { id: string };
  ownerEmail: string;
  /**
   * The number the owner proved last, after placing the order (D13): the one POST /api/orders
   * books for. Not the order's, so that a refusal, which names the number to prove, is not
   * mistaken for the order's personal data.
   */
  bookingPhone: string;
  /** A code sent to a number nobody has, for POST /api/auth/phone/verify. */
  challenge: { challengeId: string; code: string };
  /** Unique per case, so per-address rules (one review a minute) don't couple the cases. */
  ip: string;
  unique: string;
}

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as documented (shown in the test name). */
  route: string;
  path: (fx: Fixture) => string;
  body?: (fx: Fixture) => unknown;
  /** Expected status for each actor, in the order of ACTORS. */
  expect: readonly [number, number, number, number, number];
}

const all = (status: number) => [status, status, status, status, status] as const;

const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', route: '/api/health', path: () => '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/prices', path: () => '/api/prices', expect: all(200) },
  {
    method: 'PUT',
    route: '/api/prices',
    path: () => '/api/prices',
    body: () => ratesOf(FIRST_CATALOG),
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/prices/history',
    path: () => '/api/prices/history',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/availability',
    path: () => '/api/availability',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/capacity',
    path: () => '/api/capacity',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'PUT',
    route: '/api/capacity',
    path: () => '/api/capacity',
    body: () => ROOMY_CAPACITY,
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/capacity/calendar',
    path: () => '/api/capacity/calendar',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/fleet',
    path: () => '/api/admin/fleet',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'PUT',
    route: '/api/admin/fleet',
    path: () => '/api/admin/fleet',
    // The crews the roomy plan counts, serving everywhere: the other cases keep their capacity.
    body: () => fleetOfPlan(ROOMY_CAPACITY),
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/dispatch',
    path: () => '/api/admin/dispatch',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'PUT',
    route: '/api/admin/orders/:id/assignment',
    path: (fx) => `/api/admin/orders/${fx.order.id}/assignment`,
    body: (fx) => ({
      crewId: fx.order.assignment!.crewId,
      date: fx.order.moveDate,
      windowId: fx.order.timeWindow!.id,
    }),
    expect: [401, 403, 403, 403, 200],
  },
  // A team leader is a phone session with an active crew's leader's number (D28): nobody here.
  {
    method: 'GET',
    route: '/api/crew/jobs',
    path: () => '/api/crew/jobs',
    expect: [401, 403, 403, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/crew/jobs/:id/taps',
    path: (fx) => `/api/crew/jobs/${fx.order.id}/taps`,
    body: (fx) => ({
      tapId: `tap-${fx.unique}`,
      status: 'on_the_way',
      tappedAt: new Date().toISOString(),
    }),
    expect: [401, 403, 403, 403, 403],
  },
  { method: 'GET', route: '/api/auth/me', path: () => '/api/auth/me', expect: all(200) },
  {
    method: 'POST',
    route: '/api/auth/anonymous',
    path: () => '/api/auth/anonymous',
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/auth/signup',
    path: () => '/api/auth/signup',
    body: (fx) => ({
      email: `new-${fx.unique}@afsh.test`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
    expect: all(201),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    path: () => '/api/auth/login',
    body: (fx) => ({ email: fx.ownerEmail, password: PASSWORD }),
    expect: all(200),
  },
  { method: 'POST', route: '/api/auth/logout', path: () => '/api/auth/logout', expect: all(204) },
  // Signing in with a mobile number (D13): anyone may ask for a code and type it. A session
  // with an account (the owner, another customer, the admin) gets the number added.
  {
    method: 'POST',
    route: '/api/auth/phone/code',
    path: () => '/api/auth/phone/code',
    body: () => ({ phone: uniquePhone(), language: 'ar' }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/auth/phone/verify',
    path: () => '/api/auth/phone/verify',
    body: (fx) => fx.challenge,
    expect: all(200),
  },
  // A crew is held only for a session that proved the order's number; admins book for callers
  // (D13). An anonymous visitor and an account without that number are refused.
  {
    method: 'POST',
    route: '/api/orders',
    path: () => '/api/orders',
    body: (fx) => orderBody({ phoneNumber: fx.bookingPhone }),
    expect: [401, 403, 403, 201, 201],
  },
  {
    method: 'GET',
    route: '/api/orders',
    path: () => '/api/orders',
    expect: [401, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/orders?mine=1',
    path: () => '/api/orders?mine=1',
    expect: [401, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/orders/:id',
    path: (fx) => `/api/orders/${fx.order.id}`,
    expect: [401, 403, 403, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/orders/:unknownId',
    path: () => '/api/orders/00000000-0000-4000-8000-000000000000',
    expect: [401, 404, 404, 404, 404],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/cancel',
    path: (fx) => `/api/orders/${fx.order.id}/cancel`,
    expect: [401, 403, 403, 200, 403],
  },
  {
    method: 'PATCH',
    route: '/api/orders/:id',
    path: (fx) => `/api/orders/${fx.order.id}`,
    // The fixture's order is under review: its next step (D17).
    body: () => ({ status: 'in_transit' }),
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/reschedule',
    path: (fx) => `/api/orders/${fx.order.id}/reschedule`,
    // Its owner, or an admin for a caller (D17); another window of the same day.
    body: (fx) => ({ moveDate: fx.order.moveDate, windowId: 'evening' }),
    expect: [401, 403, 403, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/go-back',
    path: (fx) => `/api/orders/${fx.order.id}/go-back`,
    // Admins only (D17); the admin is let through to the rule: the order is not cancelled.
    body: () => ({ action: 'uncancel', reason: 'The customer called' }),
    expect: [401, 403, 403, 403, 409],
  },
  {
    method: 'DELETE',
    route: '/api/orders/:id',
    path: (fx) => `/api/orders/${fx.order.id}`,
    expect: [401, 403, 403, 403, 204],
  },
  {
    method: 'GET',
    route: '/api/track/:orderNumber',
    path: (fx) => `/api/track/${fx.order.orderNumber}`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/track/:unknownNumber',
    path: () => '/api/track/AF-20200101-123',
    expect: all(404),
  },
  // D19: anyone with a number follows its public view live; an unknown number opens nothing.
  {
    method: 'GET',
    route: '/api/track/:orderNumber/stream',
    path: (fx) => `/api/track/${fx.order.orderNumber}/stream`,
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/track/:unknownNumber/stream',
    path: () => '/api/track/AF-20200101-123/stream',
    expect: all(404),
  },
  // D19: a session's own orders, live; whoever it is, it hears only its own.
  {
    method: 'GET',
    route: '/api/orders/mine/stream',
    path: () => '/api/orders/mine/stream',
    expect: [401, 200, 200, 200, 200],
  },
  { method: 'GET', route: '/api/reviews', path: () => '/api/reviews', expect: all(200) },
  {
    method: 'GET',
    route: '/api/reviews/stream',
    path: () => '/api/reviews/stream',
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/reviews?all=1',
    path: () => '/api/reviews?all=1',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'PATCH',
    route: '/api/reviews/:id',
    path: (fx) => `/api/reviews/${fx.review.id}`,
    body: () => ({ hidden: true }),
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/reviews/:id',
    path: (fx) => `/api/reviews/${fx.review.id}`,
    expect: [401, 403, 403, 403, 204],
  },
  // D14: only the order's owner reviews it; an admin is not its owner.
  {
    method: 'POST',
    route: '/api/reviews',
    path: () => '/api/reviews',
    body: (fx) => ({ orderId: fx.order.id, review: 'Checked by the matrix', rating: 5 }),
    expect: [401, 403, 403, 201, 403],
  },
  {
    method: 'GET',
    route: '/api/reviews/reviewable',
    path: () => '/api/reviews/reviewable',
    expect: [401, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/reviews/settings',
    path: () => '/api/reviews/settings',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'PUT',
    route: '/api/reviews/settings',
    path: () => '/api/reviews/settings',
    body: () => ({ publishAtOnce: false }),
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/messages',
    path: () => '/api/messages',
    body: (fx) => ({
      name: 'Matrix',
      email: `msg-${fx.unique}@afsh.test`,
      phone: '01012345678',
      message: 'Checked by the matrix',
    }),
    expect: all(201),
  },
  {
    method: 'GET',
    route: '/api/messages',
    path: () => '/api/messages',
    expect: [401, 403, 403, 403, 200],
  },
  // The desk's messages handled or not (D20): admins only.
  {
    method: 'GET',
    route: '/api/messages/unhandled',
    path: () => '/api/messages/unhandled',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/messages/:id/handled',
    // No such message: only an admin gets as far as being told so.
    path: (fx) => `/api/messages/matrix-${fx.unique}/handled`,
    body: () => ({ handled: true }),
    expect: [401, 403, 403, 403, 404],
  },
  // The live admin desk and the notification outbox (D10): admins only.
  {
    method: 'GET',
    route: '/api/admin/desk/stream',
    path: () => '/api/admin/desk/stream',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/desk/new-orders?since=…',
    path: () => '/api/admin/desk/new-orders?since=2020-01-01T00:00:00Z',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/orders/:id/notifications',
    path: (fx) => `/api/orders/${fx.order.id}/notifications`,
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/notifications/stop',
    path: (fx) => `/api/orders/${fx.order.id}/notifications/stop`,
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/notifications/:unknownId/resend',
    path: () => '/api/notifications/00000000-0000-4000-8000-000000000000/resend',
    expect: [401, 403, 403, 403, 404],
  },
  // Online payments (D3). This server runs the default test provider: no gateway behind them,
  // so who may ask is all that is checked here (tests/api/payments-paymob.test.ts does the rest).
  {
    method: 'GET',
    route: '/api/payments/options',
    path: () => '/api/payments/options',
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/orders/:id/payments',
    path: (fx) => `/api/orders/${fx.order.id}/payments`,
    body: () => ({ method: 'card' }),
    expect: [401, 403, 403, 409, 403],
  },
  {
    method: 'GET',
    route: '/api/orders/:id/payment',
    path: (fx) => `/api/orders/${fx.order.id}/payment`,
    expect: [401, 403, 403, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/payment/cash',
    path: (fx) => `/api/orders/${fx.order.id}/payment/cash`,
    expect: [401, 403, 403, 409, 403],
  },
  {
    method: 'GET',
    route: '/api/orders/:id/payments',
    path: (fx) => `/api/orders/${fx.order.id}/payments`,
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/payments/:attemptId/:kind',
    path: (fx) => `/api/orders/${fx.order.id}/payments/00000000-0000-4000-8000-000000000000/refund`,
    expect: [401, 403, 403, 403, 404],
  },
  {
    method: 'GET',
    route: '/api/admin/refunds',
    path: () => '/api/admin/refunds',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/dashboard',
    path: () => '/api/admin/dashboard',
    expect: [401, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/orders/:id/refund/manual',
    path: (fx) => `/api/orders/${fx.order.id}/refund/manual`,
    body: () => ({ method: 'cash' }),
    // The fixture's order owes nothing: the admin is let in and refused by the rule (D16).
    expect: [401, 403, 403, 403, 409],
  },
  {
    method: 'POST',
    // Paymob's callback address is this route for `paymob`; no gateway is on in these tests.
    route: '/api/payments/:provider/callback',
    path: () => '/api/payments/paymob/callback?hmac=00',
    body: () => ({ type: 'TRANSACTION', obj: {} }),
    expect: all(404),
  },
];

const CASES = ENDPOINTS.flatMap((endpoint) => [
  ...ACTORS.map((actor, i) => ({
    endpoint,
    actor: actor as Actor,
    status: endpoint.expect[i] as number,
  })),
  { endpoint, actor: 'forged cookie' as Actor, status: endpoint.expect[0] as number },
]);
const SIZE = `${ENDPOINTS.length} endpoints × ${ACTORS.length + 1} callers = ${CASES.length} cases`;
const TABLE = CASES.map(
  (c, i) =>
    [
      `${i + 1}/${CASES.length}`,
      `${c.endpoint.method} ${c.endpoint.route}`,
      c.actor,
      c.status,
      c,
    ] as const,
);

const ERROR_CODES: Record<number, string> = {
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'failed-precondition',
};

describe(`authorization matrix (${SIZE})`, () => {
  let server: TestServer;
  let base: string;
  let counter = 0;

  beforeAll(async () => {
    server = await createTestServer();
    // The event stream never ends, so it is read over a real socket rather than inject().
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    const { id } = server.app.db
      .prepare('SELECT id FROM users WHERE email = ?')
      .get(TEST_ADMIN.email) as { id: string };
    team = { id, email: TEST_ADMIN.email, role: 'admin', anonymous: false, phone: null };
  });

  afterAll(async () => {
    server.app.server.closeAllConnections();
    await server.close();
  });

  /** The test admin, as the fixtures act for the team (a service call, not a request). */
  let team: AuthUser;

  async function fixtures(): Promise<Fixture> {
    counter += 1;
    const unique = `${Date.now()}-${counter}`;
    const ownerEmail = `owner-${unique}@afsh.test`;
    const owner = new TestClient(server.app);
    await owner.signUp(ownerEmail, PASSWORD);
    // The owner proves the order's number to book it (D13), then a new number of theirs.
    const orderPhone = uniquePhone();
    await owner.signInByPhone(orderPhone);
    const placed = await owner.request<{ order: Order }>(
      'POST',
      '/api/orders',
      orderBody({ phoneNumber: orderPhone }),
    );
    if (placed.status !== 201) throw new Error(`fixture order: ${placed.status}`);
    const bookingPhone = uniquePhone();
    await owner.signInByPhone(bookingPhone);
    const asked = await new TestClient(server.app).request<{ challenge: { challengeId: string } }>(
      'POST',
      '/api/auth/phone/code',
      { phone: uniquePhone(), language: 'ar' },
    );
    if (asked.status !== 200) throw new Error(`fixture code: ${asked.status}`);
    const { challengeId } = asked.body.challenge;
    const challenge = { challengeId, code: printedPhoneCode(server.app, challengeId) };
    const ip = `10.${Math.floor(counter / 250) % 250}.${counter % 250}.${1 + (counter % 200)}`;
    // Confirmed by the team, so its owner may review it (D14).
    const order = server.app.services.orders.update(
      placed.body.order.id,
      { status: 'under_review' },
      team,
    );
    // Stored directly, without an order: posting one would start the owner's minute.
    const review = { id: `matrix-review-${unique}` };
    server.app.db
      .prepare(
        `INSERT INTO reviews (id, name, review, rating, user_id, ip, created_at, hidden, state)
         VALUES (?, 'Matrix', ?, 4, NULL, NULL, ?, 1, 'pending')`,
      )
      .run(review.id, `Moderated by the matrix ${unique}`, new Date().toISOString());
    return { order, review, ownerEmail, bookingPhone, challenge, ip, unique };
  }

  async function caller(actor: Actor, fx: Fixture): Promise<TestClient> {
    const client = new TestClient(server.app);
    switch (actor) {
      case 'no session':
        return client;
      case 'forged cookie':
        // Shaped like a real token (32 random bytes, base64url) but never issued.
        client.sessionCookie = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString(
          'base64url',
        );
        return client;
      case 'anonymous visitor':
        await client.anonymous();
        return client;
      case 'another customer':
        await client.signUp(`other-${fx.unique}@afsh.test`, PASSWORD);
        return client;
      case 'the owner':
        await client.signIn(fx.ownerEmail, PASSWORD);
        return client;
      case 'admin':
        return adminClient(server.app);
    }
  }

  async function call(
    client: TestClient,
    endpoint: Endpoint,
    fx: Fixture,
  ): Promise<{ status: number; body: string; contentType: string }> {
    const url = endpoint.path(fx);
    const cookie = client.sessionCookie ? `afsh_session=${client.sessionCookie}` : undefined;
    if (endpoint.route.endsWith('/stream')) {
      const controller = new AbortController();
      const res = await fetch(`${base}${url}`, {
        signal: controller.signal,
        headers: cookie ? { cookie } : {},
      });
      const contentType = res.headers.get('content-type') ?? '';
      // A refusal is an ordinary JSON answer; an accepted stream never ends.
      const text = res.ok ? '' : await res.text();
      controller.abort();
      return { status: res.status, body: text, contentType };
    }
    const body = endpoint.body?.(fx);
    const sendsJson = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
    const res = await server.app.inject({
      method: endpoint.method,
      url,
      remoteAddress: fx.ip,
      headers: {
        ...(sendsJson ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return {
      status: res.statusCode,
      body: res.body,
      contentType: String(res.headers['content-type'] ?? ''),
    };
  }

  it.each(TABLE)(
    '[%s] %s as %s → %i',
    async (_n, _route, _actor, _status, { endpoint, actor, status }) => {
      const fx = await fixtures();
      const client = await caller(actor, fx);
      const res = await call(client, endpoint, fx);

      expect(res.status, `${endpoint.method} ${endpoint.route} as ${actor}: ${res.body}`).toBe(
        status,
      );
      if (status >= 400) {
        const parsed = JSON.parse(res.body) as { error: { code: string } };
        expect(parsed.error.code).toBe(ERROR_CODES[status]);
      }
      // A refusal never carries the order's personal data.
      if (status >= 400 || endpoint.route.startsWith('/api/track')) {
        expect(res.body).not.toContain(fx.order.fullName);
        expect(res.body).not.toContain(fx.order.phoneNumber);
        expect(res.body).not.toContain(fx.order.pickupAddress);
      }
      if (endpoint.route.endsWith('/stream') && status === 200) {
        expect(res.contentType).toMatch(/^text\/event-stream/);
      }
      // A refused change changed nothing.
      if (status >= 400 && endpoint.path(fx).startsWith(`/api/orders/${fx.order.id}`)) {
        const row = server.app.db
          .prepare('SELECT status FROM orders WHERE id = ?')
          .get(fx.order.id) as { status: string } | undefined;
        expect(row?.status).toBe(fx.order.status);
      }
      if (status >= 400 && endpoint.path(fx).startsWith(`/api/reviews/${fx.review.id}`)) {
        const row = server.app.db
          .prepare('SELECT state FROM reviews WHERE id = ?')
          .get(fx.review.id) as { state: string } | undefined;
        expect(row?.state).toBe('pending');
      }
      // A refused review stored nothing.
      if (status >= 400 && endpoint.route === '/api/reviews' && endpoint.method === 'POST') {
        const row = server.app.db
          .prepare('SELECT COUNT(*) AS n FROM reviews WHERE order_id = ?')
          .get(fx.order.id) as { n: number };
        expect(row.n).toBe(0);
      }
      // The moderation list is the only one that shows reviews waiting or without an order.
      if (endpoint.route === '/api/reviews?all=1' && status === 200) {
        const parsed = JSON.parse(res.body) as { reviews: { id: string; state: string }[] };
        expect(parsed.reviews.find((r) => r.id === fx.review.id)?.state).toBe('pending');
      }
      if (endpoint.route === '/api/reviews' && endpoint.method === 'GET') {
        expect(res.body).not.toContain(fx.review.id);
      }
    },
  );

  it(`leaves no /api route out (${ENDPOINTS.length} endpoints)`, () => {
    const documented = new Set(
      ENDPOINTS.map((e) => `${e.method} ${(e.route.split('?')[0] ?? '').replace(/:\w+/g, ':')}`),
    );
    const registered = registeredRoutes(server.app.printRoutes({ commonPrefix: false }));
    for (const route of registered) {
      expect(documented.has(route), `${route} is missing from the matrix`).toBe(true);
    }
    for (const route of documented) {
      expect(registered, `${route} is in the matrix but not on the server`).toContain(route);
    }
  });
});

/**
 * `METHOD /path/:` for every /api route, read from Fastify's route tree (parameters reduced to
 * a bare ':'; HEAD, which Fastify adds to every GET, left out).
 */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/api')) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path.replace(/:\w+/g, ':')}`);
    }
  }
  return routes;
}
