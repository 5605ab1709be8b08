import type { z } from 'zod';
import type { NotificationChannel } from '../../../../src/domain/notifications.ts';
import type { NotificationProvider } from './provider.ts';

// What a channel's provider module declares (D10): everything the settings, the providers, the
// company's recipients and the hosted build's params need to know of the channel. The registry
// (registry.ts) lists the modules; nothing else names a channel's settings.

/** The hosted build's param of a setting: functions/.env, or asked on the first deploy. */
export interface HostedParam {
  description: string;
  /** Its value when not set; empty by default (not set). */
  default?: string;
}

/** One setting: an environment variable of the server, a param or secret of the functions. */
export type ChannelSetting = {
  schema: z.ZodType;
  /** Must be set when the provider is on (NOTIFY_PROVIDERS names its channel). */
  required?: boolean;
} & (
  | {
      secret?: false;
      /** None: a setting of the self-hosted server only, which the functions do not read. */
      param?: HostedParam;
    }
  | {
      /** Never printed, even when wrong; on the hosted build, a Secret Manager secret that only
       * the sending functions can read. */
      secret: true;
    }
);

export type ChannelSettings = Record<string, ChannelSetting>;

/** A provider's settings as validated. */
export type ChannelSettingValues<S extends ChannelSettings> = {
  [K in keyof S]: z.output<S[K]['schema']>;
};

/** The settings whose value is text (or not set): what can hold an address. */
type TextSetting<S extends ChannelSettings> = {
  [K in keyof S & string]: ChannelSettingValues<S>[K] extends string | undefined ? K : never;
}[keyof S & string];

export interface ChannelProvider<C extends NotificationChannel, S extends ChannelSettings> {
  /** The channel it carries; also its name in NOTIFY_PROVIDERS and in the outbox's records. */
  channel: C;
  /** Its settings by variable name, each in one provider only. */
  settings: S;
  /**
   * For a channel the team hears new orders on: the setting that holds the company's address
   * on it, and what the provider sends, for the settings' messages ("no provider sends email").
   */
  company?: { setting: TextSetting<S>; sends: string };
  /** The provider, from settings that passed the checks (each required one is set). */
  create(settings: ChannelSettingValues<S>, context: { timeoutMs: number }): NotificationProvider;
}

/** Any channel's provider module, as the registry's readers go through them. */
export interface AnyChannelProvider {
  readonly channel: NotificationChannel;
  readonly settings: ChannelSettings;
  readonly company?: { setting: string; sends: string };
  create(
    settings: Readonly<Record<string, unknown>>,
    context: { timeoutMs: number },
  ): NotificationProvider;
}

/** Declares a channel's provider module, keeping its settings' names and types. */
export function defineChannelProvider<C extends NotificationChannel, S extends ChannelSettings>(
  provider: ChannelProvider<C, S>,
): ChannelProvider<C, S> {
  return provider;
}
