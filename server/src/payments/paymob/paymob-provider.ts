import type { PaymentReversal } from '../../../../src/domain/payments.ts';
import type { OnlinePaymentMethod } from '../../../../src/domain/status.ts';
import {
  PaymentProviderError,
  type CallbackReading,
  type HostedPaymentProvider,
  type HostedPaymentRequest,
  type InquiryAnswer,
  type ProviderTransaction,
  type ReversalResult,
} from '../payment-provider.ts';
import type { PaymobConfig } from '../settings.ts';
import { malformedSignedField, verifyPaymobHmac } from './hmac.ts';

// Paymob (accept.paymob.com) behind the hosted-provider seam (D3), from its documentation:
// - Create Intention: POST /v1/intention/ with `Authorization: Token <secret key>`: the amount in
//   piastres, the currency, the integration ids to offer (`payment_methods`), items that add up
//   to the amount, billing data, our `special_reference` (echoed in callbacks as the order's
//   `merchant_order_id`), `notification_url` (the processed callback) and `redirection_url`
//   (where the customer comes back). It answers the intention's `client_secret` and its
//   `intention_order_id` (the Paymob order id every callback of it carries as `order.id`).
//   `notification_url` is documented as "supported only with card Integration IDs", so it is
//   sent for cards only: a wallet's callback goes to the URL set on its integration in the
//   dashboard, and only there. That setting is mandatory (README, D18).
// - Unified Checkout: the customer goes to /unifiedcheckout/?publicKey=…&clientSecret=… and
//   enters the card or wallet there: our pages never see either.
// - Refund: POST /api/acceptance/void_refund/refund {transaction_id, amount_cents}; void (the
//   same business day, cards): POST /api/acceptance/void_refund/void {transaction_id}; both with
//   the secret key, both answering the new transaction.
// - Transaction inquiry (D18): POST /api/ecommerce/orders/transaction_inquiry
//   {auth_token, merchant_order_id} answers the last transaction of the Paymob order our
//   reference names; its `auth_token` comes only from the Authentication Request, POST
//   /api/auth/tokens {api_key} → {token}, a token that lasts an hour (kept 50 minutes here, and
//   made again when refused). What it answers when nobody paid is not documented: a 404, or an
//   answer with no transaction id, is read as "no transaction".

type Fetch = typeof globalThis.fetch;
type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Paymob boolean: JSON true/false, or the strings its older answers use. */
function flag(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/** An id Paymob sends as a number (or a numeric string). */
function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) return value;
  return null;
}

/** Short, single-line and free of anything that looks like a card number, for logs and admins. */
export function shortDetail(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return text
    .replace(/\d[\d\s-]{10,}\d/g, '[digits]')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/** "منى علي حسن" → first "منى", last "علي حسن"; one word is both (Paymob wants both). */
function splitName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/);
  const first = words[0] ?? 'NA';
  return { first_name: first, last_name: words.slice(1).join(' ') || first };
}

/** 01XXXXXXXXX → +201XXXXXXXXX, as Paymob's billing data shows numbers. */
function internationalPhone(phone: string): string {
  return phone.startsWith('0') ? `+2${phone}` : phone;
}

/**
 * A Paymob transaction object (a callback's `obj`, or the inquiry's answer) as the decisions
 * read it; null when it lacks what every transaction has.
 */
function transactionOf(obj: Json): ProviderTransaction | null {
  const order = isRecord(obj.order) ? obj.order : {};
  const transactionId = idOf(obj.id);
  const providerOrderId = idOf(order.id);
  const amountCents = obj.amount_cents;
  const success = flag(obj.success);
  const pending = flag(obj.pending);
  if (
    transactionId === null ||
    providerOrderId === null ||
    typeof amountCents !== 'number' ||
    !Number.isSafeInteger(amountCents) ||
    typeof obj.currency !== 'string' ||
    success === null ||
    pending === null
  ) {
    return null;
  }
  const data = isRecord(obj.data) ? obj.data : {};
  const message = data.message ?? data.txn_response_code;
  return {
    transactionId,
    providerOrderId,
    reference: typeof order.merchant_order_id === 'string' ? order.merchant_order_id : null,
    amountCents,
    currency: obj.currency,
    success,
    pending,
    errorOccurred: flag(obj.error_occured) === true,
    refunded: flag(obj.is_refunded) === true,
    voided: flag(obj.is_voided) === true,
    child:
      flag(obj.has_parent_transaction) === true ||
      flag(obj.is_refund) === true ||
      flag(obj.is_void) === true,
    message: message === undefined || message === null ? null : shortDetail(message),
  };
}

export interface PaymobProviderOptions {
  fetch?: Fetch;
}

/** The Paymob provider over `config` (secrets stay in this object, on the server). */
export function paymobProvider(
  config: PaymobConfig,
  options: PaymobProviderOptions = {},
): HostedPaymentProvider {
  const fetchFn: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const methods: OnlinePaymentMethod[] = [
    'card',
    ...(config.integrations.wallet !== undefined ? (['wallet'] as const) : []),
  ];

  /**
   * POSTs `body` to `path`: with the secret key (`Token`), or, for the endpoints that take an
   * auth token in the body, with no authorization header (`none`). Throws PaymentProviderError;
   * `status` is the HTTP status of a refusal (for the inquiry's 404 and 401).
   */
  async function call(path: string, body: Json, auth: 'secret' | 'none' = 'secret'): Promise<Json> {
    let response: Response;
    try {
      response = await fetchFn(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          ...(auth === 'secret' ? { authorization: `Token ${config.secretKey}` } : {}),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const detail = name === 'TimeoutError' ? 'timed out' : shortDetail((error as Error).message);
      throw new PaymentProviderError('unavailable', detail);
    }
    let data: unknown = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (response.status >= 500) {
      throw new PaymentProviderError('unavailable', `HTTP ${response.status}`);
    }
    if (!response.ok) {
      const said = isRecord(data) ? (data.detail ?? data.message ?? data) : data;
      throw new PaymentProviderError(
        'refused',
        `HTTP ${response.status}: ${shortDetail(said)}`,
        response.status,
      );
    }
    if (!isRecord(data)) throw new PaymentProviderError('unavailable', 'answer is not JSON');
    return data;
  }

  function integrationFor(method: OnlinePaymentMethod): number {
    const id = config.integrations[method];
    if (id === undefined) throw new PaymentProviderError('refused', `no ${method} integration`);
    return id;
  }

  const integrationIds = [config.integrations.card, config.integrations.wallet].filter(
    (id): id is number => id !== undefined,
  );

  /** An auth token for the endpoints that want one, made from the API key; kept 50 minutes. */
  let authToken: { token: string; until: number } | null = null;
  async function tokenFor(now: number, fresh: boolean): Promise<string> {
    if (!fresh && authToken && authToken.until > now) return authToken.token;
    const answer = await call('/api/auth/tokens', { api_key: config.apiKey }, 'none');
    if (typeof answer.token !== 'string' || answer.token === '') {
      throw new PaymentProviderError('unavailable', 'auth answer without a token');
    }
    authToken = { token: answer.token, until: now + 50 * 60_000 };
    return answer.token;
  }

  return {
    kind: 'hosted',
    name: 'paymob',
    methods,
    testMode: config.testMode,

    async start(request: HostedPaymentRequest, now: Date) {
      const names = splitName(request.customer.fullName);
      const email = request.customer.email ?? config.billingEmail;
      const answer = await call('/v1/intention/', {
        amount: request.amountCents,
        currency: request.currency,
        payment_methods: [integrationFor(request.method)],
        items: [
          {
            name: request.orderNumber,
            amount: request.amountCents,
            description: request.description,
            quantity: 1,
          },
        ],
        billing_data: {
          ...names,
          email,
          phone_number: internationalPhone(request.customer.phoneNumber),
          // The move's addresses are ours to keep: Paymob needs none of them.
          apartment: 'NA',
          floor: 'NA',
          street: 'NA',
          building: 'NA',
          city: 'NA',
          country: 'EG',
        },
        customer: { ...names, email },
        special_reference: request.reference,
        // Documented for card integrations only; a wallet's comes from its integration.
        ...(request.method === 'card' ? { notification_url: config.callbackUrl } : {}),
        redirection_url: request.returnUrl,
        expiration: config.expirySeconds,
        extras: { order_number: request.orderNumber },
      });
      const clientSecret = answer.client_secret;
      const providerOrderId = idOf(answer.intention_order_id);
      if (typeof clientSecret !== 'string' || clientSecret === '' || providerOrderId === null) {
        throw new PaymentProviderError(
          'unavailable',
          'intention without client_secret or order id',
        );
      }
      const checkout = new URL('/unifiedcheckout/', config.apiUrl);
      checkout.searchParams.set('publicKey', config.publicKey);
      checkout.searchParams.set('clientSecret', clientSecret);
      return {
        providerOrderId,
        next: { kind: 'redirect', url: checkout.toString() },
        expiresAt: new Date(now.getTime() + config.expirySeconds * 1000).toISOString(),
      };
    },

    readCallback({ query, body }): CallbackReading {
      if (!isRecord(body) || !isRecord(body.obj)) return { ok: false, reason: 'shape' };
      // Card-token callbacks (saved cards) come to the same address; only transactions count.
      if (body.type !== undefined && body.type !== 'TRANSACTION')
        return { ok: false, reason: 'shape' };
      // Every signed field of its documented shape first: only then does the signature say
      // which values it signed (D18).
      const field = malformedSignedField(body.obj, integrationIds);
      if (field !== null) return { ok: false, reason: 'format', field };
      const hmac = isRecord(query) ? query.hmac : undefined;
      if (!verifyPaymobHmac(body.obj, hmac, config.hmacSecret)) {
        return { ok: false, reason: 'signature' };
      }
      const transaction = transactionOf(body.obj);
      return transaction ? { ok: true, transaction } : { ok: false, reason: 'shape' };
    },

    async inquire(reference: string): Promise<InquiryAnswer> {
      const ask = async (fresh: boolean) =>
        call(
          '/api/ecommerce/orders/transaction_inquiry',
          { auth_token: await tokenFor(Date.now(), fresh), merchant_order_id: reference },
          'none',
        );
      let answer: Json;
      try {
        try {
          answer = await ask(false);
        } catch (error) {
          // A token Paymob no longer takes: made again, once.
          const stale =
            error instanceof PaymentProviderError && [401, 403].includes(error.status ?? 0);
          if (!stale) throw error;
          answer = await ask(true);
        }
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404) return { kind: 'none' };
        const detail = error instanceof PaymentProviderError ? error.detail : 'failed';
        return { kind: 'failed', detail };
      }
      // The transaction, bare (as documented) or under `obj` (as in a callback).
      const obj = isRecord(answer.obj) ? answer.obj : answer;
      if (obj.id === undefined || obj.id === null) return { kind: 'none' };
      const transaction = transactionOf(obj);
      if (!transaction) return { kind: 'failed', detail: 'inquiry answer not understood' };
      return { kind: 'transaction', transaction };
    },

    async reverse(kind: PaymentReversal, transactionId: string, amountCents: number) {
      let answer: Json;
      try {
        answer =
          kind === 'refund'
            ? await call('/api/acceptance/void_refund/refund', {
                transaction_id: Number(transactionId),
                amount_cents: amountCents,
              })
            : await call('/api/acceptance/void_refund/void', {
                transaction_id: Number(transactionId),
              });
      } catch (error) {
        const detail = error instanceof PaymentProviderError ? error.detail : 'failed';
        return { ok: false, detail } satisfies ReversalResult;
      }
      // The new transaction, bare or under `obj` as in a callback.
      const transaction = isRecord(answer.obj) ? answer.obj : answer;
      if (flag(transaction.success) !== true) {
        const data = isRecord(transaction.data) ? transaction.data : {};
        return { ok: false, detail: shortDetail(data.message ?? 'declined by Paymob') };
      }
      return { ok: true, transactionId: idOf(transaction.id) };
    },
  };
}
