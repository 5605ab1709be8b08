import type { NotificationChannel, SendOutcome } from '../../../../src/domain/notifications.ts';
import { channelProviders } from '../settings.ts';
import type { NotificationEnv } from '../settings.ts';
import { checkGraphApiVersion, graphApiVersionWarning } from './graph-api-versions.ts';
import { logProvider } from './log.ts';
import type { NotificationProvider, OutgoingMessage, ProviderLog } from './provider.ts';
import { REGISTERED_CHANNELS } from './registry.ts';

export type Providers = Partial<Record<NotificationChannel, NotificationProvider>>;

/**
 * The provider of each channel, from validated settings (settings.ts checked that each named
 * provider has its details): the real one, the log, or none (the channel is off).
 */
export function createProviders(
  env: NotificationEnv,
  log: ProviderLog,
  now: Date = new Date(),
): Providers {
  const kinds = channelProviders(env);
  // Once, when the providers are made (the server's start, a function instance's first send):
  // a Graph API version Meta retires soon, or has retired, is said in the log (D20).
  if (kinds.whatsapp === 'real') {
    const warning = graphApiVersionWarning(env.WHATSAPP_API_URL, now);
    if (warning) {
      log.warn(
        {
          whatsappApiUrl: env.WHATSAPP_API_URL,
          check: checkGraphApiVersion(env.WHATSAPP_API_URL, now),
        },
        warning,
      );
    }
  }
  const context = { timeoutMs: env.NOTIFY_TIMEOUT_SECONDS * 1000 };
  const providers: Providers = {};
  for (const provider of REGISTERED_CHANNELS) {
    const { channel } = provider;
    // Each module reads its own settings from the whole of them.
    if (kinds[channel] === 'real') providers[channel] = provider.create(env, context);
    else if (kinds[channel] === 'log') providers[channel] = logProvider(log);
  }
  return providers;
}

/**
 * One try of `message` on its channel's provider: the outcome (never a throw) and the name the
 * outbox records as its provider. Shared by the server's worker and the hosted build's sender.
 */
export async function tryToSend(
  providers: Providers,
  message: OutgoingMessage,
  signal: AbortSignal,
): Promise<{ outcome: SendOutcome; providerName: string }> {
  const provider = providers[message.channel];
  if (!provider) {
    // Its channel was turned off since the message was queued: nothing can send it.
    const error = `no provider for ${message.channel} is configured`;
    return { outcome: { ok: false, retry: false, error }, providerName: message.channel };
  }
  try {
    return { outcome: await provider.send(message, signal), providerName: provider.name };
  } catch (error) {
    // A provider must not throw; if one does, it is a bug worth a retry and a log line.
    const outcome = {
      ok: false as const,
      retry: true,
      error: `provider error: ${(error as Error).message}`,
    };
    return { outcome, providerName: provider.name };
  }
}

export type { NotificationProvider, OutgoingMessage, ProviderLog } from './provider.ts';
