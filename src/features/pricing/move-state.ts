import { z } from 'zod';
import {
  estimatePrice,
  FLOOR_MAX,
  FLOOR_MIN,
  isHousing,
  isMoveType,
  PRICE_CATALOG,
  WORKERS_MAX,
  WORKERS_MIN,
  type Housing,
  type MoveType,
  type PriceBreakdown,
} from '../../domain/pricing';

/** What /move-type hands to /prices (spec section 3, "Flow state passed between screens"). */
export interface MoveTypeFlowState {
  moveType: MoveType;
  workers: number;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
  pricing: PriceBreakdown;
}

/** What /prices hands to /select-city. */
export type PricesFlowState =
  { moveType: MoveType; totalPrice: number } | (MoveTypeFlowState & { totalPrice: number });

const floor = z.number().int().min(FLOOR_MIN).max(FLOOR_MAX);

// Location state comes from history: it survives reloads, can be stale after a deploy and can be
// edited by hand. Only well-formed inputs are accepted; anything else means "no carried state".
const moveTypeInputSchema = z.object({
  moveType: z.custom<MoveType>(isMoveType),
  workers: z.number().int().min(WORKERS_MIN).max(WORKERS_MAX),
  housing: z.custom<Housing>(isHousing),
  pickupFloor: floor,
  dropoffFloor: floor,
});

/**
 * Reads carried move-type state, or null when it is missing or malformed. The carried `pricing`
 * is never trusted: it is recomputed from the inputs with the one catalog (D4), so a tampered or
 * outdated total cannot reach the order.
 */
export function readMoveTypeState(raw: unknown): MoveTypeFlowState | null {
  const parsed = moveTypeInputSchema.safeParse(raw);
  if (!parsed.success) return null;
  const input = parsed.data;
  return {
    moveType: input.moveType,
    workers: input.workers,
    housing: input.housing,
    pickupFloor: input.pickupFloor,
    dropoffFloor: input.dropoffFloor,
    pricing: estimatePrice(input),
  };
}

/**
 * The state /prices passes on. The carried details belong to the type they were estimated for:
 * when the customer picks another type here, only that type and its catalog price travel on, and
 * the date screen asks for housing and floors again.
 */
export function pricesContinueState(
  moveType: MoveType,
  carried: MoveTypeFlowState | null,
): PricesFlowState {
  if (carried && carried.moveType === moveType) {
    return { ...carried, moveType, totalPrice: carried.pricing.total };
  }
  return { moveType, totalPrice: PRICE_CATALOG[moveType] };
}
