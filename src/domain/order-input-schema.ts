import { createOrderInputSchema } from './booking-schemas';

/**
 * The new-order schema, built once: zod schemas are costly to construct and order creation is a
 * hot path. Its own module: the server and the data adapters check every new order with it, the
 * booking screens never do (they send the order to a backend that does), so they do not build
 * it. Its dates are judged against the clock at each parse (see moveDate in booking-schemas.ts),
 * so it never goes stale.
 */
export const orderInputSchema = createOrderInputSchema();
