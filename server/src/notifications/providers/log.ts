import { maskAddress } from './provider.ts';
import type { NotificationProvider, OutgoingMessage, ProviderLog } from './provider.ts';

/**
 * The default provider: writes each message to the server log instead of sending it, so that
 * `npm start` works with no account and an operator sees what would go out (D10).
 */
export function logProvider(log: ProviderLog): NotificationProvider {
  return {
    name: 'log',
    send: async (message: OutgoingMessage) => {
      log.info(
        {
          notification: {
            channel: message.channel,
            to: maskAddress(message.address),
            recipient: message.recipient,
            template: message.template,
            language: message.language,
            idempotencyKey: message.idempotencyKey,
          },
        },
        `notification (${message.channel}, not sent: log provider)\n${message.subject ? `${message.subject}\n` : ''}${message.body}`,
      );
      return { ok: true, providerMessageId: null };
    },
  };
}
