import { createServer } from 'node:http';
import { CURRENT_GRAPH_API_VERSION } from '../../server/src/notifications/providers/graph-api-versions.ts';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Local stand-ins for the providers (D10), on 127.0.0.1, started by the tests. Each speaks its
// provider's documented API, records what it received, and can be told to refuse, to hang
// (the sender's timeout must fire) or to be down (the connection is cut). Like a provider that
// deduplicates, each delivers a message once per idempotency key, however often it is asked.

/** What the fake does with the next requests. */
export type FakeMode =
  | { kind: 'ok' }
  /** Answer with this HTTP status (SMTP: this reply code) and the provider's error body. */
  | { kind: 'error'; status: number; code?: number; message?: string }
  /** Read the request and never answer. */
  | { kind: 'hang' }
  /** Cut the connection at once, as a provider that is down. */
  | { kind: 'down' }
  /** Deliver the message, then cut the connection before answering (the answer is lost). */
  | { kind: 'lose-answer' }
  /** Deliver the message at once, answer `ms` later (a sender that dies meanwhile never hears). */
  | { kind: 'slow'; ms: number };

export interface FakeRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The idempotency key it carried (header, or the message's own key). */
  key: string | undefined;
}

/** One delivery: the first accepted request of an idempotency key. */
export interface FakeDelivery<T> {
  key: string;
  id: string;
  message: T;
}

abstract class FakeProvider<T> {
  /** Every request, accepted or not, in order. */
  readonly requests: FakeRequest[] = [];
  readonly #deliveries = new Map<string, FakeDelivery<T>>();
  #modes: { mode: FakeMode; match: ((request: FakeRequest) => boolean) | undefined }[] = [];
  #mode: FakeMode = { kind: 'ok' };
  #sequence = 0;
  #waiters: { count: number; resolve: () => void }[] = [];

  /** From now on (until changed). */
  setMode(mode: FakeMode): void {
    this.#mode = mode;
  }

  /**
   * The next `times` requests (those `match` accepts, when given: another recipient's message
   * may arrive in between), then back to the current mode.
   */
  failNext(times: number, mode: FakeMode, match?: (request: FakeRequest) => boolean): void {
    for (let i = 0; i < times; i += 1) this.#modes.push({ mode, match });
  }

  protected nextMode(request: FakeRequest): FakeMode {
    const index = this.#modes.findIndex(({ match }) => !match || match(request));
    if (index === -1) return this.#mode;
    return this.#modes.splice(index, 1)[0]!.mode;
  }

  get deliveries(): FakeDelivery<T>[] {
    return [...this.#deliveries.values()];
  }

  /** Records a delivery under `key`, or returns the one it already has (deduplication). */
  protected deliver(key: string | undefined, message: T, prefix: string): FakeDelivery<T> {
    const existing = key === undefined ? undefined : this.#deliveries.get(key);
    if (existing) return existing;
    this.#sequence += 1;
    const delivery = {
      key: key ?? `no-key-${this.#sequence}`,
      id: `${prefix}${this.#sequence}`,
      message,
    };
    this.#deliveries.set(delivery.key, delivery);
    for (const waiter of [...this.#waiters]) {
      if (this.#deliveries.size >= waiter.count) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return delivery;
  }

  /** Resolves once `count` messages have been delivered (or rejects after `timeoutMs`). */
  waitForDeliveries(count: number, timeoutMs = 10_000): Promise<FakeDelivery<T>[]> {
    if (this.#deliveries.size >= count) return Promise.resolve(this.deliveries);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${this.#deliveries.size} of ${count} deliveries after ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.deliveries);
        },
      });
    });
  }

  /** Resolves once `count` requests have arrived. */
  async waitForRequests(count: number, timeoutMs = 10_000): Promise<FakeRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${this.requests.length} of ${count} requests after ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.requests;
  }
}

/** An HTTP fake: hands each request to `handle` unless the mode says otherwise. */
abstract class HttpFake<T> extends FakeProvider<T> {
  url = '';
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();

  constructor() {
    super();
    this.#server = createServer((req, res) => void this.#onRequest(req, res));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = req.headers['idempotency-key'];
    const request: FakeRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body,
      key: typeof header === 'string' ? header : undefined,
    };
    this.requests.push(request);
    const mode = this.nextMode(request);
    if (mode.kind === 'down') {
      req.socket.destroy();
      return;
    }
    if (mode.kind === 'hang') return;
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    if (mode.kind === 'error') {
      send(mode.status, this.errorBody(mode));
      return;
    }
    if (mode.kind === 'slow') {
      this.handle(request, (status, answer) => {
        setTimeout(() => send(status, answer), mode.ms);
      });
      return;
    }
    this.handle(request, mode.kind === 'lose-answer' ? () => req.socket.destroy() : send);
  }

  protected abstract errorBody(mode: Extract<FakeMode, { kind: 'error' }>): unknown;
  protected abstract handle(
    request: FakeRequest,
    send: (status: number, body: unknown) => void,
  ): void;
}

// ---------------------------------------------------------------------------------------------
// WhatsApp Business Cloud API

export interface WhatsAppTemplateMessage {
  to: string;
  template: string;
  language: string;
  /** parameter_name → text. */
  params: Record<string, string>;
  callbackData: string | undefined;
}

export const FAKE_WHATSAPP = { phoneNumberId: '1234567890', token: 'fake-whatsapp-token' };

/** POST /{version}/{phone-number-id}/messages with a Bearer token, as Meta's Graph API. */
export class FakeWhatsApp extends HttpFake<WhatsAppTemplateMessage> {
  /** The API URL to configure (WHATSAPP_API_URL): the current Graph API version under this host. */
  get apiUrl(): string {
    return `${this.url}/${CURRENT_GRAPH_API_VERSION}`;
  }

  protected errorBody(mode: Extract<FakeMode, { kind: 'error' }>): unknown {
    return {
      error: {
        message: mode.message ?? 'An unknown error occurred',
        type: 'OAuthException',
        code: mode.code ?? 131000,
        fbtrace_id: 'Afake',
      },
    };
  }

  protected handle(request: FakeRequest, send: (status: number, body: unknown) => void): void {
    if (request.path !== `/${CURRENT_GRAPH_API_VERSION}/${FAKE_WHATSAPP.phoneNumberId}/messages`) {
      send(404, this.errorBody({ kind: 'error', status: 404, code: 100, message: 'Unknown path' }));
      return;
    }
    if (request.headers.authorization !== `Bearer ${FAKE_WHATSAPP.token}`) {
      send(
        401,
        this.errorBody({ kind: 'error', status: 401, code: 190, message: 'Invalid token' }),
      );
      return;
    }
    const payload = JSON.parse(request.body) as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { type: string; parameters: { parameter_name?: string; text?: string }[] }[];
      };
      biz_opaque_callback_data?: string;
    };
    if (payload.messaging_product !== 'whatsapp' || payload.type !== 'template') {
      send(
        400,
        this.errorBody({ kind: 'error', status: 400, code: 100, message: 'Invalid parameter' }),
      );
      return;
    }
    const body = payload.template?.components?.find((c) => c.type === 'body');
    const delivery = this.deliver(
      request.key,
      {
        to: payload.to ?? '',
        template: payload.template?.name ?? '',
        language: payload.template?.language?.code ?? '',
        params: Object.fromEntries(
          (body?.parameters ?? []).map((p) => [p.parameter_name ?? '', p.text ?? '']),
        ),
        callbackData: payload.biz_opaque_callback_data,
      },
      'wamid.fake',
    );
    send(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: payload.to, wa_id: (payload.to ?? '').replace(/^\+/, '') }],
      messages: [{ id: delivery.id }],
    });
  }
}

// ---------------------------------------------------------------------------------------------
// SMS gateway with Twilio's Messages API

export interface SmsMessage {
  to: string;
  from: string;
  body: string;
}

export const FAKE_TWILIO = {
  accountSid: 'ACfake0000000000000000000000000000',
  token: 'fake-auth',
  from: 'Afsh',
};

/** POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth, as Twilio. */
export class FakeTwilio extends HttpFake<SmsMessage> {
  get apiUrl(): string {
    return `${this.url}/2010-04-01`;
  }

  protected errorBody(mode: Extract<FakeMode, { kind: 'error' }>): unknown {
    return {
      code: mode.code ?? 20500,
      message: mode.message ?? 'Internal Server Error',
      more_info: `https://www.twilio.com/docs/errors/${mode.code ?? 20500}`,
      status: mode.status,
    };
  }

  protected handle(request: FakeRequest, send: (status: number, body: unknown) => void): void {
    const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.token}`).toString('base64')}`;
    if (request.path !== `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`) {
      send(404, this.errorBody({ kind: 'error', status: 404, code: 20404, message: 'Not found' }));
      return;
    }
    if (request.headers.authorization !== expected) {
      send(
        401,
        this.errorBody({ kind: 'error', status: 401, code: 20003, message: 'Authenticate' }),
      );
      return;
    }
    const form = new URLSearchParams(request.body);
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      send(
        400,
        this.errorBody({
          kind: 'error',
          status: 400,
          code: 21211,
          message: `Invalid 'To' Phone Number: ${to}`,
        }),
      );
      return;
    }
    const delivery = this.deliver(
      request.key,
      {
        to,
        from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
        body: form.get('Body') ?? '',
      },
      'SMfake',
    );
    send(201, { sid: delivery.id, status: 'queued', to, body: delivery.message.body });
  }
}

// ---------------------------------------------------------------------------------------------
// SMTP

export interface EmailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  contentLanguage: string | undefined;
}

export const FAKE_SMTP = { user: 'afsh', password: 'fake-smtp-pass' };

/**
 * An SMTP server (smtp-server, the Nodemailer project's) that asks for a login, parses each
 * message (mailparser) and deduplicates by Message-ID. `error` answers the DATA command with
 * the given reply code (4xx: try later, 5xx: refused); `down` closes each connection at once;
 * `hang` never answers DATA.
 */
export class FakeSmtp extends FakeProvider<EmailMessage> {
  port = 0;
  readonly #server: SMTPServer;

  constructor() {
    super();
    this.#server = new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        if (this.peekDown()) {
          callback(new Error('down'));
          return;
        }
        callback();
      },
      onAuth: (auth, _session, callback) => {
        if (auth.username === FAKE_SMTP.user && auth.password === FAKE_SMTP.password) {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          void this.#received(Buffer.concat(chunks), session.envelope.rcptTo, callback);
        });
      },
    });
  }

  #downNow = false;

  /** `down` is decided when a connection opens; the mode is used up then. */
  private peekDown(): boolean {
    return this.#downNow;
  }

  async #received(
    raw: Buffer,
    rcptTo: { address: string }[],
    callback: (error?: Error | null) => void,
  ): Promise<void> {
    const parsed = await simpleParser(raw);
    const messageId = parsed.messageId ?? '';
    const request: FakeRequest = {
      path: 'DATA',
      headers: { 'message-id': messageId },
      body: raw.toString('utf8'),
      key: messageId,
    };
    this.requests.push(request);
    const mode = this.nextMode(request);
    if (mode.kind === 'hang' || mode.kind === 'lose-answer' || mode.kind === 'slow') return;
    if (mode.kind === 'error' || mode.kind === 'down') {
      const status = mode.kind === 'error' ? mode.status : 421;
      const error = new Error(
        mode.kind === 'error' ? (mode.message ?? 'Refused') : 'down',
      ) as Error & {
        responseCode: number;
      };
      error.responseCode = status;
      callback(error);
      return;
    }
    const language = parsed.headers.get('content-language');
    this.deliver(
      messageId,
      {
        from: parsed.from?.text ?? '',
        to: rcptTo.map((r) => r.address).join(','),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        messageId,
        contentLanguage: typeof language === 'string' ? language : undefined,
      },
      'mail',
    );
    callback();
  }

  /** SMTP_URL to configure. */
  get smtpUrl(): string {
    return `smtp://${FAKE_SMTP.user}:${FAKE_SMTP.password}@127.0.0.1:${this.port}`;
  }

  /** Refuses every connection while set (a server that is down). */
  setDown(down: boolean): void {
    this.#downNow = down;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Matches the requests for one phone number (`+20…`), whatever the API's encoding. */
export function forPhone(e164: string): (request: FakeRequest) => boolean {
  return (request) =>
    request.body.includes(JSON.stringify(e164)) || request.body.includes(encodeURIComponent(e164));
}

/** Starts all three fakes. */
export async function startProviderFakes() {
  const [whatsapp, sms, smtp] = await Promise.all([
    new FakeWhatsApp().listen(),
    new FakeTwilio().listen(),
    new FakeSmtp().listen(),
  ]);
  return {
    whatsapp,
    sms,
    smtp,
    /** The server settings that send every channel to these fakes. */
    env: (overrides: Record<string, string> = {}): Record<string, string> => ({
      NOTIFY_PROVIDERS: 'whatsapp,sms,email',
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: FAKE_WHATSAPP.token,
      SMS_API_URL: sms.apiUrl,
      SMS_ACCOUNT_SID: FAKE_TWILIO.accountSid,
      SMS_AUTH_TOKEN: FAKE_TWILIO.token,
      SMS_FROM: FAKE_TWILIO.from,
      SMTP_URL: smtp.smtpUrl,
      MAIL_FROM: 'Afsh <orders@afsh.example>',
      ...overrides,
    }),
    close: () => Promise.all([whatsapp.close(), sms.close(), smtp.close()]).then(() => undefined),
  };
}
