// The notification settings of the hosted build (docs/decisions.md D10): the same variables as
// the self-hosted server's (server/src/notifications/settings.ts), read from the functions'
// params and secrets (platform/notification-params.ts) and checked the same way.
import { z } from 'zod';
import type { NotificationRouting, RetryPolicy } from '../../../src/domain/notifications.ts';
import {
  checkNotificationEnv,
  NOTIFICATION_SECRETS,
  notificationEnvShape,
  notificationRouting,
  retryPolicy,
  type NotificationEnv,
} from '../../../server/src/notifications/settings.ts';

export type { NotificationEnv };

const SECRET_KEYS: ReadonlySet<string> = new Set(NOTIFICATION_SECRETS);
const shape = z.object(notificationEnvShape);
const checked = shape.superRefine(checkNotificationEnv);

/**
 * Parses the settings. A function that only queues messages (placing or changing an order) is
 * not given the providers' secrets (`secrets: false`): their absence is then no error. A wrong
 * setting throws, naming the setting and never a value.
 */
export function parseNotificationEnv(
  raw: Readonly<Record<string, string | undefined>>,
  { secrets }: { secrets: boolean },
): NotificationEnv {
  const result = checked.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues.filter(
    (issue) => secrets || !SECRET_KEYS.has(String(issue.path[0])),
  );
  if (issues.length === 0) return shape.parse(raw);
  const lines = issues.map((issue) => `${issue.path.join('.') || 'settings'} ${issue.message}`);
  throw new Error(`Notification settings are invalid:\n  - ${lines.join('\n  - ')}`);
}

/** What queuing and sending need, from the settings. */
export interface NotifySettings {
  routing: NotificationRouting;
  /** NOTIFY_MAX_TRIES: tries of a message without a fallback. */
  maxTries: number;
  retry: RetryPolicy;
  /** NOTIFY_TIMEOUT_SECONDS, in ms: the longest one try may take. */
  timeoutMs: number;
  /** NOTIFY_WEEKLY_SUMMARY: the Cairo time on Saturdays the team's week is sent, null when off. */
  weeklySummary: string | null;
}

export function notifySettingsOf(env: NotificationEnv): NotifySettings {
  return {
    routing: notificationRouting(env),
    maxTries: env.NOTIFY_MAX_TRIES,
    retry: retryPolicy(env),
    timeoutMs: env.NOTIFY_TIMEOUT_SECONDS * 1000,
    weeklySummary: env.NOTIFY_WEEKLY_SUMMARY,
  };
}

/** No settings at all: the `log` provider for every channel, no company recipient (D10). */
export const DEFAULT_NOTIFICATION_ENV: NotificationEnv = parseNotificationEnv(
  {},
  { secrets: true },
);
