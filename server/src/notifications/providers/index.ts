import type { NotificationChannel } from '../../../../src/domain/notifications.ts';
import { channelProviders } from '../settings.ts';
import type { NotificationEnv } from '../settings.ts';
import { logProvider } from './log.ts';
import type { NotificationProvider, ProviderLog } from './provider.ts';
import { smtpEmailProvider } from './smtp-email.ts';
import { twilioSmsProvider } from './twilio-sms.ts';
import { whatsappCloudProvider } from './whatsapp-cloud.ts';

export type Providers = Partial<Record<NotificationChannel, NotificationProvider>>;

/**
 * The provider of each channel, from validated settings (settings.ts checked that each named
 * provider has its details): the real one, the log, or none (the channel is off).
 */
export function createProviders(env: NotificationEnv, log: ProviderLog): Providers {
  const kinds = channelProviders(env);
  const timeoutMs = env.NOTIFY_TIMEOUT_SECONDS * 1000;
  const real: Record<NotificationChannel, () => NotificationProvider> = {
    whatsapp: () =>
      whatsappCloudProvider({
        apiUrl: env.WHATSAPP_API_URL,
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
        accessToken: env.WHATSAPP_ACCESS_TOKEN ?? '',
      }),
    sms: () =>
      twilioSmsProvider({
        apiUrl: env.SMS_API_URL,
        accountSid: env.SMS_ACCOUNT_SID ?? '',
        authToken: env.SMS_AUTH_TOKEN ?? '',
        from: env.SMS_FROM ?? '',
      }),
    email: () =>
      smtpEmailProvider({ smtpUrl: env.SMTP_URL ?? '', from: env.MAIL_FROM ?? '', timeoutMs }),
  };
  const providers: Providers = {};
  for (const channel of ['whatsapp', 'sms', 'email'] as const) {
    const kind = kinds[channel];
    if (kind === 'real') providers[channel] = real[channel]();
    else if (kind === 'log') providers[channel] = logProvider(log);
  }
  return providers;
}

export type { NotificationProvider, OutgoingMessage, ProviderLog } from './provider.ts';
