import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';
import { loginSchema } from '../../../domain/auth-schemas';
import { safeReturnPath } from '../../../config/return-path';
import './admin.css';

type Field = 'email' | 'password';

/** The message for "this account exists but is not an admin": the same as a wrong password. */
const NOT_ADMIN_KEY = 'errors:auth.invalidCredentials';

/**
 * /admin-login: a real admin account checked by the backend (D2); nothing about the admin ships
 * in the bundle. A customer's account is signed out again and told the spec's "email or password
 * incorrect", so the page does not reveal which accounts exist or are admins.
 */
export function AdminLoginPage() {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const port = useDataPort();
  const { user, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !found[field]) {
          found[field] = issue.message;
        }
      }
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const signedIn = await port.auth.signIn(parsed.data);
      if (!signedIn.isAdmin) {
        await port.auth.signOut().catch((error: unknown) => {
          console.error('Sign-out after a non-admin sign-in failed', error);
        });
        setSubmitting(false);
        setFailure(NOT_ADMIN_KEY);
        return;
      }
      void navigate(
        safeReturnPath(location.state, {
          fallback: paths.adminOrders,
          exclude: [paths.adminLogin],
        }),
        { replace: true },
      );
    } catch (error) {
      setSubmitting(false);
      setFailure(errorMessageKey(error, 'auth'));
    }
  };

  const field = (name: Field, type: 'email' | 'password', ref: typeof emailRef) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    return (
      <div className="field">
        <label htmlFor={inputId}>{t(`admin:login.${name}`)}</label>
        <input
          id={inputId}
          ref={ref}
          className="input"
          type={type}
          dir="ltr"
          autoComplete={type === 'email' ? 'username' : 'current-password'}
          spellCheck={false}
          autoCapitalize="none"
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? errorId : undefined}
        />
        {errors[name] && (
          <p id={errorId} className="field-error">
            {t(errors[name])}
          </p>
        )}
      </div>
    );
  };

  const alreadyAdmin = ready !== false && user?.isAdmin && !submitting;

  return (
    <div className="container-narrow page admin-login">
      <title>{t('admin:login.metaTitle')}</title>
      <div className="card admin-login-card">
        <h1>{t('admin:login.title')}</h1>
        {alreadyAdmin ? (
          <>
            <p>{t('admin:login.signedIn')}</p>
            <Link className="btn btn-primary btn-lg btn-block" to={paths.adminOrders}>
              {t('admin:login.openPanel')}
            </Link>
          </>
        ) : (
          <>
            <p className="muted">{t('admin:login.lead')}</p>
            {failure && (
              <div className="alert alert-error" role="alert">
                <strong>{t(ERROR_LABEL_KEYS.loginFailed)}</strong> {t(failure)}
              </div>
            )}
            <form className="admin-login-form" noValidate onSubmit={(e) => void onSubmit(e)}>
              {field('email', 'email', emailRef)}
              {field('password', 'password', passwordRef)}
              <button
                type="submit"
                className="btn btn-primary btn-lg btn-block"
                disabled={submitting}
                aria-busy={submitting || undefined}
              >
                {submitting ? t('admin:login.submitting') : t('admin:login.submit')}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
