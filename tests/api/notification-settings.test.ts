import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifiedSessionCookie } from '../../scripts/lib/order-body.ts';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { EnvError, loadEnv } from '../../server/src/plugins/env.ts';
import { channelProviders, notificationRouting } from '../../server/src/notifications/settings.ts';
import { NOTIFICATION_CHANNELS } from '../../src/domain/notifications.ts';
import { orderBody } from './order-fixtures.ts';

// Notification settings (D10) are validated at start-up like every other setting, and with none
// at all the server logs each message instead of sending it.

/** The same provider kind for every channel the domain knows. */
const everyChannel = (kind: 'log' | null) =>
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, kind]));

function envError(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('the settings were accepted');
}

describe('notification settings', () => {
  it('default to the log provider for every channel, with no company recipient', () => {
    const env = loadEnv({});
    expect(env.NOTIFY_PROVIDERS).toEqual(['log']);
    expect(channelProviders(env)).toEqual(everyChannel('log'));
    expect(channelProviders(env)).toMatchObject({ whatsapp: 'log', sms: 'log', email: 'log' });
    const routing = notificationRouting(env);
    expect(routing.customerChannels).toEqual(['whatsapp', 'sms']);
    expect(routing.company).toEqual({ whatsapp: undefined, email: undefined, language: 'ar' });
    expect(routing.siteUrl).toBe('http://localhost:8080');
    expect(notificationRouting(loadEnv({ VITE_SITE_URL: 'https://afsh.example/' })).siteUrl).toBe(
      'https://afsh.example',
    );
  });

  it('a provider turned on without its details names what is missing, and prints no secret', () => {
    const message = envError({ NOTIFY_PROVIDERS: 'whatsapp,sms', SMS_AUTH_TOKEN: 'sekret-token' });
    expect(message).toContain(
      'WHATSAPP_PHONE_NUMBER_ID: is required when NOTIFY_PROVIDERS includes whatsapp',
    );
    expect(message).toContain('WHATSAPP_ACCESS_TOKEN');
    expect(message).toContain('SMS_ACCOUNT_SID');
    expect(message).toContain('SMS_FROM');
    expect(message).not.toContain('SMS_AUTH_TOKEN');

    const smtp = envError({
      NOTIFY_PROVIDERS: 'email',
      SMTP_URL: 'http://user:pw-secret@mail',
      MAIL_FROM: 'a@b.c',
    });
    expect(smtp).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(smtp).not.toContain('pw-secret');
  });

  it('refuses an unknown provider, a bad company number, and a recipient no provider serves', () => {
    expect(envError({ NOTIFY_PROVIDERS: 'pigeon' })).toContain('NOTIFY_PROVIDERS');
    expect(envError({ NOTIFY_COMPANY_WHATSAPP: '12345' })).toContain('NOTIFY_COMPANY_WHATSAPP');
    expect(
      envError({
        NOTIFY_PROVIDERS: 'sms',
        SMS_ACCOUNT_SID: 'AC1',
        SMS_AUTH_TOKEN: 't',
        SMS_FROM: 'Afsh',
        NOTIFY_COMPANY_EMAIL: 'ops@afsh.example',
      }),
    ).toContain('NOTIFY_COMPANY_EMAIL: is set but no provider sends email');
    // "off" sends nothing: no channel at all.
    expect(channelProviders(loadEnv({ NOTIFY_PROVIDERS: 'off' }))).toEqual(everyChannel(null));
    // Only SMS for customers when WhatsApp is not set up.
    const sms = loadEnv({
      NOTIFY_PROVIDERS: 'sms',
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 't',
      SMS_FROM: 'Afsh',
    });
    expect(notificationRouting(sms).customerChannels).toEqual(['sms']);
    expect(loadEnv({ NOTIFY_COMPANY_WHATSAPP: '010 1234 5678' }).NOTIFY_COMPANY_WHATSAPP).toBe(
      '+201012345678',
    );
  });
});

describe('npm start with no settings', () => {
  let tmp: string;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'afsh-notify-log-'));
  });

  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('logs the messages of a booking instead of sending them', async () => {
    const server = await startServerProcess({
      env: { DATABASE_PATH: join(tmp, 'afsh.sqlite'), NODE_ENV: 'test', LOG_LEVEL: 'info' },
    });
    try {
      // The customer proves the order's number (D13) with the code the log provider printed.
      const cookie = await verifiedSessionCookie(server);
      const res = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(orderBody({ notifyConsent: true, language: 'en' })),
      });
      expect(res.status).toBe(201);
      const { order } = (await res.json()) as { order: { orderNumber: string } };
      // The sign-in code was logged too ("phone code … (not sent: log provider)"): wait for the
      // booking's own message.
      await vi.waitFor(
        () => expect(server.output()).toContain('notification (whatsapp, not sent: log provider)'),
        { timeout: 10_000, interval: 50 },
      );
      const output = server.output();
      expect(output).toContain('notification (whatsapp, not sent: log provider)');
      expect(output).toContain(`We have your order ${order.orderNumber}`);
      // The phone is masked in the log.
      expect(output).toContain('+2010••••5678');
      expect(output).not.toContain('+201012345678');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);
});
