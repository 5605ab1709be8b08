// An in-memory backend for component tests and the contract suite. It is a test double, but not
// a lenient one: it enforces the same rules as the server (the shared domain schemas, the price
// check, ownership, admin-only operations, the review cooldown and honeypot) and fails with the
// same DataError codes, because tests/contract runs the same suite against both.
import { DataError, dataErrorFrom } from '../data/port';
import { pageOrders } from '../data/order-list';
import type {
  AdminReview,
  AuthPort,
  CalendarDay,
  CapacityPlan,
  CapacityPort,
  DispatchPort,
  DashboardPort,
  CatalogVersion,
  ContactMessage,
  Credentials,
  CurrentUser,
  DataPort,
  PhoneCodeRequestInput,
  DeskChange,
  DeskPort,
  MessagesPort,
  NewOrder,
  NewReview,
  NotificationMessage,
  Order,
  OrderAdminUpdate,
  OrderChange,
  OrderFilter,
  OrderPage,
  OrdersPort,
  PaymentAttempt,
  PaymentEvent,
  PaymentsPort,
  PriceCatalog,
  PricesPort,
  Review,
  ReviewsPort,
  TrackingPort,
  Unsubscribe,
} from '../data/port';
import { decideAssignment } from '../domain/assignment';
import {
  assignNewOrder,
  jobAvailability,
  jobOf,
  jobSourceOfMove,
  orderHolds,
  takeCrew,
  type DispatchJob,
  type DispatchState,
  type JobSource,
  type SlotHolder,
} from '../domain/dispatch';
import { assignmentChoiceSchema } from '../domain/dispatch-schema';
import {
  crewJobsOf,
  crewTapSchema,
  decideCrewStatus,
  FIELD_MESSAGES,
  notCrew,
  type DeliveryRecord,
} from '../domain/field';
import {
  crewFirstName,
  crewOfPhone,
  findCrew,
  fleetFromStored,
  fleetOfPlan,
  type Fleet,
} from '../domain/fleet';
import { fleetDraftSchema } from '../domain/fleet-schema';
import {
  availabilityOf,
  datesFrom,
  requestedDates,
  windowFull,
  windowsInOrder,
  draftFromStored,
  type CapacityDraft,
} from '../domain/capacity';
import { fieldsOfIssues, RetryLater, RuleViolation } from '../domain/errors';
import {
  checkVoidAllowed,
  decideManualRefund,
  manualRefundDetail,
  manualRefundSchema,
  reversalAmountCents,
} from '../domain/refunds';
import { byRefundDue, refundQueueItem } from '../domain/refund-queue';
import {
  calendarOf,
  checkCanRead,
  checkOwner,
  checkNewOrder,
  isTestPaymentToken,
  newOrderFields,
  newOrderPayment,
  ORDER_MESSAGES,
  orderChange,
  paymentDeclined,
  checkPaymentToken,
  toPublicTracking,
} from '../domain/order';
import {
  applyPaymentChange,
  checkReversible,
  decideReversal,
  decideStart,
  decideStartAnswer,
  decideSwitchToCash,
  decideTransaction,
  dueAutoRefund,
  paymentOptionsFrom,
  paymentPlacement,
  type PaymentChange,
  type PaymentOrder,
  type ProvidersOn,
} from '../domain/payment-decisions';
import {
  attemptNumber,
  isHostedProvider,
  PAYMENT_MESSAGES,
  paymentProgress,
  toPiastres,
} from '../domain/payments';
import { orderNumberCandidates } from '../domain/order-number';
import {
  decideAdminUpdate,
  decideCustomerCancel,
  type OrderChangeDecision,
} from '../domain/order-changes';
import { orderAdminUpdateSchema } from '../domain/order-update-schema';
import { orderGoBackSchema, orderRescheduleSchema } from '../domain/order-lifecycle-schema';
import { decideGoBack, decideReschedule, type Rescheduler } from '../domain/lifecycle';
import { catalogFromRates, FIRST_CATALOG_RATES, ratesFromStored } from '../domain/pricing';
import {
  checkBooker,
  decideCodeAttempt,
  decideCodeRequest,
  decidePhoneSignIn,
  isClaimableOwner,
  DEFAULT_PHONE_CODE_POLICY,
  newPhoneCode,
  PHONE_MESSAGES,
  wrongCode,
  type PhoneCodePolicy,
  type SignInParty,
} from '../domain/phone-verification';
import {
  phoneCodeRequestSchema,
  phoneCodeVerifySchema,
  type PhoneChallenge,
  type PhoneCodeChannel,
} from '../domain/phone-auth-schema';
import { nationalEgyptian, toE164Egyptian } from '../domain/phone';
import {
  checkOpenOrders,
  customerLimitsApply,
  newOrderOwner,
  OPEN_ORDERS_PER_CUSTOMER,
} from '../domain/customer-limits';
import { loginSchema, signupSchema } from '../domain/auth-schemas';
import {
  decideResend,
  decideStopCustomerMessages,
  DEFAULT_NOTIFY_MAX_TRIES,
} from '../domain/notification-desk';
import { createOrderInputSchema } from '../domain/booking-schemas';
import { capacityDraftSchema } from '../domain/capacity-schema';
import { aggregatesOf, dashboardOf, dashboardQuerySchema } from '../domain/dashboard';
import {
  queuedOutboxMessage,
  toNotificationMessage,
  type NotificationRouting,
  type RenderTemplate,
} from '../domain/notifications';
import {
  DEFAULT_WEEKLY_SUMMARY_TIME,
  weeklySummaryDue,
  weeklySummaryEntry,
  weeklySummaryFigures,
} from '../domain/weekly-summary';
import { catalogRatesSchema } from '../domain/catalog-schema';
import {
  contactMessageOf,
  decideMessageHandled,
  isMessageState,
  matchesMessageState,
  MESSAGES_LIMIT,
  type StoredContactMessage,
} from '../domain/contact-message';
import { contactSchema } from '../domain/contact-schema';
import { reviewSchema, reviewSettingsSchema } from '../domain/review-schema';
import { isDisplayableReview, type ReviewSettings, type ReviewState } from '../domain/reviews';
import {
  adminReview,
  decideModeration,
  decideReview,
  reviewableOrders,
  reviewCooldownRefusal,
  reviewSettingsFrom,
  submittedReview,
} from '../domain/review-rules';
import { normalizeTrackingInput } from '../domain/tracking-input';
import { ordersMovedOnSignIn } from '../domain/users';
import { VALIDATION_MESSAGES } from '../domain/validation-messages';
import { cairoToday, cairoYmdCompact } from '../domain/datetime';
import { ROOMY_CAPACITY } from './capacity-fixtures';

// The payment screen's tests check the tokens the browser issues against the same pattern.
export { TEST_PAYMENT_TOKEN } from '../domain/order';
const REVIEWS_LIMIT = 100;
/** The server's moderation list cap (ADMIN_REVIEW_LIST_LIMIT). */
const ADMIN_REVIEWS_LIMIT = 1000;

interface UserRecord {
  id: string;
  email: string | null;
  /** Plain text: this backend lives only inside a test process. */
  password: string | null;
  role: 'customer' | 'admin';
  anonymous: boolean;
  /** The mobile number this user proved with a code (E.164, D13), kept across sessions. */
  phone: string | null;
}

interface OrderRecord {
  order: Order;
  seq: number;
}

interface ReviewRecord {
  review: Review;
  /** Where it stands with the team (D14); only a published review of a delivered order is public. */
  state: ReviewState;
  /** Its order (one review per order); null for one without (from before D14, or deleted). */
  orderId: string | null;
  userId: string;
  ip: string;
  seq: number;
}

/** A code as the server stores it (D13): a keyed hash of it, never the code itself. */
interface ChallengeRecord {
  id: string;
  phone: string;
  codeHash: string;
  /** `failed`: no channel took it (it still counts against the limits). */
  channel: PhoneChallenge['channel'] | 'failed';
  /** The client address that asked (the per-address limits). */
  ip: string;
  createdAt: number;
  expiresAt: number;
  attempts: number;
  consumedAt: number | null;
}

/** A code this backend "sent": what a test reads, as it would read the message on a phone. */
export interface SentPhoneCode {
  challengeId: string;
  /** E.164. */
  phone: string;
  code: string;
  channel: PhoneChallenge['channel'];
  language: 'ar' | 'en';
  at: string;
}

/**
 * How this backend delivers codes: `providers` answers WhatsApp (or SMS when asked for), as a
 * server with both configured; `log` is a server without any (it only prints the code); `down`
 * is every provider failing (`errors:phone.notSent`).
 */
export type CodeDelivery = 'providers' | 'log' | 'down';

/**
 * A saved catalog version or crews plan as this backend keeps it: the document as saved, read
 * back through the domain's upcaster like every backend's (a test may put an older shape here).
 */
export interface StoredVersion {
  version: number;
  value: unknown;
  createdAt: string;
  createdBy: string | null;
}

interface MessageRecord {
  /** As a backend stores it; read back through contactMessageOf, like every backend's. */
  message: StoredContactMessage;
  seq: number;
}

export interface MemoryBackendOptions {
  /** Starts a fake clock at this instant (move it with `advanceTime`); default: the real clock. */
  now?: Date | string;
  /**
   * A stand-in for a payment gateway (D3): online orders are placed pending, `payments.start`
   * answers a checkout address on `gateway.checkoutUrl`, and the test settles each try with
   * `settlePayment` as the gateway's callback would. Default: the test provider.
   */
  gateway?: { checkoutUrl: string; methods?: ('card' | 'wallet')[]; testMode?: boolean };
  /** Randomness for order numbers (tests of collisions pass their own). */
  random?: () => number;
  /** The crews plan to start with (D12); default ROOMY_CAPACITY, as the API tests' server. */
  capacity?: CapacityDraft;
  /** The limits on phone codes (D13); default the domain's. */
  phoneCodePolicy?: PhoneCodePolicy;
  /** Open future orders one customer may hold (D13); 0 is no limit. Default the domain's 3. */
  openOrdersPerCustomer?: number;
  /** How codes are delivered; default `providers`. Tests may change `backend.codeDelivery`. */
  codeDelivery?: CodeDelivery;
  /** NOTIFY_MAX_TRIES: the tries "send again" gives a failed message; default the server's. */
  notifyMaxTries?: number;
}

export interface MemoryClientOptions {
  /** The client's address, for the per-address review cooldown. Default: a new one per client. */
  ip?: string;
}

/** JSON round trip: callers must never hold a reference into the backend's state. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    anonymous: user.anonymous,
    isAdmin: user.role === 'admin',
  };
}

/** The server's answer to a failed zod parse: field → first message, first message overall. */
function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DataError {
  return new DataError('invalid-argument', issues[0]?.message ?? VALIDATION_MESSAGES.invalid, {
    fields: fieldsOfIssues(issues),
  });
}

/**
 * A shared rule's refusal as the server answers it: a rate-limited one also carries its retry time
 * where the HTTP adapter puts the `Retry-After` header.
 */
function toDataError(violation: RuleViolation): DataError {
  const error = dataErrorFrom(violation);
  const retry =
    violation instanceof RetryLater
      ? violation.retryAfterSeconds
      : violation.details?.retryAfterSeconds;
  if (violation.code !== 'rate-limited' || typeof retry !== 'number') return error;
  return new DataError(error.code, error.message, {
    ...(error.fields ? { fields: { ...error.fields } } : {}),
    ...(error.details ? { details: error.details } : {}),
    retryAfterSeconds: retry,
  });
}

/** Runs a shared rule, answering its refusal as the DataError the screens handle. */
function rule<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof RuleViolation) throw toDataError(error);
    throw error;
  }
}

/** A uniform random integer in [0, max), from the platform's cryptographic generator. */
function randomInt(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % max;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A challenge id as the server makes them: 32 URL-safe random characters. */
function newChallengeId(): string {
  let id = '';
  for (let i = 0; i < 32; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/**
 * A keyed hash of a challenge's code (FNV-1a, 64 bits, twice over the key): the server keeps an
 * HMAC; this stands in for it so the code itself is never stored with the challenge.
 */
function hashCode(key: string, challengeId: string, code: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const char of `${key}:${challengeId}:${code}:${key}`) {
    hash ^= BigInt(char.charCodeAt(0));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16);
}

export class MemoryBackend {
  readonly users = new Map<string, UserRecord>();
  /** Session id → user id. */
  readonly sessions = new Map<string, string>();
  readonly orders = new Map<string, OrderRecord>();
  readonly reviews: ReviewRecord[] = [];
  readonly messages: MessageRecord[] = [];
  /**
   * The messages sent about orders, as the admin desk lists them (D10). This backend sends
   * nothing: tests put the messages they need here.
   */
  readonly notifications: NotificationMessage[] = [];
  /** The team events recorded, by their key: the weeks the weekly summary was queued for (D27). */
  readonly teamEvents = new Set<string>();
  /** NOTIFY_MAX_TRIES, as the server is configured. */
  readonly notifyMaxTries: number;
  /** Tries to pay online and the payment history (D3), when there is a gateway. */
  readonly paymentAttempts: PaymentAttempt[] = [];
  readonly paymentEvents: PaymentEvent[] = [];
  /** @internal The transaction that paid each order (the server's `payment_reference`). */
  readonly paymentReferences = new Map<string, string | null>();
  readonly gateway: MemoryBackendOptions['gateway'];
  /** The gateway's reason for refusing the next refunds and voids (null: it accepts them). */
  reversalRefusal: string | null = null;
  /** Every catalog version (D11) and crews plan (D12), oldest first; the last is current. */
  readonly catalogs: StoredVersion[];
  readonly plans: StoredVersion[];
  /** Codes sent to phones (D13), oldest first: what tests read, as a customer reads the SMS. */
  readonly phoneCodes: SentPhoneCode[] = [];
  /** @internal The codes as stored: hashed, with their tries and expiry. */
  readonly challenges = new Map<string, ChallengeRecord>();
  /** @internal Wrong codes typed: for which number, from which address, when. */
  readonly codeFailures: { phone: string; ip: string; at: number }[] = [];
  readonly phoneCodePolicy: PhoneCodePolicy;
  readonly openOrdersPerCustomer: number;
  codeDelivery: CodeDelivery;
  /** @internal The key codes are hashed with. */
  readonly codeKey = newChallengeId();

  private fakeNow: number | null;
  private readonly random: () => number;
  private seq = 0;
  private ipCounter = 0;
  private readonly reviewListeners = new Set<() => void>();
  private readonly deskListeners = new Set<(change: DeskChange) => void>();
  /** The live trackers and "my orders" (D19): told that some order changed, they look again. */
  private readonly orderWatchers = new Set<() => void>();
  /**
   * Whether live watches are refused (D19), as a server refuses a stream when it has none to
   * spare: they then say "not live" and hear nothing. Screen tests of the fallback set it.
   */
  liveRefused = false;

  constructor(options: MemoryBackendOptions = {}) {
    this.fakeNow = options.now === undefined ? null : new Date(options.now).getTime();
    this.random = options.random ?? Math.random;
    this.gateway = options.gateway;
    this.phoneCodePolicy = options.phoneCodePolicy ?? DEFAULT_PHONE_CODE_POLICY;
    this.openOrdersPerCustomer = options.openOrdersPerCustomer ?? OPEN_ORDERS_PER_CUSTOMER;
    this.codeDelivery = options.codeDelivery ?? 'providers';
    this.notifyMaxTries = options.notifyMaxTries ?? DEFAULT_NOTIFY_MAX_TRIES;
    const createdAt = this.now().toISOString();
    const first = { version: 1, createdAt, createdBy: null };
    this.catalogs = [{ ...first, value: copy(FIRST_CATALOG_RATES) }];
    this.plans = [{ ...first, value: copy(options.capacity ?? ROOMY_CAPACITY) }];
  }

  /** @internal A saved catalog version as every backend reads it back. */
  catalogVersion(saved: StoredVersion): CatalogVersion {
    return {
      catalog: catalogFromRates(ratesFromStored(saved.value), saved.version, saved.createdAt),
      createdBy: saved.createdBy,
    };
  }

  catalog(): PriceCatalog {
    return this.catalogVersion(this.catalogs[this.catalogs.length - 1]!).catalog;
  }

  /**
   * The weekly summary to the company (D27), as the server's job and the hosted build's
   * scheduled function queue it: the week due now (the fake clock), the dashboard's aggregation
   * of its orders and of the crews of the week ahead, planned by the domain, and stored in
   * `notifications` with the week's record, once. Returns the messages stored now.
   */
  queueWeeklySummary(
    routing: NotificationRouting,
    render: RenderTemplate,
    time: string = DEFAULT_WEEKLY_SUMMARY_TIME,
  ): NotificationMessage[] {
    const now = this.now();
    const week = weeklySummaryDue(now, time);
    if (this.teamEvents.has(week.key)) return [];
    const orders = [...this.orders.values()].map(({ order }) => order);
    const figures = weeklySummaryFigures(
      week,
      aggregatesOf(week.last, orders, []),
      aggregatesOf(week.next, orders, []).windows,
      this.plan(),
    );
    const entry = weeklySummaryEntry(week, figures, routing, render, this.notifyMaxTries);
    if (!entry) return [];
    this.teamEvents.add(entry.id);
    const stored = entry.messages.map(({ id, ...message }) =>
      toNotificationMessage(
        queuedOutboxMessage({ id, eventId: entry.id, orderId: null }, message, now.toISOString()),
      ),
    );
    this.notifications.push(...stored);
    return stored.map(copy);
  }

  plan(): CapacityPlan {
    const saved = this.plans[this.plans.length - 1]!;
    return {
      ...draftFromStored(saved.value),
      version: saved.version,
      updatedAt: saved.createdAt,
      updatedBy: saved.createdBy,
    };
  }

  /** @internal Window id → orders holding a crew in it on `date` (each window a move takes, D28). */
  bookedOn(date: string): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [windowId, holders] of Object.entries(this.holdersOn(date))) {
      counts[windowId] = holders.length;
    }
    return counts;
  }

  /** Every version of the crews and trucks (D28), oldest first; none until the office saves. */
  readonly fleets: StoredVersion[] = [];

  /** The fleet, as the server reads it: the last saved, else the crews the plan counts (version 0). */
  fleet(): Fleet {
    const saved = this.fleets[this.fleets.length - 1];
    if (!saved)
      return { ...fleetOfPlan(this.plan()), version: 0, updatedAt: null, updatedBy: null };
    return {
      ...fleetFromStored(saved.value),
      version: saved.version,
      updatedAt: saved.createdAt,
      updatedBy: saved.createdBy,
    };
  }

  /** @internal Who holds which window of `date` (D28): each stored order's `orderHolds` rows. */
  holdersOn(date: string): Record<string, SlotHolder[]> {
    const day: Record<string, SlotHolder[]> = {};
    for (const { order } of this.orders.values()) {
      for (const { date: held, windowId, ...holder } of orderHolds(order)) {
        if (held === date) (day[windowId] ??= []).push(holder);
      }
    }
    return day;
  }

  /** @internal What dispatch decides with (D28). */
  dispatchState(): DispatchState {
    // One decision reads a snapshot: each date's holders are worked out once per state, not once
    // per crew weighed (a day with hundreds of orders made every booking quadratic).
    const days = new Map<string, Record<string, SlotHolder[]>>();
    const holdersOn = (date: string) => {
      let day = days.get(date);
      if (!day) days.set(date, (day = this.holdersOn(date)));
      return day;
    };
    return { plan: this.plan(), fleet: this.fleet(), holdersOn };
  }

  /** @internal A move as dispatch plans it, its hours under the current catalog's durations. */
  job(source: JobSource, orderId?: string): DispatchJob {
    return jobOf(source, this.catalog(), orderId);
  }

  /** @internal What the tracker says of an order's crew (D28): its leader's first name. */
  crewNameOf(order: Order): string | null {
    const crewId = order.assignment?.crewId;
    return crewId ? crewFirstName(findCrew(this.fleet(), crewId)) : null;
  }

  /** @internal Delivery proofs (D28), by order id. */
  readonly deliveries = new Map<string, DeliveryRecord>();

  /**
   * What the gateway's signed callback would do to the newest try of `orderId`: pay it, decline
   * it, or say it is pending. Each callback is a new transaction (a second "paid" is a second
   * payment, D18).
   */
  settlePayment(orderId: string, outcome: 'paid' | 'declined' | 'pending'): PaymentAttempt {
    const attempt = this.paymentAttempts.filter((a) => a.orderId === orderId).at(-1);
    const record = this.orders.get(orderId);
    if (!attempt || !record) throw new Error(`No payment was started for ${orderId}`);
    const decision = decideTransaction(
      {
        transactionId: String(100000 + this.paymentEvents.length),
        providerOrderId: attempt.providerOrderId ?? '',
        reference: attempt.reference,
        amountCents: attempt.amountCents,
        currency: attempt.currency,
        success: outcome === 'paid',
        pending: outcome === 'pending',
        errorOccurred: false,
        refunded: false,
        voided: false,
        child: false,
        message: null,
      },
      {
        attempt,
        order: this.paymentOrder(record.order),
        recorded: (kind, id) =>
          this.paymentEvents.some((e) => e.kind === kind && e.transactionId === id),
      },
    );
    if (decision.kind === 'apply') this.storePayment(record.order, decision.change);
    return copy(this.paymentAttempts.find((a) => a.id === attempt.id)!);
  }

  /**
   * What the server's reconciliation does to an order's extra payments (D18): each due is
   * refunded through the stand-in gateway (refused while `reversalRefusal` is set), with the
   * same decision.
   */
  refundExtras(orderId: string): void {
    const record = this.orders.get(orderId);
    if (!record) throw new Error(`No order ${orderId}`);
    const lists = () => ({
      attempts: this.paymentAttempts.filter((a) => a.orderId === orderId),
      events: this.paymentEvents.filter((e) => e.orderId === orderId),
    });
    const due = dueAutoRefund(lists(), this.now());
    if (!due) return;
    const answer =
      this.reversalRefusal !== null
        ? { ok: false as const, detail: this.reversalRefusal }
        : { ok: true as const, transactionId: null };
    this.storePayment(
      record.order,
      decideReversal({
        order: this.paymentOrder(record.order),
        attempt: due.attempt,
        kind: 'refund',
        answer,
        actor: 'system',
        transaction: due.transaction,
        recorded: (kind, id) =>
          lists().events.some((e) => e.kind === kind && e.transactionId === id),
      }),
    );
  }

  /** @internal An order as payment decisions read it. */
  paymentOrder(order: Order): PaymentOrder {
    return { ...order, paymentReference: this.paymentReferences.get(order.id) ?? null };
  }

  /** @internal Stores what a payment decision changed (src/domain/payment-decisions.ts). */
  storePayment(order: Order, change: PaymentChange): void {
    const lists = applyPaymentChange(
      { attempts: this.paymentAttempts.filter((a) => a.orderId === order.id), events: [] },
      change,
      this.now().toISOString(),
      () => crypto.randomUUID(),
    );
    for (const attempt of lists.attempts) {
      const at = this.paymentAttempts.findIndex((a) => a.id === attempt.id);
      if (at < 0) this.paymentAttempts.push(attempt);
      else this.paymentAttempts[at] = attempt;
    }
    this.paymentEvents.push(...lists.events);
    if (change.order) {
      const { paymentReference, ...fields } = change.order;
      Object.assign(order, fields);
      if (paymentReference !== undefined) this.paymentReferences.set(order.id, paymentReference);
      this.ordersChanged();
    }
  }

  /**
   * @internal A live watch (D19): `view` is looked at now and after every order change, and
   * `listener` hears it when it differs from what it heard last; `onLive` hears whether it is up.
   */
  watchOrders<T>(
    view: () => T,
    listener: (value: T) => void,
    onLive: ((live: boolean) => void) | undefined,
  ): Unsubscribe {
    let active = true;
    if (this.liveRefused) {
      queueMicrotask(() => {
        if (active) onLive?.(false);
      });
      return () => {
        active = false;
      };
    }
    let last: string | undefined;
    const look = () => {
      if (!active) return;
      const value = view();
      const seen = JSON.stringify(value);
      if (seen === last) return;
      last = seen;
      listener(copy(value));
    };
    const stop = this.onOrdersChanged(look);
    queueMicrotask(() => {
      look();
      if (active) onLive?.(true);
    });
    return () => {
      active = false;
      stop();
    };
  }

  now(): Date {
    return new Date(this.fakeNow ?? Date.now());
  }

  #orderSchema: { day: string; schema: ReturnType<typeof createOrderInputSchema> } | null = null;

  /**
   * The order schema as of this backend's clock, which may be fake: "today" comes from it rather
   * than the real one. The schema depends on the Cairo day alone, and building one (zod compiles
   * it) costs far more than parsing an order, so it is built once a day, not once an order.
   */
  orderSchema(): ReturnType<typeof createOrderInputSchema> {
    const now = this.now();
    const day = cairoToday(now);
    if (this.#orderSchema?.day !== day) {
      this.#orderSchema = { day, schema: createOrderInputSchema(now) };
    }
    return this.#orderSchema.schema;
  }

  /** Moves the fake clock (starting one at the real time if there was none). */
  advanceTime(ms: number): void {
    this.fakeNow = (this.fakeNow ?? Date.now()) + ms;
  }

  setTime(instant: Date | string): void {
    this.fakeNow = new Date(instant).getTime();
  }

  /**
   * The code sent for a challenge (or the last one sent to a number, given in any form the phone
   * field accepts), as the customer would read it; throws when none was sent.
   */
  phoneCodeFor(challengeIdOrPhone: string): string {
    const phone = nationalEgyptian(challengeIdOrPhone);
    const sent = this.phoneCodes.findLast((code) =>
      phone === null
        ? code.challengeId === challengeIdOrPhone
        : nationalEgyptian(code.phone) === phone,
    );
    if (!sent) throw new Error(`No code was sent for ${challengeIdOrPhone}`);
    return sent.code;
  }

  /** One browser: its own session, its own address. */
  client(options: MemoryClientOptions = {}): MemoryDataPort {
    this.ipCounter += 1;
    return new MemoryDataPort(this, options.ip ?? `10.0.0.${this.ipCounter}`);
  }

  /** Creates (or promotes) an admin account, like `npm run admin:create`. */
  createAdmin(email: string, password: string): CurrentUser {
    const normalized = email.trim().toLowerCase();
    const existing = this.findUserByEmail(normalized);
    if (existing) {
      existing.role = 'admin';
      existing.password = password;
      return toCurrentUser(existing);
    }
    const user: UserRecord = {
      id: crypto.randomUUID(),
      email: normalized,
      password,
      role: 'admin',
      anonymous: false,
      phone: null,
    };
    this.users.set(user.id, user);
    return toCurrentUser(user);
  }

  // --- internals used by MemoryDataPort ------------------------------------------------------

  /** @internal */ nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** @internal */ findUserByEmail(email: string): UserRecord | undefined {
    for (const user of this.users.values()) if (user.email === email) return user;
    return undefined;
  }

  /** @internal */ findUserByPhone(phone: string): UserRecord | undefined {
    for (const user of this.users.values()) if (user.phone === phone) return user;
    return undefined;
  }

  /** @internal */ startSession(userId: string): string {
    const id = crypto.randomUUID();
    this.sessions.set(id, userId);
    return id;
  }

  /** @internal */ userOfSession(sessionId: string | null): UserRecord | null {
    if (sessionId === null) return null;
    const userId = this.sessions.get(sessionId);
    return (userId && this.users.get(userId)) || null;
  }

  /** @internal Unique per backend, like the database's unique index, widened as the server does (D6). */
  newOrderNumber(now: Date): string {
    const prefix = `AF-${cairoYmdCompact(now)}-`;
    const taken = new Set([...this.orders.values()].map(({ order }) => order.orderNumber));
    const issuedToday = [...taken].filter((number) => number.startsWith(prefix)).length;
    for (const candidate of orderNumberCandidates(issuedToday, now, this.random)) {
      if (!taken.has(candidate)) return candidate;
    }
    throw new DataError('unavailable', 'errors:unavailable');
  }

  /** @internal */ onReviewsChanged(listener: () => void): Unsubscribe {
    this.reviewListeners.add(listener);
    return () => this.reviewListeners.delete(listener);
  }

  /** @internal */ onDeskChange(listener: (change: DeskChange) => void): Unsubscribe {
    this.deskListeners.add(listener);
    return () => this.deskListeners.delete(listener);
  }

  /** Tells live admin desks about a change (the backend's own writes, or a test's). */
  notifyDesk(change: DeskChange): void {
    for (const listener of [...this.deskListeners]) listener(copy(change));
    if (change.type === 'order') this.ordersChanged();
  }

  /** @internal A live watch of orders (D19): `listener` runs after any order changed. */
  onOrdersChanged(listener: () => void): Unsubscribe {
    this.orderWatchers.add(listener);
    return () => this.orderWatchers.delete(listener);
  }

  /**
   * Tells the live trackers and "my orders" that an order changed (the backend's own writes, or
   * a test's that edits `orders` directly). They look once the change is done.
   */
  ordersChanged(): void {
    for (const listener of [...this.orderWatchers]) queueMicrotask(listener);
  }

  /** @internal */ notifyReviews(): void {
    for (const listener of [...this.reviewListeners]) listener();
  }

  /** The team's review settings (D14), as the admin saved them; none saved: the defaults. */
  reviewSettings: ReviewSettings = reviewSettingsFrom(undefined);

  /** @internal The providers on, as the domain's payment rules see them (D3). */
  providersOn(): ProvidersOn {
    const gateway = this.gateway;
    return gateway
      ? {
          gateways: [
            {
              name: 'paymob',
              methods: gateway.methods ?? ['card', 'wallet'],
              testMode: gateway.testMode ?? true,
            },
          ],
          token: false,
        }
      : { gateways: [], token: true };
  }

  /** @internal A review as the admin sees it, with its order as it is now (the domain's view). */
  adminReview(record: ReviewRecord): AdminReview {
    const order = record.orderId === null ? undefined : this.orders.get(record.orderId)?.order;
    return adminReview(copy(record.review), record.state, order ?? null);
  }

  /** @internal */ displayableReviews(): Review[] {
    return this.reviews
      .filter((record) => this.adminReview(record).listed && isDisplayableReview(record.review))
      .sort((a, b) => b.review.createdAt.localeCompare(a.review.createdAt) || b.seq - a.seq)
      .slice(0, REVIEWS_LIMIT)
      .map(({ review }) => copy(review));
  }
}

export class MemoryDataPort implements DataPort {
  readonly auth: AuthPort;
  readonly orders: OrdersPort;
  readonly tracking: TrackingPort;
  readonly reviews: ReviewsPort;
  readonly messages: MessagesPort;
  readonly prices: PricesPort;
  readonly payments: PaymentsPort;
  readonly capacity: CapacityPort;
  readonly dashboard: DashboardPort;
  readonly desk: DeskPort;
  readonly dispatch: DispatchPort;

  private sessionId: string | null = null;
  private readonly authListeners = new Set<(user: CurrentUser | null) => void>();

  constructor(
    private readonly backend: MemoryBackend,
    readonly ip: string,
  ) {
    this.auth = this.createAuth();
    this.orders = this.createOrders();
    this.tracking = {
      get: async (orderNumber) => {
        const wanted = normalizeTrackingInput(orderNumber);
        if (!wanted) throw new DataError('invalid-argument', VALIDATION_MESSAGES.trackingRequired);
        const found = [...backend.orders.values()].find(
          ({ order }) => order.orderNumber === wanted,
        );
        if (!found) throw new DataError('not-found', 'errors:orderNotFound');
        return copy(
          toPublicTracking({ ...found.order, crewName: backend.crewNameOf(found.order) }),
        );
      },
      watch: (orderNumber, listener, onLive) => {
        const wanted = normalizeTrackingInput(orderNumber);
        return backend.watchOrders(
          () => {
            const found = wanted
              ? [...backend.orders.values()].find(({ order }) => order.orderNumber === wanted)
              : undefined;
            return found
              ? toPublicTracking({ ...found.order, crewName: backend.crewNameOf(found.order) })
              : null;
          },
          listener,
          onLive,
        );
      },
    };
    this.reviews = this.createReviews();
    this.messages = this.createMessages();
    this.prices = this.createPrices();
    this.capacity = this.createCapacity();
    this.dispatch = this.createDispatch();
    this.dashboard = this.createDashboard();
    this.desk = this.createDesk();
    this.payments = this.createPayments();
  }

  /** Dispatch (D28), decided by the domain as on the server. */
  private createDispatch(): DispatchPort {
    const backend = this.backend;
    const orderOf = (id: string) => {
      const record = backend.orders.get(id);
      if (!record) throw new DataError('not-found', 'errors:orderNotFound');
      return record.order;
    };
    const tell = (order: Order) => {
      backend.notifyDesk({ type: 'order', change: orderChange('changed', order) });
    };
    const crewOfSession = () => {
      const user = this.requireUser();
      const crew = crewOfPhone(backend.fleet(), user.phone);
      if (!crew) throw dataErrorFrom(notCrew());
      return crew;
    };
    const windowHoursOf = (id: string) => backend.plan().windows.find((w) => w.id === id);
    return {
      fleet: async () => {
        this.requireAdmin();
        return copy(backend.fleet());
      },
      saveFleet: async (draft) => {
        const admin = this.requireAdmin();
        const parsed = fleetDraftSchema.safeParse(draft);
        if (!parsed.success) throw invalid(parsed.error.issues);
        backend.fleets.push({
          version: backend.fleets.length + 1,
          value: copy(parsed.data),
          createdAt: backend.now().toISOString(),
          createdBy: admin.email,
        });
        return copy(backend.fleet());
      },
      board: async (from, days) => {
        this.requireAdmin();
        const found = requestedDates(from, days);
        if (!found) throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid);
        const ids = new Set<string>();
        for (const date of found) {
          for (const holders of Object.values(backend.holdersOn(date))) {
            for (const h of holders) ids.add(h.orderId);
          }
        }
        const plan = backend.plan();
        const orders = [...ids]
          .map(orderOf)
          .sort(
            (a, b) => a.moveDate.localeCompare(b.moveDate) || a.moveTime.localeCompare(b.moveTime),
          );
        return copy({
          dates: found,
          windows: windowsInOrder(plan.windows),
          fleet: backend.fleet(),
          orders,
        });
      },
      assign: async (orderId, input) => {
        this.requireAdmin();
        const parsed = assignmentChoiceSchema.safeParse(input ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        const choice = parsed.data;
        const order = orderOf(orderId);
        const after = rule(
          () =>
            decideAssignment(
              order,
              choice,
              backend.dispatchState(),
              backend.job(order, order.id),
              backend.now(),
            ).after,
        );
        backend.orders.get(orderId)!.order = after;
        tell(after);
        return copy(after);
      },
      crewJobs: async () => {
        const crew = crewOfSession();
        const dates = datesFrom(cairoToday(backend.now()), 2);
        const orders = [...backend.orders.values()].map(({ order }) => order);
        return copy(crewJobsOf(crew, orders, dates, windowHoursOf));
      },
      crewTap: async (orderId, input) => {
        const crew = crewOfSession();
        const parsed = crewTapSchema.safeParse(input ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        const record = backend.orders.get(orderId);
        if (!record) throw dataErrorFrom(new RuleViolation('not-found', FIELD_MESSAGES.notYourJob));
        const outcome = rule(() =>
          decideCrewStatus(record.order, crew, parsed.data, backend.now()),
        );
        if (outcome.decision) {
          record.order = outcome.decision.after;
          if (outcome.delivery) backend.deliveries.set(orderId, outcome.delivery);
          tell(record.order);
        }
        const dates = record.order.assignment?.slots.map((s) => s.date) ?? [];
        const job = crewJobsOf(crew, [record.order], dates, windowHoursOf).jobs[0];
        if (!job) throw new DataError('not-found', FIELD_MESSAGES.notYourJob);
        return copy(job);
      },
    };
  }

  private createDesk(): DeskPort {
    const backend = this.backend;
    return {
      watch: (listener, onLive) => {
        this.requireAdmin();
        const stop = backend.onDeskChange(listener);
        queueMicrotask(() => onLive?.(true));
        return stop;
      },
      newOrdersSince: async (since) => {
        this.requireAdmin();
        return [...backend.orders.values()].filter(({ order }) => order.createdAt > since).length;
      },
      notifications: async (orderId) => {
        this.requireAdmin();
        return backend.notifications.filter((m) => m.orderId === orderId).map(copy);
      },
      stopCustomerMessages: async (orderId) => {
        this.requireAdmin();
        const messages = backend.notifications.filter((m) => m.orderId === orderId);
        const order = backend.orders.get(orderId)?.order ?? null;
        const decision = rule(() =>
          decideStopCustomerMessages(order, messages, backend.now().toISOString()),
        );
        // decideStopCustomerMessages refused a missing order.
        Object.assign(order!, decision.order);
        for (const message of messages) {
          if (!decision.cancel.includes(message.id)) continue;
          message.state = decision.change.state;
          backend.notifyDesk({ type: 'notification', message });
        }
        return messages.map(copy);
      },
      resend: async (messageId) => {
        this.requireAdmin();
        const message = backend.notifications.find((m) => m.id === messageId) ?? null;
        const change = rule(() =>
          decideResend(message, backend.notifyMaxTries, backend.now().toISOString()),
        );
        // A found message, or decideResend refused.
        const resent = message!;
        resent.state = change.state;
        resent.maxTries = change.maxTries;
        resent.nextAttemptAt = change.nextAttemptAt;
        backend.notifyDesk({ type: 'notification', message: resent });
        return copy(resent);
      },
    };
  }

  private user(): UserRecord | null {
    return this.backend.userOfSession(this.sessionId);
  }

  private requireUser(): UserRecord {
    const user = this.user();
    if (!user) throw new DataError('unauthenticated', 'errors:unauthenticated');
    return user;
  }

  private requireAdmin(): UserRecord {
    const user = this.requireUser();
    if (user.role !== 'admin') throw new DataError('permission-denied', 'errors:permissionDenied');
    return user;
  }

  /** A new session id on every sign-in (no fixation); the old one is revoked. */
  private switchSession(userId: string): void {
    if (this.sessionId) this.backend.sessions.delete(this.sessionId);
    this.sessionId = this.backend.startSession(userId);
  }

  private notifyAuth(): void {
    const user = this.user();
    const current = user ? toCurrentUser(user) : null;
    for (const listener of [...this.authListeners]) listener(copy(current));
  }

  // ------------------------------------------------------------------------------------------
  // Auth

  private createAuth(): AuthPort {
    const backend = this.backend;
    const current = async () => {
      const user = this.user();
      return user ? toCurrentUser(user) : null;
    };
    return {
      current,
      ensureSession: async () => {
        let user = this.user();
        if (!user) {
          user = {
            id: crypto.randomUUID(),
            email: null,
            password: null,
            role: 'customer',
            anonymous: true,
            phone: null,
          };
          backend.users.set(user.id, user);
          this.switchSession(user.id);
          this.notifyAuth();
        }
        return toCurrentUser(user);
      },
      signUp: async ({ email, password }: Credentials) => {
        const parsed = signupSchema.safeParse({ email, password, confirmPassword: password });
        if (!parsed.success) throw invalid(parsed.error.issues);
        if (backend.findUserByEmail(parsed.data.email)) {
          throw new DataError('already-exists', 'auth:emailTaken');
        }
        const visitor = this.user();
        let user: UserRecord;
        if (visitor?.anonymous) {
          // The same row is upgraded, so the visitor's orders stay theirs.
          visitor.email = parsed.data.email;
          visitor.password = parsed.data.password;
          visitor.anonymous = false;
          user = visitor;
        } else {
          user = {
            id: crypto.randomUUID(),
            email: parsed.data.email,
            password: parsed.data.password,
            role: 'customer',
            anonymous: false,
            phone: null,
          };
          backend.users.set(user.id, user);
        }
        this.switchSession(user.id);
        this.notifyAuth();
        return toCurrentUser(user);
      },
      signIn: async ({ email, password }: Credentials) => {
        const parsed = loginSchema.safeParse({ email, password });
        if (!parsed.success) throw invalid(parsed.error.issues);
        const user = backend.findUserByEmail(parsed.data.email);
        if (!user || user.password !== parsed.data.password) {
          throw new DataError('unauthenticated', 'auth:invalidCredentials');
        }
        const movedFrom = ordersMovedOnSignIn(this.user(), user.id);
        if (movedFrom !== null) {
          for (const { order } of backend.orders.values()) {
            if (order.userId === movedFrom) order.userId = user.id;
          }
        }
        this.switchSession(user.id);
        this.notifyAuth();
        return toCurrentUser(user);
      },
      requestPhoneCode: async (request) => this.requestPhoneCode(request),
      verifyPhoneCode: async (challengeId, code) => this.verifyPhoneCode(challengeId, code),
      signOut: async () => {
        if (this.sessionId) backend.sessions.delete(this.sessionId);
        this.sessionId = null;
        this.notifyAuth();
      },
      subscribe: (listener) => {
        this.authListeners.add(listener);
        // Asynchronous like a real backend, so callers can't come to rely on a synchronous call.
        queueMicrotask(() => {
          if (!this.authListeners.has(listener)) return;
          const user = this.user();
          listener(user ? toCurrentUser(user) : null);
        });
        return () => {
          this.authListeners.delete(listener);
        };
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Phone sign-in (D13): the server's storage and decisions, with the domain's rules

  private requestPhoneCode(request: PhoneCodeRequestInput): PhoneChallenge {
    const backend = this.backend;
    const parsed = phoneCodeRequestSchema.safeParse(request ?? {});
    if (!parsed.success) throw invalid(parsed.error.issues);
    const { phone, language, channel: asked } = parsed.data;
    const now = backend.now().getTime();
    const sent = [...backend.challenges.values()];
    const grant = rule(() =>
      decideCodeRequest(
        {
          numberSends: sent.filter((c) => c.phone === phone).map((c) => c.createdAt),
          unusedNumberSends: sent
            .filter((c) => c.phone === phone && c.consumedAt === null)
            .map((c) => c.createdAt),
          addressSends: sent.filter((c) => c.ip === this.ip).map((c) => c.createdAt),
          overallSends: sent.map((c) => c.createdAt),
          numberFailures: backend.codeFailures.filter((f) => f.phone === phone).map((f) => f.at),
          addressFailures: backend.codeFailures.filter((f) => f.ip === this.ip).map((f) => f.at),
        },
        now,
        backend.phoneCodePolicy,
      ),
    );
    const failed = backend.codeDelivery === 'down';
    const channel: ChallengeRecord['channel'] = failed
      ? 'failed'
      : backend.codeDelivery === 'log'
        ? 'log'
        : ((asked ?? 'whatsapp') as PhoneCodeChannel);
    const id = newChallengeId();
    const code = newPhoneCode(randomInt);
    // A code no channel took still counts against the limits, as on the server: otherwise an
    // unreachable number would be a way around them.
    backend.challenges.set(id, {
      id,
      phone,
      codeHash: hashCode(backend.codeKey, id, code),
      channel,
      ip: this.ip,
      createdAt: now,
      expiresAt: grant.expiresAt,
      attempts: 0,
      consumedAt: null,
    });
    if (channel === 'failed') throw new DataError('unavailable', PHONE_MESSAGES.notSent);
    backend.phoneCodes.push({
      challengeId: id,
      phone,
      code,
      channel,
      language,
      at: new Date(now).toISOString(),
    });
    return {
      challengeId: id,
      phone,
      channel,
      expiresInSeconds: Math.ceil((grant.expiresAt - now) / 1000),
      resendInSeconds: Math.ceil((grant.resendAt - now) / 1000),
    };
  }

  private verifyPhoneCode(challengeId: string, code: string): CurrentUser {
    const backend = this.backend;
    const parsed = phoneCodeVerifySchema.safeParse({ challengeId, code });
    if (!parsed.success) throw invalid(parsed.error.issues);
    const challenge = backend.challenges.get(parsed.data.challengeId);
    // Unknown, or never sent: to the customer, a code that no longer works (the server's words).
    if (!challenge || challenge.channel === 'failed') {
      throw new DataError('not-found', PHONE_MESSAGES.expired, {
        fields: { code: PHONE_MESSAGES.expired },
      });
    }
    const now = backend.now().getTime();
    const matches =
      hashCode(backend.codeKey, challenge.id, parsed.data.code) === challenge.codeHash;
    const attempt = rule(() =>
      decideCodeAttempt(
        challenge,
        matches,
        {
          number: backend.codeFailures.filter((f) => f.phone === challenge.phone).map((f) => f.at),
          address: backend.codeFailures.filter((f) => f.ip === this.ip).map((f) => f.at),
        },
        now,
        backend.phoneCodePolicy,
      ),
    );
    if (attempt.outcome === 'wrong') {
      challenge.attempts = attempt.change.attempts;
      backend.codeFailures.push({ phone: challenge.phone, ip: this.ip, at: now });
      throw toDataError(wrongCode(attempt.attemptsLeft));
    }

    // Decided before anything changes: a refusal (the number is another account's) leaves the
    // code unused, as the server's transaction would.
    const party = (user: UserRecord | null | undefined): SignInParty | null =>
      user ? { id: user.id, anonymous: user.anonymous, phone: user.phone } : null;
    const session = this.user();
    const decision = rule(() =>
      decidePhoneSignIn(
        party(session),
        party(backend.findUserByPhone(challenge.phone)),
        challenge.phone,
      ),
    );
    challenge.consumedAt = attempt.change.consumedAt;

    const moveOrders = (from: string | null, to: string) => {
      if (from === null || from === to) return;
      for (const { order } of backend.orders.values()) {
        if (order.userId === from) order.userId = to;
      }
    };
    let user: UserRecord;
    switch (decision.action) {
      case 'attach':
        user = backend.users.get(decision.userId)!;
        user.phone = decision.phone;
        break;
      case 'switch':
        user = backend.users.get(decision.userId)!;
        moveOrders(decision.moveOrdersFrom, user.id);
        break;
      case 'create':
        user = {
          id: crypto.randomUUID(),
          email: null,
          password: null,
          role: 'customer',
          anonymous: false,
          phone: decision.phone,
        };
        backend.users.set(user.id, user);
        moveOrders(decision.moveOrdersFrom, user.id);
        break;
    }
    // Orders booked for this number that no one who proved it owns: the office's for a caller,
    // an anonymous visitor's, or ownerless ones. They are the number's owner's now.
    const national = nationalEgyptian(challenge.phone);
    for (const { order } of backend.orders.values()) {
      if (order.phoneNumber !== national || order.userId === user.id) continue;
      const owner = order.userId === null ? undefined : backend.users.get(order.userId);
      const party = owner ? { anonymous: owner.anonymous, isAdmin: owner.role === 'admin' } : null;
      if (isClaimableOwner(party)) order.userId = user.id;
    }
    // A new session whatever the outcome (no fixation).
    this.switchSession(user.id);
    this.notifyAuth();
    return toCurrentUser(user);
  }

  // ------------------------------------------------------------------------------------------
  // Orders

  private createPayments(): PaymentsPort {
    const backend = this.backend;
    const ownOrder = (id: string) => {
      const user = this.requireUser();
      const order = this.findOrder(id);
      rule(() => checkOwner(order, user.id));
      return order;
    };
    const attemptsOf = (orderId: string) =>
      backend.paymentAttempts
        .filter((a) => a.orderId === orderId)
        // Newest first, as the server answers: tries made in one millisecond by their number.
        .sort(
          (a, b) =>
            b.createdAt.localeCompare(a.createdAt) ||
            (attemptNumber(b) ?? 0) - (attemptNumber(a) ?? 0),
        );
    const history = (orderId: string) => ({
      attempts: copy(attemptsOf(orderId)),
      events: copy(backend.paymentEvents.filter((e) => e.orderId === orderId)),
    });
    return {
      options: async () => paymentOptionsFrom(backend.providersOn()),
      start: async (orderId, method, language) => {
        const order = ownOrder(orderId);
        const [gateway = null] = backend.providersOn().gateways;
        const change = rule(() =>
          decideStart({
            order,
            attempts: attemptsOf(orderId),
            provider: gateway,
            method,
            attemptId: crypto.randomUUID(),
            now: backend.now(),
          }),
        );
        backend.storePayment(order, change);
        const attempt = change.newAttempt;
        backend.storePayment(
          order,
          decideStartAnswer(attempt, {
            ok: true,
            providerOrderId: String(attemptNumber(attempt)),
            expiresAt: null,
          }),
        );
        const url = new URL(backend.gateway!.checkoutUrl);
        url.searchParams.set('reference', attempt.reference);
        url.searchParams.set('language', language);
        return { attemptId: attempt.id, kind: 'redirect', redirectUrl: url.toString() };
      },
      progress: async (orderId) =>
        paymentProgress(this.readableOrder(orderId), attemptsOf(orderId), backend.now()),
      switchToCash: async (orderId) => {
        const order = ownOrder(orderId);
        backend.storePayment(
          order,
          rule(() => decideSwitchToCash(backend.paymentOrder(order))),
        );
        return copy(order);
      },
      history: async (orderId) => {
        this.requireAdmin();
        this.findOrder(orderId);
        return history(orderId);
      },
      reverse: async (orderId, attemptId, kind) => {
        this.requireAdmin();
        const order = this.findOrder(orderId);
        const attempt = backend.paymentAttempts.find((a) => a.id === attemptId);
        if (!attempt || attempt.orderId !== orderId)
          throw new DataError('not-found', 'errors:notFound');
        rule(() => checkReversible(attempt));
        if (kind === 'void') rule(() => checkVoidAllowed(order));
        const amountCents = reversalAmountCents(order, attempt.amountCents);
        const refusal = backend.reversalRefusal;
        const answer =
          refusal !== null
            ? { ok: false as const, detail: refusal }
            : { ok: true as const, transactionId: null };
        backend.storePayment(
          order,
          decideReversal({
            order: backend.paymentOrder(order),
            attempt,
            kind,
            answer,
            amountCents,
            now: backend.now(),
          }),
        );
        if (!answer.ok) {
          throw new DataError('failed-precondition', PAYMENT_MESSAGES.reverseFailed);
        }
        return history(orderId);
      },
      refundQueue: async () => {
        this.requireAdmin();
        const now = backend.now();
        return [...backend.orders.values()]
          .map(({ order }) => order)
          .filter((order) => order.paymentStatus === 'refund_due')
          .sort(byRefundDue)
          .map((order) =>
            copy(
              refundQueueItem(
                order,
                attemptsOf(order.id),
                backend.paymentOrder(order).paymentReference,
                now,
              ),
            ),
          );
      },
      manualRefund: async (orderId, input) => {
        this.requireAdmin();
        const order = this.findOrder(orderId);
        const checked = manualRefundSchema.safeParse(input);
        if (!checked.success) throw new DataError('invalid-argument', 'validation:common.invalid');
        const parsed = checked.data;
        const now = backend.now();
        const change = rule(() => decideManualRefund(order, parsed, now, isHostedProvider));
        backend.storePayment(order, {
          order: change,
          events: [
            {
              orderId,
              attemptId: null,
              kind: 'refunded',
              actor: 'admin',
              transactionId: null,
              amountCents: toPiastres(change.refund.amount),
              detail: manualRefundDetail(parsed),
            },
          ],
        });
        return copy(order);
      },
    };
  }

  private findReview(id: string): ReviewRecord {
    const record = this.backend.reviews.find(({ review }) => review.id === id);
    if (!record) throw new DataError('not-found', 'errors:notFound');
    return record;
  }

  private findOrder(id: string): Order {
    const record = this.backend.orders.get(id);
    // The domain's words for it, as the server and the functions say them.
    if (!record) throw new DataError('not-found', ORDER_MESSAGES.notFound);
    return record.order;
  }

  private readableOrder(id: string): Order {
    const user = this.requireUser();
    const order = this.findOrder(id);
    rule(() => checkCanRead(order, { id: user.id, isAdmin: user.role === 'admin' }));
    return order;
  }

  private createOrders(): OrdersPort {
    const backend = this.backend;
    const records = () => [...backend.orders.values()];
    const newestFirst = (a: OrderRecord, b: OrderRecord) =>
      b.order.createdAt.localeCompare(a.order.createdAt) || b.seq - a.seq;

    const tell = (kind: OrderChange['kind'], order: Order) =>
      backend.notifyDesk({ type: 'order', change: orderChange(kind, order) });
    /** Stores the order as the domain decided it (src/domain/order-changes.ts), and tells. */
    // The crew a change takes (D17, D28): the order's own when free, else the one proposed.
    const withCrew = (
      order: Order,
      decision: OrderChangeDecision,
      now: Date,
    ): OrderChangeDecision => {
      if (!decision.crew) return decision;
      const assignment = takeCrew(
        backend.dispatchState(),
        backend.job(order, order.id),
        decision.crew,
        order.assignment,
        now,
      );
      return {
        ...decision,
        change: { ...decision.change, assignment },
        after: { ...decision.after, assignment },
      };
    };
    const store = ({ change, after }: OrderChangeDecision): Order => {
      backend.orders.get(after.id)!.order = after;
      // A review is public only while its order is delivered (D14).
      if (change.status !== undefined && backend.reviews.some((r) => r.orderId === after.id)) {
        backend.notifyReviews();
      }
      tell('changed', after);
      return copy(after);
    };

    return {
      create: async (input: NewOrder) => {
        const user = this.requireUser();
        const now = backend.now();
        const plan = backend.plan();
        const checked = rule(() =>
          checkNewOrder(input, { catalog: backend.catalog(), plan, schema: backend.orderSchema() }),
        );
        const { input: values } = checked;
        // A crew is held only for a customer who proved the order's number (D13).
        rule(() =>
          checkBooker({ isAdmin: user.role === 'admin', phone: user.phone }, values.phoneNumber),
        );
        const booker = { id: user.id, isAdmin: user.role === 'admin' };
        if (customerLimitsApply(booker)) {
          // What a limit of 0 (none) means is checkOpenOrders' to say.
          const theirs = records()
            .map(({ order }) => order)
            .filter((order) => order.userId === user.id);
          rule(() => checkOpenOrders(theirs, cairoToday(now), backend.openOrdersPerCustomer));
        }
        // Who takes the payment is the domain's paymentPlacement, as on the server and in the
        // functions; the test provider's verify is isTestPaymentToken.
        const placement =
          values.paymentMethod === 'cod'
            ? null
            : rule(() => paymentPlacement(backend.providersOn(), values.paymentMethod as 'card'));
        if (placement?.kind === 'token') {
          const token = rule(() => checkPaymentToken(checked));
          if (!isTestPaymentToken(token)) throw dataErrorFrom(paymentDeclined());
        }
        // One thread, no await since the count: nothing can take the crew in between. The crew
        // and truck are dispatch's (D28), as on the server.
        const assignment = rule(() =>
          assignNewOrder(
            backend.dispatchState(),
            backend.job({ ...values, distanceKm: checked.price.distanceKm }),
            values.moveDate,
            checked.window,
            now,
            windowFull,
          ),
        );
        const order: Order = {
          id: crypto.randomUUID(),
          orderNumber: backend.newOrderNumber(now),
          ...newOrderFields(
            checked,
            // An admin's booking for a caller is the customer's who proved that number, when
            // there is one: it is in their "my orders" at once (D13).
            newOrderOwner(
              booker,
              booker.isAdmin
                ? (backend.findUserByPhone(toE164Egyptian(values.phoneNumber) ?? '')?.id ?? null)
                : null,
            ),
            newOrderPayment(
              values.paymentMethod,
              placement?.kind === 'hosted' ? placement.gateway : 'test',
            ),
            now.toISOString(),
          ),
          assignment,
        };
        backend.orders.set(order.id, { order, seq: backend.nextSeq() });
        tell('created', order);
        return copy(order);
      },

      mine: async () => {
        const user = this.requireUser();
        return records()
          .filter(({ order }) => order.userId === user.id)
          .sort(newestFirst)
          .map(({ order }) => copy(order));
      },

      get: async (id) => copy(this.readableOrder(id)),

      watchMine: (listener, onLive) => {
        const userId = this.user()?.id;
        if (userId === undefined) {
          queueMicrotask(() => onLive?.(false));
          return () => {};
        }
        return backend.watchOrders(
          () =>
            // Only while this browser's session is still that user's (a sign-out ends it).
            this.user()?.id === userId
              ? records()
                  .filter(({ order }) => order.userId === userId)
                  .sort(newestFirst)
                  .map(({ order }) => order)
              : [],
          listener,
          onLive,
        );
      },

      cancel: async (id) => {
        const user = this.requireUser();
        const order = this.findOrder(id);
        const at = backend.now().toISOString();
        return store(rule(() => decideCustomerCancel(order, user.id, at)));
      },

      list: async (filter: OrderFilter = {}): Promise<OrderPage> => {
        const user = this.requireUser();
        const admin = user.role === 'admin';
        // Customers get their own orders in the same shape; the admin filters don't apply.
        const visible = admin
          ? records()
          : records().filter(({ order }) => order.userId === user.id);
        const { items, total, counts } = pageOrders(visible, filter, {
          admin,
          orderOf: (record) => record.order,
          newestFirst,
        });
        return { orders: items.map(({ order }) => copy(order)), total, counts };
      },

      findByNumber: async (orderNumber) => {
        const user = this.requireUser();
        const wanted = normalizeTrackingInput(orderNumber);
        const found = records().find(
          ({ order }) =>
            order.orderNumber === wanted && (user.role === 'admin' || order.userId === user.id),
        );
        return found ? copy(found.order) : null;
      },

      update: async (id, update: OrderAdminUpdate) => {
        this.requireAdmin();
        // The shared schema, as the server's PATCH and the functions' updateOrder parse it.
        const parsed = orderAdminUpdateSchema.safeParse(update ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        const order = this.findOrder(id);
        const at = backend.now().toISOString();
        return store(rule(() => decideAdminUpdate(order, parsed.data, at)));
      },

      goBack: async (id, input) => {
        this.requireAdmin();
        // The shared schema, as the server's POST /go-back and the functions' goBackOrder.
        const parsed = orderGoBackSchema.safeParse(input ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        const order = this.findOrder(id);
        const now = backend.now();
        return store(
          rule(() => {
            // One thread, no await since the count: nothing can take the crew in between.
            return withCrew(order, decideGoBack(order, parsed.data, now), now);
          }),
        );
      },

      reschedule: async (id, input) => {
        const user = this.requireUser();
        const parsed = orderRescheduleSchema.safeParse(input ?? {});
        if (!parsed.success) throw invalid(parsed.error.issues);
        const order = this.findOrder(id);
        const now = backend.now();
        const plan = backend.plan();
        const by: Rescheduler =
          user.role === 'admin' ? { actor: 'admin' } : { actor: 'customer', userId: user.id };
        return store(
          rule(() => {
            return withCrew(order, decideReschedule(order, parsed.data, by, plan, now), now);
          }),
        );
      },

      remove: async (id) => {
        this.requireAdmin();
        const order = this.findOrder(id);
        backend.orders.delete(id);
        // Its review stays for the admin, without an order, as the server's ON DELETE SET NULL.
        for (const record of backend.reviews) if (record.orderId === id) record.orderId = null;
        backend.notifyReviews();
        tell('deleted', order);
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Reviews

  private createReviews(): ReviewsPort {
    const backend = this.backend;
    const newestFirst = (a: ReviewRecord, b: ReviewRecord) =>
      b.review.createdAt.localeCompare(a.review.createdAt) || b.seq - a.seq;
    return {
      list: async () => backend.displayableReviews(),
      reviewable: async () => {
        const user = this.requireUser();
        const reviewed = new Set(backend.reviews.map((record) => record.orderId));
        return reviewableOrders(
          [...backend.orders.values()].map(({ order }) => order),
          user,
          (orderId) => reviewed.has(orderId),
        );
      },
      add: async (input: NewReview) => {
        const user = this.requireUser();
        const parsed = reviewSchema.safeParse(input);
        if (!parsed.success) throw invalid(parsed.error.issues);
        const now = backend.now();
        // One thread, no await from here on: the rules see what the write changes.
        const decision = decideReview(
          backend.orders.get(parsed.data.orderId)?.order ?? null,
          backend.reviews.find((record) => record.orderId === parsed.data.orderId)?.review ?? null,
          user,
          parsed.data,
          backend.reviewSettings,
          now,
        );
        if (decision instanceof RuleViolation) throw dataErrorFrom(decision);
        // A bot sees the same success as a person; nothing is stored or broadcast.
        if (decision.action === 'drop') return submittedReview(crypto.randomUUID(), decision);

        const last = backend.reviews
          .filter((record) => record.userId === user.id || record.ip === this.ip)
          .reduce(
            (latest, record) => Math.max(latest, Date.parse(record.review.createdAt)),
            -Infinity,
          );
        const cooldown = reviewCooldownRefusal(Number.isFinite(last) ? last : null, now.getTime());
        if (cooldown) throw toDataError(cooldown);
        const submitted = submittedReview(crypto.randomUUID(), decision);
        const { id, name, review, rating, createdAt } = submitted;
        backend.reviews.push({
          review: { id, name, review, rating, createdAt },
          state: decision.record.state,
          orderId: decision.record.orderId,
          userId: user.id,
          ip: this.ip,
          seq: backend.nextSeq(),
        });
        backend.notifyReviews();
        return copy(submitted);
      },
      listAll: async () => {
        this.requireAdmin();
        return [...backend.reviews]
          .sort(newestFirst)
          .slice(0, ADMIN_REVIEWS_LIMIT)
          .map((record) => backend.adminReview(record));
      },
      setHidden: async (id, hidden) => {
        this.requireAdmin();
        const record = this.findReview(id);
        const state = decideModeration(backend.adminReview(record), hidden);
        if (state instanceof RuleViolation) throw dataErrorFrom(state);
        record.state = state;
        backend.notifyReviews();
        return backend.adminReview(record);
      },
      remove: async (id) => {
        this.requireAdmin();
        const record = this.findReview(id);
        backend.reviews.splice(backend.reviews.indexOf(record), 1);
        backend.notifyReviews();
      },
      settings: async () => {
        this.requireAdmin();
        return { ...backend.reviewSettings };
      },
      saveSettings: async (settings) => {
        this.requireAdmin();
        const parsed = reviewSettingsSchema.safeParse(settings);
        if (!parsed.success) throw invalid(parsed.error.issues);
        backend.reviewSettings = { ...parsed.data };
        return { ...backend.reviewSettings };
      },
      subscribe: (listener) => {
        let active = true;
        const send = () => {
          if (active) listener(backend.displayableReviews());
        };
        queueMicrotask(send);
        const stop = backend.onReviewsChanged(() => queueMicrotask(send));
        return () => {
          active = false;
          stop();
        };
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Prices (D11) and crews (D12)

  private createPrices(): PricesPort {
    const backend = this.backend;
    return {
      catalog: async () => copy(backend.catalog()),
      save: async (rates) => {
        const admin = this.requireAdmin();
        const parsed = catalogRatesSchema.safeParse(rates);
        if (!parsed.success) throw invalid(parsed.error.issues);
        backend.catalogs.push({
          version: backend.catalog().version + 1,
          value: copy(parsed.data),
          createdAt: backend.now().toISOString(),
          createdBy: admin.email,
        });
        return copy(backend.catalog());
      },
      history: async () => {
        this.requireAdmin();
        return [...backend.catalogs].reverse().map((saved) => backend.catalogVersion(saved));
      },
    };
  }

  private createCapacity(): CapacityPort {
    const backend = this.backend;
    /** The server's check of `?from=&days=`. */
    const dates = (from: string, days: number) => {
      const found = requestedDates(from, days);
      if (!found) throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid);
      return found;
    };
    return {
      availability: async (from, days, move) => {
        const asked = dates(from, days);
        if (!move) {
          return availabilityOf(backend.plan(), asked, (d) => backend.bookedOn(d), backend.now());
        }
        // D28: the windows that could take the customer's move, as the server answers.
        const now = backend.now();
        const source = jobSourceOfMove(move, backend.catalog().distance.roadFactor);
        // Past the booking horizon every window is closed: proposeAssignment says so.
        return jobAvailability(backend.dispatchState(), backend.job(source), asked, now);
      },
      plan: async () => {
        this.requireAdmin();
        return copy(backend.plan());
      },
      save: async (draft) => {
        const admin = this.requireAdmin();
        const parsed = capacityDraftSchema.safeParse(draft);
        if (!parsed.success) throw invalid(parsed.error.issues);
        backend.plans.push({
          version: backend.plan().version + 1,
          value: copy(parsed.data),
          createdAt: backend.now().toISOString(),
          createdBy: admin.email,
        });
        return copy(backend.plan());
      },
      calendar: async (from, days): Promise<CalendarDay[]> => {
        this.requireAdmin();
        const orders = [...backend.orders.values()].map(({ order }) => order);
        return copy(
          calendarOf(
            backend.plan(),
            dates(from, days),
            (date) => backend.bookedOn(date),
            orders,
            backend.now(),
          ),
        );
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // The owner's dashboard (D25): the domain's aggregation over the orders and reviews held.

  private createDashboard(): DashboardPort {
    const backend = this.backend;
    return {
      get: async (range) => {
        this.requireAdmin();
        const parsed = dashboardQuerySchema(() => backend.now()).safeParse(range);
        if (!parsed.success) throw invalid(parsed.error.issues);
        const orders = [...backend.orders.values()].map(({ order }) => order);
        const reviews = backend.reviews.map(({ review, state }) => ({
          rating: review.rating,
          createdAt: review.createdAt,
          state,
        }));
        return copy(
          dashboardOf(parsed.data, aggregatesOf(parsed.data, orders, reviews), backend.plan()),
        );
      },
    };
  }

  // ------------------------------------------------------------------------------------------
  // Messages

  private createMessages(): MessagesPort {
    const backend = this.backend;
    // Every read goes through the upcaster, from the message as this backend stores it.
    const newestFirst = () =>
      [...backend.messages]
        .sort((a, b) => b.message.createdAt.localeCompare(a.message.createdAt) || b.seq - a.seq)
        .map(({ message }) => contactMessageOf(copy(message)));
    return {
      add: async (input) => {
        const parsed = contactSchema.safeParse(input);
        if (!parsed.success) throw invalid(parsed.error.issues);
        const message: ContactMessage = contactMessageOf({
          ...parsed.data,
          id: crypto.randomUUID(),
          createdAt: backend.now().toISOString(),
        });
        backend.messages.push({ message, seq: backend.nextSeq() });
        backend.notifyDesk({ type: 'contactMessage', message });
      },
      list: async (state = 'all') => {
        this.requireAdmin();
        if (!isMessageState(state)) {
          throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid, {
            fields: { state: VALIDATION_MESSAGES.invalid },
          });
        }
        return newestFirst()
          .filter((message) => matchesMessageState(message, state))
          .slice(0, MESSAGES_LIMIT);
      },
      unhandledCount: async () => {
        this.requireAdmin();
        return newestFirst().filter((message) => message.handled === null).length;
      },
      setHandled: async (id, handled) => {
        const admin = this.requireAdmin();
        const record = backend.messages.find(({ message }) => message.id === id) ?? null;
        const before = record ? contactMessageOf(copy(record.message)) : null;
        const decision = rule(() =>
          decideMessageHandled(before, handled, admin, backend.now().toISOString()),
        );
        const message: ContactMessage = { ...before!, handled: decision.handled };
        if (decision.changed) {
          // Stored as the server stores it: the instant and the admin's email, or nothing.
          record!.message = {
            ...record!.message,
            handledAt: decision.handled?.at ?? null,
            handledBy: decision.handled?.by ?? null,
          };
          backend.notifyDesk({ type: 'contactMessage', message });
        }
        return copy(message);
      },
    };
  }
}
