import type { AppEnv } from '../config/env-schema';
import type { DataPort } from './port';
import { HttpDataPort, type HttpDataPortOptions } from './http/http-adapter';

/**
 * The one place that picks the backend (DECISIONS.md D1), from the build-time `VITE_BACKEND`.
 * The Firebase adapter arrives in a later issue; until then a `firebase` build fails loudly here
 * instead of referencing a module that does not exist, which keeps `http` builds Firebase-free.
 */
export function createDataPort(
  backend: AppEnv['backend'],
  options: HttpDataPortOptions = {},
): DataPort {
  switch (backend) {
    case 'http':
      return new HttpDataPort(options);
    case 'firebase':
      throw new Error('The Firebase adapter is not part of this build yet');
    default: {
      const unknown: never = backend;
      throw new Error(`Unknown data backend: ${String(unknown)}`);
    }
  }
}
