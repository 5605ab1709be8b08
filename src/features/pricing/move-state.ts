import { z } from 'zod';
import {
  estimatePrice,
  FLOOR_MAX,
  FLOOR_MIN,
  isHousing,
  isMoveType,
  WORKERS_MAX,
  WORKERS_MIN,
  type Housing,
  type MoveType,
  type PriceBreakdown,
  type PriceCatalog,
} from '../../domain/pricing';

/** The estimator's answers: the size of the job, without a price. */
export interface MoveTypeInputs {
  moveType: MoveType;
  workers: number;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
}

/** What /move-type hands to /prices (spec section 3, "Flow state passed between screens"). */
export interface MoveTypeFlowState extends MoveTypeInputs {
  pricing: PriceBreakdown;
}

/** What /prices hands to /select-city. */
export type PricesFlowState =
  | { moveType: MoveType; totalPrice: number; catalogVersion: number }
  | (MoveTypeFlowState & { totalPrice: number; catalogVersion: number });

const floor = () => z.number().int().min(FLOOR_MIN).max(FLOOR_MAX);

// Location state comes from history: it survives reloads, can be stale after a deploy and can be
// edited by hand. Only well-formed inputs are accepted; anything else means "no carried state".
// Built on its first parse, not when the estimator's code loads.
const buildMoveTypeInputSchema = () =>
  z.object({
    moveType: z.custom<MoveType>(isMoveType),
    workers: z.number().int().min(WORKERS_MIN).max(WORKERS_MAX),
    housing: z.custom<Housing>(isHousing),
    pickupFloor: floor(),
    dropoffFloor: floor(),
  });
let moveTypeInputs: ReturnType<typeof buildMoveTypeInputSchema> | undefined;
const moveTypeInputSchema = () => (moveTypeInputs ??= buildMoveTypeInputSchema());

/** Carried estimator answers, or null when they are missing or malformed. */
export function readMoveTypeInputs(raw: unknown): MoveTypeInputs | null {
  // Nothing carried (a visit from a link): no schema to build.
  if (typeof raw !== 'object' || raw === null) return null;
  const parsed = moveTypeInputSchema().safeParse(raw);
  if (!parsed.success) return null;
  const { moveType, workers, housing, pickupFloor, dropoffFloor } = parsed.data;
  return { moveType, workers, housing, pickupFloor, dropoffFloor };
}

/**
 * Carried move-type state priced with `catalog`, or null when it is missing or malformed. A
 * carried `pricing` is never trusted: it is recomputed from the inputs with the current catalog
 * (D4, D11), so a tampered or outdated total cannot reach the order.
 */
export function readMoveTypeState(raw: unknown, catalog: PriceCatalog): MoveTypeFlowState | null {
  const inputs = readMoveTypeInputs(raw);
  return inputs ? { ...inputs, pricing: estimatePrice(catalog, inputs) } : null;
}

/**
 * The state /prices passes on. The carried details belong to the type they were estimated for:
 * when the customer picks another type here, only that type and its catalog price travel on, and
 * the date screen asks for housing and floors again.
 */
export function pricesContinueState(
  moveType: MoveType,
  carried: MoveTypeInputs | null,
  catalog: PriceCatalog,
): PricesFlowState {
  const catalogVersion = catalog.version;
  if (carried && carried.moveType === moveType) {
    const pricing = estimatePrice(catalog, carried);
    return { ...carried, moveType, pricing, totalPrice: pricing.total, catalogVersion };
  }
  return { moveType, totalPrice: catalog.base[moveType], catalogVersion };
}
