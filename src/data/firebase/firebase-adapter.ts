// The hosted adapter (docs/decisions.md D1, D2): Firestore + Firebase Auth through the modular SDK.
// It is the only module that imports `firebase/*` (docs/architecture.md habit 3) and it is loaded
// lazily by select-adapter.ts, so the SDK never weighs on the first paint. Firestore Timestamps
// become ISO strings here; screens see the same plain `Order`/`Review` values as with `http`.
//
// The browser is not trusted: every rule the self-hosted server enforces is enforced again by
// firestore.rules (price recomputed from the catalog, status `received`, owner-only reads,
// admin-only updates, the review cooldown). The checks below only give the user a translated
// error before the round trip; the rules are the authority.
import { FirebaseError, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  browserLocalPersistence,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  linkWithCredential,
  onIdTokenChanged,
  signInAnonymously,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  Timestamp,
  updateDoc,
  deleteDoc,
  where,
  writeBatch,
  addDoc,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import { checkOrderFilter, pageOrders } from '../order-list';
import { DataError, dataErrorFrom } from '../port';
import type {
  AdminReview,
  AuthPort,
  ContactMessage,
  Credentials,
  CurrentUser,
  DataPort,
  MessagesPort,
  NewOrder,
  NewReview,
  Order,
  OrderAdminUpdate,
  OrderFilter,
  OrderPage,
  OrdersPort,
  CapacityPort,
  PricesPort,
  PublicTracking,
  Review,
  ReviewsPort,
  StatusChange,
  TrackingPort,
} from '../port';
import { RuleViolation } from '../../domain/errors';
import {
  checkCustomerCancel,
  checkNewOrder,
  isTestPaymentToken,
  paymentDeclined,
  toPublicTracking,
} from '../../domain/order';
import { generateOrderNumber } from '../../domain/order-number';
import { availabilityOf, datesFrom, FIRST_CAPACITY_PLAN } from '../../domain/capacity';
import { CURRENCY, FIRST_CATALOG, priceCatalog } from '../../domain/pricing';
import {
  contactSchema,
  isDisplayableReview,
  isHoneypotFilled,
  loginSchema,
  normalizeTrackingInput,
  REVIEW_COOLDOWN_MS,
  reviewSchema,
  signupSchema,
  VALIDATION_MESSAGES,
} from '../../domain/schemas';
import { isOrderStatus, isPaymentStatus, type OrderStatus } from '../../domain/status';
import { parseFirebaseSettings, type FirebaseSettings } from './firebase-config';
import {
  COLLECTIONS,
  newMessageDocument,
  newOrderDocuments,
  newReviewDocuments,
} from './firestore-documents';

const {
  orders: ORDERS,
  tracking: TRACKING,
  reviews: REVIEWS,
  reviewThrottle: REVIEW_THROTTLE,
  messages: MESSAGES,
} = COLLECTIONS;

const ORDER_NUMBER_ATTEMPTS = 20;
/**
 * D6 switches to 4 digits after 900 orders a day. A client cannot count a day's orders without
 * listing them (which the rules forbid), so collisions decide instead: after a few taken 3-digit
 * numbers the adapter draws 4-digit ones. The tracking document id keeps numbers unique.
 */
const THREE_DIGIT_ATTEMPTS = 8;
const REVIEWS_LIMIT = 100;
const ADMIN_REVIEWS_LIMIT = 1000;
const MESSAGES_LIMIT = 500;
/**
 * The admin list reads at most this many orders matching the equality filters Firestore can
 * serve from single-field indexes (governorate, payment status, payment method); search, date
 * range, status tabs, counts, sorting and paging run on that set in the browser. Enough for one
 * shop's active orders; beyond it, a search service (or the `http` backend) is the answer.
 */
const ADMIN_SCAN_LIMIT = 5000;
/** Firestore document ids: no slashes, not `.`/`..`; order numbers are much narrower anyway. */
const TRACKING_ID = /^[A-Z0-9-]{1,40}$/;

export interface FirebaseDataPortOptions {
  /** A separate app instance (its own auth state): tests run several "browsers" at once. */
  appName?: string;
}

// ---------------------------------------------------------------------------------------------
// Conversions and errors

function iso(value: unknown): string {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (typeof value === 'string') return value;
  // A pending server timestamp (our own write, not yet acknowledged): "now" is the best guess.
  return new Date().toISOString();
}

function toHistory(value: unknown): StatusChange[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: { status: OrderStatus; at: unknown; actor: StatusChange['actor'] }) => ({
    status: entry.status,
    at: iso(entry.at),
    actor: entry.actor,
  }));
}

function toOrder(snapshot: DocumentSnapshot<DocumentData>): Order {
  const d = snapshot.data({ serverTimestamps: 'estimate' }) ?? {};
  return {
    id: snapshot.id,
    orderNumber: d.orderNumber,
    userId: d.userId ?? null,
    fullName: d.fullName,
    phoneNumber: d.phoneNumber,
    pickupAddress: d.pickupAddress,
    dropoffAddress: d.dropoffAddress,
    governorateId: d.governorateId,
    districtId: d.districtId,
    // The hosted build keeps no drop-off area, window or catalog version yet (issue 13 moves
    // order writes to Cloud Functions): an order reads as a move inside one district, version 1.
    dropoffGovernorateId: d.dropoffGovernorateId ?? d.governorateId,
    dropoffDistrictId: d.dropoffDistrictId ?? d.districtId,
    notes: d.notes ?? '',
    moveType: d.moveType,
    housing: d.housing,
    pickupFloor: d.pickupFloor,
    dropoffFloor: d.dropoffFloor,
    workers: d.workers,
    moveDate: d.moveDate,
    moveTime: d.moveTime,
    timeWindow: d.timeWindow ?? null,
    totalPrice: d.totalPrice,
    currency: CURRENCY,
    catalogVersion: d.catalogVersion ?? 1,
    distanceKm: d.distanceKm ?? 0,
    distanceFee: d.distanceFee ?? 0,
    paymentMethod: d.paymentMethod,
    paymentStatus: d.paymentStatus,
    paymentProvider: d.paymentProvider,
    status: d.status,
    statusHistory: toHistory(d.statusHistory),
    createdAt: iso(d.createdAt),
  };
}

function toTracking(d: DocumentData): PublicTracking {
  return toPublicTracking({
    orderNumber: d.orderNumber,
    moveType: d.moveType,
    governorateId: d.governorateId ?? null,
    dropoffGovernorateId: d.dropoffGovernorateId ?? null,
    totalPrice: d.totalPrice,
    paymentMethod: d.paymentMethod,
    paymentStatus: d.paymentStatus,
    status: d.status,
    statusHistory: toHistory(d.statusHistory),
    moveDate: d.moveDate,
  });
}

function toAdminReview(snapshot: DocumentSnapshot<DocumentData>): AdminReview {
  const d = snapshot.data({ serverTimestamps: 'estimate' }) ?? {};
  return {
    id: snapshot.id,
    name: d.name,
    review: d.review,
    rating: d.rating,
    createdAt: iso(d.createdAt),
    hidden: d.hidden === true,
  };
}

function publicReview({ hidden: _hidden, ...review }: AdminReview): Review {
  return review;
}

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): DataError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return new DataError('invalid-argument', issues[0]?.message ?? VALIDATION_MESSAGES.invalid, {
    fields,
  });
}

const AUTH_ERRORS: Record<string, DataError['code']> = {
  'auth/invalid-credential': 'unauthenticated',
  'auth/invalid-login-credentials': 'unauthenticated',
  'auth/wrong-password': 'unauthenticated',
  'auth/user-not-found': 'unauthenticated',
  'auth/user-disabled': 'permission-denied',
  'auth/email-already-in-use': 'already-exists',
  'auth/credential-already-in-use': 'already-exists',
  'auth/too-many-requests': 'rate-limited',
  'auth/network-request-failed': 'unavailable',
  'auth/weak-password': 'invalid-argument',
  'auth/invalid-email': 'invalid-argument',
};

const AUTH_MESSAGES: Partial<Record<DataError['code'], string>> = {
  unauthenticated: 'auth:invalidCredentials',
  'already-exists': 'auth:emailTaken',
};

const FIRESTORE_ERRORS: Record<string, DataError['code']> = {
  'permission-denied': 'permission-denied',
  'not-found': 'not-found',
  'already-exists': 'already-exists',
  'invalid-argument': 'invalid-argument',
  'failed-precondition': 'failed-precondition',
  'resource-exhausted': 'rate-limited',
  unauthenticated: 'unauthenticated',
  unavailable: 'unavailable',
  'deadline-exceeded': 'unavailable',
  aborted: 'unavailable',
};

const DEFAULT_MESSAGES: Partial<Record<DataError['code'], string>> = {
  'permission-denied': 'errors:permissionDenied',
  'not-found': 'errors:notFound',
  unauthenticated: 'errors:unauthenticated',
};

/** Every SDK failure leaves the adapter as a DataError; the UI knows nothing about Firebase. */
export function toDataError(error: unknown): DataError {
  if (error instanceof DataError) return error;
  if (error instanceof RuleViolation) return dataErrorFrom(error);
  if (error instanceof FirebaseError) {
    if (error.code.startsWith('auth/')) {
      const code = AUTH_ERRORS[error.code] ?? 'internal';
      return new DataError(code, AUTH_MESSAGES[code] ?? DEFAULT_MESSAGES[code] ?? code);
    }
    const code = FIRESTORE_ERRORS[error.code] ?? 'internal';
    return new DataError(code, DEFAULT_MESSAGES[code] ?? code);
  }
  return new DataError('internal', 'internal');
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toDataError(error);
  }
}

class OrderNumberTaken extends Error {}

// ---------------------------------------------------------------------------------------------
// The adapter

export class FirebaseDataPort implements DataPort {
  readonly app: FirebaseApp;
  readonly authInstance: Auth;
  readonly db: Firestore;
  readonly auth: AuthPort;
  readonly orders: OrdersPort;
  readonly tracking: TrackingPort;
  readonly reviews: ReviewsPort;
  readonly messages: MessagesPort;
  readonly prices: PricesPort;
  readonly capacity: CapacityPort;

  constructor(settings: FirebaseSettings, options: FirebaseDataPortOptions = {}) {
    const config = {
      apiKey: settings.apiKey,
      authDomain: settings.authDomain,
      projectId: settings.projectId,
      appId: settings.appId,
    };
    this.app = options.appName ? initializeApp(config, options.appName) : initializeApp(config);
    // In a browser: persistent sessions, but no popup/redirect resolver (no sign-in iframe from
    // the auth domain, which the CSP does not allow, and less code). In Node (tests): in memory.
    this.authInstance =
      typeof window === 'undefined'
        ? getAuth(this.app)
        : initializeAuth(this.app, {
            persistence: [indexedDBLocalPersistence, browserLocalPersistence],
          });
    if (settings.authEmulatorHost) {
      connectAuthEmulator(this.authInstance, `http://${settings.authEmulatorHost}`, {
        disableWarnings: true,
      });
    }
    this.db = getFirestore(this.app);
    if (settings.firestoreEmulatorHost) {
      const [host, port] = settings.firestoreEmulatorHost.split(':');
      connectFirestoreEmulator(this.db, host!, Number(port));
    }
    this.auth = this.createAuth();
    this.orders = this.createOrders();
    this.tracking = { get: (orderNumber) => guard(() => this.track(orderNumber)) };
    this.reviews = this.createReviews();
    this.messages = this.createMessages();
    // Prices and crews are not data on the hosted build yet (README, "Hosted deployment"): it
    // serves the first catalog version and the first plan, and admins edit neither here.
    const hostedOnly = async (): Promise<never> => {
      throw new DataError('failed-precondition', 'errors:hostedUnsupported');
    };
    this.prices = { catalog: async () => priceCatalog(), save: hostedOnly, history: hostedOnly };
    this.capacity = {
      // Without a count of the day's orders (the rules let browsers read only their own), every
      // window of the first plan is offered; the hosted build does not enforce crews yet.
      availability: async (from, days) =>
        availabilityOf(FIRST_CAPACITY_PLAN, datesFrom(from, days), () => ({}), new Date()),
      plan: async () => ({ ...FIRST_CAPACITY_PLAN }),
      save: hostedOnly,
      calendar: hostedOnly,
    };
  }

  /** Re-reads the ID token, so a custom claim set since sign-in (the admin claim) applies now. */
  async refreshClaims(): Promise<CurrentUser | null> {
    const user = this.authInstance.currentUser;
    if (!user) return null;
    await guard(() => user.getIdToken(true));
    return this.toCurrentUser(user);
  }

  private async toCurrentUser(user: User): Promise<CurrentUser> {
    // The claim is in the signed token; the rules check the same token, so it is no UI guess.
    const token = await user.getIdTokenResult();
    return {
      id: user.uid,
      email: user.email,
      anonymous: user.isAnonymous,
      isAdmin: token.claims.admin === true,
    };
  }

  private async user(): Promise<User | null> {
    await this.authInstance.authStateReady();
    return this.authInstance.currentUser;
  }

  private async requireUser(): Promise<User> {
    const user = await this.user();
    if (!user) throw new DataError('unauthenticated', 'errors:unauthenticated');
    return user;
  }

  private async requireAdmin(): Promise<User> {
    const user = await this.requireUser();
    const token = await user.getIdTokenResult();
    if (token.claims.admin !== true) {
      throw new DataError('permission-denied', 'errors:permissionDenied');
    }
    return user;
  }

  // --- auth ----------------------------------------------------------------------------------

  private createAuth(): AuthPort {
    const auth = this.authInstance;
    return {
      current: () =>
        guard(async () => {
          const user = await this.user();
          return user ? this.toCurrentUser(user) : null;
        }),
      ensureSession: () =>
        guard(async () => {
          const user = (await this.user()) ?? (await signInAnonymously(auth)).user;
          return this.toCurrentUser(user);
        }),
      signUp: ({ email, password }: Credentials) =>
        guard(async () => {
          const parsed = signupSchema.safeParse({ email, password, confirmPassword: password });
          if (!parsed.success) throw invalid(parsed.error.issues);
          const visitor = await this.user();
          const { user } = visitor?.isAnonymous
            ? // Linking keeps the uid, so the visitor's orders (userId == uid) stay theirs.
              await linkWithCredential(
                visitor,
                EmailAuthProvider.credential(parsed.data.email, parsed.data.password),
              )
            : await createUserWithEmailAndPassword(auth, parsed.data.email, parsed.data.password);
          // Linking does not always fire onIdTokenChanged with the new email; refresh once.
          await user.getIdToken(true);
          return this.toCurrentUser(user);
        }),
      signIn: ({ email, password }: Credentials) =>
        guard(async () => {
          const parsed = loginSchema.safeParse({ email, password });
          if (!parsed.success) throw invalid(parsed.error.issues);
          // Unlike `http`, orders of an anonymous session do not move to the account signed in
          // here: the rules cannot prove that both uids belong to one person. Sign-up links
          // instead (same uid); see README, "Hosted deployment (Firebase)".
          const { user } = await signInWithEmailAndPassword(
            auth,
            parsed.data.email,
            parsed.data.password,
          );
          return this.toCurrentUser(user);
        }),
      signOut: () => guard(() => signOut(auth)),
      subscribe: (listener) => {
        let active = true;
        let latest = 0;
        const stop = onIdTokenChanged(auth, (user) => {
          const call = (latest += 1);
          const deliver = (value: CurrentUser | null) => {
            if (active && call === latest) listener(value);
          };
          if (!user) deliver(null);
          else this.toCurrentUser(user).then(deliver, () => deliver(null));
        });
        return () => {
          active = false;
          stop();
        };
      },
    };
  }

  // --- orders --------------------------------------------------------------------------------

  private async readOrder(id: string): Promise<Order> {
    const snapshot = await getDoc(this.existingRef(ORDERS, id));
    if (!snapshot.exists()) throw new DataError('not-found', 'errors:notFound');
    return toOrder(snapshot);
  }

  /**
   * The reference of a document the caller names by id. An id that cannot be a document id
   * ('', a slash, '.' or '..') names nothing: not-found, as on the server, not the SDK's error.
   */
  private existingRef(collectionName: string, id: string) {
    if (typeof id !== 'string' || id === '' || id.includes('/') || id === '.' || id === '..') {
      throw new DataError('not-found', 'errors:notFound');
    }
    return doc(this.db, collectionName, id);
  }

  private async ownOrders(uid: string): Promise<Order[]> {
    const snapshot = await getDocs(
      query(collection(this.db, ORDERS), where('userId', '==', uid), orderBy('createdAt', 'desc')),
    );
    return snapshot.docs.map(toOrder);
  }

  /** The order and its public tracking copy change together, in one transaction. */
  private async changeStatus(
    id: string,
    decide: (order: Order) => { status?: OrderStatus; paymentStatus?: Order['paymentStatus'] },
    actor: StatusChange['actor'],
  ): Promise<Order> {
    const orderRef = this.existingRef(ORDERS, id);
    await runTransaction(this.db, async (tx) => {
      const snapshot = await tx.get(orderRef);
      if (!snapshot.exists()) throw new DataError('not-found', 'errors:notFound');
      const stored = snapshot.data();
      const change = decide(toOrder(snapshot));
      const patch: DocumentData = {};
      if (change.status) {
        patch.status = change.status;
        patch.statusHistory = [
          ...(stored.statusHistory ?? []),
          { status: change.status, at: Timestamp.now(), actor },
        ];
      }
      if (change.paymentStatus) patch.paymentStatus = change.paymentStatus;
      tx.update(orderRef, patch);
      tx.update(doc(this.db, TRACKING, stored.orderNumber as string), patch);
    });
    return this.readOrder(id);
  }

  private createOrders(): OrdersPort {
    return {
      create: (input: NewOrder) =>
        guard(async () => {
          const user = await this.requireUser();
          const now = new Date();
          const { input: values, paymentToken: token } = checkNewOrder(input, {
            catalog: FIRST_CATALOG,
            plan: FIRST_CAPACITY_PLAN,
          });
          if (values.paymentMethod === 'card' && !isTestPaymentToken(token)) {
            throw paymentDeclined();
          }
          const orderRef = doc(collection(this.db, ORDERS));
          const historyAt = Timestamp.now();
          for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
            const digits = attempt < THREE_DIGIT_ATTEMPTS ? 3 : 4;
            const orderNumber = generateOrderNumber(now, Math.random, digits);
            const trackingRef = doc(this.db, TRACKING, orderNumber);
            try {
              await runTransaction(this.db, async (tx) => {
                // The tracking id is the order number: an existing one means "taken".
                if ((await tx.get(trackingRef)).exists()) throw new OrderNumberTaken();
                const documents = newOrderDocuments({
                  values,
                  userId: user.uid,
                  orderId: orderRef.id,
                  orderNumber,
                  paymentToken: token,
                  historyAt,
                });
                tx.set(orderRef, documents.order);
                tx.set(trackingRef, documents.tracking);
              });
            } catch (error) {
              if (error instanceof OrderNumberTaken) continue;
              throw error;
            }
            return this.readOrder(orderRef.id);
          }
          throw new DataError('unavailable', 'Could not allocate an order number');
        }),

      mine: () => guard(async () => this.ownOrders((await this.requireUser()).uid)),

      get: (id) =>
        guard(async () => {
          await this.requireUser();
          return this.readOrder(id);
        }),

      cancel: (id) =>
        guard(async () => {
          const user = await this.requireUser();
          return this.changeStatus(
            id,
            (order) => {
              checkCustomerCancel(order, user.uid);
              return { status: 'cancelled' };
            },
            'customer',
          );
        }),

      list: (filter: OrderFilter = {}) =>
        guard(async () => {
          const user = await this.requireUser();
          const isAdmin = (await user.getIdTokenResult()).claims.admin === true;
          if (!isAdmin) return page(await this.ownOrders(user.uid), filter, false);
          checkOrderFilter(filter);
          const constraints: QueryConstraint[] = [];
          if (filter.governorateId)
            constraints.push(where('governorateId', '==', filter.governorateId));
          if (filter.paymentStatus)
            constraints.push(where('paymentStatus', '==', filter.paymentStatus));
          if (filter.paymentMethod)
            constraints.push(where('paymentMethod', '==', filter.paymentMethod));
          const snapshot = await getDocs(
            // Newest first, so past the limit it is the oldest orders that drop out (an
            // index per equality filter with createdAt: firestore.indexes.json).
            query(
              collection(this.db, ORDERS),
              ...constraints,
              orderBy('createdAt', 'desc'),
              limit(ADMIN_SCAN_LIMIT),
            ),
          );
          return page(snapshot.docs.map(toOrder), filter, true);
        }),

      update: (id, update: OrderAdminUpdate) =>
        guard(async () => {
          await this.requireAdmin();
          const body = (update ?? {}) as Record<string, unknown>;
          const fields: Record<string, string> = {};
          for (const key of Object.keys(body)) {
            if (key !== 'status' && key !== 'paymentStatus')
              fields[key] = VALIDATION_MESSAGES.invalid;
          }
          if (body.status !== undefined && !isOrderStatus(body.status))
            fields.status = VALIDATION_MESSAGES.invalid;
          if (body.paymentStatus !== undefined && !isPaymentStatus(body.paymentStatus))
            fields.paymentStatus = VALIDATION_MESSAGES.invalid;
          if (body.status === undefined && body.paymentStatus === undefined)
            fields.status = VALIDATION_MESSAGES.invalid;
          if (Object.keys(fields).length > 0) {
            throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid, { fields });
          }
          return this.changeStatus(
            id,
            () => ({
              ...(isOrderStatus(body.status) ? { status: body.status } : {}),
              ...(isPaymentStatus(body.paymentStatus) ? { paymentStatus: body.paymentStatus } : {}),
            }),
            'admin',
          );
        }),

      remove: (id) =>
        guard(async () => {
          await this.requireAdmin();
          const order = await this.readOrder(id);
          const batch = writeBatch(this.db);
          batch.delete(doc(this.db, ORDERS, id));
          batch.delete(doc(this.db, TRACKING, order.orderNumber));
          await batch.commit();
        }),
    };
  }

  // --- tracking ------------------------------------------------------------------------------

  private async track(orderNumber: string): Promise<PublicTracking> {
    const wanted = normalizeTrackingInput(orderNumber);
    if (!wanted) throw new DataError('invalid-argument', VALIDATION_MESSAGES.trackingRequired);
    if (!TRACKING_ID.test(wanted)) throw new DataError('not-found', 'errors:orderNotFound');
    const snapshot = await getDoc(doc(this.db, TRACKING, wanted));
    if (!snapshot.exists()) throw new DataError('not-found', 'errors:orderNotFound');
    return toTracking(snapshot.data());
  }

  // --- reviews -------------------------------------------------------------------------------

  private publicReviewsQuery() {
    return query(
      collection(this.db, REVIEWS),
      where('hidden', '==', false),
      orderBy('createdAt', 'desc'),
      limit(REVIEWS_LIMIT),
    );
  }

  private createReviews(): ReviewsPort {
    const displayable = (docs: DocumentSnapshot<DocumentData>[]) =>
      docs.map(toAdminReview).filter(isDisplayableReview).map(publicReview);
    return {
      list: () => guard(async () => displayable((await getDocs(this.publicReviewsQuery())).docs)),
      subscribe: (listener, onError) =>
        onSnapshot(
          this.publicReviewsQuery(),
          (snapshot) => listener(displayable(snapshot.docs)),
          (error) => onError?.(toDataError(error)),
        ),
      add: (input: NewReview) =>
        guard(async () => {
          const user = await this.requireUser();
          const parsed = reviewSchema.safeParse(input);
          if (!parsed.success) throw invalid(parsed.error.issues);
          const reviewRef = doc(collection(this.db, REVIEWS));
          const review: Review = {
            id: reviewRef.id,
            name: parsed.data.name,
            review: parsed.data.review,
            rating: parsed.data.rating,
            createdAt: new Date().toISOString(),
          };
          // A bot sees the same success as a person; nothing is stored.
          if (isHoneypotFilled(parsed.data)) return review;

          // One review per 60 s per user, enforced by the rules through this throttle document
          // (per address, as `http` also does, is not possible without a server).
          const throttleRef = doc(this.db, REVIEW_THROTTLE, user.uid);
          const throttle = await getDoc(throttleRef);
          const last = throttle.exists() ? throttle.data().last : null;
          if (last instanceof Timestamp) {
            const elapsed = Date.now() - last.toMillis();
            if (elapsed >= 0 && elapsed < REVIEW_COOLDOWN_MS) {
              throw new DataError('rate-limited', VALIDATION_MESSAGES.reviewCooldown, {
                retryAfterSeconds: Math.ceil((REVIEW_COOLDOWN_MS - elapsed) / 1000),
              });
            }
          }
          const batch = writeBatch(this.db);
          const documents = newReviewDocuments(review, reviewRef.id);
          batch.set(reviewRef, documents.review);
          batch.set(throttleRef, documents.throttle);
          try {
            await batch.commit();
          } catch (error) {
            // Input passed the same checks as the rules, so a refusal is the cooldown (a second
            // tab or a clock that runs behind the server's).
            if (error instanceof FirebaseError && error.code === 'permission-denied') {
              throw new DataError('rate-limited', VALIDATION_MESSAGES.reviewCooldown, {
                retryAfterSeconds: REVIEW_COOLDOWN_MS / 1000,
              });
            }
            throw error;
          }
          const stored = await getDoc(reviewRef);
          return stored.exists() ? publicReview(toAdminReview(stored)) : review;
        }),
      listAll: () =>
        guard(async () => {
          await this.requireAdmin();
          const snapshot = await getDocs(
            query(
              collection(this.db, REVIEWS),
              orderBy('createdAt', 'desc'),
              limit(ADMIN_REVIEWS_LIMIT),
            ),
          );
          return snapshot.docs.map(toAdminReview);
        }),
      setHidden: (id, hidden) =>
        guard(async () => {
          await this.requireAdmin();
          const ref = this.existingRef(REVIEWS, id);
          if (!(await getDoc(ref)).exists()) throw new DataError('not-found', 'errors:notFound');
          await updateDoc(ref, { hidden });
          return toAdminReview(await getDoc(ref));
        }),
      remove: (id) =>
        guard(async () => {
          await this.requireAdmin();
          const ref = this.existingRef(REVIEWS, id);
          if (!(await getDoc(ref)).exists()) throw new DataError('not-found', 'errors:notFound');
          await deleteDoc(ref);
        }),
    };
  }

  // --- messages ------------------------------------------------------------------------------

  private createMessages(): MessagesPort {
    return {
      add: (input) =>
        guard(async () => {
          const parsed = contactSchema.safeParse(input);
          if (!parsed.success) throw invalid(parsed.error.issues);
          await addDoc(collection(this.db, MESSAGES), newMessageDocument(parsed.data));
        }),
      list: () =>
        guard(async () => {
          await this.requireAdmin();
          const snapshot = await getDocs(
            query(
              collection(this.db, MESSAGES),
              orderBy('createdAt', 'desc'),
              limit(MESSAGES_LIMIT),
            ),
          );
          return snapshot.docs.map((snap): ContactMessage => {
            const d = snap.data({ serverTimestamps: 'estimate' });
            return {
              id: snap.id,
              name: d.name,
              email: d.email,
              phone: d.phone,
              message: d.message,
              createdAt: iso(d.createdAt),
            };
          });
        }),
    };
  }
}

/** The hosted build's adapter, configured from the `VITE_FIREBASE_*` values baked in at build. */
export function createFirebaseDataPort(
  raw: Readonly<Record<string, string | boolean | undefined>> = import.meta.env,
  options: FirebaseDataPortOptions = {},
): FirebaseDataPort {
  return new FirebaseDataPort(parseFirebaseSettings(raw), options);
}

const newestFirst = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt);

function page(orders: Order[], filter: OrderFilter, admin: boolean): OrderPage {
  const { items, total, counts } = pageOrders(orders, filter, {
    admin,
    orderOf: (order) => order,
    newestFirst,
  });
  return { orders: items, total, counts };
}
