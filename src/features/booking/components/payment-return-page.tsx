import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContactButtons } from '../../../components/ui/contact-buttons';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PageTitle } from '../../../components/ui/page-title';
import { PayNow } from '../../../components/ui/pay-now';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { usePaymentReturn } from '../hooks/use-payment-return';
import '../../../components/ui/page-header.css';
import './payment-page.css';

const FAILED_MESSAGE = {
  declined: 'paymentReturn.declined',
  failed: 'paymentReturn.failed',
  expired: 'paymentReturn.expired',
  mismatch: 'paymentReturn.mismatch',
} as const;

/**
 * /payment-return (D3): where the gateway sends the browser back. "Confirming your payment"
 * until our backend has heard from the gateway, then /confirmation; a declined payment can be
 * tried again or turned to cash on delivery here.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation(['payment', 'errors']);
  const language = useDisplayLanguage();
  const { state, checkAgain, confirm } = usePaymentReturn();
  const progress = state.kind === 'failed' || state.kind === 'waiting' ? state.progress : null;
  const orderNumber =
    state.kind === 'checking' || state.kind === 'error'
      ? state.orderNumber
      : (progress?.orderNumber ?? null);
  const heading =
    state.kind === 'failed'
      ? 'paymentReturn.declinedTitle'
      : state.kind === 'waiting'
        ? 'paymentReturn.waitingTitle'
        : 'paymentReturn.title';

  return (
    <div className="payment-return container-narrow page">
      <header className="page-header">
        <PageTitle title={t('paymentReturn.title')} />
        <h1>{t(heading)}</h1>
      </header>

      {orderNumber && (
        <dl className="card payment-recap-list">
          <div>
            <dt>{t('paymentReturn.order')}</dt>
            <dd>
              <bdi className="ltr-value">{orderNumber}</bdi>
            </dd>
          </div>
          {progress && (
            <div className="payment-recap-total">
              <dt>{t('recap.total')}</dt>
              <dd>
                <bdi>{formatMoney(progress.totalPrice, language)}</bdi>
              </dd>
            </div>
          )}
        </dl>
      )}

      <div className="payment-return-outcome" aria-live="polite">
        {state.kind === 'checking' && (
          <div className="card payment-return-checking">
            <LoadingStatus>{t('paymentReturn.checking')}</LoadingStatus>
            <p className="field-hint">{t('paymentReturn.checkingHint')}</p>
          </div>
        )}

        {state.kind === 'failed' && (
          <div className="card payment-return-failed">
            <p className="alert alert-error" role="alert">
              {t(FAILED_MESSAGE[state.reason])}
            </p>
            <PayNow
              order={{
                id: state.progress.orderId,
                orderNumber: state.progress.orderNumber,
                totalPrice: state.progress.totalPrice,
                paymentMethod: state.progress.paymentMethod,
              }}
              canPay={state.progress.canPay && state.reason !== 'mismatch'}
              canSwitchToCash={state.progress.canSwitchToCash}
              onSwitchedToCash={(order) => confirm({ ...order, orderId: order.id })}
            />
            {state.reason === 'mismatch' && <ContactButtons />}
          </div>
        )}

        {state.kind === 'waiting' && (
          <div className="card payment-return-waiting">
            <p>{t('paymentReturn.waiting')}</p>
            <div className="pay-now-actions">
              <button type="button" className="btn btn-primary" onClick={checkAgain}>
                {t('paymentReturn.checkAgain')}
              </button>
              <Link className="btn btn-secondary" to={paths.myOrders}>
                {t('paymentReturn.myOrders')}
              </Link>
            </div>
          </div>
        )}

        {state.kind === 'error' && (
          <div className="card">
            <p className="alert alert-error" role="alert">
              {t('paymentReturn.loadError')}
            </p>
            <button type="button" className="btn btn-primary" onClick={checkAgain}>
              {t('paymentReturn.checkAgain')}
            </button>
          </div>
        )}

        {state.kind === 'unknown' && (
          <div className="card">
            <p>{t('paymentReturn.unknown')}</p>
            <Link className="btn btn-primary" to={paths.myOrders}>
              {t('paymentReturn.myOrders')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
