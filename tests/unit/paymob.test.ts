import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
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
