import { z } from 'zod';
import { normalizeDigits } from './digits';
import { PHONE_CODE_DIGITS } from './phone-verification';
import { toE164Egyptian } from './phone';
import { egyptianMobile, object } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Signing in with a mobile number (D13): asking for a code and typing it. Its own module, so the
// booking's details step and the sign-in page build only these two schemas.

export const PHONE_CODE_CHANNELS = ['whatsapp', 'sms'] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];

export const phoneCodeRequestSchema = object({
  phone: egyptianMobile(M.phoneRequired).transform((national) => toE164Egyptian(national)!),
  /** The language of the message; the booking's or the page's. */
  language: z.enum(['ar', 'en']).catch('ar'),
  /** SMS when the customer asks for it (no WhatsApp on that number); WhatsApp first otherwise. */
  channel: z.enum(PHONE_CODE_CHANNELS).optional().catch(undefined),
});
export type PhoneCodeRequest = z.output<typeof phoneCodeRequestSchema>;

const CHALLENGE_ID = /^[A-Za-z0-9_-]{16,64}$/;
const CODE = new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`);

export const phoneCodeVerifySchema = object({
  challengeId: z.string({ error: M.codeRequired }).regex(CHALLENGE_ID, { error: M.codeRequired }),
  // Typed in Arabic-Indic digits, with spaces, or pasted from the message: digits are what count.
  code: z
    .string({ error: M.codeRequired })
    .transform((value) => normalizeDigits(value).replace(/[\s\-\u200e\u200f\u061c]/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: M.codeRequired, abort: true })
        .regex(CODE, { error: M.codeInvalid }),
    ),
});
export type PhoneCodeVerify = z.output<typeof phoneCodeVerifySchema>;

/** What asking for a code answers: where it went and when another may be asked for. */
export interface PhoneChallenge {
  challengeId: string;
  /** E.164, as it was sent to. */
  phone: string;
  /** How it was sent; `log` when the server only printed it (no provider configured). */
  channel: PhoneCodeChannel | 'log';
  expiresInSeconds: number;
  resendInSeconds: number;
}
