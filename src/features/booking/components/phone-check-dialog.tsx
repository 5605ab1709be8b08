import { Suspense, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { keepTabInside } from '../../../components/ui/modal-focus';
import { groupMobile, PhoneNumber } from '../../../components/ui/phone-number';
import { PHONE_MESSAGES } from '../../../domain/phone-verification';
import type { PhoneVerifier, PhoneVerifierProps } from '../hooks/use-phone-check';
import '../../../components/ui/confirm-dialog.css';
import './phone-check-dialog.css';

/**
 * The code step over the details form (D13): a modal dialog, so the form stays as it was typed
 * behind it. Focus goes in as it opens and stays inside; Escape is "change the number".
 */
export function PhoneCheckDialog({
  Verifier,
  ...props
}: PhoneVerifierProps & { Verifier: PhoneVerifier }) {
  const { t } = useTranslation(['booking', 'errors']);
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);

  // The panel takes the focus until the code field is there to take it.
  useEffect(() => {
    panel.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      props.onCancel();
      return;
    }
    keepTabInside(event, panel.current);
  };

  return (
    <div className="confirm-backdrop phone-check-backdrop">
      <div
        ref={panel}
        className="confirm-panel phone-check-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-lead`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${ids}-title`} className="confirm-title">
          {t('customerInfo.verify.title')} <PhoneNumber value={groupMobile(props.phone)} />
        </h2>
        <div id={`${ids}-lead`} className="phone-check-lead">
          <p>{t(PHONE_MESSAGES.verificationRequired)}</p>
          <p className="field-hint">{t('customerInfo.verify.kept')}</p>
        </div>
        <Suspense fallback={<LoadingStatus>{t('customerInfo.verify.checking')}</LoadingStatus>}>
          <Verifier {...props} />
        </Suspense>
      </div>
    </div>
  );
}
