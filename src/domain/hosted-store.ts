/**
 * How the hosted build (docs/decisions.md D1) lays its data out in Firestore: the collections, the
 * fields the admin list queries, and the derived fields that make those queries possible. Shared
 * by the Cloud Functions (functions/, which write every document) and the Firebase adapter (which
 * reads them), so both name a field once. Pure TypeScript: no Firebase import here.
 */
import { draftFromStored, FIRST_CAPACITY_PLAN, type CapacityPlan } from './capacity';
import { contactMessageOf, type ContactMessage } from './contact-message';
import type { Assignment, SlotHolder } from './dispatch';
import { fleetFromStored, fleetOfPlan, type Fleet } from './fleet';
import {
  moveWindowFromStored,
  orderFromStored,
  paymentProviderOf,
  statusChangeFromStored,
  toPublicTracking,
} from './order';
import type { OrderSearch } from './order-query';
import { normalizeSearchText, SEARCH_TEXT_VERSION } from './search-text';
import type {
  Order,
  PaymentProviderName,
  PublicTracking,
  StatusChange,
  StoredOrder,
  StoredStatusChange,
} from './order';
import { catalogFromRates, FIRST_CATALOG_RATES, ratesFromStored, ratesOf } from './pricing';
import { isListed, reviewStateOf, type NewReviewRecord } from './review-rules';
import type { Review, ReviewState } from './reviews';
import type { CatalogVersion, MoveType, PriceCatalog } from './pricing';
import type { OrderStatus, PaymentMethod, PaymentStatus } from './status';

export const COLLECTIONS = {
  /** Full orders: owner and admins read them; only the functions write them. */
  orders: 'orders',
  /** The public projection of each order, id = order number; read by the trackOrder function. */
  tracking: 'tracking',
  /**
   * Reviews (D14), id = the reviewed order's id (one per order): everyone reads the public ones
   * (`public`: published, and the order delivered), admins all. Only the functions write them.
   */
  reviews: 'reviews',
  /** The team's settings, one document per key (`reviews`, D14): admins read them. */
  settings: 'settings',
  /** Contact messages: admins read them. */
  messages: 'messages',
  /** Per-day order-number counters (D6), id = Cairo date YYYYMMDD. */
  orderNumberDays: 'orderNumberDays',
  /** Sliding-window limits (D8), one document per limited subject; nobody reads them but the functions. */
  quotas: 'quotas',
  /** One document per admin (id = uid): a removed admin loses access at once (the claim alone lasts an hour). */
  admins: 'admins',
  /** Counters kept in the same transaction as every order write (the admin list's status tabs). */
  stats: 'stats',
  /**
   * One document per order (id = order id): its tries to pay on a gateway's page and its payment
   * history (D3). Only the functions read and write them; browsers ask a function.
   */
  payments: 'payments',
  /**
   * The notification outbox (D10): one document per message, written in the transaction of the
   * order change that caused it, sent by the functions. No browser reads or writes it.
   */
  outbox: 'outbox',
  /** What happened to an order that caused the outbox's messages (one per event). No browser. */
  outboxEvents: 'outboxEvents',
  /**
   * The current price catalog version (D11): one document, `current`. Every price screen reads
   * it, signed in or not; only the savePriceCatalog function writes it. Missing: version 1.
   */
  catalog: 'catalog',
  /** Every saved catalog version (id = its number), with who saved it: admins read them. */
  catalogVersions: 'catalogVersions',
  /** The current crews plan (D12): one document, `current`; admins read it. Missing: the first plan. */
  capacity: 'capacity',
  /** Every saved crews plan (id = its number), with who saved it: the functions' record only. */
  capacityPlans: 'capacityPlans',
  /**
   * The crews each window of a date has given away (id = the date, YYYY-MM-DD): one counter per
   * window, changed in the transaction of every order write that takes or frees a crew. Only the
   * functions read them (the public learns "free or not" from capacityAvailability).
   */
  crewBookings: 'crewBookings',
  /**
   * The live public copy of each order (D19), id = the order's live key: a random key kept in
   * its tracking document (`liveKey`, no browser reads it) and answered by trackOrder with the
   * view. Anyone may get one document by its key (none can be listed), so only a browser that
   * looked the number up, within trackOrder's limits, can follow it. The same fields as the
   * tracking document, rewritten in the transaction of every order write.
   */
  liveTracking: 'liveTracking',
  /**
   * The crews and trucks (D28): one document, `current`, saved whole by the saveFleet function.
   * Missing: the crews the plan counts (`fleetOfPlan`, version 0). No browser reads it (it holds
   * the team leaders' mobiles): the dispatch functions answer the office and the crews.
   */
  fleet: 'fleet',
  /** Every saved fleet (id = its number), with who saved it: the functions' record only. */
  fleetVersions: 'fleetVersions',
  /**
   * A delivery's proof (D28), id = the order's id: who received, the signature or photo, the
   * cash taken. Written with the crew's "delivered" tap; no browser reads it.
   */
  deliveries: 'deliveries',
} as const;

/** The field of a tracking document that names its live copy (D19); never in a live copy. */
export const LIVE_KEY_FIELD = 'liveKey';

/** The live key of a stored tracking document, or null when none was given to it yet. */
export function liveKeyOf(d: Record<string, unknown> | undefined): string | null {
  const key = d?.[LIVE_KEY_FIELD];
  return typeof key === 'string' && /^[A-Za-z0-9_-]{20,64}$/.test(key) ? key : null;
}

/** The id of the one document of `catalog` and of `capacity`. */
export const CURRENT_ID = 'current';

/** The `settings` document of the team's review settings (D14). */
export const REVIEW_SETTINGS_ID = 'reviews';

/** The one stats document: order counts per status, for the admin list without filters. */
export const ORDER_STATS_ID = 'orders';

/**
 * "YYYY-MM-DD HH:mm": the move's date and time in one sortable field, so the admin list sorts by
 * move date and filters a move-date range with one field (and one index) instead of two.
 */
export function moveAtOf(moveDate: string, moveTime: string): string {
  return `${moveDate} ${moveTime}`;
}

/** The inclusive bounds of `moveAt` for a move-date range (YYYY-MM-DD each, either optional). */
export function moveAtRange(from?: string, to?: string): { from?: string; to?: string } {
  return {
    ...(from ? { from: `${from} 00:00` } : {}),
    ...(to ? { to: `${to} 23:59` } : {}),
  };
}

/** Search tokens are prefixes up to this many characters; longer searches use their start. */
export const SEARCH_TOKEN_MAX = 20;
/** A shorter search matches too much to be useful (and costs as much as a page). */
export const SEARCH_TOKEN_MIN = 2;
/** The last digits of a phone are tokens from this many on ("5678" finds 01012345678). */
export const PHONE_SUFFIX_MIN = 3;

/** Search text as the hosted build stores and asks for it: `normalizeSearchText` (D20). */
export { normalizeSearchText };

function prefixes(word: string, min = SEARCH_TOKEN_MIN): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let n = min; n <= Math.min(chars.length, SEARCH_TOKEN_MAX); n += 1) {
    out.push(chars.slice(0, n).join(''));
  }
  return out;
}

const ARTICLE = '\u0627\u0644'; // "ال"
const ABD = '\u0639\u0628\u062F'; // "عبد"

/**
 * A name's word and the forms it is also found by: without the article ("السيد" by "سيد") and a
 * compound "عبد…" name by its second part ("عبدالرحمن" by "الرحمن" and "رحمن"), as the server
 * finds them inside the word.
 */
function wordForms(word: string): string[] {
  const forms = [word];
  if (word.startsWith(ABD) && word.length > ABD.length + 1) forms.push(word.slice(ABD.length));
  for (const form of [...forms]) {
    if (form.startsWith(ARTICLE) && form.length > ARTICLE.length + 1) {
      forms.push(form.slice(ARTICLE.length));
    }
  }
  return forms;
}

/**
 * Every prefix of the text from the start of each of its words ("عبد الر" finds "منى عبد
 * الرحمن"), and every prefix of each word's other forms.
 */
function textTokens(normalized: string, tokens: Set<string>): void {
  if (!normalized) return;
  const words = normalized.split(' ');
  words.forEach((word, i) => {
    for (const p of prefixes(words.slice(i).join(' '))) if (!p.endsWith(' ')) tokens.add(p);
    for (const form of wordForms(word).slice(1)) for (const p of prefixes(form)) tokens.add(p);
  });
}

/**
 * An order's search tokens, stored on its document (`searchTokens`) and queried with
 * `array-contains` (D20): its name and its number from the start of any word, up to 20
 * characters, so "مح", "محمد", "محمد عل" and "عل" all find "محمد علي", and "417", "20261123-4"
 * and "AF-20261123-417" its number (a word is also found without its article, and a compound
 * "عبد…" name by its second part); its phone from its start, from its start without the leading
 * 0, and by its last digits ("5678"). A hundred or two short strings: written with every write
 * of the order, stored in its indexes, not billed per read.
 */
export function orderSearchTokens(order: {
  fullName: string;
  orderNumber: string;
  phoneNumber: string;
}): string[] {
  const tokens = new Set<string>();
  textTokens(normalizeSearchText(order.fullName), tokens);
  textTokens(normalizeSearchText(order.orderNumber), tokens);
  const phone = normalizeSearchText(order.phoneNumber);
  if (phone) {
    for (const p of prefixes(phone)) tokens.add(p);
    if (phone.startsWith('0')) for (const p of prefixes(phone.slice(1), 3)) tokens.add(p);
    const chars = [...phone];
    for (let n = PHONE_SUFFIX_MIN; n < chars.length; n += 1) {
      tokens.add(chars.slice(chars.length - n).join(''));
    }
  }
  return [...tokens];
}

/**
 * The one token a search looks for (`searchTokens array-contains` it), or null when it is too
 * short to search: the start of a phone number as the stored 01… form has it, or the text
 * normalised, cut to the longest token stored.
 */
export function searchTokenOf(search: OrderSearch): string | null {
  // Digits that start as a phone does ("010 12", "+20 10"); any other text, digits included
  // ("417", "20261123-4"), is looked for as typed.
  const term = search.phoneDigits?.startsWith('0')
    ? search.phoneDigits
    : normalizeSearchText(search.name);
  const token = [...term].slice(0, SEARCH_TOKEN_MAX).join('').trim();
  return [...token].length >= SEARCH_TOKEN_MIN ? token : null;
}

// ---------------------------------------------------------------------------------------------
// Documents

/** The callable functions the Firebase adapter calls, by name (functions/src/index.ts exports them). */
export const FUNCTION_NAMES = [
  'placeOrder',
  'cancelOrder',
  'updateOrder',
  'deleteOrder',
  'trackOrder',
  'claimPhoneOrders',
  'claimAnonymousOrders',
  'addReview',
  'moderateReview',
  'deleteReview',
  'saveReviewSettings',
  'sendMessage',
  'markMessageHandled',
  'paymentOptions',
  'startPayment',
  'paymentProgress',
  'switchToCash',
  'paymentHistory',
  'reversePayment',
  'refundQueue',
  'manualRefund',
  'orderNotifications',
  'resendNotification',
  'stopNotifications',
  'savePriceCatalog',
  'saveCapacityPlan',
  'capacityAvailability',
  'capacityCalendar',
  'adminDashboard',
  'goBackOrder',
  'rescheduleOrder',
  'dispatchFleet',
  'saveFleet',
  'dispatchBoard',
  'assignOrder',
  'crewJobs',
  'crewTap',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** A stored time as the side reading it represents one (Firestore Timestamp), from an ISO instant. */
type ToTime = (iso: string) => unknown;
/** A stored time back to an ISO instant. */
type ToIso = (value: unknown) => string;

/** The fields of an order document: the order as every backend stores it, plus the derived query fields. */
export function orderDocument(
  order: Omit<Order, 'id'>,
  toTime: ToTime,
  extra: { paymentReference: string | null; updatedAt: string },
): Record<string, unknown> {
  return {
    ...order,
    statusHistory: order.statusHistory.map((change) => ({ ...change, at: toTime(change.at) })),
    createdAt: toTime(order.createdAt),
    updatedAt: toTime(extra.updatedAt),
    paymentReference: extra.paymentReference,
    moveAt: moveAtOf(order.moveDate, order.moveTime),
    searchTokens: orderSearchTokens(order),
    searchVersion: SEARCH_TEXT_VERSION,
    [CREW_DAYS_FIELD]: crewDaysOf(order.assignment),
  };
}

/**
 * The field of an order document the crew's phone queries (D28): `crewId|date` for each date
 * its assignment's windows touch (Firestore cannot query inside an array of maps).
 */
export const CREW_DAYS_FIELD = 'crewDays';

/** The `crewDays` of an assignment (none: not assigned). */
export function crewDaysOf(assignment: Assignment | null | undefined): string[] {
  if (!assignment) return [];
  return [...new Set(assignment.slots.map((slot) => crewDayKey(assignment.crewId, slot.date)))];
}

/** One `crewDays` entry. */
export function crewDayKey(crewId: string, date: string): string {
  return `${crewId}|${date}`;
}

/** The tracking document: exactly the public projection (D2), nothing that leads to the order. */
export function trackingDocument(
  order: Omit<Order, 'id'> & { crewName?: string | null },
  toTime: ToTime,
): Record<string, unknown> {
  const tracking = toPublicTracking(order);
  return {
    ...tracking,
    statusHistory: tracking.statusHistory.map((change) => ({ ...change, at: toTime(change.at) })),
  };
}

function historyOf(value: unknown, toIso: ToIso): StatusChange[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry: Omit<StoredStatusChange, 'at'> & { at: unknown }) =>
    // What D17 added (a kind, a reason, a move) is read by the domain's upcaster.
    statusChangeFromStored({ ...entry, at: toIso(entry.at) }),
  );
}

/** An order document as the domain's `Order`, through the one upcaster of a stored order. */
export function orderFromDocument(id: string, d: Record<string, unknown>, toIso: ToIso): Order {
  return orderFromStored({
    ...(d as unknown as StoredOrder),
    id,
    statusHistory: historyOf(d.statusHistory, toIso),
    createdAt: toIso(d.createdAt),
  });
}

/** A tracking document as the public view. */
export function trackingFromDocument(d: Record<string, unknown>, toIso: ToIso): PublicTracking {
  return toPublicTracking({
    orderNumber: d.orderNumber as string,
    moveType: d.moveType as MoveType,
    // The route by governorate (D11); copies from before it show none.
    governorateId: typeof d.governorateId === 'string' ? d.governorateId : null,
    dropoffGovernorateId:
      typeof d.dropoffGovernorateId === 'string' ? d.dropoffGovernorateId : null,
    totalPrice: d.totalPrice as number,
    paymentMethod: d.paymentMethod as PaymentMethod,
    paymentStatus: d.paymentStatus as PaymentStatus,
    // Copies written before payments had providers other than the test one do not say.
    paymentProvider: paymentProviderOf({
      paymentMethod: d.paymentMethod as PaymentMethod,
      paymentProvider: d.paymentProvider as PaymentProviderName | undefined,
    }),
    status: d.status as OrderStatus,
    statusHistory: historyOf(d.statusHistory, toIso),
    moveDate: d.moveDate as string,
    // When the crew arrives (D19); copies from before it show none.
    moveWindow: moveWindowFromStored(d.moveWindow),
    // The team leader's first name (D28); copies from before dispatch name none.
    crewName: typeof d.crewName === 'string' && d.crewName !== '' ? d.crewName : null,
  });
}

// ---------------------------------------------------------------------------------------------
// Contact messages (D7)

/**
 * A contact message's document: what the sender wrote, a way to reply not given stored as null
 * (Firestore refuses undefined), who sent it and when, and not handled yet (D20): `handled`
 * false is what the desk's "not handled" query asks for, and `updatedAt` what its live listener
 * follows.
 */
export function messageDocument(
  message: { name: string; email?: string; phone?: string; message: string },
  userId: string,
  toTime: ToTime,
  now: string,
): Record<string, unknown> {
  return {
    name: message.name,
    email: message.email ?? null,
    phone: message.phone ?? null,
    message: message.message,
    userId,
    createdAt: toTime(now),
    ...messageHandledFields(null, null, toTime, now),
  };
}

/**
 * The fields that say whether a message is handled, by whom and when (D20), as
 * `markMessageHandled` writes them: the instant and the admin's email (and uid), or nulls.
 */
export function messageHandledFields(
  handled: { at: string; by: string | null } | null,
  uid: string | null,
  toTime: ToTime,
  now: string,
): Record<string, unknown> {
  return {
    handled: handled !== null,
    handledAt: handled === null ? null : toTime(handled.at),
    handledBy: handled?.by ?? null,
    handledByUid: handled === null ? null : uid,
    updatedAt: toTime(now),
  };
}

/**
 * A message document as admins list it. Documents from before either one was enough hold both;
 * a later one's missing way to reply reads back as null, as on every backend. Documents from
 * before D20 have no `handled*` fields and read as not handled.
 */
export function messageFromDocument(
  id: string,
  d: Record<string, unknown>,
  toIso: ToIso,
): ContactMessage {
  return contactMessageOf({
    id,
    name: d.name as string,
    email: d.email,
    phone: d.phone,
    message: d.message as string,
    createdAt: toIso(d.createdAt),
    handledAt: d.handledAt === undefined || d.handledAt === null ? null : toIso(d.handledAt),
    handledBy: d.handledBy,
  });
}

// Reviews from orders (D14)

/**
 * What keeps a review document's `public` right: the rules let everyone read it, and the public
 * list asks for it, exactly when the domain lists the review. Written with the review, and again
 * whenever its state or its order's status changes (or its order is deleted: no order, never
 * public).
 */
export function reviewVisibility(
  state: ReviewState,
  orderStatus: OrderStatus | null,
): { state: ReviewState; orderStatus: OrderStatus | null; public: boolean } {
  return { state, orderStatus, public: isListed(state, orderStatus) };
}

/**
 * A new review's document (id = its order's id). No uid, name of the customer or order number:
 * a public review is readable by anyone, and only what the public list shows may be in it.
 */
export function reviewDocument(
  record: NewReviewRecord,
  orderStatus: OrderStatus,
  toTime: ToTime,
): Record<string, unknown> {
  return {
    orderId: record.orderId,
    name: record.name,
    review: record.review,
    rating: record.rating,
    createdAt: toTime(record.createdAt),
    ...reviewVisibility(record.state, orderStatus),
  };
}

/** A review document as stored, whatever wrote it (upcast once, here). */
export interface StoredReview {
  review: Review;
  state: ReviewState;
  /** Null before D14 (no order), or after its order was deleted. */
  orderId: string | null;
  orderStatus: OrderStatus | null;
}

/** Documents from before D14 have neither order nor state (a `hidden` flag instead). */
export function reviewFromDocument(
  id: string,
  d: Record<string, unknown>,
  toIso: ToIso,
): StoredReview {
  return {
    review: {
      id,
      name: d.name as string,
      review: d.review as string,
      rating: d.rating as number,
      createdAt: toIso(d.createdAt),
    },
    state: reviewStateOf(d),
    orderId: typeof d.orderId === 'string' ? d.orderId : null,
    orderStatus: typeof d.orderStatus === 'string' ? (d.orderStatus as OrderStatus) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Prices and crews as data (D11, D12)

/** Who saved a version: the admin's uid and, for the admins' history, their email. */
export interface SavedBy {
  uid: string;
  email: string | null;
}

/**
 * The public document of the current catalog (`catalog/current`): its number, rates and when it
 * took effect; who saved it is in its `catalogVersions` record, which only admins read.
 */
export function catalogDocument(catalog: PriceCatalog, toTime: ToTime): Record<string, unknown> {
  return {
    version: catalog.version,
    rates: ratesOf(catalog),
    createdAt: catalog.createdAt === null ? null : toTime(catalog.createdAt),
  };
}

/** A saved version's record (`catalogVersions/{version}`): the catalog and who saved it. */
export function catalogVersionDocument(
  catalog: PriceCatalog,
  by: SavedBy,
  toTime: ToTime,
): Record<string, unknown> {
  return { ...catalogDocument(catalog, toTime), createdBy: by.email, createdByUid: by.uid };
}

/**
 * The catalog a document holds, its rates read through `ratesFromStored` (a move type the
 * version was saved before has its default rate); no document is the first version (D4).
 */
export function catalogFromDocument(
  d: Record<string, unknown> | undefined,
  toIso: ToIso,
): PriceCatalog {
  if (!d) return catalogFromRates(FIRST_CATALOG_RATES, 1, null);
  return catalogFromRates(
    ratesFromStored(d.rates),
    d.version as number,
    d.createdAt === null || d.createdAt === undefined ? null : toIso(d.createdAt),
  );
}

/** A `catalogVersions` record as the admins' history lists it. */
export function catalogVersionFromDocument(
  d: Record<string, unknown>,
  toIso: ToIso,
): CatalogVersion {
  return {
    catalog: catalogFromDocument(d, toIso),
    createdBy: typeof d.createdBy === 'string' ? d.createdBy : null,
  };
}

/** The admins' history: the saved versions, newest first, then the built-in first version. */
export function catalogHistory(saved: readonly CatalogVersion[], limit: number): CatalogVersion[] {
  const versions = [...saved];
  if (versions.length < limit && !versions.some((v) => v.catalog.version === 1)) {
    versions.push({ catalog: catalogFromDocument(undefined, String), createdBy: null });
  }
  return versions.slice(0, limit);
}

/** The crews plan's document (`capacity/current`, and its record in `capacityPlans`). */
export function planDocument(plan: CapacityPlan, toTime: ToTime): Record<string, unknown> {
  return {
    version: plan.version,
    windows: plan.windows.map((window) => ({ ...window })),
    exceptions: plan.exceptions.map((exception) => ({
      ...exception,
      crews: { ...exception.crews },
    })),
    updatedAt: plan.updatedAt === null ? null : toTime(plan.updatedAt),
    updatedBy: plan.updatedBy,
  };
}

/** The plan a document holds, read through `draftFromStored`; no document is the first plan. */
export function planFromDocument(
  d: Record<string, unknown> | undefined,
  toIso: ToIso,
): CapacityPlan {
  if (!d) {
    const first = FIRST_CAPACITY_PLAN;
    return { ...first, windows: first.windows.map((w) => ({ ...w })), exceptions: [] };
  }
  return {
    ...draftFromStored(d),
    version: d.version as number,
    updatedAt: d.updatedAt === null || d.updatedAt === undefined ? null : toIso(d.updatedAt),
    updatedBy: typeof d.updatedBy === 'string' ? d.updatedBy : null,
  };
}

/** Window id → crews given away, from a `crewBookings` document (none: nothing booked). */
export function bookedFromDocument(d: Record<string, unknown> | undefined): Record<string, number> {
  const stored = (d?.booked ?? {}) as Record<string, unknown>;
  const booked: Record<string, number> = {};
  for (const [id, n] of Object.entries(stored)) {
    if (typeof n === 'number' && n > 0) booked[id] = n;
  }
  return booked;
}

// ---------------------------------------------------------------------------------------------
// Dispatch (D28)

/** The fleet's document (`fleet/current`, and its record in `fleetVersions`). */
export function fleetDocument(fleet: Fleet, toTime: ToTime): Record<string, unknown> {
  return {
    version: fleet.version,
    crews: fleet.crews.map((crew) => ({ ...crew, governorates: [...crew.governorates] })),
    trucks: fleet.trucks.map((truck) => ({ ...truck })),
    updatedAt: fleet.updatedAt === null ? null : toTime(fleet.updatedAt),
    updatedBy: fleet.updatedBy,
  };
}

/**
 * The fleet a document holds, read through `fleetFromStored`; no document is the crews the plan
 * counts (`fleetOfPlan`, version 0, never stored), as on the server.
 */
export function fleetFromDocument(
  d: Record<string, unknown> | undefined,
  plan: CapacityPlan,
  toIso: ToIso,
): Fleet {
  if (!d) return { ...fleetOfPlan(plan), version: 0, updatedAt: null, updatedBy: null };
  return {
    ...fleetFromStored(d),
    version: typeof d.version === 'number' ? d.version : 1,
    updatedAt: d.updatedAt === null || d.updatedAt === undefined ? null : toIso(d.updatedAt),
    updatedBy: typeof d.updatedBy === 'string' ? d.updatedBy : null,
  };
}

/** The order id a holder from before dispatch is read with: it names no order (D28). */
export const UNNAMED_HOLDER = '';

/**
 * Who holds each window of one date, from its `crewBookings` document (D12, D28): `holders`
 * lists each order written since dispatch with its crew, truck and drop-off; `booked` counts
 * every order holding the window, so the orders counted before dispatch, which the document does
 * not name, are the difference: each reads as a holder without a crew (`UNNAMED_HOLDER`).
 */
export function holdersFromDocument(
  d: Record<string, unknown> | undefined,
): Record<string, SlotHolder[]> {
  const booked = bookedFromDocument(d);
  const stored = (d?.holders ?? {}) as Record<string, unknown>;
  const day: Record<string, SlotHolder[]> = {};
  for (const [windowId, value] of Object.entries(stored)) {
    if (!Array.isArray(value)) continue;
    const named = value.flatMap((h): SlotHolder[] => {
      const holder = (h ?? {}) as Record<string, unknown>;
      if (typeof holder.orderId !== 'string' || holder.orderId === '') return [];
      const dropoff = (holder.dropoff ?? null) as Record<string, unknown> | null;
      return [
        {
          orderId: holder.orderId,
          crewId: typeof holder.crewId === 'string' ? holder.crewId : null,
          truckId: typeof holder.truckId === 'string' ? holder.truckId : null,
          dropoff:
            dropoff &&
            typeof dropoff.governorateId === 'string' &&
            typeof dropoff.districtId === 'string'
              ? { governorateId: dropoff.governorateId, districtId: dropoff.districtId }
              : null,
        },
      ];
    });
    if (named.length > 0) day[windowId] = named;
  }
  for (const [windowId, count] of Object.entries(booked)) {
    const named = day[windowId]?.length ?? 0;
    for (let i = named; i < count; i += 1) {
      (day[windowId] ??= []).push({
        orderId: UNNAMED_HOLDER,
        crewId: null,
        truckId: null,
        dropoff: null,
      });
    }
  }
  return day;
}

/** A `crewBookings` document from its holders: `booked` is their count per window. */
export function holdersDocument(
  date: string,
  day: Readonly<Record<string, readonly SlotHolder[]>>,
): Record<string, unknown> {
  const booked: Record<string, number> = {};
  const holders: Record<string, Record<string, unknown>[]> = {};
  for (const [windowId, list] of Object.entries(day)) {
    booked[windowId] = list.length;
    const named = list.filter((h) => h.orderId !== UNNAMED_HOLDER);
    if (named.length > 0) {
      holders[windowId] = named.map((h) => ({
        orderId: h.orderId,
        crewId: h.crewId,
        truckId: h.truckId,
        dropoff: h.dropoff ? { ...h.dropoff } : null,
      }));
    }
  }
  return { date, booked, holders };
}
