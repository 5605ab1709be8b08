/**
 * An order and the rules that decide whether one can be placed or changed (docs/decisions.md
 * D2, D3, D5). The server and both DataPort adapters call these functions rather than keeping
 * their own copies, so a rule changes in one place.
 */
import type { BookedOn, BookedWindow, CapacityDraft, WindowLoad } from './capacity';
import { dayLoad, exceptionFor, resolveWindow } from './capacity';
import { cardKeysIn } from './card';
import { fieldsOfIssues, RuleViolation } from './errors';
import type { DisplayLanguage } from './locale';
import {
  cancellationPolicyFromStored,
  TERMS_BEFORE_POLICY,
  type CancellationPolicy,
} from './cancellation';
import { refundFromStored, type OrderRefund } from './refunds';
import type { OrderSort } from './order-query';
import type { HostedProviderName } from './payments';
import type { Housing, MoveType, PriceBreakdown, PriceCatalog } from './pricing';
import { CURRENCY } from './pricing';
import { orderPrice, orderRoute } from './booking-schemas';
import { orderInputSchema } from './order-input-schema';
import { VALIDATION_MESSAGES } from './validation-messages';
import { isMissing, storedObject, storedString } from './stored';
import type { createOrderInputSchema, OrderInput } from './booking-schemas';
import { assignmentFromStored, type Assignment } from './dispatch';
import { canCustomerCancel, INITIAL_ORDER_STATUS } from './status';
import type { OrderStatus, PaymentMethod, PaymentStatus } from './status';

export type StatusActor = 'system' | 'customer' | 'admin' | 'crew';

export interface StatusChange {
  status: OrderStatus;
  /** ISO 8601 instant (UTC); screens show it in Cairo wall time. */
  at: string;
  actor: StatusActor;
  /**
   * What the entry records beyond reaching `status` (D17): a going back, or a new date and window
   * (the status then is the one the order kept). Missing: a status change, as every entry was
   * before D17.
   */
  kind?: HistoryKind;
  /** Why (D17): a going back's reason, an admin's note on a reschedule. The owner reads it too. */
  reason?: string;
  /** A reschedule's date, time and window before and after (D17). */
  moved?: { from: MoveSlot; to: MoveSlot };
  /** The crew phone's id of the tap that made it (D28): the same tap sent again changes nothing. */
  tap?: string;
}

/** The kinds of history entry besides a status change (D17); a list that grows. */
export const HISTORY_KINDS = ['uncancelled', 'reopened', 'rescheduled'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** When a move is: its Cairo date, the time it starts, and the crew window it holds (D12). */
export interface MoveSlot {
  date: string;
  time: string;
  window: BookedWindow | null;
}

/** A history entry as a backend stored it: what D17 added may be missing (or null). */
export interface StoredStatusChange {
  status: OrderStatus;
  at: string;
  actor: StatusActor;
  kind?: unknown;
  reason?: unknown;
  moved?: unknown;
  tap?: unknown;
}

const STORED_HISTORY = 'status history';

function movedSlotOf(value: unknown, path: string): MoveSlot {
  const slot = storedObject(value, STORED_HISTORY, path);
  return {
    date: storedString(slot.date, STORED_HISTORY, `${path}.date`),
    time: storedString(slot.time, STORED_HISTORY, `${path}.time`),
    window: bookedWindowOf(slot.window),
  };
}

/**
 * A stored history entry as the domain's: an entry from before D17 has no kind, reason or move;
 * one of a kind this code does not know is kept as stored (a newer version wrote it). A field
 * there but of the wrong kind is broken data (`StoredDataError`).
 */
export function statusChangeFromStored(stored: StoredStatusChange): StatusChange {
  const change: StatusChange = { status: stored.status, at: stored.at, actor: stored.actor };
  if (!isMissing(stored.kind)) {
    change.kind = storedString(stored.kind, STORED_HISTORY, 'kind') as HistoryKind;
  }
  if (!isMissing(stored.reason)) {
    change.reason = storedString(stored.reason, STORED_HISTORY, 'reason');
  }
  if (!isMissing(stored.tap)) change.tap = storedString(stored.tap, STORED_HISTORY, 'tap');
  if (!isMissing(stored.moved)) {
    const moved = storedObject(stored.moved, STORED_HISTORY, 'moved');
    change.moved = {
      from: movedSlotOf(moved.from, 'moved.from'),
      to: movedSlotOf(moved.to, 'moved.to'),
    };
  }
  return change;
}

/**
 * Who took (or takes) the money: `cash` on delivery, the `test` provider (D3: no money moves), or
 * a real gateway (`HOSTED_PAYMENT_PROVIDERS`: the list a new gateway joins, D3).
 */
export type PaymentProviderName = 'test' | 'cash' | HostedProviderName;

/** A full order: readable only by its owner and by admins (D2). */
export interface Order {
  id: string;
  orderNumber: string;
  userId: string | null;
  fullName: string;
  phoneNumber: string;
  pickupAddress: string;
  dropoffAddress: string;
  /** Where the move starts (the pickup's area). */
  governorateId: string;
  districtId: string;
  /** Where it ends (D11); the pickup's area for a move inside one district. */
  dropoffGovernorateId: string;
  dropoffDistrictId: string;
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
  /** The crew window it holds (D12), as it was when booked; null for orders from before windows. */
  timeWindow: BookedWindow | null;
  totalPrice: number;
  currency: 'EGP';
  /** The catalog version it was priced with (D11), and its estimated distance and fee. */
  catalogVersion: number;
  distanceKm: number;
  distanceFee: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  paymentProvider: PaymentProviderName;
  status: OrderStatus;
  statusHistory: StatusChange[];
  /** ISO 8601 instant. */
  createdAt: string;
  /**
   * The language the customer booked in: their messages are in it (D10). Optional until the
   * hosted build stores it too; a backend that does not know it means Arabic.
   */
  language?: DisplayLanguage;
  /** The customer ticked "Send me updates on WhatsApp/SMS" (D10); unknown means no. */
  notifyConsent?: boolean;
  /**
   * The cancellation terms it was booked under (D16), copied from the catalog when placed; an
   * order from before the policy reads TERMS_BEFORE_POLICY (what its customer was told then).
   * Every stored order read back has it; optional for orders built in memory.
   */
  cancellationPolicy?: CancellationPolicy;
  /** What it owes back after a cancel and how it went back (D16); null: nothing owed. */
  refund?: OrderRefund | null;
  /**
   * Who does the move and which windows it holds (D28); null for an order from before dispatch
   * (it holds its window without a crew until the office assigns one) or one cancelled.
   */
  assignment?: Assignment | null;
}

/**
 * An order as a backend stored it, whichever version of this code wrote it: the fields every
 * version stored, and those added since, which older rows and documents lack (or hold null).
 * Each backend names its own columns or document fields and times; this is the one shape they
 * hand to `orderFromStored`.
 */
export interface StoredOrder extends Omit<
  Order,
  | 'userId'
  | 'dropoffGovernorateId'
  | 'dropoffDistrictId'
  | 'notes'
  | 'timeWindow'
  | 'currency'
  | 'catalogVersion'
  | 'distanceKm'
  | 'distanceFee'
  | 'paymentProvider'
  | 'language'
  | 'notifyConsent'
  | 'statusHistory'
  | 'cancellationPolicy'
  | 'refund'
  | 'assignment'
> {
  /** Each entry read through `statusChangeFromStored` (D17 added kinds, reasons and moves). */
  statusHistory: readonly StoredStatusChange[];
  userId?: string | null;
  /** D11: where the move ends; before it, moves stayed in the pickup's district. */
  dropoffGovernorateId?: string | null;
  dropoffDistrictId?: string | null;
  notes?: string | null;
  /** D12: the crew window it holds; before it, none. */
  timeWindow?: unknown;
  /** D11: the catalog version and distance it was priced with; before it, version 1 and none. */
  catalogVersion?: unknown;
  distanceKm?: unknown;
  distanceFee?: unknown;
  /** D3's providers; before them, cash for cash on delivery and the test provider for cards. */
  paymentProvider?: PaymentProviderName | null;
  /** D10: the language it was booked in and the consent to be told; before it, neither. */
  language?: unknown;
  notifyConsent?: unknown;
  /** D16: the terms it was booked under, and what it owes back; before it, neither. */
  cancellationPolicy?: unknown;
  refund?: unknown;
  /** D28: its crew, truck and windows; before it, none. */
  assignment?: unknown;
}

/** Who took the money of an order (or its public copy) stored before providers were recorded. */
export function paymentProviderOf(stored: {
  paymentMethod: PaymentMethod;
  paymentProvider?: PaymentProviderName | null;
}): PaymentProviderName {
  return stored.paymentProvider ?? (stored.paymentMethod === 'cod' ? 'cash' : 'test');
}

/** A stored crew window, or null when there is none (or only part of one). */
export function bookedWindowOf(value: unknown): BookedWindow | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, start, end } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof start === 'string' && typeof end === 'string'
    ? { id, start, end }
    : null;
}

const wholeOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * A stored order as the domain's `Order`: the one step the server's rows, the hosted build's
 * documents and the memory adapter are read back through (docs/architecture.md, "Stored data ages
 * well"). A field added after the order was written takes its default here, so adding one to
 * `Order` needs no backfill. Values of lists that grow (a move type, a status) are kept as stored,
 * even one this code does not know: reading never fails on them, the screens show the key.
 */
export function orderFromStored(stored: StoredOrder): Order {
  return {
    id: stored.id,
    orderNumber: stored.orderNumber,
    userId: stored.userId ?? null,
    fullName: stored.fullName,
    phoneNumber: stored.phoneNumber,
    pickupAddress: stored.pickupAddress,
    dropoffAddress: stored.dropoffAddress,
    governorateId: stored.governorateId,
    districtId: stored.districtId,
    dropoffGovernorateId: stored.dropoffGovernorateId ?? stored.governorateId,
    dropoffDistrictId: stored.dropoffDistrictId ?? stored.districtId,
    notes: stored.notes ?? '',
    moveType: stored.moveType,
    housing: stored.housing,
    pickupFloor: stored.pickupFloor,
    dropoffFloor: stored.dropoffFloor,
    workers: stored.workers,
    moveDate: stored.moveDate,
    moveTime: stored.moveTime,
    timeWindow: bookedWindowOf(stored.timeWindow),
    totalPrice: stored.totalPrice,
    currency: CURRENCY,
    catalogVersion: wholeOr(stored.catalogVersion, 1),
    distanceKm: wholeOr(stored.distanceKm, 0),
    distanceFee: wholeOr(stored.distanceFee, 0),
    paymentMethod: stored.paymentMethod,
    paymentStatus: stored.paymentStatus,
    paymentProvider: paymentProviderOf(stored),
    status: stored.status,
    statusHistory: stored.statusHistory.map(statusChangeFromStored),
    createdAt: stored.createdAt,
    ...(stored.language === 'ar' || stored.language === 'en' ? { language: stored.language } : {}),
    ...(typeof stored.notifyConsent === 'boolean' ? { notifyConsent: stored.notifyConsent } : {}),
    cancellationPolicy: cancellationPolicyFromStored(
      stored.cancellationPolicy,
      TERMS_BEFORE_POLICY,
    ),
    refund: refundFromStored(stored.refund),
    assignment: assignmentFromStored(stored.assignment),
  };
}

/**
 * A history entry as the public sees it (D2): what, when, by whom and what kind of entry (D17);
 * never an admin's reason.
 */
export type PublicStatusChange = Pick<StatusChange, 'status' | 'at' | 'actor' | 'kind'>;

/**
 * When the crew arrives (D12, D19): the window the order booked, HH:mm Cairo wall time; for an
 * order from before windows, its move time alone (`end` null). A window is the company's
 * timetable, not personal data, so the public view carries it.
 */
export interface MoveWindow {
  start: string;
  end: string | null;
}

/** The arrival window of an order: its booked window, or its time for one booked before them. */
export function moveWindowOf(order: Pick<Order, 'timeWindow' | 'moveTime'>): MoveWindow | null {
  if (order.timeWindow) return { start: order.timeWindow.start, end: order.timeWindow.end };
  return typeof order.moveTime === 'string' && order.moveTime !== ''
    ? { start: order.moveTime, end: null }
    : null;
}

/** A stored public copy's window: null for copies written before it was kept, or broken ones. */
export function moveWindowFromStored(value: unknown): MoveWindow | null {
  if (typeof value !== 'object' || value === null) return null;
  const { start, end } = value as Record<string, unknown>;
  if (typeof start !== 'string') return null;
  return { start, end: typeof end === 'string' ? end : null };
}

/**
 * What anyone with the order number may see: no name, phone, address or notes (D2). The route is
 * shown by governorate only; null where a backend does not keep it in its public copy.
 */
export interface PublicTracking {
  orderNumber: string;
  moveType: MoveType;
  governorateId: string | null;
  dropoffGovernorateId: string | null;
  totalPrice: number;
  currency: 'EGP';
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  /** Whose payment it is: a `test` one moved no money, and the tracker says so (D3). */
  paymentProvider: PaymentProviderName;
  status: OrderStatus;
  statusHistory: PublicStatusChange[];
  moveDate: string;
  /** When the crew arrives on `moveDate` (D19); null where a public copy predates it. */
  moveWindow: MoveWindow | null;
  /** The team leader's first name once a crew is assigned (D28); never a phone number. */
  crewName: string | null;
}

/**
 * A change to an order as the admin desk hears it live (D10): enough to count a new order,
 * announce it and reload the list, with no personal data (a notification may show it).
 */
export interface OrderChange {
  kind: 'created' | 'changed' | 'deleted';
  orderId: string;
  orderNumber: string;
  status?: OrderStatus;
  moveType?: MoveType;
  moveDate?: string;
  createdAt?: string;
}

/** The desk's view of `order` after a change of `kind`. */
export function orderChange(kind: OrderChange['kind'], order: Order): OrderChange {
  return {
    kind,
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    moveType: order.moveType,
    moveDate: order.moveDate,
    createdAt: order.createdAt,
  };
}

/** A window of the admin's crews calendar: its load and the orders holding it. */
export interface CalendarWindow extends WindowLoad {
  orders: Order[];
}

/** One day of the admin's crews calendar (D12): each window's load and the orders holding it. */
export interface CalendarDay {
  date: string;
  /** The exception's note when the day has one (a holiday, "Friday"). */
  note: string | null;
  windows: CalendarWindow[];
  /** Orders of the day in no current window (booked before the windows, or in one since removed). */
  others: Order[];
}

/**
 * The admins' calendar of `dates` (D12): each window's crews against the orders holding them,
 * with those orders; a day's other orders (booked before the windows, or in one since removed)
 * apart. Cancelled orders hold no crew and are left out.
 */
export function calendarOf(
  plan: CapacityDraft,
  dates: readonly string[],
  bookedOn: BookedOn,
  orders: readonly Order[],
  now: Date,
): CalendarDay[] {
  const byDate = new Map<string, Order[]>();
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    const list = byDate.get(order.moveDate) ?? [];
    list.push(order);
    byDate.set(order.moveDate, list);
  }
  return dates.map((date) => {
    const day = byDate.get(date) ?? [];
    const windows = dayLoad(plan, date, bookedOn(date), now).map((load) => ({
      ...load,
      orders: day.filter((order) => order.timeWindow?.id === load.id),
    }));
    const shown = new Set(windows.map((window) => window.id));
    return {
      date,
      note: exceptionFor(plan, date)?.note || null,
      windows,
      others: day.filter((order) => !order.timeWindow || !shown.has(order.timeWindow.id)),
    };
  });
}

export interface OrderAdminUpdate {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
}

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

export const ORDER_MESSAGES = {
  priceMismatch: 'validation:order.priceMismatch',
  pricesChanged: 'errors:order.pricesChanged',
  paymentDeclined: 'validation:payment.declined',
  notFound: 'errors:orderNotFound',
  notCancellable: 'errors:orderNotCancellable',
  permissionDenied: 'errors:permissionDenied',
  cardUnavailable: 'errors:payment.cardUnavailable',
  walletUnavailable: 'errors:payment.walletUnavailable',
} as const;

/** The test payment provider's tokens (D3): the browser issues them, every backend checks them. */
export const TEST_PAYMENT_TOKEN = /^test_ok_[A-Za-z0-9]{8,64}$/;

export function isTestPaymentToken(token: unknown): token is string {
  return typeof token === 'string' && TEST_PAYMENT_TOKEN.test(token);
}

export interface CheckedNewOrder {
  input: OrderInput;
  /** The card payment's token; only for `paymentMethod: 'card'` (D3). */
  paymentToken: string | undefined;
  /** The order's price under the catalog it was checked with (its version included). */
  price: PriceBreakdown;
  /** The crew window it asks for (D12). */
  window: BookedWindow;
  /** The catalog's cancellation policy (D16), which the order keeps. */
  policy: CancellationPolicy;
}

export interface NewOrderContext {
  /** The current catalog version (D11): the order is priced with it. */
  catalog: PriceCatalog;
  /** The current crews plan (D12): the order's window must be one of it. */
  plan: CapacityDraft;
  /** Fixes "today" for a backend with a fake clock; by default today is read at each call. */
  schema?: ReturnType<typeof createOrderInputSchema>;
}

/**
 * The refusal of an order priced with an older catalog version at another total (D11): the
 * screen shows the new total and asks the customer to confirm it; nothing changes silently.
 */
export function pricesChanged(price: PriceBreakdown): RuleViolation {
  return new RuleViolation(
    'failed-precondition',
    ORDER_MESSAGES.pricesChanged,
    { totalPrice: ORDER_MESSAGES.pricesChanged },
    { totalPrice: price.total, catalogVersion: price.catalogVersion },
  );
}

/**
 * The total an order proposes, judged against `catalog` (D2, D11): the catalog's own total is
 * accepted whatever version the customer saw (nothing changes for them); another total is a
 * "prices changed" when they saw an older version, and tampering (or a bug) when they saw this one.
 */
export function checkOrderTotal(input: OrderInput, catalog: PriceCatalog): PriceBreakdown {
  const price = orderPrice(catalog, input);
  if (input.totalPrice === price.total) return price;
  if (input.catalogVersion !== undefined && input.catalogVersion !== catalog.version) {
    throw pricesChanged(price);
  }
  throw new RuleViolation('invalid-argument', ORDER_MESSAGES.priceMismatch, {
    totalPrice: ORDER_MESSAGES.priceMismatch,
  });
}

/**
 * Inside the transaction that stores a new order (D11): a catalog version saved since the order
 * was checked must not slip in unseen. The same total under `current` is fine (the order keeps
 * the version it was checked with); another total is "prices changed", with the new one.
 */
export function checkStillPriced(
  checked: Pick<CheckedNewOrder, 'input' | 'price'>,
  current: PriceCatalog,
): void {
  if (current.version === checked.price.catalogVersion) return;
  checkOrderTotal(
    {
      ...checked.input,
      totalPrice: checked.price.total,
      catalogVersion: checked.price.catalogVersion,
    },
    current,
  );
}

/**
 * Everything that decides whether a new order's body may be stored, before any backend work:
 * no card data (D3), the shared schema, the total the current catalog gives (D2, D4, D11) and a
 * window of the current plan (D12). Whether an online method needs a token depends on the provider
 * (`checkPaymentToken`). Throws a RuleViolation with the field that is wrong. Whether the window
 * still has a free crew is the backend's to count, in the transaction that stores the order.
 */
export function checkNewOrder(body: unknown, context: NewOrderContext): CheckedNewOrder {
  const input = checkNewOrderInput(body, context.schema);
  const window = resolveWindow(context.plan, input);
  // The price is ours to compute; a different one means a stale page or tampering.
  const price = checkOrderTotal(input, context.catalog);
  const token = (body as { paymentToken?: unknown }).paymentToken;
  const paymentToken = typeof token === 'string' && token.length <= 200 ? token : undefined;
  return {
    input,
    paymentToken: input.paymentMethod === 'card' ? paymentToken : undefined,
    price,
    window: { id: window.id, start: window.start, end: window.end },
    policy: { ...context.catalog.cancellationPolicy },
  };
}

/**
 * The part of `checkNewOrder` that needs neither a catalog nor a plan: no card data (D3) and the
 * shared schema. A browser that cannot read the current plan checks this much before sending.
 */
export function checkNewOrderInput(
  body: unknown,
  schema: ReturnType<typeof createOrderInputSchema> = orderInputSchema,
): OrderInput {
  const cardKeys = cardKeysIn(body);
  if (cardKeys.length > 0) {
    throw new RuleViolation(
      'invalid-argument',
      VALIDATION_MESSAGES.invalid,
      Object.fromEntries(cardKeys.map((key) => [key, VALIDATION_MESSAGES.invalid])),
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    throw new RuleViolation(
      'invalid-argument',
      issues[0]?.message ?? VALIDATION_MESSAGES.invalid,
      fieldsOfIssues(issues),
    );
  }
  return parsed.data;
}

/**
 * A provider that approves a card in the browser (the `test` one, D3) needs its token with a card
 * order, and takes no wallet. Returns the token; throws the refusal.
 */
export function checkPaymentToken({ input, paymentToken }: CheckedNewOrder): string | undefined {
  if (input.paymentMethod === 'wallet') throw paymentMethodUnavailable('wallet');
  if (input.paymentMethod === 'card' && paymentToken === undefined) throw paymentDeclined();
  return paymentToken;
}

/** The refusal for an online method the deployment has no provider for. */
export function paymentMethodUnavailable(method: 'card' | 'wallet'): RuleViolation {
  const message =
    method === 'card' ? ORDER_MESSAGES.cardUnavailable : ORDER_MESSAGES.walletUnavailable;
  return new RuleViolation('failed-precondition', message, { paymentMethod: message });
}

/** The refusal for a card the provider did not accept. */
export function paymentDeclined(): RuleViolation {
  return new RuleViolation('invalid-argument', ORDER_MESSAGES.paymentDeclined, {
    paymentToken: ORDER_MESSAGES.paymentDeclined,
  });
}

/**
 * A new order's payment fields (D3): a card the provider approved while booking (the test
 * provider's token) is paid; an online payment on the provider's own page (`paymob`) waits for
 * its confirmation, and so does cash.
 */
export function newOrderPayment(
  method: PaymentMethod,
  onlineProvider: Exclude<PaymentProviderName, 'cash'> = 'test',
): { paymentStatus: PaymentStatus; paymentProvider: PaymentProviderName } {
  if (method === 'cod') return { paymentStatus: 'pending', paymentProvider: 'cash' };
  return {
    paymentStatus: onlineProvider === 'test' ? 'paid' : 'pending',
    paymentProvider: onlineProvider,
  };
}

/** Every order starts here, set by the system (D2, D5). */
export function initialStatusHistory(at: string): StatusChange[] {
  return [{ status: INITIAL_ORDER_STATUS, actor: 'system', at }];
}

/** A new order as every backend stores it, before its id and number are known. */
export function newOrderFields(
  checked: Pick<CheckedNewOrder, 'input' | 'price' | 'window' | 'policy'>,
  userId: string,
  payment: { paymentStatus: PaymentStatus; paymentProvider: PaymentProviderName },
  createdAt: string,
): Omit<Order, 'id' | 'orderNumber'> {
  const { input, price, window } = checked;
  const { to } = orderRoute(input);
  return {
    userId,
    fullName: input.fullName,
    phoneNumber: input.phoneNumber,
    pickupAddress: input.pickupAddress,
    dropoffAddress: input.dropoffAddress,
    governorateId: input.governorateId,
    districtId: input.districtId,
    dropoffGovernorateId: to.governorateId,
    dropoffDistrictId: to.districtId,
    notes: input.notes ?? '',
    moveType: input.moveType,
    housing: input.housing,
    pickupFloor: input.pickupFloor,
    dropoffFloor: input.dropoffFloor,
    workers: input.workers,
    moveDate: input.moveDate,
    moveTime: input.moveTime,
    timeWindow: { ...window },
    totalPrice: price.total,
    currency: CURRENCY,
    catalogVersion: price.catalogVersion,
    distanceKm: price.distanceKm,
    distanceFee: price.distanceFee,
    paymentMethod: input.paymentMethod,
    ...payment,
    status: INITIAL_ORDER_STATUS,
    statusHistory: initialStatusHistory(createdAt),
    createdAt,
    language: input.language ?? 'ar',
    notifyConsent: input.notifyConsent ?? false,
    // The terms its customer is shown from now on, whatever the company sets later (D16).
    cancellationPolicy: { ...checked.policy },
    refund: null,
    // Its crew and windows (D28): the backend that dispatches sets them in the same transaction;
    // until then it reads back as an order from before dispatch, and answers the same.
    assignment: null,
  };
}

/**
 * Only the customer whose order it is acts on it as its customer (cancels it, pays it, D2): an
 * order nobody owns is nobody's. Throws the refusal.
 */
export function checkOwner(order: Pick<Order, 'userId'>, userId: string): void {
  if (order.userId === null || order.userId !== userId) {
    throw new RuleViolation('permission-denied', ORDER_MESSAGES.permissionDenied);
  }
}

/**
 * A customer may cancel their own order, and only before the crew is on its way (D2). Admins
 * change statuses through the admin update instead. Throws the refusal.
 */
export function checkCustomerCancel(order: Pick<Order, 'userId' | 'status'>, userId: string): void {
  checkOwner(order, userId);
  if (!canCustomerCancel(order.status)) {
    throw new RuleViolation('failed-precondition', ORDER_MESSAGES.notCancellable);
  }
}

/** Owners and admins read a full order (D2); everyone else is refused. */
export function checkCanRead(
  order: Pick<Order, 'userId'>,
  reader: { id: string; isAdmin: boolean },
): void {
  if (!reader.isAdmin) checkOwner(order, reader.id);
}

/**
 * A history entry as the public sees it (D2, D17, D19): the status, when, who, and what kind of
 * entry; never a reason (the office's words about a customer) nor a reschedule's earlier slot.
 */
export function publicStatusChange(change: PublicStatusChange): PublicStatusChange {
  const { status, at, actor, kind } = change;
  return kind === undefined ? { status, at, actor } : { status, at, actor, kind };
}

/**
 * The public view of an order: what tracking by number shows anyone (D2). From an order its
 * arrival window is worked out (`timeWindow`, `moveTime`); a public copy gives its `moveWindow`.
 */
export function toPublicTracking(
  order: Pick<
    Order,
    | 'orderNumber'
    | 'moveType'
    | 'totalPrice'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'paymentProvider'
    | 'moveDate'
  > & {
    status: OrderStatus;
    statusHistory: readonly PublicStatusChange[];
  } & Pick<PublicTracking, 'governorateId' | 'dropoffGovernorateId'> &
    (Pick<Order, 'timeWindow' | 'moveTime'> | Pick<PublicTracking, 'moveWindow'>) & {
      crewName?: string | null;
    },
): PublicTracking {
  return {
    orderNumber: order.orderNumber,
    moveType: order.moveType,
    governorateId: order.governorateId,
    dropoffGovernorateId: order.dropoffGovernorateId,
    totalPrice: order.totalPrice,
    currency: CURRENCY,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    paymentProvider: order.paymentProvider,
    status: order.status,
    statusHistory: order.statusHistory.map(publicStatusChange),
    moveDate: order.moveDate,
    moveWindow: 'moveWindow' in order ? order.moveWindow : moveWindowOf(order),
    crewName: order.crewName ?? null,
  };
}
