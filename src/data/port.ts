// The one interface the SPA uses for data (DECISIONS.md D1). Screens never call fetch or a
// backend SDK; they call a DataPort. Every adapter `implements DataPort` and passes the same
// contract suite in tests/contract/.
import type { Housing, MoveType, PriceBreakdown } from '../domain/pricing';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '../domain/status';
import type { ContactInput, OrderInput } from '../domain/schemas';

/** Typed failure codes; the UI maps each to a translated message (spec section 8). */
export type DataErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'already-exists'
  | 'failed-precondition'
  | 'rate-limited'
  | 'unavailable'
  | 'internal';

export class DataError extends Error {
  readonly code: DataErrorCode;
  /** Field → translation key, for invalid-argument. */
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: DataErrorCode,
    message: string = code,
    extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DataError';
    this.code = code;
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export function isDataError(error: unknown): error is DataError {
  return error instanceof DataError;
}

/** Who the backend says the visitor is. `isAdmin` comes from the server, never from the browser. */
export interface CurrentUser {
  id: string;
  email: string | null;
  anonymous: boolean;
  isAdmin: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

export type StatusActor = 'system' | 'customer' | 'admin';

export interface StatusChange {
  status: OrderStatus;
  /** ISO 8601 instant (UTC); screens show it in Cairo wall time. */
  at: string;
  actor: StatusActor;
}

export type PaymentProviderName = 'test' | 'cash';

/** A full order: readable only by its owner and by admins (D2). */
export interface Order {
  id: string;
  orderNumber: string;
  userId: string | null;
  fullName: string;
  phoneNumber: string;
  pickupAddress: string;
  dropoffAddress: string;
  governorateId: string;
  districtId: string;
  notes: string;
  moveType: MoveType;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
  workers: number;
  /** YYYY-MM-DD, Cairo calendar date. */
  moveDate: string;
  /** HH:mm, Cairo wall time. */
  moveTime: string;
  totalPrice: number;
  currency: 'EGP';
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  paymentProvider: PaymentProviderName;
  status: OrderStatus;
  statusHistory: StatusChange[];
  /** ISO 8601 instant. */
  createdAt: string;
}

/** What anyone with the order number may see: no name, phone, address or notes (D2). */
export interface PublicTracking {
  orderNumber: string;
  moveType: MoveType;
  totalPrice: number;
  currency: 'EGP';
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  statusHistory: StatusChange[];
  moveDate: string;
}

/**
 * A new order. Card details never travel (D3): for `paymentMethod: 'card'` the browser's payment
 * provider returns a token that the server verifies with the same provider.
 */
export type NewOrder = OrderInput & { paymentToken?: string };

export type { OrderSort } from '../domain/order-query';
import type { OrderSort } from '../domain/order-query';

export interface OrderFilter {
  /** Order number, name or phone (phone may be typed in Arabic-Indic digits). */
  search?: string;
  status?: OrderStatus;
  governorateId?: string;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  /** Move date range, inclusive, YYYY-MM-DD. */
  moveDateFrom?: string;
  moveDateTo?: string;
  sort?: OrderSort;
  /** 1-based page; page size `limit` (default 50, max 500). */
  page?: number;
  limit?: number;
}

export interface OrderPage {
  orders: Order[];
  /** Orders matching the filter, across all pages. */
  total: number;
  /** Orders per status matching the filter except its status part (for the status tabs). */
  counts: Record<OrderStatus, number>;
}

export interface OrderAdminUpdate {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
}

export interface Review {
  id: string;
  name: string;
  review: string;
  rating: number;
  createdAt: string;
}

/** A review as an admin sees it: hidden ones stay stored but leave the public list. */
export interface AdminReview extends Review {
  hidden: boolean;
}

/** The review form's values; `website` is the honeypot (a filled one is silently dropped). */
export interface NewReview {
  name: string;
  review: string;
  rating: number | string;
  website?: string;
}

export interface ContactMessage extends ContactInput {
  id: string;
  createdAt: string;
}

export interface PriceCatalog {
  currency: 'EGP';
  base: Record<MoveType, number>;
  floorFee: number;
  workerExtraPerHead: number;
  floors: { min: number; max: number };
  workers: { min: number; max: number; default: number };
}

export type Unsubscribe = () => void;

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
  /** Admin. */
  update(id: string, update: OrderAdminUpdate): Promise<Order>;
  /** Admin. */
  remove(id: string): Promise<void>;
}

export interface TrackingPort {
  get(orderNumber: string): Promise<PublicTracking>;
}

export interface ReviewsPort {
  /** Displayable reviews, newest first. */
  list(): Promise<Review[]>;
  /** Live list, newest first: called now and on every change. */
  subscribe(
    listener: (reviews: Review[]) => void,
    onError?: (error: DataError) => void,
  ): Unsubscribe;
  /** Resolves with the stored review; a filled honeypot resolves the same way but stores nothing. */
  add(review: NewReview): Promise<Review>;
  /** Admin: every review, hidden ones included, newest first. */
  listAll(): Promise<AdminReview[]>;
  /** Admin: hide or show a review; the public list and live subscribers follow. */
  setHidden(id: string, hidden: boolean): Promise<AdminReview>;
  /** Admin. */
  remove(id: string): Promise<void>;
}

export interface MessagesPort {
  add(message: ContactInput): Promise<void>;
  /** Admin, newest first. */
  list(): Promise<ContactMessage[]>;
}

export interface PricesPort {
  catalog(): Promise<PriceCatalog>;
}

export interface DataPort {
  auth: AuthPort;
  orders: OrdersPort;
  tracking: TrackingPort;
  reviews: ReviewsPort;
  messages: MessagesPort;
  prices: PricesPort;
}

export type { PriceBreakdown };
