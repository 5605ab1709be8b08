import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ERROR_LABEL_KEYS } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { LEGACY_ADMIN_FLAG_KEY, useSession } from '../../../data/react/session-context';
import { signupSchema } from '../../../domain/auth-schemas';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthCard, AuthFailure, AuthSubmit, AuthSwitch, EmailField } from './auth-form-parts';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import './auth-page.css';

/** Long enough to read "Account created successfully" before the next page. */
export const SIGNUP_REDIRECT_DELAY_MS = 1200;

/**
 * /signup. The domain's signupSchema checks everything the server will (length, strength, the
 * confirmation) so the visitor hears about a weak password before anything is sent.
 */
export function SignupPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const port = useDataPort();
  const { user } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const form = useAuthForm(signupSchema, { email: '', password: '', confirmPassword: '' });
  const { values } = form;
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success'>('idle');
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'idle') return;
    if (!form.checkBeforeSubmit()) return;
    setStatus('submitting');
    try {
      const created = await port.auth.signUp({
        email: values.email.trim(),
        password: values.password,
      });
      try {
        localStorage.removeItem(LEGACY_ADMIN_FLAG_KEY);
      } catch {
        // Blocked storage has no stale flag to clear.
      }
      setStatus('success');
      redirectTimer.current = window.setTimeout(() => {
        void navigate(created.isAdmin ? paths.adminOrders : paths.home, { replace: true });
      }, SIGNUP_REDIRECT_DELAY_MS);
    } catch (error) {
      setStatus('idle');
      form.fail(error);
    }
  };

  const tipsId = `${id}-tips`;
  const showNotice = user && !user.anonymous && status === 'idle' && !form.tried;

  return (
    <AuthCard
      metaTitle={t('signup.metaTitle')}
      title={t('signup.title')}
      signedIn={showNotice ? user : null}
    >
      <p className="muted">{t('signup.lead')}</p>
      <p className="auth-note">{t('signup.ordersKept')}</p>
      {status === 'success' && (
        <p className="alert alert-success" role="status">
          {t('signup.success')}
        </p>
      )}
      {form.failure && (
        <AuthFailure label={t(ERROR_LABEL_KEYS.signupFailed)} message={t(form.failure)} />
      )}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <EmailField label={t('fields.email')} {...form.fieldProps('email')} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          describedBy={tipsId}
          {...form.fieldProps('password')}
        />
        <PasswordStrength id={tipsId} password={values.password} />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          {...form.fieldProps('confirmPassword')}
        />
        <AuthSubmit
          busy={status === 'submitting'}
          disabled={status !== 'idle'}
          label={t('signup.submit')}
          busyLabel={t('signup.submitting')}
        />
      </form>
      <AuthSwitch prompt={t('signup.haveAccount')} to={paths.login} link={t('signup.loginLink')} />
    </AuthCard>
  );
}
