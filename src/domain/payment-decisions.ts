/**
 * Every payment use case decided once (docs/decisions.md D3): starting a try, what the provider
 * answered to it, a provider's signed transaction (its callback), cash instead, and an admin's
 * refund or void. Each is a pure function of the order, its tries and the input, returning the
 * change to store: the order's payment fields, a try to write or update, and the payment-history
 * entries. The server (one SQLite transaction), the hosted build's functions (one Firestore
 * transaction) and the memory adapter only load, call and store; an order change goes to the
 * outbox with the order (D10), as every order change does. A refusal is thrown (a RuleViolation)
 * or, for a callback, an `ignore` that changes nothing: money is never lost.
 */
import { RuleViolation } from './errors';
import { paymentMethodUnavailable, type Order } from './order';
import {
  attemptNumber,
  autoRefundAt,
  canPayOnline,
  checkoutClosedAt,
  extraPayments,
  canReverse,
  canSwitchToCash,
  merchantReference,
  PAYMENT_ATTEMPTS_MAX,
  PAYMENT_MESSAGES,
  toPiastres,
  type HostedProviderName,
  type PaymentAttempt,
  type PaymentAttemptState,
  type PaymentEvent,
  type PaymentEventKind,
  type PaymentOptions,
  type PaymentReversal,
} from './payments';
import { refundDone, refundDueOnPayment, type OrderRefund } from './refunds';
import { ONLINE_PAYMENT_METHODS } from './status';
import type { OnlinePaymentMethod, OrderStatus, PaymentMethod, PaymentStatus } from './status';

/**
 * The payment providers a deployment has on, as the rules see them: its gateways (a page or a
 * reference code), in the order the settings list them, and whether the test provider, which
 * approves a card with a token while the order is placed, is on. The server and the functions
 * describe their registry this way; the memory adapter its stand-in gateway.
 */
export interface ProvidersOn {
  gateways: readonly {
    name: HostedProviderName;
    methods: readonly OnlinePaymentMethod[];
    testMode: boolean;
  }[];
  token: boolean;
}

/** What /payment offers with the providers on (none: cash only). */
export function paymentOptionsFrom(on: ProvidersOn): PaymentOptions {
  const [first] = on.gateways;
  if (first) {
    return {
      provider: first.name,
      methods: [
        ...ONLINE_PAYMENT_METHODS.filter((m) => on.gateways.some((g) => g.methods.includes(m))),
        'cod',
      ],
      testMode: on.gateways.some((g) => g.testMode),
    };
  }
  if (on.token) return { provider: 'test', methods: ['card', 'cod'], testMode: true };
  return { provider: 'none', methods: ['cod'], testMode: false };
}

/**
 * How a new order paid with `method` online is paid (D3): on the first gateway that takes the
 * method, after the order exists (only its callback marks it paid), or with the test provider's
 * token while placing (checkPaymentToken then refuses what a token cannot pay). Throws when no
 * provider on takes the method; a gateway on for other methods refuses it, even beside the token.
 */
export type PaymentPlacement = { kind: 'hosted'; gateway: HostedProviderName } | { kind: 'token' };

export function paymentPlacement(on: ProvidersOn, method: OnlinePaymentMethod): PaymentPlacement {
  const gateway = on.gateways.find((g) => g.methods.includes(method));
  if (gateway) return { kind: 'hosted', gateway: gateway.name };
  if (on.gateways.length === 0 && on.token) return { kind: 'token' };
  throw paymentMethodUnavailable(method);
}

/** The order's payment fields a decision sets (the others stay). */
export interface OrderPaymentChange {
  paymentStatus: PaymentStatus;
  paymentMethod?: PaymentMethod;
  paymentProvider?: Order['paymentProvider'];
  /** The transaction that paid it (null: none). */
  paymentReference?: string | null;
  /** What it owes back and how it went back (D16). */
  refund?: OrderRefund | null;
}

/** What changes on an existing try (fields left undefined stay). */
export interface PaymentAttemptChange {
  state?: PaymentAttemptState;
  providerOrderId?: string;
  transactionId?: string | null;
  detail?: string | null;
  expiresAt?: string | null;
  /** When the provider was asked about it (D18); a change of this alone is not a change. */
  checkedAt?: string;
}

/** True when `change` only records that the provider was asked: the try's `updatedAt` stays. */
export function onlyChecked(change: PaymentAttemptChange): boolean {
  return (
    change.checkedAt !== undefined &&
    Object.entries(change).every(([key, value]) => key === 'checkedAt' || value === undefined)
  );
}

/** A payment-history entry to append; the backend gives it its id and time. */
export type PaymentEventDraft = Omit<PaymentEvent, 'id' | 'at'>;

/** What a decision changes, as every backend stores it. */
export interface PaymentChange {
  /** The order's payment fields (none when undefined). */
  order?: OrderPaymentChange;
  /** A new try to write. */
  newAttempt?: PaymentAttempt;
  /** An existing try's change. */
  attempt?: { id: string; change: PaymentAttemptChange };
  /** History entries, oldest first. */
  events: PaymentEventDraft[];
}

/** The order as payment decisions read it: with the transaction that paid it. */
export type PaymentOrder = Pick<
  Order,
  'id' | 'totalPrice' | 'paymentMethod' | 'paymentStatus' | 'paymentProvider' | 'status' | 'refund'
> & { paymentReference: string | null };

/** The order as a provider's transaction reads it: its status only to tell a cancelled one. */
export type TransactionOrder = Omit<PaymentOrder, 'status'> & { status?: OrderStatus };

// ---------------------------------------------------------------------------------------------
// Start a try

/** The gateway that takes `method`, as the start needs it (null: no gateway takes it). */
export interface StartingProvider {
  name: HostedProviderName;
  methods: readonly OnlinePaymentMethod[];
}

/**
 * The owner starts paying a pending online order: a new `awaiting` try for exactly the order's
 * server-computed total, under our next merchant reference. Throws when the method has no
 * gateway, the order cannot be paid online, or it was tried too often. `attemptId` is the id the
 * backend gives the new try.
 */
export function decideStart(input: {
  order: Pick<
    PaymentOrder,
    'id' | 'totalPrice' | 'paymentMethod' | 'paymentStatus' | 'paymentProvider' | 'status'
  >;
  attempts: readonly Pick<PaymentAttempt, 'reference'>[];
  provider: StartingProvider | null;
  method: OnlinePaymentMethod;
  attemptId: string;
  now: Date;
}): PaymentChange & { newAttempt: PaymentAttempt } {
  const { order, attempts, provider, method, attemptId } = input;
  if (!provider || !provider.methods.includes(method)) throw paymentMethodUnavailable(method);
  if (!canPayOnline(order)) throw notPayable();
  const seq = Math.max(0, ...attempts.map((a) => attemptNumber(a) ?? 0)) + 1;
  if (seq > PAYMENT_ATTEMPTS_MAX) {
    throw new RuleViolation('rate-limited', PAYMENT_MESSAGES.tooManyAttempts);
  }
  const at = input.now.toISOString();
  const attempt: PaymentAttempt = {
    id: attemptId,
    orderId: order.id,
    provider: provider.name,
    method,
    state: 'awaiting',
    amountCents: toPiastres(order.totalPrice),
    currency: 'EGP',
    reference: merchantReference(order.id, seq),
    providerOrderId: null,
    transactionId: null,
    detail: null,
    createdAt: at,
    updatedAt: at,
    expiresAt: null,
    checkedAt: null,
  };
  return {
    newAttempt: attempt,
    events: [
      {
        orderId: order.id,
        attemptId,
        kind: 'started',
        actor: 'customer',
        transactionId: null,
        amountCents: attempt.amountCents,
        detail: method,
      },
    ],
  };
}

/** What the provider answered when asked for the payment of a try. */
export type ProviderStartAnswer =
  | { ok: true; providerOrderId: string; expiresAt: string | null }
  /** Unreachable or refused: nobody was charged. */
  | { ok: false; detail: string };

/** The try as the provider's answer leaves it: started (its provider order), or failed. */
export function decideStartAnswer(
  attempt: Pick<PaymentAttempt, 'id' | 'orderId'>,
  answer: ProviderStartAnswer,
): PaymentChange {
  if (answer.ok) {
    return {
      attempt: {
        id: attempt.id,
        change: { providerOrderId: answer.providerOrderId, expiresAt: answer.expiresAt },
      },
      events: [],
    };
  }
  return {
    attempt: { id: attempt.id, change: { state: 'failed', detail: answer.detail } },
    events: [
      {
        orderId: attempt.orderId,
        attemptId: attempt.id,
        kind: 'startFailed',
        actor: 'provider',
        transactionId: null,
        amountCents: null,
        detail: answer.detail,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Cash instead

/** The owner pays cash on delivery instead (a try still open may yet pay it). */
export function decideSwitchToCash(
  order: Pick<
    PaymentOrder,
    'id' | 'paymentMethod' | 'paymentStatus' | 'paymentProvider' | 'status'
  >,
): PaymentChange {
  if (!canSwitchToCash(order)) throw notPayable();
  return {
    order: {
      paymentStatus: 'pending',
      paymentMethod: 'cod',
      paymentProvider: 'cash',
      paymentReference: null,
    },
    events: [
      {
        orderId: order.id,
        attemptId: null,
        kind: 'switchedToCash',
        actor: 'customer',
        transactionId: null,
        amountCents: null,
        detail: null,
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Refund or void

/** Throws unless `attempt` may be refunded or voided (a paid try with its transaction). */
export function checkReversible(
  attempt: Pick<PaymentAttempt, 'state' | 'transactionId'> | null,
): asserts attempt is Pick<PaymentAttempt, 'state'> & { transactionId: string } {
  if (!attempt || !canReverse(attempt)) {
    throw new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notReversible);
  }
}

/** What the provider answered to a refund or void. */
export type ReversalAnswer =
  { ok: true; transactionId: string | null } | { ok: false; detail: string };

/**
 * What a refund or void did, once the provider answered: refused, it is only recorded; done,
 * the try is refunded or voided (under the paid transaction's id, so that transaction's
 * callback saying "refunded" finds this record) and the order is refunded if that transaction
 * paid it. An admin's reverses the try's payment; this system's own (D18) reverses an extra
 * payment (`transaction`), which changes the try only if it is the try's own transaction, and
 * the order never. `recorded` says what the history holds already: the provider's callback
 * may have told the refund while we waited for its answer, and it is recorded once.
 */
export function decideReversal(input: {
  order: Pick<PaymentOrder, 'id' | 'paymentReference' | 'totalPrice' | 'refund'>;
  attempt: Pick<PaymentAttempt, 'id' | 'transactionId' | 'amountCents'>;
  kind: PaymentReversal;
  answer: ReversalAnswer;
  /** Who asked: an admin (the default), or this system refunding an extra payment. */
  actor?: 'admin' | 'system';
  /** The transaction reversed, when it is not the try's (an extra payment). */
  transaction?: { id: string; amountCents: number };
  recorded?: (kind: PaymentEventKind, transactionId: string) => boolean;
  /** What was given back, when less than the payment (a refund that keeps a fee, D16). */
  amountCents?: number;
  /** When (the order's refund records it); default now. */
  now?: Date;
}): PaymentChange {
  const { order, attempt, kind, answer } = input;
  const actor = input.actor ?? 'admin';
  const transactionId = input.transaction?.id ?? attempt.transactionId;
  const amountCents = input.amountCents ?? input.transaction?.amountCents ?? attempt.amountCents;
  if (!answer.ok) {
    return {
      events: [
        {
          orderId: order.id,
          attemptId: attempt.id,
          kind: 'reverseFailed',
          actor,
          transactionId,
          amountCents: null,
          detail: `${kind}: ${answer.detail}`,
        },
      ],
    };
  }
  const state = kind === 'void' ? 'voided' : 'refunded';
  const told =
    transactionId !== null &&
    input.recorded !== undefined &&
    (input.recorded('refunded', transactionId) || input.recorded('voided', transactionId));
  const own = transactionId !== null && transactionId === attempt.transactionId;
  return {
    ...(own
      ? {
          attempt: {
            id: attempt.id,
            change: {
              state,
              detail: answer.transactionId ? `${kind} ${answer.transactionId}` : kind,
            },
          },
        }
      : {}),
    events: told
      ? []
      : [
          {
            orderId: order.id,
            attemptId: attempt.id,
            kind: state,
            actor,
            transactionId,
            amountCents,
            detail: answer.transactionId,
          },
        ],
    ...(transactionId !== null && order.paymentReference === transactionId
      ? {
          order: {
            paymentStatus: 'refunded' as const,
            refund: refundDone(order, amountCents, input.now ?? new Date()),
          },
        }
      : {}),
  };
}

/**
 * The automatic refund of an extra payment (D18) that is due at `now`, for the order's tries
 * and history: the try it came on, the transaction and its amount; null when none is due (all
 * refunded, given up, or waiting a little after a refusal).
 */
export function dueAutoRefund(
  record: { attempts: readonly PaymentAttempt[]; events: readonly PaymentEvent[] },
  now: Date,
): { attempt: PaymentAttempt; transaction: { id: string; amountCents: number } } | null {
  for (const extra of extraPayments(record.events)) {
    const at = autoRefundAt(extra);
    if (at === null || Date.parse(at) > now.getTime()) continue;
    const attempt = record.attempts.find((a) => a.id === extra.attemptId);
    if (!attempt) continue;
    return { attempt, transaction: { id: extra.transactionId, amountCents: extra.amountCents } };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// A provider's transaction (its signed callback)

/**
 * A provider's transaction as its callback tells it, once the provider checked the signature.
 * Only the signed facts count: the transaction's id, its provider order, amount, currency and
 * flags. Our merchant reference comes back unsigned, so it only finds the try; the signed provider
 * order must then be that try's.
 */
export interface ProviderTransaction {
  transactionId: string;
  providerOrderId: string;
  /** Our merchant reference, as the provider echoes it (not covered by the signature). */
  reference: string | null;
  amountCents: number;
  currency: string;
  success: boolean;
  pending: boolean;
  errorOccurred: boolean;
  refunded: boolean;
  voided: boolean;
  /** A refund, void or capture of another transaction: it never pays anything. */
  child: boolean;
  /** The provider's short reason for a decline (its own words, for the admin). */
  message: string | null;
}

export type IgnoredReason =
  'unknown-reference' | 'reference-mismatch' | 'child-transaction' | 'duplicate' | 'late';

export type TransactionDecision =
  | { kind: 'ignore'; reason: IgnoredReason }
  | {
      kind: 'apply';
      /** The outcome recorded (the history entry's kind). */
      outcome: PaymentEventKind;
      /** The try's new state, if it changes. */
      attemptState?: PaymentAttemptState;
      change: PaymentChange;
    };

/** Tries a decline or a pending word may still move (never a paid, reversed or extra one). */
const OPEN_STATES: ReadonlySet<PaymentAttemptState> = new Set([
  'awaiting',
  'pending',
  'declined',
  'failed',
  'mismatch',
  'expired',
]);

/** States of a try whose own payment is (or was) its transaction: it keeps pointing at it. */
const HAD_PAYMENT: ReadonlySet<PaymentAttemptState> = new Set([
  'paid',
  'refunded',
  'voided',
  'extra',
]);

/**
 * The order a transaction's merchant reference names (null: not one of ours), and its try
 * among the order's: the only way a callback or an inquiry's answer finds its try, on every
 * backend (D18). The reference is not signed; the signed Paymob order must then be the try's.
 */
export function attemptOfReference<A extends Pick<PaymentAttempt, 'reference'>>(
  attempts: readonly A[],
  reference: string | null,
): A | null {
  if (reference === null) return null;
  return attempts.find((a) => a.reference === reference) ?? null;
}

/**
 * What a provider's verified transaction does to our records. Every outcome is recorded once
 * per transaction and kind (`recorded`), so a repeated or late callback changes nothing. A
 * success pays the order only while the order awaits a payment (`pending`) and the try has no
 * payment of its own; any other success is an extra payment (D18): flagged in the history
 * (`duplicatePaid`), never attached to the order or to a try that has its own, and refunded
 * automatically (dueAutoRefund, decideReversal).
 */
export function decideTransaction(
  transaction: ProviderTransaction,
  context: {
    /** The try our reference names, if it is one of ours. */
    attempt: PaymentAttempt | null;
    order: TransactionOrder | null;
    /** True when this kind of outcome is already recorded for this transaction. */
    recorded(kind: PaymentEventKind, transactionId: string): boolean;
    /** When it is decided (a refund it makes due records it); default now. */
    now?: Date;
  },
): TransactionDecision {
  const { attempt, order, recorded } = context;
  const now = context.now ?? new Date();
  if (!attempt || !order || attempt.orderId !== order.id) {
    return { kind: 'ignore', reason: 'unknown-reference' };
  }
  if (attempt.providerOrderId !== transaction.providerOrderId) {
    return { kind: 'ignore', reason: 'reference-mismatch' };
  }
  // A refund or void is recorded by whoever asked for it; one made in the provider's dashboard
  // is heard through its parent's callback (is_refunded / is_voided), below.
  if (transaction.child) return { kind: 'ignore', reason: 'child-transaction' };

  const id = transaction.transactionId;
  const apply = (
    outcome: PaymentEventKind,
    attemptState: PaymentAttemptState | undefined,
    detail: string | null,
    orderChange?: OrderPaymentChange,
  ): TransactionDecision => ({
    kind: 'apply',
    outcome,
    ...(attemptState ? { attemptState } : {}),
    change: {
      ...(orderChange ? { order: orderChange } : {}),
      ...(attemptState
        ? {
            attempt: { id: attempt.id, change: { state: attemptState, transactionId: id, detail } },
          }
        : {}),
      events: [
        {
          orderId: order.id,
          attemptId: attempt.id,
          kind: outcome,
          actor: 'provider',
          transactionId: id,
          amountCents: transaction.amountCents,
          detail,
        },
      ],
    },
  });
  const once = (kind: PaymentEventKind, decide: () => TransactionDecision): TransactionDecision =>
    recorded(kind, id) ? { kind: 'ignore', reason: 'duplicate' } : decide();
  const ifOpen = (state: PaymentAttemptState) =>
    OPEN_STATES.has(attempt.state) ? state : undefined;
  const ownPayment = HAD_PAYMENT.has(attempt.state) && attempt.transactionId !== null;

  if (transaction.refunded || transaction.voided) {
    const kind = transaction.voided ? 'voided' : 'refunded';
    if (recorded('refunded', id) || recorded('voided', id)) {
      return { kind: 'ignore', reason: 'duplicate' };
    }
    if (attempt.state === 'paid' && attempt.transactionId === id) {
      return apply(
        kind,
        kind,
        null,
        order.paymentReference === id
          ? { paymentStatus: 'refunded', refund: refundDone(order, transaction.amountCents, now) }
          : undefined,
      );
    }
    // An extra payment refunded (in the provider's dashboard, or our own refund's callback
    // arriving before its answer): recorded; the try moves only if the payment was its own.
    if (recorded('duplicatePaid', id)) {
      return apply(kind, attempt.transactionId === id ? kind : undefined, null);
    }
    return { kind: 'ignore', reason: 'late' };
  }

  const expected = toPiastres(order.totalPrice);
  if (
    transaction.amountCents !== attempt.amountCents ||
    transaction.amountCents !== expected ||
    transaction.currency !== attempt.currency
  ) {
    const detail = `${transaction.amountCents} ${transaction.currency}, expected ${expected} ${attempt.currency}`;
    return once('mismatch', () => apply('mismatch', ifOpen('mismatch'), detail));
  }

  if (transaction.success && !transaction.pending && !transaction.errorOccurred) {
    if (recorded('paid', id) || recorded('duplicatePaid', id)) {
      return { kind: 'ignore', reason: 'duplicate' };
    }
    // Money moved. It pays the order if the order awaits a payment, even if the customer chose
    // cash meanwhile (the order is then paid online). On an order already cancelled the money
    // is never kept silently: the order owes it back, on the refunds queue (D16).
    if (order.paymentStatus === 'pending' && !ownPayment) {
      const cancelled = order.status === 'cancelled';
      return apply('paid', 'paid', null, {
        paymentStatus: cancelled ? 'refund_due' : 'paid',
        paymentMethod: attempt.method,
        paymentProvider: attempt.provider,
        paymentReference: id,
        ...(cancelled ? { refund: refundDueOnPayment(order, now) } : {}),
      });
    }
    // Paid already (by another try, by this try's own payment, or in cash), or refunded: this
    // payment is extra. The order and a try with its own payment keep theirs; a try with none
    // is marked `extra`, pointing at it. Refunded automatically, told in the history.
    const why = ownPayment
      ? 'try already paid'
      : order.paymentStatus === 'paid'
        ? 'order already paid'
        : `order ${order.paymentStatus}`;
    return apply('duplicatePaid', ownPayment ? undefined : 'extra', why);
  }

  if (transaction.pending) {
    return once('pending', () => apply('pending', ifOpen('pending'), transaction.message));
  }
  return once('declined', () => apply('declined', ifOpen('declined'), transaction.message));
}

// ---------------------------------------------------------------------------------------------
// Asking the provider about a try nobody heard of (D18)

/** What the provider's transaction inquiry answered for a try's merchant reference. */
export type InquiryAnswer =
  /** Its last transaction for our reference (authenticated: no signature to check). */
  | { kind: 'transaction'; transaction: ProviderTransaction }
  /** It knows no transaction for our reference (nobody paid, or not yet). */
  | { kind: 'none' }
  /** Unreachable, too slow or refused: nothing is known, it is asked again later. */
  | { kind: 'failed'; detail: string };

export interface InquiryDecision {
  /**
   * `unchanged`: asked, nothing new (recorded as asked); `failed`: nothing known, nothing
   * changes; otherwise the outcome recorded, as a callback's would be.
   */
  outcome: PaymentEventKind | 'unchanged' | 'failed';
  /** What decideTransaction said when it changed nothing (a duplicate: the callback came). */
  ignored?: IgnoredReason;
  /** The change to store; null: none (the inquiry failed). */
  change: PaymentChange | null;
}

/**
 * What the provider's answer about `attempt` does: its transaction goes through the same
 * decision as a callback (decideTransaction), so a callback before or after it changes nothing
 * twice; "no transaction" after the checkout closed ends an abandoned try `expired`; every
 * answer records when the try was asked (`checkedAt`), and a failure changes nothing at all.
 * History entries the answer causes say it came by inquiry.
 */
export function decideInquiry(
  answer: InquiryAnswer,
  context: {
    attempt: PaymentAttempt;
    order: TransactionOrder;
    recorded(kind: PaymentEventKind, transactionId: string): boolean;
    now: Date;
  },
): InquiryDecision {
  const { attempt, order, now } = context;
  if (answer.kind === 'failed') return { outcome: 'failed', change: null };
  const checkedAt = now.toISOString();
  const checked: PaymentChange = { attempt: { id: attempt.id, change: { checkedAt } }, events: [] };

  if (answer.kind === 'none') {
    const closed = checkoutClosedAt(attempt);
    if (attempt.state !== 'awaiting' || closed === null || now.getTime() < closed) {
      return { outcome: 'unchanged', change: checked };
    }
    return {
      outcome: 'expired',
      change: {
        attempt: { id: attempt.id, change: { state: 'expired', checkedAt } },
        events: [
          {
            orderId: order.id,
            attemptId: attempt.id,
            kind: 'expired',
            actor: 'system',
            transactionId: null,
            amountCents: null,
            detail: INQUIRY_DETAIL,
          },
        ],
      },
    };
  }

  const decision = decideTransaction(answer.transaction, { ...context, attempt, order });
  if (decision.kind === 'ignore') {
    return { outcome: 'unchanged', ignored: decision.reason, change: checked };
  }
  const { change } = decision;
  return {
    outcome: decision.outcome,
    change: {
      ...change,
      attempt: {
        id: attempt.id,
        change: { ...(change.attempt?.change ?? {}), checkedAt },
      },
      events: change.events.map((event) => ({
        ...event,
        detail: event.detail === null ? INQUIRY_DETAIL : `${event.detail} (${INQUIRY_DETAIL})`,
      })),
    },
  };
}

/** How history entries the provider's inquiry caused are marked (the admin reads it). */
export const INQUIRY_DETAIL = 'inquiry';

// ---------------------------------------------------------------------------------------------
// Storing a change where tries and history are lists (the hosted build, the memory adapter)

/** An order's tries and payment history as lists. */
export interface PaymentLists {
  attempts: PaymentAttempt[];
  events: PaymentEvent[];
}

/** `lists` with `change` applied at `at`; `newId` names each history entry. */
export function applyPaymentChange(
  lists: PaymentLists,
  change: PaymentChange,
  at: string,
  newId: () => string,
): PaymentLists {
  const edit = change.attempt;
  const attempts = lists.attempts.map((a) =>
    edit && a.id === edit.id
      ? {
          ...a,
          ...definedOnly(edit.change),
          updatedAt: onlyChecked(edit.change) ? a.updatedAt : at,
        }
      : a,
  );
  if (change.newAttempt) attempts.push(change.newAttempt);
  return {
    attempts,
    events: [...lists.events, ...change.events.map((e) => ({ ...e, id: newId(), at }))],
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function notPayable(): RuleViolation {
  return new RuleViolation('failed-precondition', PAYMENT_MESSAGES.notPayable);
}
