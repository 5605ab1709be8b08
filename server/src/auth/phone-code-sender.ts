import type { SendOutcome } from '../../../src/domain/notifications.ts';
import type { DisplayLanguage } from '../../../src/domain/locale.ts';
import { formatDigits } from '../../../src/domain/money.ts';
import type { PhoneCodeChannel } from '../../../src/domain/phone-auth-schema.ts';
import { maskAddress, postToProvider, refusal } from '../notifications/providers/provider.ts';
import type { ProviderLog } from '../notifications/providers/provider.ts';
import { smsSender } from '../notifications/providers/twilio-sms.ts';
import { channelProviders } from '../notifications/settings.ts';
import type { NotificationEnv } from '../notifications/settings.ts';
import { loadTemplateResources } from '../notifications/templates.ts';

export interface CodeDelivery {
  challengeId: string;
  /** E.164. */
  to: string;
  code: string;
  language: DisplayLanguage;
  /** The channel the customer asked for; WhatsApp first otherwise. */
  prefer?: PhoneCodeChannel;
}

export type SentChannel = PhoneCodeChannel | 'log';

export interface PhoneCodeSenderOptions {
  env: NotificationEnv;
  log: ProviderLog;
}

/** The SMS text of each language, from `locales/*\/notifications.json` (`phoneCode.sms`). */
function smsTexts(): Record<DisplayLanguage, string> {
  const resources = loadTemplateResources();
  const text = (language: DisplayLanguage) =>
    (resources[language]?.notifications as { phoneCode?: { sms?: string } } | undefined)?.phoneCode
      ?.sms ?? '{{code}}';
  return { ar: text('ar'), en: text('en') };
}

/**
 * Sends sign-in codes (D13) through the providers the notifications use (D10), but not through
 * the outbox: a code must not be stored in clear or sent again after a restart, and a lost one
 * costs the customer a tap on "resend". WhatsApp first (an authentication template with Meta's
 * copy-code button), SMS when WhatsApp refuses it or the customer asks for SMS. With the `log`
 * provider (the default) the code is written to the server log, so `npm start` works with no
 * account: the operator reads it there.
 */
export class PhoneCodeSender {
  readonly #env: PhoneCodeSenderOptions['env'];
  readonly #log: ProviderLog;
  readonly #texts = smsTexts();
  readonly #host: string;

  constructor(options: PhoneCodeSenderOptions) {
    this.#env = options.env;
    this.#log = options.log;
    this.#host = new URL(options.env.SITE_URL).host;
  }

  /** Which channels can carry a code at all (none: the server answers "not sent"). */
  get available(): boolean {
    const kinds = channelProviders(this.#env);
    return kinds.whatsapp !== null || kinds.sms !== null;
  }

  /** The channel that took the code, or null when none could. Never throws. */
  async send(delivery: CodeDelivery): Promise<SentChannel | null> {
    const kinds = channelProviders(this.#env);
    const order: PhoneCodeChannel[] =
      delivery.prefer === 'sms' ? ['sms', 'whatsapp'] : ['whatsapp', 'sms'];
    for (const channel of order) {
      const kind = kinds[channel];
      if (kind === null) continue;
      if (kind === 'log') {
        this.#log.info(
          {
            phoneCode: {
              challengeId: delivery.challengeId,
              to: maskAddress(delivery.to),
              code: delivery.code,
              channel,
            },
          },
          `phone code ${delivery.code} for ${maskAddress(delivery.to)} (not sent: log provider)`,
        );
        return 'log';
      }
      const outcome = await this.#sendReal(channel, delivery);
      if (outcome.ok) return channel;
      this.#log.warn(
        { phoneCode: { to: maskAddress(delivery.to), channel, error: outcome.error } },
        'phone code not sent',
      );
    }
    return null;
  }

  async #sendReal(channel: PhoneCodeChannel, delivery: CodeDelivery): Promise<SendOutcome> {
    const signal = AbortSignal.timeout(this.#env.NOTIFY_TIMEOUT_SECONDS * 1000);
    try {
      return channel === 'whatsapp'
        ? await this.#whatsapp(delivery, signal)
        : await this.#sms(delivery, signal);
    } catch (error) {
      return { ok: false, retry: true, error: `provider error: ${(error as Error).message}` };
    }
  }

  /**
   * Meta's authentication templates have a fixed text ("{{1}} is your verification code") and a
   * copy-code button whose URL parameter is the code too; their parameters are positional.
   */
  #whatsapp(delivery: CodeDelivery, signal: AbortSignal): Promise<SendOutcome> {
    const env = this.#env;
    const url = `${env.WHATSAPP_API_URL}/${encodeURIComponent(env.WHATSAPP_PHONE_NUMBER_ID ?? '')}/messages`;
    return postToProvider(
      url,
      {
        headers: {
          authorization: `Bearer ${env.WHATSAPP_ACCESS_TOKEN ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: delivery.to.replace(/^\+/, ''),
          type: 'template',
          template: {
            name: env.WHATSAPP_CODE_TEMPLATE,
            language: { code: delivery.language },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: delivery.code }] },
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: delivery.code }],
              },
            ],
          },
        }),
      },
      signal,
      (status, answer) => {
        const id = (answer as { messages?: { id?: string }[] } | null)?.messages?.[0]?.id;
        if (status >= 200 && status < 300 && typeof id === 'string') {
          return { ok: true, providerMessageId: id };
        }
        const error = (answer as { error?: { code?: number; message?: string } } | null)?.error;
        return refusal(status, typeof error?.code === 'number' ? error.code : null, error?.message);
      },
    );
  }

  /** The code in the reader's digits, and Web OTP's last line so a phone's browser can fill it. */
  #sms(delivery: CodeDelivery, signal: AbortSignal): Promise<SendOutcome> {
    const env = this.#env;
    const body = this.#texts[delivery.language]
      .replace('{{code}}', formatDigits(delivery.code, delivery.language))
      .replace('{{host}}', this.#host)
      .replace('{{rawCode}}', delivery.code);
    const send = smsSender({
      apiUrl: env.SMS_API_URL,
      accountSid: env.SMS_ACCOUNT_SID ?? '',
      authToken: env.SMS_AUTH_TOKEN ?? '',
      from: env.SMS_FROM ?? '',
    });
    return send({ address: delivery.to, body, idempotencyKey: delivery.challengeId }, signal);
  }
}
