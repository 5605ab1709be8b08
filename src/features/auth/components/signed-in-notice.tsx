import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupMobile, PhoneNumber } from '../../../components/ui/phone-number';
import { paths } from '../../../config/paths';
import { errorMessageKey } from '../../../data/error-messages';
import { useSession } from '../../../data/react/session-context';

/**
 * Shown instead of a form to someone who already has an account session: who they are, by email
 * or, for a customer known by their mobile alone (D13), by number.
 */
export function SignedInNotice({ email, phone }: { email: string | null; phone: string | null }) {
  const { t } = useTranslation(['auth', 'errors']);
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onLogout = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await signOut();
    } catch (error) {
      setFailure(errorMessageKey(error, 'generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="auth-signed-in">
      <p role="status">
        {t('signedIn.as')}{' '}
        {email !== null || phone === null ? (
          <bdi className="ltr-value">{email ?? ''}</bdi>
        ) : (
          <PhoneNumber value={groupMobile(phone)} />
        )}
      </p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {t(failure)}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => void onLogout()}
        >
          {t('signedIn.logout')}
        </button>
        <Link className="btn btn-ghost" to={paths.home}>
          {t('signedIn.home')}
        </Link>
      </div>
    </div>
  );
}
