import { z } from 'zod';
import { isBeyondCairoDays, isPastCairoDate, isValidTime, isValidYmd } from './datetime';
import { findDistrict, findGovernorate } from './governorates';
import { DISPLAY_LANGUAGES } from './locale';
import {
  BOOKING_HORIZON_DAYS,
  estimatePrice,
  FIRST_CATALOG,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  MOVE_TYPES,
  parsePrice,
  WORKERS_MAX,
  WORKERS_MIN,
  type PriceCatalog,
} from './pricing';
import {
  builtOnce,
  choice,
  egyptianMobile,
  isBlank,
  object,
  optionalText,
  text,
  wholeNumber,
} from './schema-fields';
import { PAYMENT_METHODS } from './status';
import { VALIDATION_MESSAGES as M } from './validation-messages';

// The booking steps' schemas and the order they add up to, shared with the server. The card
// form (card-schema.ts) and the order schema built once for the backends (order-input-schema.ts)
// have their own modules: the location, details and date steps never build them. Nothing here is
// built at module load: each step's schema on its first parse (builtOnce), its fields then. Built
// eagerly, this module was the longest part of the location page's start on a slow phone (its
// step guards and the price import it), which parses none of them before the customer acts.

/**
 * Today up to today + BOOKING_HORIZON_DAYS, in Cairo. Lazy "now": a schema built once (at form
 * mount, or at module load on the server) still knows today after midnight.
 */
function moveDate(now: Date | undefined) {
  return z
    .string({ error: M.dateSelectionRequired })
    .trim()
    .min(1, { error: M.dateSelectionRequired, abort: true })
    .refine(isValidYmd, { error: M.dateInvalid, abort: true })
    .refine((ymd) => !isPastCairoDate(ymd, now ?? new Date()), {
      error: M.datePast,
      abort: true,
    })
    .refine((ymd) => !isBeyondCairoDays(ymd, BOOKING_HORIZON_DAYS, now ?? new Date()), {
      error: M.dateTooFar,
    });
}

function moveTime() {
  return z
    .string({ error: M.dateSelectionRequired })
    .trim()
    .min(1, { error: M.dateSelectionRequired, abort: true })
    .refine(isValidTime, { error: M.timeInvalid });
}

const floor = () => wholeNumber(FLOOR_MIN, FLOOR_MAX, M.dateSelectionRequired, M.floorRange);
const workers = () => wholeNumber(WORKERS_MIN, WORKERS_MAX, M.workersRange, M.workersRange);

function locationId() {
  return z
    .string({ error: M.locationRequired })
    .trim()
    .min(1, { error: M.locationRequired, abort: true });
}

/**
 * Both ids must exist and the district must belong to the governorate. `prefix` names the pair's
 * fields (`dropoffGovernorateId`, …) when it is not the pickup's.
 */
function checkLocation(
  value: { governorateId: string; districtId: string },
  ctx: z.RefinementCtx,
  prefix: '' | 'dropoff' = '',
): void {
  // A blank id has already been reported by its field; one message per field is enough.
  if (value.governorateId === '' || value.districtId === '') return;
  const field = (name: 'GovernorateId' | 'DistrictId') =>
    prefix ? `${prefix}${name}` : `${name[0]!.toLowerCase()}${name.slice(1)}`;
  if (!findGovernorate(value.governorateId)) {
    ctx.addIssue({ code: 'custom', message: M.locationRequired, path: [field('GovernorateId')] });
  } else if (!findDistrict(value.governorateId, value.districtId)) {
    ctx.addIssue({ code: 'custom', message: M.locationRequired, path: [field('DistrictId')] });
  }
}

// ---------------------------------------------------------------------------------------------
// The booking steps

export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 80;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 300;
export const NOTES_MAX = 1000;

const letters = { letters: true } as const;

function customerInfoShape() {
  return {
    fullName: text(M.customerInfoRequired, FULL_NAME_MIN, FULL_NAME_MAX, M.fullNameLength, letters),
    phoneNumber: egyptianMobile(M.customerInfoRequired),
    pickupAddress: text(M.customerInfoRequired, ADDRESS_MIN, ADDRESS_MAX, M.addressLength, letters),
    dropoffAddress: text(
      M.customerInfoRequired,
      ADDRESS_MIN,
      ADDRESS_MAX,
      M.addressLength,
      letters,
    ),
    notes: optionalText(NOTES_MAX, M.notesTooLong, { multiline: true }),
  };
}

export const customerInfoSchema = builtOnce(() => object(customerInfoShape()));
export type CustomerInfoInput = z.output<ReturnType<typeof customerInfoSchema>>;

/** The customer-info screen's form: the details, and where the move ends (D11). */
export const customerDetailsSchema = builtOnce(() =>
  object({
    ...customerInfoShape(),
    dropoffGovernorateId: locationId(),
    dropoffDistrictId: locationId(),
  }).superRefine((value, ctx) =>
    checkLocation(
      { governorateId: value.dropoffGovernorateId, districtId: value.dropoffDistrictId },
      ctx,
      'dropoff',
    ),
  ),
);

const housing = () => choice(HOUSING_TYPES, M.dateSelectionRequired, M.housingInvalid);

function dateSelectionShape(now: Date | undefined) {
  return {
    moveDate: moveDate(now),
    moveTime: moveTime(),
    moveType: choice(MOVE_TYPES, M.dateSelectionRequired, M.moveTypeInvalid),
    housing: housing(),
    pickupFloor: floor(),
    dropoffFloor: floor(),
  };
}

/** `now` fixes "today" for tests; without it, today is read at each parse. */
export function dateSelectionSchema(now?: Date) {
  return object(dateSelectionShape(now));
}
export type DateSelectionInput = z.output<ReturnType<typeof dateSelectionSchema>>;

/** The move-type estimator: continue needs a type and at least one worker (spec 5). */
export const moveEstimateSchema = builtOnce(() =>
  object({
    moveType: choice(MOVE_TYPES, M.moveTypeRequired, M.moveTypeInvalid),
    workers: workers(),
    housing: housing(),
    pickupFloor: floor(),
    dropoffFloor: floor(),
  }),
);
export type MoveEstimateInput = z.output<ReturnType<typeof moveEstimateSchema>>;

export const manualLocationSchema = builtOnce(() =>
  object({
    governorateId: locationId(),
    districtId: locationId(),
  }).superRefine(checkLocation),
);
export type ManualLocationInput = z.output<ReturnType<typeof manualLocationSchema>>;

// ---------------------------------------------------------------------------------------------
// Order creation (shared by the payment screen and the server)

/** Fields the payment screen needs before it can save an order (spec 5). */
export const PAYMENT_REQUIRED_FIELDS = [
  'moveType',
  'fullName',
  'phoneNumber',
  'pickupAddress',
  'dropoffAddress',
] as const;
export type PaymentRequiredField = (typeof PAYMENT_REQUIRED_FIELDS)[number];

/** The names the payment screen lists in its "missing data" alert, in a stable order. */
export function missingPaymentFields(
  state: Partial<Record<PaymentRequiredField, unknown>> | null | undefined,
): PaymentRequiredField[] {
  return PAYMENT_REQUIRED_FIELDS.filter((field) => isBlank(state?.[field]));
}

/**
 * `now` fixes "today" for tests and for the seed script; without it, today is read at each parse.
 * Request handlers use `orderInputSchema` (order-input-schema.ts) instead of building one per
 * request.
 */
export function createOrderInputSchema(now?: Date) {
  return object({
    ...customerInfoShape(),
    governorateId: locationId(),
    districtId: locationId(),
    // Where the move ends (D11); without it, the pickup's governorate and district.
    dropoffGovernorateId: locationId().optional(),
    dropoffDistrictId: locationId().optional(),
    ...dateSelectionShape(now),
    // The time window chosen on the date screen (D12); without it, the one moveTime falls in.
    windowId: z
      .string({ error: M.timeNoWindow })
      .trim()
      .max(40, { error: M.timeNoWindow })
      .optional(),
    workers: workers(),
    paymentMethod: choice(PAYMENT_METHODS, M.paymentMethodRequired, M.paymentMethodRequired),
    // Display formatting ("1,500") may reach us; the server compares this to its own total.
    totalPrice: z.preprocess(
      (value) => (typeof value === 'string' ? parsePrice(value) : value),
      z.number({ error: M.priceInvalid }).min(0, { error: M.priceInvalid }),
    ),
    // The language the customer books in, for their messages (D10). Optional: an older page
    // that does not send it books in Arabic, the default.
    language: z.enum(DISPLAY_LANGUAGES, { error: M.invalid }).optional(),
    // "Send me updates on WhatsApp/SMS" (D10). Never assumed: absent means no.
    notifyConsent: z.boolean({ error: M.invalid }).optional(),
    // The catalog version the customer was shown (D11); a stale one with another total is told so.
    catalogVersion: z
      .number({ error: M.priceInvalid })
      .int({ error: M.priceInvalid })
      .min(1, { error: M.priceInvalid })
      .optional(),
  })
    .superRefine(checkLocation)
    .superRefine((value, ctx) => {
      const { dropoffGovernorateId: governorateId, dropoffDistrictId: districtId } = value;
      if (governorateId === undefined && districtId === undefined) return;
      if (governorateId === undefined || districtId === undefined) {
        const path = governorateId === undefined ? 'dropoffGovernorateId' : 'dropoffDistrictId';
        ctx.addIssue({ code: 'custom', message: M.locationRequired, path: [path] });
        return;
      }
      checkLocation({ governorateId, districtId }, ctx, 'dropoff');
    });
}
export type OrderInput = z.output<ReturnType<typeof createOrderInputSchema>>;

/** Where an order's move starts and ends: the drop-off is the pickup's area unless given. */
export function orderRoute(
  input: Pick<
    OrderInput,
    'governorateId' | 'districtId' | 'dropoffGovernorateId' | 'dropoffDistrictId'
  >,
) {
  const from = { governorateId: input.governorateId, districtId: input.districtId };
  const to =
    input.dropoffGovernorateId !== undefined && input.dropoffDistrictId !== undefined
      ? { governorateId: input.dropoffGovernorateId, districtId: input.dropoffDistrictId }
      : from;
  return { from, to };
}

type PricedOrder = Pick<OrderInput, 'moveType' | 'pickupFloor' | 'dropoffFloor' | 'workers'> &
  Partial<
    Pick<OrderInput, 'governorateId' | 'districtId' | 'dropoffGovernorateId' | 'dropoffDistrictId'>
  >;

/**
 * The order's price under `catalog` (spec 9, D4, D11): the catalog with the workers the order asks
 * for and the distance between its pickup and drop-off areas, the same figures the estimator and
 * the date screen show. The server and every backend reject an order whose `totalPrice` differs,
 * so the stored team, route and price can never disagree.
 */
export function orderPrice(catalog: PriceCatalog, input: PricedOrder) {
  const route =
    input.governorateId !== undefined && input.districtId !== undefined
      ? orderRoute({
          governorateId: input.governorateId,
          districtId: input.districtId,
          dropoffGovernorateId: input.dropoffGovernorateId,
          dropoffDistrictId: input.dropoffDistrictId,
        })
      : {};
  return estimatePrice(catalog, {
    moveType: input.moveType,
    pickupFloor: input.pickupFloor,
    dropoffFloor: input.dropoffFloor,
    workers: input.workers,
    ...route,
  });
}

/** orderPrice's total; the first catalog version when none is given (fixtures, the seed). */
export function expectedOrderTotal(
  input: PricedOrder,
  catalog: PriceCatalog = FIRST_CATALOG,
): number {
  return orderPrice(catalog, input).total;
}
