// The adapter for the self-hosted server (docs/decisions.md D1). It is on the first-load path of every
// page, so it stays small: no zod, no domain schemas. The server validates everything anyway and
// answers with translation keys the screens already know.
import type { DispatchBoard } from '../../domain/dispatch';
import type { CrewJob, CrewJobs } from '../../domain/field';
import type { Fleet } from '../../domain/fleet';
import { DataError } from '../port';
import type {
  DashboardPort,
  AdminReview,
  AuthPort,
  CalendarDay,
  CapacityPlan,
  CapacityPort,
  DispatchPort,
  CatalogVersion,
  DayAvailability,
  ContactMessage,
  Credentials,
  CurrentUser,
  DataErrorCode,
  DataPort,
  DeskPort,
  MessagesPort,
  NewOrder,
  NewReview,
  NotificationMessage,
  Order,
  OrderAdminUpdate,
  OrderChange,
  OrderFilter,
  OrderPage,
  OrdersPort,
  PaymentHistory,
  PaymentOptions,
  PaymentProgress,
  PaymentsPort,
  PaymentStart,
  PhoneChallenge,
  PhoneCodeRequestInput,
  PriceCatalog,
  PricesPort,
  PublicTracking,
  RefundQueueItem,
  TrackingAnswer,
  Review,
  ReviewableOrder,
  ReviewSettings,
  ReviewsPort,
  SubmittedReview,
  TrackingPort,
  Unsubscribe,
} from '../port';
import type { ContactInput } from '../../domain/contact-schema';
import { normalizeTrackingInput } from '../../domain/tracking-input';
import { SAVED_AT_HEADER } from '../offline-copy';
import type { Dashboard } from '../../domain/dashboard';

/** What the adapter needs from an EventSource: the browser's, or a polyfill in Node tests. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string) => EventSourceLike;

export interface HttpDataPortOptions {
  /** Origin of the API, '' for the page's own origin (the embedded default). */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Without one (old browsers, jsdom), reviews are polled instead of streamed. */
  EventSource?: EventSourceConstructor | undefined;
  /** Review polling interval when streaming is unavailable or refused. */
  pollIntervalMs?: number;
}

const KNOWN_CODES: readonly DataErrorCode[] = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'already-exists',
  'failed-precondition',
  'rate-limited',
  'unavailable',
  'internal',
];
const EVENT_SOURCE_CLOSED = 2;
/** Consecutive stream errors (without a message in between) before falling back to polling. */
const STREAM_ERRORS_BEFORE_POLLING = 3;
/**
 * The server refuses a live stream when it has none to spare (D8) and asks for 30 s before the
 * next try; the list is then polled this often, which costs it one small GET a visitor.
 */
const DEFAULT_POLL_MS = 30_000;
/** `mine()` reads every page; the server caps a page at 500. */
const MINE_PAGE_SIZE = 500;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function readFields(error: Json): Record<string, string> | undefined {
  if (!isRecord(error.fields)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.fields)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

/**
 * The server's `{ error: { code, message, fields? } }` as a DataError. A code we don't know is
 * 'internal', except for answers that infrastructure (a proxy, the rate limiter) may produce in
 * its own words: 429 is 'rate-limited', and a 5xx without our JSON is 'unavailable'.
 */
export function toDataError(status: number, headers: Headers, data: unknown): DataError {
  const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
  const error = isRecord(data) && isRecord(data.error) ? data.error : null;
  if (!error) {
    const code: DataErrorCode =
      status === 429 ? 'rate-limited' : status >= 500 ? 'unavailable' : 'internal';
    return new DataError(code, `HTTP ${status}`, { retryAfterSeconds });
  }
  const details = isRecord(error.details) ? error.details : undefined;
  // A refusal that says when to try again in its details (D13's code limits) without the header.
  const detailRetry = details?.retryAfterSeconds;
  const retry =
    retryAfterSeconds ??
    (typeof detailRetry === 'number' && Number.isFinite(detailRetry) && detailRetry >= 0
      ? Math.ceil(detailRetry)
      : undefined);
  const raw = typeof error.code === 'string' ? error.code : '';
  const code: DataErrorCode = (KNOWN_CODES as readonly string[]).includes(raw)
    ? (raw as DataErrorCode)
    : status === 429
      ? 'rate-limited'
      : 'internal';
  const message = typeof error.message === 'string' && error.message ? error.message : code;
  return new DataError(code, message, {
    fields: readFields(error),
    retryAfterSeconds: retry,
    details,
  });
}

function toQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

function sameUser(a: CurrentUser | null, b: CurrentUser | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    a.email === b.email &&
    a.phone === b.phone &&
    a.anonymous === b.anonymous &&
    a.isAdmin === b.isAdmin
  );
}

/** The server's user, with `phone` null when it has none (D13) or predates it. */
function toUser(value: unknown): CurrentUser | null {
  if (!isRecord(value)) return null;
  const user = value as unknown as CurrentUser;
  return { ...user, phone: typeof value.phone === 'string' ? value.phone : null };
}

export class HttpDataPort implements DataPort {
  readonly auth: AuthPort;
  readonly orders: OrdersPort;
  readonly tracking: TrackingPort;
  readonly reviews: ReviewsPort;
  readonly messages: MessagesPort;
  readonly prices: PricesPort;
  readonly payments: PaymentsPort;
  readonly desk: DeskPort;
  readonly capacity: CapacityPort;
  readonly dashboard: DashboardPort;
  readonly dispatch: DispatchPort;

  private readonly baseUrl: string;
  private readonly fetchFn: typeof globalThis.fetch;
  private readonly EventSourceCtor: EventSourceConstructor | undefined;
  private readonly pollIntervalMs: number;

  private user: CurrentUser | null = null;
  private userKnown = false;
  private pendingCurrent: Promise<CurrentUser | null> | null = null;
  /** Bumped by every sign-in, sign-up and sign-out, so a slower, older `me` answer can't win. */
  private authVersion = 0;
  private pendingVersion = 0;
  private readonly authListeners = new Set<(user: CurrentUser | null) => void>();

  constructor({
    baseUrl = '',
    fetch,
    EventSource = globalThis.EventSource as EventSourceConstructor | undefined,
    pollIntervalMs = DEFAULT_POLL_MS,
  }: HttpDataPortOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    // Called as a method of this object, the browser's fetch throws "Illegal invocation".
    this.fetchFn = fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.EventSourceCtor = EventSource;
    this.pollIntervalMs = pollIntervalMs;
    this.auth = this.createAuth();
    this.orders = this.createOrders();
    this.tracking = {
      get: async (orderNumber) => {
        const trimmed = orderNumber.trim();
        if (!trimmed) throw new DataError('invalid-argument', 'validation:tracking.required');
        // The server normalises "#", case and Arabic-Indic digits.
        let savedAt: string | null = null;
        const data = await this.request(
          'GET',
          `/api/track/${encodeURIComponent(trimmed)}`,
          undefined,
          (headers) => {
            savedAt = headers.get(SAVED_AT_HEADER);
          },
        );
        const tracking = this.pick<PublicTracking>(data, 'tracking');
        // The copy this device kept, while the server cannot be reached (D26).
        return savedAt ? { ...tracking, savedAt } : tracking;
      },
      watch: (orderNumber, listener, onLive) => {
        const trimmed = orderNumber.trim();
        return this.watchStream<TrackingAnswer | null>(
          {
            path: `/api/track/${encodeURIComponent(trimmed)}/stream`,
            event: 'tracking',
            read: (data) =>
              isRecord(data) && isRecord(data.tracking)
                ? (data.tracking as unknown as PublicTracking)
                : undefined,
            gone: null,
            poll: () => this.tracking.get(trimmed),
          },
          listener,
          onLive,
        );
      },
    };
    this.reviews = this.createReviews();
    this.desk = this.createDesk();
    this.messages = {
      add: async (message: ContactInput) => {
        await this.request('POST', '/api/messages', message);
      },
      list: async (state) =>
        this.pick<ContactMessage[]>(
          await this.request('GET', `/api/messages${toQuery({ state })}`),
          'messages',
        ),
      unhandledCount: async () =>
        this.pick<number>(await this.request('GET', '/api/messages/unhandled'), 'count'),
      setHandled: async (id, handled) =>
        this.pick<ContactMessage>(
          await this.request('POST', `/api/messages/${encodeURIComponent(id)}/handled`, {
            handled,
          }),
          'message',
        ),
    };
    this.prices = {
      catalog: async () =>
        this.pick<PriceCatalog>(await this.request('GET', '/api/prices'), 'catalog'),
      save: async (rates) =>
        this.pick<PriceCatalog>(await this.request('PUT', '/api/prices', rates), 'catalog'),
      history: async () =>
        this.pick<CatalogVersion[]>(await this.request('GET', '/api/prices/history'), 'versions'),
    };
    this.capacity = {
      availability: async (from, days, move) =>
        this.pick<DayAvailability[]>(
          await this.request('GET', `/api/availability${toQuery({ from, days, ...move })}`),
          'days',
        ),
      plan: async () => this.pick<CapacityPlan>(await this.request('GET', '/api/capacity'), 'plan'),
      save: async (plan) =>
        this.pick<CapacityPlan>(await this.request('PUT', '/api/capacity', plan), 'plan'),
      calendar: async (from, days) =>
        this.pick<CalendarDay[]>(
          await this.request('GET', `/api/capacity/calendar${toQuery({ from, days })}`),
          'days',
        ),
    };
    this.dispatch = {
      fleet: async () => this.pick<Fleet>(await this.request('GET', '/api/admin/fleet'), 'fleet'),
      saveFleet: async (fleet) =>
        this.pick<Fleet>(await this.request('PUT', '/api/admin/fleet', fleet), 'fleet'),
      board: async (from, days) =>
        this.pick<DispatchBoard>(
          await this.request('GET', `/api/admin/dispatch${toQuery({ from, days })}`),
          'board',
        ),
      assign: async (orderId, choice) =>
        this.pick<Order>(
          await this.request(
            'PUT',
            `/api/admin/orders/${encodeURIComponent(orderId)}/assignment`,
            choice,
          ),
          'order',
        ),
      crewJobs: async () =>
        this.pick<CrewJobs>(await this.request('GET', '/api/crew/jobs'), 'jobs'),
      crewTap: async (orderId, tap) =>
        this.pick<CrewJob>(
          await this.request('POST', `/api/crew/jobs/${encodeURIComponent(orderId)}/taps`, tap),
          'job',
        ),
    };
    this.payments = this.createPayments();
    this.dashboard = {
      get: async ({ from, to, bucket }) =>
        this.pick<Dashboard>(
          await this.request('GET', `/api/admin/dashboard${toQuery({ from, to, bucket })}`),
          'dashboard',
        ),
    };
  }

  private createPayments(): PaymentsPort {
    const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
    return {
      options: async () =>
        this.pick<PaymentOptions>(await this.request('GET', '/api/payments/options'), 'options'),
      start: async (orderId, method, language) =>
        this.pick<PaymentStart>(
          await this.request('POST', `${orderPath(orderId)}/payments`, { method, language }),
          'payment',
        ),
      progress: async (orderId) =>
        this.pick<PaymentProgress>(
          await this.request('GET', `${orderPath(orderId)}/payment`),
          'progress',
        ),
      switchToCash: async (orderId) =>
        this.pick<Order>(await this.request('POST', `${orderPath(orderId)}/payment/cash`), 'order'),
      history: async (orderId) =>
        this.pick<PaymentHistory>(
          await this.request('GET', `${orderPath(orderId)}/payments`),
          'history',
        ),
      reverse: async (orderId, attemptId, kind) =>
        this.pick<PaymentHistory>(
          await this.request(
            'POST',
            `${orderPath(orderId)}/payments/${encodeURIComponent(attemptId)}/${kind}`,
          ),
          'history',
        ),
      refundQueue: async () =>
        this.pick<RefundQueueItem[]>(await this.request('GET', '/api/admin/refunds'), 'refunds'),
      manualRefund: async (orderId, input) =>
        this.pick<Order>(
          await this.request('POST', `${orderPath(orderId)}/refund/manual`, input),
          'order',
        ),
    };
  }

  private async request(
    method: string,
    path: string,
    body?: unknown,
    onAnswer?: (headers: Headers) => void,
  ): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let payload: string | undefined;
    // The server accepts mutations only as JSON (its CSRF guard), and rejects an empty JSON body.
    if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
    let response: Response;
    try {
      response = await this.fetchFn(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
      });
    } catch {
      throw new DataError('unavailable', 'errors:unavailable');
    }
    if (response.status === 204) return undefined;
    let data: unknown = null;
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    if (isJson) {
      try {
        data = await response.json();
      } catch {
        data = null;
      }
    }
    if (!response.ok) throw toDataError(response.status, response.headers, data);
    // A 2xx that is not our JSON (a captive portal, a misrouted proxy) is not our server.
    if (!isJson || data === null) throw new DataError('unavailable', 'errors:unavailable');
    onAnswer?.(response.headers);
    return data;
  }

  private pick<T>(data: unknown, key: string): T {
    if (!isRecord(data) || !(key in data)) {
      throw new DataError('internal', `The server's answer has no "${key}"`);
    }
    return data[key] as T;
  }

  // ------------------------------------------------------------------------------------------
  // Auth

  private setUser(user: CurrentUser | null): CurrentUser | null {
    const changed = !this.userKnown || !sameUser(this.user, user);
    this.user = user;
    this.userKnown = true;
    if (changed) for (const listener of [...this.authListeners]) listener(user);
    return user;
  }

  private fetchCurrent(): Promise<CurrentUser | null> {
    const version = this.authVersion;
    if (this.pendingCurrent && this.pendingVersion === version) return this.pendingCurrent;
    const pending = this.request('GET', '/api/auth/me')
      .then((data) => {
        const user = toUser(this.pick<unknown>(data, 'user'));
        return version === this.authVersion ? this.setUser(user) : user;
      })
      .finally(() => {
        if (this.pendingCurrent === pending) this.pendingCurrent = null;
      });
    this.pendingCurrent = pending;
    this.pendingVersion = version;
    return pending;
  }

  private changeUser(data: unknown): CurrentUser {
    this.authVersion += 1;
    const user = toUser(this.pick<unknown>(data, 'user'));
    if (!user) throw new DataError('internal', 'The server\'s answer has no "user"');
    return this.setUser(user)!;
  }

  private createAuth(): AuthPort {
    const userFrom = (data: unknown) => this.changeUser(data);
    return {
      current: () => this.fetchCurrent(),
      ensureSession: async () => {
        const existing = await this.fetchCurrent();
        if (existing) return existing;
        return userFrom(await this.request('POST', '/api/auth/anonymous'));
      },
      signUp: async ({ email, password }: Credentials) =>
        // The form has already checked the confirmation; the server's schema wants it too.
        userFrom(
          await this.request('POST', '/api/auth/signup', {
            email,
            password,
            confirmPassword: password,
          }),
        ),
      signIn: async ({ email, password }: Credentials) =>
        userFrom(await this.request('POST', '/api/auth/login', { email, password })),
      requestPhoneCode: async ({ phone, language, channel }: PhoneCodeRequestInput) =>
        this.pick<PhoneChallenge>(
          await this.request('POST', '/api/auth/phone/code', {
            phone,
            language,
            ...(channel ? { channel } : {}),
          }),
          'challenge',
        ),
      // A new session (and cookie) for the number's owner: the same path as signing in.
      verifyPhoneCode: async (challengeId, code) =>
        userFrom(await this.request('POST', '/api/auth/phone/verify', { challengeId, code })),
      signOut: async () => {
        try {
          await this.request('POST', '/api/auth/logout');
        } catch (error) {
          // An expired session is already signed out.
          if (!(error instanceof DataError && error.code === 'unauthenticated')) throw error;
        }
        this.authVersion += 1;
        this.setUser(null);
      },
      subscribe: (listener) => {
        this.authListeners.add(listener);
        if (this.userKnown) {
          const user = this.user;
          queueMicrotask(() => {
            if (this.authListeners.has(listener)) listener(user);
          });
        } else if (!this.pendingCurrent) {
          // Not knowing who the visitor is must not break the page: they are nobody until then.
          const version = this.authVersion;
          this.fetchCurrent().catch(() => {
            if (version === this.authVersion && !this.userKnown) this.setUser(null);
          });
        }
        return () => {
          this.authListeners.delete(listener);
        };
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Orders

  private createOrders(): OrdersPort {
    const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
    const page = async (params: Record<string, string | number | undefined>) => {
      const data = await this.request('GET', `/api/orders${toQuery(params)}`);
      return {
        orders: this.pick<Order[]>(data, 'orders'),
        total: this.pick<number>(data, 'total'),
        counts: this.pick<OrderPage['counts']>(data, 'counts'),
      };
    };
    return {
      create: async (order: NewOrder) =>
        this.pick<Order>(await this.request('POST', '/api/orders', order), 'order'),
      mine: async () => {
        const all: Order[] = [];
        for (let number = 1; ; number += 1) {
          const result = await page({ mine: 1, page: number, limit: MINE_PAGE_SIZE });
          all.push(...result.orders);
          if (result.orders.length === 0 || all.length >= result.total) return all;
        }
      },
      get: async (id) => this.pick<Order>(await this.request('GET', orderPath(id)), 'order'),
      cancel: async (id) =>
        this.pick<Order>(await this.request('POST', `${orderPath(id)}/cancel`), 'order'),
      list: (filter: OrderFilter = {}) => page({ ...filter }),
      findByNumber: async (orderNumber) => {
        // The server's search finds numbers containing the text; the exact one is among them.
        const wanted = normalizeTrackingInput(orderNumber);
        if (!wanted) return null;
        const { orders } = await page({ search: wanted, limit: 5 });
        return orders.find((order) => order.orderNumber === wanted) ?? null;
      },
      update: async (id, update: OrderAdminUpdate) =>
        this.pick<Order>(await this.request('PATCH', orderPath(id), update), 'order'),
      remove: async (id) => {
        await this.request('DELETE', orderPath(id));
      },
      watchMine: (listener, onLive) =>
        this.watchStream<Order[]>(
          {
            path: '/api/orders/mine/stream',
            event: 'orders',
            read: (data) =>
              isRecord(data) && Array.isArray(data.orders)
                ? (data.orders as unknown as Order[])
                : undefined,
            poll: () => this.orders.mine(),
          },
          listener,
          onLive,
        ),
      goBack: async (id, input) =>
        this.pick<Order>(await this.request('POST', `${orderPath(id)}/go-back`, input), 'order'),
      reschedule: async (id, input) =>
        this.pick<Order>(await this.request('POST', `${orderPath(id)}/reschedule`, input), 'order'),
    };
  }

  // ------------------------------------------------------------------------------------------
  // Live order streams (D19)

  /**
   * Follows one live stream of the server's: `listener` hears each `event` it sends (as `read`
   * makes it, skipping what it cannot read) and `onLive` whether it is up. A stream refused (the
   * server's 429 or 503 when it has none to spare, D8), never opened, or failing again and again
   * is replaced by asking `poll` every `pollIntervalMs`, and is then not live. `gone` is what the
   * listener hears when the server says the thing followed is no more, or polling finds it
   * missing; either ends the watch. The same value twice in a row is heard once.
   */
  private watchStream<T>(
    options: {
      path: string;
      event: string;
      read: (data: unknown) => T | undefined;
      poll: () => Promise<T>;
      gone?: T;
    },
    listener: (value: T) => void,
    onLive: ((live: boolean) => void) | undefined,
  ): Unsubscribe {
    let closed = false;
    let source: EventSourceLike | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: string | undefined;
    let live: boolean | undefined;

    const tell = (value: T) => {
      if (closed) return;
      const seen = JSON.stringify(value);
      if (seen === last) return;
      last = seen;
      listener(value);
    };
    const say = (up: boolean) => {
      if (closed || live === up) return;
      live = up;
      onLive?.(up);
    };
    const stop = () => {
      closed = true;
      source?.close();
      source = null;
      if (timer !== undefined) clearTimeout(timer);
    };
    const ended = () => {
      if ('gone' in options) tell(options.gone as T);
      stop();
    };
    const poll = () => {
      options.poll().then(tell, (error: unknown) => {
        if (closed || !(error instanceof DataError)) return;
        if (error.code === 'not-found') ended();
        // Nobody to follow for: a session that ended, or a reader who may not.
        else if (error.code === 'unauthenticated' || error.code === 'permission-denied') stop();
      });
      timer = setTimeout(() => {
        if (!closed) poll();
      }, this.pollIntervalMs);
    };
    const fallBackToPolling = () => {
      source?.close();
      source = null;
      say(false);
      if (!closed && timer === undefined) poll();
    };

    const Source = this.EventSourceCtor;
    if (!Source) {
      queueMicrotask(() => {
        if (!closed) fallBackToPolling();
      });
      return stop;
    }
    try {
      const stream = new Source(`${this.baseUrl}${options.path}`);
      source = stream;
      let opened = false;
      let failures = 0;
      stream.addEventListener(options.event, (event) => {
        opened = true;
        failures = 0;
        let data: unknown = null;
        try {
          data = JSON.parse(String((event as MessageEvent).data)) as unknown;
        } catch {
          // Not ours to read: skipped.
        }
        const value = options.read(data);
        if (value !== undefined) tell(value);
        say(true);
      });
      stream.addEventListener('gone', () => ended());
      // As the reviews stream (createReviews): a stream that never opened was refused or cannot
      // be reached, so poll at once; one that was open and dropped is reconnected by the
      // browser, and replaced by polling only when it keeps failing or the browser gave up.
      stream.addEventListener('error', () => {
        failures += 1;
        if (source !== stream) return;
        if (!opened || failures >= STREAM_ERRORS_BEFORE_POLLING) fallBackToPolling();
        else if (stream.readyState === EVENT_SOURCE_CLOSED) fallBackToPolling();
        else say(false);
      });
    } catch {
      fallBackToPolling();
    }
    return stop;
  }

  // ------------------------------------------------------------------------------------------
  // The admin desk (D10)

  private createDesk(): DeskPort {
    return {
      watch: (listener, onLive) => {
        const Source = this.EventSourceCtor;
        if (!Source) {
          // No live updates without EventSource (old browsers, jsdom): the list still reloads.
          onLive?.(false);
          return () => {};
        }
        const stream = new Source(`${this.baseUrl}/api/admin/desk/stream`);
        const parse = (event: Event): unknown => {
          try {
            return JSON.parse(String((event as MessageEvent).data)) as unknown;
          } catch {
            return null;
          }
        };
        stream.addEventListener('ready', () => onLive?.(true));
        stream.addEventListener('error', () => onLive?.(false));
        stream.addEventListener('order', (event) => {
          const change = parse(event);
          if (isRecord(change) && typeof change.orderId === 'string') {
            listener({ type: 'order', change: change as unknown as OrderChange });
          }
        });
        stream.addEventListener('notification', (event) => {
          const message = parse(event);
          if (isRecord(message) && typeof message.id === 'string') {
            listener({ type: 'notification', message: message as unknown as NotificationMessage });
          }
        });
        stream.addEventListener('contactMessage', (event) => {
          const message = parse(event);
          if (isRecord(message) && typeof message.id === 'string') {
            listener({ type: 'contactMessage', message: message as unknown as ContactMessage });
          }
        });
        return () => stream.close();
      },
      newOrdersSince: async (since) =>
        this.pick<number>(
          await this.request('GET', `/api/admin/desk/new-orders${toQuery({ since })}`),
          'count',
        ),
      notifications: async (orderId) =>
        this.pick<NotificationMessage[]>(
          await this.request('GET', `/api/orders/${encodeURIComponent(orderId)}/notifications`),
          'notifications',
        ),
      stopCustomerMessages: async (orderId) =>
        this.pick<NotificationMessage[]>(
          await this.request(
            'POST',
            `/api/orders/${encodeURIComponent(orderId)}/notifications/stop`,
          ),
          'notifications',
        ),
      resend: async (messageId) =>
        this.pick<NotificationMessage>(
          await this.request('POST', `/api/notifications/${encodeURIComponent(messageId)}/resend`),
          'notification',
        ),
    };
  }

  // ------------------------------------------------------------------------------------------
  // Reviews

  private createReviews(): ReviewsPort {
    const list = async () =>
      this.pick<Review[]>(await this.request('GET', '/api/reviews'), 'reviews');
    const reviewPath = (id: string) => `/api/reviews/${encodeURIComponent(id)}`;
    return {
      list,
      reviewable: async () =>
        this.pick<ReviewableOrder[]>(
          await this.request('GET', '/api/reviews/reviewable'),
          'orders',
        ),
      add: async (review: NewReview) =>
        this.pick<SubmittedReview>(await this.request('POST', '/api/reviews', review), 'review'),
      listAll: async () =>
        this.pick<AdminReview[]>(await this.request('GET', '/api/reviews?all=1'), 'reviews'),
      setHidden: async (id, hidden) =>
        this.pick<AdminReview>(await this.request('PATCH', reviewPath(id), { hidden }), 'review'),
      remove: async (id) => {
        await this.request('DELETE', reviewPath(id));
      },
      settings: async () =>
        this.pick<ReviewSettings>(await this.request('GET', '/api/reviews/settings'), 'settings'),
      saveSettings: async (settings) =>
        this.pick<ReviewSettings>(
          await this.request('PUT', '/api/reviews/settings', settings),
          'settings',
        ),
      subscribe: (listener, onError) => {
        let closed = false;
        let source: EventSourceLike | null = null;
        let timer: ReturnType<typeof setTimeout> | undefined;

        const poll = () => {
          list().then(
            (reviews) => {
              if (!closed) listener(reviews);
            },
            (error: unknown) => {
              if (!closed) onError?.(asDataError(error));
            },
          );
          timer = setTimeout(() => {
            if (!closed) poll();
          }, this.pollIntervalMs);
        };
        const fallBackToPolling = () => {
          source?.close();
          source = null;
          if (!closed && timer === undefined) poll();
        };

        const Source = this.EventSourceCtor;
        if (!Source) {
          poll();
        } else {
          try {
            const stream = new Source(`${this.baseUrl}/api/reviews/stream`);
            source = stream;
            let opened = false;
            let failures = 0;
            stream.addEventListener('open', () => {
              opened = true;
            });
            stream.addEventListener('reviews', (event) => {
              opened = true;
              failures = 0;
              const reviews = parseReviewsEvent((event as MessageEvent).data);
              if (!closed && reviews) listener(reviews);
            });
            // A stream that never opened was refused (the server's 503 or 429 when it has none
            // to spare, D8) or cannot be reached: poll at once instead of retrying it. One that
            // was open and dropped is reconnected by the browser; only one that keeps failing,
            // or that the browser gave up on (a non-stream answer), is replaced by polling.
            stream.addEventListener('error', () => {
              failures += 1;
              if (
                source === stream &&
                (!opened ||
                  failures >= STREAM_ERRORS_BEFORE_POLLING ||
                  stream.readyState === EVENT_SOURCE_CLOSED)
              ) {
                fallBackToPolling();
              }
            });
          } catch {
            fallBackToPolling();
          }
        }

        const unsubscribe: Unsubscribe = () => {
          closed = true;
          source?.close();
          source = null;
          if (timer !== undefined) clearTimeout(timer);
        };
        return unsubscribe;
      },
    };
  }
}

function parseReviewsEvent(data: unknown): Review[] | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) && Array.isArray(parsed.reviews) ? (parsed.reviews as Review[]) : null;
  } catch {
    return null;
  }
}

function asDataError(error: unknown): DataError {
  return error instanceof DataError ? error : new DataError('internal', String(error));
}
