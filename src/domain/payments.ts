/**
 * Online payments on a provider's own page (docs/decisions.md D3): what an attempt to pay is,
 * which states it goes through, what the customer and the admin see of it, and who may do what.
 * The server, the Cloud Functions and the screens share these; the provider's own protocol
 * (Paymob's intentions, callbacks and signatures) lives with the server (server/src/payments/).
 */
import { cairoToday } from './datetime';
import { RuleViolation } from './errors';
import type { Order, PaymentProviderName } from './order';
import {
  isOnlinePaymentMethod,
  type OnlinePaymentMethod,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from './status';

/** Gateways whose page the customer pays on; our pages never see a card (D3). */
export const HOSTED_PAYMENT_PROVIDERS = ['paymob'] as const;
export type HostedProviderName = (typeof HOSTED_PAYMENT_PROVIDERS)[number];

export function isHostedProvider(name: unknown): name is HostedProviderName {
  return typeof name === 'string' && (HOSTED_PAYMENT_PROVIDERS as readonly string[]).includes(name);
}

/** What a deployment offers on /payment, in the order the screen lists them. */
export interface PaymentOptions {
  /**
   * Who takes online payments: `paymob`, the `test` provider (D3: no money moves) or `none`
   * (online payment refused: the hosted build without a gateway).
   */
  provider: 'test' | 'none' | HostedProviderName;
  methods: PaymentMethod[];
  /** The gateway runs on its own test account (Paymob test keys): no real money moves. */
  testMode: boolean;
}

/**
 * One try to pay an order online: made when the customer is sent to the provider's page, then
 * moved on by the provider's signed callbacks (never by the browser coming back).
 * - `awaiting`: the customer is on the provider's page (or left it); nothing heard yet.
 * - `pending`: the provider says the payment is not final yet (a wallet awaiting approval).
 * - `paid`, `declined`: what the provider's callback said.
 * - `failed`: the provider could not be reached to start it; nobody was charged.
 * - `mismatch`: a signed callback disagreed with our order (amount or currency): not paid.
 * - `refunded`, `voided`: the money went back (an admin's refund or void, or the provider's).
 * - `expired`: its checkout closed and the provider, asked (D18), had no payment for it.
 * - `extra`: paid when the order no longer awaited a payment (another try had paid it): the
 *   payment is not the order's, and goes back automatically (D18; the history says how far).
 */
export const PAYMENT_ATTEMPT_STATES = [
  'awaiting',
  'pending',
  'paid',
  'declined',
  'failed',
  'mismatch',
  'refunded',
  'voided',
  'expired',
  'extra',
] as const;
export type PaymentAttemptState = (typeof PAYMENT_ATTEMPT_STATES)[number];
/**
 * As screens show it: an `awaiting` attempt past its provider's expiry is `expired` before the
 * provider has been asked about it (and stored `expired` once it has).
 */
export type ShownAttemptState = PaymentAttemptState;

export interface PaymentAttempt {
  id: string;
  orderId: string;
  provider: HostedProviderName;
  method: OnlinePaymentMethod;
  state: PaymentAttemptState;
  /** Piastres: the order's total as the provider was asked for it. */
  amountCents: number;
  currency: 'EGP';
  /** Ours, sent as the provider's merchant reference: `<order id>.<attempt number>`. */
  reference: string;
  /** The provider's order for this try (Paymob's intention order id). */
  providerOrderId: string | null;
  /** The transaction that decided the state (paid, declined, refunded...). */
  transactionId: string | null;
  /** A short reason: the provider's decline message or error code. Never card data. */
  detail: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the provider stops accepting it (ISO instant). */
  expiresAt: string | null;
  /**
   * When we last asked the provider about it (its transaction inquiry, D18); null: never. A
   * try nobody heard of for a while is asked about; asking is not a change (`updatedAt` stays).
   */
  checkedAt: string | null;
}

/** What happened to an order's payment, in order: the admin's payment history. */
export const PAYMENT_EVENT_KINDS = [
  'started',
  'startFailed',
  'pending',
  'paid',
  'declined',
  'mismatch',
  'refunded',
  'voided',
  'reverseFailed',
  'switchedToCash',
  // D18: a payment the order did not need (a second success on a try, or on an order another
  // payment already paid): flagged, never attached, and refunded automatically.
  'duplicatePaid',
  // D18: the checkout closed and the provider, asked, had no payment for the try.
  'expired',
] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

/**
 * Who made a payment-history entry: the customer, an admin, the provider (its signed callback,
 * or its answer when we asked), or this system on its own (an automatic refund, an expiry; D18).
 */
export const PAYMENT_EVENT_ACTORS = ['customer', 'admin', 'provider', 'system'] as const;
export type PaymentEventActor = (typeof PAYMENT_EVENT_ACTORS)[number];

export interface PaymentEvent {
  id: string;
  orderId: string;
  attemptId: string | null;
  kind: PaymentEventKind;
  actor: PaymentEventActor;
  transactionId: string | null;
  amountCents: number | null;
  detail: string | null;
  at: string;
}

/** An order's attempts (newest first) and its payment history (oldest first), for admins. */
export interface PaymentHistory {
  attempts: PaymentAttempt[];
  events: PaymentEvent[];
}

/** The customer's view of where an order's payment stands (the return page, "pay now"). */
export interface PaymentProgress {
  orderId: string;
  orderNumber: string;
  totalPrice: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  paymentProvider: PaymentProviderName;
  status: OrderStatus;
  /** The latest try, if any. */
  attempt: { id: string; method: OnlinePaymentMethod; state: ShownAttemptState; at: string } | null;
  canPay: boolean;
  canSwitchToCash: boolean;
}

/**
 * What the customer does after a provider started a payment: go to its page (`redirect`), or pay
 * a `reference` code (a kiosk's) before it expires.
 */
export type PaymentNext =
  { kind: 'redirect'; url: string } | { kind: 'reference'; code: string; expiresAt: string };

/** What the server answers when the customer starts paying: where to go, or what to pay. */
export type PaymentStart =
  | { attemptId: string; kind: 'redirect'; redirectUrl: string }
  | { attemptId: string; kind: 'reference'; code: string; expiresAt: string };

/** The answer to "start paying" for try `attemptId`, the provider having said `next`. */
export function paymentStartOf(attemptId: string, next: PaymentNext): PaymentStart {
  return next.kind === 'redirect'
    ? { attemptId, kind: 'redirect', redirectUrl: next.url }
    : { attemptId, kind: 'reference', code: next.code, expiresAt: next.expiresAt };
}

/** A paid attempt's money goes back with a refund (any time) or a void (the same day). */
export type PaymentReversal = 'refund' | 'void';

export const PAYMENT_MESSAGES = {
  notPayable: 'errors:payment.notPayable',
  tooManyAttempts: 'errors:payment.tooManyAttempts',
  providerUnavailable: 'errors:payment.providerUnavailable',
  notReversible: 'errors:payment.notReversible',
  reverseFailed: 'errors:payment.reverseFailed',
  gatewayDecides: 'errors:payment.gatewayDecides',
  refundQueue: 'errors:payment.refundQueue',
} as const;

/** Tries per order: each asks the provider for a new payment, so a script cannot ask forever. */
export const PAYMENT_ATTEMPTS_MAX = 10;

/** Whole pounds (the catalog's unit, D4) as the piastres providers count in. */
export function toPiastres(egp: number): number {
  return Math.round(egp * 100);
}

/** Our reference for the `n`th try to pay `orderId`: unique per try, as providers want it. */
export function merchantReference(orderId: string, n: number): string {
  return `${orderId}.${n}`;
}

/** The order a merchant reference names, or null when it is not one of ours. */
export function orderIdOfReference(reference: unknown): string | null {
  if (typeof reference !== 'string') return null;
  const match = /^([A-Za-z0-9_-]{1,100})\.([1-9][0-9]{0,3})$/.exec(reference);
  return match ? match[1]! : null;
}

type PayableOrder = Pick<Order, 'paymentMethod' | 'paymentStatus' | 'paymentProvider' | 'status'>;

/** The owner may (still) pay online: an online order, not paid, not cancelled, on a gateway. */
export function canPayOnline(order: PayableOrder): boolean {
  return (
    isOnlinePaymentMethod(order.paymentMethod) &&
    order.paymentStatus === 'pending' &&
    isHostedProvider(order.paymentProvider) &&
    order.status !== 'cancelled'
  );
}

/** The owner may choose cash instead: an online order not paid yet, before the move is done. */
export function canSwitchToCash(order: PayableOrder): boolean {
  return canPayOnline(order) && order.status !== 'delivered';
}

/** An attempt as screens show it at `now`. */
export function shownAttemptState(
  attempt: Pick<PaymentAttempt, 'state' | 'expiresAt'>,
  now: Date,
): ShownAttemptState {
  if (
    attempt.state === 'awaiting' &&
    attempt.expiresAt !== null &&
    Date.parse(attempt.expiresAt) <= now.getTime()
  ) {
    return 'expired';
  }
  return attempt.state;
}

/** The attempt that speaks for the order: the paid one if any, else the newest. */
export function currentAttempt<
  A extends Pick<PaymentAttempt, 'state' | 'createdAt'> &
    Partial<Pick<PaymentAttempt, 'reference'>>,
>(attempts: readonly A[]): A | null {
  // Tries made in the same millisecond are told apart by their number.
  const seq = (a: A) =>
    a.reference === undefined ? 0 : (attemptNumber({ reference: a.reference }) ?? 0);
  const newestFirst = [...attempts].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || seq(b) - seq(a),
  );
  return newestFirst.find((a) => a.state === 'paid') ?? newestFirst[0] ?? null;
}

/** The customer's view of an order's payment at `now`. */
export function paymentProgress(
  order: Pick<
    Order,
    | 'id'
    | 'orderNumber'
    | 'totalPrice'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'paymentProvider'
    | 'status'
  >,
  attempts: readonly PaymentAttempt[],
  now: Date,
): PaymentProgress {
  const attempt = currentAttempt(attempts);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    totalPrice: order.totalPrice,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    paymentProvider: order.paymentProvider,
    status: order.status,
    attempt: attempt
      ? {
          id: attempt.id,
          method: attempt.method,
          state: shownAttemptState(attempt, now),
          at: attempt.updatedAt,
        }
      : null,
    canPay: canPayOnline(order),
    canSwitchToCash: canSwitchToCash(order),
  };
}

/** A paid attempt can be refunded or voided through its provider. */
export function canReverse(attempt: Pick<PaymentAttempt, 'state' | 'transactionId'>): boolean {
  return attempt.state === 'paid' && attempt.transactionId !== null;
}

/**
 * A card payment can also be voided (cancelled before it is settled, no refund fees) on the Cairo
 * day it was made; after that, or for a wallet, only a refund gives the money back.
 */
export function canVoid(
  attempt: Pick<PaymentAttempt, 'state' | 'transactionId' | 'method' | 'updatedAt'>,
  now: Date,
): boolean {
  return (
    canReverse(attempt) &&
    attempt.method === 'card' &&
    cairoToday(new Date(attempt.updatedAt)) === cairoToday(now)
  );
}

/** The try's number (1, 2, ...) from its merchant reference. */
export function attemptNumber(attempt: Pick<PaymentAttempt, 'reference'>): number | null {
  const n = Number(attempt.reference.slice(attempt.reference.lastIndexOf('.') + 1));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * An admin sets the payment status of a cash order by hand (the crew collected it). An order paid
 * on a gateway's page is paid only by the gateway's signed callback and given back only by a
 * refund or void through the gateway, which the payment history records (D3).
 */
export function checkAdminPaymentStatus(
  order: Pick<Order, 'paymentProvider' | 'paymentStatus'>,
  paymentStatus: PaymentStatus | undefined,
): void {
  if (paymentStatus === undefined || paymentStatus === order.paymentStatus) return;
  // A refund is due only by a cancel and settled only on the refunds queue (D16), never by hand.
  if (paymentStatus === 'refund_due' || order.paymentStatus === 'refund_due') {
    throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.refundQueue, {
      paymentStatus: PAYMENT_MESSAGES.refundQueue,
    });
  }
  if (isHostedProvider(order.paymentProvider)) {
    throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.gatewayDecides, {
      paymentStatus: PAYMENT_MESSAGES.gatewayDecides,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Stored tries and history (docs/architecture.md, "Stored data ages well")

/** A try as any version stored it: fields added later may be missing. */
export type StoredPaymentAttempt = Omit<PaymentAttempt, 'checkedAt' | 'state'> & {
  state: string;
  checkedAt?: string | null;
};

/** A history entry as any version stored it. */
export type StoredPaymentEvent = Omit<PaymentEvent, 'kind' | 'actor'> & {
  kind: string;
  actor: string;
};

/**
 * A stored try, read back. `checkedAt` (D18) is missing on tries stored before it: never asked.
 * A state this code does not know (a newer version stored it) is kept as stored: it is not open,
 * so nothing moves it, and screens show its key.
 */
export function paymentAttemptFromStored(stored: StoredPaymentAttempt): PaymentAttempt {
  return {
    ...stored,
    state: stored.state as PaymentAttemptState,
    checkedAt: stored.checkedAt ?? null,
  };
}

/** A stored history entry, read back; a kind or actor this code does not know is kept. */
export function paymentEventFromStored(stored: StoredPaymentEvent): PaymentEvent {
  return {
    ...stored,
    kind: stored.kind as PaymentEventKind,
    actor: stored.actor as PaymentEventActor,
  };
}

// ---------------------------------------------------------------------------------------------
// Asking the provider about tries nobody heard of (D18)

/**
 * When tries with no word from the provider are asked about (its transaction inquiry, by our
 * merchant reference): `quietMs` after the last word (the start, a pending callback), then again
 * after as long as it has been quiet (doubling), at most every `maxEveryMs`, and once right after
 * its checkout closes, when an answer of "no payment" ends it `expired`. A try the provider calls
 * pending is asked about until `pendingGiveUpMs` after its checkout closed.
 */
export interface InquiryPolicy {
  quietMs: number;
  maxEveryMs: number;
  pendingGiveUpMs: number;
}

export const MINUTE = 60_000;

/** PAYMOB_RECONCILE_MINUTES' default: five minutes of silence, then ask. */
export const DEFAULT_RECONCILE_MINUTES = 5;

export function inquiryPolicy(quietMinutes: number = DEFAULT_RECONCILE_MINUTES): InquiryPolicy {
  return {
    quietMs: quietMinutes * MINUTE,
    maxEveryMs: 60 * MINUTE,
    pendingGiveUpMs: 24 * 60 * MINUTE,
  };
}

/** A try the provider may still decide: nothing or only "pending" heard of it yet. */
export function isUndecided(attempt: Pick<PaymentAttempt, 'state'>): boolean {
  return attempt.state === 'awaiting' || attempt.state === 'pending';
}

/**
 * When `attempt` is next to be asked about (ISO instant), or null when never again: it is
 * decided, was never started at the provider, or is past the last ask its policy allows.
 * Both backends store this beside the try (an index: `inquire_at`, the record's `dueAt`) and
 * ask about tries whose time has come, judged again here when they are loaded.
 */
export function nextInquiryAt(
  attempt: Pick<
    PaymentAttempt,
    'state' | 'providerOrderId' | 'updatedAt' | 'expiresAt' | 'checkedAt'
  >,
  policy: InquiryPolicy,
): string | null {
  if (!isUndecided(attempt) || attempt.providerOrderId === null) return null;
  const quietSince = Date.parse(attempt.updatedAt);
  const checked = attempt.checkedAt === null ? null : Date.parse(attempt.checkedAt);
  const closed = checkoutClosedAt(attempt);
  if (checked !== null && closed !== null) {
    const lastAsk = closed + (attempt.state === 'pending' ? policy.pendingGiveUpMs : 0);
    // Asked once its checkout had closed (plus, when pending, the day it is given): done.
    if (checked >= lastAsk) return null;
  }
  let at = quietSince + policy.quietMs;
  if (checked !== null) {
    const quiet = Math.max(checked - quietSince, policy.quietMs);
    at = Math.max(at, checked + Math.min(quiet, policy.maxEveryMs));
  }
  // Never later than just after the checkout closes: that answer ends an abandoned try.
  if (closed !== null && (checked === null || checked < closed)) {
    at = Math.min(at, Math.max(closed, quietSince + policy.quietMs));
  }
  return new Date(at).toISOString();
}

/**
 * When a try's checkout has surely closed (ms): a minute after the expiry we computed when it
 * started, since the provider counts its own from a moment later. Null: it never expires.
 */
export function checkoutClosedAt(attempt: Pick<PaymentAttempt, 'expiresAt'>): number | null {
  return attempt.expiresAt === null ? null : Date.parse(attempt.expiresAt) + MINUTE;
}

/** True when `attempt` is to be asked about at `now`. */
export function inquiryDue(
  attempt: Parameters<typeof nextInquiryAt>[0],
  policy: InquiryPolicy,
  now: Date,
): boolean {
  const at = nextInquiryAt(attempt, policy);
  return at !== null && Date.parse(at) <= now.getTime();
}

// ---------------------------------------------------------------------------------------------
// Payments the order did not need (D18)

/** Automatic refunds of an extra payment: tries before the admin is left to do it. */
export const AUTO_REFUND_TRIES = 5;

/** An extra payment as the history tells it: flagged, then refunded or still owed. */
export interface ExtraPayment {
  attemptId: string | null;
  transactionId: string;
  amountCents: number;
  flaggedAt: string;
  /** `due`: to refund; `refunded`: the money went back; `failed`: tried and given up. */
  state: 'due' | 'refunded' | 'failed';
  /** Automatic refunds tried and refused so far. */
  failures: number;
  /** When the last automatic refund was refused, if one was. */
  lastFailureAt: string | null;
}

/**
 * The order's extra payments, from its history: each `duplicatePaid` entry, refunded once a
 * `refunded` or `voided` entry names its transaction, given up after AUTO_REFUND_TRIES refused
 * automatic refunds (the admin refunds it in the provider's dashboard, whose callback then
 * records it).
 */
export function extraPayments(events: readonly PaymentEvent[]): ExtraPayment[] {
  return events
    .filter((e) => e.kind === 'duplicatePaid' && e.transactionId !== null)
    .map((flag) => {
      const id = flag.transactionId!;
      const returned = events.some(
        (e) => (e.kind === 'refunded' || e.kind === 'voided') && e.transactionId === id,
      );
      const failed = events.filter(
        (e) => e.kind === 'reverseFailed' && e.actor === 'system' && e.transactionId === id,
      );
      return {
        attemptId: flag.attemptId,
        transactionId: id,
        amountCents: flag.amountCents ?? 0,
        flaggedAt: flag.at,
        state: returned ? 'refunded' : failed.length >= AUTO_REFUND_TRIES ? 'failed' : 'due',
        failures: failed.length,
        lastFailureAt: failed.at(-1)?.at ?? null,
      };
    });
}

/**
 * When the next automatic refund of `extra` may be tried (ISO instant), or null when none is
 * owed: at once after it was flagged, then after each refusal a little later (1, 2, 4, 8
 * minutes: the provider may be down for a moment).
 */
export function autoRefundAt(extra: ExtraPayment): string | null {
  if (extra.state !== 'due') return null;
  if (extra.lastFailureAt === null) return extra.flaggedAt;
  return new Date(
    Date.parse(extra.lastFailureAt) + MINUTE * 2 ** Math.max(0, extra.failures - 1),
  ).toISOString();
}

/**
 * When anything about an order's payments is next due (the hosted build's `payments/{order}`
 * record carries it as `dueAt`, and its sweeper asks for records whose time has come): the
 * soonest inquiry of an undecided try or automatic refund of an extra payment; null: nothing.
 */
export function paymentWorkDueAt(
  record: { attempts: readonly PaymentAttempt[]; events: readonly PaymentEvent[] },
  policy: InquiryPolicy,
): string | null {
  const times = [
    ...record.attempts.map((a) => nextInquiryAt(a, policy)),
    ...extraPayments(record.events).map(autoRefundAt),
  ].filter((at): at is string => at !== null);
  return times.length === 0 ? null : times.reduce((a, b) => (a < b ? a : b));
}
