import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { groupMobile } from '../../../components/ui/phone-number';
import type { CurrentUser, PhoneCodeChannel } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDigits, formatNumber } from '../../../domain/money';
import { phoneCodeVerifySchema } from '../../../domain/phone-auth-schema';
import { PHONE_CODE_DIGITS } from '../../../domain/phone-verification';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import {
  useCodeRequest,
  usePhoneProblem,
  useSecondsUntil,
  type PhoneProblem,
} from '../hooks/use-phone-code';
import { forgetCode, pendingFrom, rememberCode, type PendingCode } from '../pending-code';
import './phone-sign-in.css';

export interface PhoneCodeStepProps {
  /** The code just sent (or sent earlier in this tab and still good). */
  pending: PendingCode;
  onVerified(user: CurrentUser): void;
  /** Back to the number. */
  onChangeNumber(): void;
}

/**
 * Typing the code sent to a mobile number (D13): where it went (WhatsApp, SMS, or only the
 * server's log when no provider is set up), a new code once the cooldown is over, by SMS
 * instead, or another number. The code is typed in any digits and shown left to right.
 */
export function PhoneCodeStep({ pending, onVerified, onChangeNumber }: PhoneCodeStepProps) {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const port = useDataPort();
  const id = useId();
  const describe = usePhoneProblem();
  const request = useCodeRequest();
  const [challenge, setChallenge] = useState(pending.challenge);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<PhoneProblem | null>(null);
  const [verifying, setVerifying] = useState(false);
  // The clock is read when a code arrives and by the countdown's timer, not while rendering.
  const [resendAt, setResendAt] = useState(pending.resendAt);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = useSecondsUntil(resendAt, now, setNow);
  // Bumped by every code sent, so the same sentence is announced again for a new code.
  const [sends, setSends] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const inFlight = useRef(false);

  // The code refused is selected, so typing the next replaces it; not once the customer has
  // begun typing another (the answer came while they typed: selecting would eat their digits).
  const focusCode = (refused?: string) =>
    requestAnimationFrame(() => {
      const field = codeRef.current;
      field?.focus();
      if (field && (refused === undefined || field.value === refused)) field.select();
    });

  // The code is what the customer came to type: the field has the focus as the step opens.
  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const shown = request.problem ?? problem;
  const codeInvalid = fieldError !== null || (shown?.onCode ?? false);
  const busy = verifying || request.sending !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    request.setProblem(null);
    setProblem(null);
    const parsed = phoneCodeVerifySchema.safeParse({ challengeId: challenge.challengeId, code });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'validation:phoneCode.invalid');
      focusCode();
      return;
    }
    setFieldError(null);
    inFlight.current = true;
    setVerifying(true);
    try {
      const user = await port.auth.verifyPhoneCode(parsed.data.challengeId, parsed.data.code);
      forgetCode();
      onVerified(user);
    } catch (error) {
      const found = describe(error);
      setProblem(found);
      // A dead code needs a new one: the way there has the focus if it is open already.
      if (found.needsNewCode && !resendRef.current?.disabled) {
        requestAnimationFrame(() => resendRef.current?.focus());
      } else {
        focusCode(code);
      }
    } finally {
      inFlight.current = false;
      setVerifying(false);
    }
  };

  const resend = async (channel?: PhoneCodeChannel) => {
    if (busy) return;
    setProblem(null);
    setFieldError(null);
    const sent = await request.send(challenge.phone, channel);
    const at = Date.now();
    setNow(at);
    if ('problem' in sent) {
      // Too soon after all (another tab asked): the server says when.
      const retry = sent.problem.retryAfterSeconds;
      if (retry) setResendAt(at + retry * 1000);
      return;
    }
    const next = pendingFrom(sent.challenge, at);
    rememberCode(next);
    setChallenge(next.challenge);
    setResendAt(next.resendAt);
    setSends((n) => n + 1);
    setCode('');
    focusCode();
  };

  const phone = formatDigits(groupMobile(challenge.phone), language);
  const errorId = `${id}-error`;
  const fieldErrorId = `${id}-field-error`;

  return (
    <div className="phone-step">
      {/* Where the code went, announced as each code is sent and read with the field. */}
      <p id={`${id}-sent`} className="phone-sent" role="status" key={sends}>
        <Trans
          t={t}
          i18nKey={`auth:phone.sent.${challenge.channel}`}
          values={{ phone }}
          components={{ num: <bdi className="ltr-value ltr-digits" /> }}
        />
      </p>
      {shown && (
        <p id={errorId} className="alert alert-error" role="alert">
          {shown.text}
        </p>
      )}
      <form className="auth-form phone-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label htmlFor={`${id}-code`}>{t('auth:phone.code')}</label>
          <input
            ref={codeRef}
            id={`${id}-code`}
            name="code"
            className="input phone-code-input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            spellCheck={false}
            // Room for spaces and direction marks pasted with the digits.
            maxLength={PHONE_CODE_DIGITS * 3}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (fieldError) setFieldError(null);
            }}
            aria-invalid={codeInvalid || undefined}
            aria-describedby={[
              fieldError ? fieldErrorId : shown?.onCode ? errorId : '',
              `${id}-hint`,
              `${id}-sent`,
            ]
              .filter(Boolean)
              .join(' ')}
          />
          <p id={`${id}-hint`} className="field-hint">
            {t('auth:phone.codeHint')}
          </p>
          {fieldError && (
            <p id={fieldErrorId} className="field-error">
              {t(fieldError)}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-lg btn-block"
          disabled={busy}
          aria-busy={verifying || undefined}
        >
          {verifying ? t('auth:phone.verifying') : t('auth:phone.verify')}
        </button>
      </form>
      <div className="phone-actions">
        <button
          ref={resendRef}
          type="button"
          className="btn btn-secondary"
          disabled={busy || secondsLeft > 0}
          aria-busy={request.sending === 'any' || undefined}
          onClick={() => void resend(challenge.channel === 'sms' ? 'sms' : undefined)}
        >
          {secondsLeft > 0
            ? t('auth:phone.resendIn', {
                count: secondsLeft,
                value: formatNumber(secondsLeft, language),
              })
            : t('auth:phone.resend')}
        </button>
        {challenge.channel === 'whatsapp' && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy || secondsLeft > 0}
            aria-busy={request.sending === 'sms' || undefined}
            onClick={() => void resend('sms')}
          >
            {t('auth:phone.sms')}
          </button>
        )}
        <button type="button" className="btn btn-ghost phone-change" onClick={onChangeNumber}>
          {t('auth:phone.changeNumber')}
        </button>
      </div>
    </div>
  );
}
