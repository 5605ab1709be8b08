import { MOVE_TYPES } from '../../../../src/domain/pricing.ts';
import { ORDER_STATUSES } from '../../../../src/domain/status.ts';

/**
 * JSON Schemas of what the API answers. Fastify serialises a route's answer with them
 * (fast-json-stringify: faster than JSON.stringify, and a property that is not listed is never
 * sent, so a column added to a repository row cannot leak). They follow the domain's types
 * (src/domain/order.ts, reviews.ts, users.ts) field for field; tests/api/response-schemas.test.ts
 * checks each answer's keys against them.
 */

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const number = { type: 'number' } as const;

function object(properties: Record<string, unknown>) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  } as const;
}

export const statusChangeSchema = object({ status: text, at: text, actor: text });

/** A crew window as an order booked it (D12). */
export const bookedWindowSchema = object({ id: text, start: text, end: text });

export const orderSchema = object({
  id: text,
  orderNumber: text,
  userId: nullableText,
  fullName: text,
  phoneNumber: text,
  pickupAddress: text,
  dropoffAddress: text,
  governorateId: text,
  districtId: text,
  dropoffGovernorateId: text,
  dropoffDistrictId: text,
  notes: text,
  moveType: text,
  housing: text,
  pickupFloor: integer,
  dropoffFloor: integer,
  workers: integer,
  moveDate: text,
  moveTime: text,
  timeWindow: { ...bookedWindowSchema, type: ['object', 'null'] },
  totalPrice: integer,
  currency: text,
  catalogVersion: integer,
  distanceKm: integer,
  distanceFee: integer,
  paymentMethod: text,
  paymentStatus: text,
  paymentProvider: text,
  status: text,
  statusHistory: { type: 'array', items: statusChangeSchema },
  createdAt: text,
  // Optional in the domain type (the hosted build does not store them yet); always sent here.
  language: text,
  notifyConsent: { type: 'boolean' },
});

/**
 * The public projection (toPublicTracking): these fields of an order, nothing else (D2); the
 * route by governorate only (D11).
 */
export const publicTrackingSchema = object(
  Object.fromEntries(
    (
      [
        'orderNumber',
        'moveType',
        'governorateId',
        'dropoffGovernorateId',
        'totalPrice',
        'currency',
        'paymentMethod',
        'paymentStatus',
        'paymentProvider',
        'status',
        'statusHistory',
        'moveDate',
      ] as const
    ).map((key) => [key, orderSchema.properties[key]]),
  ),
);

export const currentUserSchema = object({
  id: text,
  email: nullableText,
  phone: nullableText,
  anonymous: { type: 'boolean' },
  isAdmin: { type: 'boolean' },
});

const reviewFields = { id: text, name: text, review: text, rating: integer, createdAt: text };

/** A review as everyone sees it (Review). */
export const reviewSchema = object(reviewFields);

/** What the author of a new review is answered (SubmittedReview, D14). */
export const submittedReviewSchema = object({
  ...reviewFields,
  state: text,
  listed: { type: 'boolean' },
});

/** A review as the admins moderate it (AdminReview, D14): its state and its order, if any. */
export const adminReviewSchema = object({
  ...reviewFields,
  state: text,
  listed: { type: 'boolean' },
  order: {
    ...object({ id: text, orderNumber: text, fullName: text, status: text }),
    type: ['object', 'null'],
  },
});

/** An order its owner may review (ReviewableOrder, D14). */
export const reviewableOrderSchema = object({
  orderId: text,
  orderNumber: text,
  moveDate: text,
  status: text,
  name: text,
});

/** A contact message (ContactMessage): the way to reply the sender did not give is null (D7). */
export const contactMessageSchema = object({
  id: text,
  name: text,
  email: nullableText,
  phone: nullableText,
  message: text,
  createdAt: text,
});

export function orderResponse(status: 200 | 201) {
  return { [status]: object({ order: orderSchema }) };
}

export const orderPageResponse = {
  200: object({
    orders: { type: 'array', items: orderSchema },
    total: integer,
    counts: object(Object.fromEntries(ORDER_STATUSES.map((status) => [status, integer]))),
  }),
};

export const trackingResponse = { 200: object({ tracking: publicTrackingSchema }) };

export const userResponse = { 200: object({ user: currentUserSchema }) };

/** What asking for a sign-in code answers (src/domain/phone-auth-schema.ts PhoneChallenge). */
export const phoneChallengeResponse = {
  200: object({
    challenge: object({
      challengeId: text,
      phone: text,
      channel: text,
      expiresInSeconds: integer,
      resendInSeconds: integer,
    }),
  }),
};

/**
 * GET /reviews: the public list, or (`?all=1`, admins) the moderation list, whose extra fields
 * are optional here so the public answer carries none of them.
 */
export const reviewListResponse = {
  200: object({
    reviews: {
      type: 'array',
      items: { ...reviewSchema, properties: adminReviewSchema.properties },
    },
  }),
};

export const submittedReviewResponse = { 201: object({ review: submittedReviewSchema }) };

export const adminReviewResponse = { 200: object({ review: adminReviewSchema }) };

export const reviewableOrdersResponse = {
  200: object({ orders: { type: 'array', items: reviewableOrderSchema } }),
};

export const reviewSettingsResponse = {
  200: object({ settings: object({ publishAtOnce: { type: 'boolean' } }) }),
};

export const messageListResponse = {
  200: object({ messages: { type: 'array', items: contactMessageSchema } }),
};

/** A notification as the admin desk shows it (NotificationMessage, D10). */
export const notificationSchema = object({
  id: text,
  orderId: text,
  recipient: text,
  channel: text,
  address: text,
  template: text,
  language: text,
  body: text,
  state: text,
  tries: integer,
  maxTries: integer,
  lastError: nullableText,
  nextAttemptAt: text,
  fallbackOf: nullableText,
  createdAt: text,
  sentAt: nullableText,
});

export const notificationListResponse = {
  200: object({ notifications: { type: 'array', items: notificationSchema } }),
};

export const notificationResponse = { 200: object({ notification: notificationSchema }) };

export const newOrdersResponse = { 200: object({ count: integer }) };

// Online payments (D3, src/domain/payments.ts).

export const paymentOptionsResponse = {
  200: object({
    options: object({
      provider: text,
      methods: { type: 'array', items: text },
      testMode: { type: 'boolean' },
    }),
  }),
};

export const paymentStartResponse = {
  201: object({
    payment: {
      anyOf: [
        object({ attemptId: text, kind: { const: 'redirect' }, redirectUrl: text }),
        object({ attemptId: text, kind: { const: 'reference' }, code: text, expiresAt: text }),
      ],
    },
  }),
};

export const paymentProgressResponse = {
  200: object({
    progress: object({
      orderId: text,
      orderNumber: text,
      totalPrice: integer,
      paymentMethod: text,
      paymentStatus: text,
      paymentProvider: text,
      status: text,
      attempt: {
        anyOf: [{ type: 'null' }, object({ id: text, method: text, state: text, at: text })],
      },
      canPay: { type: 'boolean' },
      canSwitchToCash: { type: 'boolean' },
    }),
  }),
};

const nullableInteger = { type: ['integer', 'null'] } as const;

export const paymentAttemptSchema = object({
  id: text,
  orderId: text,
  provider: text,
  method: text,
  state: text,
  amountCents: integer,
  currency: text,
  reference: text,
  providerOrderId: nullableText,
  transactionId: nullableText,
  detail: nullableText,
  createdAt: text,
  updatedAt: text,
  expiresAt: nullableText,
});

export const paymentEventSchema = object({
  id: text,
  orderId: text,
  attemptId: nullableText,
  kind: text,
  actor: text,
  transactionId: nullableText,
  amountCents: nullableInteger,
  detail: nullableText,
  at: text,
});

export const paymentHistoryResponse = {
  200: object({
    history: object({
      attempts: { type: 'array', items: paymentAttemptSchema },
      events: { type: 'array', items: paymentEventSchema },
    }),
  }),
};

// ---------------------------------------------------------------------------------------------
// Prices as data (D11) and crew capacity (D12)

export const catalogSchema = object({
  version: integer,
  currency: text,
  base: object(Object.fromEntries(MOVE_TYPES.map((type) => [type, integer]))),
  floorFee: integer,
  workerExtraPerHead: integer,
  team: object({ base: integer, manyFloors: integer }),
  distance: object({ roadFactor: number, includedKm: integer, perKm: integer }),
  floors: object({ min: integer, max: integer }),
  workers: object({ min: integer, max: integer, default: integer }),
  createdAt: nullableText,
});

export const catalogResponse = { 200: object({ catalog: catalogSchema }) };

export const catalogHistoryResponse = {
  200: object({
    versions: {
      type: 'array',
      items: object({ catalog: catalogSchema, createdBy: nullableText }),
    },
  }),
};

const windowSchema = object({ id: text, start: text, end: text, crews: integer });

export const capacityPlanSchema = object({
  version: integer,
  windows: { type: 'array', items: windowSchema },
  exceptions: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['crews', 'note'],
      properties: {
        date: text,
        weekday: integer,
        crews: { type: 'object', additionalProperties: integer },
        note: text,
      },
    },
  },
  updatedAt: nullableText,
  updatedBy: nullableText,
});

export const capacityPlanResponse = { 200: object({ plan: capacityPlanSchema }) };

export const availabilityResponse = {
  200: object({
    days: {
      type: 'array',
      items: object({
        date: text,
        windows: {
          type: 'array',
          items: object({ id: text, start: text, end: text, available: { type: 'boolean' } }),
        },
      }),
    },
  }),
};

export const calendarResponse = {
  200: object({
    days: {
      type: 'array',
      items: object({
        date: text,
        note: nullableText,
        windows: {
          type: 'array',
          items: object({
            id: text,
            start: text,
            end: text,
            crews: integer,
            booked: integer,
            free: integer,
            orders: { type: 'array', items: orderSchema },
          }),
        },
        others: { type: 'array', items: orderSchema },
      }),
    },
  }),
};
