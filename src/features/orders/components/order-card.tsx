import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../../../data/port';
import { ChevronDownIcon, SearchIcon } from '../../../components/ui/icons';
import { PaymentBadge, StatusBadge, TestModeNote } from '../../../components/ui/badges';
import { PayNow } from '../../../components/ui/pay-now';
import { PhoneNumber } from '../../../components/ui/phone-number';
import { canPayOnline, canSwitchToCash } from '../../../domain/payments';
import { StatusHistory } from '../../../components/ui/status-history';
import { trackPath } from '../../../config/paths';
import { MoveWhen } from '../../../components/ui/move-when';
import { formatDateTime } from '../../../domain/datetime';
import { placeName } from '../../../domain/governorates';
import { moveWindowOf } from '../../../domain/order';
import { formatMoney, formatNumber } from '../../../domain/money';
import { cancellationTerms } from '../../../domain/cancellation';
import { CallToCancel, RefundNote, termsNow } from '../../../components/ui/cancel-terms';
import { canCustomerCancel, canReschedule, statusLabelKey } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';

/**
 * Whether the customer may move the booking now (D17): before its crew sets out and before its
 * policy closes online changes. The backend decides again when they confirm.
 */
function canRescheduleOnline(order: Order): boolean {
  return canReschedule(order.status) && cancellationTerms(order, new Date()).phase !== 'closed';
}

/**
 * One of the customer's own orders: the essentials up front, the rest behind "details", and
 * "pay now" while its online payment is not done (D3).
 */
export function OrderCard({
  order,
  onCancel,
  onChanged,
  onReschedule,
}: {
  order: Order;
  onCancel(order: Order): void;
  /** The order after the customer changed it here (cash instead of online). */
  onChanged(order: Order): void;
  /** "Change date" (D17): offered while the booking may still move online. */
  onReschedule?(order: Order): void;
}) {
  const { t } = useTranslation(['orders', 'common', 'pricing']);
  const language = useDisplayLanguage();
  const ids = useId();
  const num = (n: number) => formatNumber(n, language);
  const place = placeName(order.governorateId, order.districtId, language);
  // Where the move ends (D11), when it leaves the pickup's district.
  const dropoffPlace =
    order.dropoffGovernorateId !== order.governorateId ||
    order.dropoffDistrictId !== order.districtId
      ? placeName(order.dropoffGovernorateId, order.dropoffDistrictId, language)
      : null;
  const number = <bdi className="ltr-value">{order.orderNumber}</bdi>;
  // D16: too near the move, the office cancels (the backend refuses a customer's cancel too).
  const closed = canCustomerCancel(order.status) && termsNow(order).phase === 'closed';

  return (
    <article className="card order-card" aria-labelledby={`${ids}-title`}>
      <header className="order-card-head">
        <div>
          <h2 id={`${ids}-title`} className="order-card-title">
            <span className="visually-hidden">{t('orders:card.orderNumber')} </span>
            {number}
          </h2>
          <p className="order-card-created muted">
            {t('orders:card.createdAt', { date: formatDateTime(order.createdAt, language) })}
          </p>
        </div>
        <StatusBadge status={order.status}>
          <span className="visually-hidden">{t('orders:card.status')}: </span>
          {t(`common:${statusLabelKey(order.status)}`)}
        </StatusBadge>
      </header>

      <dl className="order-facts">
        <div>
          <dt>{t('orders:card.moveType')}</dt>
          <dd>{t(`pricing:moveTypes.${order.moveType}.label`)}</dd>
        </div>
        <div>
          <dt>{t('orders:card.moveDate')}</dt>
          <dd>
            <MoveWhen date={order.moveDate} window={moveWindowOf(order)} />
          </dd>
        </div>
        <div>
          <dt>{t('orders:card.location')}</dt>
          <dd>{place}</dd>
        </div>
        {dropoffPlace && (
          <div>
            <dt>{t('orders:card.dropoffArea')}</dt>
            <dd>{dropoffPlace}</dd>
          </div>
        )}
        <div>
          <dt>{t('orders:card.total')}</dt>
          <dd>
            <bdi>{formatMoney(order.totalPrice, language)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('orders:card.payment')}</dt>
          <dd>
            {t(`orders:paymentMethod.${order.paymentMethod}`)}{' '}
            <PaymentBadge status={order.paymentStatus}>
              {t(`orders:paymentStatus.${order.paymentStatus}`)}
            </PaymentBadge>
            {order.paymentProvider === 'test' && (
              <TestModeNote>{t('orders:testMode')}</TestModeNote>
            )}
          </dd>
        </div>
      </dl>

      <details className="order-details">
        <summary>
          {t('orders:card.details')}
          <ChevronDownIcon className="order-details-chevron" />
        </summary>
        <dl className="order-facts order-facts-more">
          <div>
            <dt>{t('orders:details.fullName')}</dt>
            <dd>
              <bdi>{order.fullName}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('orders:details.phone')}</dt>
            <dd>
              <PhoneNumber value={order.phoneNumber} />
            </dd>
          </div>
          <div>
            <dt>{t('orders:details.pickup')}</dt>
            <dd>
              <bdi>{order.pickupAddress}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('orders:details.dropoff')}</dt>
            <dd>
              <bdi>{order.dropoffAddress}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('orders:details.housing')}</dt>
            <dd>{t(`pricing:housing.${order.housing}`)}</dd>
          </div>
          <div>
            <dt>{t('orders:details.floors')}</dt>
            <dd>
              {t('orders:details.floorsValue', {
                pickup: num(order.pickupFloor),
                dropoff: num(order.dropoffFloor),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('orders:details.team')}</dt>
            <dd>{t('orders:workers', { count: order.workers, value: num(order.workers) })}</dd>
          </div>
          {order.notes.trim() !== '' && (
            <div className="order-facts-wide">
              <dt>{t('orders:details.notes')}</dt>
              <dd className="order-notes">
                <bdi>{order.notes}</bdi>
              </dd>
            </div>
          )}
        </dl>
        <h3 className="order-history-title">{t('orders:details.history')}</h3>
        <StatusHistory history={order.statusHistory} />
      </details>

      {canPayOnline(order) && (
        <PayNow
          order={order}
          canPay
          canSwitchToCash={canSwitchToCash(order)}
          onSwitchedToCash={onChanged}
          lead={t('orders:card.unpaid')}
        />
      )}

      <RefundNote order={order} />
      {canCustomerCancel(order.status) && closed && <CallToCancel />}

      <div className="order-actions">
        <Link
          className="btn btn-secondary"
          to={trackPath(order.orderNumber)}
          aria-label={t('orders:card.trackLabel', { number: order.orderNumber })}
        >
          <SearchIcon />
          {t('orders:card.track')}
        </Link>
        {onReschedule && canRescheduleOnline(order) && (
          <button
            type="button"
            className="btn btn-secondary order-reschedule"
            onClick={() => onReschedule(order)}
            aria-label={t('orders:card.rescheduleLabel', { number: order.orderNumber })}
          >
            {t('orders:card.reschedule')}
          </button>
        )}
        {canCustomerCancel(order.status) && !closed && (
          <button
            type="button"
            className="btn btn-ghost order-cancel"
            onClick={() => onCancel(order)}
            aria-label={t('orders:card.cancelLabel', { number: order.orderNumber })}
          >
            {t('orders:card.cancel')}
          </button>
        )}
      </div>
    </article>
  );
}
