import { z } from 'zod';
import { isCvvValid, isExpiryValid, luhnValid, normalizeCardNumber, parseExpiry } from './card';
import { isBeyondCairoDays, isPastCairoDate, isValidTime, isValidYmd } from './datetime';
import { normalizeDigits, parseDecimal } from './digits';
import { CREWS_MAX, EXCEPTIONS_MAX, WINDOWS_MAX, type CapacityDraft } from './capacity';
import { findDistrict, findGovernorate } from './governorates';
import { DISPLAY_LANGUAGES } from './locale';
import { normalizeEgyptianMobile } from './phone';
import { normalizeTrackingInput } from './order-number';
import {
  BOOKING_HORIZON_DAYS,
  estimatePrice,
  FIRST_CATALOG,
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  MOVE_TYPES,
  parsePrice,
  TEAM_MAX,
  WORKERS_MAX,
  WORKERS_MIN,
  type CatalogRates,
  type MoveType,
  type PriceCatalog,
} from './pricing';
import { parseRating, RATING_MAX, RATING_MIN } from './rating';
import { REVIEW_NAME_MAX, REVIEW_NAME_MIN, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './reviews';
import { PAYMENT_METHODS } from './status';
import {
  cleanPastedText,
  hasForbiddenChars,
  hasVisibleLetter,
  isVisiblyBlank,
  visibleLength,
} from './text';
import { VALIDATION_MESSAGES } from './validation-messages';

export { VALIDATION_MESSAGES };

const M = VALIDATION_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Field builders

/** z.object whose own type error (null, an array, a string) is a key like every other message. */
function object<T extends z.ZodRawShape>(shape: T) {
  return z.object(shape, { error: M.invalid });
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

interface TextRules {
  /** Notes, messages and reviews keep their line breaks; every other field is one line. */
  multiline?: boolean;
  /** Names and addresses: at least one visible letter, not only digits, symbols or blanks. */
  letters?: boolean;
}

/**
 * Trimmed free text (the rules are in text.ts): blank, even if only invisibly so, gives
 * `required`; a forbidden character gives its own message; a visible length under `min` or a
 * stored length over `max` gives `length`.
 */
function text(
  required: string,
  min: number,
  max: number,
  length: string,
  { multiline = false, letters = false }: TextRules = {},
) {
  // Controls are looked for before trimming, which would quietly drop a vertical tab or a form
  // feed at either end.
  return z
    .string({ error: required })
    .overwrite(cleanPastedText)
    .refine((value) => !hasForbiddenChars(value, { multiline }), {
      error: M.textControlChars,
      abort: true,
    })
    .trim()
    .refine((value) => !isVisiblyBlank(value), { error: required, abort: true })
    .refine((value) => visibleLength(value) >= min, { error: length, abort: true })
    .max(max, { error: length, abort: true })
    .refine((value) => !letters || hasVisibleLetter(value), { error: M.textLetters });
}

function optionalText(max: number, tooLong: string, { multiline = false }: TextRules = {}) {
  return z
    .string({ error: M.invalid })
    .overwrite(cleanPastedText)
    .refine((value) => !hasForbiddenChars(value, { multiline }), {
      error: M.textControlChars,
      abort: true,
    })
    .trim()
    .max(max, { error: tooLong })
    .optional();
}

export const EMAIL_MAX = 254;

/**
 * Fields that report at most one problem without aborting the whole object, so that a
 * cross-field rule (password confirmation) still runs while another field is wrong.
 */
function firstProblem<T>(
  rules: readonly (readonly [ok: (value: T) => boolean, message: string])[],
) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const failed = rules.find(([ok]) => !ok(value));
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
  };
}

const email = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .superRefine(
    firstProblem<string>([
      [(value) => value.length > 0, M.emailRequired],
      [(value) => value.length <= EMAIL_MAX, M.emailTooLong],
      [(value) => z.regexes.email.test(value), M.emailInvalid],
    ]),
  );

/** Output is the canonical `01XXXXXXXXX` (D7), whatever digits and separators were typed. */
function egyptianMobile(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((value) => normalizeEgyptianMobile(value) !== null, { error: M.phoneInvalid })
    .transform((value) => normalizeEgyptianMobile(value) ?? value);
}

/** Form inputs give strings (maybe in Arabic-Indic digits); a cleared input means "not given". */
function numberInput(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : parseDecimal(value);
  return value === null ? undefined : value;
}

function wholeNumber(min: number, max: number, required: string, range: string) {
  return z.preprocess(
    numberInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : range) })
      .int({ error: range })
      .min(min, { error: range })
      .max(max, { error: range }),
  );
}

function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) {
  return z.enum(values, { error: (issue) => (isBlank(issue.input) ? required : invalid) });
}

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

const moveTime = z
  .string({ error: M.dateSelectionRequired })
  .trim()
  .min(1, { error: M.dateSelectionRequired, abort: true })
  .refine(isValidTime, { error: M.timeInvalid });

const floor = wholeNumber(FLOOR_MIN, FLOOR_MAX, M.dateSelectionRequired, M.floorRange);
const workers = wholeNumber(WORKERS_MIN, WORKERS_MAX, M.workersRange, M.workersRange);

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
// Reviews

// The zod-free review rules live in reviews.ts; re-exported so schema users find them here too.
export {
  REVIEW_NAME_MIN,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MIN,
  REVIEW_TEXT_MAX,
  REVIEW_COOLDOWN_MS,
  isHoneypotFilled,
  isWithinReviewCooldown,
  isDisplayableReview,
} from './reviews';

export const reviewSchema = object({
  name: text(M.reviewNameLength, REVIEW_NAME_MIN, REVIEW_NAME_MAX, M.reviewNameLength, {
    letters: true,
  }),
  review: text(M.reviewTextLength, REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, M.reviewTextLength, {
    multiline: true,
  }),
  // The spec reads ratings forgivingly (default 5, clamped) instead of rejecting them.
  rating: z.preprocess(
    (value) => parseRating(value),
    z
      .number({ error: M.reviewRating })
      .int({ error: M.reviewRating })
      .min(RATING_MIN, { error: M.reviewRating })
      .max(RATING_MAX, { error: M.reviewRating }),
  ),
  // Honeypot: hidden from people, filled by bots. Accepted here so a bot sees a normal success.
  website: z.string({ error: M.invalid }).optional(),
});
export type ReviewInput = z.output<typeof reviewSchema>;

// ---------------------------------------------------------------------------------------------
// Accounts

export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX = 128;
export const PASSWORD_STRONG_SCORE = 2;

/** Letters and digits of any script count: an Arabic passphrase is as good as a Latin one. */
export function passwordStrength(pw: string): number {
  if (typeof pw !== 'string') return 0;
  let score = 0;
  if (pw.length >= PASSWORD_MIN) score += 1;
  if (/\p{L}/u.test(pw) && /\p{Nd}/u.test(pw)) score += 1;
  return score;
}

// Passwords are never trimmed or normalised: the characters typed are the credential.
const newPassword = z.string({ error: M.passwordRequired }).superRefine(
  firstProblem<string>([
    [(pw) => pw.length > 0, M.passwordRequired],
    [(pw) => pw.length >= PASSWORD_MIN, M.passwordMin],
    [(pw) => pw.length <= PASSWORD_MAX, M.passwordMax],
    [(pw) => passwordStrength(pw) >= PASSWORD_STRONG_SCORE, M.passwordWeak],
  ]),
);

export const signupSchema = object({
  email,
  password: newPassword,
  confirmPassword: z
    .string({ error: M.confirmPasswordRequired })
    .min(1, { error: M.confirmPasswordRequired }),
}).refine((values) => values.password === values.confirmPassword, {
  error: M.passwordMismatch,
  path: ['confirmPassword'],
  // Report a mismatch even while the password itself is still too weak; an empty
  // confirmation already has its own message.
  when: (payload) => {
    if (typeof payload.value !== 'object' || payload.value === null) return false;
    const values = payload.value as { password?: unknown; confirmPassword?: unknown };
    return (
      typeof values.password === 'string' &&
      typeof values.confirmPassword === 'string' &&
      values.confirmPassword !== ''
    );
  },
});
export type SignupInput = z.output<typeof signupSchema>;

export const loginSchema = object({
  email,
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }),
});
export type LoginInput = z.output<typeof loginSchema>;

// ---------------------------------------------------------------------------------------------
// Contact

export const CONTACT_NAME_MAX = 80;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactSchema = object({
  name: text(M.nameRequired, 1, CONTACT_NAME_MAX, M.nameTooLong, { letters: true }),
  email,
  phone: egyptianMobile(M.phoneRequired),
  message: text(M.messageRequired, 1, CONTACT_MESSAGE_MAX, M.messageTooLong, { multiline: true }),
});
export type ContactInput = z.output<typeof contactSchema>;

/** A stored contact message, as admins list it (D7). */
export interface ContactMessage extends ContactInput {
  id: string;
  createdAt: string;
}

// ---------------------------------------------------------------------------------------------
// Booking flow

export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 80;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 300;
export const NOTES_MAX = 1000;

const letters = { letters: true } as const;

const customerInfoShape = {
  fullName: text(M.customerInfoRequired, FULL_NAME_MIN, FULL_NAME_MAX, M.fullNameLength, letters),
  phoneNumber: egyptianMobile(M.customerInfoRequired),
  pickupAddress: text(M.customerInfoRequired, ADDRESS_MIN, ADDRESS_MAX, M.addressLength, letters),
  dropoffAddress: text(M.customerInfoRequired, ADDRESS_MIN, ADDRESS_MAX, M.addressLength, letters),
  notes: optionalText(NOTES_MAX, M.notesTooLong, { multiline: true }),
};

export const customerInfoSchema = object(customerInfoShape);
export type CustomerInfoInput = z.output<typeof customerInfoSchema>;

/** The customer-info screen's form: the details, and where the move ends (D11). */
export const customerDetailsSchema = object({
  ...customerInfoShape,
  dropoffGovernorateId: locationId(),
  dropoffDistrictId: locationId(),
}).superRefine((value, ctx) =>
  checkLocation(
    { governorateId: value.dropoffGovernorateId, districtId: value.dropoffDistrictId },
    ctx,
    'dropoff',
  ),
);

const moveType = choice(MOVE_TYPES, M.dateSelectionRequired, M.moveTypeInvalid);
const housing = choice(HOUSING_TYPES, M.dateSelectionRequired, M.housingInvalid);

function dateSelectionShape(now: Date | undefined) {
  return {
    moveDate: moveDate(now),
    moveTime,
    moveType,
    housing,
    pickupFloor: floor,
    dropoffFloor: floor,
  };
}

/** `now` fixes "today" for tests; without it, today is read at each parse. */
export function dateSelectionSchema(now?: Date) {
  return object(dateSelectionShape(now));
}
export type DateSelectionInput = z.output<ReturnType<typeof dateSelectionSchema>>;

/** The move-type estimator: continue needs a type and at least one worker (spec 5). */
export const moveEstimateSchema = object({
  moveType: choice(MOVE_TYPES, M.moveTypeRequired, M.moveTypeInvalid),
  workers,
  housing,
  pickupFloor: floor,
  dropoffFloor: floor,
});
export type MoveEstimateInput = z.output<typeof moveEstimateSchema>;

export const manualLocationSchema = object({
  governorateId: locationId(),
  districtId: locationId(),
}).superRefine(checkLocation);
export type ManualLocationInput = z.output<typeof manualLocationSchema>;

// ---------------------------------------------------------------------------------------------
// Card (D3: checked in the browser, never sent to our backend)

export const CARD_HOLDER_MIN = 2;
export const CARD_HOLDER_MAX = 80;

function cardField() {
  return z
    .string({ error: M.cardIncomplete })
    .trim()
    .min(1, { error: M.cardIncomplete, abort: true });
}

export function cardSchema(now?: Date) {
  return object({
    cardNumber: cardField()
      .refine(luhnValid, { error: M.cardNumberInvalid })
      .transform(normalizeCardNumber),
    cardHolder: text(M.cardIncomplete, CARD_HOLDER_MIN, CARD_HOLDER_MAX, M.cardHolderLength, {
      letters: true,
    }),
    expiry: cardField()
      .refine((value) => parseExpiry(value) !== null, { error: M.cardExpiryInvalid, abort: true })
      .refine((value) => isExpiryValid(value, now ?? new Date()), { error: M.cardExpired })
      .transform((value) => normalizeDigits(value).replace(/\s/g, '')),
    cvv: cardField()
      .refine(isCvvValid, { error: M.cardCvvInvalid })
      .transform((value) => normalizeDigits(value)),
  });
}
export type CardInput = z.output<ReturnType<typeof cardSchema>>;

// ---------------------------------------------------------------------------------------------
// Tracking

// What people paste for an order number (zod-free, so the http adapter can use it on `/`).
export { normalizeTrackingInput };

export { trackingInputSchema, type TrackingInput } from './tracking-schema';

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
 * Request handlers use `orderInputSchema` below instead of building one per request.
 */
export function createOrderInputSchema(now?: Date) {
  return object({
    ...customerInfoShape,
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
    workers,
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

/**
 * Built once: zod schemas are costly to construct and order creation is a hot path. Its dates
 * are judged against the clock at each parse (see moveDate), so it never goes stale.
 */
export const orderInputSchema = createOrderInputSchema();

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

// ---------------------------------------------------------------------------------------------
// Admin: a new catalog version (D11)

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

export const catalogRatesSchema: z.ZodType<CatalogRates> = object({
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
});

// ---------------------------------------------------------------------------------------------
// Admin: the crews plan (D12)

const clock = z
  .string({ error: M.capacityTime })
  .trim()
  .refine(isValidTime, { error: M.capacityTime });
const crews = z
  .number({ error: M.capacityCrews })
  .int({ error: M.capacityCrews })
  .min(0, { error: M.capacityCrews })
  .max(CREWS_MAX, { error: M.capacityCrews });
const windowId = z
  .string({ error: M.invalid })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: M.invalid });

export const CAPACITY_NOTE_MAX = 120;

export const capacityDraftSchema: z.ZodType<CapacityDraft> = object({
  windows: z
    .array(object({ id: windowId, start: clock, end: clock, crews }), {
      error: M.capacityWindows,
    })
    .min(1, { error: M.capacityWindows })
    .max(WINDOWS_MAX, { error: M.capacityWindows }),
  exceptions: z
    .array(
      object({
        date: z
          .string({ error: M.capacityDay })
          .refine(isValidYmd, { error: M.capacityDay })
          .optional(),
        weekday: z
          .number({ error: M.capacityDay })
          .int({ error: M.capacityDay })
          .min(0, { error: M.capacityDay })
          .max(6, { error: M.capacityDay })
          .optional(),
        crews: z.record(windowId, crews, { error: M.capacityCrews }),
        note: optionalText(CAPACITY_NOTE_MAX, M.capacityNote).transform((note) => note ?? ''),
      }),
      { error: M.invalid },
    )
    .max(EXCEPTIONS_MAX, { error: M.capacityTooMany }),
}).superRefine((plan, ctx) => {
  const issue = (message: string, path: (string | number)[]) =>
    ctx.addIssue({ code: 'custom', message, path });
  const ids = new Set<string>();
  plan.windows.forEach((window, i) => {
    if (ids.has(window.id)) issue(M.invalid, ['windows', i, 'id']);
    ids.add(window.id);
    const times = isValidTime(window.start) && isValidTime(window.end);
    if (times && window.end <= window.start) issue(M.capacityWindowOrder, ['windows', i, 'end']);
  });
  // Windows may not overlap: a time of day belongs to one window, and a crew to one order in it.
  const ordered = plan.windows
    .map((window, index) => ({ window, index }))
    .sort((a, b) => a.window.start.localeCompare(b.window.start));
  for (let i = 1; i < ordered.length; i += 1) {
    const previous = ordered[i - 1]!.window;
    const { window, index } = ordered[i]!;
    if (window.start < previous.end && previous.start < previous.end) {
      issue(M.capacityOverlap, ['windows', index, 'start']);
    }
  }
  const days = new Set<string>();
  plan.exceptions.forEach((exception, i) => {
    const hasDate = exception.date !== undefined;
    const hasWeekday = exception.weekday !== undefined;
    if (hasDate === hasWeekday) {
      issue(M.capacityDay, ['exceptions', i, 'date']);
      return;
    }
    const day = hasDate ? `d:${exception.date}` : `w:${exception.weekday}`;
    if (days.has(day))
      issue(M.capacityDuplicateDay, ['exceptions', i, hasDate ? 'date' : 'weekday']);
    days.add(day);
    for (const id of Object.keys(exception.crews)) {
      if (!ids.has(id)) issue(M.capacityUnknownWindow, ['exceptions', i, 'crews', id]);
    }
  });
});
