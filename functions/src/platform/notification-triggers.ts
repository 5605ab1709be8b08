// The sending functions of the notification outbox (docs/decisions.md D10): a Firestore trigger
// that sends a message as soon as it is written waiting and due (queued by an order's
// transaction, queued again by "send again", or an SMS stand-in), and a scheduled sweeper that
// sends retries whose wait is over and messages a dead sender left behind. Their work is in
// notifications/sender.ts; this file only wires it to firebase-functions.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { COLLECTIONS } from '../../../src/domain/hosted-store.ts';
import { createProviders } from '../../../server/src/notifications/providers/index.ts';
import { notifySettingsOf } from '../notifications/notify-settings.ts';
import { firestoreOutbox } from '../notifications/outbox-repository.ts';
import {
  dueOnWrite,
  sendOutboxMessage,
  sweepOutbox,
  type SenderDeps,
  type SenderLog,
} from '../notifications/sender.ts';
import { notificationEnvFromParams, NOTIFY_SECRETS } from './notification-params.ts';
import { REGION } from './params.ts';

const log: SenderLog = {
  info: (object, message) => logger.info(message, object),
  warn: (object, message) => logger.warn(message, object),
  error: (object, message) => logger.error(message, object),
};

let deps: SenderDeps | null = null;

/** Built once per instance: the settings are checked (a wrong one fails every send loudly). */
function senderDeps(): SenderDeps {
  if (!deps) {
    const env = notificationEnvFromParams({ secrets: true });
    const db = getFirestore(getApps()[0] ?? initializeApp());
    deps = {
      outbox: firestoreOutbox(db),
      providers: createProviders(env, log),
      notify: notifySettingsOf(env),
      log,
    };
  }
  return deps;
}

/** Sends a message written waiting and due; the claim makes a twice-delivered event harmless. */
export function outboxSender() {
  return onDocumentWritten(
    { document: `${COLLECTIONS.outbox}/{messageId}`, region: REGION, secrets: NOTIFY_SECRETS },
    async (event) => {
      if (!dueOnWrite(event.data?.after.data(), new Date())) return;
      await sendOutboxMessage(event.params.messageId, senderDeps());
    },
  );
}

/** How long a sweep may run, and the margin it keeps to record its last tries. */
export const SWEEP_TIMEOUT_SECONDS = 300;
const SWEEP_MARGIN_MS = 20_000;

/** Every minute: retries that came due, and messages whose sender died mid-send (lease over). */
export function outboxSweeper() {
  return onSchedule(
    {
      schedule: 'every 1 minutes',
      region: REGION,
      secrets: NOTIFY_SECRETS,
      timeoutSeconds: SWEEP_TIMEOUT_SECONDS,
    },
    async () => {
      const budgetMs = SWEEP_TIMEOUT_SECONDS * 1000 - SWEEP_MARGIN_MS;
      const tried = await sweepOutbox(senderDeps(), { budgetMs });
      if (tried > 0) logger.info('notifications: swept the outbox', { tried });
    },
  );
}
