import { vi } from 'vitest';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

export interface GeolocationMock {
  getCurrentPosition: ReturnType<typeof vi.fn>;
  /** Answers the last pending request. */
  succeed(latitude?: number, longitude?: number): void;
  fail(code: number): void;
}

/** Replaces navigator.geolocation with one the test answers by hand. */
export function mockGeolocation(): GeolocationMock {
  let pending: { success: Success; failure: Failure } | null = null;
  const getCurrentPosition = vi.fn((success: Success, failure: Failure) => {
    pending = { success, failure };
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
  return {
    getCurrentPosition,
    succeed(latitude = 30.0444, longitude = 31.2357) {
      pending?.success({
        coords: { latitude, longitude, accuracy: 10 } as GeolocationCoordinates,
        timestamp: Date.now(),
      } as GeolocationPosition);
    },
    fail(code: number) {
      pending?.failure({
        code,
        message: 'test',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
    },
  };
}

export function removeGeolocation(): void {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
}

/** A Nominatim-shaped answer for the stubbed fetch. */
export function mockGeocodeResponse(body: unknown, status = 200): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
