import {
  clampFloor,
  clampWorkers,
  DEFAULT_MOVE_TYPE,
  estimatePrice,
  isHousing,
  isMoveType,
  recommendedTeamSize,
  type Housing,
  type MoveType,
  type PriceBreakdown,
} from '../../../domain/pricing';
import { expectedOrderTotal } from '../../../domain/schemas';

/** The choices a booking is priced from, as the flow (or a step's form) holds them. */
export interface PriceChoice {
  moveType?: MoveType | string;
  housing?: Housing | string;
  pickupFloor?: number | string;
  dropoffFloor?: number | string;
  /** Undefined (or '') until the customer picks a number: the team is then our recommendation. */
  workers?: number | string;
}

export interface FlowPrice {
  /** Null until a move type is chosen: the base and the total wait for it. */
  moveType: MoveType | null;
  housing: Housing;
  pickupFloor: number;
  dropoffFloor: number;
  /** The recommended team for these choices (D4). */
  team: number;
  /** The workers the order is priced with: the customer's choice, or the recommended team. */
  workers: number;
  /** Surcharges are meaningful before a type is chosen; the base is then the default type's. */
  breakdown: PriceBreakdown;
  total: number | null;
}

/**
 * The one place the booking screens price a move (D4): the date screen's live total, the
 * location badge, the summary, the payment page and the order sent to the server all read it, and
 * it is built from the same domain functions the server checks the total with. The estimator on
 * /move-type prices with `estimatePrice` too, so the same choices give the same total there.
 */
export function flowPrice(choice: PriceChoice): FlowPrice {
  const moveType = isMoveType(choice.moveType) ? choice.moveType : null;
  const housing: Housing = isHousing(choice.housing) ? choice.housing : 'apartment';
  const pickupFloor = clampFloor(choice.pickupFloor ?? 0);
  const dropoffFloor = clampFloor(choice.dropoffFloor ?? 0);
  const priced = moveType ?? DEFAULT_MOVE_TYPE;
  const team = recommendedTeamSize({ moveType: priced, housing, pickupFloor, dropoffFloor });
  const workers =
    choice.workers === undefined || choice.workers === '' ? team : clampWorkers(choice.workers);
  return {
    moveType,
    housing,
    pickupFloor,
    dropoffFloor,
    team,
    workers,
    breakdown: estimatePrice({ moveType: priced, pickupFloor, dropoffFloor, workers }),
    total: moveType ? expectedOrderTotal({ moveType, pickupFloor, dropoffFloor, workers }) : null,
  };
}
