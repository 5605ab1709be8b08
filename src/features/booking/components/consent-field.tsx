import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WhatsAppIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/**
 * "Send me updates on WhatsApp/SMS" (D10). Off until the customer ticks it: the law (151/2020)
 * asks for explicit consent and WhatsApp for an opt-in that names the business and the channel,
 * which a box ticked in advance is not. It says who writes, about what, and how to stop.
 */
export function ConsentField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('booking');
  const id = useId();
  return (
    <div className="consent-field">
      <input
        id={id}
        type="checkbox"
        className="consent-check"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="consent-label">
          <WhatsAppIcon className="consent-icon" />
          {t('customerInfo.consent.label')}
        </label>
        <p id={`${id}-hint`} className="field-hint">
          <Trans
            t={t}
            i18nKey="customerInfo.consent.hint"
            components={{ policy: <Link to={paths.privacy} /> }}
          />
        </p>
      </div>
    </div>
  );
}
