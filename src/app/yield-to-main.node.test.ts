import { describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    await yieldToMain({ scheduler: { yield: yieldNow } } as unknown as typeof globalThis);
    expect(yieldNow).toHaveBeenCalledTimes(1);
  });

  it('else resumes in a later task, through a MessageChannel message', async () => {
    const order: string[] = [];
    const done = yieldToMain({ MessageChannel } as unknown as typeof globalThis).then(() =>
      order.push('resumed'),
    );
    // Still in the same task: the rest of this task runs first.
    order.push('same task');
    await done;
    expect(order).toEqual(['same task', 'resumed']);
  });

  it('else falls back to a timer', async () => {
    vi.useFakeTimers();
    try {
      let resumed = false;
      const done = yieldToMain({} as typeof globalThis).then(() => {
        resumed = true;
      });
      await Promise.resolve();
      expect(resumed).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      await done;
      expect(resumed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
