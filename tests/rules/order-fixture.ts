import { expectedOrderTotal, type OrderInput } from '../../src/domain/schemas';

/** YYYY-MM-DD, `days` from now (UTC; far enough ahead that Cairo's date never matters). */
export function futureDate(days = 30): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A valid order as the booking flow sends it, priced by the catalog. `patch` may change the move
 * or the workers (the total follows) or set a total of its own.
 */
export function sampleOrderInput(patch: Partial<OrderInput> = {}): OrderInput {
  const move = {
    moveType: 'full' as const,
    housing: 'villa' as const,
    pickupFloor: 2,
    dropoffFloor: 3,
    workers: 4,
    ...patch,
  };
  return {
    fullName: 'منى عبد الرحمن',
    phoneNumber: '01012345678',
    pickupAddress: '12 شارع التحرير، الدقي',
    dropoffAddress: '5 شارع 9، المعادي',
    governorateId: 'cairo',
    districtId: 'maadi',
    notes: '',
    moveDate: futureDate(),
    moveTime: '10:30',
    paymentMethod: 'cod',
    ...move,
    totalPrice: patch.totalPrice ?? expectedOrderTotal(move),
  } as OrderInput;
}
