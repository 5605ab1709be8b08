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

// Each signed field has a documented shape (the callback guide's sample and the transaction
// object: ids and amounts are whole numbers, flags true/false, the time an ISO timestamp, the
// currency three capital letters). The signature covers the values joined with no separator, so
// a signature alone does not say where one value ends: "50000" then "2026-05-20T…" reads the
// same as "500002" then "026-05-20T…". Checked for shape first, every boundary is fixed: a run of
// digits is followed by a letter or a four-digit year, and a flag is a whole word. The one run
// of two numbers, the transaction id then the integration id, is fixed because the integration
// must be one of ours (D18).

const WHOLE = /^[1-9][0-9]{0,19}$/;
const AMOUNT = /^(0|[1-9][0-9]{0,15})$/;
const FLAG = /^(true|false)$/;
const TIMESTAMP =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})?$/;
const CURRENCY = /^[A-Z]{3}$/;
/** A card's last digits or masked number, or a wallet's phone number (digits, *, x, +, -). */
const PAN = /^[0-9*xX+ -]{0,30}$/;
const WORD = /^[A-Za-z][A-Za-z0-9 _-]{0,39}$/;

/** Each signed field's shape, as its value enters the signed string; optional ones may be empty. */
const SHAPES: Record<(typeof PAYMOB_HMAC_FIELDS)[number], { shape: RegExp; optional?: true }> = {
  amount_cents: { shape: AMOUNT },
  created_at: { shape: TIMESTAMP },
  currency: { shape: CURRENCY },
  error_occured: { shape: FLAG },
  has_parent_transaction: { shape: FLAG },
  id: { shape: WHOLE },
  integration_id: { shape: WHOLE },
  is_3d_secure: { shape: FLAG },
  is_auth: { shape: FLAG },
  is_capture: { shape: FLAG },
  is_refunded: { shape: FLAG },
  is_standalone_payment: { shape: FLAG },
  is_voided: { shape: FLAG },
  'order.id': { shape: WHOLE },
  owner: { shape: WHOLE },
  pending: { shape: FLAG },
  'source_data.pan': { shape: PAN, optional: true },
  'source_data.sub_type': { shape: WORD, optional: true },
  'source_data.type': { shape: WORD, optional: true },
  success: { shape: FLAG },
};

/**
 * The first signed field of `transaction` that is not of its documented shape (missing, where
 * it may not be, counts), or an integration that is not one of `integrationIds`; null when all
 * are. A callback with such a field is refused before its signature is even computed.
 */
export function malformedSignedField(
  transaction: unknown,
  integrationIds: readonly number[],
): string | null {
  for (const field of PAYMOB_HMAC_FIELDS) {
    const raw = valueAt(transaction, field);
    const { shape, optional } = SHAPES[field];
    if (raw === undefined || raw === null) {
      if (optional) continue;
      return field;
    }
    if (typeof raw === 'object') return field;
    const text = asSigned(raw);
    if (optional && text === '') continue;
    if (!shape.test(text)) return field;
  }
  const integration = Number(asSigned(valueAt(transaction, 'integration_id')));
  return integrationIds.includes(integration) ? null : 'integration_id';
}
