import type { AppEnv } from '../config/env-schema';
import { DataError } from './port';
import type { DataPort, Unsubscribe } from './port';
import { HttpDataPort, type HttpDataPortOptions } from './http/http-adapter';

/**
 * Baked in by Vite at build time (`import.meta.env.VITE_BACKEND` becomes a string literal), so in
 * an `http` build the Firebase branch below is dead code and the bundler drops the dynamic
 * import with it: the SDK is not even a lazy chunk there (scripts/bundle-budget.ts checks).
 */
const FIREBASE_BUILD = import.meta.env.VITE_BACKEND === 'firebase';

/**
 * The one place that picks the backend (docs/decisions.md D1), from the build-time `VITE_BACKEND`.
 * A `firebase` build gets a DataPort at once whose first call loads the adapter (and the SDK)
 * in a separate chunk, so `/` paints before any Firebase code arrives.
 */
export function createDataPort(
  backend: AppEnv['backend'],
  options: HttpDataPortOptions = {},
): DataPort {
  switch (backend) {
    case 'http':
      // In a `firebase` build this branch is dead too, and the HTTP adapter is left out of the
      // page's first download (scripts/bundle-budget.ts counts it).
      if (FIREBASE_BUILD) {
        throw new Error('This bundle has no HTTP adapter: it was built with VITE_BACKEND=firebase');
      }
      return new HttpDataPort(options);
    case 'firebase':
      if (!FIREBASE_BUILD) {
        throw new Error('This bundle has no Firebase adapter: build it with VITE_BACKEND=firebase');
      }
      return lazyDataPort(() =>
        import('./firebase/firebase-adapter').then((module) => module.createFirebaseDataPort()),
      );
    default: {
      const unknown: never = backend;
      throw new Error(`Unknown data backend: ${String(unknown)}`);
    }
  }
}

type Method = (...args: unknown[]) => unknown;

/**
 * The listeners of each section (they return an Unsubscribe at once), and where their `onLive`
 * is among the arguments: told `false` when the adapter cannot be loaded.
 */
const LISTENERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  desk: { watch: 1 },
  orders: { watchMine: 1 },
  tracking: { watch: 2 },
};

/**
 * A DataPort whose adapter is loaded on first use. Promise-returning methods wait for it;
 * `subscribe` methods return an Unsubscribe at once and attach when the adapter is ready.
 */
export function lazyDataPort(load: () => Promise<DataPort>): DataPort {
  let loading: Promise<DataPort> | null = null;
  const ready = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null; // a flaky network may load it on the next call
      console.error(error);
      throw new DataError('unavailable', 'errors:unavailable');
    }));

  const section = <K extends keyof DataPort>(key: K): NonNullable<DataPort[K]> =>
    new Proxy({} as NonNullable<DataPort[K]>, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        // Listeners (reviews.subscribe, auth.subscribe, desk.watch, tracking.watch,
        // orders.watchMine) return their stop at once.
        const onLiveAt = LISTENERS[key]?.[name];
        if (name === 'subscribe' || onLiveAt !== undefined) {
          return (...args: unknown[]): Unsubscribe => {
            let stop: Unsubscribe | null = null;
            let active = true;
            ready().then(
              (port) => {
                const listen = (port[key] as unknown as Record<string, Method>)[name]!;
                if (active) stop = listen.apply(port[key], args) as Unsubscribe;
              },
              (error: DataError) => {
                // auth.subscribe: "nobody"; reviews.subscribe: its onError; watches: not live.
                if (!active) return;
                if (key === 'auth') (args[0] as (user: null) => void)(null);
                else if (onLiveAt !== undefined)
                  (args[onLiveAt] as ((live: boolean) => void) | undefined)?.(false);
                else (args[1] as ((e: DataError) => void) | undefined)?.(error);
              },
            );
            return () => {
              active = false;
              stop?.();
            };
          };
        }
        return async (...args: unknown[]) => {
          const port = await ready();
          const target = port[key] as unknown as Record<string, Method>;
          return target[name]!.apply(target, args);
        };
      },
    });

  return {
    auth: section('auth'),
    orders: section('orders'),
    tracking: section('tracking'),
    reviews: section('reviews'),
    messages: section('messages'),
    prices: section('prices'),
    payments: section('payments'),
    desk: section('desk'),
    capacity: section('capacity'),
    dashboard: section('dashboard'),
  };
}
