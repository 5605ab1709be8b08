import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { LEGACY_ADMIN_FLAG_KEY, useSession } from '../../../data/react/session-context';
import { signupSchema } from '../../../domain/schemas';
import { fieldErrors, serverFieldErrors } from './form-errors';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { SignedInNotice } from './signed-in-notice';
import './auth-page.css';

type Field = 'email' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['email', 'password', 'confirmPassword'];

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
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [tried, setTried] = useState(false);
  const [status, setStatus] = useState<'idle' | 'submitting' | 'success'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const validate = (next: Record<Field, string>) => {
    const parsed = signupSchema.safeParse(next);
    return parsed.success ? {} : fieldErrors<Field>(parsed.error);
  };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt the messages follow the typing, so a fixed field clears at once.
    if (tried) setErrors(validate(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'idle') return;
    setTried(true);
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      ({ email: emailRef, password: passwordRef, confirmPassword: confirmRef })[
        first
      ].current?.focus();
      return;
    }
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
      setErrors(serverFieldErrors(error, FIELDS));
      setFailure(errorMessageKey(error, 'auth'));
    }
  };

  const emailErrorId = `${id}-email-error`;
  const tipsId = `${id}-tips`;
  const showNotice = user && !user.anonymous && status === 'idle' && !tried;

  return (
    <div className="auth-page container-narrow">
      <title>{t('signup.metaTitle')}</title>
      <div className="auth-card card">
        <h1>{t('signup.title')}</h1>
        {showNotice ? (
          <SignedInNotice email={user.email} />
        ) : (
          <>
            <p className="muted">{t('signup.lead')}</p>
            <p className="auth-note">{t('signup.ordersKept')}</p>
            {status === 'success' && (
              <p className="alert alert-success" role="status">
                {t('signup.success')}
              </p>
            )}
            {failure && (
              <div className="alert alert-error" role="alert">
                <strong>{t(ERROR_LABEL_KEYS.signupFailed)}</strong> {t(failure)}
              </div>
            )}
            <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
              <div className="field">
                <label htmlFor={`${id}-email`}>{t('fields.email')}</label>
                <input
                  id={`${id}-email`}
                  ref={emailRef}
                  className="input"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  dir="ltr"
                  spellCheck={false}
                  autoCapitalize="none"
                  value={values.email}
                  onChange={(e) => change('email')(e.target.value)}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? emailErrorId : undefined}
                />
                {errors.email && (
                  <p id={emailErrorId} className="field-error">
                    {t(errors.email)}
                  </p>
                )}
              </div>
              <PasswordField
                id={`${id}-password`}
                inputRef={passwordRef}
                label={t('fields.password')}
                value={values.password}
                onChange={change('password')}
                autoComplete="new-password"
                error={errors.password ? t(errors.password) : undefined}
                describedBy={tipsId}
              />
              <PasswordStrength id={tipsId} password={values.password} />
              <PasswordField
                id={`${id}-confirm`}
                inputRef={confirmRef}
                label={t('fields.confirmPassword')}
                value={values.confirmPassword}
                onChange={change('confirmPassword')}
                autoComplete="new-password"
                error={errors.confirmPassword ? t(errors.confirmPassword) : undefined}
              />
              <button
                type="submit"
                className="btn btn-primary btn-lg btn-block"
                disabled={status !== 'idle'}
                aria-busy={status === 'submitting' || undefined}
              >
                {status === 'submitting' ? t('signup.submitting') : t('signup.submit')}
              </button>
            </form>
            <p className="auth-switch">
              {t('signup.haveAccount')} <Link to={paths.login}>{t('signup.loginLink')}</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
