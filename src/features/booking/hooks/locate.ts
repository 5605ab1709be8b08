import { isAbortError, reverseGeocode, type ReverseGeocodeResult } from '../../../data/geocoding';

/** How a location lookup ended when it did not succeed (spec section 8, "Location"). */
export type LocateFailure = 'unsupported' | 'denied' | 'failed' | 'aborted';

export class LocateError extends Error {
  constructor(readonly reason: LocateFailure) {
    super(`Location lookup ${reason}`);
    this.name = 'LocateError';
  }
}

/** Spec section 7: high accuracy, 15 s timeout, never a cached position. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 15_000,
  maximumAge: 0,
};

const PERMISSION_DENIED = 1;

/**
 * The browser's position as a promise that a signal can abandon. The browser API itself cannot
 * be cancelled, so after an abort its late answer is simply ignored.
 */
export function currentPosition(signal?: AbortSignal): Promise<GeolocationCoordinates> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new LocateError('aborted'));
      return;
    }
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
      reject(new LocateError('unsupported'));
      return;
    }
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      reject(new LocateError('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      geolocation.getCurrentPosition(
        (position) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          resolve(position.coords);
        },
        (error) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          reject(new LocateError(error?.code === PERMISSION_DENIED ? 'denied' : 'failed'));
        },
        GEOLOCATION_OPTIONS,
      );
    } catch {
      settled = true;
      reject(new LocateError('failed'));
    }
  });
}

export interface LocateOptions {
  signal?: AbortSignal;
  language?: 'ar' | 'en';
}

/** Position, then its address; every failure becomes a LocateError with the reason to show. */
export async function locateAddress({
  signal,
  language,
}: LocateOptions = {}): Promise<ReverseGeocodeResult> {
  const coords = await currentPosition(signal);
  try {
    return await reverseGeocode(coords.latitude, coords.longitude, { signal, language });
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw new LocateError('aborted');
    throw new LocateError('failed');
  }
}

export function locateFailure(error: unknown): LocateFailure {
  return error instanceof LocateError ? error.reason : 'failed';
}
