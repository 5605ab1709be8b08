import { PhoneSignIn } from '../features/auth/components/phone-sign-in';
import { CrewPage } from '../features/crew/components/crew-page';

/**
 * The team leader's phone (D28) with the auth feature's sign-in by mobile number in place (D13):
 * a leader is whoever proves the mobile number of an active crew's leader.
 */
export function CrewScreen() {
  return <CrewPage SignIn={PhoneSignIn} />;
}
