import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RETRY_DELAY_MS,
  loadChunk,
  type ChunkRetryEnv,
} from './load-chunk';

function env(stored: Record<string, string> = {}, now = 1_000_000) {
  const values = new Map(Object.entries(stored));
  const sleep = vi.fn(async (_ms: number) => {});
  const reload = vi.fn();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
  const e: ChunkRetryEnv = { sleep, reload, now: () => now, storage };
  return { env: e, sleep, reload, values };
}

const failing = (times: number, value = 'module') => {
  let calls = 0;
  return vi.fn(async () => {
    calls += 1;
    if (calls <= times) throw new TypeError('Failed to fetch dynamically imported module');
    return value;
  });
};

/**
 * Whether `promise` has settled once `reload` was called and every callback queued by then has
 * run: the page is going away, and nothing the load chain still does happens later than that.
 */
const settledAfterReload = async (promise: Promise<unknown>, reload: () => void) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.waitFor(() => expect(reload).toHaveBeenCalled());
  // A macrotask runs only after the microtask queue is empty: every `then` above has had its turn.
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('loadChunk', () => {
  it('a chunk that loads is returned at once, without waiting or reloading', async () => {
    const t = env();
    const load = failing(0);
    await expect(loadChunk(load, t.env)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
    expect(t.sleep).not.toHaveBeenCalled();
    expect(t.reload).not.toHaveBeenCalled();
  });

  it('one failed download is tried again after a pause', async () => {
    const t = env();
    const load = failing(1);
    await expect(loadChunk(load, t.env)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(t.sleep).toHaveBeenCalledWith(CHUNK_RETRY_DELAY_MS);
    expect(t.reload).not.toHaveBeenCalled();
  });

  it('two failures reload the page once (a new release replaced the chunks)', async () => {
    const t = env();
    const pending = loadChunk(failing(2), t.env);
    expect(await settledAfterReload(pending, t.reload)).toBe(false);
    expect(t.reload).toHaveBeenCalledTimes(1);
    expect(t.values.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('after a recent reload the error reaches the error boundary instead of looping', async () => {
    const t = env({ [CHUNK_RELOAD_KEY]: String(1_000_000 - 5_000) });
    await expect(loadChunk(failing(2), t.env)).rejects.toThrow(/dynamically imported/);
    expect(t.reload).not.toHaveBeenCalled();
  });

  it('a reload long ago does not stop a new one', async () => {
    const t = env({ [CHUNK_RELOAD_KEY]: String(1_000_000 - 120_000) });
    expect(await settledAfterReload(loadChunk(failing(2), t.env), t.reload)).toBe(false);
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('without storage (blocked) it never reloads: the error boundary takes over', async () => {
    const t = env();
    await expect(loadChunk(failing(2), { ...t.env, storage: null })).rejects.toThrow();
    expect(t.reload).not.toHaveBeenCalled();
  });
});
