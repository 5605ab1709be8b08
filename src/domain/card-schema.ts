import { z } from 'zod';
import { isCvvValid, isExpiryValid, luhnValid, normalizeCardNumber, parseExpiry } from './card';
import { normalizeDigits } from './digits';
import { object, text } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The card form (D3: checked in the browser, never sent to our backend), loaded with the payment
// screen and the test payment provider only.

export const CARD_HOLDER_MIN = 2;
export const CARD_HOLDER_MAX = 80;

function cardField() {
  return z
    .string({ error: M.cardIncomplete })
    .trim()
    .min(1, { error: M.cardIncomplete, abort: true });
}

export function cardSchema(now?: Date) {
  return object({
    cardNumber: cardField()
      .refine(luhnValid, { error: M.cardNumberInvalid })
      .transform(normalizeCardNumber),
    cardHolder: text(M.cardIncomplete, CARD_HOLDER_MIN, CARD_HOLDER_MAX, M.cardHolderLength, {
      letters: true,
    }),
    expiry: cardField()
      .refine((value) => parseExpiry(value) !== null, { error: M.cardExpiryInvalid, abort: true })
      .refine((value) => isExpiryValid(value, now ?? new Date()), { error: M.cardExpired })
      .transform((value) => normalizeDigits(value).replace(/\s/g, '')),
    cvv: cardField()
      .refine(isCvvValid, { error: M.cardCvvInvalid })
      .transform((value) => normalizeDigits(value)),
  });
}
export type CardInput = z.output<ReturnType<typeof cardSchema>>;
