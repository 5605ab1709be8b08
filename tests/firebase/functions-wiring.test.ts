import { afterEach, describe, expect, it, vi } from 'vitest';
import * as deployed from '../../functions/src/index';
import { SWEEP_TIMEOUT_SECONDS } from '../../functions/src/platform/notification-triggers';
import { PAYMENT_SWEEP_TIMEOUT_SECONDS } from '../../functions/src/platform/payment-sweeper';
import { CALLBACK_MAX_INSTANCES } from '../../functions/src/platform/https';
import { notificationEnvFromParams } from '../../functions/src/platform/notification-params';
import { z } from 'zod';
import {
  NOTIFICATION_SECRETS,
  notificationEnvShape,
} from '../../server/src/notifications/settings';
import { COLLECTIONS, FUNCTION_NAMES } from '../../src/domain/hosted-store';

// What `firebase deploy` reads of functions/src/index.ts (each function's manifest entry, which
// firebase-functions builds without a project or an emulator): the triggers of the notification
// outbox, who may read the providers' secrets, and the settings the sending functions run with
// (docs/decisions.md D10). The handlers themselves are tested in hosted-notifications.test.ts.

interface Endpoint {
  region?: unknown;
  callableTrigger?: object;
  eventTrigger?: {
    eventType: string;
    eventFilterPathPatterns?: Record<string, string>;
    retry?: boolean;
  };
  scheduleTrigger?: { schedule: string };
  secretEnvironmentVariables?: { key: string }[];
  timeoutSeconds?: number | null;
  maxInstances?: number | null;
  httpsTrigger?: object;
}

const endpoints = Object.entries(deployed).map(
  ([name, fn]) => [name, (fn as unknown as { __endpoint: Endpoint }).__endpoint] as const,
);
const endpoint = (name: string) => endpoints.find(([n]) => n === name)![1];
const secretsOf = (e: Endpoint) => (e.secretEnvironmentVariables ?? []).map((s) => s.key).sort();

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the deployed functions', () => {
  it('the callables are exactly the ones the adapter calls, none of them with a secret', () => {
    const callables = endpoints.filter(([, e]) => e.callableTrigger).map(([name]) => name);
    expect(callables.sort()).toEqual([...FUNCTION_NAMES].sort());
    for (const name of callables) expect(secretsOf(endpoint(name)), name).toEqual([]);
  });

  it('only the two sending functions can read the providers’ secrets', () => {
    const withSecrets = endpoints.filter(([, e]) => secretsOf(e).length > 0).map(([n]) => n);
    expect(withSecrets.sort()).toEqual(['sendNotification', 'sweepNotifications']);
    for (const name of withSecrets) {
      expect(secretsOf(endpoint(name))).toEqual([...NOTIFICATION_SECRETS].sort());
    }
  });

  it('a message is sent when it is written to the outbox, and swept every minute', () => {
    expect(endpoint('sendNotification').eventTrigger).toMatchObject({
      eventType: 'google.cloud.firestore.document.v1.written',
      eventFilterPathPatterns: { document: `${COLLECTIONS.outbox}/{messageId}` },
      // A crashed send is the sweeper's to take up after its lease, not a blind retry's.
      retry: false,
    });
    expect(endpoint('sweepNotifications').scheduleTrigger?.schedule).toBe('every 1 minutes');
    expect(endpoint('sweepNotifications').timeoutSeconds).toBe(SWEEP_TIMEOUT_SECONDS);
  });

  it('payments that always end (D18): tries are reconciled every minute, one sweep at a time', () => {
    const e = endpoint('reconcilePayments');
    expect(e.scheduleTrigger?.schedule).toBe('every 1 minutes');
    expect(e.timeoutSeconds).toBe(PAYMENT_SWEEP_TIMEOUT_SECONDS);
    expect(e.maxInstances).toBe(1);
  });

  it('the weekly summary (D27) is looked at every hour in Cairo, one run at a time, no secret', () => {
    const e = endpoint('weeklySummary') as Endpoint & { scheduleTrigger?: { timeZone?: unknown } };
    expect(e.scheduleTrigger).toMatchObject({
      schedule: 'every 1 hours',
      timeZone: 'Africa/Cairo',
    });
    expect(e.maxInstances).toBe(1);
    expect(secretsOf(e)).toEqual([]);
  });

  it('a flood of forged callbacks runs a bounded number of instances (D18)', () => {
    for (const name of ['paymobCallback', 'paymentCallback']) {
      expect(endpoint(name).httpsTrigger, name).toBeDefined();
      expect(endpoint(name).maxInstances, name).toBe(CALLBACK_MAX_INSTANCES);
    }
  });

  it('every function runs in the one region the adapter calls', () => {
    for (const [name, e] of endpoints) expect(String(e.region), name).toContain('FUNCTIONS_REGION');
  });
});

describe('the notification settings from the params', () => {
  it('tracking links point at the project’s hosting site unless SITE_URL says otherwise', () => {
    vi.stubEnv('FIREBASE_CONFIG', JSON.stringify({ projectId: 'afsh-demo' }));
    expect(notificationEnvFromParams({ secrets: false }).SITE_URL).toBe(
      'https://afsh-demo.web.app',
    );
    vi.stubEnv('SITE_URL', 'https://afsh.example/');
    expect(notificationEnvFromParams({ secrets: false }).SITE_URL).toBe('https://afsh.example');
  });

  it('with nothing set: the log provider, no company recipient, no secret needed', () => {
    vi.stubEnv('FIREBASE_CONFIG', JSON.stringify({ projectId: 'afsh-demo' }));
    const env = notificationEnvFromParams({ secrets: true });
    expect(env.NOTIFY_PROVIDERS).toEqual(['log']);
    expect(env.NOTIFY_COMPANY_WHATSAPP).toBeUndefined();
    expect(env.NOTIFY_COMPANY_EMAIL).toBeUndefined();
    // Retried as the self-hosted server retries with nothing set.
    const server = z.object(notificationEnvShape).parse({});
    expect(server.NOTIFY_MAX_TRIES).toBeGreaterThan(1);
    expect([env.NOTIFY_MAX_TRIES, env.NOTIFY_RETRY_SECONDS, env.NOTIFY_TIMEOUT_SECONDS]).toEqual([
      server.NOTIFY_MAX_TRIES,
      server.NOTIFY_RETRY_SECONDS,
      server.NOTIFY_TIMEOUT_SECONDS,
    ]);
    // The weekly summary goes out when the server's does.
    expect(env.NOTIFY_WEEKLY_SUMMARY).toBe(server.NOTIFY_WEEKLY_SUMMARY);
  });

  it('a provider turned on reads its secret in the sending functions only', () => {
    vi.stubEnv('NOTIFY_PROVIDERS', 'whatsapp');
    vi.stubEnv('WHATSAPP_PHONE_NUMBER_ID', '1234567890');
    vi.stubEnv('WHATSAPP_ACCESS_TOKEN', 'token-from-secret-manager');
    expect(notificationEnvFromParams({ secrets: false }).WHATSAPP_ACCESS_TOKEN).toBeUndefined();
    expect(notificationEnvFromParams({ secrets: true }).WHATSAPP_ACCESS_TOKEN).toBe(
      'token-from-secret-manager',
    );
  });
});
