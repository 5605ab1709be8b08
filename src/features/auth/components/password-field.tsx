import { useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'new-password' | 'current-password';
  /** Translated message, shown under the field and announced with it. */
  error?: string | undefined;
  /** Ids of extra descriptions (tips, strength). */
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle; passwords are never trimmed or changed. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  describedBy,
  inputRef,
}: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* Left to right like the password itself, so the toggle sits at the field's end in Arabic too. */}
      <div className="auth-password" dir="ltr">
        <input
          id={id}
          ref={inputRef}
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          dir="ltr"
          spellCheck={false}
          autoCapitalize="none"
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        <button
          type="button"
          className="auth-password-toggle"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
          <span className="visually-hidden">{t('password.show', { field: label })}</span>
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}
