import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../../../components/ui/icons';
import {
  CredentialError,
  credentialInputProps,
  type CredentialFieldProps,
} from './auth-form-parts';

interface PasswordFieldProps extends CredentialFieldProps {
  autoComplete: 'new-password' | 'current-password';
}

/** A password input with a show/hide toggle; passwords are never trimmed or changed. */
export function PasswordField({ label, autoComplete, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const { id } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* Left to right like the password itself, so the toggle sits at the field's end in Arabic too. */}
      <div className="auth-password" dir="ltr">
        <input
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          {...credentialInputProps(props)}
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
      <CredentialError fieldId={id} error={props.error} />
    </div>
  );
}
