import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import './prices-changed-notice.css';

/**
 * "Prices changed" (D11): the total the customer confirmed, the new one, and a button to accept
 * it. Shown on the summary and the payment screen; nothing is paid at a total not seen here. It
 * is news, not an error (D22): no error box beside it, no red, a polite status that the screen
 * focuses, so a screen reader reads it at once.
 */
export const PricesChangedNotice = forwardRef<
  HTMLDivElement,
  { previous: number; current: number; onAccept: () => void }
>(function PricesChangedNotice({ previous, current, onAccept }, ref) {
  const { t } = useTranslation('booking');
  const language = useDisplayLanguage();
  return (
    <div ref={ref} tabIndex={-1} className="alert prices-changed" role="status">
      <p className="prices-changed-title">{t('pricesChanged.title')}</p>
      <p>
        {t('pricesChanged.body', {
          previous: formatMoney(previous, language),
          current: formatMoney(current, language),
        })}
      </p>
      <button type="button" className="btn btn-primary" onClick={onAccept}>
        {t('pricesChanged.accept', { current: formatMoney(current, language) })}
      </button>
    </div>
  );
});
