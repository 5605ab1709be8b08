import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationMessage } from '../../domain/notifications';
import {
  FIRST_LOOK_MS,
  FOLLOWED_ORDERS,
  LONGEST_LOOK_MS,
  MessageFollower,
  nextLookIn,
  QUIET_LOOKS,
  SWEEP_LAG_MS,
} from './desk-messages';

// The hosted desk's follower of an order's messages (D10): the outbox is no browser's to read,
// so the adapter asks the functions again while messages are on their way.

const NOW = Date.parse('2026-03-10T08:00:00.000Z');

function message(overrides: Partial<NotificationMessage> = {}): NotificationMessage {
  return {
    id: 'o1-1-1',
    orderId: 'o1',
    recipient: 'customer',
    channel: 'whatsapp',
    address: '+201012345678',
    template: 'order_created',
    language: 'ar',
    body: 'text',
    state: 'pending',
    tries: 0,
    maxTries: 3,
    lastError: null,
    nextAttemptAt: new Date(NOW).toISOString(),
    fallbackOf: null,
    createdAt: new Date(NOW).toISOString(),
    sentAt: null,
    ...overrides,
  };
}

describe('nextLookIn', () => {
  it('soon after a message is queued or claimed; just after the sweeper sends a due retry', () => {
    expect(nextLookIn([message()], 0, NOW)).toBe(FIRST_LOOK_MS);
    expect(nextLookIn([message({ state: 'sending' })], 0, NOW)).toBe(FIRST_LOOK_MS);
    const retry = message({ tries: 1, nextAttemptAt: new Date(NOW + 20_000).toISOString() });
    expect(nextLookIn([retry], 0, NOW)).toBe(20_000 + SWEEP_LAG_MS);
    // The soonest of several.
    expect(nextLookIn([retry, message({ id: 'o1-1-2', state: 'sending' })], 0, NOW)).toBe(
      FIRST_LOOK_MS,
    );
  });

  it('never when every message is finished; later after each look that found nothing', () => {
    for (const state of ['sent', 'failed', 'cancelled'] as const) {
      expect(nextLookIn([message({ state })], 0, NOW)).toBeNull();
    }
    expect(nextLookIn([], 0, NOW)).toBeNull();
    expect(nextLookIn([message()], 2, NOW)).toBe(FIRST_LOOK_MS * 4);
    expect(nextLookIn([message()], 20, NOW)).toBe(LONGEST_LOOK_MS);
    const hourly = message({ nextAttemptAt: new Date(NOW + 3_600_000).toISOString() });
    expect(nextLookIn([hourly], 0, NOW)).toBe(LONGEST_LOOK_MS);
  });
});

describe('MessageFollower', () => {
  let stored: Map<string, NotificationMessage[]>;
  let reads: string[];
  let heard: NotificationMessage[];
  let follower: MessageFollower;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    stored = new Map();
    reads = [];
    heard = [];
    follower = new MessageFollower({
      read: async (orderId) => {
        reads.push(orderId);
        return stored.get(orderId) ?? [];
      },
      changed: (m) => heard.push(m),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hears a queued message being sent, then stops asking', async () => {
    follower.watch(true);
    stored.set('o1', [message()]);
    follower.seen('o1', stored.get('o1')!);
    // What the admin already has is not announced.
    expect(heard).toEqual([]);
    stored.set('o1', [message({ state: 'sent', tries: 1, sentAt: new Date(NOW).toISOString() })]);
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_MS);
    expect(heard.map((m) => [m.id, m.state, m.tries])).toEqual([['o1-1-1', 'sent', 1]]);
    await vi.advanceTimersByTimeAsync(LONGEST_LOOK_MS * 3);
    expect(reads).toEqual(['o1']);
  });

  it('follows a retry through to its failure and the SMS that stands in', async () => {
    follower.watch(true);
    const later = new Date(NOW + 30_000).toISOString();
    stored.set('o1', [message({ tries: 1, lastError: 'HTTP 500', nextAttemptAt: later })]);
    follower.seen('o1', stored.get('o1')!);
    await vi.advanceTimersByTimeAsync(30_000 + SWEEP_LAG_MS - 1);
    expect(reads).toEqual([]);
    const sms = message({ id: 'o1-1-1-f', channel: 'sms', fallbackOf: 'o1-1-1' });
    stored.set('o1', [message({ state: 'failed', tries: 3, lastError: 'HTTP 500' }), sms]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard.map((m) => [m.id, m.state])).toEqual([
      ['o1-1-1', 'failed'],
      ['o1-1-1-f', 'pending'],
    ]);
    stored.set('o1', [stored.get('o1')![0]!, { ...sms, state: 'sent', tries: 1 }]);
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_MS);
    expect(heard.at(-1)).toMatchObject({ id: 'o1-1-1-f', state: 'sent' });
  });

  it('asks at once when the order changes, and hears its new message', async () => {
    follower.watch(true);
    stored.set('o1', [message({ state: 'sent', tries: 1 })]);
    follower.seen('o1', stored.get('o1')!);
    const status = message({ id: 'o1-2-1', template: 'order_status_under_review' });
    stored.set('o1', [...stored.get('o1')!, status]);
    follower.orderChanged('o1');
    await vi.advanceTimersByTimeAsync(0);
    expect(heard.map((m) => m.id)).toEqual(['o1-2-1']);
    // An order nobody opened is not read.
    follower.orderChanged('o2');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual(['o1']);
  });

  it('reads nothing while no desk watches, and takes up again when one does', async () => {
    stored.set('o1', [message()]);
    follower.seen('o1', stored.get('o1')!);
    follower.orderChanged('o1');
    await vi.advanceTimersByTimeAsync(LONGEST_LOOK_MS);
    expect(reads).toEqual([]);
    follower.watch(true);
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_MS);
    expect(reads).toEqual(['o1']);
    follower.watch(false);
    await vi.advanceTimersByTimeAsync(LONGEST_LOOK_MS);
    expect(reads).toEqual(['o1']);
  });

  it('follows the last few orders opened, and gives up on one where nothing happens', async () => {
    follower.watch(true);
    for (let i = 0; i <= FOLLOWED_ORDERS; i += 1) {
      const id = `o${i}`;
      stored.set(id, [message({ id: `${id}-1-1`, orderId: id })]);
      follower.seen(id, stored.get(id)!);
    }
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_MS);
    // The first one opened is no longer followed.
    expect([...reads].sort()).toEqual(
      Array.from({ length: FOLLOWED_ORDERS }, (_, i) => `o${i + 1}`).sort(),
    );
    // Stuck (say, the sender is down): asked less and less often, then no more.
    reads.length = 0;
    await vi.advanceTimersByTimeAsync(LONGEST_LOOK_MS * QUIET_LOOKS);
    const asked = reads.filter((id) => id === 'o1').length;
    expect(asked).toBe(QUIET_LOOKS - 1);
    reads.length = 0;
    await vi.advanceTimersByTimeAsync(LONGEST_LOOK_MS * 2);
    follower.orderChanged('o1');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([]);
  });

  it('a read that fails is tried again later; a deleted order is forgotten', async () => {
    follower.watch(true);
    let fail = true;
    follower = new MessageFollower({
      read: async (orderId) => {
        reads.push(orderId);
        if (fail) throw new Error('offline');
        return stored.get(orderId) ?? [];
      },
      changed: (m) => heard.push(m),
    });
    follower.watch(true);
    follower.seen('o1', [message()]);
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_MS);
    expect(reads).toEqual(['o1']);
    fail = false;
    stored.set('o1', [message({ state: 'sent', tries: 1 })]);
    await vi.advanceTimersByTimeAsync(FIRST_LOOK_MS * 2);
    expect(heard.map((m) => m.state)).toEqual(['sent']);
    follower.seen('o2', [message({ id: 'o2-1-1', orderId: 'o2' })]);
    follower.orderDeleted('o2');
    await vi.advanceTimersByTimeAsync(LONGEST_LOOK_MS);
    expect(reads).not.toContain('o2');
  });
});
