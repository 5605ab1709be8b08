import { env } from '../config/env';
import type { GeocodedNames } from '../domain/district-match';

/**
 * Reverse geocoding through a Nominatim-compatible service (spec section 7, D7). It is not our
 * data, so it is the one `fetch` outside the DataPort: a GET with lat, lon and format=json, read
 * for the city (city, town, state) and the district (suburb, neighbourhood, quarter).
 */
export interface ReverseGeocodeResult {
  /** address.city ?? town ?? state */
  city: string;
  /** address.suburb ?? neighbourhood ?? quarter */
  district: string;
  /** The full address (display_name). */
  displayName: string;
  /** address.state alone: the governorate when `city` is a town inside it. */
  state: string;
  /** Every name of the place and of its region, for matching it to a district (D21). */
  names: GeocodedNames;
}

// Nominatim's address parts, from the place itself outwards (its "address" documentation). In
// Egypt a qism or markaz comes as county or city_district, a new city as city or town.
const LOCAL_PARTS = [
  'neighbourhood',
  'quarter',
  'suburb',
  'borough',
  'city_district',
  'hamlet',
  'village',
  'town',
  'city',
  'municipality',
  'county',
  'state_district',
] as const;
const REGION_PARTS = ['state', 'province', 'region'] as const;

function textsOf(address: Record<string, unknown>, parts: readonly string[]): string[] {
  const texts = parts
    .map((part) => address[part])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .map((value) => value.trim());
  return [...new Set(texts)];
}

export interface ReverseGeocodeOptions {
  signal?: AbortSignal;
  /** Defaults to the build's VITE_GEOCODE_URL. */
  url?: string;
  /** Asks the service for names in the customer's language. */
  language?: 'ar' | 'en';
  /** For tests. */
  fetch?: typeof fetch;
}

export class GeocodeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GeocodeError';
  }
}

function firstText(...values: unknown[]): string {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

export function readNominatimAddress(body: unknown): ReverseGeocodeResult {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const address =
    typeof record.address === 'object' && record.address !== null
      ? (record.address as Record<string, unknown>)
      : {};
  return {
    city: firstText(address.city, address.town, address.state),
    district: firstText(address.suburb, address.neighbourhood, address.quarter),
    displayName: firstText(record.display_name),
    state: firstText(address.state),
    names: { local: textsOf(address, LOCAL_PARTS), region: textsOf(address, REGION_PARTS) },
  };
}

export async function reverseGeocode(
  lat: number,
  lon: number,
  { signal, url = env.geocodeUrl, language, fetch: fetchImpl = fetch }: ReverseGeocodeOptions = {},
): Promise<ReverseGeocodeResult> {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new GeocodeError('Invalid coordinates');
  const endpoint = new URL(url, globalThis.location?.href);
  endpoint.searchParams.set('lat', String(lat));
  endpoint.searchParams.set('lon', String(lon));
  endpoint.searchParams.set('format', 'json');
  if (language) endpoint.searchParams.set('accept-language', language);
  // An AbortError from fetch propagates as is: callers treat a cancelled lookup as silent.
  const response = await fetchImpl(endpoint.toString(), {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new GeocodeError(`Reverse geocoding failed`, response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new GeocodeError('Reverse geocoding returned an unreadable answer');
  }
  if (typeof body === 'object' && body !== null && 'error' in body) {
    // Nominatim answers 200 with { error: "Unable to geocode" } over the sea or the desert.
    throw new GeocodeError('No address at this position');
  }
  return readNominatimAddress(body);
}

export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name: unknown }).name === 'AbortError'
  );
}
