import { describe, expect, it } from 'vitest';
import type { AnyChannelProvider } from '../../server/src/notifications/providers/channel-provider.ts';
import { CHANNEL_PROVIDERS } from '../../server/src/notifications/providers/registry.ts';
import {
  NOTIFICATION_CHANNEL_PARAMS,
  NOTIFICATION_SECRETS,
  NOTIFY_PROVIDER_NAMES,
} from '../../server/src/notifications/settings.ts';
import { NOTIFICATION_CHANNELS } from '../../src/domain/notifications.ts';

// The channels' registry (D10): one provider module per channel, whose declarations the
// settings, the providers and the hosted build's params and secrets follow.

const registry: readonly AnyChannelProvider[] = CHANNEL_PROVIDERS;
const settingsOf = (provider: AnyChannelProvider) => Object.entries(provider.settings);

describe('the channels’ registry', () => {
  it('has exactly one provider module for each channel of the domain', () => {
    expect(registry.map((provider) => provider.channel).sort()).toEqual(
      [...NOTIFICATION_CHANNELS].sort(),
    );
    expect(NOTIFY_PROVIDER_NAMES).toEqual(['log', ...registry.map((p) => p.channel)]);
  });

  it('declares each setting in one module only', () => {
    const names = registry.flatMap((provider) => settingsOf(provider).map(([name]) => name));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('lets the hosted build set everything a provider requires: a param or a secret', () => {
    for (const provider of registry) {
      for (const [name, setting] of settingsOf(provider)) {
        if (setting.secret === true) {
          expect(NOTIFICATION_SECRETS, name).toContain(name);
          expect(NOTIFICATION_CHANNEL_PARAMS, name).not.toHaveProperty(name);
        } else if (setting.required === true) {
          expect(NOTIFICATION_CHANNEL_PARAMS, name).toHaveProperty(name);
        }
      }
    }
  });

  it('keeps the company’s address on a team channel in one of its own settings, a param', () => {
    const team = registry.filter((provider) => provider.company);
    expect(team.length).toBeGreaterThan(0);
    for (const { channel, settings, company } of team) {
      expect(Object.keys(settings), channel).toContain(company!.setting);
      expect(NOTIFICATION_CHANNEL_PARAMS, channel).toHaveProperty(company!.setting);
    }
  });
});
