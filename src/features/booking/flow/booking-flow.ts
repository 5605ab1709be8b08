import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { builtOnce } from '../../../domain/schema-fields';
import { paths } from '../../../config/paths';
import { isValidTime, isValidYmd } from '../../../domain/datetime';
import { findDistrict, findGovernorate } from '../../../domain/governorates';
import { isEgyptianMobile } from '../../../domain/phone';
import {
  FLOOR_MAX,
  FLOOR_MIN,
  HOUSING_TYPES,
  MOVE_TYPES,
  WORKERS_MAX,
  WORKERS_MIN,
  type Housing,
  type MoveType,
  type PriceBreakdown,
} from '../../../domain/pricing';
import { usePriceCatalog } from '../../../data/react/price-catalog';
import { customerInfoSchema, dateSelectionSchema } from '../../../domain/booking-schemas';
import type { Order, PaymentProviderName } from '../../../domain/order';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentStatus } from '../../../domain/status';
import { flowPrice, type FlowPrice } from './flow-price';

/**
 * Everything the booking screens hand to one another (spec section 3, "Flow state passed between
 * screens"). It lives in session storage (D7): a reload, a back button or a lost connection in the
 * middle of the flow loses nothing, and closing the tab forgets it.
 */
export interface BookingFlowState {
  /** The spec's city and district (where the move starts), as ids from src/domain/governorates. */
  governorateId?: string;
  districtId?: string;
  locationSource?: 'gps' | 'manual';
  /** Where the move ends (D11): chosen on /customer-info, the pickup's area until then. */
  dropoffGovernorateId?: string;
  dropoffDistrictId?: string;
  /** From /prices or the date screen. */
  moveType?: MoveType;
  /**
   * The total last carried or confirmed, kept as a record of what the customer was shown, with
   * the catalog version it came from (D11). No screen prices from it: they all read
   * flowPrice(state, catalog), computed from the choices below with the current catalog; when
   * that differs from what was confirmed, the customer is told before paying.
   */
  totalPrice?: number;
  catalogVersion?: number;
  fullName?: string;
  /** Canonical 01XXXXXXXXX. */
  phoneNumber?: string;
  pickupAddress?: string;
  dropoffAddress?: string;
  notes?: string;
  /** YYYY-MM-DD and HH:mm, Cairo wall time; the time is the chosen crew window's start (D12). */
  moveDate?: string;
  moveTime?: string;
  windowId?: string;
  windowEnd?: string;
  housing?: Housing;
  pickupFloor?: number;
  dropoffFloor?: number;
  workers?: number;
  /** The breakdown stored with the date screen's choice (a record, like totalPrice). */
  pricing?: PriceBreakdown;
  orderId?: string;
  orderNumber?: string;
  paid?: boolean;
  paymentMethod?: PaymentMethod;
  /**
   * The booking the saved order was placed for (D3): an order waiting for its online payment is
   * paid, or turned to cash, again rather than placed twice, unless the booking changed since.
   */
  orderFingerprint?: string;
  /** "Send me updates on WhatsApp/SMS" (D10): only when the customer ticked it. */
  notifyConsent?: boolean;
}

/**
 * The one session-storage key of the booking (D7). Its value is the flow's fields, flat (so a
 * seeded or hand-edited flow reads as it looks), plus `drafts` (what a step's form holds before
 * it is submitted) and `confirmation` (the last order placed, which outlives the flow).
 */
export const BOOKING_STORAGE_KEY = 'afsh.booking';

// ---------------------------------------------------------------------------------------------
// Reading and writing, validated field by field

// Built when first needed, not at module load: a visitor with no booking stored (most of those
// who open the location page) never needs them, and building them all was a long task there.
const text = (max: number) => z.string().max(max);
const amount = () => z.number().finite().min(0).max(1_000_000);
const floor = () => z.number().int().min(FLOOR_MIN).max(FLOOR_MAX);

const version = () => z.number().int().min(1).max(1_000_000);

// A flow stored by an older release has no distance figures: a record, so zeros do no harm.
const pricingSchema = () =>
  z.object({
    base: amount(),
    floorsSurcharge: amount(),
    workersExtra: amount(),
    floorFee: amount(),
    workerExtraPerHead: amount(),
    distanceKm: amount().default(0),
    includedKm: amount().default(0),
    perKm: amount().default(0),
    distanceFee: amount().default(0),
    total: amount(),
    catalogVersion: version().default(1),
  });

type FieldSchemas = { [K in keyof BookingFlowState]-?: z.ZodType<BookingFlowState[K]> };
let fieldSchemas: FieldSchemas | undefined;

/**
 * Storage can be edited by hand, left over from an older release or simply corrupt. Each field is
 * checked alone: a bad one is dropped and the rest survive, so one stale value never throws away
 * the customer's name and addresses.
 */
const schemasOfFields = (): FieldSchemas =>
  (fieldSchemas ??= {
    governorateId: text(64),
    districtId: text(64),
    locationSource: z.enum(['gps', 'manual']),
    dropoffGovernorateId: text(64),
    dropoffDistrictId: text(64),
    moveType: z.enum(MOVE_TYPES),
    totalPrice: amount(),
    catalogVersion: version(),
    fullName: text(200),
    phoneNumber: z.string().refine(isEgyptianMobile),
    pickupAddress: text(600),
    dropoffAddress: text(600),
    notes: text(2000),
    moveDate: z.string().refine(isValidYmd),
    moveTime: z.string().refine(isValidTime),
    windowId: text(40),
    windowEnd: z.string().refine(isValidTime),
    housing: z.enum(HOUSING_TYPES),
    pickupFloor: floor(),
    dropoffFloor: floor(),
    workers: z.number().int().min(WORKERS_MIN).max(WORKERS_MAX),
    pricing: pricingSchema(),
    orderId: text(200),
    orderNumber: text(64),
    paid: z.boolean(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    orderFingerprint: text(4000),
    notifyConsent: z.boolean(),
  });

/** Keeps the well-formed fields of any value; anything that is not an object gives {}. */
export function sanitizeBookingFlow(raw: unknown): BookingFlowState {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const state: Record<string, unknown> = {};
  const schemas = schemasOfFields();
  for (const field of Object.keys(schemas) as (keyof BookingFlowState)[]) {
    if (!Object.prototype.hasOwnProperty.call(source, field)) continue;
    const parsed = schemas[field].safeParse(source[field]);
    if (parsed.success && parsed.data !== undefined) state[field] = parsed.data;
  }
  // A district only means something inside its governorate.
  if (
    state.districtId !== undefined &&
    !findDistrict(state.governorateId as string, state.districtId as string)
  ) {
    delete state.districtId;
  }
  if (state.governorateId !== undefined && !findGovernorate(state.governorateId as string)) {
    delete state.governorateId;
    delete state.districtId;
  }
  // The drop-off area travels as a pair of real ids, or not at all (then it is the pickup's).
  if (!findDistrict(state.dropoffGovernorateId as string, state.dropoffDistrictId as string)) {
    delete state.dropoffGovernorateId;
    delete state.dropoffDistrictId;
  }
  return state as BookingFlowState;
}

/** Merges a patch; a field set to undefined is removed. */
export function mergeBookingFlow(
  state: BookingFlowState,
  patch: Partial<BookingFlowState>,
): BookingFlowState {
  const next: Record<string, unknown> = { ...state };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return sanitizeBookingFlow(next);
}

// ---------------------------------------------------------------------------------------------
// Drafts: what a step's form holds before Next, so a reload does not wipe a half-filled form

/** The date screen's form fields (the team size is a stepper of its own). */
export const DATE_FIELDS = [
  'moveDate',
  'moveTime',
  'moveType',
  'housing',
  'pickupFloor',
  'dropoffFloor',
] as const;

/** The fields each step may keep as typed text; anything else read back is dropped. */
export const DRAFT_FIELDS = {
  /** The estimator's answers (/move-type), kept for a Back or a reload before /prices. */
  estimate: ['moveType', 'workers', 'housing', 'pickupFloor', 'dropoffFloor'],
  customerInfo: [
    'fullName',
    'phoneNumber',
    'pickupAddress',
    'dropoffAddress',
    'notes',
    'dropoffGovernorateId',
    'dropoffDistrictId',
  ],
  dateSelection: [...DATE_FIELDS, 'workers', 'windowId', 'windowEnd'],
} as const;
export type DraftStep = keyof typeof DRAFT_FIELDS;
export type StepDraft<S extends DraftStep> = Partial<
  Record<(typeof DRAFT_FIELDS)[S][number], string>
>;
export type BookingDrafts = { [S in DraftStep]?: StepDraft<S> };

/** The date screen's fields that an estimate from /move-type or /prices decides. */
const ESTIMATED_DRAFT_FIELDS: readonly string[] = [
  'moveType',
  'housing',
  'pickupFloor',
  'dropoffFloor',
  'workers',
];

const DRAFT_TEXT_MAX = 2000;

function sanitizeDraft(step: DraftStep, raw: unknown): Record<string, string> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const source = raw as Record<string, unknown>;
  const draft: Record<string, string> = {};
  for (const field of DRAFT_FIELDS[step]) {
    const value = Object.prototype.hasOwnProperty.call(source, field) ? source[field] : undefined;
    if (typeof value === 'string' && value.length <= DRAFT_TEXT_MAX) draft[field] = value;
  }
  return Object.keys(draft).length > 0 ? draft : undefined;
}

export function sanitizeDrafts(raw: unknown): BookingDrafts {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const drafts: Record<string, unknown> = {};
  for (const step of Object.keys(DRAFT_FIELDS) as DraftStep[]) {
    const draft = sanitizeDraft(step, (raw as Record<string, unknown>)[step]);
    if (draft) drafts[step] = draft;
  }
  return drafts as BookingDrafts;
}

// ---------------------------------------------------------------------------------------------
// Confirmation: what /confirmation shows, kept after the flow is cleared so a reload still finds it

export const confirmationSchema = builtOnce(() =>
  z.object({
    orderId: z.string().min(1).max(200),
    orderNumber: z.string().min(1).max(64),
    paid: z.boolean(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    totalPrice: z.number().finite().min(0),
    /**
     * No money moved (D3): the test provider, or the gateway's test account. Absent in summaries
     * kept from before gateways, when every card was the test provider's.
     */
    testMode: z.boolean().optional(),
    /** When and where (D11, D12); absent in a confirmation kept by an older release. */
    move: z
      .object({
        date: z.string().refine(isValidYmd),
        start: z.string().refine(isValidTime),
        end: z.string().refine(isValidTime).nullable(),
        governorateId: text(64),
        districtId: text(64),
        dropoffGovernorateId: text(64),
        dropoffDistrictId: text(64),
      })
      .optional(),
  }),
);
export type ConfirmationSummary = z.infer<ReturnType<typeof confirmationSchema>>;

/** Whether the confirmation says no money moved: a card without `testMode` is a test one. */
export function confirmationTestMode(summary: ConfirmationSummary): boolean {
  return summary.testMode ?? summary.paymentMethod === 'card';
}

/**
 * What /confirmation shows of an order as the backend answered it, wherever the booking ended:
 * the payment step (cash, a test card) or the way back from the gateway. `gatewayTestMode`: the
 * gateway runs on its test account.
 */
export function confirmationOf(
  order: {
    orderId: string;
    orderNumber: string;
    paymentStatus: PaymentStatus;
    paymentMethod: PaymentMethod;
    paymentProvider: PaymentProviderName;
    totalPrice: number;
  } & Partial<
    Pick<
      Order,
      | 'moveDate'
      | 'moveTime'
      | 'timeWindow'
      | 'governorateId'
      | 'districtId'
      | 'dropoffGovernorateId'
      | 'dropoffDistrictId'
    >
  >,
  gatewayTestMode: boolean,
): ConfirmationSummary {
  const { moveDate, moveTime, governorateId, districtId } = order;
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    paid: order.paymentStatus === 'paid',
    paymentMethod: order.paymentMethod,
    totalPrice: order.totalPrice,
    testMode:
      order.paymentProvider === 'test' || (order.paymentProvider !== 'cash' && gatewayTestMode),
    // When and where, when the answer is the whole order (the way back from the gateway has only
    // its payment, and the confirmation then leaves them out).
    ...(moveDate && moveTime && governorateId && districtId
      ? {
          move: {
            date: moveDate,
            start: moveTime,
            end: order.timeWindow?.end ?? null,
            governorateId,
            districtId,
            dropoffGovernorateId: order.dropoffGovernorateId ?? governorateId,
            dropoffDistrictId: order.dropoffDistrictId ?? districtId,
          },
        }
      : {}),
  };
}

export function parseConfirmation(value: unknown): ConfirmationSummary | null {
  const parsed = confirmationSchema().safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// The stored value, read and written whole

interface BookingStore {
  flow: BookingFlowState;
  drafts: BookingDrafts;
  confirmation: ConfirmationSummary | null;
}

const EMPTY_STORE: BookingStore = { flow: {}, drafts: {}, confirmation: null };

function defaultStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Access to storage throws when the browser blocks it (privacy settings, sandboxed frames).
    return undefined;
  }
}

function readRaw(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(BOOKING_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Each part is checked on its own: a corrupt draft never costs the customer their flow. */
function parseStore(raw: string | null): BookingStore {
  if (!raw) return EMPTY_STORE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_STORE;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY_STORE;
  const { drafts, confirmation } = value as Record<string, unknown>;
  return {
    flow: sanitizeBookingFlow(value),
    drafts: sanitizeDrafts(drafts),
    confirmation: parseConfirmation(confirmation),
  };
}

/** Used when session storage is unavailable, so the booking still works within one page load. */
let memory: BookingStore = EMPTY_STORE;

function readStore(storage: Storage | undefined = defaultStorage()): BookingStore {
  return storage ? parseStore(readRaw(storage)) : memory;
}

function writeStore(store: BookingStore, storage: Storage | undefined = defaultStorage()): void {
  const clean: BookingStore = {
    flow: sanitizeBookingFlow(store.flow),
    drafts: sanitizeDrafts(store.drafts),
    confirmation: parseConfirmation(store.confirmation),
  };
  const value: Record<string, unknown> = { ...clean.flow };
  if (Object.keys(clean.drafts).length > 0) value.drafts = clean.drafts;
  if (clean.confirmation) value.confirmation = clean.confirmation;
  try {
    storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the in-memory copy below still carries the booking for this visit.
  }
  memory = clean;
  notify();
}

function changeStore(
  change: (store: BookingStore) => BookingStore,
  storage: Storage | undefined = defaultStorage(),
): void {
  writeStore(change(readStore(storage)), storage);
}

export function readBookingFlow(storage: Storage | undefined = defaultStorage()): BookingFlowState {
  return readStore(storage).flow;
}

/** Replaces the flow; drafts and the last confirmation stay. */
export function writeBookingFlow(
  state: BookingFlowState,
  storage: Storage | undefined = defaultStorage(),
): void {
  changeStore((store) => ({ ...store, flow: state }), storage);
}

/** Forgets the flow and its drafts; the last confirmation stays for a reload of /confirmation. */
export function clearBookingFlow(storage: Storage | undefined = defaultStorage()): void {
  changeStore((store) => ({ ...EMPTY_STORE, confirmation: store.confirmation }), storage);
}

export function updateBookingFlow(patch: Partial<BookingFlowState>): BookingFlowState {
  const next = mergeBookingFlow(readBookingFlow(), patch);
  writeBookingFlow(next);
  return next;
}

export function readStepDraft<S extends DraftStep>(
  step: S,
  storage: Storage | undefined = defaultStorage(),
): StepDraft<S> {
  return (readStore(storage).drafts[step] ?? {}) as StepDraft<S>;
}

export function writeStepDraft<S extends DraftStep>(
  step: S,
  draft: StepDraft<S> | undefined,
  storage: Storage | undefined = defaultStorage(),
): void {
  changeStore((store) => ({ ...store, drafts: { ...store.drafts, [step]: draft } }), storage);
}

export function readConfirmation(
  storage: Storage | undefined = defaultStorage(),
): ConfirmationSummary | null {
  return readStore(storage).confirmation;
}

export function writeConfirmation(
  summary: ConfirmationSummary,
  storage: Storage | undefined = defaultStorage(),
): void {
  changeStore((store) => ({ ...store, confirmation: summary }), storage);
}

// ---------------------------------------------------------------------------------------------
// The React side: one store, so every component on the page sees the same flow.

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedFlow: BookingFlowState = {};

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The flow, as one object for as long as its fields are the same: a keystroke saved in a draft
 * changes the stored text but must not re-render every screen that reads the flow.
 */
function flowSnapshot(): BookingFlowState {
  const storage = defaultStorage();
  const raw = storage ? readRaw(storage) : JSON.stringify(memory);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const flow = readStore(storage).flow;
    if (JSON.stringify(flow) !== JSON.stringify(cachedFlow)) cachedFlow = flow;
  }
  return cachedFlow;
}

export function useBookingFlow(): {
  state: BookingFlowState;
  update(patch: Partial<BookingFlowState>): void;
  reset(): void;
} {
  const state = useSyncExternalStore(subscribe, flowSnapshot, flowSnapshot);
  const update = useCallback((patch: Partial<BookingFlowState>) => {
    updateBookingFlow(patch);
  }, []);
  const reset = useCallback(() => clearBookingFlow(), []);
  return useMemo(() => ({ state, update, reset }), [state, update, reset]);
}

/** The flow's price breakdown and total under the current catalog, for any screen. */
export function useBookingPrice(): FlowPrice {
  const { state } = useBookingFlow();
  const catalog = usePriceCatalog();
  return useMemo(() => flowPrice(state, catalog), [state, catalog]);
}

// ---------------------------------------------------------------------------------------------
// State carried in from /prices (and /move-type through it)

const carriedSchema = builtOnce(() =>
  z.object({
    moveType: z.enum(MOVE_TYPES),
    totalPrice: amount().optional(),
    catalogVersion: version().optional(),
    workers: schemasOfFields().workers.optional(),
    housing: schemasOfFields().housing.optional(),
    pickupFloor: floor().optional(),
    dropoffFloor: floor().optional(),
    pricing: pricingSchema().optional(),
  }),
);

/** The flow after merging what /prices carried, or null when it carried nothing usable. */
export function adoptCarriedState(
  state: BookingFlowState,
  carried: unknown,
): BookingFlowState | null {
  const parsed = carriedSchema().safeParse(carried);
  if (!parsed.success) return null;
  // A new estimate after a finished booking starts a new booking.
  const base = state.orderId ? {} : state;
  const c = parsed.data;
  return mergeBookingFlow(base, {
    moveType: c.moveType,
    totalPrice: c.totalPrice,
    catalogVersion: c.catalogVersion,
    // Details estimated for another service would mislead: they travel only as a set.
    workers: c.workers,
    housing: c.housing,
    pickupFloor: c.pickupFloor,
    dropoffFloor: c.dropoffFloor,
    pricing: c.pricing,
  });
}

/**
 * Merges carried state into the store. A new estimate wins over what the date screen's draft
 * still holds for the same choices (type, housing, floors, workers); the date and time typed
 * there are kept. Returns false when the state carried nothing usable.
 */
export function adoptIntoStore(
  carried: unknown,
  storage: Storage | undefined = defaultStorage(),
): boolean {
  const store = readStore(storage);
  const flow = adoptCarriedState(store.flow, carried);
  if (!flow) return false;
  const finished = Boolean(store.flow.orderId);
  const dateDraft = Object.fromEntries(
    Object.entries(store.drafts.dateSelection ?? {}).filter(
      ([field]) => !ESTIMATED_DRAFT_FIELDS.includes(field),
    ),
  );
  writeStore(
    {
      flow,
      drafts: finished ? {} : { ...store.drafts, dateSelection: dateDraft },
      confirmation: store.confirmation,
    },
    storage,
  );
  return true;
}

/**
 * Merges the navigation state /prices passes ({ moveType, totalPrice, workers, housing, floors,
 * pricing }) into the store, then replaces the history entry without it: the store now holds
 * the choice, and a reload or a Back to this entry must not merge an old estimate again over a
 * choice made later on the date screen.
 */
export function useAdoptNavigationState(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const carried: unknown = location.state;
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (carried === null || carried === undefined) return;
    adoptIntoStore(carried);
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [carried, navigate, pathname, search, hash]);
}

// ---------------------------------------------------------------------------------------------
// Guards

export type BookingScreen = 'customerInfo' | 'dateSelection' | 'requestSummary' | 'payment';

function hasLocation(state: BookingFlowState): boolean {
  return findDistrict(state.governorateId, state.districtId) !== undefined;
}

function hasCustomerInfo(state: BookingFlowState): boolean {
  return customerInfoSchema().safeParse({
    fullName: state.fullName,
    phoneNumber: state.phoneNumber,
    pickupAddress: state.pickupAddress,
    dropoffAddress: state.dropoffAddress,
    notes: state.notes,
  }).success;
}

function hasDateSelection(state: BookingFlowState, now: Date): boolean {
  return (
    dateSelectionSchema(now).safeParse({
      moveDate: state.moveDate,
      moveTime: state.moveTime,
      moveType: state.moveType,
      housing: state.housing,
      pickupFloor: state.pickupFloor,
      dropoffFloor: state.dropoffFloor,
    }).success &&
    state.workers !== undefined &&
    state.totalPrice !== undefined
  );
}

/** Which step a screen needs: returns the path to send the customer to, or null when the state is enough. */
export function missingStepFor(
  screen: BookingScreen,
  state: BookingFlowState,
  now: Date = new Date(),
): string | null {
  const location = hasLocation(state);
  const customer = location && hasCustomerInfo(state);
  const date = customer && hasDateSelection(state, now);
  switch (screen) {
    case 'customerInfo':
      return location ? null : paths.selectCity;
    case 'dateSelection':
      if (!location) return paths.selectCity;
      return customer ? null : paths.customerInfo;
    case 'requestSummary':
      if (!location) return paths.selectCity;
      if (!customer) return paths.customerInfo;
      return date ? null : paths.dateSelection;
    case 'payment':
      // The spec: payment without its data goes back to the summary (which sends on further).
      return date ? null : paths.requestSummary;
  }
}
