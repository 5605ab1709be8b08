import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AVAILABILITY_DAYS_MAX } from '../../../../src/domain/capacity.ts';
import { cairoToday, isValidYmd } from '../../../../src/domain/datetime.ts';
import { jobSourceOfMove } from '../../../../src/domain/dispatch.ts';
import { availabilityMoveSchema } from '../../../../src/domain/dispatch-schema.ts';
import { adminRequired, userOf } from '../../plugins/sessions.ts';
import {
  availabilityResponse,
  calendarResponse,
  capacityPlanResponse,
} from './response-schemas.ts';

const INVALID = 'validation:common.invalid';

/** `?from=YYYY-MM-DD&days=N`: a run of dates; today in Cairo and `days` by default. */
export function dateRangeQuery(days: number) {
  return z.object(
    {
      from: z
        .string({ error: INVALID })
        .trim()
        .refine(isValidYmd, { error: INVALID })
        .optional()
        .transform((from) => from ?? cairoToday()),
      days: z.coerce
        .number({ error: INVALID })
        .int({ error: INVALID })
        .min(1, { error: INVALID })
        .max(AVAILABILITY_DAYS_MAX, { error: INVALID })
        .default(days),
    },
    { error: INVALID },
  );
}

/** One week from today by default. */
const rangeQuery = dateRangeQuery(7);

/**
 * Crew capacity (D12): which windows still have a free crew, for anyone booking (nothing but
 * yes or no per window); the plan and the calendar of the coming weeks, for admins.
 */
export async function capacityRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  app.get('/availability', { schema: { response: availabilityResponse } }, async (request) => {
    const { from, days } = rangeQuery.parse(request.query ?? {});
    const move = availabilityMoveSchema.safeParse(request.query ?? {});
    // D28: with the customer's move, the windows a crew serving its pickup could take it in; a
    // question without one (an older page) is answered for any move of one window.
    if (!move.success) return { days: services.capacity.availability(from, days) };
    const source = jobSourceOfMove(move.data, services.catalog.current().distance.roadFactor);
    return { days: services.capacity.availability(from, days, new Date(), source) };
  });

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    admins.get('/capacity', { schema: { response: capacityPlanResponse } }, async () => ({
      plan: services.capacity.plan(),
    }));

    admins.put('/capacity', { schema: { response: capacityPlanResponse } }, async (request) => ({
      plan: services.capacity.save(request.body ?? {}, userOf(request)),
    }));

    admins.get(
      '/capacity/calendar',
      { schema: { response: calendarResponse } },
      async (request) => {
        const { from, days } = rangeQuery.parse(request.query ?? {});
        return { days: services.capacity.calendar(from, days) };
      },
    );
  });
}
