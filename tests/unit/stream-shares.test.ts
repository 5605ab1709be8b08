import { describe, expect, it } from 'vitest';
import { StreamShares } from '../../server/src/routes/api/stream-shares.ts';
import type { StreamLimits } from '../../server/src/routes/api/stream-shares.ts';

interface Stream {
  id: number;
  address: string;
}

/** A pool and the streams it holds, opened the way the route opens them. */
function pool(limits: StreamLimits) {
  const shares = new StreamShares<Stream>(limits);
  const open = new Set<Stream>();
  let next = 0;
  return {
    shares,
    open,
    /** 'open', 'client' or 'full'; an evicted stream leaves `open`. */
    request(address: string, session?: string): 'open' | 'client' | 'full' {
      const admission = shares.admit(session, address);
      if (!admission.open) return admission.reason;
      if (admission.evict) {
        shares.remove(admission.evict);
        open.delete(admission.evict);
      }
      next += 1;
      const stream = { id: next, address };
      shares.add(stream, session, address);
      open.add(stream);
      return 'open';
    },
    held: (address: string) => shares.heldBy(address),
  };
}

describe('live stream shares (D8)', () => {
  it('refuses a session or an address past its own limit, whatever room is left', () => {
    const p = pool({ total: 100, perSession: 2, perAddress: 3 });
    expect([p.request('a', 's1'), p.request('b', 's1'), p.request('c', 's1')]).toEqual([
      'open',
      'open',
      'client',
    ]);
    expect([p.request('a'), p.request('a'), p.request('a')]).toEqual(['open', 'open', 'client']);
    expect(p.shares.size).toBe(4);
  });

  it('gives a newcomer the oldest stream of the address holding the most when full', () => {
    const p = pool({ total: 6, perSession: 4, perAddress: 4 });
    for (let i = 0; i < 4; i += 1) p.request('a');
    p.request('b');
    p.request('b');
    const oldestOfA = [...p.open][0]!;
    expect(p.request('c')).toBe('open');
    expect(p.open.has(oldestOfA)).toBe(false);
    expect([p.held('a'), p.held('b'), p.held('c')]).toEqual([3, 2, 1]);
    expect(p.request('d')).toBe('open');
    // a and b hold two each: a's oldest stream is older, so a gives.
    expect(p.request('e')).toBe('open');
    expect([p.held('a'), p.held('b')]).toEqual([1, 2]);
    expect(p.request('f')).toBe('open');
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map(p.held)).toEqual([1, 1, 1, 1, 1, 1]);
    // One stream each: nobody holds two more than a newcomer.
    expect(p.request('g')).toBe('full');
    expect(p.shares.size).toBe(6);
  });

  it('does not let an evicted address take its stream back, nor a group trade them in circles', () => {
    const p = pool({ total: 4, perSession: 4, perAddress: 4 });
    for (let i = 0; i < 3; i += 1) p.request('a');
    p.request('b');
    expect(p.request('c')).toBe('open');
    expect(p.held('a')).toBe(2);
    // a (2) reconnecting: the largest holder is a itself, not two more than a.
    expect(p.request('a')).toBe('full');
    expect(p.request('b')).toBe('full');
    expect(p.request('c')).toBe('full');
    expect(p.request('d')).toBe('open');
    expect(['a', 'b', 'c', 'd'].map(p.held)).toEqual([1, 1, 1, 1]);
  });

  it('keeps a newcomer in for any group of fewer addresses than the pool has streams', () => {
    const total = 1000;
    const p = pool({ total, perSession: 4, perAddress: 4 });
    // 999 addresses, each opening as many streams as it can, in turns.
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < total - 1; i += 1) p.request(`group-${i}`);
    }
    expect(p.shares.size).toBe(total);
    expect(p.request('newcomer')).toBe('open');
    expect(p.held('newcomer')).toBe(1);
  });

  it('forgets a stream once, and gives its place back', () => {
    const p = pool({ total: 1, perSession: 1, perAddress: 1 });
    expect(p.request('a', 's')).toBe('open');
    expect(p.request('b')).toBe('full');
    const [stream] = [...p.open];
    p.shares.remove(stream!);
    p.shares.remove(stream!);
    expect(p.shares.size).toBe(0);
    expect(p.request('a', 's')).toBe('open');
  });
});
