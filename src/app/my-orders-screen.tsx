import { PhoneSignIn } from '../features/auth/components/phone-sign-in';
import { MyOrdersPage } from '../features/orders/components/my-orders-page';

/**
 * "My orders" with sign-in by mobile number in place (D13): a customer on another device, or
 * whose session ended, proves their number right there and sees every order booked for it.
 */
export function MyOrdersScreen() {
  return <MyOrdersPage SignIn={PhoneSignIn} />;
}
