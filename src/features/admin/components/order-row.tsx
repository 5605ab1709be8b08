import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, PaymentReversal } from '../../../data/port';
import { PhoneIcon, WhatsAppIcon } from '../../../components/ui/icons';
import { PaymentBadge, StatusBadge } from '../../../components/ui/badges';
import { formatDate, formatDateTime, formatTimeRange } from '../../../domain/datetime';
import { formatMoney, formatNumber } from '../../../domain/money';
import { goBackActionFor, type GoBackAction, type OrderStatus } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { orderLabels } from '../order-labels';
import { whatsappLink } from '../whatsapp';
import { canMarkPaid, useOrderRow } from '../hooks/use-order-row';
import { OrderDetails } from './order-details';

export interface OrderRowActions {
  onUpdateStatus(order: Order, status: OrderStatus): Promise<void>;
  /** Un-cancel or reopen (D17): asks for the reason in a dialog. */
  onGoBack(order: Order, action: GoBackAction): void;
  /** Another date and window for a caller (D17). */
  onReschedule(order: Order): void;
  onMarkPaid(order: Order): Promise<void>;
  onDelete(order: Order): void;
  /** A paid online payment was refunded or voided from the order's details (D3). */
  onPaymentReversed(order: Order, kind: PaymentReversal): void;
}

const COLUMN_COUNT = 7;

/**
 * One order in the admin table: every field, with the details (addresses, notes, history) one
 * click away. Each cell carries its column name, shown as a label when narrow screens turn the
 * rows into cards.
 */
export function OrderRow({
  order,
  onUpdateStatus,
  onMarkPaid,
  onDelete,
  onPaymentReversed,
  onGoBack,
  onReschedule,
}: { order: Order } & OrderRowActions) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  const ids = useId();
  const labels = orderLabels(order, language);
  const { choices, next, setNext, busy, run, open, toggle } = useOrderRow(order);
  const back = goBackActionFor(order.status);
  const number = order.orderNumber || order.id;
  const num = (n: number) => formatNumber(n, language);
  const whatsapp = whatsappLink(
    order.phoneNumber,
    t('admin:whatsapp.message', { name: order.fullName, number, status: labels.status }),
  );
  const detailsId = `${ids}-details`;
  const selectId = `${ids}-status`;
  const forOrder = t('admin:orders.actions.forOrder', { number });
  // Visible labels stay short; the order number tells the buttons of 50 rows apart.
  const hidden = (
    <>
      {' '}
      <span className="visually-hidden">{forOrder}</span>
    </>
  );
  const col = (key: string) => t(`admin:orders.columns.${key}`);

  return (
    <tbody className="admin-order">
      <tr>
        <th scope="row" data-label={col('order')}>
          <bdi className="ltr-value admin-order-number">{number}</bdi>
          <span className="admin-sub">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, language)}</time>
          </span>
        </th>
        <td data-label={col('customer')}>
          <bdi className="admin-strong">{order.fullName}</bdi>
          <span className="admin-contact">
            <a href={`tel:${order.phoneNumber}`}>
              <PhoneIcon />
              <bdi className="ltr-value">{order.phoneNumber}</bdi>
            </a>
            {whatsapp && (
              <a
                className="admin-whatsapp"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
              >
                <WhatsAppIcon />
                {t('admin:orders.actions.whatsapp')}{' '}
                <span className="visually-hidden">
                  {forOrder} {t('admin:orders.actions.newTab')}
                </span>
              </a>
            )}
          </span>
        </td>
        <td data-label={col('move')}>
          <span className="admin-strong">
            <time dateTime={order.moveDate}>{formatDate(order.moveDate, language)}</time>
          </span>
          <span className="admin-sub">
            <bdi>
              {formatTimeRange(
                order.timeWindow?.start ?? order.moveTime,
                order.timeWindow?.end,
                language,
              )}
            </bdi>
          </span>
          <span className="admin-sub">
            {labels.governorate}
            {language === 'ar' ? '، ' : ', '}
            {labels.district}
          </span>
          {(order.dropoffGovernorateId !== order.governorateId ||
            order.dropoffDistrictId !== order.districtId) && (
            <span className="admin-sub">
              {t('admin:orders.toPlace', {
                place: `${labels.dropoffGovernorate}${language === 'ar' ? '، ' : ', '}${labels.dropoffDistrict}`,
              })}
            </span>
          )}
        </td>
        <td data-label={col('service')}>
          <span className="admin-strong">{labels.moveType}</span>
          <span className="admin-sub">{labels.housing}</span>
          <span className="admin-sub">
            {t('admin:orders.floorsValue', {
              pickup: num(order.pickupFloor),
              dropoff: num(order.dropoffFloor),
            })}
          </span>
          <span className="admin-sub">
            {t('admin:orders.workersValue', { value: num(order.workers) })}
          </span>
        </td>
        <td data-label={col('payment')}>
          <bdi className="admin-strong">{formatMoney(order.totalPrice, language)}</bdi>
          <span className="admin-sub">{labels.paymentMethod}</span>
          <PaymentBadge status={order.paymentStatus}>{labels.paymentStatus}</PaymentBadge>
          <span className="admin-sub">{labels.provider}</span>
        </td>
        <td data-label={col('status')}>
          <StatusBadge status={order.status} className="admin-status">
            {labels.status}
          </StatusBadge>
        </td>
        <td data-label={col('actions')} className="admin-actions-cell">
          {next !== null && choices.length > 0 && (
            <div className="admin-status-form">
              <label htmlFor={selectId} className="visually-hidden">
                {t('admin:orders.actions.newStatusFor', { number })}
              </label>
              {/* Only the lifecycle's next steps (D17): one forward, or a cancel. */}
              <select
                id={selectId}
                className="select"
                value={next}
                onChange={(e) => setNext(e.target.value as OrderStatus)}
                disabled={busy !== null}
              >
                {choices.map((status) => (
                  <option key={status} value={status}>
                    {t(`common:status.${status}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy !== null}
                aria-busy={busy === 'status' || undefined}
                onClick={() => void run('status', () => onUpdateStatus(order, next))}
              >
                {busy === 'status'
                  ? t('admin:orders.actions.updating')
                  : t('admin:orders.actions.update')}
                {hidden}
              </button>
            </div>
          )}
          {back && (
            <div className="admin-status-form">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy !== null}
                onClick={() => onGoBack(order, back)}
              >
                {t(`admin:orders.actions.${back}`)}
                {hidden}
              </button>
            </div>
          )}
          <div className="admin-row-actions">
            {canMarkPaid(order) && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy !== null}
                onClick={() => void run('paid', () => onMarkPaid(order))}
              >
                {t('admin:orders.actions.markPaid')}
                {hidden}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={toggle}
            >
              {t('admin:orders.actions.details')}
              {hidden}
            </button>
            <button
              type="button"
              className="btn btn-ghost admin-danger"
              disabled={busy !== null}
              onClick={() => onDelete(order)}
            >
              {t('admin:orders.actions.delete')}
              {hidden}
            </button>
          </div>
        </td>
      </tr>
      <tr id={detailsId} className="admin-order-details" hidden={!open}>
        <td colSpan={COLUMN_COUNT}>
          <OrderDetails
            order={order}
            open={open}
            onPaymentReversed={onPaymentReversed}
            onReschedule={onReschedule}
          />
        </td>
      </tr>
    </tbody>
  );
}
