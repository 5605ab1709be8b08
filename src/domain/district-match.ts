import { straightLineKm, type Place } from './distance';
import { GOVERNORATES, type Coordinates, type District, type Governorate } from './governorates';
import { DISTRICT_ALIASES, GOVERNORATE_ALIASES } from './place-aliases';
import { containsAsWords, normalizePlaceName } from './place-names';

/**
 * How a position becomes one of our districts (docs/decisions.md D21). The browser's position is
 * the one thing trusted; a reverse geocoder's names are evidence for the districts near it.
 *
 * - **Clear by name**: a name the geocoder gave for the place itself (not its governorate) is
 *   exactly one of a district's names (Arabic, English or an alternative spelling), and that
 *   district's centre is within `nameRadiusKm` of the position. Two such districts are told apart
 *   by the governorate the geocoder named; if that does not settle it, the customer chooses.
 * - **Clear by position**: otherwise, the nearest district centre is within `clearWithinKm`, and
 *   the next one is at least `clearGap` times as far and `clearGapKm` further.
 * - Otherwise **choose**: the nearest `choices` districts, nearest first; a district whose name the
 *   geocoder's names only partly match (within `nameRadiusKm`) takes the last place if it is not
 *   among them. A partial name never decides, nor does a governorate's name: "القاهرة" in
 *   "قصر النيل، القاهرة" is part of "القاهرة الجديدة" and 30 km from it.
 * - **None**: the position is not a position, or every district centre is further than `farKm`
 *   (abroad, at sea, deep in the desert): the customer picks from the full list.
 */
export const DISTRICT_MATCH_RULES = Object.freeze({
  /** A named district counts as far as this from its centre: our largest (New Cairo, 6th of October) reach about this far. */
  nameRadiusKm: 15,
  /** Without a name, the nearest centre decides only this close... */
  clearWithinKm: 10,
  /** ...and only when the next one is this many times as far... */
  clearGap: 2,
  /** ...and this many kilometres further. */
  clearGapKm: 1,
  /** Further than this from every district centre we serve, the position suggests nothing. */
  farKm: 50,
  /** How many districts a choice offers. */
  choices: 3,
});

/** What a reverse geocoder said about a position, in either language. */
export interface GeocodedNames {
  /** Names of the place itself, most specific first: neighbourhood, suburb, district, city, town. */
  local: readonly string[];
  /** Names of the region around it: the state (our governorate), the province. */
  region: readonly string[];
}

/** How a district's own names compare with the geocoder's. */
export type NameEvidence = 'exact' | 'partial' | 'governorate' | 'none';

export interface DistrictCandidate extends Place {
  /** Straight-line kilometres from the position to the district's centre. */
  km: number;
  evidence: NameEvidence;
}

export type DistrictMatch =
  | {
      kind: 'clear';
      by: 'name' | 'position';
      district: DistrictCandidate;
      /** The nearest districts, nearest first (the clear one among them or not). */
      nearest: readonly DistrictCandidate[];
    }
  | { kind: 'choose'; candidates: readonly DistrictCandidate[] }
  | { kind: 'none'; reason: 'invalid' | 'far' };

interface IndexedDistrict {
  governorate: Governorate;
  district: District;
  keys: readonly string[];
}

interface Index {
  districts: readonly IndexedDistrict[];
  governorateKeys: ReadonlyMap<string, readonly string[]>;
}

function keysOf(names: readonly string[]): string[] {
  return [...new Set(names.map(normalizePlaceName).filter((key) => key !== ''))];
}

let index: Index | null = null;

/** Built on first use, not when the module loads (the location step's first tap pays for it). */
function placeIndex(): Index {
  index ??= {
    districts: GOVERNORATES.flatMap((governorate) =>
      governorate.districts.map((district) => ({
        governorate,
        district,
        keys: keysOf([
          district.ar,
          district.en,
          ...(DISTRICT_ALIASES[`${governorate.id}/${district.id}`] ?? []),
        ]),
      })),
    ),
    governorateKeys: new Map(
      GOVERNORATES.map((g) => [g.id, keysOf([g.ar, g.en, ...(GOVERNORATE_ALIASES[g.id] ?? [])])]),
    ),
  };
  return index;
}

/** The alternative names' keys, for tests that keep the list free of clashes. */
export function districtNameKeys(governorateId: string, districtId: string): readonly string[] {
  return (
    placeIndex().districts.find(
      (d) => d.governorate.id === governorateId && d.district.id === districtId,
    )?.keys ?? []
  );
}

export function governorateNameKeys(governorateId: string): readonly string[] {
  return placeIndex().governorateKeys.get(governorateId) ?? [];
}

export function isValidPosition(position: Coordinates): boolean {
  return (
    Number.isFinite(position.lat) &&
    Number.isFinite(position.lon) &&
    Math.abs(position.lat) <= 90 &&
    Math.abs(position.lon) <= 180
  );
}

function evidenceOf(
  entry: IndexedDistrict,
  local: readonly string[],
  partial: readonly string[],
  namedGovernorates: ReadonlySet<string>,
): NameEvidence {
  if (local.some((key) => entry.keys.includes(key))) return 'exact';
  if (partial.some((key) => entry.keys.some((own) => containsAsWords(key, own)))) return 'partial';
  if (namedGovernorates.has(entry.governorate.id)) return 'governorate';
  return 'none';
}

/** The governorates the geocoder named exactly (its state, or a city that is one's name). */
function governoratesNamed(names: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const [id, keys] of placeIndex().governorateKeys) {
    if (names.some((key) => keys.includes(key))) named.add(id);
  }
  return named;
}

function isGovernorateName(key: string): boolean {
  for (const keys of placeIndex().governorateKeys.values()) if (keys.includes(key)) return true;
  return false;
}

const byDistance = (a: DistrictCandidate, b: DistrictCandidate) => a.km - b.km;

/**
 * Scores every district by its distance from `position` and by how its names compare with the
 * geocoder's (`names`, or null when there was no answer), and answers one clear district or the
 * few to choose from (the rules are DISTRICT_MATCH_RULES'). Pure: the same input, the same answer.
 */
export function matchDistrict(position: Coordinates, names: GeocodedNames | null): DistrictMatch {
  if (!isValidPosition(position)) return { kind: 'none', reason: 'invalid' };
  const rules = DISTRICT_MATCH_RULES;
  const local = keysOf(names?.local ?? []);
  const namedGovernorates = governoratesNamed(keysOf([...(names?.region ?? []), ...local]));
  // A governorate's name inside a district's is no evidence for it: "القاهرة" is not a part of
  // "القاهرة الجديدة" that says anything about where the customer is.
  const partly = local.filter((key) => !isGovernorateName(key));

  const scored = placeIndex()
    .districts.map((entry) => ({
      governorateId: entry.governorate.id,
      districtId: entry.district.id,
      km: straightLineKm(position, entry.district),
      evidence: evidenceOf(entry, local, partly, namedGovernorates),
    }))
    .sort(byDistance);

  const nearest = scored[0];
  if (!nearest || nearest.km > rules.farKm) return { kind: 'none', reason: 'far' };
  const nearby = scored.filter((c) => c.km <= rules.farKm);
  const nearestFew = nearby.slice(0, rules.choices);

  const named = nearby.filter((c) => c.evidence === 'exact' && c.km <= rules.nameRadiusKm);
  if (named.length > 0) {
    const inNamedGovernorate = named.filter((c) => namedGovernorates.has(c.governorateId));
    const only =
      named.length === 1
        ? named[0]
        : inNamedGovernorate.length === 1
          ? inNamedGovernorate[0]
          : null;
    if (only) return { kind: 'clear', by: 'name', district: only, nearest: nearestFew };
    return { kind: 'choose', candidates: named.slice(0, rules.choices) };
  }

  const second = nearby[1];
  if (
    nearest.km <= rules.clearWithinKm &&
    (!second ||
      (second.km >= rules.clearGap * nearest.km && second.km - nearest.km >= rules.clearGapKm))
  ) {
    return { kind: 'clear', by: 'position', district: nearest, nearest: nearestFew };
  }

  const partial = nearby.find(
    (c) => c.evidence === 'partial' && c.km <= rules.nameRadiusKm && !nearestFew.includes(c),
  );
  const candidates = partial ? [...nearestFew.slice(0, rules.choices - 1), partial] : nearestFew;
  return { kind: 'choose', candidates: candidates.sort(byDistance) };
}

/**
 * Whether a place the customer chose agrees with a position's match: it is the clear district,
 * or one of those offered to choose from. Anything else is a contradiction to ask about.
 */
export function matchAgreesWith(match: DistrictMatch, place: Partial<Place>): boolean {
  const same = (c: DistrictCandidate) =>
    c.governorateId === place.governorateId && c.districtId === place.districtId;
  if (match.kind === 'clear') return same(match.district);
  if (match.kind === 'choose') return match.candidates.some(same);
  return false;
}

/** The districts a match offers, best first: the clear one alone, or those to choose from. */
export function offeredDistricts(match: DistrictMatch): readonly DistrictCandidate[] {
  if (match.kind === 'clear') return [match.district];
  if (match.kind === 'choose') return match.candidates;
  return [];
}
