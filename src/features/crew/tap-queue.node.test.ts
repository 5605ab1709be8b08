import { describe, expect, it } from 'vitest';
import { DataError } from '../../data/port';
import type { CrewJob, CrewTap } from '../../domain/field';
import { FIELD_MESSAGES } from '../../domain/field';
import { crewJob, crewJobs } from './crew-fixtures';
import { CURRENT_CREW_KEY, forgetCrew, readCachedJobs, saveCachedJobs } from './job-cache';
import { jobDays, withWaitingTaps } from './job-view';
import { newTap, TapQueue, tapQueueKey, type TapStorage } from './tap-queue';

class FakeStorage implements TapStorage {
  readonly data = new Map<string, string>();
  refuseWrites = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.refuseWrites) throw new Error('QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const offline = () => new DataError('unavailable', 'errors:unavailable');
const alreadyPast = () =>
  new DataError('failed-precondition', FIELD_MESSAGES.alreadyPast, {
    fields: { status: FIELD_MESSAGES.alreadyPast },
    details: { status: 'arrived' },
  });

/** A port's crewTap that answers each call when the test says, and records the calls. */
function fakePort() {
  const calls: { orderId: string; tap: CrewTap; inFlight: number }[] = [];
  const pending: { resolve(job: CrewJob): void; reject(error: unknown): void }[] = [];
  let inFlight = 0;
  const send = (orderId: string, tap: CrewTap) => {
    inFlight += 1;
    calls.push({ orderId, tap, inFlight });
    return new Promise<CrewJob>((resolve, reject) => {
      pending.push({
        resolve: (job) => {
          inFlight -= 1;
          resolve(job);
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    });
  };
  /** Answers the oldest call not answered yet, once it has been made. */
  const answer = async (how: CrewJob | Error) => {
    for (let i = 0; i < 50 && pending.length === 0; i += 1) await Promise.resolve();
    const next = pending.shift();
    if (!next) throw new Error('no call to answer');
    if (how instanceof Error) next.reject(how);
    else next.resolve(how);
  };
  return { send, calls, answer };
}

const tap = (status: CrewTap['status'], tapId: string): CrewTap => ({
  tapId,
  status,
  tappedAt: '2026-12-02T08:05:00.000Z',
});

describe('the crew phone’s queue of taps (D28)', () => {
  it('sends the taps in the order they were made, one at a time', async () => {
    const storage = new FakeStorage();
    const queue = new TapQueue(storage, 'crew-maadi');
    queue.add('order-1', tap('on_the_way', 'tap-0001'));
    queue.add('order-1', tap('arrived', 'tap-0002'));
    queue.add('order-2', tap('on_the_way', 'tap-0003'));
    const port = fakePort();

    const round = queue.flush(port.send);
    await port.answer(crewJob({ status: 'on_the_way' }));
    await port.answer(crewJob({ status: 'arrived' }));
    await port.answer(crewJob({ orderId: 'order-2', status: 'on_the_way' }));
    const result = await round;

    expect(port.calls.map((c) => c.tap.tapId)).toEqual(['tap-0001', 'tap-0002', 'tap-0003']);
    expect(port.calls.map((c) => c.inFlight)).toEqual([1, 1, 1]);
    expect(result.outcomes.map((o) => o.kind)).toEqual(['sent', 'sent', 'sent']);
    expect(result.left).toEqual([]);
    expect(storage.getItem(tapQueueKey('crew-maadi'))).toBeNull();
  });

  it('stops at the first network failure and keeps that tap and the rest, in order', async () => {
    const storage = new FakeStorage();
    const queue = new TapQueue(storage, 'crew-maadi');
    queue.add('order-1', tap('on_the_way', 'tap-0001'));
    queue.add('order-1', tap('arrived', 'tap-0002'));
    queue.add('order-1', tap('loading', 'tap-0003'));
    const port = fakePort();

    const round = queue.flush(port.send);
    await port.answer(crewJob({ status: 'on_the_way' }));
    await port.answer(offline());
    const result = await round;

    expect(port.calls).toHaveLength(2);
    expect(result.stoppedBy).toBeInstanceOf(DataError);
    expect(result.left.map((e) => e.tap.tapId)).toEqual(['tap-0002', 'tap-0003']);
    // A page opened again finds them, as they were.
    const reopened = new TapQueue(storage, 'crew-maadi');
    expect(reopened.list().map((e) => e.tap.tapId)).toEqual(['tap-0002', 'tap-0003']);
  });

  it('sends the same tap id again on retry, so the backend takes it once', async () => {
    const queue = new TapQueue(new FakeStorage(), 'crew-maadi');
    const made = newTap('on_the_way');
    queue.add('order-1', made);
    const port = fakePort();
    const first = queue.flush(port.send);
    await port.answer(offline());
    await first;
    const second = queue.flush(port.send);
    await port.answer(crewJob({ status: 'on_the_way' }));
    expect((await second).left).toEqual([]);
    expect(port.calls.map((c) => c.tap)).toEqual([made, made]);
  });

  it('drops a tap the job is already past, says so, and goes on with the next', async () => {
    const queue = new TapQueue(new FakeStorage(), 'crew-maadi');
    queue.add('order-1', tap('arrived', 'tap-0001'));
    queue.add('order-2', tap('on_the_way', 'tap-0002'));
    const port = fakePort();
    const heard: string[] = [];
    const round = queue.flush(port.send, (outcome) => heard.push(outcome.kind));
    await port.answer(alreadyPast());
    await port.answer(crewJob({ orderId: 'order-2', status: 'on_the_way' }));
    const result = await round;
    expect(heard).toEqual(['alreadyPast', 'sent']);
    expect(result.left).toEqual([]);
  });

  it('drops a tap refused for good (not the next step) instead of blocking the queue', async () => {
    const queue = new TapQueue(new FakeStorage(), 'crew-maadi');
    queue.add('order-1', tap('loading', 'tap-0001'));
    const port = fakePort();
    const round = queue.flush(port.send);
    await port.answer(new DataError('failed-precondition', FIELD_MESSAGES.notNext));
    const result = await round;
    expect(result.outcomes.map((o) => o.kind)).toEqual(['refused']);
    expect(queue.list()).toEqual([]);
  });

  it('keeps a tap through a session to sign in again and a busy server', async () => {
    const queue = new TapQueue(new FakeStorage(), 'crew-maadi');
    queue.add('order-1', tap('on_the_way', 'tap-0001'));
    const port = fakePort();
    for (const error of [
      new DataError('unauthenticated'),
      new DataError('rate-limited'),
      new TypeError('Failed to fetch'),
    ]) {
      const round = queue.flush(port.send);
      await port.answer(error);
      expect((await round).left).toHaveLength(1);
    }
  });

  it('joins a round under way instead of sending a tap twice at once', async () => {
    const queue = new TapQueue(new FakeStorage(), 'crew-maadi');
    queue.add('order-1', tap('on_the_way', 'tap-0001'));
    const port = fakePort();
    const first = queue.flush(port.send);
    const second = queue.flush(port.send);
    expect(second).toBe(first);
    // A tap made meanwhile is sent in the same round, after the first.
    queue.add('order-1', tap('arrived', 'tap-0002'));
    await port.answer(crewJob({ status: 'on_the_way' }));
    await port.answer(crewJob({ status: 'arrived' }));
    await first;
    expect(port.calls.map((c) => c.tap.tapId)).toEqual(['tap-0001', 'tap-0002']);
    expect(queue.sending).toBe(false);
  });

  it('never loses a tap on reload: it is stored before it is sent', () => {
    const storage = new FakeStorage();
    new TapQueue(storage, 'crew-maadi').add('order-1', tap('on_the_way', 'tap-0001'));
    const reopened = new TapQueue(storage, 'crew-maadi');
    expect(reopened.list()).toEqual([{ orderId: 'order-1', tap: tap('on_the_way', 'tap-0001') }]);
    // Another crew's phone queue is its own.
    expect(new TapQueue(storage, 'crew-other').list()).toEqual([]);
  });

  it('queues a tap id once, skips what it cannot read, and keeps a tap storage refused', () => {
    const storage = new FakeStorage();
    storage.setItem(
      tapQueueKey('crew-maadi'),
      JSON.stringify([
        { orderId: 'order-1', tap: tap('on_the_way', 'tap-0001') },
        { orderId: 'order-1', tap: { tapId: 'x', status: 'flying' } },
        'nonsense',
      ]),
    );
    const queue = new TapQueue(storage, 'crew-maadi');
    expect(queue.list().map((e) => e.tap.tapId)).toEqual(['tap-0001']);
    expect(queue.add('order-1', tap('on_the_way', 'tap-0001'))).toBe(true);
    expect(queue.list()).toHaveLength(1);
    storage.refuseWrites = true;
    expect(queue.add('order-1', tap('arrived', 'tap-0002'))).toBe(false);
    expect(queue.list().map((e) => e.tap.tapId)).toEqual(['tap-0001', 'tap-0002']);
    expect(new TapQueue(new FakeStorage(), 'crew-x').list()).toEqual([]);
    const broken = new FakeStorage();
    broken.setItem(tapQueueKey('crew-maadi'), '{not json');
    expect(new TapQueue(broken, 'crew-maadi').list()).toEqual([]);
  });

  it('makes taps the backend’s schema accepts, each with its own id', () => {
    const a = newTap('arrived', {}, new Date('2026-12-02T08:00:00Z'));
    const b = newTap('arrived');
    expect(a.tapId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(a.tapId).not.toBe(b.tapId);
    expect(a.tappedAt).toBe('2026-12-02T08:00:00.000Z');
  });
});

describe('the cards the phone shows', () => {
  it('moves a card on by its waiting taps, not by a tap it is already past', () => {
    const job = crewJob({ status: 'received', next: ['on_the_way'] });
    const shown = withWaitingTaps(job, [
      { orderId: 'order-1', tap: tap('on_the_way', 'tap-0001') },
      { orderId: 'order-1', tap: tap('arrived', 'tap-0002') },
      { orderId: 'order-2', tap: tap('on_the_way', 'tap-0003') },
    ]);
    expect(shown.job.status).toBe('arrived');
    expect(shown.job.next).toEqual(['loading']);
    expect(shown.waiting.map((e) => e.tap.tapId)).toEqual(['tap-0001', 'tap-0002']);
    const past = withWaitingTaps(crewJob({ status: 'loading', next: ['in_transit'] }), [
      { orderId: 'order-1', tap: tap('arrived', 'tap-0002') },
    ]);
    expect(past.job.status).toBe('loading');
  });

  it('lists a long move begun yesterday under today, and one running into tomorrow once', () => {
    const days = jobDays(
      crewJobs([
        crewJob({ orderId: 'a', date: '2026-12-01', lastDate: '2026-12-02' }),
        crewJob({ orderId: 'b', date: '2026-12-02', lastDate: '2026-12-03' }),
        crewJob({ orderId: 'c', date: '2026-12-03', lastDate: '2026-12-03' }),
      ]),
      [],
    );
    expect(days.map((d) => [d.date, d.jobs.map((j) => j.job.orderId)])).toEqual([
      ['2026-12-02', ['a', 'b']],
      ['2026-12-03', ['c']],
    ]);
  });
});

describe('the kept list of jobs', () => {
  it('is kept per crew, forgets another crew’s, and goes on sign-out', () => {
    const storage = new FakeStorage();
    const answer = crewJobs([crewJob()]);
    saveCachedJobs(storage, { savedAt: '2026-12-02T08:00:00.000Z', answer });
    expect(readCachedJobs(storage, 'crew-maadi')?.answer).toEqual(answer);
    expect(storage.getItem(CURRENT_CREW_KEY)).toBe('crew-maadi');
    const other = { ...answer, crew: { ...answer.crew, id: 'crew-giza' } };
    saveCachedJobs(storage, { savedAt: '2026-12-02T09:00:00.000Z', answer: other });
    expect(readCachedJobs(storage, 'crew-maadi')).toBeNull();
    forgetCrew(storage);
    expect(readCachedJobs(storage, 'crew-giza')).toBeNull();
    expect(storage.getItem(CURRENT_CREW_KEY)).toBeNull();
  });
});
