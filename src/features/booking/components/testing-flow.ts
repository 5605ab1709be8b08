// Test fixture: a booking filled in up to the payment step, as the booking screens leave it.
import { cairoToday } from '../../../domain/datetime';
import { expectedOrderTotal } from '../../../domain/booking-schemas';
import type { BookingFlowState } from '../flow/booking-flow';

export const dims = {
  moveType: 'full',
  housing: 'apartment',
  pickupFloor: 2,
  dropoffFloor: 1,
  workers: 3,
} as const;

export const COMPLETE_FLOW: BookingFlowState = {
  governorateId: 'cairo',
  districtId: 'maadi',
  ...dims,
  totalPrice: expectedOrderTotal(dims),
  fullName: 'Mona Ali',
  phoneNumber: '01012345678',
  pickupAddress: '12 Street 9, Maadi',
  dropoffAddress: '5 Tahrir Square, Downtown',
  notes: 'Fragile glass table',
  // A week ahead: inside the booking horizon whenever the test runs.
  moveDate: cairoToday(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)),
  moveTime: '10:30',
};
