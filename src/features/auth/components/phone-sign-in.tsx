import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { groupMobile } from '../../../components/ui/phone-number';
import { useFieldErrors } from '../../../components/ui/use-field-errors';
import type { CurrentUser } from '../../../data/port';
import { formatDigits } from '../../../domain/money';
import { toE164Egyptian } from '../../../domain/phone';
import { phoneCodeRequestSchema } from '../../../domain/phone-auth-schema';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useCodeRequest } from '../hooks/use-phone-code';
import { pendingFrom, recallCode, rememberCode, type PendingCode } from '../pending-code';
import { PhoneCodeStep } from './phone-code-step';
import './phone-sign-in.css';

const PHONE_EXAMPLE = '010 1234 5678';
const FIELDS = ['phone'] as const;

/**
 * Signing in with a mobile number (D13), the main way in: the number, then the code sent to it.
 * A new number is a new customer; a known one is its owner, with every order booked for it.
 * A code sent before the page was reloaded is typed where it was left.
 */
export function PhoneSignIn({ onSignedIn }: { onSignedIn?: (user: CurrentUser) => void }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const language = useDisplayLanguage();
  const id = useId();
  const request = useCodeRequest();
  // The code sent in this tab that still works, read once the page runs (storage and clock:
  // the prerendered HTML, and so the first render, has the number field).
  const [restored, setRestored] = useState<PendingCode | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored(recallCode());
  }, []);
  // The customer's own moves win over what was restored: null until they act.
  const [chosen, setChosen] = useState<{ pending: PendingCode | null } | null>(null);
  const pending = chosen ? chosen.pending : restored;
  const [phone, setPhone] = useState('');
  const inputId = `${id}-phone`;
  const idFor = useCallback(() => inputId, [inputId]);
  const errors = useFieldErrors({ fields: FIELDS, idFor });
  const numberRef = useRef<HTMLInputElement>(null);
  const [focusNumber, setFocusNumber] = useState(false);

  useEffect(() => {
    if (focusNumber && !pending) numberRef.current?.focus();
  }, [focusNumber, pending]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.sending) return;
    const parsed = phoneCodeRequestSchema.safeParse({ phone, language });
    if (!parsed.success) {
      errors.report(parsed.error, { focus: false });
      numberRef.current?.focus();
      return;
    }
    errors.clearAll();
    // A code for this number that still works is typed rather than asked for again.
    const earlier = recallCode(parsed.data.phone);
    if (earlier) {
      setChosen({ pending: earlier });
      return;
    }
    const sent = await request.send(phone);
    if ('problem' in sent) {
      numberRef.current?.focus();
      return;
    }
    const next = pendingFrom(sent.challenge);
    rememberCode(next);
    setChosen({ pending: next });
  };

  if (pending) {
    return (
      <PhoneCodeStep
        key={pending.challenge.challengeId}
        pending={pending}
        onVerified={(user) => onSignedIn?.(user)}
        onChangeNumber={() => {
          // The number the code went to, ready to correct.
          if (!phone) setPhone(groupMobile(pending.challenge.phone));
          setChosen({ pending: null });
          setFocusNumber(true);
        }}
      />
    );
  }

  return (
    <form className="auth-form phone-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      {request.problem && (
        <p className="alert alert-error" role="alert">
          {request.problem.text}
        </p>
      )}
      <div className="field">
        <label htmlFor={inputId}>{t('auth:phone.number')}</label>
        <input
          ref={numberRef}
          {...errors.inputProps('phone', { hint: true })}
          name="phone"
          className="input phone-number-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          maxLength={20}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            errors.clear('phone');
          }}
        />
        <p id={`${inputId}-hint`} className="field-hint">
          <Trans
            t={t}
            i18nKey="auth:phone.numberHint"
            values={{ example: formatDigits(PHONE_EXAMPLE, language) }}
            components={{ num: <bdi className="ltr-value ltr-digits" /> }}
          />
        </p>
        {errors.errorText('phone')}
      </div>
      <button
        type="submit"
        className="btn btn-primary btn-lg btn-block"
        disabled={request.sending !== null}
        aria-busy={request.sending !== null || undefined}
      >
        {request.sending ? t('auth:phone.sending') : t('auth:phone.send')}
      </button>
    </form>
  );
}

export interface PhoneVerificationProps {
  /** The number as the customer typed it (any digits). */
  phone: string;
  onVerified(user: CurrentUser): void;
  /** The customer wants to change the number: the screen that asked takes over again. */
  onCancel(): void;
}

/**
 * Proving a number already typed elsewhere (the booking's details, D13): sends the code as it
 * opens (or takes up one sent to that number in this tab that still works), then the code step.
 */
export function PhoneVerification({ phone, onVerified, onCancel }: PhoneVerificationProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const request = useCodeRequest();
  const { send } = request;
  const [pending, setPending] = useState<PendingCode | null>(null);
  const started = useRef(false);

  const start = async () => {
    const earlier = recallCode(toE164Egyptian(phone));
    if (earlier) {
      setPending(earlier);
      return;
    }
    const sent = await send(phone);
    if ('challenge' in sent) {
      const next = pendingFrom(sent.challenge);
      rememberCode(next);
      setPending(next);
    }
  };

  // Opened by the customer's "continue": the code goes out once, even if React mounts twice.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (pending) {
    return (
      <PhoneCodeStep
        key={pending.challenge.challengeId}
        pending={pending}
        onVerified={onVerified}
        onChangeNumber={onCancel}
      />
    );
  }
  if (request.problem) {
    return (
      <div className="phone-step">
        <p className="alert alert-error" role="alert">
          {request.problem.text}
        </p>
        <div className="phone-actions">
          <button type="button" className="btn btn-primary" onClick={() => void start()}>
            {t('auth:phone.send')}
          </button>
          <button type="button" className="btn btn-ghost phone-change" onClick={onCancel}>
            {t('auth:phone.changeNumber')}
          </button>
        </div>
      </div>
    );
  }
  return <LoadingStatus>{t('auth:phone.sending')}</LoadingStatus>;
}
