import { z } from 'zod';
import { POLICY_FEE_PERCENT_MAX, POLICY_HOURS_MAX } from './cancellation';
import {
  FIRST_CATALOG_RATES,
  FLOOR_MAX,
  MOVE_TYPES,
  ratesOf,
  TEAM_MAX,
  WORKERS_MIN,
} from './pricing';
import type { CatalogRates, MoveType } from './pricing';
import { object } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Admin: a new price catalog version (D11). Its own module: only the admins' prices screen and
// the backends build it, never a customer's screen.

function amount(max: number, message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message });
}

export const CATALOG_LIMITS = {
  price: 100_000,
  fee: 10_000,
  manyFloors: FLOOR_MAX * 2,
  roadFactor: { min: 1, max: 3 },
  km: 2_000,
  perKm: 1_000,
} as const;

/**
 * The rates an admin saves; the API's catalog answer is made of the same fields (api-responses.ts),
 * so a rate added here is sent to every screen without a second edit.
 */
export const catalogRatesSchema = object({
  base: object(
    Object.fromEntries(
      MOVE_TYPES.map((type) => [type, amount(CATALOG_LIMITS.price, M.catalogPrice)]),
    ) as Record<MoveType, ReturnType<typeof amount>>,
  ),
  floorFee: amount(CATALOG_LIMITS.fee, M.catalogFee),
  workerExtraPerHead: amount(CATALOG_LIMITS.fee, M.catalogFee),
  team: object({
    base: z
      .number({ error: M.catalogTeamBase })
      .int({ error: M.catalogTeamBase })
      .min(WORKERS_MIN, { error: M.catalogTeamBase })
      .max(TEAM_MAX, { error: M.catalogTeamBase }),
    manyFloors: z
      .number({ error: M.catalogManyFloors })
      .int({ error: M.catalogManyFloors })
      .min(1, { error: M.catalogManyFloors })
      .max(CATALOG_LIMITS.manyFloors, { error: M.catalogManyFloors }),
  }),
  distance: object({
    // Two decimals at most: a factor of 1.333… would price the same route differently in print.
    roadFactor: z
      .number({ error: M.catalogRoadFactor })
      .min(CATALOG_LIMITS.roadFactor.min, { error: M.catalogRoadFactor })
      .max(CATALOG_LIMITS.roadFactor.max, { error: M.catalogRoadFactor })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-9, {
        error: M.catalogRoadFactor,
      }),
    includedKm: amount(CATALOG_LIMITS.km, M.catalogKm),
    perKm: amount(CATALOG_LIMITS.perKm, M.catalogPerKm),
  }),
  // D28: hours of work by move type in quarter hours, per floor, and the road's average speed. A
  // draft without them (a page from before D28) keeps the first durations.
  duration: object({
    hours: object(
      Object.fromEntries(
        MOVE_TYPES.map((type) => [
          type,
          z
            .number({ error: M.catalogDuration })
            .min(0.25, { error: M.catalogDuration })
            .max(24, { error: M.catalogDuration })
            .refine((n) => Number.isInteger(n * 4), { error: M.catalogDuration }),
        ]),
      ) as Record<MoveType, z.ZodNumber>,
    ),
    perFloorHours: z
      .number({ error: M.catalogPerFloorHours })
      .min(0, { error: M.catalogPerFloorHours })
      .max(2, { error: M.catalogPerFloorHours }),
    roadKmPerHour: z
      .number({ error: M.catalogRoadSpeed })
      .min(10, { error: M.catalogRoadSpeed })
      .max(120, { error: M.catalogRoadSpeed }),
  }).default(() => ratesOf(FIRST_CATALOG_RATES).duration),
  // D16: whole hours before the window, and a whole percentage of the total.
  cancellationPolicy: object({
    freeHours: amount(POLICY_HOURS_MAX, M.catalogPolicyHours),
    lateFeePercent: amount(POLICY_FEE_PERCENT_MAX, M.catalogPolicyFee),
    closedHours: amount(POLICY_HOURS_MAX, M.catalogPolicyHours),
  }),
}) satisfies z.ZodType<CatalogRates>;
