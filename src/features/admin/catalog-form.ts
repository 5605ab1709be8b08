// The admins' prices form (D11), as plain functions: its fields as text (typed in any digits),
// the rates they make, and the example totals previewed before saving.
import { normalizeDigits } from '../../domain/digits';
import {
  estimatePrice,
  MOVE_TYPES,
  recommendedTeamSize,
  type CatalogRates,
  type Housing,
  type MoveType,
  type PriceCatalog,
} from '../../domain/pricing';
import { catalogRatesSchema } from '../../domain/catalog-schema';
import { fieldsOfIssues } from '../../domain/errors';
import type { Place } from '../../domain/distance';

/**
 * Every field of the form, by its path in CatalogRates ('base.full', 'distance.perKm',
 * 'duration.hours.full').
 */
export const CATALOG_FIELDS = [
  ...MOVE_TYPES.map((type) => `base.${type}` as const),
  'floorFee',
  'workerExtraPerHead',
  'team.base',
  'team.manyFloors',
  'distance.roadFactor',
  'distance.includedKm',
  'distance.perKm',
  // D16: the cancellation policy each new order copies.
  'cancellationPolicy.freeHours',
  'cancellationPolicy.lateFeePercent',
  'cancellationPolicy.closedHours',
  // D28: how long a move takes, for the windows it holds.
  ...MOVE_TYPES.map((type) => `duration.hours.${type}` as const),
  'duration.perFloorHours',
  'duration.roadKmPerHour',
] as const;
export type CatalogField = (typeof CATALOG_FIELDS)[number];
export type CatalogForm = Record<CatalogField, string>;

function read(rates: CatalogRates, field: CatalogField): number {
  let value: unknown = rates;
  for (const key of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : 0;
}

export function formOf(rates: CatalogRates): CatalogForm {
  return Object.fromEntries(CATALOG_FIELDS.map((f) => [f, String(read(rates, f))])) as CatalogForm;
}

/** A typed value as a number: Arabic-Indic digits and a decimal comma are fine; blank is NaN. */
function numberOf(text: string): number {
  const plain = normalizeDigits(text).trim().replace('٫', '.').replace(',', '.');
  return plain === '' ? Number.NaN : Number(plain);
}

/** The rates the form says, as the API takes them (the schema judges them, not this). */
export function ratesOf(form: CatalogForm): CatalogRates {
  const rates: Record<string, unknown> = {};
  for (const field of CATALOG_FIELDS) {
    const keys = field.split('.');
    let group = rates;
    for (const key of keys.slice(0, -1)) {
      group[key] ??= {};
      group = group[key] as Record<string, unknown>;
    }
    group[keys[keys.length - 1]!] = numberOf(form[field]);
  }
  return rates as unknown as CatalogRates;
}

/** Field → translation key of its first problem; empty when the form can be saved. */
export function formProblems(form: CatalogForm): Partial<Record<CatalogField, string>> {
  const parsed = catalogRatesSchema.safeParse(ratesOf(form));
  return parsed.success ? {} : fieldsOfIssues(parsed.error.issues);
}

export interface Example {
  key: string;
  moveType: MoveType;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
  from: Place;
  to: Place;
}

const at = (governorateId: string, districtId: string): Place => ({ governorateId, districtId });

/** Moves the preview prices under both versions: small to long, with the recommended team. */
export const EXAMPLES: readonly Example[] = [
  {
    key: 'partialLocal',
    moveType: 'partial',
    housing: 'apartment',
    pickupFloor: 0,
    dropoffFloor: 1,
    from: at('cairo', 'maadi'),
    to: at('cairo', 'maadi'),
  },
  {
    key: 'fullCairo',
    moveType: 'full',
    housing: 'apartment',
    pickupFloor: 3,
    dropoffFloor: 2,
    from: at('cairo', 'nasr-city'),
    to: at('cairo', 'maadi'),
  },
  {
    key: 'officeGiza',
    moveType: 'office',
    housing: 'apartment',
    pickupFloor: 5,
    dropoffFloor: 0,
    from: at('cairo', 'downtown'),
    to: at('giza', 'sheikh-zayed'),
  },
  {
    key: 'villaAlexandria',
    moveType: 'full',
    housing: 'villa',
    pickupFloor: 1,
    dropoffFloor: 0,
    from: at('cairo', 'new-cairo'),
    to: at('alexandria', 'smouha'),
  },
  {
    key: 'packaging',
    moveType: 'packaging',
    housing: 'apartment',
    pickupFloor: 2,
    dropoffFloor: 2,
    from: at('giza', 'dokki'),
    to: at('giza', 'dokki'),
  },
];

export interface PreviewCell {
  workers: number;
  distanceKm: number;
  total: number;
}

/** An example priced under one version, with the team that version recommends. */
export function priceExample(catalog: PriceCatalog, example: Example): PreviewCell {
  const workers = recommendedTeamSize(catalog, example);
  const price = estimatePrice(catalog, { ...example, workers });
  return { workers, distanceKm: price.distanceKm, total: price.total };
}
