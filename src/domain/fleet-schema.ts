import { z } from 'zod';
import { findGovernorate } from './governorates';
import type { FleetDraft } from './fleet';
import { CREW_SIZE_MAX, CREW_SIZE_MIN, FLEET_CREWS_MAX, FLEET_TRUCKS_MAX } from './fleet';
import { toE164Egyptian } from './phone';
import { egyptianMobile, isBlank, object, text } from './schema-fields';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// Admin: the crews and trucks (D28). Its own module: only the office's fleet screen and the
// backends build it, never a customer's screen.

const id = z.string({ error: M.invalid }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: M.invalid });
const name = (max: number) => text(M.fleetName, 1, max, M.fleetName);

export const FLEET_MESSAGES = {
  name: M.fleetName,
  size: M.fleetSize,
  governorates: M.fleetGovernorates,
  days: M.fleetDays,
  plate: M.fleetPlate,
  duplicatePhone: M.fleetDuplicatePhone,
  duplicatePlate: M.fleetDuplicatePlate,
  unknownTruck: M.fleetUnknownTruck,
  tooMany: M.fleetTooMany,
} as const;

export const fleetDraftSchema: z.ZodType<FleetDraft> = object({
  crews: z
    .array(
      object({
        id,
        name: name(60),
        leaderName: z
          .string({ error: M.fleetName })
          .trim()
          .max(80, { error: M.fleetName })
          .default(''),
        // Stored E.164 (+20…), the form the phone session proves (D13); blank: not given yet. A
        // number that is not a mobile says so (a union's failure would say nothing translated).
        leaderPhone: z.preprocess(
          (value) => (isBlank(value) ? null : value),
          egyptianMobile(M.phoneInvalid)
            .transform((value) => toE164Egyptian(value))
            .nullable(),
        ),
        size: z
          .number({ error: M.fleetSize })
          .int({ error: M.fleetSize })
          .min(CREW_SIZE_MIN, { error: M.fleetSize })
          .max(CREW_SIZE_MAX, { error: M.fleetSize }),
        governorates: z
          .array(
            z
              .string({ error: M.fleetGovernorates })
              .refine((g) => findGovernorate(g) !== undefined, {
                error: M.fleetGovernorates,
              }),
          )
          .min(1, { error: M.fleetGovernorates }),
        days: z
          .array(
            z
              .number({ error: M.fleetDays })
              .int({ error: M.fleetDays })
              .min(0, { error: M.fleetDays })
              .max(6, { error: M.fleetDays }),
            { error: M.fleetDays },
          )
          .min(1, { error: M.fleetDays })
          .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
        truckId: z.string({ error: M.invalid }).nullable().default(null),
        active: z.boolean({ error: M.invalid }).default(true),
      }),
      { error: M.invalid },
    )
    .max(FLEET_CREWS_MAX, { error: M.fleetTooMany }),
  trucks: z
    .array(
      object({
        id,
        plate: text(M.fleetPlate, 2, 20, M.fleetPlate),
        size: z.string({ error: M.invalid }).regex(/^[a-z][a-z0-9_-]{0,19}$/, { error: M.invalid }),
        active: z.boolean({ error: M.invalid }).default(true),
      }),
      { error: M.invalid },
    )
    .max(FLEET_TRUCKS_MAX, { error: M.fleetTooMany }),
}).superRefine((fleet, ctx) => {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  const crewIds = new Set<string>();
  const phones = new Set<string>();
  const truckIds = new Set(fleet.trucks.map((t) => t.id));
  fleet.crews.forEach((crew, i) => {
    if (crewIds.has(crew.id)) issue(M.invalid, ['crews', i, 'id']);
    crewIds.add(crew.id);
    // One phone is one team leader: it says which crew's jobs a phone session sees.
    if (crew.leaderPhone) {
      if (phones.has(crew.leaderPhone)) issue(M.fleetDuplicatePhone, ['crews', i, 'leaderPhone']);
      phones.add(crew.leaderPhone);
    }
    if (crew.truckId !== null && !truckIds.has(crew.truckId)) {
      issue(M.fleetUnknownTruck, ['crews', i, 'truckId']);
    }
  });
  const seen = new Set<string>();
  const plates = new Set<string>();
  fleet.trucks.forEach((truck, i) => {
    if (seen.has(truck.id)) issue(M.invalid, ['trucks', i, 'id']);
    seen.add(truck.id);
    const plate = truck.plate.replace(/\s+/gu, '').toLowerCase();
    if (plates.has(plate)) issue(M.fleetDuplicatePlate, ['trucks', i, 'plate']);
    plates.add(plate);
  });
}) as z.ZodType<FleetDraft>;
