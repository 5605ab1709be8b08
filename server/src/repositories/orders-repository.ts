import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { DeliveryRecord } from '../../../src/domain/field.ts';
import {
  orderHolds,
  type Assignment,
  type HoldingOrder,
  type SlotHolder,
} from '../../../src/domain/dispatch.ts';
import type {
  CheckedNewOrder,
  Order,
  OrderFilter,
  OrderPage,
  PaymentProviderName,
  PublicTracking,
  StatusActor,
  StatusChange,
} from '../../../src/domain/order.ts';
import {
  bookedWindowOf,
  moveWindowOf,
  newOrderFields,
  orderFromStored,
  publicStatusChange,
  statusChangeFromStored,
} from '../../../src/domain/order.ts';
import type { StoredStatusChange } from '../../../src/domain/order.ts';
import type { OrderStatusChange } from '../../../src/domain/order-changes.ts';
import type { OrderRefund } from '../../../src/domain/refunds.ts';
import type { OrderSort } from '../../../src/domain/order-query.ts';
import { cairoToday, cairoYmdCompact } from '../../../src/domain/datetime.ts';
import { checkOpenOrders } from '../../../src/domain/customer-limits.ts';
import { orderNumberCandidates } from '../../../src/domain/order-number.ts';
import {
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_PAGE_SIZE_MAX,
  orderSearchText,
  parseOrderSearch,
} from '../../../src/domain/order-query.ts';
import { SEARCH_TEXT_VERSION } from '../../../src/domain/search-text.ts';
import type { Housing, MoveType } from '../../../src/domain/pricing.ts';
import { ORDER_STATUSES } from '../../../src/domain/status.ts';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '../../../src/domain/status.ts';

interface OrderRow {
  id: string;
  /** D28: the crew, truck and windows as JSON; null before dispatch. */
  assignment?: string | null;
  order_number: string;
  user_id: string | null;
  full_name: string;
  phone_number: string;
  pickup_address: string;
  dropoff_address: string;
  governorate_id: string;
  district_id: string;
  /** Null only if written by something other than this repository (migration 006 fills old rows). */
  dropoff_governorate_id: string | null;
  dropoff_district_id: string | null;
  notes: string;
  move_type: MoveType;
  housing: Housing;
  pickup_floor: number;
  dropoff_floor: number;
  workers: number;
  move_date: string;
  move_time: string;
  window_id: string | null;
  window_start: string | null;
  window_end: string | null;
  total_price: number;
  currency: 'EGP';
  catalog_version: number;
  distance_km: number;
  distance_fee: number;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  payment_provider: PaymentProviderName;
  payment_reference: string | null;
  status: OrderStatus;
  created_at: string;
  updated_at: string;
  language: 'ar' | 'en';
  notify_consent: 0 | 1;
  /** D16 (migration 041): JSON; null on orders placed before. */
  cancellation_policy: string | null;
  refund: string | null;
}

interface HistoryRow {
  order_id: string;
  status: OrderStatus;
  actor: StatusActor;
  at: string;
  /** D17 (migration 042): null on entries written before, and on plain status changes. */
  kind: string | null;
  reason: string | null;
  /** JSON: a reschedule's slots before and after. */
  moved: string | null;
  /** D28 (migration 048): the crew phone's tap id; null otherwise. */
  tap?: string | null;
}

/** A history row as the stored entry the domain's upcaster reads (statusChangeFromStored). */
function storedChangeOf(row: HistoryRow): StoredStatusChange {
  return {
    status: row.status,
    actor: row.actor,
    at: row.at,
    kind: row.kind,
    reason: row.reason,
    moved: row.moved === null ? null : (JSON.parse(row.moved) as unknown),
    tap: row.tap ?? null,
  };
}

/** What a history row keeps of an entry beyond its status, actor and time (D17). */
function historyNote(change: Pick<StatusChange, 'kind' | 'reason' | 'moved' | 'tap'> | undefined) {
  return {
    tap: change?.tap ?? null,
    kind: change?.kind ?? null,
    reason: change?.reason ?? null,
    moved: change?.moved === undefined ? null : JSON.stringify(change.moved),
  };
}

/**
 * What the service has settled before the order is stored: the checked input, its price under
 * a catalog version (D11), its window (D12), and the payment.
 */
export interface NewOrderRecord extends Pick<
  CheckedNewOrder,
  'input' | 'price' | 'window' | 'policy'
> {
  userId: string;
  paymentStatus: PaymentStatus;
  paymentProvider: PaymentProviderName;
  paymentReference: string | null;
}

/** At most `max` orders within `windowMs`; a max of 0 is no limit. */
export interface QuotaRule {
  max: number;
  windowMs: number;
}

/**
 * Who is placing an order, for the per-customer and per-address limits (docs/decisions.md D8).
 * Checked and recorded in the order's own transaction, so two requests at once cannot both
 * take the last allowance, and kept in the database, so a restart resets nothing.
 */
export interface OrderQuota {
  addressKey: string;
  customer: readonly QuotaRule[];
  address: readonly QuotaRule[];
  /** Moves the customer may hold booked ahead at once (D13); 0 or absent: no limit. */
  openOrders?: number;
}

export interface CreateOrderOptions {
  now?: Date;
  /** Source of the order-number suffix; injected by tests to force collisions. */
  random?: () => number;
  /** Limits to enforce; none for admins (phone bookings) and the seed script. */
  quota?: OrderQuota;
  /**
   * Rules that must still hold when the order is written, run inside its transaction just before
   * the insert (a free crew in its window, an unchanged catalog): one that throws refuses the
   * order and leaves the database as it was.
   */
  checks?: readonly (() => void)[];
  /**
   * The crew, truck and windows the order takes (D28), decided inside its transaction after the
   * checks, where who holds which window is exact; it may throw the "window full" refusal.
   */
  assign?: () => Assignment | null;
  /**
   * Runs inside the order's own transaction, after it is written (the notification outbox,
   * D10): what it writes commits with the order, and if it throws, the order is not stored.
   */
  within?: (order: Order) => void;
}

export interface ListScope {
  /** Only this user's orders (customers, and admins asking for `mine`). */
  userId?: string;
}

export {
  ORDER_NUMBER_ATTEMPTS,
  ORDER_NUMBER_TRIES_PER_WIDTH,
} from '../../../src/domain/order-number.ts';
export const DEFAULT_PAGE_SIZE = ORDER_PAGE_SIZE_DEFAULT;
export const MAX_PAGE_SIZE = ORDER_PAGE_SIZE_MAX;

/** The day's number space is spent: a 503 "try again", never a crash. */
export class OrderNumberExhaustedError extends Error {
  constructor() {
    super('Could not find a free order number');
    this.name = 'OrderNumberExhaustedError';
  }
}

/** A customer or an address has placed as many orders as the limits allow for now. */
export class OrderQuotaExceededError extends Error {
  readonly scope: 'customer' | 'address';
  readonly retryAfterMs: number;

  constructor(scope: 'customer' | 'address', retryAfterMs: number) {
    super(`Order limit reached for this ${scope}`);
    this.name = 'OrderQuotaExceededError';
    this.scope = scope;
    this.retryAfterMs = retryAfterMs;
  }
}

const SORT_SQL: Record<OrderSort, string> = {
  newest: 'created_at DESC, rowid DESC',
  oldest: 'created_at ASC, rowid ASC',
  'move-date-asc': 'move_date ASC, move_time ASC, created_at ASC',
  'move-date-desc': 'move_date DESC, move_time DESC, created_at DESC',
  'price-desc': 'total_price DESC, created_at DESC',
  'price-asc': 'total_price ASC, created_at DESC',
};

function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    error.message.includes(column)
  );
}

interface WhereClause {
  sql: string;
  params: Record<string, string>;
}

/**
 * The search box takes an order number, a name or a phone number, typed the way people type
 * them (D20): each of the search's normalised terms is looked for anywhere in the order's
 * `search_text` through the trigram index `order_search` (migration 045), and a whole mobile
 * also by the phone column's own index.
 */
function searchClause(text: string): WhereClause | null {
  const search = parseOrderSearch(text);
  if (search === null) return null;
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (search.terms.length > 0) {
    // One index lookup per term: FTS5 answers a LIKE from its index, but neither an OR of two
    // nor one with an ESCAPE clause. None is needed: a normalised term holds only letters,
    // digits and single spaces, never a wildcard (% _) or a backslash.
    const lookups = search.terms.map((term, i) => {
      params[`searchTerm${i}`] = `%${term}%`;
      return `SELECT rowid FROM order_search WHERE search_text LIKE :searchTerm${i}`;
    });
    parts.push(`rowid IN (${lookups.join(' UNION ')})`);
  }
  if (search.mobile !== null) {
    parts.push('phone_number = :searchMobile');
    params.searchMobile = search.mobile;
  }
  // Only punctuation: a search that finds nothing.
  if (parts.length === 0) return { sql: '0', params };
  return { sql: `(${parts.join(' OR ')})`, params };
}

function filterClauses(
  filter: OrderFilter,
  scope: ListScope,
): { clauses: string[]; params: Record<string, string> } {
  const clauses: string[] = [];
  let params: Record<string, string> = {};
  if (scope.userId !== undefined) {
    clauses.push('user_id = :scopeUserId');
    params.scopeUserId = scope.userId;
  }
  if (filter.search !== undefined) {
    const search = searchClause(filter.search);
    if (search) {
      clauses.push(search.sql);
      params = { ...params, ...search.params };
    }
  }
  if (filter.governorateId !== undefined) {
    clauses.push('governorate_id = :governorateId');
    params.governorateId = filter.governorateId;
  }
  if (filter.paymentStatus !== undefined) {
    clauses.push('payment_status = :paymentStatus');
    params.paymentStatus = filter.paymentStatus;
  }
  if (filter.paymentMethod !== undefined) {
    clauses.push('payment_method = :paymentMethod');
    params.paymentMethod = filter.paymentMethod;
  }
  if (filter.moveDateFrom !== undefined) {
    clauses.push('move_date >= :moveDateFrom');
    params.moveDateFrom = filter.moveDateFrom;
  }
  if (filter.moveDateTo !== undefined) {
    clauses.push('move_date <= :moveDateTo');
    params.moveDateTo = filter.moveDateTo;
  }
  return { clauses, params };
}

function emptyCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
}

/** A row as the domain's `Order`, through the one upcaster of a stored order (order.ts). */
function toOrder(row: OrderRow, history: StoredStatusChange[]): Order {
  return orderFromStored({
    id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    fullName: row.full_name,
    phoneNumber: row.phone_number,
    pickupAddress: row.pickup_address,
    dropoffAddress: row.dropoff_address,
    governorateId: row.governorate_id,
    districtId: row.district_id,
    dropoffGovernorateId: row.dropoff_governorate_id,
    dropoffDistrictId: row.dropoff_district_id,
    notes: row.notes,
    moveType: row.move_type,
    housing: row.housing,
    pickupFloor: row.pickup_floor,
    dropoffFloor: row.dropoff_floor,
    workers: row.workers,
    moveDate: row.move_date,
    moveTime: row.move_time,
    timeWindow: { id: row.window_id, start: row.window_start, end: row.window_end },
    totalPrice: row.total_price,
    catalogVersion: row.catalog_version,
    distanceKm: row.distance_km,
    distanceFee: row.distance_fee,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
    paymentProvider: row.payment_provider,
    status: row.status,
    statusHistory: history,
    createdAt: row.created_at,
    language: row.language,
    notifyConsent: row.notify_consent === 1,
    cancellationPolicy: parseJson(row.cancellation_policy),
    refund: parseJson(row.refund),
    assignment: parseJson(row.assignment),
  });
}

/** A JSON column as stored (null: none); its upcaster judges what it holds. */
function parseJson(text: string | null | undefined): unknown {
  return text === null || text === undefined ? null : (JSON.parse(text) as unknown);
}

function prepareStatements(db: Database.Database) {
  return {
    insertOrder: db.prepare(`
      INSERT INTO orders (
        id, order_number, user_id, full_name, phone_number, pickup_address, dropoff_address,
        governorate_id, district_id, notes, move_type, housing, pickup_floor, dropoff_floor,
        workers, move_date, move_time, total_price, currency, payment_method, payment_status,
        payment_provider, payment_reference, status, created_at, updated_at, language,
        notify_consent, dropoff_governorate_id, dropoff_district_id, window_id, window_start,
        window_end, catalog_version, distance_km, distance_fee, search_text, search_version,
        cancellation_policy, assignment
      ) VALUES (
        :id, :order_number, :user_id, :full_name, :phone_number, :pickup_address,
        :dropoff_address, :governorate_id, :district_id, :notes, :move_type, :housing,
        :pickup_floor, :dropoff_floor, :workers, :move_date, :move_time, :total_price, 'EGP',
        :payment_method, :payment_status, :payment_provider, :payment_reference, :status,
        :created_at, :created_at, :language, :notify_consent,
        :dropoff_governorate_id, :dropoff_district_id, :window_id, :window_start, :window_end,
        :catalog_version, :distance_km, :distance_fee, :search_text, :search_version,
        :cancellation_policy, :assignment
      )`),
    insertHistory: db.prepare(`
      INSERT INTO order_status_history (id, order_id, status, actor, actor_user_id, at, kind,
        reason, moved, tap)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    // Who holds which window (D28), kept from the stored order in its own transaction.
    dropHolds: db.prepare('DELETE FROM crew_holds WHERE order_id = ?'),
    insertHold: db.prepare(`
      INSERT OR IGNORE INTO crew_holds (order_id, date, window_id, crew_id, truck_id,
        dropoff_governorate_id, dropoff_district_id)
      VALUES (?, ?, ?, ?, ?, ?, ?)`),
    setAssignment: db.prepare('UPDATE orders SET assignment = ?, updated_at = ? WHERE id = ?'),
    holdsBetween: db.prepare(`
      SELECT order_id, date, window_id, crew_id, truck_id, dropoff_governorate_id,
        dropoff_district_id
      FROM crew_holds WHERE date BETWEEN ? AND ?`),
    insertDelivery: db.prepare(`
      INSERT OR REPLACE INTO deliveries (order_id, crew_id, received_by, signature, photo,
        cash_collected, tapped_at, at)
      VALUES (:orderId, :crewId, :receivedBy, :signature, :photo, :cashCollected, :tappedAt, :at)`),
    deliveryOf: db.prepare('SELECT * FROM deliveries WHERE order_id = ?'),
    ordersOfCrew: db.prepare(`
      SELECT o.* FROM orders o
      WHERE o.id IN (SELECT DISTINCT order_id FROM crew_holds
                     WHERE crew_id = ? AND date BETWEEN ? AND ?)`),
    issuedOnDay: db.prepare('SELECT issued FROM order_number_days WHERE day = ?'),
    countIssued: db.prepare(`
      INSERT INTO order_number_days (day, issued) VALUES (?, 1)
      ON CONFLICT (day) DO UPDATE SET issued = issued + 1`),
    quotaByUser: db.prepare(`
      SELECT created_at FROM order_quota_log
      WHERE user_id = ? AND created_at >= ? ORDER BY created_at DESC LIMIT ?`),
    quotaByAddress: db.prepare(`
      SELECT created_at FROM order_quota_log
      WHERE address_key = ? AND created_at >= ? ORDER BY created_at DESC LIMIT ?`),
    logQuota: db.prepare(`
      INSERT INTO order_quota_log (order_id, user_id, address_key, created_at)
      VALUES (?, ?, ?, ?)`),
    pruneQuota: db.prepare('DELETE FROM order_quota_log WHERE created_at < ?'),
    // A customer's orders from today on; isOpenOrder (the domain's) decides which hold a crew.
    aheadByUser: db.prepare(`
      SELECT status, move_date AS moveDate FROM orders WHERE user_id = ? AND move_date >= ?`),
    byId: db.prepare('SELECT * FROM orders WHERE id = ?'),
    byNumber: db.prepare('SELECT * FROM orders WHERE order_number = ?'),
    // The public view only, with its history as JSON: one statement (one read transaction, one
    // pair of WAL locks) and no name, phone or address columns turned into JS strings.
    trackingByNumber: db.prepare(`
      SELECT o.order_number, o.move_type, o.governorate_id, o.dropoff_governorate_id,
             o.total_price, o.currency, o.payment_method, json_extract(o.assignment, '$.crewId') AS crew_id,
             o.payment_status, o.payment_provider, o.status, o.move_date, o.move_time,
             o.window_id, o.window_start, o.window_end,
             (SELECT json_group_array(json_object('status', h.status, 'at', h.at, 'actor', h.actor,
                                                  'kind', h.kind))
              FROM (SELECT status, at, actor, kind FROM order_status_history
                    WHERE order_id = o.id ORDER BY at ASC, rowid ASC) h) AS history
      FROM orders o WHERE o.order_number = ?`),
    historyFor: db.prepare(`
      SELECT order_id, status, actor, at, kind, reason, moved, tap FROM order_status_history
      WHERE order_id = ? ORDER BY at ASC, rowid ASC`),
    historyForMany: db.prepare(`
      SELECT order_id, status, actor, at, kind, reason, moved, tap FROM order_status_history
      WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY at ASC, rowid ASC`),
    // Rows whose search text was written under other rules than this code's, or none (D20).
    staleSearch: db.prepare(`
      SELECT rowid AS row, full_name, order_number, phone_number FROM orders
      WHERE search_version < :version OR search_version > :version`),
    setSearchText: db.prepare(
      'UPDATE orders SET search_text = ?, search_version = ? WHERE rowid = ?',
    ),
    setStatus: db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?'),
    setSlot: db.prepare(`
      UPDATE orders SET move_date = :date, move_time = :time, window_id = :windowId,
        window_start = :windowStart, window_end = :windowEnd, updated_at = :at
      WHERE id = :id`),
    setPaymentStatus: db.prepare(
      'UPDATE orders SET payment_status = ?, updated_at = ? WHERE id = ?',
    ),
    setRefund: db.prepare('UPDATE orders SET refund = ?, updated_at = ? WHERE id = ?'),
    // The refunds queue (D16): oldest due first, by migration 041's index.
    refundQueue: db.prepare(`
      SELECT * FROM orders WHERE payment_status = 'refund_due'
      ORDER BY json_extract(refund, '$.dueAt') ASC, rowid ASC LIMIT ?`),
    remove: db.prepare('DELETE FROM orders WHERE id = ? RETURNING order_number'),
    countCreatedSince: db.prepare('SELECT COUNT(*) AS n FROM orders WHERE created_at > ?'),
    withdrawConsent: db.prepare(
      'UPDATE orders SET notify_consent = 0, updated_at = ? WHERE id = ?',
    ),
    paymentReference: db.prepare('SELECT payment_reference FROM orders WHERE id = ?'),
    setPayment: db.prepare(`
      UPDATE orders SET payment_status = :status, payment_method = :method,
        payment_provider = :provider, payment_reference = :reference, updated_at = :at
      WHERE id = :id`),
  };
}

/**
 * Tracking views kept in memory. A tracking page is read far more often than its order changes
 * (customers refresh it, share it, scan its QR code); every change made through this repository
 * drops the entry, and the time limit bounds what a change made by another process (the seed
 * script) could leave stale.
 */
const TRACKING_CACHE = { max: 10_000, ttl: 60_000 } as const;

/** All SQL about orders and their status history. */
export class OrdersRepository {
  readonly #db: Database.Database;
  readonly #statements: ReturnType<typeof prepareStatements>;
  readonly #tracking = new LRUCache<string, Readonly<PublicTracking>>(TRACKING_CACHE);
  #crewName: (crewId: string) => string | null = () => null;

  /**
   * How the tracker names an order's crew (D28: its leader's first name, from the fleet, which
   * this repository does not keep). Forgets the tracking views named before.
   */
  nameCrewsWith(name: (crewId: string) => string | null): void {
    this.#crewName = name;
    this.#tracking.clear();
  }

  /** Forgets every tracking view (the fleet changed: a crew's name may have). */
  forgetTracking(): void {
    this.#tracking.clear();
  }

  constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = prepareStatements(db);
    this.refreshSearchText();
  }

  /**
   * Writes the search text (D20) of every order whose text was written under other rules than
   * this code's, or not at all: the orders from before migration 045, orders an older version
   * of the server placed, every order when the rules change. Runs when the repository is made,
   * at start-up; an index finds such rows, so with none it costs one lookup. Returns how many.
   */
  refreshSearchText(): number {
    const statements = this.#statements;
    const stale = statements.staleSearch.all({ version: SEARCH_TEXT_VERSION }) as {
      row: number;
      full_name: string;
      order_number: string;
      phone_number: string;
    }[];
    if (stale.length === 0) return 0;
    this.#db.transaction(() => {
      for (const row of stale) {
        const text = orderSearchText({
          fullName: row.full_name,
          orderNumber: row.order_number,
          phoneNumber: row.phone_number,
        });
        statements.setSearchText.run(text, SEARCH_TEXT_VERSION, row.row);
      }
    })();
    return stale.length;
  }

  /**
   * Stores a new order in status `received` with its first history entry (D2, D5), under a
   * fresh order number: random, retried on a clash, wider as the day fills (D6). With a quota,
   * the limits are checked and the order counted against them in the same transaction (D8).
   */
  create(record: NewOrderRecord, options: CreateOrderOptions = {}): Order {
    const now = options.now ?? new Date();
    const random = options.random ?? Math.random;
    const createdAt = now.toISOString();
    const day = cairoYmdCompact(now);
    const { userId } = record;
    const { quota, checks = [] } = options;
    const statements = this.#statements;
    // The order as every backend stores it (src/domain/order.ts); the price is the one the
    // service checked against the catalog.
    const fields = newOrderFields(
      record,
      userId,
      { paymentStatus: record.paymentStatus, paymentProvider: record.paymentProvider },
      createdAt,
    );

    const insert = this.#db.transaction((orderNumber: string, id: string) => {
      if (quota) this.#checkQuota(quota, userId, now);
      for (const check of checks) check();
      const assignment = options.assign?.() ?? null;
      fields.assignment = assignment;
      statements.insertOrder.run({
        id,
        order_number: orderNumber,
        user_id: fields.userId,
        full_name: fields.fullName,
        phone_number: fields.phoneNumber,
        pickup_address: fields.pickupAddress,
        dropoff_address: fields.dropoffAddress,
        governorate_id: fields.governorateId,
        district_id: fields.districtId,
        notes: fields.notes,
        move_type: fields.moveType,
        housing: fields.housing,
        pickup_floor: fields.pickupFloor,
        dropoff_floor: fields.dropoffFloor,
        workers: fields.workers,
        move_date: fields.moveDate,
        move_time: fields.moveTime,
        total_price: fields.totalPrice,
        payment_method: fields.paymentMethod,
        payment_status: fields.paymentStatus,
        payment_provider: fields.paymentProvider,
        payment_reference: record.paymentReference,
        status: fields.status,
        created_at: createdAt,
        language: fields.language ?? 'ar',
        notify_consent: fields.notifyConsent ? 1 : 0,
        dropoff_governorate_id: fields.dropoffGovernorateId,
        dropoff_district_id: fields.dropoffDistrictId,
        window_id: fields.timeWindow?.id ?? null,
        window_start: fields.timeWindow?.start ?? null,
        window_end: fields.timeWindow?.end ?? null,
        catalog_version: fields.catalogVersion,
        distance_km: fields.distanceKm,
        distance_fee: fields.distanceFee,
        search_text: orderSearchText({ ...fields, orderNumber }),
        search_version: SEARCH_TEXT_VERSION,
        cancellation_policy: JSON.stringify(fields.cancellationPolicy),
        assignment: assignment === null ? null : JSON.stringify(assignment),
      });
      this.#holdWindows(id, fields);
      for (const change of fields.statusHistory) {
        const note = historyNote(change);
        statements.insertHistory.run(
          randomUUID(),
          id,
          change.status,
          change.actor,
          null,
          change.at,
          note.kind,
          note.reason,
          note.moved,
          note.tap,
        );
      }
      if (quota) statements.logQuota.run(id, userId, quota.addressKey, createdAt);
      statements.countIssued.run(day);
      options.within?.({ id, orderNumber, ...fields });
    });

    const issued = (statements.issuedOnDay.get(day) as { issued: number } | undefined)?.issued;
    for (const orderNumber of orderNumberCandidates(issued ?? 0, now, random)) {
      const id = randomUUID();
      try {
        // IMMEDIATE: another process (admin:create, a backup) makes this wait, not fail.
        insert.immediate(orderNumber, id);
      } catch (error) {
        if (isUniqueViolation(error, 'orders.order_number')) continue;
        throw error;
      }
      // Built from what was just written: reading it back would double the cost of a booking.
      return { id, orderNumber, ...fields };
    }
    throw new OrderNumberExhaustedError();
  }

  /**
   * Throws OrderQuotaExceededError when `userId` or the address has used an allowance; the
   * retry time is when the oldest order counted against it leaves the window. Callers may
   * also check before slow work (a card payment), and create() checks again, atomically.
   */
  checkQuota(quota: OrderQuota, userId: string, now: Date = new Date()): void {
    this.#checkQuota(quota, userId, now);
  }

  #checkQuota(quota: OrderQuota, userId: string, now: Date): void {
    const scopes = [
      ['customer', quota.customer, this.#statements.quotaByUser, userId],
      ['address', quota.address, this.#statements.quotaByAddress, quota.addressKey],
    ] as const;
    for (const [scope, rules, statement, key] of scopes) {
      for (const rule of rules) {
        if (rule.max <= 0) continue;
        const since = new Date(now.getTime() - rule.windowMs).toISOString();
        const recent = statement.all(key, since, rule.max) as { created_at: string }[];
        if (recent.length < rule.max) continue;
        const oldest = Date.parse(recent[recent.length - 1]!.created_at);
        throw new OrderQuotaExceededError(
          scope,
          Math.max(1000, oldest + rule.windowMs - now.getTime()),
        );
      }
    }
    if (quota.openOrders !== undefined && quota.openOrders > 0) {
      const today = cairoToday(now);
      const ahead = this.#statements.aheadByUser.all(userId, today) as {
        status: OrderStatus;
        moveDate: string;
      }[];
      checkOpenOrders(ahead, today, quota.openOrders);
    }
  }

  /** Forgets quota entries older than `before`: the limits never look back further than a week. */
  pruneQuotaLog(before: Date): number {
    return this.#statements.pruneQuota.run(before.toISOString()).changes;
  }

  #pending: {
    record: NewOrderRecord;
    options: CreateOrderOptions;
    resolve: (order: Order) => void;
    reject: (error: unknown) => void;
  }[] = [];

  /**
   * create() for concurrent requests: the orders asked for in one turn of the event loop are
   * written in one transaction (each in its own savepoint, so one refused order does not undo
   * the others), which writes the index pages they share once instead of once per order.
   * Each promise settles only after the COMMIT: an acknowledged order is a committed one.
   */
  createSoon(record: NewOrderRecord, options: CreateOrderOptions = {}): Promise<Order> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ record, options, resolve, reject });
      if (this.#pending.length === 1) setImmediate(() => this.#flush());
    });
  }

  #flush(): void {
    const batch = this.#pending;
    this.#pending = [];
    const outcomes: ({ ok: true; order: Order } | { ok: false; error: unknown })[] = [];
    try {
      this.#db
        .transaction(() => {
          for (const item of batch) {
            try {
              outcomes.push({ ok: true, order: this.create(item.record, item.options) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      // The COMMIT (or BEGIN) failed: none of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.order);
      else item.reject(outcome.error);
    });
  }

  findById(id: string): Order | null {
    return this.#load(id);
  }

  findByNumber(orderNumber: string): Order | null {
    const row = this.#statements.byNumber.get(orderNumber) as OrderRow | undefined;
    return row ? toOrder(row, this.#history(row.id)) : null;
  }

  /** The view anyone with the number may see: no name, phone, address, notes or ids (D2). */
  findTracking(orderNumber: string): Readonly<PublicTracking> | null {
    const cached = this.#tracking.get(orderNumber);
    if (cached) return cached;
    const row = this.#statements.trackingByNumber.get(orderNumber) as
      | (Pick<
          OrderRow,
          | 'order_number'
          | 'move_type'
          | 'governorate_id'
          | 'dropoff_governorate_id'
          | 'total_price'
          | 'currency'
          | 'payment_method'
          | 'payment_status'
          | 'payment_provider'
          | 'status'
          | 'move_date'
          | 'move_time'
          | 'window_id'
          | 'window_start'
          | 'window_end'
        > & { history: string; crew_id: string | null })
      | undefined;
    if (!row) return null;
    const tracking: PublicTracking = {
      orderNumber: row.order_number,
      moveType: row.move_type,
      governorateId: row.governorate_id,
      dropoffGovernorateId: row.dropoff_governorate_id ?? row.governorate_id,
      totalPrice: row.total_price,
      currency: row.currency,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
      paymentProvider: row.payment_provider,
      status: row.status,
      statusHistory: (JSON.parse(row.history) as StoredStatusChange[])
        .map(statusChangeFromStored)
        .map(publicStatusChange),
      moveDate: row.move_date,
      // When the crew arrives (D19), through the stored order's own reading of its window.
      moveWindow: moveWindowOf({
        moveTime: row.move_time,
        timeWindow: bookedWindowOf({
          id: row.window_id,
          start: row.window_start,
          end: row.window_end,
        }),
      }),
      crewName: row.crew_id ? this.#crewName(row.crew_id) : null,
    };
    this.#tracking.set(orderNumber, tracking);
    return tracking;
  }

  /**
   * One page of orders. `counts` ignores the status filter, so the admin's status tabs show how
   * many orders each tab would list; `total` is the count for the filter as given.
   */
  list(filter: OrderFilter = {}, scope: ListScope = {}): OrderPage {
    const { clauses, params } = filterClauses(filter, scope);
    const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';

    const counts = emptyCounts();
    const countRows = this.#db
      .prepare(`SELECT status, COUNT(*) AS n FROM orders ${where} GROUP BY status`)
      .all(params) as { status: OrderStatus; n: number }[];
    for (const { status, n } of countRows) counts[status] = n;
    const total =
      filter.status !== undefined
        ? counts[filter.status]
        : Object.values(counts).reduce((sum, n) => sum + n, 0);

    const pageClauses = [...clauses];
    const pageParams: Record<string, string | number> = { ...params };
    if (filter.status !== undefined) {
      pageClauses.push('status = :status');
      pageParams.status = filter.status;
    }
    const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, filter.limit ?? DEFAULT_PAGE_SIZE));
    const page = Math.max(1, filter.page ?? 1);
    pageParams.limit = limit;
    pageParams.offset = (page - 1) * limit;
    const pageWhere = pageClauses.length > 0 ? `WHERE ${pageClauses.join(' AND ')}` : '';
    const rows = this.#db
      .prepare(
        `SELECT * FROM orders ${pageWhere} ORDER BY ${SORT_SQL[filter.sort ?? 'newest']}
         LIMIT :limit OFFSET :offset`,
      )
      .all(pageParams) as OrderRow[];

    const histories = this.#histories(rows.map((row) => row.id));
    return {
      orders: rows.map((row) => toOrder(row, histories.get(row.id) ?? [])),
      total,
      counts,
    };
  }

  /**
   * Stores a change the domain decided (src/domain/order-changes.ts: a customer's cancel, an
   * admin's update), in the caller's transaction, where it was decided on the order as stored:
   * the new status with its history row (who and when), the new payment status. It decides
   * nothing. Null for an unknown order.
   */
  storeChange(
    id: string,
    change: OrderStatusChange,
    by: { userId: string | null; at: string },
  ): Order | null {
    const { userId, at } = by;
    const store = this.#db.transaction(() => {
      const row = this.#statements.byId.get(id) as OrderRow | undefined;
      if (!row) return false;
      if (change.status !== undefined) this.#statements.setStatus.run(change.status, at, id);
      if (change.slot !== undefined) {
        const { moveDate, moveTime, timeWindow } = change.slot;
        this.#statements.setSlot.run({
          id,
          date: moveDate,
          time: moveTime,
          windowId: timeWindow?.id ?? null,
          windowStart: timeWindow?.start ?? null,
          windowEnd: timeWindow?.end ?? null,
          at,
        });
      }
      // The entry applyOrderChange appends (order-changes.ts): a status, or a note on the one kept.
      if (change.status !== undefined || change.note !== undefined) {
        const note = historyNote(change.note);
        this.#statements.insertHistory.run(
          randomUUID(),
          id,
          change.status ?? row.status,
          change.actor,
          userId,
          at,
          note.kind,
          note.reason,
          note.moved,
          note.tap,
        );
      }
      if (change.paymentStatus !== undefined) {
        this.#statements.setPaymentStatus.run(change.paymentStatus, at, id);
      }
      if (change.refund !== undefined) {
        this.#statements.setRefund.run(
          change.refund === null ? null : JSON.stringify(change.refund),
          at,
          id,
        );
      }
      if (change.assignment !== undefined) {
        this.#statements.setAssignment.run(
          change.assignment === null ? null : JSON.stringify(change.assignment),
          at,
          id,
        );
      }
      // A cancel frees the windows; an un-cancel or a reschedule takes them (D12, D28).
      if (
        change.status !== undefined ||
        change.slot !== undefined ||
        change.assignment !== undefined
      ) {
        const stored = this.#load(id);
        if (stored) this.#holdWindows(id, stored);
      }
      return true;
    });
    if (!store()) return null;
    return this.#changed(this.#load(id));
  }

  /** Writes the windows an order holds (D28), from the order as stored: `orderHolds`'s rows. */
  #holdWindows(id: string, order: Omit<HoldingOrder, 'id'>): void {
    const statements = this.#statements;
    statements.dropHolds.run(id);
    for (const hold of orderHolds({ ...order, id })) {
      statements.insertHold.run(
        id,
        hold.date,
        hold.windowId,
        hold.crewId,
        hold.truckId,
        order.dropoffGovernorateId,
        order.dropoffDistrictId,
      );
    }
  }

  /** Who holds which window on the dates from `from` to `to` (D28): date → window → holders. */
  holdersBetween(from: string, to: string): Map<string, Record<string, SlotHolder[]>> {
    const rows = this.#statements.holdsBetween.all(from, to) as {
      order_id: string;
      date: string;
      window_id: string;
      crew_id: string | null;
      truck_id: string | null;
      dropoff_governorate_id: string | null;
      dropoff_district_id: string | null;
    }[];
    const byDate = new Map<string, Record<string, SlotHolder[]>>();
    for (const row of rows) {
      const day = byDate.get(row.date) ?? {};
      (day[row.window_id] ??= []).push({
        orderId: row.order_id,
        crewId: row.crew_id,
        truckId: row.truck_id,
        dropoff: row.dropoff_governorate_id
          ? { governorateId: row.dropoff_governorate_id, districtId: row.dropoff_district_id ?? '' }
          : null,
      });
      byDate.set(row.date, day);
    }
    return byDate;
  }

  /** The orders a crew holds a window of between two dates (D28), with their histories. */
  ordersOfCrew(crewId: string, from: string, to: string): Order[] {
    const rows = this.#statements.ordersOfCrew.all(crewId, from, to) as OrderRow[];
    const histories = this.#histories(rows.map((row) => row.id));
    return rows.map((row) => toOrder(row, histories.get(row.id) ?? []));
  }

  /** Stores a delivery's proof and cash (D28), in the caller's transaction. */
  storeDelivery(delivery: DeliveryRecord): void {
    this.#statements.insertDelivery.run({ ...delivery });
  }

  deliveryOf(orderId: string): DeliveryRecord | null {
    const row = this.#statements.deliveryOf.get(orderId) as
      | {
          order_id: string;
          crew_id: string;
          received_by: string;
          signature: string | null;
          photo: string | null;
          cash_collected: number | null;
          tapped_at: string;
          at: string;
        }
      | undefined;
    return row
      ? {
          orderId: row.order_id,
          crewId: row.crew_id,
          receivedBy: row.received_by,
          signature: row.signature,
          photo: row.photo,
          cashCollected: row.cash_collected,
          tappedAt: row.tapped_at,
          at: row.at,
        }
      : null;
  }

  /** The refunds queue (D16): orders whose refund is due, the longest waiting first. */
  refundQueue(limit = 200): Order[] {
    const rows = this.#statements.refundQueue.all(limit) as OrderRow[];
    const histories = this.#histories(rows.map((row) => row.id));
    return rows.map((row) => toOrder(row, histories.get(row.id) ?? []));
  }

  /** True when the order existed. Its history goes with it (ON DELETE CASCADE). */
  remove(id: string): boolean {
    const removed = this.#statements.remove.get(id) as { order_number: string } | undefined;
    if (removed) this.#tracking.delete(removed.order_number);
    return removed !== undefined;
  }

  /**
   * Runs `work` in one transaction (a savepoint inside another), so that a change and what it
   * causes (the notification outbox, D10) commit together or not at all.
   */
  inTransaction<T>(work: () => T): T {
    return this.#db.transaction(work).immediate();
  }

  /**
   * Runs `work`, which only reads, in one read transaction: its statements see one state of the
   * database and share one lock, instead of each taking its own.
   */
  snapshot<T>(work: () => T): T {
    return this.#db.transaction(work).deferred();
  }

  /** Orders placed after `since` (an ISO instant): the admin desk's "new since you looked". */
  countCreatedSince(since: string): number {
    return (this.#statements.countCreatedSince.get(since) as { n: number }).n;
  }

  /** The customer asked for no more messages about this order (D10). False: no such order. */
  withdrawNotifyConsent(id: string, now: Date = new Date()): boolean {
    return this.#statements.withdrawConsent.run(now.toISOString(), id).changes > 0;
  }

  /** The transaction (or test reference) that paid the order; null when none did. */
  paymentReference(id: string): string | null {
    const row = this.#statements.paymentReference.get(id) as
      { payment_reference: string | null } | undefined;
    return row?.payment_reference ?? null;
  }

  /**
   * Sets an order's payment fields (a gateway's callback, a refund, a switch to cash: D3); the
   * fields not given keep their value. Null for an unknown order.
   */
  setPayment(
    id: string,
    change: {
      paymentStatus: PaymentStatus;
      paymentMethod?: PaymentMethod;
      paymentProvider?: PaymentProviderName;
      paymentReference?: string | null;
      refund?: OrderRefund | null;
    },
    now: Date = new Date(),
  ): Order | null {
    const before = this.#load(id);
    if (!before) return null;
    if (change.refund !== undefined) {
      this.#statements.setRefund.run(
        change.refund === null ? null : JSON.stringify(change.refund),
        now.toISOString(),
        id,
      );
    }
    this.#statements.setPayment.run({
      id,
      status: change.paymentStatus,
      method: change.paymentMethod ?? before.paymentMethod,
      provider: change.paymentProvider ?? before.paymentProvider,
      reference:
        change.paymentReference === undefined ? this.paymentReference(id) : change.paymentReference,
      at: now.toISOString(),
    });
    return this.#changed(this.#load(id));
  }

  /** After a change: the tracking view of the order is out of date. */
  #changed<T extends Order | null>(order: T): T {
    if (order) this.#tracking.delete(order.orderNumber);
    return order;
  }

  #load(id: string): Order | null {
    const row = this.#statements.byId.get(id) as OrderRow | undefined;
    return row ? toOrder(row, this.#history(id)) : null;
  }

  #history(orderId: string): StoredStatusChange[] {
    return (this.#statements.historyFor.all(orderId) as HistoryRow[]).map(storedChangeOf);
  }

  #histories(orderIds: string[]): Map<string, StoredStatusChange[]> {
    const byOrder = new Map<string, StoredStatusChange[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = this.#statements.historyForMany.all(JSON.stringify(orderIds)) as HistoryRow[];
    for (const row of rows) {
      const list = byOrder.get(row.order_id) ?? [];
      list.push(storedChangeOf(row));
      byOrder.set(row.order_id, list);
    }
    return byOrder;
  }
}
