import { z } from 'zod';
import {
  adminReviewShape,
  calendarDayShape,
  capacityPlanShape,
  catalogVersionShape,
  contactMessageShape,
  crewJobShape,
  crewJobsShape,
  dispatchBoardShape,
  fleetShape,
  currentUserShape,
  dashboardShape,
  dayAvailabilityShape,
  notificationShape,
  orderPageShape,
  orderShape,
  paymentHistoryShape,
  refundQueueItemShape,
  paymentOptionsShape,
  paymentProgressShape,
  paymentStartShape,
  phoneChallengeShape,
  priceCatalogShape,
  publicTrackingShape,
  reviewableOrderShape,
  reviewListItemShape,
  reviewSettingsShape,
  submittedReviewShape,
} from '../../../../src/domain/api-responses.ts';

/**
 * What the API answers, as JSON Schemas generated from the domain's zod shapes
 * (src/domain/api-responses.ts, each checked by the compiler against its domain type). Fastify
 * serialises a route's answer with them (fast-json-stringify: faster than JSON.stringify, and a
 * property that is not listed is never sent, so a column added to a repository row cannot leak).
 * A field added to a domain shape is listed here with it: nothing to write twice.
 */

type JsonSchema = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod's JSON Schema, adjusted for a serialiser rather than a validator:
 * - `const` is dropped: fast-json-stringify would write the constant whatever the value holds;
 * - `anyOf: [X, null]` (a nullable object) becomes X with `type: [X's type, 'null']`, which
 *   fast-json-stringify writes directly instead of trying each branch against the value;
 * - the options of any other union (a payment's redirect or reference code) lose
 *   `additionalProperties: false`: fast-json-stringify picks the option the value validates
 *   against, and a row with one column too many would match none and fail the answer. It still
 *   writes only the properties the option lists;
 * - no `$schema`.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (!isObject(node)) return node;
  const { $schema: _draft, const: _constant, ...rest } = node;
  const anyOf = rest.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nulls = anyOf.filter((branch) => isObject(branch) && branch.type === 'null');
    const other = anyOf.find((branch) => !nulls.includes(branch));
    if (nulls.length === 1 && isObject(other) && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...besides } = rest;
      return forSerializer({ ...besides, ...other, type: [other.type, 'null'] });
    }
  }
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [
      key,
      (key === 'anyOf' || key === 'oneOf') && Array.isArray(value)
        ? value.map((option) => forSerializer(open(option)))
        : forSerializer(value),
    ]),
  );
}

/** A union's option that does not refuse properties it does not list (see forSerializer). */
function open(option: unknown): unknown {
  if (!isObject(option)) return option;
  const { additionalProperties: _closed, ...rest } = option;
  return rest;
}

/** The JSON Schema fast-json-stringify serialises `schema`'s output with. */
export function responseSchema(schema: z.ZodType): JsonSchema {
  return forSerializer(z.toJSONSchema(schema, { io: 'output' })) as JsonSchema;
}

/** `{ [status]: schema of { key: shape } }`, a route's `schema.response`. */
function answer(status: 200 | 201, shape: z.ZodRawShape) {
  return { [status]: responseSchema(z.object(shape)) };
}

export const orderResponse = (status: 200 | 201) => answer(status, { order: orderShape });

export const orderPageResponse = { 200: responseSchema(orderPageShape) };

export const trackingResponse = answer(200, { tracking: publicTrackingShape });

export const userResponse = answer(200, { user: currentUserShape });

export const phoneChallengeResponse = answer(200, { challenge: phoneChallengeShape });

export const reviewListResponse = answer(200, { reviews: z.array(reviewListItemShape) });

export const submittedReviewResponse = answer(201, { review: submittedReviewShape });

export const adminReviewResponse = answer(200, { review: adminReviewShape });

export const reviewableOrdersResponse = answer(200, { orders: z.array(reviewableOrderShape) });

export const reviewSettingsResponse = answer(200, { settings: reviewSettingsShape });

export const messageListResponse = answer(200, { messages: z.array(contactMessageShape) });

export const messageResponse = answer(200, { message: contactMessageShape });

export const unhandledMessagesResponse = answer(200, { count: z.number().int() });

export const notificationListResponse = answer(200, {
  notifications: z.array(notificationShape),
});

export const notificationResponse = answer(200, { notification: notificationShape });

export const newOrdersResponse = answer(200, { count: z.number().int() });

export const paymentOptionsResponse = answer(200, { options: paymentOptionsShape });

export const paymentStartResponse = answer(201, { payment: paymentStartShape });

export const paymentProgressResponse = answer(200, { progress: paymentProgressShape });

export const paymentHistoryResponse = answer(200, { history: paymentHistoryShape });

export const refundQueueResponse = answer(200, { refunds: z.array(refundQueueItemShape) });

export const catalogResponse = answer(200, { catalog: priceCatalogShape });

export const catalogHistoryResponse = answer(200, { versions: z.array(catalogVersionShape) });

export const capacityPlanResponse = answer(200, { plan: capacityPlanShape });

export const availabilityResponse = answer(200, { days: z.array(dayAvailabilityShape) });

export const calendarResponse = answer(200, { days: z.array(calendarDayShape) });
export const fleetResponse = answer(200, { fleet: fleetShape });
export const dispatchBoardResponse = answer(200, { board: dispatchBoardShape });
export const crewJobsResponse = answer(200, { jobs: crewJobsShape });
export const crewJobResponse = answer(200, { job: crewJobShape });

export const dashboardResponse = answer(200, { dashboard: dashboardShape });
