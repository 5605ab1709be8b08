// The notification settings of the deployment (docs/decisions.md D10), as firebase-functions
// params: the same names as the self-hosted server's variables (README, "Notifications"). The
// providers' credentials are secrets (Cloud Secret Manager), given only to the functions that
// send; the rest are plain params (functions/.env, or answered on the first deploy).
import { defineSecret, defineString, projectID } from 'firebase-functions/params';
import { DEFAULT_WEEKLY_SUMMARY_TIME } from '../../../src/domain/weekly-summary.ts';
import {
  NOTIFICATION_CHANNEL_PARAMS,
  NOTIFICATION_SECRETS,
  NOTIFY_PROVIDER_NAMES,
} from '../../../server/src/notifications/settings.ts';
import {
  DEFAULT_NOTIFICATION_ENV,
  parseNotificationEnv,
  type NotificationEnv,
} from '../notifications/notify-settings.ts';

/** The providers' credentials: declared on the sending functions only. */
export const NOTIFY_SECRETS = NOTIFICATION_SECRETS.map((name) => defineSecret(name));

const PLAIN: Readonly<Record<string, { default: string; description: string }>> = {
  NOTIFY_PROVIDERS: {
    default: 'log',
    description: `log (messages go to the functions log), or any of ${NOTIFY_PROVIDER_NAMES.filter((name) => name !== 'log').join(',')}; off sends nothing`,
  },
  NOTIFY_COMPANY_LANGUAGE: { default: 'ar', description: 'ar or en: the team messages language' },
  // The defaults are the self-hosted server's (settings.ts), so the two builds retry alike.
  NOTIFY_MAX_TRIES: {
    default: String(DEFAULT_NOTIFICATION_ENV.NOTIFY_MAX_TRIES),
    description: 'Tries per message, the first included',
  },
  NOTIFY_RETRY_SECONDS: {
    default: String(DEFAULT_NOTIFICATION_ENV.NOTIFY_RETRY_SECONDS),
    description: 'Wait after the first failed try (doubles)',
  },
  NOTIFY_TIMEOUT_SECONDS: {
    default: String(DEFAULT_NOTIFICATION_ENV.NOTIFY_TIMEOUT_SECONDS),
    description: 'The longest one try may take',
  },
  NOTIFY_WEEKLY_SUMMARY: {
    default: DEFAULT_WEEKLY_SUMMARY_TIME,
    description:
      'HH:MM (Cairo): when the weekly summary goes to the team on Saturdays (checked hourly), or off',
  },
  SITE_URL: {
    default: '',
    description:
      'The public address of the site, for the tracking links in messages (empty: https://<project>.web.app)',
  },
  // Each channel's account, sender and company address, as its provider module declares them.
  ...NOTIFICATION_CHANNEL_PARAMS,
};

const PARAMS = Object.entries(PLAIN).map(
  ([name, options]) => [name, defineString(name, options)] as const,
);

/** Firebase Hosting's default site of a project. */
export function defaultSiteUrl(projectId: string): string {
  return `https://${projectId}.web.app`;
}

/**
 * The settings now. `secrets: true` only in a function that declared NOTIFY_SECRETS (a function
 * that merely queues messages cannot read them, and does not need them).
 */
export function notificationEnvFromParams({ secrets }: { secrets: boolean }): NotificationEnv {
  const raw: Record<string, string> = Object.fromEntries(
    PARAMS.map(([name, param]) => [name, param.value()]),
  );
  // The hosting site's own address unless the site has another one (a custom domain).
  const project = projectID.value();
  if (!raw.SITE_URL && project) raw.SITE_URL = defaultSiteUrl(project);
  if (secrets) {
    NOTIFY_SECRETS.forEach((secret, i) => {
      raw[NOTIFICATION_SECRETS[i]!] = secret.value();
    });
  }
  return parseNotificationEnv(raw, { secrets });
}
