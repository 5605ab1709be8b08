import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
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
import { customerInfoSchema, dateSelectionSchema } from '../../../domain/schemas';

/**
 * Everything the booking screens hand to one another (spec section 3, "Flow state passed between
 * screens"). It lives in session storage (D7): a reload, a back button or a lost connection in the
 * middle of the flow loses nothing, and closing the tab forgets it.
 */
export interface BookingFlowState {
  /** The spec's city and district, as ids from src/domain/governorates. */
  governorateId?: string;
  districtId?: string;
  locationSource?: 'gps' | 'manual';
  /** From /prices or the date screen. */
  moveType?: MoveType;
  totalPrice?: number;
  fullName?: string;
  /** Canonical 01XXXXXXXXX. */
  phoneNumber?: string;
  pickupAddress?: string;
  dropoffAddress?: string;
  notes?: string;
  /** YYYY-MM-DD and HH:mm, Cairo wall time. */
  moveDate?: string;
  moveTime?: string;
  housing?: Housing;
  pickupFloor?: number;
  dropoffFloor?: number;
  workers?: number;
  pricing?: PriceBreakdown;
  orderId?: string;
  orderNumber?: string;
  paid?: boolean;
  paymentMethod?: 'card' | 'cod';
}

export const BOOKING_STORAGE_KEY = 'afsh.booking';
/** Keys of history entries whose navigation state was already merged (see useAdoptNavigationState). */
const ADOPTED_KEY = 'afsh.booking.adopted';

// ---------------------------------------------------------------------------------------------
// Reading and writing, validated field by field

const text = (max: number) => z.string().max(max);
const amount = z.number().finite().min(0).max(1_000_000);
const floor = z.number().int().min(FLOOR_MIN).max(FLOOR_MAX);

const pricingSchema = z.object({
  base: amount,
  floorsSurcharge: amount,
  workersExtra: amount,
  floorFee: amount,
  workerExtraPerHead: amount,
  total: amount,
});

/**
 * Storage can be edited by hand, left over from an older release or simply corrupt. Each field is
 * checked alone: a bad one is dropped and the rest survive, so one stale value never throws away
 * the customer's name and addresses.
 */
const FIELD_SCHEMAS: { [K in keyof BookingFlowState]-?: z.ZodType<BookingFlowState[K]> } = {
  governorateId: text(64),
  districtId: text(64),
  locationSource: z.enum(['gps', 'manual']),
  moveType: z.enum(MOVE_TYPES),
  totalPrice: amount,
  fullName: text(200),
  phoneNumber: z.string().refine(isEgyptianMobile),
  pickupAddress: text(600),
  dropoffAddress: text(600),
  notes: text(2000),
  moveDate: z.string().refine(isValidYmd),
  moveTime: z.string().refine(isValidTime),
  housing: z.enum(HOUSING_TYPES),
  pickupFloor: floor,
  dropoffFloor: floor,
  workers: z.number().int().min(WORKERS_MIN).max(WORKERS_MAX),
  pricing: pricingSchema,
  orderId: text(200),
  orderNumber: text(64),
  paid: z.boolean(),
  paymentMethod: z.enum(['card', 'cod']),
};

const FIELDS = Object.keys(FIELD_SCHEMAS) as (keyof BookingFlowState)[];

/** Keeps the well-formed fields of any value; anything that is not an object gives {}. */
export function sanitizeBookingFlow(raw: unknown): BookingFlowState {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const source = raw as Record<string, unknown>;
  const state: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(source, field)) continue;
    const parsed = FIELD_SCHEMAS[field].safeParse(source[field]);
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
  return state as BookingFlowState;
}

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

function parseRaw(raw: string | null): BookingFlowState {
  if (!raw) return {};
  try {
    return sanitizeBookingFlow(JSON.parse(raw));
  } catch {
    return {};
  }
}

export function readBookingFlow(storage: Storage | undefined = defaultStorage()): BookingFlowState {
  return parseRaw(readRaw(storage));
}

export function writeBookingFlow(
  state: BookingFlowState,
  storage: Storage | undefined = defaultStorage(),
): void {
  try {
    storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(sanitizeBookingFlow(state)));
  } catch {
    // Full or blocked storage: the in-memory copy below still carries the flow for this visit.
  }
  memory = sanitizeBookingFlow(state);
  notify();
}

export function clearBookingFlow(storage: Storage | undefined = defaultStorage()): void {
  try {
    storage?.removeItem(BOOKING_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
  memory = {};
  notify();
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
// The React side: one store, so every component on the page sees the same flow.

const listeners = new Set<() => void>();
/** Used when session storage is unavailable, so the flow still works within one page load. */
let memory: BookingFlowState = {};
let cachedRaw: string | null | undefined;
let cachedState: BookingFlowState = {};

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): BookingFlowState {
  const storage = defaultStorage();
  if (!storage) return memory;
  const raw = readRaw(storage);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedState = parseRaw(raw);
  }
  return cachedState;
}

function currentFlow(): BookingFlowState {
  return defaultStorage() ? readBookingFlow() : memory;
}

export function updateBookingFlow(patch: Partial<BookingFlowState>): BookingFlowState {
  const next = mergeBookingFlow(currentFlow(), patch);
  writeBookingFlow(next);
  return next;
}

export function useBookingFlow(): {
  state: BookingFlowState;
  update(patch: Partial<BookingFlowState>): void;
  reset(): void;
} {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const update = useCallback((patch: Partial<BookingFlowState>) => {
    updateBookingFlow(patch);
  }, []);
  const reset = useCallback(() => clearBookingFlow(), []);
  return useMemo(() => ({ state, update, reset }), [state, update, reset]);
}

// ---------------------------------------------------------------------------------------------
// State carried in from /prices (and /move-type through it)

const carriedSchema = z.object({
  moveType: z.enum(MOVE_TYPES),
  totalPrice: amount.optional(),
  workers: FIELD_SCHEMAS.workers.optional(),
  housing: FIELD_SCHEMAS.housing.optional(),
  pickupFloor: floor.optional(),
  dropoffFloor: floor.optional(),
  pricing: pricingSchema.optional(),
});

/** The flow after merging what /prices carried, or null when it carried nothing usable. */
export function adoptCarriedState(
  state: BookingFlowState,
  carried: unknown,
): BookingFlowState | null {
  const parsed = carriedSchema.safeParse(carried);
  if (!parsed.success) return null;
  // A new estimate after a finished booking starts a new booking.
  const base = state.orderId ? {} : state;
  const c = parsed.data;
  return mergeBookingFlow(base, {
    moveType: c.moveType,
    totalPrice: c.totalPrice,
    // Details estimated for another service would mislead: they travel only as a set.
    workers: c.workers,
    housing: c.housing,
    pickupFloor: c.pickupFloor,
    dropoffFloor: c.dropoffFloor,
    pricing: c.pricing,
  });
}

function readAdopted(): string[] {
  try {
    const raw = defaultStorage()?.getItem(ADOPTED_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function rememberAdopted(key: string): void {
  try {
    defaultStorage()?.setItem(ADOPTED_KEY, JSON.stringify([...readAdopted(), key].slice(-20)));
  } catch {
    // Worst case the same carried state is merged again on reload: same values, no harm.
  }
}

/**
 * Merges the navigation state /prices passes ({ moveType, totalPrice, workers, housing, floors,
 * pricing }) into the flow, once per history entry: history state survives reloads and the back
 * button, and a choice made later on the date screen must not be overwritten by an old entry.
 */
export function useAdoptNavigationState(): void {
  const location = useLocation();
  const carried: unknown = location.state;
  const key = location.key;
  useEffect(() => {
    if (carried === null || carried === undefined) return;
    if (readAdopted().includes(key)) return;
    const next = adoptCarriedState(currentFlow(), carried);
    rememberAdopted(key);
    if (next) writeBookingFlow(next);
  }, [carried, key]);
}

// ---------------------------------------------------------------------------------------------
// Guards

export type BookingScreen = 'customerInfo' | 'dateSelection' | 'requestSummary' | 'payment';

function hasLocation(state: BookingFlowState): boolean {
  return findDistrict(state.governorateId, state.districtId) !== undefined;
}

function hasCustomerInfo(state: BookingFlowState): boolean {
  return customerInfoSchema.safeParse({
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
