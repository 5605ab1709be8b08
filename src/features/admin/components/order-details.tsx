import { useTranslation } from 'react-i18next';
import type { Order, PaymentReversal } from '../../../data/port';
import { StatusHistory } from '../../../components/ui/status-history';
import { formatMoney, formatNumber } from '../../../domain/money';
import { canReschedule } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { orderLabels } from '../order-labels';
import { OrderMessages } from './order-messages';
import { OrderPayments } from './order-payments';

/**
 * What an order row opens: addresses and areas, the distance and the catalog version it was
 * priced with, notes, its id, its status history and, once open, its online payment tries with
 * refund and void (D3) and the messages sent about it (D10).
 */
export function OrderDetails({
  order,
  open = true,
  onPaymentReversed,
  onReschedule,
}: {
  order: Order;
  open?: boolean;
  /** After a refund or void through the gateway; without it, no payments section. */
  onPaymentReversed?: (order: Order, kind: PaymentReversal) => void;
  /** "Change date" for a caller (D17), while the order may move; without it, none. */
  onReschedule?: (order: Order) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  const labels = orderLabels(order, language);
  const comma = language === 'ar' ? '، ' : ', ';
  return (
    <>
      <dl className="admin-facts">
        <div>
          <dt>{t('admin:fields.pickupArea')}</dt>
          <dd>{`${labels.governorate}${comma}${labels.district}`}</dd>
        </div>
        <div>
          <dt>{t('admin:fields.dropoffArea')}</dt>
          <dd>{`${labels.dropoffGovernorate}${comma}${labels.dropoffDistrict}`}</dd>
        </div>
        <div>
          <dt>{t('admin:fields.distance')}</dt>
          <dd>
            {t('admin:orders.distanceValue', {
              km: formatNumber(order.distanceKm, language),
              fee: formatMoney(order.distanceFee, language),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('admin:fields.catalogVersion')}</dt>
          <dd>{formatNumber(order.catalogVersion, language)}</dd>
        </div>
        <div>
          <dt>{t('admin:fields.pickup')}</dt>
          <dd>
            <bdi>{order.pickupAddress}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('admin:fields.dropoff')}</dt>
          <dd>
            <bdi>{order.dropoffAddress}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('admin:fields.notes')}</dt>
          <dd className="admin-notes">
            {order.notes.trim() ? <bdi>{order.notes}</bdi> : t('admin:orders.noNotes')}
          </dd>
        </div>
        <div>
          <dt>{t('admin:fields.id')}</dt>
          <dd>
            <bdi className="ltr-value">{order.id}</bdi>
          </dd>
        </div>
      </dl>
      {onReschedule && canReschedule(order.status) && (
        <p className="admin-reschedule">
          <button type="button" className="btn btn-secondary" onClick={() => onReschedule(order)}>
            {t('admin:orders.actions.reschedule')}{' '}
            <span className="visually-hidden">
              {t('admin:orders.actions.forOrder', { number: order.orderNumber || order.id })}
            </span>
          </button>
        </p>
      )}
      <h3 className="admin-history-title">{t('admin:orders.history.title')}</h3>
      <StatusHistory
        history={order.statusHistory}
        showReasons
        actorLabel={(actor) =>
          t('admin:orders.history.by', { actor: t(`admin:orders.history.actor.${actor}`) })
        }
      />
      {open && onPaymentReversed && <OrderPayments order={order} onReversed={onPaymentReversed} />}
      {open && <OrderMessages order={order} />}
    </>
  );
}
