import { PhoneVerification } from '../features/auth/components/phone-sign-in';
import { CustomerInfoPage } from '../features/booking/components/customer-info-page';

/**
 * The booking's details step with the auth feature's code step (D13): Next proves the mobile
 * number typed there before the crew is held. The two features meet here, not in each other.
 */
export function CustomerInfoScreen() {
  return <CustomerInfoPage phoneVerifier={PhoneVerification} />;
}
