import { z } from 'zod';
import type { CapacityPlan, DayAvailability } from './capacity';
import type { Assignment, DispatchBoard } from './dispatch';
import type { CrewJob, CrewJobs } from './field';
import type { Fleet } from './fleet';
import { FIELD_STATUSES } from './status';
import { catalogRatesSchema } from './catalog-schema';
import { DASHBOARD_BUCKETS, type Dashboard } from './dashboard';
import type { ContactMessage } from './contact-message';
import { DISPLAY_LANGUAGES } from './locale';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATES,
  NOTIFICATION_TEMPLATES,
  type NotificationMessage,
} from './notifications';
import { HISTORY_KINDS, type CalendarDay, type Order, type PublicTracking } from './order';
import {
  HOSTED_PAYMENT_PROVIDERS,
  PAYMENT_ATTEMPT_STATES,
  PAYMENT_EVENT_ACTORS,
  PAYMENT_EVENT_KINDS,
  type PaymentAttempt,
  type PaymentEvent,
  type PaymentHistory,
  type PaymentOptions,
  type PaymentProgress,
  type PaymentStart,
} from './payments';
import type { OrderRefund } from './refunds';
import type { RefundQueueItem } from './refund-queue';
import { PHONE_CODE_CHANNELS, type PhoneChallenge } from './phone-auth-schema';
import { HOUSING_TYPES, MOVE_TYPES, type CatalogVersion, type PriceCatalog } from './pricing';
import { reviewSettingsSchema } from './review-schema';
import type { AdminReview, Review, ReviewableOrder, SubmittedReview } from './reviews';
import { REVIEW_STATES } from './reviews';
import {
  ONLINE_PAYMENT_METHODS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './status';
import type { CurrentUser } from './users';

// What the API answers, one zod schema per shape. The server serialises each route's answer
// through the JSON Schema generated from these (server/src/routes/api/response-schemas.ts): what
// is listed here is sent, and nothing else (a column a repository adds, a password hash, never
// reaches a browser). Each shape is checked against its domain type by the compiler (`exactly`
// below): a field added to `Order`, `PriceCatalog`, … and not here fails `tsc`, so no field is
// silently dropped from an answer. The catalog's rates are the admin's own schema
// (catalog-schema.ts): a new rate is written once. Server-only module: no screen imports it.

/** True when `A` and `B` are the same type, field for field, nested objects included. */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * `schema`, which must describe `T` exactly: a field missing on either side, or of another type,
 * makes the call want a second argument, `differs`, that nothing can give (a compile error).
 */
function exactly<T>() {
  return <S extends z.ZodType>(
    schema: S,
    ..._differs: Same<z.output<S>, T> extends true ? [] : [differs: never]
  ): S => schema;
}

const text = () => z.string();
const nullableText = () => z.string().nullable();
const integer = () => z.number().int();

// Orders (D2, D3, D5, D11, D12)

/** A crew window as an order booked it (D12). */
const bookedWindowShape = z.object({ id: text(), start: text(), end: text() });

/** When a move is (D17: a reschedule's before and after). */
const moveSlotShape = z.object({
  date: text(),
  time: text(),
  window: bookedWindowShape.nullable(),
});

const statusChangeShape = z.object({
  status: z.enum(ORDER_STATUSES),
  at: text(),
  actor: z.enum(['system', 'customer', 'admin', 'crew']),
  kind: z.enum(HISTORY_KINDS).optional(),
  reason: text().optional(),
  moved: z.object({ from: moveSlotShape, to: moveSlotShape }).optional(),
  tap: text().optional(),
});

/** A history entry as the public sees it (D2, D17, D19): no reason, no earlier slot. */
const publicStatusChangeShape = z.object({
  status: z.enum(ORDER_STATUSES),
  at: text(),
  actor: z.enum(['system', 'customer', 'admin', 'crew']),
  kind: z.enum(HISTORY_KINDS).optional(),
});

const paymentProviderName = z.enum(['test', 'cash', 'paymob']);

/** The cancellation terms an order keeps (D16), as the catalog's rates spell them. */
const cancellationPolicyShape = catalogRatesSchema.shape.cancellationPolicy;

/** Who does a move and which windows it holds (D28). */
export const assignmentShape = exactly<Assignment>()(
  z.object({
    crewId: text(),
    truckId: nullableText(),
    slots: z.array(z.object({ date: text(), windowId: text() })),
    hours: z.number(),
    by: z.enum(['auto', 'admin']),
  }),
);

/** What an order owes back and how it went back (D16). */
const refundShape = exactly<OrderRefund>()(
  z.object({
    amount: integer(),
    fee: integer(),
    dueAt: text(),
    refundedAt: nullableText(),
    how: z.enum(['provider', 'manual']).nullable(),
    manual: z.object({ method: text(), reference: text(), note: text() }).nullable(),
  }),
);

export const orderShape = exactly<Order>()(
  z.object({
    id: text(),
    orderNumber: text(),
    userId: nullableText(),
    fullName: text(),
    phoneNumber: text(),
    pickupAddress: text(),
    dropoffAddress: text(),
    governorateId: text(),
    districtId: text(),
    dropoffGovernorateId: text(),
    dropoffDistrictId: text(),
    notes: text(),
    moveType: z.enum(MOVE_TYPES),
    housing: z.enum(HOUSING_TYPES),
    pickupFloor: integer(),
    dropoffFloor: integer(),
    workers: integer(),
    moveDate: text(),
    moveTime: text(),
    timeWindow: bookedWindowShape.nullable(),
    totalPrice: integer(),
    currency: z.literal('EGP'),
    catalogVersion: integer(),
    distanceKm: integer(),
    distanceFee: integer(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentProvider: paymentProviderName,
    status: z.enum(ORDER_STATUSES),
    statusHistory: z.array(statusChangeShape),
    createdAt: text(),
    language: z.enum(DISPLAY_LANGUAGES).optional(),
    notifyConsent: z.boolean().optional(),
    cancellationPolicy: cancellationPolicyShape.optional(),
    refund: refundShape.nullable().optional(),
    assignment: assignmentShape.nullable().optional(),
  }),
);

/**
 * The public projection (toPublicTracking): these fields of an order, nothing else (D2); the
 * route by governorate only (D11).
 */
export const publicTrackingShape = exactly<PublicTracking>()(
  z.object({
    orderNumber: orderShape.shape.orderNumber,
    moveType: orderShape.shape.moveType,
    governorateId: nullableText(),
    dropoffGovernorateId: nullableText(),
    totalPrice: orderShape.shape.totalPrice,
    currency: orderShape.shape.currency,
    paymentMethod: orderShape.shape.paymentMethod,
    paymentStatus: orderShape.shape.paymentStatus,
    paymentProvider: orderShape.shape.paymentProvider,
    status: orderShape.shape.status,
    // What, when and by whom (D2): its own shape, so a field an owner's history gains (an
    // admin's reason) is never sent to the public.
    statusHistory: z.array(publicStatusChangeShape),
    moveDate: orderShape.shape.moveDate,
    moveWindow: z.object({ start: text(), end: nullableText() }).nullable(),
    crewName: nullableText(),
  }),
);

export const orderPageShape = z.object({
  orders: z.array(orderShape),
  total: integer(),
  counts: z.object(
    Object.fromEntries(ORDER_STATUSES.map((status) => [status, integer()])) as Record<
      (typeof ORDER_STATUSES)[number],
      z.ZodNumber
    >,
  ),
});

// Who is signed in (D2, D13)

export const currentUserShape = exactly<CurrentUser>()(
  z.object({
    id: text(),
    email: nullableText(),
    phone: nullableText(),
    anonymous: z.boolean(),
    isAdmin: z.boolean(),
  }),
);

export const phoneChallengeShape = exactly<PhoneChallenge>()(
  z.object({
    challengeId: text(),
    phone: text(),
    channel: z.enum([...PHONE_CODE_CHANNELS, 'log']),
    expiresInSeconds: integer(),
    resendInSeconds: integer(),
  }),
);

// Reviews (D14)

/** A review as everyone sees it. */
export const reviewShape = exactly<Review>()(
  z.object({
    id: text(),
    name: text(),
    review: text(),
    rating: integer(),
    createdAt: text(),
  }),
);

/** What the author of a new review is answered. */
export const submittedReviewShape = exactly<SubmittedReview>()(
  reviewShape.extend({ state: z.enum(REVIEW_STATES), listed: z.boolean() }),
);

/** A review as the admins moderate it: its state and its order, if any. */
export const adminReviewShape = exactly<AdminReview>()(
  submittedReviewShape.extend({
    order: z
      .object({ id: text(), orderNumber: text(), fullName: text(), status: z.enum(ORDER_STATUSES) })
      .nullable(),
  }),
);

/**
 * GET /reviews: the public list, or (`?all=1`, admins) the moderation list, whose extra fields
 * are optional here so the public answer carries none of them.
 */
export const reviewListItemShape = reviewShape.extend(
  adminReviewShape
    .omit({ id: true, name: true, review: true, rating: true, createdAt: true })
    .partial().shape,
);

/** An order its owner may review. */
export const reviewableOrderShape = exactly<ReviewableOrder>()(
  z.object({
    orderId: text(),
    orderNumber: text(),
    moveDate: text(),
    status: z.enum(ORDER_STATUSES),
    name: text(),
  }),
);

/** The team's review settings: the shape the admin saves is the shape answered. */
export const reviewSettingsShape = reviewSettingsSchema;

// The admin desk (D7, D10)

/**
 * A contact message: the way to reply the sender did not give is null (D7); who handled it and
 * when, or null (D20).
 */
export const contactMessageShape = exactly<ContactMessage>()(
  z.object({
    id: text(),
    name: text(),
    email: nullableText(),
    phone: nullableText(),
    message: text(),
    createdAt: text(),
    handled: z.object({ at: text(), by: nullableText() }).nullable(),
  }),
);

/** A notification as the admin desk shows it (D10). */
export const notificationShape = exactly<NotificationMessage>()(
  z.object({
    id: text(),
    orderId: nullableText(),
    recipient: z.enum(['customer', 'company']),
    channel: z.enum(NOTIFICATION_CHANNELS),
    address: text(),
    template: z.enum(NOTIFICATION_TEMPLATES),
    language: z.enum(DISPLAY_LANGUAGES),
    body: text(),
    state: z.enum(NOTIFICATION_STATES),
    tries: integer(),
    maxTries: integer(),
    lastError: nullableText(),
    nextAttemptAt: text(),
    fallbackOf: nullableText(),
    createdAt: text(),
    sentAt: nullableText(),
  }),
);

// Prices as data (D11) and crew capacity (D12)

/** A catalog version: the admin's rates (catalog-schema.ts) and what the version adds. */
export const priceCatalogShape = exactly<PriceCatalog>()(
  z.object({
    version: integer(),
    currency: z.literal('EGP'),
    ...catalogRatesSchema.shape,
    floors: z.object({ min: integer(), max: integer() }),
    workers: z.object({ min: integer(), max: integer(), default: integer() }),
    createdAt: nullableText(),
  }),
);

export const catalogVersionShape = exactly<CatalogVersion>()(
  z.object({ catalog: priceCatalogShape, createdBy: nullableText() }),
);

const timeWindowShape = bookedWindowShape.extend({ crews: integer() });

export const capacityPlanShape = exactly<CapacityPlan>()(
  z.object({
    version: integer(),
    windows: z.array(timeWindowShape),
    exceptions: z.array(
      z.object({
        date: text().optional(),
        weekday: integer().optional(),
        crews: z.record(z.string(), integer()),
        note: text(),
      }),
    ),
    updatedAt: nullableText(),
    updatedBy: nullableText(),
  }),
);

export const dayAvailabilityShape = exactly<DayAvailability>()(
  z.object({
    date: text(),
    windows: z.array(bookedWindowShape.extend({ available: z.boolean() })),
  }),
);

/** One day of the admins' crews calendar: each window's load and the orders holding it. */
export const calendarDayShape = exactly<CalendarDay>()(
  z.object({
    date: text(),
    note: nullableText(),
    windows: z.array(
      timeWindowShape.extend({ booked: integer(), free: integer(), orders: z.array(orderShape) }),
    ),
    others: z.array(orderShape),
  }),
);

// Online payments (D3)

export const paymentOptionsShape = exactly<PaymentOptions>()(
  z.object({
    provider: z.enum(['test', 'none', ...HOSTED_PAYMENT_PROVIDERS]),
    methods: z.array(z.enum(PAYMENT_METHODS)),
    testMode: z.boolean(),
  }),
);

export const paymentStartShape = exactly<PaymentStart>()(
  z.discriminatedUnion('kind', [
    z.object({ attemptId: text(), kind: z.literal('redirect'), redirectUrl: text() }),
    z.object({
      attemptId: text(),
      kind: z.literal('reference'),
      code: text(),
      expiresAt: text(),
    }),
  ]),
);

export const paymentProgressShape = exactly<PaymentProgress>()(
  z.object({
    orderId: text(),
    orderNumber: text(),
    totalPrice: integer(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentProvider: paymentProviderName,
    status: z.enum(ORDER_STATUSES),
    attempt: z
      .object({
        id: text(),
        method: z.enum(ONLINE_PAYMENT_METHODS),
        state: z.enum(PAYMENT_ATTEMPT_STATES),
        at: text(),
      })
      .nullable(),
    canPay: z.boolean(),
    canSwitchToCash: z.boolean(),
  }),
);

const paymentAttemptShape = exactly<PaymentAttempt>()(
  z.object({
    id: text(),
    orderId: text(),
    provider: z.enum(HOSTED_PAYMENT_PROVIDERS),
    method: z.enum(ONLINE_PAYMENT_METHODS),
    state: z.enum(PAYMENT_ATTEMPT_STATES),
    amountCents: integer(),
    currency: z.literal('EGP'),
    reference: text(),
    providerOrderId: nullableText(),
    transactionId: nullableText(),
    detail: nullableText(),
    createdAt: text(),
    updatedAt: text(),
    expiresAt: nullableText(),
    checkedAt: nullableText(),
  }),
);

const paymentEventShape = exactly<PaymentEvent>()(
  z.object({
    id: text(),
    orderId: text(),
    attemptId: nullableText(),
    kind: z.enum(PAYMENT_EVENT_KINDS),
    actor: z.enum(PAYMENT_EVENT_ACTORS),
    transactionId: nullableText(),
    amountCents: integer().nullable(),
    detail: nullableText(),
    at: text(),
  }),
);

export const paymentHistoryShape = exactly<PaymentHistory>()(
  z.object({ attempts: z.array(paymentAttemptShape), events: z.array(paymentEventShape) }),
);

/** One order on the office's refunds queue (D16). */
export const refundQueueItemShape = exactly<RefundQueueItem>()(
  z.object({
    order: orderShape,
    attempt: paymentAttemptShape.nullable(),
    canVoid: z.boolean(),
  }),
);

// The owner's dashboard (D25)

const countShape = z.object({ key: text(), orders: integer() });
const countAndTotalShape = countShape.extend({ total: integer() });
const dashboardTotalsShape = z.object({
  bookings: integer(),
  cancellations: integer(),
  paid: integer(),
  dueOnDelivery: integer(),
  refunded: integer(),
  averageOrderValue: integer().nullable(),
  averageLeadDays: z.number().nullable(),
  reviews: integer(),
  reviewAverage: z.number().nullable(),
});

export const dashboardShape = exactly<Dashboard>()(
  z.object({
    from: text(),
    to: text(),
    bucket: z.enum(DASHBOARD_BUCKETS),
    previousFrom: text(),
    previousTo: text(),
    current: dashboardTotalsShape,
    previous: dashboardTotalsShape,
    series: z.array(
      z.object({
        from: text(),
        to: text(),
        bookings: integer(),
        cancellations: integer(),
        paid: integer(),
        dueOnDelivery: integer(),
        refunded: integer(),
      }),
    ),
    paymentStatuses: z.array(countAndTotalShape),
    paymentMethods: z.array(countAndTotalShape),
    moveTypes: z.array(countShape),
    pickupGovernorates: z.array(countShape),
    dropoffGovernorates: z.array(countShape),
    interGovernorate: z.object({ orders: integer(), of: integer() }),
    cancellationTiming: z.array(countShape),
    leadTime: z.array(countShape),
    windows: z.array(
      z.object({ id: text(), start: text(), end: text(), booked: integer(), crews: integer() }),
    ),
  }),
);

// Dispatch (D28)

export const fleetShape = exactly<Fleet>()(
  z.object({
    crews: z.array(
      z.object({
        id: text(),
        name: text(),
        leaderName: text(),
        leaderPhone: nullableText(),
        size: integer(),
        governorates: z.array(text()),
        days: z.array(integer()),
        truckId: nullableText(),
        active: z.boolean(),
      }),
    ),
    trucks: z.array(z.object({ id: text(), plate: text(), size: text(), active: z.boolean() })),
    version: integer(),
    updatedAt: nullableText(),
    updatedBy: nullableText(),
  }),
);

export const dispatchBoardShape = exactly<DispatchBoard>()(
  z.object({
    dates: z.array(text()),
    windows: z.array(timeWindowShape),
    fleet: fleetShape,
    orders: z.array(orderShape),
  }),
);

const fieldPlaceShape = z.object({
  address: text(),
  governorateId: text(),
  districtId: text(),
  floor: integer(),
});

export const crewJobShape = exactly<CrewJob>()(
  z.object({
    orderId: text(),
    orderNumber: text(),
    status: text(),
    date: text(),
    start: text(),
    end: text(),
    lastDate: text(),
    hours: z.number(),
    customerName: text(),
    customerPhone: text(),
    moveType: text(),
    workers: integer(),
    pickup: fieldPlaceShape,
    dropoff: fieldPlaceShape,
    notes: text(),
    totalPrice: integer(),
    collectCash: integer().nullable(),
    next: z.array(z.enum(FIELD_STATUSES)),
    truckId: nullableText(),
  }),
);

export const crewJobsShape = exactly<CrewJobs>()(
  z.object({
    crew: z.object({ id: text(), name: text(), leaderName: text() }),
    dates: z.array(text()),
    jobs: z.array(crewJobShape),
  }),
);
