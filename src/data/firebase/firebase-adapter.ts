// The hosted adapter (docs/decisions.md D1, D2): Firebase Auth, Firestore reads and the Cloud
// Functions in functions/ through the modular SDK. It is the only module that imports
// `firebase/*` (docs/architecture.md habit 3) and it is loaded lazily by select-adapter.ts, so
// the SDK never weighs on the first paint; the functions and App Check SDKs (and reCAPTCHA) load
// later still, on the first function call (the date screen's free windows, or a write).
// Firestore Timestamps become ISO strings here; screens see the same plain `Order`/`Review`
// values as with `http`.
//
// Browsers only read (firestore.rules); every write goes through a callable function that checks
// the domain's rules with the functions' own clock and limits. The checks below only give the
// user a translated error before the round trip; the functions are the authority.
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
  linkWithPhoneNumber,
  onIdTokenChanged,
  PhoneAuthProvider,
  RecaptchaVerifier,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPhoneNumber,
  signOut,
  updatePhoneNumber,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import { checkOrderFilter, emptyStatusCounts, pageOrders } from '../order-list';
import { DataError, dataErrorFrom } from '../port';
import type {
  AdminReview,
  AuthPort,
  ContactMessage,
  Credentials,
  CurrentUser,
  DataPort,
  DeskChange,
  DeskPort,
  DispatchPort,
  MessagesPort,
  NewOrder,
  NewReview,
  NotificationMessage,
  PhoneChallenge,
  PhoneCodeRequestInput,
  Order,
  OrderAdminUpdate,
  OrderFilter,
  OrderPage,
  OrdersPort,
  PaymentHistory,
  PaymentOptions,
  PaymentProgress,
  PaymentsPort,
  PaymentStart,
  CapacityPort,
  DashboardPort,
  PricesPort,
  PublicTracking,
  RefundQueueItem,
  Review,
  ReviewableOrder,
  ReviewSettings,
  ReviewsPort,
  SubmittedReview,
  TrackingPort,
  Unsubscribe,
} from '../port';
import type { DispatchBoard } from '../../domain/dispatch';
import type { CrewJob, CrewJobs } from '../../domain/field';
import type { Fleet } from '../../domain/fleet';
import type { ErrorCode } from '../../domain/errors';
import { RuleViolation } from '../../domain/errors';
import {
  catalogFromDocument,
  catalogHistory,
  catalogVersionFromDocument,
  COLLECTIONS,
  CURRENT_ID,
  messageFromDocument,
  ORDER_STATS_ID,
  orderFromDocument,
  planFromDocument,
  trackingFromDocument,
  REVIEW_SETTINGS_ID,
  reviewFromDocument,
  type FunctionName,
  type StoredReview,
} from '../../domain/hosted-store';
import { requestedDates, type DayAvailability } from '../../domain/capacity';
import type { Dashboard } from '../../domain/dashboard';
import { checkNewOrderInput, orderChange, type CalendarDay } from '../../domain/order';
import { orderPaging } from '../../domain/order-query';
import type { CapacityPlan } from '../../domain/capacity';
import type { CatalogRates, CatalogVersion, PriceCatalog } from '../../domain/pricing';
import { loginSchema, signupSchema } from '../../domain/auth-schemas';
import { phoneCodeRequestSchema, phoneCodeVerifySchema } from '../../domain/phone-auth-schema';
import {
  decidePhoneSignIn,
  PHONE_CODE_RESEND_MS,
  PHONE_MESSAGES,
} from '../../domain/phone-verification';
import { contactSchema } from '../../domain/contact-schema';
import {
  CONTACT_MESSAGE_ERRORS,
  isMessageState,
  MESSAGES_LIMIT,
} from '../../domain/contact-message';
import { reviewSchema } from '../../domain/review-schema';
import { isDisplayableReview } from '../../domain/reviews';
import {
  adminReview,
  isListed,
  reviewableOrders,
  reviewSettingsFrom,
} from '../../domain/review-rules';
import { normalizeTrackingInput } from '../../domain/tracking-input';
import { VALIDATION_MESSAGES } from '../../domain/validation-messages';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/status';
import { CUSTOMER_ORDERS_CAP, planOrderList, type OrderQueryPlan } from './admin-order-query';
import { MessageFollower } from './desk-messages';
import { parseFirebaseSettings, type FirebaseSettings } from './firebase-config';

const { orders: ORDERS, reviews: REVIEWS, messages: MESSAGES, stats: STATS } = COLLECTIONS;

const REVIEWS_LIMIT = 100;
/**
 * A live watch whose listener cannot be opened (functions or rules from before D19, a refusal)
 * asks again this often instead, as the self-hosted build's polling does.
 */
export const LIVE_POLL_MS = 30_000;
/**
 * The admin desk listens to orders written since a little before it started: the browser's clock
 * may be behind the functions' by this much without a change being missed.
 */
export const DESK_CLOCK_MARGIN_MS = 10 * 60 * 1000;
const ADMIN_REVIEWS_LIMIT = 1000;
/** The catalog versions the admins' history shows, as on the server. */
const CATALOG_HISTORY_LIMIT = 50;
/** The next code to a number, no sooner than this after the last: the domain's cooldown. */
export const PHONE_RESEND_SECONDS = PHONE_CODE_RESEND_MS / 1000;
/**
 * How long the screen is told a code lives. Firebase does not publish its codes' lifetime; this
 * is a conservative figure for the screen's countdown, and Firebase's own answer (code-expired)
 * is what decides.
 */
export const PHONE_CODE_LIFETIME_SECONDS = 5 * 60;
/** A try not confirmed by then is forgotten (Firebase has long given up on it). */
const PHONE_CHALLENGE_KEPT_MS = 60 * 60 * 1000;

/** A code asked for and not yet confirmed: what typing it will do. */
interface PendingPhoneSignIn {
  /** E.164, as the code was sent to. */
  phone: string;
  /**
   * `link`: the number joins the session's account (an anonymous visitor keeps their uid and
   * orders; an account without a number gets one); `sign-in`: the number's account, or a new
   * one, signs in; `update`: an account with another number gets this one instead.
   */
  mode: 'link' | 'sign-in' | 'update';
  /** The session the code was asked from (null: none). */
  from: User | null;
  /** Firebase's ConfirmationResult, or the credential's confirmation for `update`. */
  confirm(code: string): Promise<User>;
  askedAt: number;
}

/** Orders still to claim after a phone sign-in whose claims failed (kept to try again). */
interface UnfinishedClaims {
  uid: string;
  /** The anonymous session's ID token, while its orders have not moved yet. */
  anonymousIdToken: string | null;
}

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

function toOrder(snapshot: DocumentSnapshot<DocumentData>): Order {
  return orderFromDocument(snapshot.id, snapshot.data() ?? {}, iso);
}

function toStoredReview(snapshot: DocumentSnapshot<DocumentData>): StoredReview {
  return reviewFromDocument(
    snapshot.id,
    snapshot.data({ serverTimestamps: 'estimate' }) ?? {},
    iso,
  );
}

/** The public list's reviews: listed (the rules' `public`, checked again) and displayable. */
function publicReviews(docs: DocumentSnapshot<DocumentData>[]): Review[] {
  return docs
    .map(toStoredReview)
    .filter((stored) => isListed(stored.state, stored.orderStatus))
    .map((stored) => stored.review)
    .filter(isDisplayableReview);
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

/** Firestore's codes, and the callable protocol's (which the functions answer with). */
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
  unavailable: 'errors:unavailable',
  'rate-limited': 'errors:rateLimited',
};

/** What a function put in its refusal (functions/src/platform/errors.ts FailureDetails). */
interface FunctionFailure {
  code?: ErrorCode;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  details?: Record<string, unknown>;
}

/** A message key the functions send ("errors:…", "validation:…"); anything else is the SDK's. */
const MESSAGE_KEY = /^[a-z]+:[A-Za-z0-9_.]+$/;

function fromFunction(error: FirebaseError & { details?: unknown }): DataError {
  const details = (error.details ?? {}) as FunctionFailure;
  const code =
    details.code ?? FIRESTORE_ERRORS[error.code.slice('functions/'.length)] ?? 'internal';
  const message = MESSAGE_KEY.test(error.message)
    ? error.message
    : (DEFAULT_MESSAGES[code] ?? code);
  return new DataError(code, message, {
    ...(details.fields ? { fields: details.fields } : {}),
    ...(typeof details.retryAfterSeconds === 'number'
      ? { retryAfterSeconds: details.retryAfterSeconds }
      : {}),
    ...(typeof details.details === 'object' && details.details !== null
      ? { details: details.details }
      : {}),
  });
}

/** Every SDK failure leaves the adapter as a DataError; the UI knows nothing about Firebase. */
export function toDataError(error: unknown): DataError {
  if (error instanceof DataError) return error;
  if (error instanceof RuleViolation) return dataErrorFrom(error);
  if (error instanceof FirebaseError) {
    if (error.code.startsWith('functions/')) return fromFunction(error);
    if (error.code.startsWith('auth/')) {
      const code = AUTH_ERRORS[error.code] ?? 'internal';
      return new DataError(code, AUTH_MESSAGES[code] ?? DEFAULT_MESSAGES[code] ?? code);
    }
    const code = FIRESTORE_ERRORS[error.code] ?? 'internal';
    return new DataError(code, DEFAULT_MESSAGES[code] ?? code);
  }
  return new DataError('internal', 'internal');
}

/** Firebase's answers to linking a number that another account has (with a credential for it). */
const NUMBER_TAKEN = [
  'auth/account-exists-with-different-credential',
  'auth/credential-already-in-use',
];

/**
 * Firebase Auth's phone sign-in failures (D13) as the refusals the self-hosted server gives for
 * the same, with the same message keys, so the screens need not know which backend sent the
 * code. `step` is asking for a code or typing it.
 */
export function phoneAuthError(error: unknown, step: 'request' | 'verify'): DataError {
  if (!(error instanceof FirebaseError) || !error.code.startsWith('auth/')) {
    return toDataError(error);
  }
  const refused = (code: DataError['code'], message: string, field?: 'phone' | 'code') =>
    new DataError(code, message, field ? { fields: { [field]: message } } : {});
  switch (error.code) {
    case 'auth/invalid-verification-code':
      return refused('invalid-argument', PHONE_MESSAGES.wrongCode, 'code');
    case 'auth/missing-verification-code':
      return refused('invalid-argument', VALIDATION_MESSAGES.codeRequired, 'code');
    // The code's time is over, or Firebase no longer knows the try it belonged to.
    case 'auth/code-expired':
    case 'auth/invalid-verification-id':
    case 'auth/missing-verification-id':
      return refused('failed-precondition', PHONE_MESSAGES.expired, 'code');
    // Firebase's own abuse limits: too many codes to the number or from this browser, or too
    // many wrong ones. It does not say when to try again.
    case 'auth/too-many-requests':
      return step === 'verify'
        ? refused('rate-limited', PHONE_MESSAGES.locked, 'code')
        : refused('rate-limited', PHONE_MESSAGES.tooManyCodes, 'phone');
    // The project's SMS quota for the day is spent: nobody gets a code, not only this customer.
    case 'auth/quota-exceeded':
      return refused('unavailable', PHONE_MESSAGES.busy);
    case 'auth/invalid-phone-number':
    case 'auth/missing-phone-number':
      return refused('invalid-argument', VALIDATION_MESSAGES.phoneInvalid, 'phone');
    case 'auth/credential-already-in-use':
    case 'auth/account-exists-with-different-credential':
      return refused('already-exists', PHONE_MESSAGES.numberTaken, 'code');
    // Phone sign-in off in the console, SMS to Egypt not allowed by the region policy, or the
    // reCAPTCHA refused: no code went out.
    case 'auth/operation-not-allowed':
    case 'auth/captcha-check-failed':
    case 'auth/invalid-app-credential':
    case 'auth/missing-app-credential':
      return refused('unavailable', PHONE_MESSAGES.notSent);
    default:
      return step === 'request' && error.code === 'auth/internal-error'
        ? refused('unavailable', PHONE_MESSAGES.notSent)
        : toDataError(error);
  }
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toDataError(error);
  }
}

const notFound = () => new DataError('not-found', 'errors:notFound');

/** A caller-named document id that cannot be one ('', a slash, '.' or '..') names nothing. */
function isDocumentId(id: unknown): id is string {
  return typeof id === 'string' && id !== '' && !id.includes('/') && id !== '.' && id !== '..';
}

type Call = (name: FunctionName, data: unknown) => Promise<unknown>;

/** One download of each SDK part, however many adapters ask for it at once. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

const loadFunctionsSdk = once(() => import('firebase/functions'));
const loadAppCheckSdk = once(() => import('firebase/app-check'));

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
  readonly payments: PaymentsPort;
  readonly desk: DeskPort;
  readonly capacity: CapacityPort;
  readonly dashboard: DashboardPort;
  readonly dispatch: DispatchPort;
  private readonly settings: FirebaseSettings;
  /** The desks watching now (D10): each hears the messages the follower finds changed. */
  private readonly deskListeners = new Set<(change: DeskChange) => void>();
  private readonly messageFollower = new MessageFollower({
    read: (orderId) => this.call<NotificationMessage[]>('orderNotifications', { orderId }),
    changed: (message) => {
      for (const listener of [...this.deskListeners]) listener({ type: 'notification', message });
    },
  });
  private callables: Promise<Call> | null = null;
  /** Phone sign-ins under way (D13), by the challenge id the screen holds. */
  private readonly phoneSignIns = new Map<string, PendingPhoneSignIn>();
  /** When a code was last sent to each number (ms), for the resend cooldown. */
  private readonly codesSent = new Map<string, number>();
  /** The invisible reCAPTCHA of the current try, and the element the adapter keeps it in. */
  private recaptchaVerifier: RecaptchaVerifier | null = null;
  private recaptchaElement: HTMLElement | null = null;
  private unfinishedClaims: UnfinishedClaims | null = null;
  /** The key of each looked-up number's live copy (D19), as trackOrder answered it. */
  private readonly liveKeys = new Map<string, string>();
  /**
   * The admin list's cursors: for each filter (without its page), the last document of each page
   * seen, so the next page starts after it instead of reading the pages before it again.
   */
  private readonly cursors = new Map<string, Map<number, DocumentSnapshot<DocumentData>>>();

  constructor(settings: FirebaseSettings, options: FirebaseDataPortOptions = {}) {
    const config = {
      apiKey: settings.apiKey,
      authDomain: settings.authDomain,
      projectId: settings.projectId,
      appId: settings.appId,
    };
    this.settings = settings;
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
    this.tracking = {
      get: (orderNumber) => guard(() => this.track(orderNumber)),
      watch: (orderNumber, listener, onLive) => this.watchTracking(orderNumber, listener, onLive),
    };
    this.reviews = this.createReviews();
    this.messages = this.createMessages();
    this.desk = this.createDesk();
    this.prices = this.createPrices();
    this.capacity = this.createCapacity();
    // The owner's dashboard (D25): a function, since it reads every order of the period.
    this.dashboard = {
      get: (range) => this.asAdmin<Dashboard>('adminDashboard', range),
    };
    this.payments = this.createPayments();
    this.dispatch = this.createDispatch();
  }

  /**
   * Dispatch (D28): every part is a function, since the fleet holds the team leaders' mobiles
   * and the holders are no browser's to read. The crew's calls need a phone session; the
   * function decides whether its number leads a crew.
   */
  private createDispatch(): DispatchPort {
    const signedIn = <T>(name: FunctionName, data: unknown) =>
      guard(async () => {
        await this.requireUser();
        return this.call<T>(name, data);
      });
    return {
      fleet: () => this.asAdmin<Fleet>('dispatchFleet', {}),
      saveFleet: (draft) => this.asAdmin<Fleet>('saveFleet', draft),
      board: (from, days) =>
        guard(async () => {
          if (!requestedDates(from, days)) {
            throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid);
          }
          return this.asAdmin<DispatchBoard>('dispatchBoard', { from, days });
        }),
      assign: (id, choice) => this.asAdmin<Order>('assignOrder', { id, choice }),
      crewJobs: () => signedIn<CrewJobs>('crewJobs', {}),
      crewTap: (id, tap) => signedIn<CrewJob>('crewTap', { id, tap }),
    };
  }

  /** An admin's call: refused here for anyone else, as the function would. */
  private asAdmin<T>(name: FunctionName, data: unknown): Promise<T> {
    return guard(async () => {
      await this.requireAdmin();
      return this.call<T>(name, data);
    });
  }

  /**
   * Prices as data (D11): the current version is a document every browser reads (none saved
   * yet: version 1); admins read the saved versions and save a new one through a function.
   */
  private createPrices(): PricesPort {
    return {
      catalog: () =>
        guard(async () => {
          const snapshot = await getDoc(doc(this.db, COLLECTIONS.catalog, CURRENT_ID));
          return catalogFromDocument(snapshot.data(), iso);
        }),
      save: (rates: CatalogRates) => this.asAdmin<PriceCatalog>('savePriceCatalog', rates),
      history: () =>
        guard(async () => {
          await this.requireAdmin();
          const snapshot = await getDocs(
            query(
              collection(this.db, COLLECTIONS.catalogVersions),
              orderBy('version', 'desc'),
              limit(CATALOG_HISTORY_LIMIT),
            ),
          );
          const saved: CatalogVersion[] = snapshot.docs.map((d) =>
            catalogVersionFromDocument(d.data(), iso),
          );
          return catalogHistory(saved, CATALOG_HISTORY_LIMIT);
        }),
    };
  }

  /**
   * Crews (D12): the plan is a document admins read; which windows are free and the calendar are
   * functions, since the counts behind them are no browser's to read (anyone learns only "free
   * or not" per window, as from the server).
   */
  private createCapacity(): CapacityPort {
    const datesChecked = (from: string, days: number) => {
      if (!requestedDates(from, days)) {
        throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid);
      }
      return { from, days };
    };
    return {
      availability: (from, days, move) =>
        guard(async () =>
          this.call<DayAvailability[]>('capacityAvailability', {
            ...datesChecked(from, days),
            // D28: the windows that could take the customer's move.
            ...(move ? { move } : {}),
          }),
        ),
      plan: () =>
        guard(async () => {
          await this.requireAdmin();
          const snapshot = await getDoc(doc(this.db, COLLECTIONS.capacity, CURRENT_ID));
          return planFromDocument(snapshot.data(), iso) satisfies CapacityPlan;
        }),
      save: (draft) => this.asAdmin<CapacityPlan>('saveCapacityPlan', draft),
      calendar: (from, days) =>
        guard(async () => {
          const range = datesChecked(from, days);
          return this.asAdmin<CalendarDay[]>('capacityCalendar', range);
        }),
    };
  }

  /** Online payments (D3): every step is a function; the gateway's callback is one too. */
  private createPayments(): PaymentsPort {
    const signedIn = <T>(name: FunctionName, data: unknown) =>
      guard(async () => {
        await this.requireUser();
        return this.call<T>(name, data);
      });
    return {
      options: () => guard(() => this.call<PaymentOptions>('paymentOptions', {})),
      start: (id, method, language) =>
        signedIn<PaymentStart>('startPayment', { id, method, language }),
      progress: (id) => signedIn<PaymentProgress>('paymentProgress', { id }),
      switchToCash: (id) => signedIn<Order>('switchToCash', { id }),
      history: (id) => signedIn<PaymentHistory>('paymentHistory', { id }),
      reverse: (id, attemptId, kind) =>
        signedIn<PaymentHistory>('reversePayment', { id, attemptId, kind }),
      refundQueue: () => signedIn<RefundQueueItem[]>('refundQueue', {}),
      manualRefund: (id, input) => signedIn<Order>('manualRefund', { id, ...input }),
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
    // The claim is in the signed token; the rules and the functions check the same token.
    const token = await user.getIdTokenResult();
    return {
      id: user.uid,
      email: user.email,
      phone: user.phoneNumber ?? null,
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

  /** The current user, signed in anonymously first when there is none (spec section 7). */
  private async sessionUser(): Promise<User> {
    return (await this.user()) ?? (await signInAnonymously(this.authInstance)).user;
  }

  private async requireAdmin(): Promise<User> {
    const user = await this.requireUser();
    const token = await user.getIdTokenResult();
    if (token.claims.admin !== true) {
      throw new DataError('permission-denied', 'errors:permissionDenied');
    }
    return user;
  }

  // --- the functions -------------------------------------------------------------------------

  /**
   * Calls a function. The functions SDK and App Check (reCAPTCHA Enterprise, which loads
   * Google's script) are fetched on the first call only: reading reviews on the home page never
   * pays for them.
   */
  private async call<T>(name: FunctionName, data: unknown): Promise<T> {
    this.callables ??= this.loadCallables().catch((error: unknown) => {
      this.callables = null; // a flaky network may load them on the next call
      throw error;
    });
    return (await (
      await this.callables
    )(name, data)) as T;
  }

  private async loadCallables(): Promise<Call> {
    const { appCheckSiteKey, functionsEmulatorHost, functionsRegion } = this.settings;
    const [functionsSdk, appCheckSdk] = await Promise.all([
      loadFunctionsSdk(),
      appCheckSiteKey ? loadAppCheckSdk() : Promise.resolve(null),
    ]);
    if (appCheckSdk && appCheckSiteKey) {
      appCheckSdk.initializeAppCheck(this.app, {
        provider: new appCheckSdk.ReCaptchaEnterpriseProvider(appCheckSiteKey),
        isTokenAutoRefreshEnabled: true,
      });
    }
    const functions = functionsSdk.getFunctions(this.app, functionsRegion);
    if (functionsEmulatorHost) {
      const [host, port] = functionsEmulatorHost.split(':');
      functionsSdk.connectFunctionsEmulator(functions, host!, Number(port));
    }
    return async (name, data) => (await functionsSdk.httpsCallable(functions, name)(data)).data;
  }

  // --- phone sign-in (D13) -----------------------------------------------------------------

  /**
   * A fresh invisible reCAPTCHA for each try, in the one element the adapter keeps for it: a
   * verifier is cleared once its try is over, and an invisible one leaves its widget behind in
   * the element, so both are cleared before the next. Google shows the reCAPTCHA badge there.
   */
  private freshRecaptcha(): RecaptchaVerifier {
    try {
      this.recaptchaVerifier?.clear();
    } catch {
      // Already cleared.
    }
    if (!this.recaptchaElement?.isConnected) {
      this.recaptchaElement = document.createElement('div');
      this.recaptchaElement.id = `phone-recaptcha-${this.app.name.replace(/[^\w-]/g, '')}`;
      document.body.append(this.recaptchaElement);
    }
    this.recaptchaElement.replaceChildren();
    this.recaptchaVerifier = new RecaptchaVerifier(this.authInstance, this.recaptchaElement, {
      size: 'invisible',
    });
    return this.recaptchaVerifier;
  }

  /**
   * Starts Firebase's phone sign-in for `phone` from the current session, as decidePhoneSignIn
   * decides (D13): an anonymous visitor, or an account without a number, links it (same uid, so
   * the visitor's orders stay theirs; if the number already has an account, confirming finds
   * out, see switchToNumberOwner); an account with another number takes this one instead; no
   * session, or an account proving its own number again, signs in (a new session).
   */
  private async startPhoneSignIn(
    session: User | null,
    phone: string,
  ): Promise<Omit<PendingPhoneSignIn, 'askedAt'>> {
    const verifier = this.freshRecaptcha();
    if (session && (session.isAnonymous || !session.phoneNumber)) {
      const result = await linkWithPhoneNumber(session, phone, verifier);
      return {
        phone,
        mode: 'link',
        from: session,
        confirm: async (code) => (await result.confirm(code)).user,
      };
    }
    if (session && session.phoneNumber !== phone) {
      const verificationId = await new PhoneAuthProvider(this.authInstance).verifyPhoneNumber(
        phone,
        verifier,
      );
      return {
        phone,
        mode: 'update',
        from: session,
        confirm: async (code) => {
          await updatePhoneNumber(session, PhoneAuthProvider.credential(verificationId, code));
          return session;
        },
      };
    }
    const result = await signInWithPhoneNumber(this.authInstance, phone, verifier);
    return {
      phone,
      mode: 'sign-in',
      from: session,
      confirm: async (code) => (await result.confirm(code)).user,
    };
  }

  private async requestPhoneCode(request: PhoneCodeRequestInput): Promise<PhoneChallenge> {
    const parsed = phoneCodeRequestSchema.safeParse(request);
    if (!parsed.success) throw invalid(parsed.error.issues);
    // Firebase Auth sends its codes by SMS only: it has no WhatsApp channel. A request for
    // WhatsApp (the server's first choice) gets an SMS, and the challenge says so.
    const { phone, language } = parsed.data;
    const now = Date.now();
    const wait = (this.codesSent.get(phone) ?? -Infinity) + PHONE_RESEND_SECONDS * 1000 - now;
    if (wait > 0) {
      throw new DataError('rate-limited', PHONE_MESSAGES.resendTooSoon, {
        fields: { phone: PHONE_MESSAGES.resendTooSoon },
        retryAfterSeconds: Math.ceil(wait / 1000),
      });
    }
    // The SMS (and the reCAPTCHA, if it shows a challenge) in the booking's or page's language.
    this.authInstance.languageCode = language;
    const session = await this.user();
    let started: Omit<PendingPhoneSignIn, 'askedAt'>;
    try {
      started = await this.startPhoneSignIn(session, phone);
    } catch (error) {
      throw phoneAuthError(error, 'request');
    }
    this.codesSent.set(phone, now);
    for (const [id, pending] of this.phoneSignIns) {
      if (now - pending.askedAt > PHONE_CHALLENGE_KEPT_MS) this.phoneSignIns.delete(id);
    }
    const challengeId = crypto.randomUUID().replaceAll('-', '');
    this.phoneSignIns.set(challengeId, { ...started, askedAt: now });
    return {
      challengeId,
      phone,
      channel: 'sms',
      expiresInSeconds: PHONE_CODE_LIFETIME_SECONDS,
      resendInSeconds: PHONE_RESEND_SECONDS,
    };
  }

  private async verifyPhoneCode(challengeId: string, code: string): Promise<CurrentUser> {
    const parsed = phoneCodeVerifySchema.safeParse({ challengeId, code });
    if (!parsed.success) throw invalid(parsed.error.issues);
    const id = parsed.data.challengeId;
    const pending = this.phoneSignIns.get(id);
    const expired = () =>
      new DataError('failed-precondition', PHONE_MESSAGES.expired, {
        fields: { code: PHONE_MESSAGES.expired },
      });
    // Unknown (another tab, a reload), or asked from a session that has ended since.
    if (!pending) throw expired();
    if (pending.from && this.authInstance.currentUser?.uid !== pending.from.uid) {
      this.phoneSignIns.delete(id);
      throw expired();
    }
    let user: User;
    let anonymousIdToken: string | null = null;
    try {
      user = await pending.confirm(parsed.data.code);
    } catch (error) {
      const owner = await this.switchToNumberOwner(pending, error).catch((failure: unknown) => {
        this.phoneSignIns.delete(id);
        throw failure instanceof DataError ? failure : phoneAuthError(failure, 'verify');
      });
      if (!owner) {
        const failure = phoneAuthError(error, 'verify');
        // A wrong code may be typed again (Firebase counts the tries); anything else is over.
        if (failure.message !== PHONE_MESSAGES.wrongCode) this.phoneSignIns.delete(id);
        throw failure;
      }
      ({ user, anonymousIdToken } = owner);
    }
    this.phoneSignIns.delete(id);
    // The token the functions read the proved number from (`phone_number`).
    await user.getIdToken(true);
    await this.claimOrders({ uid: user.uid, anonymousIdToken });
    return this.toCurrentUser(user);
  }

  /**
   * Confirming a link found the number already has an account: Firebase answers with a proof
   * that the code was right (auth/account-exists-with-different-credential, whose credential
   * signs in as that account; auth/credential-already-in-use in older answers).
   * decidePhoneSignIn says what that means: an account keeps its session and is told the number
   * is another's (numberTaken); an anonymous visitor switches to the number's account, and their
   * orders go with them. Their ID token, taken before leaving the session, is what proves to
   * claimAnonymousOrders that those orders were theirs. Null when the failure is another.
   */
  private async switchToNumberOwner(
    pending: PendingPhoneSignIn,
    error: unknown,
  ): Promise<{ user: User; anonymousIdToken: string | null } | null> {
    const session = pending.from;
    if (
      pending.mode !== 'link' ||
      !session ||
      !(error instanceof FirebaseError) ||
      !NUMBER_TAKEN.includes(error.code)
    ) {
      return null;
    }
    const decision = decidePhoneSignIn(
      { id: session.uid, anonymous: session.isAnonymous, phone: session.phoneNumber },
      // The number's account: which one, only Firebase knows; it is not the session's.
      { id: '', anonymous: false, phone: pending.phone },
      pending.phone,
    );
    const credential = PhoneAuthProvider.credentialFromError(error);
    if (decision.action !== 'switch' || !credential) return null;
    const anonymousIdToken = decision.moveOrdersFrom ? await session.getIdToken() : null;
    const { user } = await signInWithCredential(this.authInstance, credential);
    return { user, anonymousIdToken };
  }

  /**
   * After a phone sign-in: the anonymous session's orders (when the customer left one), then the
   * orders the office booked for the number. The sign-in stands if these fail on an outage or
   * a limit; they are tried again before the customer's orders are next read.
   */
  private async claimOrders(claims: UnfinishedClaims): Promise<void> {
    this.unfinishedClaims = claims;
    await this.finishClaims();
  }

  private async finishClaims(): Promise<void> {
    const claims = this.unfinishedClaims;
    if (!claims) return;
    if (this.authInstance.currentUser?.uid !== claims.uid) {
      this.unfinishedClaims = null;
      return;
    }
    try {
      if (claims.anonymousIdToken) {
        await this.call('claimAnonymousOrders', { idToken: claims.anonymousIdToken });
        claims.anonymousIdToken = null;
      }
      await this.call('claimPhoneOrders', {});
      this.unfinishedClaims = null;
    } catch (error) {
      // A refusal will be refused again; only an outage or a limit is worth another try.
      const { code } = toDataError(error);
      if (code !== 'unavailable' && code !== 'internal' && code !== 'rate-limited') {
        this.unfinishedClaims = null;
      }
    }
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
      signOut: () =>
        guard(async () => {
          this.unfinishedClaims = null;
          await signOut(auth);
        }),
      requestPhoneCode: (request) => guard(() => this.requestPhoneCode(request)),
      verifyPhoneCode: (challengeId, code) => guard(() => this.verifyPhoneCode(challengeId, code)),
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
    if (!isDocumentId(id)) throw notFound();
    const snapshot = await getDoc(doc(this.db, ORDERS, id));
    if (!snapshot.exists()) throw notFound();
    return toOrder(snapshot);
  }

  private async ownOrders(uid: string): Promise<Order[]> {
    const snapshot = await getDocs(
      query(collection(this.db, ORDERS), where('userId', '==', uid), orderBy('createdAt', 'desc')),
    );
    return snapshot.docs.map(toOrder);
  }

  private createOrders(): OrdersPort {
    return {
      create: (input: NewOrder) =>
        guard(async () => {
          await this.requireUser();
          // The schema's checks, for an immediate translated error; the price, the window and
          // its crews are the function's to check against the current catalog and plan.
          checkNewOrderInput(input);
          return this.call<Order>('placeOrder', input);
        }),

      mine: () =>
        guard(async () => {
          const user = await this.requireUser();
          await this.finishClaims();
          return this.ownOrders(user.uid);
        }),

      watchMine: (listener, onLive) => this.watchMine(listener, onLive),

      get: (id) =>
        guard(async () => {
          await this.requireUser();
          return this.readOrder(id);
        }),

      cancel: (id) =>
        guard(async () => {
          await this.requireUser();
          return this.call<Order>('cancelOrder', { id });
        }),

      list: (filter: OrderFilter = {}) =>
        guard(async () => {
          const user = await this.requireUser();
          const isAdmin = (await user.getIdTokenResult()).claims.admin === true;
          if (!isAdmin) {
            await this.finishClaims();
            return this.inBrowser(await this.ownOrders(user.uid), filter, false);
          }
          checkOrderFilter(filter);
          return this.adminList(filter);
        }),

      findByNumber: (orderNumber) =>
        guard(async () => {
          const user = await this.requireUser();
          const isAdmin = (await user.getIdTokenResult()).claims.admin === true;
          const wanted = normalizeTrackingInput(orderNumber);
          if (!wanted) return null;
          // One read: the number is unique (its tracking copy's id). Customers ask among their own.
          const snapshot = await getDocs(
            query(
              collection(this.db, ORDERS),
              where('orderNumber', '==', wanted),
              ...(isAdmin ? [] : [where('userId', '==', user.uid)]),
              limit(1),
            ),
          );
          const found = snapshot.docs[0];
          return found ? toOrder(found) : null;
        }),

      update: (id, update: OrderAdminUpdate) =>
        guard(async () => {
          await this.requireUser();
          return this.call<Order>('updateOrder', { id, update: update ?? {} });
        }),

      remove: (id) =>
        guard(async () => {
          await this.requireUser();
          await this.call('deleteOrder', { id });
          for (const pages of this.cursors.values()) pages.clear();
        }),

      goBack: (id, input) =>
        guard(async () => {
          await this.requireUser();
          return this.call<Order>('goBackOrder', { id, back: input ?? {} });
        }),

      reschedule: (id, input) =>
        guard(async () => {
          await this.requireUser();
          return this.call<Order>('rescheduleOrder', { id, reschedule: input ?? {} });
        }),
    };
  }

  private inBrowser(orders: Order[], filter: OrderFilter, admin: boolean): OrderPage {
    const { items, total, counts } = pageOrders(orders, filter, {
      admin,
      orderOf: (order) => order,
      newestFirst: (a, b) => b.createdAt.localeCompare(a.createdAt),
    });
    return { orders: items, total, counts };
  }

  private constraintsOf(plan: OrderQueryPlan): QueryConstraint[] {
    const constraints: QueryConstraint[] = plan.equalities.map(([field, value]) =>
      where(field, '==', value),
    );
    if (plan.token) constraints.push(where('searchTokens', 'array-contains', plan.token));
    if (plan.range?.from) constraints.push(where('moveAt', '>=', plan.range.from));
    if (plan.range?.to) constraints.push(where('moveAt', '<=', plan.range.to));
    if (plan.order) constraints.push(orderBy(plan.order.field, plan.order.direction));
    return constraints;
  }

  /** The admin list: one page read, counts from the counters or count() (admin-order-query.ts). */
  private async adminList(filter: OrderFilter): Promise<OrderPage> {
    const plan = planOrderList(filter);
    if (plan.kind === 'nothing') return { orders: [], total: 0, counts: emptyStatusCounts() };
    const orders = collection(this.db, ORDERS);
    if (plan.kind === 'customer') {
      const snapshot = await getDocs(
        query(orders, where(plan.field, '==', plan.value), limit(CUSTOMER_ORDERS_CAP)),
      );
      return this.inBrowser(snapshot.docs.map(toOrder), filter, true);
    }
    const { page, limit: size } = orderPaging(filter);
    const [counts, docs] = await Promise.all([
      this.statusCounts(plan.countsFromStats, query(orders, ...this.constraintsOf(plan.counts))),
      this.pageOf(query(orders, ...this.constraintsOf(plan.page)), plan.page, page, size),
    ]);
    return {
      orders: docs.map(toOrder),
      total: plan.status ? counts[plan.status] : ORDER_STATUSES.reduce((n, s) => n + counts[s], 0),
      counts,
    };
  }

  /** Orders per status: the counters document (one read), or one count() per status. */
  private async statusCounts(
    fromStats: boolean,
    base: Query,
  ): Promise<Record<OrderStatus, number>> {
    const counts = emptyStatusCounts();
    if (fromStats) {
      const stats = await getDoc(doc(this.db, STATS, ORDER_STATS_ID));
      const stored = (stats.data()?.counts ?? {}) as Partial<Record<OrderStatus, number>>;
      for (const status of ORDER_STATUSES) counts[status] = Number(stored[status] ?? 0) || 0;
      return counts;
    }
    await Promise.all(
      ORDER_STATUSES.map(async (status) => {
        const result = await getCountFromServer(query(base, where('status', '==', status)));
        counts[status] = result.data().count;
      }),
    );
    return counts;
  }

  /**
   * Page `page` of `pageQuery`: after the cursor of the page before it when this filter's earlier
   * pages were seen; otherwise the pages between the nearest known one and it are read once.
   */
  private async pageOf(
    pageQuery: Query,
    plan: OrderQueryPlan,
    page: number,
    size: number,
  ): Promise<DocumentSnapshot<DocumentData>[]> {
    const key = JSON.stringify([plan, size]);
    const known = this.cursors.get(key) ?? new Map<number, DocumentSnapshot<DocumentData>>();
    this.cursors.set(key, known);
    // known.get(p): the last document of page p.
    let from = 0;
    for (let p = page - 1; p >= 1; p -= 1) {
      if (known.has(p)) {
        from = p;
        break;
      }
    }
    const after = from > 0 ? [startAfter(known.get(from)!)] : [];
    if (from < page - 1) {
      // A jump past pages never seen (a shared link): read up to the page before, keep cursors.
      const skipped = await getDocs(query(pageQuery, ...after, limit((page - 1 - from) * size)));
      skipped.docs.forEach((snapshot, i) => {
        if ((i + 1) % size === 0) known.set(from + (i + 1) / size, snapshot);
      });
      if (skipped.docs.length < (page - 1 - from) * size) return [];
      return this.pageOf(pageQuery, plan, page, size);
    }
    const snapshot = await getDocs(query(pageQuery, ...after, limit(size)));
    const last = snapshot.docs.at(-1);
    if (last && snapshot.docs.length === size) known.set(page, last);
    return snapshot.docs;
  }

  // --- tracking ------------------------------------------------------------------------------

  private async track(orderNumber: string): Promise<PublicTracking> {
    const wanted = normalizeTrackingInput(orderNumber);
    if (!wanted) throw new DataError('invalid-argument', VALIDATION_MESSAGES.trackingRequired);
    await this.sessionUser();
    let answer: PublicTracking & { liveKey?: unknown };
    try {
      answer = await this.call<PublicTracking & { liveKey?: unknown }>('trackOrder', {
        orderNumber: wanted,
      });
    } catch (error) {
      const failure = toDataError(error);
      throw failure.code === 'not-found'
        ? new DataError('not-found', 'errors:orderNotFound')
        : failure;
    }
    // The key of its live copy (D19) stays here; the screens see the public view alone.
    const { liveKey, ...tracking } = answer;
    if (typeof liveKey === 'string' && isDocumentId(liveKey)) this.liveKeys.set(wanted, liveKey);
    return { ...tracking, moveWindow: tracking.moveWindow ?? null };
  }

  /**
   * One number's public view, live (D19): a listener on its live copy, whose key trackOrder
   * answers (once per number: a look-up before the watch has given it). Without a key (functions
   * from before live copies) or when the listener is refused, the view is asked for again every
   * LIVE_POLL_MS, and the watch is not live.
   */
  private watchTracking(
    orderNumber: string,
    listener: (tracking: PublicTracking | null) => void,
    onLive?: (live: boolean) => void,
  ): Unsubscribe {
    const wanted = normalizeTrackingInput(orderNumber);
    let active = true;
    let stop: Unsubscribe | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: string | undefined;
    const tell = (tracking: PublicTracking | null) => {
      if (!active) return;
      const seen = JSON.stringify(tracking);
      if (seen === last) return;
      last = seen;
      listener(tracking);
    };
    const end = () => {
      active = false;
      stop?.();
      if (timer !== undefined) clearTimeout(timer);
    };
    const poll = () => {
      this.track(wanted).then(tell, (error: unknown) => {
        if (!active) return;
        if (error instanceof DataError && error.code === 'not-found') {
          tell(null);
          end();
        }
      });
      timer = setTimeout(() => {
        if (active) poll();
      }, LIVE_POLL_MS);
    };
    const fallBack = () => {
      if (!active) return;
      stop?.();
      stop = null;
      onLive?.(false);
      if (timer === undefined) poll();
    };
    const listen = (key: string) => {
      stop = onSnapshot(
        doc(this.db, COLLECTIONS.liveTracking, key),
        { includeMetadataChanges: true },
        (snapshot) => {
          const data = snapshot.data();
          const fromServer = !snapshot.metadata.fromCache;
          if (data) {
            tell(trackingFromDocument(data, iso));
          } else if (fromServer) {
            // Deleted with its order. A cache that has not seen it yet (offline) says nothing.
            tell(null);
            end();
            return;
          }
          onLive?.(fromServer);
        },
        fallBack,
      );
    };
    const known = this.liveKeys.get(wanted);
    if (known) {
      listen(known);
    } else {
      this.track(wanted).then(
        (tracking) => {
          if (!active) return;
          tell(tracking);
          const key = this.liveKeys.get(wanted);
          if (key) listen(key);
          else fallBack();
        },
        (error: unknown) => {
          if (!active) return;
          if (error instanceof DataError && error.code === 'not-found') {
            tell(null);
            end();
          } else {
            fallBack();
          }
        },
      );
    }
    return end;
  }

  /**
   * The user's own orders, live (D19): one listener on the query "my orders" reads (the rules let
   * an owner list exactly those), after finishing a sign-in's claims.
   */
  private watchMine(
    listener: (orders: Order[]) => void,
    onLive?: (live: boolean) => void,
  ): Unsubscribe {
    let active = true;
    let stop: Unsubscribe | null = null;
    const down = () => {
      if (active) onLive?.(false);
    };
    this.requireUser()
      .then(async (user) => {
        await this.finishClaims();
        if (!active) return;
        stop = onSnapshot(
          query(
            collection(this.db, ORDERS),
            where('userId', '==', user.uid),
            orderBy('createdAt', 'desc'),
          ),
          { includeMetadataChanges: true },
          (snapshot) => {
            if (!active) return;
            listener(snapshot.docs.map(toOrder));
            onLive?.(!snapshot.metadata.fromCache);
          },
          down,
        );
      })
      .catch(down);
    return () => {
      active = false;
      stop?.();
    };
  }

  // --- reviews -------------------------------------------------------------------------------

  private publicReviewsQuery() {
    return query(
      collection(this.db, REVIEWS),
      where('public', '==', true),
      orderBy('createdAt', 'desc'),
      limit(REVIEWS_LIMIT),
    );
  }

  /** A stored review with its order, as the admins see it (admins read every order). */
  private async adminReviews(stored: StoredReview[]): Promise<AdminReview[]> {
    const ids = [...new Set(stored.flatMap((s) => (s.orderId === null ? [] : [s.orderId])))];
    const orders = new Map<string, Order>();
    await Promise.all(
      ids.map(async (id) => {
        const snapshot = await getDoc(doc(this.db, ORDERS, id));
        if (snapshot.exists()) orders.set(id, toOrder(snapshot));
      }),
    );
    return stored.map(({ review, state, orderId }) =>
      adminReview(review, state, (orderId === null ? undefined : orders.get(orderId)) ?? null),
    );
  }

  private createReviews(): ReviewsPort {
    return {
      list: () => guard(async () => publicReviews((await getDocs(this.publicReviewsQuery())).docs)),
      subscribe: (listener, onError) =>
        onSnapshot(
          this.publicReviewsQuery(),
          (snapshot) => listener(publicReviews(snapshot.docs)),
          (error) => onError?.(toDataError(error)),
        ),
      reviewable: () =>
        guard(async () => {
          const user = await this.requireUser();
          // The owner reads their orders; the review function marks an order it stored a
          // review of (`reviewId`), so no review needs reading here.
          const snapshot = await getDocs(
            query(collection(this.db, ORDERS), where('userId', '==', user.uid)),
          );
          const reviewed = new Set(
            snapshot.docs.filter((d) => typeof d.data().reviewId === 'string').map((d) => d.id),
          );
          return reviewableOrders(snapshot.docs.map(toOrder), { id: user.uid }, (id) =>
            reviewed.has(id),
          ) satisfies ReviewableOrder[];
        }),
      add: (input: NewReview) =>
        guard(async () => {
          await this.requireUser();
          const parsed = reviewSchema.safeParse(input);
          if (!parsed.success) throw invalid(parsed.error.issues);
          // The honeypot goes too: the function answers it like a success and stores nothing.
          return this.call<SubmittedReview>('addReview', parsed.data);
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
          return this.adminReviews(snapshot.docs.map(toStoredReview));
        }),
      setHidden: (id, hidden) =>
        guard(async () => {
          await this.requireUser();
          if (!isDocumentId(id)) throw notFound();
          return this.call<AdminReview>('moderateReview', { id, hidden });
        }),
      remove: (id) =>
        guard(async () => {
          await this.requireUser();
          if (!isDocumentId(id)) throw notFound();
          await this.call('deleteReview', { id });
        }),
      settings: () =>
        guard(async () => {
          await this.requireAdmin();
          const snapshot = await getDoc(doc(this.db, COLLECTIONS.settings, REVIEW_SETTINGS_ID));
          return reviewSettingsFrom(snapshot.data());
        }),
      saveSettings: (settings: ReviewSettings) =>
        this.asAdmin<ReviewSettings>('saveReviewSettings', settings),
    };
  }

  // --- messages ------------------------------------------------------------------------------

  private createMessages(): MessagesPort {
    return {
      add: (input) =>
        guard(async () => {
          const parsed = contactSchema.safeParse(input);
          if (!parsed.success) throw invalid(parsed.error.issues);
          // Anyone may write; the session (anonymous is enough) is what the limits count.
          await this.sessionUser();
          await this.call('sendMessage', parsed.data);
        }),
      list: (state = 'all') =>
        guard(async () => {
          await this.requireAdmin();
          if (!isMessageState(state)) {
            throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid, {
              fields: { state: VALIDATION_MESSAGES.invalid },
            });
          }
          // Handled or not: `handled` is written on every message since D20 (the backfill
          // script writes it on older ones), one composite index with createdAt.
          const constraints = [
            ...(state === 'all' ? [] : [where('handled', '==', state === 'handled')]),
            orderBy('createdAt', 'desc'),
            limit(MESSAGES_LIMIT),
          ];
          const snapshot = await getDocs(query(collection(this.db, MESSAGES), ...constraints));
          return snapshot.docs.map((snap): ContactMessage =>
            messageFromDocument(snap.id, snap.data({ serverTimestamps: 'estimate' }), iso),
          );
        }),
      unhandledCount: () =>
        guard(async () => {
          await this.requireAdmin();
          // Every message less the handled ones, so one from before D20 without the field
          // counts as not handled, as its upcaster reads it. Two count() queries: one read per
          // 1,000 messages counted each.
          const messages = collection(this.db, MESSAGES);
          const [all, handled] = await Promise.all([
            getCountFromServer(query(messages)),
            getCountFromServer(query(messages, where('handled', '==', true))),
          ]);
          return Math.max(0, all.data().count - handled.data().count);
        }),
      setHandled: (id, handled) =>
        guard(async () => {
          await this.requireUser();
          if (!isDocumentId(id)) {
            throw new DataError('not-found', CONTACT_MESSAGE_ERRORS.notFound);
          }
          return this.call<ContactMessage>('markMessageHandled', { id, handled });
        }),
    };
  }

  // --- the admin desk (D10) -------------------------------------------------------------------

  /**
   * The live desk: orders written anywhere reach the admin through a Firestore listener; the
   * messages sent about them through the functions (the outbox is no browser's to read), which
   * are asked again while they are on their way (desk-messages.ts).
   */
  private createDesk(): DeskPort {
    const follow = <T extends NotificationMessage | NotificationMessage[]>(
      orderId: string,
      result: T,
    ): T => {
      this.messageFollower.seen(orderId, Array.isArray(result) ? result : [result]);
      return result;
    };
    return {
      watch: (listener, onLive) => {
        const stopOrders = this.watchOrders(listener, onLive);
        const stopMessages = this.watchContactMessages(listener);
        return () => {
          stopOrders();
          stopMessages();
        };
      },
      newOrdersSince: (since) =>
        guard(async () => {
          await this.requireAdmin();
          const at = Date.parse(since);
          if (Number.isNaN(at)) {
            throw new DataError('invalid-argument', VALIDATION_MESSAGES.invalid);
          }
          // A count() query: one read per 1,000 orders counted, however many there are.
          const result = await getCountFromServer(
            query(collection(this.db, ORDERS), where('createdAt', '>', Timestamp.fromMillis(at))),
          );
          return result.data().count;
        }),
      notifications: (orderId) =>
        guard(async () => {
          await this.requireUser();
          if (!isDocumentId(orderId)) throw notFound();
          return follow(
            orderId,
            await this.call<NotificationMessage[]>('orderNotifications', { orderId }),
          );
        }),
      resend: (messageId) =>
        guard(async () => {
          await this.requireUser();
          const message = await this.call<NotificationMessage>('resendNotification', {
            id: messageId,
          });
          // A team message about no order (the weekly summary) has no order's desk to follow.
          return message.orderId === null ? message : follow(message.orderId, message);
        }),
      stopCustomerMessages: (orderId) =>
        guard(async () => {
          await this.requireUser();
          return follow(
            orderId,
            await this.call<NotificationMessage[]>('stopNotifications', { orderId }),
          );
        }),
    };
  }

  /**
   * Contact messages written since the desk started (D20): sent, or marked handled or not, each
   * a new `updatedAt`. One query listener, billed one read per message it hears; the first
   * snapshot is the starting point, not news. Messages from before D20 have no `updatedAt` and
   * are not heard until an admin marks one (the list loads them).
   */
  private watchContactMessages(listener: (change: DeskChange) => void): Unsubscribe {
    let active = true;
    let stop: Unsubscribe | null = null;
    const seen = new Map<string, number>();
    let started = false;
    this.requireAdmin().then(
      () => {
        if (!active) return;
        const since = Timestamp.fromMillis(Date.now() - DESK_CLOCK_MARGIN_MS);
        stop = onSnapshot(
          query(
            collection(this.db, MESSAGES),
            where('updatedAt', '>=', since),
            orderBy('updatedAt'),
          ),
          (snapshot) => {
            for (const document of snapshot.docs) {
              const data = document.data({ serverTimestamps: 'estimate' });
              const updated = Date.parse(iso(data.updatedAt));
              const before = seen.get(document.id);
              seen.set(document.id, updated);
              if (!started || before === updated) continue;
              listener({
                type: 'contactMessage',
                message: messageFromDocument(document.id, data, iso),
              });
            }
            if (!snapshot.metadata.fromCache) started = true;
          },
          () => {
            // The orders' listener says whether the desk is live; this one has nothing to add.
          },
        );
      },
      () => {},
    );
    return () => {
      active = false;
      stop?.();
    };
  }

  /**
   * Every order written since the desk started (its `updatedAt`), as one query listener: the
   * first snapshot is the starting point; after it, an order not seen before whose creation is
   * its last write was created, one whose `updatedAt` moved was changed, one that left the
   * result was deleted. While it listens, the messages of the orders the admin opened are
   * followed, and each change to one is heard too.
   */
  private watchOrders(
    listener: (change: DeskChange) => void,
    onLive?: (live: boolean) => void,
  ): Unsubscribe {
    let active = true;
    let stop: Unsubscribe | null = null;
    const known = new Map<string, { updated: number; orderNumber: string }>();
    let started = false;
    const millis = (value: unknown) => Date.parse(iso(value));
    const down = () => {
      if (active) onLive?.(false);
    };
    const following = () => this.messageFollower.watch(this.deskListeners.size > 0);
    this.requireAdmin().then(() => {
      if (!active) return;
      const since = Timestamp.fromMillis(Date.now() - DESK_CLOCK_MARGIN_MS);
      stop = onSnapshot(
        query(collection(this.db, ORDERS), where('updatedAt', '>=', since), orderBy('updatedAt')),
        { includeMetadataChanges: true },
        (snapshot) => {
          const present = new Set<string>();
          for (const document of snapshot.docs) {
            present.add(document.id);
            const data = document.data();
            const updated = millis(data.updatedAt);
            const before = known.get(document.id);
            known.set(document.id, { updated, orderNumber: String(data.orderNumber) });
            if (!started || before?.updated === updated) continue;
            const created = before === undefined && millis(data.createdAt) === updated;
            listener({
              type: 'order',
              change: orderChange(created ? 'created' : 'changed', toOrder(document)),
            });
            this.messageFollower.orderChanged(document.id);
          }
          for (const [orderId, { orderNumber }] of known) {
            if (present.has(orderId)) continue;
            known.delete(orderId);
            if (!started) continue;
            this.messageFollower.orderDeleted(orderId);
            listener({ type: 'order', change: { kind: 'deleted', orderId, orderNumber } });
          }
          // The starting point is the first answer from the server: what a cache held before it
          // (a desk opened offline) is not news when the server confirms it.
          if (!started && !snapshot.metadata.fromCache) {
            started = true;
            this.deskListeners.add(listener);
            following();
          }
          // With metadata changes, a lost connection is heard (from the cache) as is its return.
          onLive?.(!snapshot.metadata.fromCache);
        },
        down,
      );
    }, down);
    return () => {
      active = false;
      stop?.();
      this.deskListeners.delete(listener);
      following();
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
