/**
 * Loads a screen's chunk the way a phone on mobile data needs it: a failed download is tried
 * again once after a short pause (a dropped connection), and if it still fails the page reloads
 * once, because the usual cause is a new release whose chunks replaced the ones this page knew.
 * A second failure within a minute of that reload is not retried again: the error reaches the
 * route's error boundary, which offers a reload button instead of a loop.
 */
export interface ChunkRetryEnv {
  sleep(ms: number): Promise<void>;
  reload(): void;
  now(): number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export const CHUNK_RETRY_DELAY_MS = 1000;
export const CHUNK_RELOAD_KEY = 'afsh.chunkReloadAt';
const RELOAD_GUARD_MS = 60_000;

function browserEnv(): ChunkRetryEnv {
  let storage: ChunkRetryEnv['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked (private mode, policies): no reload guard, so no reload either.
  }
  return {
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    reload: () => window.location.reload(),
    now: () => Date.now(),
    storage,
  };
}

export async function loadChunk<T>(
  load: () => Promise<T>,
  env: ChunkRetryEnv = browserEnv(),
): Promise<T> {
  try {
    return await load();
  } catch {
    await env.sleep(CHUNK_RETRY_DELAY_MS);
  }
  try {
    return await load();
  } catch (error) {
    const last = Number(env.storage?.getItem(CHUNK_RELOAD_KEY) ?? Number.NaN);
    const recentlyReloaded = Number.isFinite(last) && env.now() - last < RELOAD_GUARD_MS;
    if (env.storage && !recentlyReloaded) {
      env.storage.setItem(CHUNK_RELOAD_KEY, String(env.now()));
      env.reload();
      // The page is going away; never settle, so nothing renders an error in the meantime.
      return new Promise<T>(() => {});
    }
    throw error;
  }
}
