import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import type { PaymentReversal, RefundQueueItem } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDateTime } from '../../../domain/datetime';
import { formatMoney, formatNumber } from '../../../domain/money';
import { MANUAL_REFUND_METHODS, type ManualRefundMethod } from '../../../domain/refunds';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { AdminFrame } from './admin-frame';
import type { Notify } from './toast';

/**
 * /admin-refunds (D16): the orders whose refund is due, the longest waiting first, each with
 * what it owes, how it was paid and for how long it has waited; refunded through the provider
 * (the payment's refund, or its void the same day), or recorded as refunded by hand.
 */
export function AdminRefundsPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame
      metaTitle={t('refunds.metaTitle')}
      title={t('refunds.title')}
      lead={t('refunds.lead')}
    >
      {(notify) => <RefundsQueue notify={notify} />}
    </AdminFrame>
  );
}

type State =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'loaded'; items: RefundQueueItem[] };

type Acting =
  | { kind: 'provider'; item: RefundQueueItem; reversal: PaymentReversal }
  | { kind: 'manual'; item: RefundQueueItem };

function RefundsQueue({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const port = useDataPort();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [acting, setActing] = useState<Acting | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [method, setMethod] = useState<ManualRefundMethod>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const ids = useId();
  const [now] = useState(() => Date.now());

  const load = useCallback(() => {
    port.payments.refundQueue().then(
      (items) => setState({ kind: 'loaded', items }),
      (failure: unknown) =>
        setState({ kind: 'error', messageKey: errorMessageKey(failure, 'generic') }),
    );
  }, [port]);
  useEffect(load, [load]);

  const money = (egp: number) => formatMoney(egp, language);
  const open = (next: Acting) => {
    setError(null);
    setMethod(next.item.order.paymentProvider === 'test' ? 'test' : 'cash');
    setReference('');
    setNote('');
    setActing(next);
  };

  const confirm = async () => {
    if (!acting || busy) return;
    setBusy(true);
    setError(null);
    const { order } = acting.item;
    try {
      if (acting.kind === 'provider') {
        await port.payments.reverse(order.id, acting.item.attempt!.id, acting.reversal);
      } else {
        await port.payments.manualRefund(order.id, { method, reference, note });
      }
      setActing(null);
      notify({
        kind: 'success',
        title: t('admin:refunds.done', { number: order.orderNumber }),
      });
      load();
    } catch (failure) {
      // A provider's refusal is recorded; the order stays due and the reason is shown here.
      setError(t(errorMessageKey(failure, 'generic')));
      load();
    } finally {
      setBusy(false);
    }
  };

  if (state.kind === 'loading') return <LoadingStatus>{t('admin:refunds.loading')}</LoadingStatus>;
  if (state.kind === 'error') {
    return (
      <p className="field-error" role="alert">
        {t(state.messageKey)}
      </p>
    );
  }
  if (state.items.length === 0) return <p>{t('admin:refunds.empty')}</p>;

  return (
    <>
      <ul className="admin-refunds" aria-label={t('admin:refunds.listLabel')}>
        {state.items.map((item) => {
          const { order } = item;
          const refund = order.refund;
          const days = refund?.dueAt
            ? Math.max(0, Math.floor((now - Date.parse(refund.dueAt)) / 86_400_000))
            : 0;
          const number = <bdi className="ltr-value">{order.orderNumber}</bdi>;
          return (
            <li key={order.id} className="card admin-refund">
              <h2 className="admin-panel-title">
                {t('admin:refunds.order')} {number}
              </h2>
              <dl className="order-facts">
                <div>
                  <dt>{t('admin:refunds.fields.customer')}</dt>
                  <dd>
                    <bdi>{order.fullName}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('admin:refunds.fields.amount')}</dt>
                  <dd>
                    <bdi>{money(refund?.amount ?? order.totalPrice)}</bdi>
                    {refund && refund.fee > 0 && (
                      <>
                        {' '}
                        <span className="muted">
                          {t('admin:refunds.feeKept', { fee: money(refund.fee) })}
                        </span>
                      </>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t('admin:refunds.fields.paid')}</dt>
                  <dd>
                    {t(
                      `admin:refunds.how.${order.paymentProvider === 'paymob' ? order.paymentMethod : order.paymentProvider}`,
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t('admin:refunds.fields.waiting')}</dt>
                  <dd>
                    {refund?.dueAt ? formatDateTime(refund.dueAt, language) : ''}{' '}
                    <span className="muted">
                      {t('admin:refunds.days', {
                        count: days,
                        value: formatNumber(days, language),
                      })}
                    </span>
                  </dd>
                </div>
              </dl>
              <div className="order-actions">
                {item.attempt ? (
                  <>
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={() => open({ kind: 'provider', item, reversal: 'refund' })}
                      aria-label={t('admin:refunds.refundLabel', { number: order.orderNumber })}
                    >
                      {t('admin:refunds.refund')}
                    </button>
                    {item.canVoid && (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        onClick={() => open({ kind: 'provider', item, reversal: 'void' })}
                        aria-label={t('admin:refunds.voidLabel', { number: order.orderNumber })}
                      >
                        {t('admin:refunds.void')}
                      </button>
                    )}
                  </>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => open({ kind: 'manual', item })}
                    aria-label={t('admin:refunds.manualLabel', { number: order.orderNumber })}
                  >
                    {t('admin:refunds.manual')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {acting && (
        <ConfirmDialog
          title={t(
            acting.kind === 'manual'
              ? 'admin:refunds.manualTitle'
              : acting.reversal === 'void'
                ? 'admin:refunds.voidTitle'
                : 'admin:refunds.refundTitle',
            {
              amount: money(acting.item.order.refund?.amount ?? acting.item.order.totalPrice),
            },
          )}
          confirmLabel={busy ? t('admin:refunds.working') : t('admin:refunds.confirm')}
          cancelLabel={t('admin:refunds.keep')}
          onConfirm={() => void confirm()}
          onCancel={() => !busy && setActing(null)}
          busy={busy}
          error={error}
          confirmKind="primary"
        >
          <p>
            {t('admin:refunds.dialogOrder')}{' '}
            <bdi className="ltr-value">{acting.item.order.orderNumber}</bdi>
          </p>
          {acting.kind === 'manual' && (
            <div className="admin-refund-form">
              <div className="field">
                <label htmlFor={`${ids}-method`}>{t('admin:refunds.fields.method')}</label>
                <select
                  id={`${ids}-method`}
                  className="input"
                  value={method}
                  onChange={(event) => setMethod(event.target.value as ManualRefundMethod)}
                >
                  {MANUAL_REFUND_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {t(`admin:refunds.methods.${m}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${ids}-reference`}>{t('admin:refunds.fields.reference')}</label>
                <input
                  id={`${ids}-reference`}
                  className="input"
                  value={reference}
                  maxLength={100}
                  onChange={(event) => setReference(event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${ids}-note`}>{t('admin:refunds.fields.note')}</label>
                <textarea
                  id={`${ids}-note`}
                  className="input"
                  value={note}
                  maxLength={300}
                  rows={2}
                  onChange={(event) => setNote(event.target.value)}
                />
              </div>
            </div>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
