import { afterEach, describe, expect, it, vi } from 'vitest';
import { locateDistrict, LocateError } from './locate';

type Success = (position: GeolocationPosition) => void;

/** A browser that answers at once with this position. */
function grant(latitude: number, longitude: number) {
  vi.stubGlobal('navigator', {
    geolocation: {
      getCurrentPosition: (success: Success) =>
        success({ coords: { latitude, longitude, accuracy: 10 } } as GeolocationPosition),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('locateDistrict', () => {
  it('matches the position with the geocoder’s names', async () => {
    grant(29.962, 31.276);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ address: { suburb: 'المعادي', state: 'القاهرة' } })),
    );
    const located = await locateDistrict({ language: 'ar' });
    expect(located.position).toEqual({ lat: 29.962, lon: 31.276 });
    expect(located.place?.district).toBe('المعادي');
    expect(located.match).toMatchObject({
      kind: 'clear',
      by: 'name',
      district: { districtId: 'maadi' },
    });
  });

  it.each([
    ['unreachable', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['503', async () => new Response('busy', { status: 503 })],
    ['"Unable to geocode"', async () => Response.json({ error: 'Unable to geocode' })],
    ['unreadable', async () => new Response('<html>', { status: 200 })],
  ])('a geocoder that is %s leaves the position to decide alone', async (_label, answer) => {
    grant(30.0444, 31.2357);
    vi.stubGlobal('fetch', vi.fn(answer));
    const located = await locateDistrict();
    expect(located.place).toBeNull();
    expect(located.match.kind).toBe('choose');
  });

  it('a geocoder that does not answer in time is one that is down', async () => {
    grant(30.0444, 31.2357);
    let seen: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            seen = init?.signal ?? undefined;
            seen?.addEventListener('abort', () => reject(new DOMException('late', 'AbortError')));
          }),
      ),
    );
    const located = await locateDistrict({ geocodeTimeoutMs: 0 });
    expect(seen?.aborted).toBe(true);
    expect(located.place).toBeNull();
  });

  it('a cancel during the lookup is "aborted", not a position without an address', async () => {
    grant(30.0444, 31.2357);
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('stop', 'AbortError')),
            );
            controller.abort();
          }),
      ),
    );
    await expect(locateDistrict({ signal: controller.signal })).rejects.toEqual(
      new LocateError('aborted'),
    );
  });
});
