import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminRequired, userOf, userRequired } from '../../plugins/sessions.ts';
import { dateRangeQuery } from './capacity.ts';
import {
  crewJobResponse,
  crewJobsResponse,
  dispatchBoardResponse,
  fleetResponse,
  orderResponse,
} from './response-schemas.ts';

/** The board: one day from today by default. */
const boardQuery = dateRangeQuery(1);

const idParams = z.object(
  { id: z.string().min(1).max(80) },
  { error: 'validation:common.invalid' },
);

/**
 * Dispatch (D28): the office's crews and trucks, its board and assignments; the team leader's
 * jobs and field taps, for a phone session whose number is an active crew's leader's.
 */
export async function dispatchRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;

  await app.register(async (admins) => {
    admins.addHook('preHandler', adminRequired);

    admins.get('/admin/fleet', { schema: { response: fleetResponse } }, async () => ({
      fleet: services.capacity.fleet(),
    }));

    admins.put('/admin/fleet', { schema: { response: fleetResponse } }, async (request) => ({
      fleet: services.capacity.saveFleet(request.body ?? {}, userOf(request)),
    }));

    admins.get(
      '/admin/dispatch',
      { schema: { response: dispatchBoardResponse } },
      async (request) => {
        const { from, days } = boardQuery.parse(request.query ?? {});
        return { board: services.capacity.board(from, days) };
      },
    );

    admins.put(
      '/admin/orders/:id/assignment',
      { schema: { response: orderResponse(200) } },
      async (request) => {
        const { id } = idParams.parse(request.params);
        return { order: services.orders.assign(id, request.body ?? {}, userOf(request)) };
      },
    );
  });

  await app.register(async (crews) => {
    crews.addHook('preHandler', userRequired);

    crews.get('/crew/jobs', { schema: { response: crewJobsResponse } }, async (request) => {
      const crew = services.capacity.crewOf(userOf(request));
      return { jobs: services.capacity.crewJobs(crew) };
    });

    crews.post(
      '/crew/jobs/:id/taps',
      { schema: { response: crewJobResponse } },
      async (request) => {
        const { id } = idParams.parse(request.params);
        const crew = services.capacity.crewOf(userOf(request));
        const order = services.orders.crewTap(id, crew, request.body ?? {});
        return { job: services.capacity.crewJob(crew, order) };
      },
    );
  });
}
