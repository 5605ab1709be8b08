import { cairoToday } from '../../src/domain/datetime.ts';
import { parseDecimal } from '../../src/domain/digits.ts';
import { FIRST_CATALOG } from '../../src/domain/pricing.ts';
import type { Housing, MoveType, PriceCatalog } from '../../src/domain/pricing.ts';
import { expectedOrderTotal } from '../../src/domain/booking-schemas.ts';

/** A Cairo date `days` from now, so fixtures never fall into the past. */
export function futureMoveDate(days = 7): string {
  return cairoToday(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
}

export interface OrderBodyOptions {
  moveType?: MoveType;
  housing?: Housing;
  pickupFloor?: number;
  dropoffFloor?: number;
}

/**
 * A valid POST /api/orders body (cash on delivery) with the price the server expects. Spread
 * `overrides` last; pass a new `totalPrice` together with changed price inputs, or use
 * `priced()` to recompute it.
 */
export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base = {
    fullName: 'Mona Hassan',
    phoneNumber: '01012345678',
    pickupAddress: '12 Abbas El Akkad St, Nasr City',
    dropoffAddress: '5 Road 9, Maadi',
    governorateId: 'cairo',
    districtId: 'nasr-city',
    notes: 'Fragile glass table',
    moveType: 'full' as MoveType,
    housing: 'apartment' as Housing,
    pickupFloor: 3,
    dropoffFloor: 2,
    workers: 3,
    moveDate: futureMoveDate(),
    moveTime: '10:30',
    paymentMethod: 'cod',
  };
  return priced({ ...base, ...overrides });
}

/**
 * Sets `totalPrice` to what the server will compute (the catalog with the body's own workers
 * and route; the first version unless `catalog` is given), unless the body already names one.
 */
export function priced(
  body: Record<string, unknown>,
  catalog: PriceCatalog = FIRST_CATALOG,
): Record<string, unknown> {
  if (body.totalPrice !== undefined) return body;
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : undefined);
  const total = expectedOrderTotal(
    {
      moveType: body.moveType as MoveType,
      pickupFloor: parseDecimal(body.pickupFloor),
      dropoffFloor: parseDecimal(body.dropoffFloor),
      workers: parseDecimal(body.workers),
      governorateId: text('governorateId'),
      districtId: text('districtId'),
      dropoffGovernorateId: text('dropoffGovernorateId'),
      dropoffDistrictId: text('dropoffDistrictId'),
    },
    catalog,
  );
  return { ...body, totalPrice: total };
}

export const TEST_CARD_TOKEN = 'test_ok_AbCdEf123456';
