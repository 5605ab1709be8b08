/**
 * The cancellation policy (docs/decisions.md D16): data in the price catalog, copied onto each
 * order when it is placed, so an order keeps the terms its customer was shown whatever the
 * company sets later. Cancelling is free until `freeHours` before the move's window starts; after
 * that the company keeps `lateFeePercent` of the total from an online payment; from `closedHours`
 * before the window the customer can neither cancel nor reschedule online and calls the office.
 * Every screen that offers a cancel or a reschedule, and every backend that decides one, reads
 * `cancellationTerms`.
 */
import { cairoInstant } from './datetime';
import type { PaymentStatus } from './status';
import { isMissing, storedNumber, storedObject } from './stored';

export interface CancellationPolicy {
  /** Hours before the window's start until which cancelling costs nothing (0: until the end). */
  freeHours: number;
  /** What the company keeps of an online payment after that, in percent of the total (0-100). */
  lateFeePercent: number;
  /** Hours before the window's start from which nothing is changed online (0: until it starts). */
  closedHours: number;
}

/** Bounds an admin may set (a week ahead at the most; a fee of the whole total at the most). */
export const POLICY_HOURS_MAX = 168;
export const POLICY_FEE_PERCENT_MAX = 100;

/** What a new catalog starts with, and catalog versions saved before the policy existed. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = Object.freeze({
  freeHours: 24,
  lateFeePercent: 10,
  closedHours: 2,
});

/**
 * The terms of an order placed before the policy existed: what its customer was told then
 * (cancel at no cost until the crew is on its way, D2). Reading such an order never adds a fee.
 */
export const TERMS_BEFORE_POLICY: CancellationPolicy = Object.freeze({
  freeHours: 0,
  lateFeePercent: 0,
  closedHours: 0,
});

const STORED = 'cancellation policy';

/**
 * A stored policy (in a catalog version or on an order), whichever version of this code wrote it:
 * missing altogether is `fallback` (the catalog's default, or an old order's terms); a field
 * missing takes the fallback's; a field of the wrong kind is broken data (`StoredDataError`).
 */
export function cancellationPolicyFromStored(
  stored: unknown,
  fallback: CancellationPolicy,
): CancellationPolicy {
  if (isMissing(stored)) return { ...fallback };
  const d = storedObject(stored, STORED, 'policy');
  return {
    freeHours: storedNumber(d.freeHours, fallback.freeHours, STORED, 'freeHours'),
    lateFeePercent: storedNumber(
      d.lateFeePercent,
      fallback.lateFeePercent,
      STORED,
      'lateFeePercent',
    ),
    closedHours: storedNumber(d.closedHours, fallback.closedHours, STORED, 'closedHours'),
  };
}

/**
 * Where an order stands against its policy at an instant:
 * - `free`: cancelling now costs nothing;
 * - `fee`: cancelling now costs the late fee (kept from an online payment);
 * - `closed`: the window is too near (or has begun): no cancel and no reschedule online.
 */
export type CancellationPhase = 'free' | 'fee' | 'closed';

export interface CancellationTerms {
  phase: CancellationPhase;
  /** When the move's window starts (ISO instant). */
  startsAt: string;
  /** Until when cancelling is free (ISO instant); `closesAt` when the fee never applies. */
  freeUntil: string;
  /** From when nothing is changed online (ISO instant). */
  closesAt: string;
  /** The fee after `freeUntil`, whole pounds (0: none). */
  lateFee: number;
  /** What cancelling now keeps of the payment, whole pounds: 0 unless paid online and late. */
  fee: number;
  /** What cancelling now gives back: what was paid, less `fee`; 0 for an order not paid. */
  refund: number;
}

export interface OrderUnderPolicy {
  moveDate: string;
  moveTime: string;
  /** The crew window it holds (capacity.ts's BookedWindow: its start is what counts here). */
  timeWindow: { id: string; start: string; end: string } | null;
  totalPrice: number;
  paymentStatus: PaymentStatus;
  /** The terms it was booked under; an order that carries none was booked before the policy. */
  cancellationPolicy?: CancellationPolicy;
}

const HOUR_MS = 3_600_000;

/** The late fee of `total` under `policy`: a percentage, rounded to whole pounds. */
export function lateFeeOf(total: number, policy: CancellationPolicy): number {
  const percent = Math.min(Math.max(policy.lateFeePercent, 0), POLICY_FEE_PERCENT_MAX);
  return Math.round((total * percent) / 100);
}

/**
 * The order's terms at `now`: its window's start (the booked window, or the move's time for an
 * order from before windows), the instants its policy counts back from it, and what a cancel now
 * would cost and give back. The order's status is not considered here (`canCustomerCancel` is).
 */
export function cancellationTerms(order: OrderUnderPolicy, now: Date): CancellationTerms {
  const start = order.timeWindow?.start ?? order.moveTime;
  // A stored order always has a readable date and time; the end of its day is a safe guess.
  const startsAt = cairoInstant(order.moveDate, start) ?? cairoInstant(order.moveDate, '23:59');
  const startMs = startsAt?.getTime() ?? now.getTime();
  const policy = order.cancellationPolicy ?? TERMS_BEFORE_POLICY;
  const closesAtMs = startMs - Math.max(policy.closedHours, 0) * HOUR_MS;
  const freeUntilMs = Math.min(startMs - Math.max(policy.freeHours, 0) * HOUR_MS, closesAtMs);
  const lateFee = policy.freeHours > 0 ? lateFeeOf(order.totalPrice, policy) : 0;
  const t = now.getTime();
  const phase: CancellationPhase =
    t >= closesAtMs ? 'closed' : t < freeUntilMs || lateFee === 0 ? 'free' : 'fee';
  const paid = order.paymentStatus === 'paid';
  const fee = phase === 'fee' && paid ? Math.min(lateFee, order.totalPrice) : 0;
  return {
    phase,
    startsAt: new Date(startMs).toISOString(),
    freeUntil: new Date(lateFee === 0 ? closesAtMs : freeUntilMs).toISOString(),
    closesAt: new Date(closesAtMs).toISOString(),
    lateFee,
    fee,
    refund: paid ? order.totalPrice - fee : 0,
  };
}
