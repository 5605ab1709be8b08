import { findDistrict } from '../../../domain/governorates';
import {
  clampFloor,
  clampWorkers,
  DEFAULT_MOVE_TYPE,
  isHousing,
  isMoveType,
  recommendedTeamSize,
  type Housing,
  type MoveType,
  type PriceBreakdown,
  type PriceCatalog,
} from '../../../domain/pricing';
import { orderPrice } from '../../../domain/booking-schemas';

/** The choices a booking is priced from, as the flow (or a step's form) holds them. */
export interface PriceChoice {
  /** Where the move starts and ends (D11); a drop-off area not given is the pickup's. */
  governorateId?: string;
  districtId?: string;
  dropoffGovernorateId?: string;
  dropoffDistrictId?: string;
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

/** The pickup and drop-off areas of a flow, when both are real places. */
export function flowRoute(choice: PriceChoice) {
  if (!findDistrict(choice.governorateId, choice.districtId)) return {};
  const dropoff = findDistrict(choice.dropoffGovernorateId, choice.dropoffDistrictId);
  return {
    governorateId: choice.governorateId!,
    districtId: choice.districtId!,
    ...(dropoff
      ? { dropoffGovernorateId: choice.dropoffGovernorateId, dropoffDistrictId: dropoff.id }
      : {}),
  };
}

/**
 * The one place the booking screens price a move (D4, D11): the date screen's live total, the
 * location badge, the summary, the payment page and the order sent to the server all read it,
 * with the current catalog, and it is built from the same domain functions the server checks
 * the total with. The estimator on /move-type prices with `estimatePrice` too, so the same
 * choices give the same total there (a route aside: the estimator knows none).
 */
export function flowPrice(choice: PriceChoice, catalog: PriceCatalog): FlowPrice {
  const moveType = isMoveType(choice.moveType) ? choice.moveType : null;
  const housing: Housing = isHousing(choice.housing) ? choice.housing : 'apartment';
  const pickupFloor = clampFloor(choice.pickupFloor ?? 0);
  const dropoffFloor = clampFloor(choice.dropoffFloor ?? 0);
  const priced = moveType ?? DEFAULT_MOVE_TYPE;
  const team = recommendedTeamSize(catalog, {
    moveType: priced,
    housing,
    pickupFloor,
    dropoffFloor,
  });
  const workers =
    choice.workers === undefined || choice.workers === '' ? team : clampWorkers(choice.workers);
  const breakdown = orderPrice(catalog, {
    moveType: priced,
    pickupFloor,
    dropoffFloor,
    workers,
    ...flowRoute(choice),
  });
  return {
    moveType,
    housing,
    pickupFloor,
    dropoffFloor,
    team,
    workers,
    breakdown,
    total: moveType ? breakdown.total : null,
  };
}
