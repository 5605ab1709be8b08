import { useMemo } from 'react';
import { missingStepFor, type BookingFlowState, type BookingScreen } from '../flow/booking-flow';

/** Where to send the customer when this screen lacks the state it needs, or null. */
export function useBookingGuard(screen: BookingScreen, state: BookingFlowState): string | null {
  return useMemo(() => missingStepFor(screen, state), [screen, state]);
}
