/**
 * The crew in the field (docs/decisions.md D28): what a team leader's phone shows and what its
 * buttons do, decided once. A team leader is whoever signed in with the mobile number of an
 * active crew's leader (the same phone identity customers use, D13); they see the jobs assigned
 * to their crew today and tomorrow, and move each one along the field statuses. Each tap carries
 * an id made on the phone, so a tap sent again (the network dropped the answer, the phone's queue
 * retried it after being offline) changes nothing the second time.
 */
import { z } from 'zod';
import type { Assignment } from './dispatch';
import { lastDateOf } from './dispatch';
import { RuleViolation } from './errors';
import type { Crew } from './fleet';
import type { Order } from './order';
import { decided, type OrderChangeDecision, type OrderStatusChange } from './order-changes';
import { object } from './schema-fields';
import {
  FIELD_STATUSES,
  isStatusMove,
  nextStatuses,
  ORDER_STATUSES,
  type FieldStatus,
} from './status';
import { VALIDATION_MESSAGES as M } from './validation-messages';

/** The largest drawn signature and delivery photo a phone may send (data URLs, bytes of text). */
export const SIGNATURE_MAX_CHARS = 200_000;
export const PHOTO_MAX_CHARS = 700_000;
export const RECEIVED_BY_MAX = 80;

export const FIELD_MESSAGES = {
  notYourJob: 'errors:field.notYourJob',
  notCrew: 'errors:field.notCrew',
  alreadyPast: 'errors:field.alreadyPast',
  notNext: 'errors:field.notNext',
  proofNeeded: 'errors:field.proofNeeded',
  cashNeeded: 'errors:field.cashNeeded',
  receivedBy: M.fieldReceivedBy,
  signature: M.fieldSignature,
  photo: M.fieldPhoto,
  cash: M.fieldCash,
} as const;

/** Proof of delivery: who received the furniture, and their signature drawn on the phone or a photo. */
export interface DeliveryProof {
  receivedBy: string;
  /** `data:image/png;base64,…` */
  signature: string | null;
  /** `data:image/jpeg;base64,…` */
  photo: string | null;
}

/** One tap of a field button. */
export interface CrewTap {
  /** Made on the phone (8–64 letters, digits, dashes): the same tap sent twice is one. */
  tapId: string;
  status: FieldStatus;
  /** When it was tapped, by the phone's clock (ISO 8601): kept for the office, never trusted for order. */
  tappedAt: string;
  /** With `delivered` only. */
  proof?: DeliveryProof;
  /** Cash the crew took at delivery (EGP), for an order paid on delivery. */
  cashCollected?: number;
}

const dataUrl = (prefix: RegExp, max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, { error: message })
    .regex(prefix, { error: message })
    .nullable()
    .default(null);

export const deliveryProofSchema = object({
  receivedBy: z
    .string({ error: FIELD_MESSAGES.receivedBy })
    .trim()
    .min(2, { error: FIELD_MESSAGES.receivedBy })
    .max(RECEIVED_BY_MAX, { error: FIELD_MESSAGES.receivedBy }),
  signature: dataUrl(
    /^data:image\/png;base64,[A-Za-z0-9+/=]+$/,
    SIGNATURE_MAX_CHARS,
    FIELD_MESSAGES.signature,
  ),
  photo: dataUrl(
    /^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/,
    PHOTO_MAX_CHARS,
    FIELD_MESSAGES.photo,
  ),
}).refine((proof) => proof.signature !== null || proof.photo !== null, {
  error: FIELD_MESSAGES.signature,
  path: ['signature'],
});

export const crewTapSchema: z.ZodType<CrewTap> = object({
  tapId: z.string({ error: M.invalid }).regex(/^[A-Za-z0-9-]{8,64}$/, { error: M.invalid }),
  status: z.enum(FIELD_STATUSES, { error: M.invalid }),
  tappedAt: z.string({ error: M.invalid }).datetime({ error: M.invalid, offset: true }),
  proof: deliveryProofSchema.optional(),
  cashCollected: z
    .number({ error: FIELD_MESSAGES.cash })
    .int({ error: FIELD_MESSAGES.cash })
    .min(0, { error: FIELD_MESSAGES.cash })
    .max(1_000_000, { error: FIELD_MESSAGES.cash })
    .optional(),
}) as z.ZodType<CrewTap>;

/** What a delivery leaves with the order: its proof and the cash taken, by whom and when. */
export interface DeliveryRecord {
  orderId: string;
  crewId: string;
  receivedBy: string;
  signature: string | null;
  photo: string | null;
  cashCollected: number | null;
  tappedAt: string;
  at: string;
}

/** What the field decision reads of an order; each backend passes its whole order. */
export type FieldOrder = Pick<
  Order,
  'id' | 'status' | 'statusHistory' | 'paymentMethod' | 'paymentStatus' | 'totalPrice'
> & { assignment?: Assignment | null };

export interface FieldDecision<O extends FieldOrder> {
  /** The tap was taken before (its id is in the history): nothing to store, answer as now. */
  repeated: boolean;
  decision: OrderChangeDecision<O> | null;
  /** With a delivery: what to store beside the order. */
  delivery: DeliveryRecord | null;
}

/** Cash the customer still owes the crew at delivery: the total of an unpaid cash order, else null. */
export function cashToCollect(
  order: Pick<Order, 'paymentMethod' | 'paymentStatus' | 'totalPrice'>,
) {
  return order.paymentMethod === 'cod' && order.paymentStatus === 'pending'
    ? order.totalPrice
    : null;
}

const statusIndex = (status: string) => (ORDER_STATUSES as readonly string[]).indexOf(status);

/**
 * A team leader's tap on a job (D28). Refused when the job is not their crew's
 * (`permission-denied`, as if it did not exist to them: `not-found`), when the order is already
 * at or past that step (`alreadyPast`, with the order's status: the phone drops the tap and shows
 * where the order is), or when it is not the next step (`notNext`). A delivery needs its proof,
 * and on an order paid on delivery the cash taken; cash of the whole total marks it paid in cash.
 */
export function decideCrewStatus<O extends FieldOrder>(
  order: O,
  crew: Pick<Crew, 'id'>,
  tap: CrewTap,
  now: Date,
): FieldDecision<O> {
  if (order.assignment?.crewId !== crew.id) {
    throw new RuleViolation('not-found', FIELD_MESSAGES.notYourJob);
  }
  if (order.statusHistory.some((entry) => entry.tap === tap.tapId)) {
    return { repeated: true, decision: null, delivery: null };
  }
  if (!isStatusMove(order.status, tap.status, 'crew')) {
    const past =
      order.status === 'cancelled' ||
      order.status === tap.status ||
      statusIndex(order.status) > statusIndex(tap.status);
    throw new RuleViolation(
      'failed-precondition',
      past ? FIELD_MESSAGES.alreadyPast : FIELD_MESSAGES.notNext,
      { status: past ? FIELD_MESSAGES.alreadyPast : FIELD_MESSAGES.notNext },
      { status: order.status },
    );
  }
  const at = now.toISOString();
  // The history entry keeps the tap's id: the same tap sent again is recognised.
  const change: OrderStatusChange = { status: tap.status, actor: 'crew', note: { tap: tap.tapId } };
  let delivery: DeliveryRecord | null = null;
  if (tap.status === 'delivered') {
    if (!tap.proof) {
      throw new RuleViolation('invalid-argument', FIELD_MESSAGES.proofNeeded, {
        proof: FIELD_MESSAGES.proofNeeded,
      });
    }
    const due = cashToCollect(order);
    if (due !== null && tap.cashCollected === undefined) {
      throw new RuleViolation('invalid-argument', FIELD_MESSAGES.cashNeeded, {
        cashCollected: FIELD_MESSAGES.cashNeeded,
      });
    }
    const cash = due === null ? null : (tap.cashCollected ?? null);
    if (due !== null && cash !== null && cash >= due) change.paymentStatus = 'paid';
    delivery = {
      orderId: order.id,
      crewId: crew.id,
      receivedBy: tap.proof.receivedBy,
      signature: tap.proof.signature,
      photo: tap.proof.photo,
      cashCollected: cash,
      tappedAt: tap.tappedAt,
      at,
    };
  }
  return { repeated: false, decision: decided(order, change, at), delivery };
}

/** A job as the team leader's phone shows it. */
export interface CrewJob {
  orderId: string;
  orderNumber: string;
  status: string;
  /** The first window it holds, and the last date its windows reach (a long move spans days). */
  date: string;
  start: string;
  end: string;
  lastDate: string;
  hours: number;
  customerName: string;
  /** The customer's mobile, for the call and WhatsApp buttons (the crew's own is never shown to customers). */
  customerPhone: string;
  moveType: string;
  workers: number;
  pickup: { address: string; governorateId: string; districtId: string; floor: number };
  dropoff: { address: string; governorateId: string; districtId: string; floor: number };
  notes: string;
  totalPrice: number;
  /** Cash to take at delivery (EGP), or null when nothing is to be collected. */
  collectCash: number | null;
  /** The field buttons the job offers now, in order. */
  next: FieldStatus[];
  truckId: string | null;
}

export interface CrewJobs {
  crew: Pick<Crew, 'id' | 'name' | 'leaderName'>;
  /** Cairo dates: the list holds the jobs whose windows touch these. */
  dates: string[];
  jobs: CrewJob[];
}

/** The statuses a job shows buttons for. */
export function fieldNext(status: string): FieldStatus[] {
  return nextStatuses(status, 'crew').filter((s): s is FieldStatus =>
    (FIELD_STATUSES as readonly string[]).includes(s),
  );
}

/**
 * The team leader's list (D28): the crew's jobs whose windows touch `dates` (today and tomorrow),
 * not cancelled, in the order of their first window; the plan's window hours come with each.
 */
export function crewJobsOf(
  crew: Crew,
  orders: readonly (Order & { assignment?: Assignment | null })[],
  dates: readonly string[],
  windowHours: (windowId: string) => { start: string; end: string } | undefined,
): CrewJobs {
  const jobs = orders
    .filter((o) => o.assignment?.crewId === crew.id && o.status !== 'cancelled')
    .filter((o) => o.assignment!.slots.some((slot) => dates.includes(slot.date)))
    .map((o): CrewJob => {
      const a = o.assignment!;
      const first = a.slots[0]!;
      const hours = windowHours(first.windowId) ??
        o.timeWindow ?? { start: o.moveTime, end: o.moveTime };
      return {
        orderId: o.id,
        orderNumber: o.orderNumber,
        status: o.status,
        date: first.date,
        start: hours.start,
        end: hours.end,
        lastDate: lastDateOf(a.slots),
        hours: a.hours,
        customerName: o.fullName,
        customerPhone: o.phoneNumber,
        moveType: o.moveType,
        workers: o.workers,
        pickup: {
          address: o.pickupAddress,
          governorateId: o.governorateId,
          districtId: o.districtId,
          floor: o.pickupFloor,
        },
        dropoff: {
          address: o.dropoffAddress,
          governorateId: o.dropoffGovernorateId,
          districtId: o.dropoffDistrictId,
          floor: o.dropoffFloor,
        },
        notes: o.notes,
        totalPrice: o.totalPrice,
        collectCash: cashToCollect(o),
        next: fieldNext(o.status),
        truckId: a.truckId,
      };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  return {
    crew: { id: crew.id, name: crew.name, leaderName: crew.leaderName },
    dates: [...dates],
    jobs,
  };
}

/** Refuses a phone session that is no active crew's team leader. */
export function notCrew(): RuleViolation {
  return new RuleViolation('permission-denied', FIELD_MESSAGES.notCrew);
}
