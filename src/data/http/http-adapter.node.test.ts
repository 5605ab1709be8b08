import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataError, type CurrentUser, type Review } from '../port';
import { HttpDataPort, type EventSourceLike } from './http-adapter';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

/** A fetch that records each call and answers from `respond`. */
function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body as string | undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    return respond(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const visitor: CurrentUser = {
  id: 'u1',
  email: null,
  phone: null,
  anonymous: true,
  isAdmin: false,
};
const mona: CurrentUser = {
  id: 'u1',
  email: 'mona@example.com',
  phone: null,
  anonymous: false,
  isAdmin: false,
};

async function caught(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends JSON mutations with the content type, same-origin credentials and the base URL', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { order: { id: 'o1' } }));
    const port = new HttpDataPort({
      baseUrl: 'https://api.example/',
      fetch,
      EventSource: undefined,
    });
    await port.orders.cancel('o 1/2');
    await port.orders.update('o1', { status: 'delivered' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.example/api/orders/o%201%2F2/cancel',
      body: '{}',
      credentials: 'same-origin',
    });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(calls[1]).toMatchObject({ method: 'PATCH', body: '{"status":"delivered"}' });
  });

  it('sends DELETE and GET without a body or content type', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : json(200, { orders: [], total: 0, counts: {} }),
    );
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    await expect(port.orders.remove('o1')).resolves.toBeUndefined();
    await port.orders.list({
      status: 'received',
      search: 'منى ٠١٠',
      governorateId: undefined,
      page: 2,
    });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/orders/o1', body: undefined });
    expect(calls[0]?.headers['content-type']).toBeUndefined();
    const url = new URL(calls[1]!.url, 'http://x');
    expect(url.pathname).toBe('/api/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: 'received',
      search: 'منى ٠١٠',
      page: '2',
    });
  });

  it('mine() reads every page', async () => {
    const { fetch, calls } = fakeFetch((call) => {
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
      const orders = page <= 2 ? [{ id: `o${page}` }] : [];
      return json(200, { orders, total: 2, counts: {} });
    });
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    expect((await port.orders.mine()).map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('mine'))).toEqual([
      '1',
      '1',
    ]);
  });

  it('checks a blank tracking number locally and encodes the rest', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(200, { tracking: { orderNumber: 'AF-20260101-123' } }),
    );
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    const error = await caught(port.tracking.get('   '));
    expect(error.code).toBe('invalid-argument');
    expect(calls).toHaveLength(0);
    await port.tracking.get(' #af-20260101-123 ');
    expect(calls[0]?.url).toBe('/api/track/%23af-20260101-123');
  });
});

describe('errors', () => {
  const errorFor = async (response: () => Response | Promise<Response>) => {
    const { fetch } = fakeFetch(response);
    return caught(new HttpDataPort({ fetch, EventSource: undefined }).prices.catalog());
  };

  it('maps the server error body, fields and Retry-After', async () => {
    const invalid = await errorFor(() =>
      json(400, {
        error: {
          code: 'invalid-argument',
          message: 'validation:order.priceMismatch',
          fields: { totalPrice: 'validation:order.priceMismatch', ignored: 3 },
        },
      }),
    );
    expect(invalid).toMatchObject({
      code: 'invalid-argument',
      message: 'validation:order.priceMismatch',
      fields: { totalPrice: 'validation:order.priceMismatch' },
    });
    const limited = await errorFor(() =>
      json(
        429,
        { error: { code: 'rate-limited', message: 'validation:review.cooldown' } },
        { 'retry-after': '42' },
      ),
    );
    expect(limited).toMatchObject({ code: 'rate-limited', retryAfterSeconds: 42 });
    const dated = await errorFor(() =>
      json(
        503,
        { error: { code: 'unavailable', message: 'errors:unavailable' } },
        {
          'retry-after': new Date(Date.now() + 30_000).toUTCString(),
        },
      ),
    );
    expect(dated.code).toBe('unavailable');
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(30);
  });

  it.each([
    ['an unknown code', () => json(418, { error: { code: 'teapot', message: 'no' } }), 'internal'],
    ['an unknown code on 429', () => json(429, { error: { code: 'too-many' } }), 'rate-limited'],
    [
      'a 5xx without JSON',
      () =>
        new Response('<h1>Bad gateway</h1>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
      'unavailable',
    ],
    ['a 4xx without JSON', () => new Response('nope', { status: 404 }), 'internal'],
    [
      'a 2xx that is not JSON',
      () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      'unavailable',
    ],
    [
      'broken JSON',
      () => new Response('{', { status: 500, headers: { 'content-type': 'application/json' } }),
      'unavailable',
    ],
    ['a JSON answer without the resource', () => json(200, { something: 1 }), 'internal'],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'unavailable'],
  ])('%s is %s', async (_what, response, code) => {
    expect((await errorFor(response)).code).toBe(code);
  });
});

describe('auth', () => {
  it('subscribe asks the server once, then reports every change', async () => {
    let me: CurrentUser | null = null;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/api/auth/me')) return json(200, { user: me });
      if (call.url.endsWith('/api/auth/login')) return json(200, { user: (me = mona) });
      if (call.url.endsWith('/api/auth/logout')) return new Response(null, { status: 204 });
      return json(404, { error: { code: 'not-found' } });
    });
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    const a: (CurrentUser | null)[] = [];
    const b: (CurrentUser | null)[] = [];
    port.auth.subscribe((user) => a.push(user));
    const stopB = port.auth.subscribe((user) => b.push(user));
    await vi.waitFor(() => expect(a).toEqual([null]));
    expect(b).toEqual([null]);
    expect(calls.filter((c) => c.url.endsWith('/me'))).toHaveLength(1);

    await port.auth.signIn({ email: 'mona@example.com', password: 'x' });
    expect(a).toEqual([null, mona]);
    stopB();
    await port.auth.signOut();
    expect(a).toEqual([null, mona, null]);
    expect(b).toEqual([null, mona]);

    // A late subscriber hears the known user without another request.
    const c: (CurrentUser | null)[] = [];
    port.auth.subscribe((user) => c.push(user));
    await vi.waitFor(() => expect(c).toEqual([null]));
    expect(calls.filter((call) => call.url.endsWith('/me'))).toHaveLength(1);
  });

  it("a slow answer to 'who am I' does not undo a sign-in that happened meanwhile", async () => {
    let releaseMe: (response: Response) => void = () => {};
    const { fetch } = fakeFetch((call) => {
      if (call.url.endsWith('/me'))
        return new Promise<Response>((resolve) => (releaseMe = resolve));
      return json(200, { user: mona });
    });
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    const seen: (CurrentUser | null)[] = [];
    port.auth.subscribe((user) => seen.push(user));
    // The look-up the subscription started, asked for before the sign-in: the same request.
    const slow = port.auth.current();
    await port.auth.signIn({ email: 'mona@example.com', password: 'x' });
    releaseMe(json(200, { user: null }));
    // Once the slow answer has been read and handled, the sign-in still stands.
    expect(await slow).toBeNull();
    expect(seen).toEqual([mona]);
  });

  it('ensureSession signs in anonymously only when there is no session', async () => {
    let me: CurrentUser | null = null;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/me')) return json(200, { user: me });
      return json(200, { user: (me = visitor) });
    });
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    expect(await port.auth.ensureSession()).toEqual(visitor);
    expect(await port.auth.ensureSession()).toEqual(visitor);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/auth/me',
      'POST /api/auth/anonymous',
      'GET /api/auth/me',
    ]);
  });

  it('signUp sends the confirmation the server schema expects', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { user: mona }));
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    await port.auth.signUp({ email: 'mona@example.com', password: 'Secret-123' });
    expect(JSON.parse(calls[0]!.body!)).toEqual({
      email: 'mona@example.com',
      password: 'Secret-123',
      confirmPassword: 'Secret-123',
    });
  });

  it('reads a user without a phone (an older server) as one with phone null', async () => {
    const { fetch } = fakeFetch(() =>
      json(200, {
        user: { id: 'u1', email: 'mona@example.com', anonymous: false, isAdmin: false },
      }),
    );
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    expect(await port.auth.current()).toEqual(mona);
  });

  it('asks for a phone code with the number, the language and only a chosen channel (D13)', async () => {
    const challenge = {
      challengeId: 'c'.repeat(32),
      phone: '+201012345678',
      channel: 'whatsapp',
      expiresInSeconds: 600,
      resendInSeconds: 60,
    };
    const { fetch, calls } = fakeFetch(() => json(200, { challenge }));
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    expect(await port.auth.requestPhoneCode({ phone: '٠١٠١٢٣٤٥٦٧٨', language: 'ar' })).toEqual(
      challenge,
    );
    await port.auth.requestPhoneCode({ phone: '01012345678', language: 'en', channel: 'sms' });
    expect(calls.map((c) => [c.method, c.url, JSON.parse(c.body!)])).toEqual([
      ['POST', '/api/auth/phone/code', { phone: '٠١٠١٢٣٤٥٦٧٨', language: 'ar' }],
      ['POST', '/api/auth/phone/code', { phone: '01012345678', language: 'en', channel: 'sms' }],
    ]);
  });

  it('a refused code request carries its retry time, from the header or the details', async () => {
    const refusal = (headers: Record<string, string>) =>
      json(
        429,
        {
          error: {
            code: 'rate-limited',
            message: 'errors:phone.resendTooSoon',
            fields: { phone: 'errors:phone.resendTooSoon' },
            details: { retryAfterSeconds: 37 },
          },
        },
        headers,
      );
    const withAndWithout: Record<string, string>[] = [{ 'retry-after': '37' }, {}];
    for (const headers of withAndWithout) {
      const { fetch } = fakeFetch(() => refusal(headers));
      const port = new HttpDataPort({ fetch, EventSource: undefined });
      const error = await caught(
        port.auth.requestPhoneCode({ phone: '01012345678', language: 'ar' }),
      );
      expect(error).toMatchObject({
        code: 'rate-limited',
        message: 'errors:phone.resendTooSoon',
        fields: { phone: 'errors:phone.resendTooSoon' },
        retryAfterSeconds: 37,
      });
    }
  });

  it('a right code is a sign-in: the new user with their number, told to subscribers', async () => {
    const proved: CurrentUser = { ...mona, id: 'u2', email: null, phone: '+201012345678' };
    let me: CurrentUser | null = visitor;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/api/auth/me')) return json(200, { user: me });
      if (call.url.endsWith('/api/auth/phone/verify')) return json(200, { user: (me = proved) });
      return json(404, { error: { code: 'not-found' } });
    });
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    const seen: (CurrentUser | null)[] = [];
    port.auth.subscribe((user) => seen.push(user));
    await vi.waitFor(() => expect(seen).toEqual([visitor]));
    expect(await port.auth.verifyPhoneCode('c'.repeat(32), '١٢٣٤٥٦')).toEqual(proved);
    expect(seen).toEqual([visitor, proved]);
    expect(JSON.parse(calls.at(-1)!.body!)).toEqual({
      challengeId: 'c'.repeat(32),
      code: '١٢٣٤٥٦',
    });
  });

  it('a wrong code is invalid-argument with the tries left', async () => {
    const { fetch } = fakeFetch(() =>
      json(400, {
        error: {
          code: 'invalid-argument',
          message: 'errors:phone.wrongCode',
          fields: { code: 'errors:phone.wrongCode' },
          details: { attemptsLeft: 3 },
        },
      }),
    );
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    const error = await caught(port.auth.verifyPhoneCode('c'.repeat(32), '000000'));
    expect(error).toMatchObject({
      code: 'invalid-argument',
      message: 'errors:phone.wrongCode',
      details: { attemptsLeft: 3 },
    });
  });

  it('signing out of an expired session is still signing out', async () => {
    const { fetch } = fakeFetch(() => json(401, { error: { code: 'unauthenticated' } }));
    const port = new HttpDataPort({ fetch, EventSource: undefined });
    await expect(port.auth.signOut()).resolves.toBeUndefined();
  });
});

describe('reviews.subscribe', () => {
  const reviews = (id: string): Review[] => [
    { id, name: 'أحمد', review: 'ممتاز', rating: 5, createdAt: '2026-01-01T10:00:00.000Z' },
  ];

  class FakeEventSource implements EventSourceLike {
    static instances: FakeEventSource[] = [];
    readyState = 0;
    closed = false;
    private readonly listeners = new Map<string, ((event: Event) => void)[]>();
    constructor(readonly url: string) {
      FakeEventSource.instances.push(this);
    }
    addEventListener(type: string, listener: (event: Event) => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    close(): void {
      this.closed = true;
      this.readyState = 2;
    }
    emit(type: string, data?: string): void {
      const event = data === undefined ? new Event(type) : new MessageEvent(type, { data });
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }

  afterEach(() => {
    FakeEventSource.instances = [];
  });

  it('streams from /api/reviews/stream and closes the stream on unsubscribe', () => {
    const { fetch, calls } = fakeFetch(() => json(200, { reviews: [] }));
    const port = new HttpDataPort({
      baseUrl: 'https://api.example',
      fetch,
      EventSource: FakeEventSource,
    });
    const seen: Review[][] = [];
    const stop = port.reviews.subscribe((list) => seen.push(list));
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe('https://api.example/api/reviews/stream');
    source.emit('reviews', JSON.stringify({ reviews: reviews('r1') }));
    source.emit('reviews', 'not json');
    source.emit('reviews', JSON.stringify({ reviews: reviews('r2') }));
    expect(seen.map((list) => list[0]?.id)).toEqual(['r1', 'r2']);
    stop();
    expect(source.closed).toBe(true);
    source.emit('reviews', JSON.stringify({ reviews: reviews('r3') }));
    expect(seen).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('falls back to polling after repeated errors of a stream that was open', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch(() => json(200, { reviews: reviews('p1') }));
    const port = new HttpDataPort({ fetch, EventSource: FakeEventSource, pollIntervalMs: 1000 });
    const seen: Review[][] = [];
    const stop = port.reviews.subscribe((list) => seen.push(list));
    const source = FakeEventSource.instances[0]!;
    source.readyState = 1;
    source.emit('open');
    // Dropped: the browser reconnects by itself, twice.
    source.readyState = 0;
    source.emit('error');
    source.emit('error');
    expect(calls).toHaveLength(0);
    expect(source.closed).toBe(false);
    source.emit('error');
    expect(source.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(seen.at(-1)?.[0]?.id).toBe('p1');
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('polls every 30 s at once when the server refuses the stream (an error before it opened)', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch(() => json(200, { reviews: reviews('p1') }));
    const port = new HttpDataPort({ fetch, EventSource: FakeEventSource });
    const seen: Review[][] = [];
    const stop = port.reviews.subscribe((list) => seen.push(list));
    const source = FakeEventSource.instances[0]!;
    // The server answered 503 or 429 (D8), or could not be reached: still connecting.
    source.emit('error');
    expect(source.closed).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/reviews']);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.map((list) => list[0]?.id)).toEqual(['p1']);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(3);
    // The refused stream is not tried again behind the polling's back.
    expect(FakeEventSource.instances).toHaveLength(1);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('polls at once when the browser gives up on the stream', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { reviews: reviews('p1') }));
    const port = new HttpDataPort({ fetch, EventSource: FakeEventSource });
    const stop = port.reviews.subscribe(() => {});
    const source = FakeEventSource.instances[0]!;
    source.readyState = 2;
    source.emit('error');
    expect(calls).toHaveLength(1);
    stop();
  });

  it('polls without EventSource and reports failures to onError', async () => {
    vi.useFakeTimers();
    let fail = false;
    const { fetch } = fakeFetch(() =>
      fail
        ? json(503, { error: { code: 'unavailable', message: 'errors:unavailable' } })
        : json(200, { reviews: reviews('p1') }),
    );
    const port = new HttpDataPort({ fetch, EventSource: undefined, pollIntervalMs: 15_000 });
    const seen: Review[][] = [];
    const errors: DataError[] = [];
    const stop = port.reviews.subscribe(
      (list) => seen.push(list),
      (error) => errors.push(error),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveLength(1);
    fail = true;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(errors.map((e) => e.code)).toEqual(['unavailable']);
    stop();
  });
});
