import { createHmac, timingSafeEqual } from 'node:crypto';

// Paymob signs each transaction callback (docs: "HMAC Transaction Callback"): the values of these
// twenty fields of the transaction, in this order (their keys sorted lexicographically), are
// concatenated without separators and signed with HMAC-SHA512 under the account's HMAC secret;
// the lower-case hex digest arrives as the `hmac` query parameter. The processed callback (POST)
// carries the transaction as JSON under `obj`, with `order.id` nested. (The response callback,
// the browser's GET back to us, is signed the same way but is never what decides: D3.)

/** The signed fields of a processed (POST) callback's `obj`, in signing order. */
export const PAYMOB_HMAC_FIELDS = [
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
] as const;

function valueAt(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * A field as it enters the signed string: booleans as `true`/`false`, numbers in decimal, text
 * as it is. A missing field counts as empty. (How Paymob writes a null, a wallet's card number
 * say, is only visible with a real account: see the README.)
 */
function asSigned(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return '';
  return String(value);
}

/** The string Paymob signs for a processed callback's transaction (`obj`). */
export function paymobSignedString(transaction: unknown): string {
  return PAYMOB_HMAC_FIELDS.map((field) => asSigned(valueAt(transaction, field))).join('');
}

/** The hex HMAC-SHA512 of a processed callback's transaction. */
export function paymobHmac(transaction: unknown, secret: string): string {
  return createHmac('sha512', secret).update(paymobSignedString(transaction), 'utf8').digest('hex');
}

/** True when `received` is the signature of `transaction` under `secret` (constant time). */
export function verifyPaymobHmac(transaction: unknown, received: unknown, secret: string): boolean {
  if (typeof received !== 'string' || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(paymobHmac(transaction, secret), 'hex');
  const given = Buffer.from(received.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
