/**
 * What an admin does to an order's messages from the desk (D10), decided once: "send again" for
 * a failed message, and "stop messages to the customer". Each decision takes what is stored and
 * returns what changes; the server's notifications service, the functions' desk handlers and the
 * memory adapter only load, call and store, in one transaction.
 */
import { RuleViolation } from './errors';
import { triesFor, type NotificationMessage } from './notifications';
import { ORDER_MESSAGES } from './order';

export const NOTIFICATION_MESSAGES = {
  notFound: 'errors:notifications.notFound',
  notFailed: 'errors:notifications.notFailed',
} as const;

/** NOTIFY_MAX_TRIES when it is not set: tries per message, the first included. */
export const DEFAULT_NOTIFY_MAX_TRIES = 6;

/** What "send again" sets on a failed message. */
export interface ResendChange {
  state: 'pending';
  /** The tries it had, and a new round of them. */
  maxTries: number;
  /** Due at once. */
  nextAttemptAt: string;
  updatedAt: string;
}

/**
 * "Send again", at `at` (ISO): only a failed message, which gets a new round of tries, as many
 * as a message without a fallback gets (`maxTries` configured, NOTIFY_MAX_TRIES), due at once;
 * its idempotency key stays, so a provider that did deliver it delivers it once. Throws
 * `not-found` for no message, `failed-precondition` for one that has not failed.
 */
export function decideResend(
  message: Pick<NotificationMessage, 'state' | 'tries'> | null,
  maxTries: number,
  at: string,
): ResendChange {
  if (!message) throw new RuleViolation('not-found', NOTIFICATION_MESSAGES.notFound);
  if (message.state !== 'failed') {
    throw new RuleViolation('failed-precondition', NOTIFICATION_MESSAGES.notFailed);
  }
  return {
    state: 'pending',
    maxTries: message.tries + triesFor(maxTries, false),
    nextAttemptAt: at,
    updatedAt: at,
  };
}

/** What "stop messages to the customer" changes. */
export interface StopCustomerDecision {
  /** The order's consent to messages, withdrawn: no new customer message is planned. */
  order: { notifyConsent: false };
  /** The ids of the messages dropped, each set to `change`. */
  cancel: string[];
  change: { state: 'cancelled'; updatedAt: string };
}

/**
 * The customer asked us to stop (by phone, WhatsApp or the contact form, as the privacy policy
 * says), at `at`: their consent on the order is withdrawn, and of the order's `messages` those
 * to the customer that wait to be sent are dropped. One being sent right now goes on; messages
 * to the team are not affected. Throws `not-found` (errors:orderNotFound) when there is no order.
 */
export function decideStopCustomerMessages(
  order: object | null,
  messages: readonly Pick<NotificationMessage, 'id' | 'recipient' | 'state'>[],
  at: string,
): StopCustomerDecision {
  if (!order) throw new RuleViolation('not-found', ORDER_MESSAGES.notFound);
  return {
    order: { notifyConsent: false },
    cancel: messages
      .filter((message) => message.recipient === 'customer' && message.state === 'pending')
      .map((message) => message.id),
    change: { state: 'cancelled', updatedAt: at },
  };
}
