import { useSyncExternalStore } from 'react';

// The desk's choices on this browser (the last look, sound, alerts), read through
// useSyncExternalStore: the prerendered HTML knows none of them, and another tab's change shows.

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  globalThis.addEventListener?.('storage', listener);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', listener);
  };
}

export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a choice and tells every reader on this page. */
export function store(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage blocked: the choice lasts until the page closes.
  }
  for (const listener of [...listeners]) listener();
}

export function useStored(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
}

/** Reads anything else outside React that `store` and the storage event may have changed. */
export function useExternal<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
