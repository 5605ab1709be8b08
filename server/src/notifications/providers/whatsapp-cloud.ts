import { z } from 'zod';
import { e164Phone } from '../../../../src/domain/notifications.ts';
import type { SendOutcome } from '../../../../src/domain/notifications.ts';
import { httpUrl, optional, setting } from '../setting-fields.ts';
import { defineChannelProvider } from './channel-provider.ts';
import { GRAPH_API_URL } from './graph-api-versions.ts';
import { postToProvider, refusal } from './provider.ts';
import type { NotificationProvider, OutgoingMessage } from './provider.ts';

export interface WhatsAppSettings {
  /** `https://graph.facebook.com/v26.0`: a version of the Graph API (graph-api-versions.ts). */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
}

/**
 * Meta's error codes that say "not now" rather than "never": throttling, a temporary outage,
 * a generic error. Every other refusal (a bad token, a template that does not exist, a number
 * that is not on WhatsApp) fails the message at once, so that its SMS fallback goes out.
 */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 80007, 130429, 131000, 131016, 131056, 133004]);

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

interface SendAnswer {
  messages?: { id?: string }[];
}

/**
 * The WhatsApp Business Cloud API (Meta): template messages, which are the only messages a
 * business may start a conversation with. Each template is registered in the WhatsApp Business
 * account under the name and named parameters of src/domain/notifications.ts, in Arabic (`ar`)
 * and English (`en`). The idempotency key travels as `biz_opaque_callback_data` (it comes back
 * in Meta's status webhooks) and as an `Idempotency-Key` header.
 */
export function whatsappCloudProvider(settings: WhatsAppSettings): NotificationProvider {
  const url = `${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp',
    send: (message: OutgoingMessage, signal: AbortSignal): Promise<SendOutcome> =>
      postToProvider(
        url,
        {
          headers: {
            authorization: `Bearer ${settings.accessToken}`,
            'content-type': 'application/json',
            'idempotency-key': message.idempotencyKey,
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.address,
            type: 'template',
            template: {
              name: message.template,
              language: { code: message.language },
              components: [
                {
                  type: 'body',
                  parameters: Object.entries(message.params).map(([name, text]) => ({
                    type: 'text',
                    parameter_name: name,
                    text,
                  })),
                },
              ],
            },
            biz_opaque_callback_data: message.idempotencyKey,
          }),
        },
        signal,
        (status, answer) => {
          const id = (answer as SendAnswer | null)?.messages?.[0]?.id;
          if (status >= 200 && status < 300 && typeof id === 'string') {
            return { ok: true, providerMessageId: id };
          }
          const error = (answer as GraphError | null)?.error;
          const code = typeof error?.code === 'number' ? error.code : null;
          return {
            ...refusal(status, code, error?.message, error?.error_data?.details),
            retry: code !== null && TEMPORARY_CODES.has(code),
          };
        },
      ),
  };
}

/**
 * The WhatsApp channel: customers' messages (SMS after it), the team's number, and the sign-in
 * codes' template (D13, self-hosted only: the hosted build's codes are Firebase Auth's SMS).
 */
export const whatsappCloud = defineChannelProvider({
  channel: 'whatsapp',
  settings: {
    // The company's WhatsApp number, told of every new order.
    NOTIFY_COMPANY_WHATSAPP: {
      schema: z.preprocess(
        optional,
        z
          .string()
          .trim()
          .transform((value, ctx) => {
            const phone = e164Phone(value);
            if (phone === null) {
              ctx.addIssue({
                code: 'custom',
                message: 'must be an Egyptian mobile (01…) or an international number (+…)',
              });
              return z.NEVER;
            }
            return phone;
          })
          .optional(),
      ),
      param: { description: 'The company WhatsApp number told of every new order (empty: none)' },
    },
    // WhatsApp Business Cloud API (Meta): a registered phone number's id and an access token.
    WHATSAPP_API_URL: {
      schema: httpUrl(GRAPH_API_URL),
      param: {
        default: GRAPH_API_URL,
        description:
          'Graph API address with its version (a warning at start within 90 days of its retirement)',
      },
    },
    WHATSAPP_PHONE_NUMBER_ID: {
      schema: setting,
      required: true,
      param: { description: 'The WhatsApp Business phone number id' },
    },
    WHATSAPP_ACCESS_TOKEN: { schema: setting, required: true, secret: true },
    // The authentication template (Meta's fixed text and copy-code button) sign-in codes go in.
    WHATSAPP_CODE_TEMPLATE: {
      schema: z.preprocess(
        optional,
        z
          .string()
          .regex(/^[a-z0-9_]{1,512}$/, 'must be a WhatsApp template name (a-z, 0-9, _)')
          .default('afsh_code'),
      ),
    },
  },
  company: { setting: 'NOTIFY_COMPANY_WHATSAPP', sends: 'WhatsApp messages' },
  create: (settings) =>
    whatsappCloudProvider({
      apiUrl: settings.WHATSAPP_API_URL,
      phoneNumberId: settings.WHATSAPP_PHONE_NUMBER_ID ?? '',
      accessToken: settings.WHATSAPP_ACCESS_TOKEN ?? '',
    }),
});
