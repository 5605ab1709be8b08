import { createTransport } from 'nodemailer';
import { z } from 'zod';
import type { SendOutcome } from '../../../../src/domain/notifications.ts';
import { optional, setting } from '../setting-fields.ts';
import { defineChannelProvider } from './channel-provider.ts';
import type { NotificationProvider, OutgoingMessage } from './provider.ts';

export interface EmailSettings {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. */
  smtpUrl: string;
  /** `Afsh <orders@example.com>`. */
  from: string;
  timeoutMs: number;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Nodemailer's codes for a connection that failed on the way, which a later try may not meet. */
const NETWORK_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET']);

function outcomeOf(error: SmtpError): SendOutcome {
  const text = [error.code, error.responseCode, error.response ?? error.message]
    .filter((part) => part !== undefined && part !== '')
    .join(': ');
  // SMTP says which is which: 4xx "try again later", 5xx "this will not work".
  const retry =
    typeof error.responseCode === 'number'
      ? error.responseCode < 500
      : NETWORK_CODES.has(error.code ?? '');
  return { ok: false, retry, error: text || 'the SMTP server refused the message' };
}

/**
 * Email over SMTP with Nodemailer. The message's idempotency key is its Message-ID, which mail
 * systems use to recognise a message they have already received.
 */
export function smtpEmailProvider(settings: EmailSettings): NotificationProvider {
  const transport = createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'afsh.invalid';
  return {
    name: 'email',
    send: async (message: OutgoingMessage, signal: AbortSignal): Promise<SendOutcome> => {
      const sending = transport
        .sendMail({
          from: settings.from,
          to: message.address,
          subject: message.subject,
          text: message.body,
          messageId: `<${message.idempotencyKey}@${domain}>`,
          headers: {
            'Idempotency-Key': message.idempotencyKey,
            'Content-Language': message.language,
          },
        })
        .then(
          (info): SendOutcome => ({ ok: true, providerMessageId: String(info.messageId) }),
          (error: unknown): SendOutcome => outcomeOf(error as SmtpError),
        );
      const timedOut = new Promise<SendOutcome>((resolve) => {
        const onAbort = () => resolve({ ok: false, retry: true, error: 'timed out' });
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
      return Promise.race([sending, timedOut]);
    },
    close: async () => {
      transport.close();
    },
  };
}

/** The email channel: the team's address for new orders, over SMTP. */
export const smtpEmail = defineChannelProvider({
  channel: 'email',
  settings: {
    // The company's address, told of every new order.
    NOTIFY_COMPANY_EMAIL: {
      schema: z.preprocess(
        optional,
        z.string().trim().regex(z.regexes.email, 'must be an email address').optional(),
      ),
      param: { description: 'The address told of every new order (empty: none)' },
    },
    // smtp://user:password@host:587 (STARTTLS) or smtps://…:465.
    SMTP_URL: {
      schema: z.preprocess(
        optional,
        z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
      ),
      required: true,
      secret: true,
    },
    MAIL_FROM: {
      schema: setting,
      required: true,
      param: { description: 'The From of emails: Afsh <orders@example.com>' },
    },
  },
  company: { setting: 'NOTIFY_COMPANY_EMAIL', sends: 'email' },
  create: (settings, { timeoutMs }) =>
    smtpEmailProvider({
      smtpUrl: settings.SMTP_URL ?? '',
      from: settings.MAIL_FROM ?? '',
      timeoutMs,
    }),
});
