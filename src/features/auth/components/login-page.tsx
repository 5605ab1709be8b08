import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';
import { loginSchema } from '../../../domain/schemas';
import { safeReturnPath } from '../redirect';
import { fieldErrors, serverFieldErrors } from './form-errors';
import { PasswordField } from './password-field';
import { SignedInNotice } from './signed-in-notice';
import './auth-page.css';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

/** /login: customer email and password (D7). Returns to the page that sent the visitor here. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const port = useDataPort();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const validate = (next: Record<Field, string>) => {
    const parsed = loginSchema.safeParse(next);
    return parsed.success ? {} : fieldErrors<Field>(parsed.error);
  };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(validate(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setTried(true);
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      ({ email: emailRef, password: passwordRef })[first].current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await port.auth.signIn({ email: values.email.trim(), password: values.password });
      void navigate(safeReturnPath(location.state), { replace: true });
    } catch (error) {
      setSubmitting(false);
      setErrors(serverFieldErrors(error, FIELDS));
      setFailure(errorMessageKey(error, 'auth'));
    }
  };

  const emailErrorId = `${id}-email-error`;
  const showNotice = user && !user.anonymous && !submitting && !tried;

  return (
    <div className="auth-page container-narrow">
      <title>{t('login.metaTitle')}</title>
      <div className="auth-card card">
        <h1>{t('login.title')}</h1>
        {showNotice ? (
          <SignedInNotice email={user.email} />
        ) : (
          <>
            <p className="muted">{t('login.lead')}</p>
            {failure && (
              <div className="alert alert-error" role="alert">
                <strong>{t(ERROR_LABEL_KEYS.loginFailed)}</strong> {t(failure)}
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
                autoComplete="current-password"
                error={errors.password ? t(errors.password) : undefined}
              />
              <button
                type="submit"
                className="btn btn-primary btn-lg btn-block"
                disabled={submitting}
                aria-busy={submitting || undefined}
              >
                {submitting ? t('login.submitting') : t('login.submit')}
              </button>
            </form>
            <p className="auth-switch">
              {t('login.noAccount')} <Link to={paths.signup}>{t('login.signupLink')}</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
