import { findDistrict, findGovernorate, type Coordinates } from './governorates';

/** A governorate and one of its districts: where a move starts or ends. */
export interface Place {
  governorateId: string;
  districtId: string;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in kilometres (haversine), the "straight line" between two places. */
export function straightLineKm(a: Coordinates, b: Coordinates): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A district's coordinates, its governorate's when the district is unknown, or null. */
export function coordinatesOf(place: Place): Coordinates | null {
  return (
    findDistrict(place.governorateId, place.districtId) ??
    findGovernorate(place.governorateId) ??
    null
  );
}

export function samePlace(a: Place, b: Place): boolean {
  return a.governorateId === b.governorateId && a.districtId === b.districtId;
}

/**
 * The road distance of a move, estimated (docs/decisions.md D11): the straight line between the
 * two districts' stored coordinates times the catalog's road factor, in whole kilometres. A move
 * inside one district is 0 km; a place we cannot locate counts as 0 rather than a guess.
 */
export function estimatedRoadKm(from: Place, to: Place, roadFactor: number): number {
  if (samePlace(from, to)) return 0;
  const a = coordinatesOf(from);
  const b = coordinatesOf(to);
  if (!a || !b) return 0;
  return Math.round(straightLineKm(a, b) * roadFactor);
}
