import { cardSchema } from '../../../domain/card-schema';
import { PaymentDeclinedError, type BrowserPaymentProvider } from './browser-payment';

const TOKEN_PREFIX = 'test_ok_';
const TOKEN_LENGTH = 24;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random letters and digits; rejection sampling keeps every character equally likely. */
export function randomTokenPart(length = TOKEN_LENGTH): string {
  const out: string[] = [];
  const limit = 256 - (256 % ALPHABET.length);
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < limit) out.push(ALPHABET[byte % ALPHABET.length] as string);
      if (out.length === length) break;
    }
  }
  return out.join('');
}

/**
 * Test mode (D3): approves any card that passes the browser checks, charges nothing, and hands
 * back a token the server's `test` provider accepts. The card itself goes nowhere.
 */
export const testPaymentProvider: BrowserPaymentProvider = {
  name: 'test',
  async authorize(card, amount) {
    if (!cardSchema().safeParse(card).success) throw new PaymentDeclinedError('invalid card');
    if (!Number.isFinite(amount) || amount < 0) throw new PaymentDeclinedError('invalid amount');
    return { token: `${TOKEN_PREFIX}${randomTokenPart()}` };
  },
};
