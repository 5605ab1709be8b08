import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A local stand-in for Paymob (accept.paymob.com) on 127.0.0.1, started by the tests, speaking
// the parts of its documented API the server uses, limitations included. Each part says which
// documented behaviour it follows ("Docs:", developers.paymob.com) and what it assumes where the
// documentation is silent ("Assumed:"), so a test that passes here fails where Paymob differs
// only in what is marked assumed.
//
// - POST /v1/intention/ (Docs: Create Intention; `Authorization: Token <secret key>`): checks
//   the body as Paymob does (integration ids, items adding up to the amount, billing data with a
//   phone number) and answers an intention with its client_secret and intention_order_id.
//   Docs: `notification_url` is "supported only with card Integration IDs": it is kept for a
//   card intention and ignored for a wallet one.
// - The merchant's dashboard (Docs: Getting Integration Credentials, "Change Callback for the
//   integration"): each integration has its own transaction processed callback URL, which the
//   test sets as the merchant would (`setDashboardCallbacks`), or leaves empty.
// - The transaction processed callback (Docs: Transaction callbacks, HMAC Transaction Callback):
//   a POST of {type: 'TRANSACTION', obj} with ?hmac= (HMAC-SHA512 of the twenty documented
//   fields, in order, joined with no separator). It goes to the intention's notification_url for
//   a card when one was given, else to the integration's URL in the dashboard, else nowhere
//   (`dropped`): a wallet's callbacks therefore reach only the dashboard's URL.
//   Docs: "Paymob sends the transaction callback only if the transaction succeeds or is
//   declined"; a pending transaction's callback is sent here only when a test asks for it.
//   Assumed: refunds' callbacks go where their payment's went. Paymob's own retries are not
//   documented; a test plans them: a callback dropped, held and sent late, or sent twice.
// - The response callback: the browser sent to redirection_url with the transaction in the
//   query (Docs: "supported only with card and wallet" integrations).
// - POST /api/acceptance/void_refund/refund and /void (Docs: Refund, Void): answer the new
//   transaction; Assumed: the refund's callback and its parent's, marked refunded, follow.
// - POST /api/auth/tokens {api_key} → {token} (Docs: Authentication Request; Assumed from the
//   docs' collections: a token lasts an hour) and POST /api/ecommerce/orders/transaction_inquiry
//   {auth_token, merchant_order_id | order_id} (Docs: Transaction Inquiry, "By Order ID or
//   Reference": the last transaction of the order, its auth_token in the body). Assumed: 401 for
//   a token it does not know, 404 when it knows no transaction for the reference.
// Tests script it: decline, tamper with a callback (signature, amount, reference, a field's
// shape), send one twice, hold it and send it late, send it before or after the redirect or not
// at all, answer slowly, or be down.

export const FAKE_PAYMOB = {
  secretKey: 'egy_sk_test_0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  publicKey: 'egy_pk_test_a1b2c3d4e5f60718293a4b5c6d7e8f90',
  hmacSecret: 'FAKEHMACSECRET0123456789ABCDEF',
  cardIntegrationId: 4097558,
  walletIntegrationId: 4097559,
  /** Paymob's documented test card: approved. */
  approvedCard: '5123456789012346',
  /** Any other card is declined by this fake; this one reads like a real test card. */
  declinedCard: '4000000000000002',
  /** A wallet number the fake approves; others are declined. */
  approvedWallet: '01010101010',
  profileId: 164295,
  /** Settings → API Keys: what auth tokens are made from (the transaction inquiry's). */
  apiKey: 'ZXlKaGJHY2lPaUpJVXpVeE1pSXNJblI1Y0NJNklrcFhWQ0o5LmZha2VfYXBpX2tleQ==',
  /** The merchant's user on Paymob: every transaction's `owner`. */
  owner: 302852,
} as const;

/** The twenty signed fields of a transaction, in Paymob's documented order. */
const SIGNED_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
];

export type Transaction = Record<string, unknown> & {
  id: number;
  amount_cents: number;
  success: boolean;
  order: { id: number; merchant_order_id: string | null };
};

/** Paymob's signature of a transaction (what the fake's callbacks carry). */
export function signTransaction(
  obj: Record<string, unknown>,
  secret: string = FAKE_PAYMOB.hmacSecret,
) {
  const text = SIGNED_FIELDS.map((field) => {
    const value = field
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], obj);
    return value === undefined || value === null ? '' : String(value);
  }).join('');
  return createHmac('sha512', secret).update(text).digest('hex');
}

export interface FakeIntention {
  id: string;
  clientSecret: string;
  providerOrderId: number;
  amount: number;
  currency: string;
  integrationId: number;
  specialReference: string;
  notificationUrl: string;
  redirectionUrl: string;
  body: Record<string, unknown>;
}

/** What the fake does when asked for an intention, a refund or a void. */
export type ApiMode =
  | { kind: 'ok' }
  /** Answer this status with Paymob's error shape. */
  | { kind: 'error'; status: number; detail?: string }
  /** Read the request and never answer (the caller's timeout must fire). */
  | { kind: 'hang' }
  /** Cut the connection, as a gateway that is down. */
  | { kind: 'down' }
  /** Answer as usual once `release` settles (a slow answer, overtaken by something else). */
  | { kind: 'wait'; release: Promise<unknown> };

/** How a payment made at the checkout is told to the merchant. */
export interface DeliveryPlan {
  /**
   * `callback-first` (Paymob's usual order): the processed callback, then the browser's redirect;
   * `redirect-first`: the browser comes back first, the callback `delayMs` later;
   * `redirect-only`: the callback is dropped, it never comes;
   * `held`: the callback waits until the test sends it (`sendHeld`): late, when the test wants.
   */
  order: 'callback-first' | 'redirect-first' | 'redirect-only' | 'held';
  delayMs?: number;
  /** Send the processed callback twice. */
  duplicate?: boolean;
  /** Change the callback after signing it (a forged or altered callback). */
  tamper?: 'signature' | 'amount' | 'reference' | 'unsigned-amount';
}

export interface SentCallback {
  /** Where it went; null: nowhere (no notification_url for it, no URL in the dashboard). */
  url: string | null;
  body: { type: string; obj: Transaction };
  hmac: string;
  status: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export class FakePaymob {
  url = '';
  readonly requests: ReceivedRequest[] = [];
  readonly intentions = new Map<string, FakeIntention>();
  readonly transactions = new Map<number, Transaction>();
  readonly callbacks: SentCallback[] = [];
  /** Callbacks that had nowhere to go (a wallet's, with no URL in the dashboard). */
  readonly dropped: SentCallback[] = [];
  /** Callbacks a `held` plan keeps until the test sends them. */
  readonly held: Transaction[] = [];
  /** What the customer typed at the checkout: the card data lives here, never with us. */
  readonly checkoutForms: Record<string, string>[] = [];
  /** The merchant's dashboard: each integration's transaction processed callback URL. */
  readonly dashboardCallbacks = new Map<number, string>();
  /** The inquiries asked, by reference (or Paymob order id). */
  readonly inquiries: string[] = [];
  plan: DeliveryPlan = { order: 'callback-first' };
  #intentionModes: ApiMode[] = [];
  #reverseModes: ApiMode[] = [];
  #inquiryModes: ApiMode[] = [];
  readonly #tokens = new Set<string>();
  #nextId = 192036465;
  #nextOrder = 217503754;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor() {
    this.#server = createServer((req, res) => void this.#onRequest(req, res));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  /** PAYMOB_API_URL for the server under test. */
  get apiUrl(): string {
    return this.url;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The server settings that point at this fake. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      PAYMENT_PROVIDER: 'paymob',
      PAYMOB_API_URL: this.apiUrl,
      PAYMOB_SECRET_KEY: FAKE_PAYMOB.secretKey,
      PAYMOB_PUBLIC_KEY: FAKE_PAYMOB.publicKey,
      PAYMOB_HMAC_SECRET: FAKE_PAYMOB.hmacSecret,
      PAYMOB_API_KEY: FAKE_PAYMOB.apiKey,
      PAYMOB_CARD_INTEGRATION_ID: String(FAKE_PAYMOB.cardIntegrationId),
      PAYMOB_WALLET_INTEGRATION_ID: String(FAKE_PAYMOB.walletIntegrationId),
      PAYMOB_TIMEOUT_SECONDS: '2',
      ...extra,
    };
  }

  /** The next intention requests (then back to answering). */
  failIntentions(mode: ApiMode, times = 1): void {
    for (let i = 0; i < times; i += 1) this.#intentionModes.push(mode);
  }

  /** The next refund or void requests. */
  failReversals(mode: ApiMode, times = 1): void {
    for (let i = 0; i < times; i += 1) this.#reverseModes.push(mode);
  }

  /** The next transaction inquiries (the auth token is still given). */
  failInquiries(mode: ApiMode, times = 1): void {
    for (let i = 0; i < times; i += 1) this.#inquiryModes.push(mode);
  }

  /** Every auth token given so far stops working, as an hour later. */
  expireTokens(): void {
    this.#tokens.clear();
  }

  /**
   * The merchant sets `url` as the transaction processed callback of the card and the wallet
   * integrations (Developers → Payment Integrations), as the README says to; null clears them.
   */
  setDashboardCallbacks(url: string | null): void {
    for (const id of [FAKE_PAYMOB.cardIntegrationId, FAKE_PAYMOB.walletIntegrationId]) {
      if (url === null) this.dashboardCallbacks.delete(id);
      else this.dashboardCallbacks.set(id, url);
    }
  }

  /** Where Paymob posts the processed callbacks of `intention`'s transactions, if anywhere. */
  callbackUrlFor(intention: FakeIntention): string | null {
    const card = intention.integrationId === FAKE_PAYMOB.cardIntegrationId;
    if (card && intention.notificationUrl) return intention.notificationUrl;
    return this.dashboardCallbacks.get(intention.integrationId) ?? null;
  }

  /** Sends the callbacks a `held` plan kept (late: after whatever the test did meanwhile). */
  async sendHeld(): Promise<SentCallback[]> {
    const sent: SentCallback[] = [];
    for (const tx of this.held.splice(0)) sent.push(await this.sendCallback(tx));
    return sent;
  }

  intentionByReference(reference: string): FakeIntention | undefined {
    return [...this.intentions.values()].find((i) => i.specialReference === reference);
  }

  /** The newest intention (a test that started one payment). */
  get lastIntention(): FakeIntention | undefined {
    return [...this.intentions.values()].at(-1);
  }

  /** A transaction of `intention` as Paymob reports it. */
  transaction(
    intention: FakeIntention,
    outcome: 'success' | 'declined' | 'pending',
    overrides: Partial<Transaction> = {},
  ): Transaction {
    const id = this.#nextId++;
    const wallet = intention.integrationId === FAKE_PAYMOB.walletIntegrationId;
    const tx: Transaction = {
      id,
      pending: outcome === 'pending',
      amount_cents: intention.amount,
      success: outcome === 'success',
      is_auth: false,
      is_capture: false,
      is_standalone_payment: true,
      is_voided: false,
      is_refunded: false,
      is_3d_secure: !wallet,
      integration_id: intention.integrationId,
      profile_id: FAKE_PAYMOB.profileId,
      has_parent_transaction: false,
      order: {
        id: intention.providerOrderId,
        created_at: new Date().toISOString().replace('Z', ''),
        merchant_order_id: intention.specialReference,
        amount_cents: intention.amount,
        currency: intention.currency,
      } as Transaction['order'],
      created_at: new Date().toISOString().replace('Z', ''),
      currency: intention.currency,
      source_data: wallet
        ? { pan: '01010101010', type: 'wallet', sub_type: 'wallet' }
        : { pan: '2346', type: 'card', sub_type: 'MasterCard' },
      error_occured: false,
      owner: FAKE_PAYMOB.owner,
      data: {
        message:
          outcome === 'success' ? 'Approved' : outcome === 'pending' ? 'Pending' : 'Do not honour',
        txn_response_code: outcome === 'declined' ? '05' : '00',
      },
      ...overrides,
    };
    this.transactions.set(id, tx);
    return tx;
  }

  /**
   * Posts a processed callback where Paymob would (callbackUrlFor) or to `url`, signed unless
   * told. With nowhere to go, it is kept in `dropped` and nothing is sent.
   */
  async sendCallback(
    obj: Transaction,
    options: {
      url?: string;
      hmac?: string;
      tamper?: DeliveryPlan['tamper'];
      /** With `tamper: 'reference'`: the merchant reference to claim. */
      reference?: string;
    } = {},
  ): Promise<SentCallback> {
    const intention = [...this.intentions.values()].find((i) => i.providerOrderId === obj.order.id);
    const url = options.url ?? (intention ? this.callbackUrlFor(intention) : null);
    let hmac = options.hmac ?? signTransaction(obj);
    let sent: Transaction = structuredClone(obj);
    switch (options.tamper) {
      case 'signature':
        hmac = `${hmac.slice(0, -4)}${hmac.endsWith('0000') ? '1111' : '0000'}`;
        break;
      case 'amount':
        // A genuine callback of a transaction for another amount: signed by Paymob.
        sent = { ...sent, amount_cents: sent.amount_cents - 100 };
        hmac = signTransaction(sent);
        break;
      case 'unsigned-amount':
        // Altered after signing: the signature no longer matches.
        sent = { ...sent, amount_cents: sent.amount_cents + 100 };
        break;
      case 'reference':
        // The reference is not signed: pointed at another order's try.
        sent = {
          ...sent,
          order: { ...sent.order, merchant_order_id: options.reference ?? 'not-ours.1' },
        };
        break;
      default:
        break;
    }
    const body = { type: 'TRANSACTION', obj: sent };
    if (url === null) {
      const record = { url, body, hmac, status: 0 };
      this.dropped.push(record);
      return record;
    }
    const target = new URL(url);
    target.searchParams.set('hmac', hmac);
    let status = 0;
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = -1;
    }
    const record = { url, body, hmac, status };
    this.callbacks.push(record);
    return record;
  }

  /** Where Paymob sends the browser after a transaction (the response callback). */
  redirectFor(intention: FakeIntention, tx: Transaction): string {
    const target = new URL(intention.redirectionUrl);
    const source = tx.source_data as Record<string, unknown>;
    const flat: Record<string, unknown> = {
      id: tx.id,
      pending: tx.pending,
      amount_cents: tx.amount_cents,
      success: tx.success,
      is_auth: tx.is_auth,
      is_capture: tx.is_capture,
      is_standalone_payment: tx.is_standalone_payment,
      is_voided: tx.is_voided,
      is_refunded: tx.is_refunded,
      is_3d_secure: tx.is_3d_secure,
      integration_id: tx.integration_id,
      profile_id: tx.profile_id,
      has_parent_transaction: tx.has_parent_transaction,
      order: tx.order.id,
      created_at: tx.created_at,
      currency: tx.currency,
      error_occured: tx.error_occured,
      owner: tx.owner,
      'source_data.type': source.type,
      'source_data.pan': source.pan,
      'source_data.sub_type': source.sub_type,
      'data.message': (tx.data as Record<string, unknown>).message,
      merchant_order_id: tx.order.merchant_order_id,
    };
    for (const [key, value] of Object.entries(flat)) target.searchParams.set(key, String(value));
    target.searchParams.set('hmac', signTransaction(tx));
    return target.toString();
  }

  /**
   * The customer pays `intention` at the checkout: a transaction, its callback(s) as `plan`
   * says, and the address the browser is sent back to.
   */
  async pay(
    intention: FakeIntention,
    outcome: 'success' | 'declined' | 'pending',
    plan: DeliveryPlan = this.plan,
  ): Promise<{ transaction: Transaction; redirect: string }> {
    const transaction = this.transaction(intention, outcome);
    const deliver = async () => {
      await this.sendCallback(transaction, { tamper: plan.tamper });
      if (plan.duplicate) await this.sendCallback(transaction, { tamper: plan.tamper });
    };
    if (plan.order === 'callback-first') await deliver();
    else if (plan.order === 'redirect-first') this.#later(plan.delayMs ?? 300, deliver);
    else if (plan.order === 'held') this.held.push(transaction);
    return { transaction, redirect: this.redirectFor(intention, transaction) };
  }

  #later(ms: number, work: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void work().catch(() => undefined);
    }, ms);
    this.#timers.add(timer);
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      body,
    });
    const json = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };
    const page = (status: number, content: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(content);
    };
    const authorized = req.headers.authorization === `Token ${FAKE_PAYMOB.secretKey}`;
    const modeFrom = (queue: ApiMode[]) => queue.shift() ?? { kind: 'ok' as const };

    if (req.method === 'POST' && url.pathname === '/v1/intention/') {
      const mode = modeFrom(this.#intentionModes);
      if (mode.kind === 'down') return void req.socket.destroy();
      if (mode.kind === 'hang') return;
      if (mode.kind === 'error')
        return json(mode.status, { detail: mode.detail ?? 'Server error' });
      if (!authorized) return json(401, { detail: 'Invalid token.' });
      return this.#createIntention(body, json);
    }
    if (req.method === 'GET' && url.pathname === '/unifiedcheckout/') {
      return this.#checkoutPage(url, page);
    }
    if (req.method === 'POST' && url.pathname === '/unifiedcheckout/pay') {
      return this.#checkoutPay(body, res, page);
    }
    if (req.method === 'POST' && url.pathname === '/api/auth/tokens') {
      return this.#authToken(body, json);
    }
    if (req.method === 'POST' && url.pathname === '/api/ecommerce/orders/transaction_inquiry') {
      const mode = modeFrom(this.#inquiryModes);
      if (mode.kind === 'down') return void req.socket.destroy();
      if (mode.kind === 'hang') return;
      if (mode.kind === 'error') return json(mode.status, { detail: mode.detail ?? 'Error' });
      if (mode.kind === 'wait') await mode.release;
      return this.#inquire(body, json);
    }
    if (req.method === 'POST' && url.pathname.startsWith('/api/acceptance/void_refund/')) {
      const mode = modeFrom(this.#reverseModes);
      if (mode.kind === 'down') return void req.socket.destroy();
      if (mode.kind === 'hang') return;
      if (mode.kind === 'error') return json(mode.status, { detail: mode.detail ?? 'Error' });
      if (!authorized) return json(401, { detail: 'Invalid token.' });
      return this.#reverse(url.pathname.endsWith('/void') ? 'void' : 'refund', body, json);
    }
    json(404, { detail: 'Not found.' });
  }

  #authToken(text: string, json: (status: number, answer: unknown) => void): void {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text || '{}') as Record<string, unknown>;
    } catch {
      return json(400, { detail: 'JSON parse error' });
    }
    if (body.api_key !== FAKE_PAYMOB.apiKey) {
      return json(403, { detail: 'incorrect credentials' });
    }
    const token = `ZXlK${randomBytes(24).toString('hex')}`;
    this.#tokens.add(token);
    json(201, { token, profile: { id: FAKE_PAYMOB.profileId } });
  }

  /** The last transaction of the Paymob order a merchant reference (or order id) names. */
  #inquire(text: string, json: (status: number, answer: unknown) => void): void {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text || '{}') as Record<string, unknown>;
    } catch {
      return json(400, { detail: 'JSON parse error' });
    }
    if (typeof body.auth_token !== 'string' || !this.#tokens.has(body.auth_token)) {
      return json(401, { detail: 'Authentication credentials were not provided.' });
    }
    const reference = typeof body.merchant_order_id === 'string' ? body.merchant_order_id : null;
    const orderId = body.order_id === undefined ? null : Number(body.order_id);
    if (reference === null && orderId === null) {
      return json(400, { detail: 'order_id or merchant_order_id is required' });
    }
    this.inquiries.push(reference ?? String(orderId));
    const intention = [...this.intentions.values()].find(
      (i) => i.specialReference === reference || i.providerOrderId === orderId,
    );
    const last = intention
      ? [...this.transactions.values()]
          .filter((tx) => tx.order.id === intention.providerOrderId)
          .at(-1)
      : undefined;
    if (!last) return json(404, { detail: 'Not found.' });
    json(200, structuredClone(last));
  }

  #createIntention(text: string, json: (status: number, answer: unknown) => void): void {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return json(400, { detail: 'JSON parse error' });
    }
    const amount = body.amount;
    const methods = body.payment_methods;
    const items = body.items as { name?: string; amount?: number; quantity?: number }[] | undefined;
    const billing = body.billing_data as Record<string, unknown> | undefined;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return json(400, { amount: ['A valid integer is required.'] });
    }
    if (body.currency !== 'EGP') return json(400, { currency: ['Unsupported currency.'] });
    const known: number[] = [FAKE_PAYMOB.cardIntegrationId, FAKE_PAYMOB.walletIntegrationId];
    if (!Array.isArray(methods) || methods.length !== 1 || !known.includes(methods[0] as number)) {
      return json(404, {
        detail:
          'Integration ID/Name does not exist in our system . You can find the list of Integration ID’/Names from Merchant Dashboard under Developers → Payment Integrations Tab',
      });
    }
    if (!Array.isArray(items) || items.some((i) => !i.name || typeof i.amount !== 'number')) {
      return json(400, { items: { name: ['This field is required.'] } });
    }
    if (items.reduce((sum, i) => sum + (i.amount ?? 0) * (i.quantity ?? 1), 0) !== amount) {
      return json(400, { detail: 'Items total must equal the amount.' });
    }
    if (!billing || typeof billing.phone_number !== 'string' || !billing.first_name) {
      return json(400, { billing_data: { phone_number: ['This field is required.'] } });
    }
    const reference = body.special_reference;
    if (typeof reference !== 'string' || this.intentionByReference(reference)) {
      return json(400, { special_reference: ['Duplicate special reference.'] });
    }
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const intention: FakeIntention = {
      id,
      clientSecret: `egy_csk_test_${randomBytes(16).toString('hex')}`,
      providerOrderId: this.#nextOrder++,
      amount,
      currency: 'EGP',
      integrationId: methods[0] as number,
      specialReference: reference,
      // Docs: "Supported only with card Integration IDs": a wallet intention's is not used.
      notificationUrl:
        methods[0] === FAKE_PAYMOB.cardIntegrationId ? String(body.notification_url ?? '') : '',
      redirectionUrl: String(body.redirection_url ?? ''),
      body,
    };
    this.intentions.set(intention.clientSecret, intention);
    json(201, {
      id,
      client_secret: intention.clientSecret,
      intention_order_id: intention.providerOrderId,
      amount,
      currency: 'EGP',
      status: 'intended',
      special_reference: reference,
      payment_methods: [{ integration_id: intention.integrationId, currency: 'EGP' }],
      created: new Date().toISOString(),
    });
  }

  #checkoutPage(url: URL, page: (status: number, content: string) => void): void {
    const intention = this.intentions.get(url.searchParams.get('clientSecret') ?? '');
    if (url.searchParams.get('publicKey') !== FAKE_PAYMOB.publicKey || !intention) {
      return page(404, html('Checkout not found', '<p>This payment link is not valid.</p>'));
    }
    const wallet = intention.integrationId === FAKE_PAYMOB.walletIntegrationId;
    const amount = (intention.amount / 100).toFixed(2);
    const fields = wallet
      ? `<p><label for="wallet">Wallet mobile number</label><input id="wallet" name="wallet" inputmode="tel"></p>`
      : `<p><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number"></p>
         <p><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp"></p>
         <p><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc"></p>
         <p><label for="holder">Name on card</label><input id="holder" name="holder" autocomplete="cc-name"></p>`;
    page(
      200,
      html(
        'Fake Paymob checkout',
        `<p>Pay <strong>EGP ${amount}</strong> for ${escapeHtml(String(intention.specialReference))}</p>
         <form method="post" action="/unifiedcheckout/pay">
           <input type="hidden" name="clientSecret" value="${escapeHtml(intention.clientSecret)}">
           ${fields}
           <button type="submit">Pay EGP ${amount}</button>
         </form>`,
      ),
    );
  }

  async #checkoutPay(
    text: string,
    res: ServerResponse,
    page: (status: number, content: string) => void,
  ): Promise<void> {
    const form = Object.fromEntries(new URLSearchParams(text));
    this.checkoutForms.push(form);
    const intention = this.intentions.get(form.clientSecret ?? '');
    if (!intention) return page(404, html('Checkout not found', '<p>Expired.</p>'));
    const approved =
      (form.number ?? '').replace(/\D/g, '') === FAKE_PAYMOB.approvedCard ||
      (form.wallet ?? '').replace(/\D/g, '') === FAKE_PAYMOB.approvedWallet;
    const { redirect } = await this.pay(intention, approved ? 'success' : 'declined');
    res.writeHead(303, { location: redirect });
    res.end();
  }

  #reverse(
    kind: 'refund' | 'void',
    text: string,
    json: (status: number, answer: unknown) => void,
  ): void {
    const body = JSON.parse(text || '{}') as { transaction_id?: number; amount_cents?: number };
    const parent = this.transactions.get(Number(body.transaction_id));
    if (!parent || parent.success !== true || parent.has_parent_transaction) {
      return json(404, { detail: 'Transaction not found.' });
    }
    if (parent.is_refunded || parent.is_voided) {
      return json(400, { detail: 'Transaction already refunded or voided.' });
    }
    // Paymob refunds all or part of a payment (never more); a void is always the whole of it.
    const amount = kind === 'refund' ? body.amount_cents : parent.amount_cents;
    if (
      typeof amount !== 'number' ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      amount > parent.amount_cents
    ) {
      return json(400, { detail: 'Refund amount must be within the transaction amount.' });
    }
    const child: Transaction = {
      ...structuredClone(parent),
      amount_cents: amount,
      id: this.#nextId++,
      has_parent_transaction: true,
      is_standalone_payment: false,
      ...(kind === 'refund' ? { is_refund: true } : { is_void: true }),
      parent_transaction: parent.id,
      created_at: new Date().toISOString().replace('Z', ''),
    };
    this.transactions.set(child.id, child);
    if (kind === 'refund') parent.is_refunded = true;
    else parent.is_voided = true;
    json(200, child);
    // Paymob then calls back about both: the refund or void itself, and its parent.
    this.#later(50, async () => {
      await this.sendCallback(child);
      await this.sendCallback(parent);
    });
  }
}
