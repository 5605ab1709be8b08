import { describe, expect, it } from 'vitest';
import {
  decideResend,
  decideStopCustomerMessages,
  NOTIFICATION_MESSAGES,
} from './notification-desk';
import {
  NOTIFICATION_STATES,
  TRIES_BEFORE_FALLBACK,
  type NotificationState,
} from './notifications';
import { ORDER_MESSAGES } from './order';
import { violation } from '../testing/rule-violations';

// The admin desk's "send again" and "stop messages to the customer", decided once (D10): the
// server, the functions and the memory adapter store what these return.

const AT = '2026-05-21T10:30:00.000Z';

describe('decideResend', () => {
  it('a failed message gets a new round of the configured tries, due at once', () => {
    expect(decideResend({ state: 'failed', tries: 3 }, 6, AT)).toEqual({
      state: 'pending',
      maxTries: 9,
      nextAttemptAt: AT,
      updatedAt: AT,
    });
  });

  it('the round is a whole one, not the few a message that can fall back gets', () => {
    const { maxTries } = decideResend({ state: 'failed', tries: 1 }, 10, AT);
    expect(maxTries).toBe(11);
    expect(maxTries - 1).toBeGreaterThan(TRIES_BEFORE_FALLBACK);
  });

  it('refuses a message that has not failed, whatever else it is', () => {
    const others = NOTIFICATION_STATES.filter((state) => state !== 'failed');
    expect(others.length).toBeGreaterThan(0);
    for (const state of others) {
      const refusal = violation(() => decideResend({ state, tries: 1 }, 6, AT));
      expect(refusal).toMatchObject({
        code: 'failed-precondition',
        message: NOTIFICATION_MESSAGES.notFailed,
      });
    }
  });

  it('refuses no message as not found', () => {
    expect(violation(() => decideResend(null, 6, AT))).toMatchObject({
      code: 'not-found',
      message: 'errors:notifications.notFound',
    });
  });
});

describe('decideStopCustomerMessages', () => {
  const message = (id: string, recipient: 'customer' | 'company', state: NotificationState) => ({
    id,
    recipient,
    state,
  });

  it('withdraws the consent and drops only the customer’s waiting messages', () => {
    const decision = decideStopCustomerMessages(
      { id: 'o1' },
      [
        message('waiting', 'customer', 'pending'),
        message('in-flight', 'customer', 'sending'),
        message('sent', 'customer', 'sent'),
        message('failed', 'customer', 'failed'),
        message('dropped', 'customer', 'cancelled'),
        message('team', 'company', 'pending'),
        message('waiting-too', 'customer', 'pending'),
      ],
      AT,
    );
    expect(decision).toEqual({
      order: { notifyConsent: false },
      cancel: ['waiting', 'waiting-too'],
      change: { state: 'cancelled', updatedAt: AT },
    });
  });

  it('with nothing waiting: the consent is still withdrawn', () => {
    const decision = decideStopCustomerMessages({ id: 'o1' }, [], AT);
    expect(decision.order).toEqual({ notifyConsent: false });
    expect(decision.cancel).toEqual([]);
  });

  it('refuses a missing order as not found', () => {
    expect(violation(() => decideStopCustomerMessages(null, [], AT))).toMatchObject({
      code: 'not-found',
      message: ORDER_MESSAGES.notFound,
    });
  });
});
