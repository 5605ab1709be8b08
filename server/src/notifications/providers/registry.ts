import type { NotificationChannel } from '../../../../src/domain/notifications.ts';
import type { AnyChannelProvider } from './channel-provider.ts';
import { smtpEmail } from './smtp-email.ts';
import { twilioSms } from './twilio-sms.ts';
import { whatsappCloud } from './whatsapp-cloud.ts';

/**
 * Every channel's provider module, one line each (D10): the settings (settings.ts), the
 * providers (index.ts), the company's recipients and the hosted build's params and secrets all
 * follow this list. A new channel is its module beside these, its line here, and its name in the
 * domain's NOTIFICATION_CHANNELS (with its label in the admin's translations).
 */
export const CHANNEL_PROVIDERS = [whatsappCloud, twilioSms, smtpEmail] as const;

// Every channel of the domain has its provider here: a missing one names itself.
type Missing = Exclude<NotificationChannel, (typeof CHANNEL_PROVIDERS)[number]['channel']>;
const everyChannel: [Missing] extends [never] ? true : Missing = true;
void everyChannel;

/** The same list, each entry seen as any channel's provider: what the settings and senders loop over. */
export const REGISTERED_CHANNELS: readonly AnyChannelProvider[] = CHANNEL_PROVIDERS;
