import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ERROR_LABEL_KEYS } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';
import { loginSchema } from '../../../domain/auth-schemas';
import { useAuthForm } from '../hooks/use-auth-form';
import { safeReturnPath } from '../../../config/return-path';
import { AuthCard, AuthFailure, AuthSubmit, AuthSwitch, EmailField } from './auth-form-parts';
import { PasswordField } from './password-field';
import { PhoneSignIn } from './phone-sign-in';
import './auth-page.css';

/**
 * /login: by mobile number first (D13), a code sent to it; email and password one tap away, for
 * accounts made that way and for the team (D7). Returns to the page that sent the visitor here.
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const port = useDataPort();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useAuthForm(loginSchema, { email: '', password: '' });
  const { values } = form;
  const [submitting, setSubmitting] = useState(false);
  const [withEmail, setWithEmail] = useState(false);
  const [signedInByPhone, setSignedInByPhone] = useState(false);
  // Switching the way in puts the focus on its first field (not on the page's first load).
  const switched = useRef(false);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (switched.current) body.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [withEmail]);
  const switchTo = (email: boolean) => {
    switched.current = true;
    setWithEmail(email);
  };
  const goBack = () => void navigate(safeReturnPath(location.state), { replace: true });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!form.checkBeforeSubmit()) return;
    setSubmitting(true);
    try {
      await port.auth.signIn({ email: values.email.trim(), password: values.password });
      goBack();
    } catch (error) {
      setSubmitting(false);
      form.fail(error);
    }
  };

  const showNotice = user && !user.anonymous && !submitting && !form.tried && !signedInByPhone;

  return (
    <AuthCard
      metaTitle={t('login.metaTitle')}
      title={t('login.title')}
      signedIn={showNotice ? user : null}
    >
      <div ref={body}>
        {withEmail ? (
          <>
            <h2 className="auth-subtitle">{t('phone.emailTitle')}</h2>
            <p className="muted">{t('phone.emailLead')}</p>
            {form.failure && (
              <AuthFailure label={t(ERROR_LABEL_KEYS.loginFailed)} message={t(form.failure)} />
            )}
            <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
              <EmailField label={t('fields.email')} {...form.fieldProps('email')} />
              <PasswordField
                label={t('fields.password')}
                autoComplete="current-password"
                {...form.fieldProps('password')}
              />
              <AuthSubmit
                busy={submitting}
                label={t('login.submit')}
                busyLabel={t('login.submitting')}
              />
            </form>
            <AuthSwitch
              prompt={t('login.noAccount')}
              to={paths.signup}
              link={t('login.signupLink')}
            />
          </>
        ) : (
          <>
            <h2 className="auth-subtitle">{t('phone.title')}</h2>
            <p className="muted">{t('phone.lead')}</p>
            <PhoneSignIn
              onSignedIn={() => {
                setSignedInByPhone(true);
                goBack();
              }}
            />
          </>
        )}
      </div>
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={() => switchTo(!withEmail)}>
          {withEmail ? t('phone.usePhone') : t('phone.useEmail')}
        </button>
      </p>
    </AuthCard>
  );
}
