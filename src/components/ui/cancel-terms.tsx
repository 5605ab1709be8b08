import { useTranslation } from 'react-i18next';
import { env } from '../../config/env';
import type { Order } from '../../data/port';
import { cancellationTerms, type CancellationTerms } from '../../domain/cancellation';
import { formatDateTime } from '../../domain/datetime';
import { formatMoney } from '../../domain/money';
import { refundTimeOf } from '../../domain/refunds';
import { useDisplayLanguage } from '../../i18n/use-display-language';
import { telHref } from './contact-buttons';
import { PhoneIcon } from './icons';

/**
 * What cancelling costs and gives back, told before the customer confirms (D16): free or the
 * late fee in pounds, how much is refunded, how (the same card or wallet; nothing for cash not
 * paid) and how long it takes, and the policy's times in Cairo time.
 */
export function CancelTerms({ order, terms }: { order: Order; terms: CancellationTerms }) {
  const { t } = useTranslation('common');
  const language = useDisplayLanguage();
  const money = (egp: number) => formatMoney(egp, language);
  const time = refundTimeOf(order);
  const paid = order.paymentStatus === 'paid';
  return (
    <div className="cancel-terms">
      <p className="cancel-terms-cost">
        {terms.phase === 'fee' && paid
          ? t('cancelTerms.fee', { fee: money(terms.fee) })
          : t('cancelTerms.free')}
      </p>
      <p className="cancel-terms-refund">
        {paid
          ? t(`cancelTerms.refund.${time}`, { amount: money(terms.refund) })
          : t('cancelTerms.refund.none')}
      </p>
      {terms.lateFee > 0 && (
        <p className="field-hint">
          {t('cancelTerms.policy', {
            freeUntil: formatDateTime(terms.freeUntil, language),
            fee: money(terms.lateFee),
            closesAt: formatDateTime(terms.closesAt, language),
          })}
        </p>
      )}
      {terms.lateFee === 0 && (
        <p className="field-hint">
          {t('cancelTerms.until', { closesAt: formatDateTime(terms.closesAt, language) })}
        </p>
      )}
    </div>
  );
}

/** Too near the move to cancel online (D16): the office's phone instead of a cancel button. */
export function CallToCancel() {
  const { t } = useTranslation('common');
  return (
    <p className="cancel-closed">
      {t('cancelTerms.closed')}{' '}
      <a className="btn btn-ghost" href={telHref(env.phoneNumber)}>
        <PhoneIcon />
        {t('cancelTerms.call')}
      </a>
    </p>
  );
}

/** The order's terms now, for the card and the dialog. */
export function termsNow(order: Order): CancellationTerms {
  return cancellationTerms(order, new Date());
}

/** What the customer's card says of the money once cancelled (D16). */
export function RefundNote({ order }: { order: Order }) {
  const { t } = useTranslation('common');
  const language = useDisplayLanguage();
  const refund = order.refund;
  if (!refund) return null;
  const amount = formatMoney(refund.amount, language);
  if (order.paymentStatus === 'refund_due') {
    return (
      <p className="refund-note" role="status">
        {t(`cancelTerms.due.${refundTimeOf(order)}`, { amount })}
      </p>
    );
  }
  if (order.paymentStatus === 'refunded' && refund.refundedAt) {
    return (
      <p className="refund-note refund-note-done" role="status">
        {t('cancelTerms.refunded', {
          amount,
          date: formatDateTime(refund.refundedAt, language),
        })}
      </p>
    );
  }
  return null;
}
