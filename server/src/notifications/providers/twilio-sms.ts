import type { SendOutcome } from '../../../../src/domain/notifications.ts';
import { httpUrl, setting } from '../setting-fields.ts';
import { defineChannelProvider } from './channel-provider.ts';
import { postToProvider, refusal } from './provider.ts';
import type { NotificationProvider, OutgoingMessage } from './provider.ts';

export interface SmsSettings {
  /** `https://api.twilio.com/2010-04-01`, or a gateway that speaks the same API. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A sender number (+…), an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
}

/** Twilio's codes for "too many requests" and "try again": the rest are the message's fault. */
const TEMPORARY_CODES = new Set([20429, 20500, 20503, 30001]);

interface TwilioAnswer {
  sid?: string;
  code?: number;
  message?: string;
}

/**
 * An HTTP SMS gateway with Twilio's Messages API: form-encoded `To`, `From` (or
 * `MessagingServiceSid`) and `Body`, basic authentication with the account SID and auth token.
 * The idempotency key travels as an `Idempotency-Key` header, which gateways that deduplicate
 * honour.
 */
export function twilioSmsProvider(settings: SmsSettings): NotificationProvider {
  const send = smsSender(settings);
  return {
    name: 'sms',
    send: (message: OutgoingMessage, signal: AbortSignal) => send(message, signal),
  };
}

/** One SMS through the gateway: what a text needs and nothing of the outbox's messages. */
export function smsSender(
  settings: SmsSettings,
): (
  message: Pick<OutgoingMessage, 'address' | 'body' | 'idempotencyKey'>,
  signal: AbortSignal,
) => Promise<SendOutcome> {
  const url = `${settings.apiUrl}/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = /^MG[0-9a-f]{32}$/i.test(settings.from)
    ? { MessagingServiceSid: settings.from }
    : { From: settings.from };
  return (message, signal) =>
    postToProvider(
      url,
      {
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': message.idempotencyKey,
        },
        body: new URLSearchParams({
          To: message.address,
          ...sender,
          Body: message.body,
        }).toString(),
      },
      signal,
      (status, answer) => {
        const reply = answer as TwilioAnswer | null;
        if (status >= 200 && status < 300 && typeof reply?.sid === 'string') {
          return { ok: true, providerMessageId: reply.sid };
        }
        const code = typeof reply?.code === 'number' ? reply.code : null;
        return {
          ...refusal(status, code, reply?.message),
          retry: code !== null && TEMPORARY_CODES.has(code),
        };
      },
    );
}

const TWILIO_API_URL = 'https://api.twilio.com/2010-04-01';

/**
 * The SMS channel: customers' messages when WhatsApp fails or is off, and sign-in codes (D13).
 * An HTTP SMS gateway with Twilio's Messages API: account SID, auth token, sender.
 */
export const twilioSms = defineChannelProvider({
  channel: 'sms',
  settings: {
    SMS_API_URL: {
      schema: httpUrl(TWILIO_API_URL),
      param: {
        default: TWILIO_API_URL,
        description: 'An SMS gateway with the Twilio Messages API',
      },
    },
    SMS_ACCOUNT_SID: {
      schema: setting,
      required: true,
      param: { description: 'The SMS gateway account SID' },
    },
    SMS_AUTH_TOKEN: { schema: setting, required: true, secret: true },
    // A sender number (+…), an alphanumeric sender id, or a Messaging Service SID (MG…).
    SMS_FROM: {
      schema: setting,
      required: true,
      param: { description: 'Sender number, sender id, or Messaging Service SID (MG…)' },
    },
  },
  create: (settings) =>
    twilioSmsProvider({
      apiUrl: settings.SMS_API_URL,
      accountSid: settings.SMS_ACCOUNT_SID ?? '',
      authToken: settings.SMS_AUTH_TOKEN ?? '',
      from: settings.SMS_FROM ?? '',
    }),
});
