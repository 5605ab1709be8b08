import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  malformedSignedField,
  paymobHmac,
  paymobSignedString,
  verifyPaymobHmac,
} from '../../server/src/payments/paymob/hmac.ts';
import { paymobProvider } from '../../server/src/payments/paymob/paymob-provider.ts';
import { paymobConfig } from '../../server/src/payments/settings.ts';

// Paymob's documentation ("HMAC Transaction Callback") gives a sample processed callback and
// the string its HMAC is computed over. Our signer must produce exactly that string.
const DOCUMENTED_OBJ = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 164295,
  has_parent_transaction: false,
  order: { id: 217503754, created_at: '2024-06-13T11:32:09.628623', merchant_order_id: 'x.1' },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  source_data: { pan: '2346', type: 'card', sub_type: 'MasterCard' },
  error_occured: false,
  owner: 302852,
};
const DOCUMENTED_STRING =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';

describe('Paymob HMAC', () => {
  it("concatenates the twenty documented fields in Paymob's order", () => {
    expect(paymobSignedString(DOCUMENTED_OBJ)).toBe(DOCUMENTED_STRING);
  });

  it('signs with HMAC-SHA512 in lower-case hex and verifies in constant time', () => {
    const secret = 'HMACSECRET';
    const expected = createHmac('sha512', secret).update(DOCUMENTED_STRING).digest('hex');
    expect(paymobHmac(DOCUMENTED_OBJ, secret)).toBe(expected);
    expect(verifyPaymobHmac(DOCUMENTED_OBJ, expected, secret)).toBe(true);
    expect(verifyPaymobHmac(DOCUMENTED_OBJ, expected.toUpperCase(), secret)).toBe(true);
    expect(verifyPaymobHmac(DOCUMENTED_OBJ, expected, 'other secret')).toBe(false);
    expect(verifyPaymobHmac({ ...DOCUMENTED_OBJ, amount_cents: 100 }, expected, secret)).toBe(
      false,
    );
    expect(verifyPaymobHmac({ ...DOCUMENTED_OBJ, success: 'true' }, expected, secret)).toBe(true);
    for (const bad of [undefined, '', 'abc', expected.slice(2), `${expected}00`, 42]) {
      expect(verifyPaymobHmac(DOCUMENTED_OBJ, bad, secret)).toBe(false);
    }
  });

  it('does not sign the merchant reference: it only finds the try, the order id decides', () => {
    const a = paymobSignedString(DOCUMENTED_OBJ);
    const b = paymobSignedString({
      ...DOCUMENTED_OBJ,
      order: { ...DOCUMENTED_OBJ.order, merchant_order_id: 'someone-else.1' },
    });
    expect(a).toBe(b);
  });
});

const config = paymobConfig({
  PAYMENT_PROVIDER: ['paymob'],
  PAYMOB_API_URL: 'http://127.0.0.1:9',
  PAYMOB_SECRET_KEY: 'egy_sk_test_1',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_2',
  PAYMOB_HMAC_SECRET: 'HMACSECRET',
  PAYMOB_API_KEY: 'API-KEY',
  PAYMOB_CARD_INTEGRATION_ID: '4097558',
  PAYMOB_TIMEOUT_SECONDS: 1,
  PAYMOB_EXPIRY_MINUTES: 60,
  SITE_URL: 'https://afsh.example.eg',
})!;

describe('reading a callback', () => {
  const provider = paymobProvider(config);
  const hmac = paymobHmac(DOCUMENTED_OBJ, 'HMACSECRET');

  it('reads a signed transaction', () => {
    const reading = provider.readCallback({
      query: { hmac },
      body: { type: 'TRANSACTION', obj: DOCUMENTED_OBJ },
    });
    expect(reading).toEqual({
      ok: true,
      transaction: {
        transactionId: '192036465',
        providerOrderId: '217503754',
        reference: 'x.1',
        amountCents: 100000,
        currency: 'EGP',
        success: true,
        pending: false,
        errorOccurred: false,
        refunded: false,
        voided: false,
        child: false,
        message: null,
      },
    });
    expect(config).toMatchObject({
      testMode: true,
      callbackUrl: 'https://afsh.example.eg/api/payments/paymob/callback',
      billingEmail: 'no-reply@afsh.example.eg',
    });
  });

  it('refuses what is unsigned, differently signed or not a transaction', () => {
    const body = { type: 'TRANSACTION', obj: DOCUMENTED_OBJ };
    expect(provider.readCallback({ query: {}, body })).toEqual({ ok: false, reason: 'signature' });
    const flipped = `${hmac.slice(0, -1)}${hmac.endsWith('0') ? '1' : '0'}`;
    expect(provider.readCallback({ query: { hmac: flipped }, body })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(provider.readCallback({ query: { hmac }, body: { type: 'TOKEN', obj: {} } })).toEqual({
      ok: false,
      reason: 'shape',
    });
    expect(provider.readCallback({ query: { hmac }, body: 'x' })).toEqual({
      ok: false,
      reason: 'shape',
    });
  });
});

// D18: Paymob joins the signed values with no separator, so a signature alone does not say where
// one ends. These are the attacks of issue 25 on a customer's own genuine callback (their
// browser gets the same fields and HMAC in the return address): each still verifies, and each
// is refused for a field out of its shape before its signature is even computed.
describe('signed fields are checked for shape before the signature is trusted', () => {
  const provider = paymobProvider(config);
  const genuine = { ...DOCUMENTED_OBJ, amount_cents: 50000 };
  const hmac = paymobHmac(genuine, 'HMACSECRET');
  const read = (obj: object) =>
    provider.readCallback({ query: { hmac }, body: { type: 'TRANSACTION', obj } });

  it('the genuine callback reads', () => {
    expect(read(genuine)).toMatchObject({ ok: true, transaction: { amountCents: 50000 } });
  });

  it('amount 50000 → 500002 with a digit dropped from created_at: same signature, refused', () => {
    const moved = { ...genuine, amount_cents: 500002, created_at: '024-06-13T11:33:44.592345' };
    expect(paymobSignedString(moved)).toBe(paymobSignedString(genuine));
    expect(verifyPaymobHmac(moved, hmac, 'HMACSECRET')).toBe(true);
    expect(read(moved)).toEqual({ ok: false, reason: 'format', field: 'created_at' });
  });

  it('every other move of characters between neighbours still verifies, and is refused', () => {
    const moves: [string, Record<string, unknown>, string][] = [
      // Digits from the amount into the year: a five-digit year.
      [
        'amount → year',
        { amount_cents: 5000, created_at: '02024-06-13T11:33:44.592345' },
        'created_at',
      ],
      // The time's last digit into the currency, and the currency's first letter into the time.
      [
        'time → currency',
        { created_at: '2024-06-13T11:33:44.59234', currency: '5EGP' },
        'currency',
      ],
      [
        'currency → time',
        { created_at: '2024-06-13T11:33:44.592345E', currency: 'GP' },
        'created_at',
      ],
      // The transaction id and the integration id are one run of digits: the integration must
      // be ours, which fixes the boundary.
      ['integration → id', { id: 19203646540, integration_id: 97558 }, 'integration_id'],
      [
        'integration → id, zero left',
        { id: 1920364654, integration_id: '097558' },
        'integration_id',
      ],
      ['id → integration', { id: 19203646, integration_id: 54097558 }, 'integration_id'],
      // Flags are whole words: "false" + "false" cannot become "fals" + "efalse".
      ['flag → flag', { error_occured: 'fals', has_parent_transaction: 'efalse' }, 'error_occured'],
      // The order id and the owner: a leading zero is no id.
      [
        'order → owner',
        { order: { ...DOCUMENTED_OBJ.order, id: 2175037543 }, owner: '02852' },
        'owner',
      ],
      // The card's last digits into the card type.
      [
        'pan → sub_type',
        { source_data: { pan: '234', sub_type: '6MasterCard', type: 'card' } },
        'source_data.sub_type',
      ],
    ];
    for (const [name, change, field] of moves) {
      const obj = { ...genuine, ...change };
      expect(verifyPaymobHmac(obj, hmac, 'HMACSECRET'), name).toBe(true);
      expect(read(obj), name).toEqual({ ok: false, reason: 'format', field });
    }
  });

  it('a field missing or of another kind is refused before its signature is computed', () => {
    const malformed: [string, Record<string, unknown>, string][] = [
      // A missing flag would make its neighbours touch.
      ['missing flag', { pending: undefined }, 'pending'],
      ['amount with a fraction', { amount_cents: '50000.0' }, 'amount_cents'],
      ['id not a number', { id: true }, 'id'],
      ['order id an object', { order: { id: { n: 1 } } }, 'order.id'],
      ['currency in lower case', { currency: 'egp' }, 'currency'],
    ];
    for (const [name, change, field] of malformed) {
      expect(read({ ...genuine, ...change }), name).toEqual({ ok: false, reason: 'format', field });
    }
  });

  it('a transaction of an integration that is not ours is refused', () => {
    expect(malformedSignedField({ ...genuine, integration_id: 4097559 }, [4097558])).toBe(
      'integration_id',
    );
    expect(malformedSignedField({ ...genuine, integration_id: 4097559 }, [4097558, 4097559])).toBe(
      null,
    );
  });

  it('a wallet, with no card number, and flags sent as text, read', () => {
    const wallet = {
      ...genuine,
      source_data: { pan: '01010101010', type: 'wallet', sub_type: 'wallet' },
      is_3d_secure: 'false',
    };
    expect(malformedSignedField(wallet, [4097558])).toBe(null);
    expect(malformedSignedField({ ...wallet, source_data: { type: 'wallet' } }, [4097558])).toBe(
      null,
    );
  });
});

/** A stand-in for Paymob's API, answering each request with the next scripted answer. */
function scripted(answers: ((path: string, body: Record<string, unknown>) => Response)[]) {
  const requests: { path: string; body: Record<string, unknown>; auth: string | null }[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const headers = new Headers(init?.headers);
    requests.push({ path: url.pathname, body, auth: headers.get('authorization') });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${url.pathname}`);
    return answer(url.pathname, body);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the transaction inquiry (D18)', () => {
  it('makes an auth token from the API key, keeps it, and asks by our reference', async () => {
    const { fetch, requests } = scripted([
      json(201, { token: 'T1' }),
      json(200, DOCUMENTED_OBJ),
      json(200, { obj: { ...DOCUMENTED_OBJ, success: false } }),
    ]);
    const provider = paymobProvider(config, { fetch });
    expect(await provider.inquire('x.1')).toMatchObject({
      kind: 'transaction',
      transaction: { transactionId: '192036465', providerOrderId: '217503754', success: true },
    });
    // The second asks with the same token; the answer under `obj` reads too.
    expect(await provider.inquire('x.1')).toMatchObject({
      kind: 'transaction',
      transaction: { success: false },
    });
    expect(requests).toEqual([
      { path: '/api/auth/tokens', body: { api_key: 'API-KEY' }, auth: null },
      {
        path: '/api/ecommerce/orders/transaction_inquiry',
        body: { auth_token: 'T1', merchant_order_id: 'x.1' },
        auth: null,
      },
      {
        path: '/api/ecommerce/orders/transaction_inquiry',
        body: { auth_token: 'T1', merchant_order_id: 'x.1' },
        auth: null,
      },
    ]);
  });

  it('makes a new token once when Paymob no longer takes the old one', async () => {
    const { fetch, requests } = scripted([
      json(201, { token: 'T1' }),
      json(401, { detail: 'expired' }),
      json(201, { token: 'T2' }),
      json(404, { detail: 'Not found.' }),
    ]);
    const provider = paymobProvider(config, { fetch });
    expect(await provider.inquire('x.1')).toEqual({ kind: 'none' });
    expect(requests.map((r) => r.body.auth_token ?? r.path)).toEqual([
      '/api/auth/tokens',
      'T1',
      '/api/auth/tokens',
      'T2',
    ]);
  });

  it('no transaction: a 404, or an answer without an id', async () => {
    const { fetch } = scripted([json(201, { token: 'T' }), json(200, {})]);
    expect(await paymobProvider(config, { fetch }).inquire('x.1')).toEqual({ kind: 'none' });
  });

  it('fails (to be asked again) when Paymob is down, refuses the key, or answers nonsense', async () => {
    const cases: [string, Parameters<typeof scripted>[0]][] = [
      ['server error', [json(201, { token: 'T' }), json(502, {})]],
      ['wrong API key', [json(403, { detail: 'incorrect credentials' })]],
      [
        'token refused twice',
        [json(201, { token: 'T' }), json(401, {}), json(201, { token: 'U' }), json(401, {})],
      ],
      ['no token', [json(201, {})]],
      [
        'not a transaction',
        [json(201, { token: 'T' }), json(200, { id: 5, amount_cents: 'lots' })],
      ],
      [
        'network down',
        [
          () => {
            throw new TypeError('fetch failed');
          },
        ],
      ],
    ];
    for (const [name, answers] of cases) {
      const { fetch } = scripted(answers);
      const answer = await paymobProvider(config, { fetch }).inquire('x.1');
      expect(answer.kind, name).toBe('failed');
    }
  });
});
