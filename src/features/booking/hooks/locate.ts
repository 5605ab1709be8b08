import { reverseGeocode, type ReverseGeocodeResult } from '../../../data/geocoding';
import type { DistrictCandidate, DistrictMatch } from '../../../domain/district-match';
import type { Place } from '../../../domain/distance';
import type { Coordinates } from '../../../domain/governorates';

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

/**
 * How long the address lookup may take once the browser has a position. A geocoder that does not
 * answer is one that is down: the position is still good, and the district is matched from it
 * alone (D21) rather than after a TCP timeout of minutes.
 */
export const GEOCODE_TIMEOUT_MS = 10_000;

export interface LocateOptions {
  signal?: AbortSignal;
  language?: 'ar' | 'en';
  geocodeTimeoutMs?: number;
}

export interface Located {
  position: Coordinates;
  /** The geocoder's answer; null when it could not be reached, failed, or found no address. */
  place: ReverseGeocodeResult | null;
  /** The position and the geocoder's names matched to our districts (D21). */
  match: DistrictMatch;
  /** The districts the match offers, best first (the clear one alone, or those to choose from). */
  offered: readonly DistrictCandidate[];
  /** Whether an area the customer chose agrees with the position (D21's matchAgreesWith). */
  agreesWith(area: Partial<Place>): boolean;
}

/**
 * The matcher and its names (a few kilobytes) are fetched when a lookup starts, while the browser
 * finds the position, not with the screen: most customers choose from the list.
 */
function loadMatcher() {
  return import('../../../domain/district-match').then(
    (module) => module,
    () => null,
  );
}

/**
 * The browser's position, its address if the geocoder gives one, and the district they point
 * to. Only the position can fail (a LocateError with the reason to show); a cancelled lookup is
 * 'aborted', whichever part it stopped.
 */
export async function locateDistrict({
  signal,
  language,
  geocodeTimeoutMs = GEOCODE_TIMEOUT_MS,
}: LocateOptions = {}): Promise<Located> {
  const matcher = loadMatcher();
  const coords = await currentPosition(signal);
  const position = { lat: coords.latitude, lon: coords.longitude };
  const lookup = new AbortController();
  const stop = () => lookup.abort();
  signal?.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(stop, geocodeTimeoutMs);
  let place: ReverseGeocodeResult | null = null;
  try {
    place = await reverseGeocode(position.lat, position.lon, { signal: lookup.signal, language });
  } catch {
    // Down, refused, unreadable, timed out or "no address here": the position alone decides.
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
  const districts = await matcher;
  if (signal?.aborted) throw new LocateError('aborted');
  // Its chunk could not be downloaded (offline): as failed as a position that never came.
  if (!districts) throw new LocateError('failed');
  const match = districts.matchDistrict(position, place?.names ?? null);
  return {
    position,
    place,
    match,
    offered: districts.offeredDistricts(match),
    agreesWith: (area) => districts.matchAgreesWith(match, area),
  };
}

export function locateFailure(error: unknown): LocateFailure {
  return error instanceof LocateError ? error.reason : 'failed';
}
