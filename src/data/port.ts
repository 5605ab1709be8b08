// The one interface the SPA uses for data (docs/decisions.md D1). Screens never call fetch or a
// backend SDK; they call a DataPort. Every adapter `implements DataPort` and passes the same
// contract suite in tests/contract/. The records it carries are the domain's own types, which
// the server shares.
import type { Dashboard, DashboardRange } from '../domain/dashboard';
import type { CapacityDraft, CapacityPlan, DayAvailability } from '../domain/capacity';
import type { AssignmentChoice, AvailabilityMove, DispatchBoard } from '../domain/dispatch';
import type { CrewJob, CrewJobs, CrewTap } from '../domain/field';
import type { Fleet, FleetDraft } from '../domain/fleet';
import type { ErrorCode, RuleViolation } from '../domain/errors';
import type { NotificationMessage } from '../domain/notifications';
import type {
  CalendarDay,
  OrderAdminUpdate,
  OrderChange,
  OrderFilter,
  OrderPage,
  Order,
  PublicTracking,
} from '../domain/order';
import type {
  PaymentHistory,
  PaymentOptions,
  PaymentProgress,
  PaymentReversal,
  PaymentStart,
} from '../domain/payments';
import type { DisplayLanguage } from '../domain/locale';
import type { OnlinePaymentMethod } from '../domain/status';
import type { OrderGoBack, OrderReschedule } from '../domain/order-lifecycle-schema';
import type { CatalogRates, CatalogVersion, PriceBreakdown, PriceCatalog } from '../domain/pricing';
import type {
  AdminReview,
  Review,
  ReviewableOrder,
  ReviewSettings,
  SubmittedReview,
} from '../domain/reviews';
import type { OrderInput } from '../domain/booking-schemas';
import type { ContactInput } from '../domain/contact-schema';
import type { ContactMessage, MessageState } from '../domain/contact-message';
import type { CurrentUser } from '../domain/users';
import type { PhoneChallenge, PhoneCodeChannel } from '../domain/phone-auth-schema';

export type { NotificationMessage } from '../domain/notifications';
export type { OrderGoBack, OrderReschedule } from '../domain/order-lifecycle-schema';
export type {
  CalendarDay,
  Order,
  OrderAdminUpdate,
  OrderChange,
  OrderFilter,
  OrderPage,
  MoveWindow,
  PaymentProviderName,
  PublicStatusChange,
  PublicTracking,
  MoveSlot,
  StatusActor,
  StatusChange,
} from '../domain/order';
export type {
  AdminReview,
  Review,
  ReviewableOrder,
  ReviewedOrder,
  ReviewSettings,
  ReviewState,
  SubmittedReview,
} from '../domain/reviews';
export type {
  PaymentAttempt,
  PaymentEvent,
  PaymentHistory,
  PaymentOptions,
  PaymentProgress,
  PaymentReversal,
  PaymentStart,
} from '../domain/payments';
export type { ContactMessage, MessageState } from '../domain/contact-message';
export type { CurrentUser } from '../domain/users';
export type { PhoneChallenge, PhoneCodeChannel } from '../domain/phone-auth-schema';
export type { CatalogRates, CatalogVersion, PriceCatalog } from '../domain/pricing';
export type {
  BookedWindow,
  CapacityDraft,
  CapacityException,
  CapacityPlan,
  DayAvailability,
  FreeWindow,
  TimeWindow,
} from '../domain/capacity';

/** Typed failure codes; the UI maps each to a translated message (spec section 8). */
export type DataErrorCode = ErrorCode;

export class DataError extends Error {
  readonly code: DataErrorCode;
  /** Field → translation key, for invalid-argument. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly retryAfterSeconds: number | undefined;
  /**
   * What a rule's refusal tells the screen beyond its message (plain JSON from the backend, so
   * read it with care): `totalPrice` and `catalogVersion` when prices changed (D11),
   * `alternatives` when a window is full (D12).
   */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: DataErrorCode,
    message: string = code,
    extra: {
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      details?: Readonly<Record<string, unknown>>;
    } = {},
  ) {
    super(message);
    this.name = 'DataError';
    this.code = code;
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.details = extra.details;
  }
}

export function isDataError(error: unknown): error is DataError {
  return error instanceof DataError;
}

/** A shared rule's refusal (src/domain/errors.ts) as the DataError the screens handle. */
export function dataErrorFrom(violation: RuleViolation): DataError {
  return new DataError(violation.code, violation.message, {
    ...(violation.fields ? { fields: { ...violation.fields } } : {}),
    ...(violation.details ? { details: JSON.parse(JSON.stringify(violation.details)) } : {}),
  });
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * A new order. Card details never travel (D3): with the test provider the browser's payment
 * provider returns a token for a card, which the server verifies; with a gateway (Paymob) the
 * order is placed pending and paid on the gateway's page (`PaymentsPort.start`).
 */
export type NewOrder = OrderInput & { paymentToken?: string };

export type { OrderSort } from '../domain/order-query';

/**
 * A customer's review of one of their orders (D14): the name it shows comes from the order.
 * `website` is the honeypot (a filled one is silently dropped).
 */
export interface NewReview {
  orderId: string;
  review: string;
  rating: number | string;
  website?: string;
}

export type Unsubscribe = () => void;

/** Asking for a code: the number as typed (any digits), the message's language, the channel. */
export interface PhoneCodeRequestInput {
  phone: string;
  language: DisplayLanguage;
  channel?: PhoneCodeChannel;
}

export interface AuthPort {
  /** The current user, or null when the browser has no session. */
  current(): Promise<CurrentUser | null>;
  /** The current user, signing in anonymously first when there is none (spec section 7). */
  ensureSession(): Promise<CurrentUser>;
  /** Creates an account; an anonymous visitor's orders become the account's. */
  signUp(credentials: Credentials): Promise<CurrentUser>;
  /** Signs in; an anonymous visitor's orders move to the signed-in account. */
  signIn(credentials: Credentials): Promise<CurrentUser>;
  signOut(): Promise<void>;
  /**
   * Sends a one-time code to a mobile number (D13): WhatsApp first, SMS when asked for or when
   * WhatsApp cannot deliver it. Refusals are rate-limited with a retry time.
   */
  requestPhoneCode(request: PhoneCodeRequestInput): Promise<PhoneChallenge>;
  /**
   * Signs in as the owner of the challenge's number: a new session, with the visitor's earlier
   * anonymous orders, and orders the office booked for that number, now theirs.
   */
  verifyPhoneCode(challengeId: string, code: string): Promise<CurrentUser>;
  /** Called with the current user now and on every change. */
  subscribe(listener: (user: CurrentUser | null) => void): Unsubscribe;
}

export interface OrdersPort {
  create(order: NewOrder): Promise<Order>;
  /** The current user's orders, newest first. */
  mine(): Promise<Order[]>;
  get(id: string): Promise<Order>;
  /** Owner only, while `received` or `under_review`. */
  cancel(id: string): Promise<Order>;
  /** Admin: every order, filtered, sorted and paged. */
  list(filter?: OrderFilter): Promise<OrderPage>;
  /**
   * The order with exactly this number (typed any way tracking accepts), or null: any order for
   * an admin, the caller's own for anyone else.
   */
  findByNumber(orderNumber: string): Promise<Order | null>;
  /** Admin: the next status along the lifecycle (D17), and/or the payment status of a cash order. */
  update(id: string, update: OrderAdminUpdate): Promise<Order>;
  /** Admin. */
  remove(id: string): Promise<void>;
  /**
   * The current user's orders, live (D19): `listener` hears the whole list, newest first, once
   * the watch is up and after every change to one of them (another tab's booking, the office
   * moving one on); `onLive` says whether changes arrive as they happen. A backend that cannot
   * stream asks again from time to time and says `false`. Without a session: not live, nothing.
   */
  watchMine(listener: (orders: Order[]) => void, onLive?: (live: boolean) => void): Unsubscribe;
  /**
   * Admin: going back (D17), un-cancel (the window's crew must still be free) or reopen, with a
   * reason recorded in the history.
   */
  goBack(id: string, input: OrderGoBack): Promise<Order>;
  /**
   * Another date and window for the same move (D17), at the same price: the owner while it is
   * received or under review and before its policy's cut-off, an admin for a caller. A full
   * window is refused with the next free ones (`errors:order.windowFull`, like booking).
   */
  reschedule(id: string, input: OrderReschedule): Promise<Order>;
}

/**
 * A tracking answer. `savedAt` is set when it is the copy this device kept of an earlier answer
 * (the server could not be reached, D26): when that answer came.
 */
export type TrackingAnswer = PublicTracking & { savedAt?: string };

export interface TrackingPort {
  get(orderNumber: string): Promise<TrackingAnswer>;
  /**
   * The public view of one order number, live (D19): `listener` hears the view once the watch is
   * up and after every change, null when there is no such order (any more); `onLive` says whether
   * changes arrive as they happen (a refused or lost stream: `false`, and the view is asked for
   * again from time to time instead). Read-only and PII-free, like `get`.
   */
  watch(
    orderNumber: string,
    listener: (tracking: TrackingAnswer | null) => void,
    onLive?: (live: boolean) => void,
  ): Unsubscribe;
}

/**
 * Reviews come from customers' orders (D14). Changed for it: `add` takes the order reviewed and
 * answers whether the review is public yet; `reviewable` lists the orders the user may review;
 * `setHidden(id, false)` publishes (approves); the team's settings are read and saved here.
 */
export interface ReviewsPort {
  /** The public list: published reviews of delivered orders, displayable, newest first. */
  list(): Promise<Review[]>;
  /** Live public list, newest first: called now and on every change. */
  subscribe(
    listener: (reviews: Review[]) => void,
    onError?: (error: DataError) => void,
  ): Unsubscribe;
  /**
   * The current user's orders they may review now (confirmed, not cancelled, no review yet),
   * newest first. Needs a session: a browser without one has no orders.
   */
  reviewable(): Promise<ReviewableOrder[]>;
  /**
   * The order's owner reviews it, once. Resolves with the stored review, its state (published
   * or waiting for the team, by the team's setting) and whether it is public yet; a filled
   * honeypot resolves the same way but stores nothing.
   */
  add(review: NewReview): Promise<SubmittedReview>;
  /** Admin: every review, every state, with its order (null: none), newest first. */
  listAll(): Promise<AdminReview[]>;
  /**
   * Admin: hide a review, or publish it (`hidden` false: approves one held for approval). A
   * review without an order cannot be published. The public list and live subscribers follow.
   */
  setHidden(id: string, hidden: boolean): Promise<AdminReview>;
  /** Admin. The order may then be reviewed again. */
  remove(id: string): Promise<void>;
  /** Admin: whether new reviews are published at once or held for approval (the default). */
  settings(): Promise<ReviewSettings>;
  /** Admin. */
  saveSettings(settings: ReviewSettings): Promise<ReviewSettings>;
}

export interface MessagesPort {
  add(message: ContactInput): Promise<void>;
  /**
   * Admin, newest first (at most MESSAGES_LIMIT): all of them, or only those not handled or
   * handled (D20).
   */
  list(state?: MessageState): Promise<ContactMessage[]>;
  /** Admin: how many messages no admin has marked handled (D20). */
  unhandledCount(): Promise<number>;
  /**
   * Admin: marks a message handled (with who and when; a second time keeps the first) or not
   * handled. `not-found` for no such message. Open desks hear of the change.
   */
  setHandled(id: string, handled: boolean): Promise<ContactMessage>;
}

import type { ManualRefundInput } from '../domain/refunds';
import type { RefundQueueItem } from '../domain/refund-queue';
export type { ManualRefundInput, RefundQueueItem };

/**
 * Online payments (D3). With a gateway, an online order is placed pending; `start` asks the
 * gateway for a payment of it and says where to send the browser; only the gateway's signed
 * callback to the backend marks it paid, and `progress` tells the screens when it has.
 */
export interface PaymentsPort {
  /** What /payment offers: the provider, its methods, and whether money really moves. */
  options(): Promise<PaymentOptions>;
  /** The owner: a new try on the gateway for the order's total. Send the browser to the answer. */
  start(
    orderId: string,
    method: OnlinePaymentMethod,
    language: DisplayLanguage,
  ): Promise<PaymentStart>;
  /** The owner or an admin: where the order's payment stands. */
  progress(orderId: string): Promise<PaymentProgress>;
  /** The owner: pay cash on delivery instead (while the order is not paid). */
  switchToCash(orderId: string): Promise<Order>;
  /** Admin: the order's tries and payment history. */
  history(orderId: string): Promise<PaymentHistory>;
  /** Admin: refund or void a paid try through its gateway. */
  reverse(orderId: string, attemptId: string, kind: PaymentReversal): Promise<PaymentHistory>;
  /** Admin: the refunds queue (D16), the longest waiting first. */
  refundQueue(): Promise<RefundQueueItem[]>;
  /** Admin: records a refund made by hand (cash, a bank transfer, a test payment). */
  manualRefund(orderId: string, input: ManualRefundInput): Promise<Order>;
}

/** Prices as data (D11). */
export interface PricesPort {
  /** The current catalog version. */
  catalog(): Promise<PriceCatalog>;
  /** Admin: saves the rates as the next version, effective at once. */
  save(rates: CatalogRates): Promise<PriceCatalog>;
  /** Admin: the versions saved so far, newest first, with who saved each. */
  history(): Promise<CatalogVersion[]>;
}

/** Crew capacity (D12). */
export interface CapacityPort {
  /** Which windows of `days` dates from `from` (YYYY-MM-DD, Cairo) still have a free crew. */
  availability(from: string, days: number, move?: AvailabilityMove): Promise<DayAvailability[]>;
  /** Admin: the current plan (windows, crews, exceptions). */
  plan(): Promise<CapacityPlan>;
  /** Admin: saves a new plan, effective at once. */
  save(plan: CapacityDraft): Promise<CapacityPlan>;
  /** Admin: each date's windows, booked against crews, with their orders. */
  calendar(from: string, days: number): Promise<CalendarDay[]>;
}

/** The owner's dashboard (D25). Admins only. */
export interface DashboardPort {
  /** The figures of a period of Cairo days and the one before it, cut into `bucket`s. */
  get(range: Partial<DashboardRange>): Promise<Dashboard>;
}

/**
 * What the admin desk hears live: an order changed, or one of its messages did (D10), or a
 * contact message was sent or marked handled or not (D20).
 */
export type DeskChange =
  | { type: 'order'; change: OrderChange }
  | { type: 'notification'; message: NotificationMessage }
  | { type: 'contactMessage'; message: ContactMessage };

/** The live admin desk and the messages sent about orders (D10). Admins only. */
export interface DeskPort {
  /**
   * Calls `listener` with every change from now on; `onLive` says whether the live connection
   * is up (it reconnects by itself). Changes missed while it was down are not replayed: reload.
   */
  watch(listener: (change: DeskChange) => void, onLive?: (live: boolean) => void): Unsubscribe;
  /** Orders placed after `since` (an ISO instant). */
  newOrdersSince(since: string): Promise<number>;
  /** An order's messages, oldest first. */
  notifications(orderId: string): Promise<NotificationMessage[]>;
  /** Sends a failed message again. */
  resend(messageId: string): Promise<NotificationMessage>;
  /**
   * The customer asked to stop: no more messages to them about this order (their consent is
   * withdrawn, waiting ones are dropped). Resolves with the order's messages.
   */
  stopCustomerMessages(orderId: string): Promise<NotificationMessage[]>;
}

/**
 * Dispatch (D28): the office's crews and trucks, its board and assignments, and the team
 * leader's phone. Optional like the desk: a backend without it shows neither screen.
 */
export interface DispatchPort {
  /** Admin: the crews and trucks (version 0: read from the plan's counts, never saved). */
  fleet(): Promise<Fleet>;
  /** Admin: saves the crews and trucks as the next version, effective at once. */
  saveFleet(fleet: FleetDraft): Promise<Fleet>;
  /** Admin: the board of `days` dates from `from`: windows, fleet, orders with assignments. */
  board(from: string, days: number): Promise<DispatchBoard>;
  /** Admin: gives an order to a crew (and truck) from a window; a clash is refused with its reason. */
  assign(orderId: string, choice: AssignmentChoice): Promise<Order>;
  /** Team leader (a phone session): their crew's jobs today and tomorrow. */
  crewJobs(): Promise<CrewJobs>;
  /** Team leader: a field button tapped; the same tap sent again changes nothing. */
  crewTap(orderId: string, tap: CrewTap): Promise<CrewJob>;
}

export interface DataPort {
  auth: AuthPort;
  orders: OrdersPort;
  tracking: TrackingPort;
  reviews: ReviewsPort;
  messages: MessagesPort;
  prices: PricesPort;
  payments: PaymentsPort;
  capacity: CapacityPort;
  dashboard: DashboardPort;
  /**
   * The live admin desk (D10). Both backends have it; it stays optional so that a backend
   * without one shows the admin list without live updates or messages.
   */
  desk?: DeskPort;
  /** Dispatch (D28). Both backends have it; a backend without it shows neither screen. */
  dispatch?: DispatchPort;
}

export type { PriceBreakdown };
