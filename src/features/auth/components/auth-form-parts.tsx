import type { ChangeEvent, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignedInNotice } from './signed-in-notice';

/**
 * The card every auth screen sits in: its title, and either the form or, for someone already
 * signed in to an account, who they are and a way out (titled "Your account", not "Log in").
 */
export function AuthCard({
  metaTitle,
  title,
  signedIn,
  children,
}: {
  metaTitle: string;
  title: string;
  /** Set when the notice replaces the form. */
  signedIn: { email: string | null; phone: string | null } | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-page container-narrow">
      <title>{signedIn ? t('signedIn.metaTitle') : metaTitle}</title>
      <div className="auth-card card">
        <h1>{signedIn ? t('signedIn.title') : title}</h1>
        {signedIn ? <SignedInNotice email={signedIn.email} phone={signedIn.phone} /> : children}
      </div>
    </div>
  );
}

/** Why the server refused: a bold label ("Login failed") then the reason. */
export function AuthFailure({ label, message }: { label: string; message: string }) {
  return (
    <div className="alert alert-error" role="alert">
      <strong>{label}</strong> {message}
    </div>
  );
}

export interface CredentialFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Translated message, shown under the field and announced with it. */
  error?: string | undefined;
  /** Ids of extra descriptions (tips, strength). */
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * What the email and password inputs share: both are typed left to right and never corrected,
 * capitalised or spell-checked; a message under the field (`${id}-error`) is announced with it.
 */
export function credentialInputProps({
  id,
  value,
  onChange,
  error,
  describedBy,
  inputRef,
}: Omit<CredentialFieldProps, 'label'>) {
  return {
    id,
    ref: inputRef,
    className: 'input',
    dir: 'ltr',
    spellCheck: false,
    autoCapitalize: 'none',
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error ? `${id}-error` : null, describedBy].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** The message under a credential field, with the id its input points to. */
export function CredentialError({
  fieldId,
  error,
}: {
  fieldId: string;
  error?: string | undefined;
}) {
  return error ? (
    <p id={`${fieldId}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

export function EmailField({ label, ...props }: CredentialFieldProps) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{label}</label>
      <input type="email" inputMode="email" autoComplete="email" {...credentialInputProps(props)} />
      <CredentialError fieldId={props.id} error={props.error} />
    </div>
  );
}

/** The form's one button; while the request runs it says so and cannot be pressed again. */
export function AuthSubmit({
  busy,
  disabled = busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  /** Defaults to `busy`; sign-up also stays disabled after success, while it redirects. */
  disabled?: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-lg btn-block"
      disabled={disabled}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

/** "No account yet? Sign up" and the other way round. */
export function AuthSwitch({ prompt, to, link }: { prompt: string; to: string; link: string }) {
  return (
    <p className="auth-switch">
      {prompt} <Link to={to}>{link}</Link>
    </p>
  );
}
