import { describe, expect, it, vi } from 'vitest';
import { GeocodeError, readNominatimAddress, reverseGeocode } from './geocoding';

const json = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('reverseGeocode', () => {
  it('sends lat, lon and format=json to the configured URL', async () => {
    const fetchMock = json({ address: { city: 'Cairo', suburb: 'Nasr City' }, display_name: 'x' });
    const result = await reverseGeocode(30.1, 31.2, {
      url: 'https://geo.example/reverse',
      language: 'ar',
      fetch: fetchMock,
    });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe('https://geo.example/reverse');
    expect(url.searchParams.get('lat')).toBe('30.1');
    expect(url.searchParams.get('lon')).toBe('31.2');
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('accept-language')).toBe('ar');
    expect(result).toEqual({
      city: 'Cairo',
      district: 'Nasr City',
      displayName: 'x',
      state: '',
      names: { local: ['Nasr City', 'Cairo'], region: [] },
    });
  });

  it('falls back city → town → state and suburb → neighbourhood → quarter', () => {
    expect(
      readNominatimAddress({ address: { town: 'Banha', state: 'Qalyubia', neighbourhood: 'N' } }),
    ).toMatchObject({ city: 'Banha', district: 'N', state: 'Qalyubia' });
    expect(readNominatimAddress({ address: { state: 'Giza', quarter: 'Q' } })).toMatchObject({
      city: 'Giza',
      district: 'Q',
    });
    expect(readNominatimAddress(null)).toEqual({
      city: '',
      district: '',
      displayName: '',
      state: '',
      names: { local: [], region: [] },
    });
  });

  it('keeps every name of the place, inside out, and of its region, for the district match', () => {
    const tahrir = readNominatimAddress({
      display_name: 'ميدان التحرير، قصر النيل، القاهرة، مصر',
      address: {
        road: 'ميدان التحرير',
        suburb: 'قصر النيل',
        city_district: 'قصر النيل',
        city: 'القاهرة',
        state: 'محافظة القاهرة',
        postcode: '11511',
        country: 'مصر',
        country_code: 'eg',
        county: 42,
      },
    });
    expect(tahrir.names).toEqual({ local: ['قصر النيل', 'القاهرة'], region: ['محافظة القاهرة'] });
  });

  it('a non-OK answer is an error', async () => {
    await expect(
      reverseGeocode(1, 2, { url: 'https://geo.example/r', fetch: json({}, 500) }),
    ).rejects.toBeInstanceOf(GeocodeError);
  });

  it('Nominatim’s { error } answer is an error', async () => {
    await expect(
      reverseGeocode(1, 2, {
        url: 'https://geo.example/r',
        fetch: json({ error: 'Unable to geocode' }),
      }),
    ).rejects.toBeInstanceOf(GeocodeError);
  });

  it('passes the abort signal on', async () => {
    const controller = new AbortController();
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      expect(init?.signal).toBe(controller.signal);
      throw new DOMException('aborted', 'AbortError');
    });
    controller.abort();
    await expect(
      reverseGeocode(1, 2, {
        url: 'https://geo.example/r',
        signal: controller.signal,
        fetch: fetchMock as unknown as typeof fetch,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
