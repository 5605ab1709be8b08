import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, PaymentAttempt, PaymentEvent, PaymentReversal } from '../../../data/port';
import { Badge, type BadgeTone } from '../../../components/ui/badges';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../domain/datetime';
import { formatMoney, formatNumber } from '../../../domain/money';
import {
  attemptNumber,
  canReverse,
  canVoid,
  extraPayments,
  shownAttemptState,
  type ExtraPayment,
  type ShownAttemptState,
} from '../../../domain/payments';
import { INQUIRY_DETAIL } from '../../../domain/payment-decisions';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useOrderPayments } from '../hooks/use-order-payments';

const STATE_TONES: Partial<Record<ShownAttemptState, BadgeTone>> = {
  paid: 'success',
  declined: 'danger',
  failed: 'danger',
  mismatch: 'danger',
  extra: 'danger',
  awaiting: 'warning',
  pending: 'warning',
};

const EXTRA_TONES: Record<ExtraPayment['state'], BadgeTone> = {
  due: 'warning',
  refunded: 'success',
  failed: 'danger',
};

/**
 * An order's online payment (D3), inside its details: every try with its provider, method,
 * state, the gateway's transaction id, amount, time and reason; the payment history (who did
 * what, when); and, for a paid try, refund or void through the gateway after a confirmation.
 * A cash order that never tried to pay online shows nothing here.
 */
export function OrderPayments({
  order,
  onReversed,
}: {
  order: Order;
  onReversed(order: Order, kind: PaymentReversal): void;
}) {
  const { t } = useTranslation(['admin', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  const { state, confirming, ask, cancel, confirm, busy, error } = useOrderPayments(
    order,
    onReversed,
  );
  // Read once per render of the details: "expired" and "void today" are judged at this time.
  const [now] = useState(() => new Date());
  const number = order.orderNumber || order.id;
  const forOrder = t('admin:orders.actions.forOrder', { number });
  const money = (cents: number) => formatMoney(cents / 100, language);

  if (state.kind === 'loaded') {
    const { attempts, events } = state.history;
    if (order.paymentMethod === 'cod' && attempts.length === 0 && events.length === 0) return null;
  }
  const paidTries =
    state.kind === 'loaded' ? state.history.attempts.filter((a) => a.state === 'paid').length : 0;
  // D18: payments the order did not need, flagged and refunded automatically.
  const extras = state.kind === 'loaded' ? extraPayments(state.history.events) : [];

  return (
    <section className="admin-payments" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="admin-history-title">
        {t('admin:payments.title')}
      </h3>
      {state.kind === 'loading' && <p>{t('admin:payments.loading')}</p>}
      {state.kind === 'error' && (
        <p className="field-error" role="alert">
          {t(state.messageKey)}
        </p>
      )}
      {paidTries > 1 && extras.length === 0 && (
        <p className="alert alert-error" role="status">
          {t('admin:payments.paidTwice')}
        </p>
      )}
      {extras.length > 0 && (
        <ExtraPayments extras={extras} money={money} titleId={`${ids}-extras`} />
      )}
      {state.kind === 'loaded' && state.history.attempts.length === 0 && (
        <p>{t('admin:payments.none')}</p>
      )}
      {state.kind === 'loaded' && state.history.attempts.length > 0 && (
        <ul className="admin-notification-list">
          {state.history.attempts.map((attempt) => (
            <AttemptItem
              key={attempt.id}
              attempt={attempt}
              now={now}
              money={money}
              forOrder={forOrder}
              busy={busy}
              onAsk={(kind) => ask(attempt, kind)}
            />
          ))}
        </ul>
      )}
      {state.kind === 'loaded' && state.history.events.length > 0 && (
        <>
          <h4 className="admin-payments-subtitle">{t('admin:payments.historyTitle')}</h4>
          <ol className="admin-payment-events">
            {state.history.events.map((event) => (
              <EventItem key={event.id} event={event} money={money} />
            ))}
          </ol>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={t(
            confirming.kind === 'refund'
              ? 'admin:payments.refundTitle'
              : 'admin:payments.voidTitle',
            { amount: money(confirming.attempt.amountCents) },
          )}
          confirmLabel={
            busy
              ? t('admin:payments.working')
              : t(confirming.kind === 'refund' ? 'admin:payments.refund' : 'admin:payments.void')
          }
          cancelLabel={t('admin:payments.keep')}
          onConfirm={() => void confirm()}
          onCancel={cancel}
          busy={busy}
          error={error ? t(error) : null}
        >
          <p>
            {t(
              confirming.kind === 'refund'
                ? 'admin:payments.refundBody'
                : 'admin:payments.voidBody',
            )}
          </p>
          <p>
            {t('admin:payments.dialogOrder', { number })}{' '}
            {confirming.attempt.transactionId && (
              <>
                {t('admin:payments.fields.transaction')}:{' '}
                <bdi className="ltr-value">{confirming.attempt.transactionId}</bdi>
              </>
            )}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function AttemptItem({
  attempt,
  now,
  money,
  forOrder,
  busy,
  onAsk,
}: {
  attempt: PaymentAttempt;
  now: Date;
  money: (cents: number) => string;
  forOrder: string;
  busy: boolean;
  onAsk(kind: PaymentReversal): void;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const shown = shownAttemptState(attempt, now);
  const n = attemptNumber(attempt);
  const title =
    n === null ? attempt.reference : t('payments.attempt', { n: formatNumber(n, language) });
  return (
    <li className="admin-notification admin-payment-attempt" data-state={shown}>
      <div className="admin-notification-head">
        <strong>{title}</strong>
        <Badge tone={STATE_TONES[shown]}>{t(`payments.states.${shown}`)}</Badge>
      </div>
      <dl className="admin-notification-facts">
        <div>
          <dt>{t('payments.fields.provider')}</dt>
          <dd>{t(`values.provider.${attempt.provider}`)}</dd>
        </div>
        <div>
          <dt>{t('payments.fields.method')}</dt>
          <dd>{t(`values.paymentMethod.${attempt.method}`)}</dd>
        </div>
        <div>
          <dt>{t('payments.fields.transaction')}</dt>
          <dd>
            {attempt.transactionId ? (
              <bdi className="ltr-value">{attempt.transactionId}</bdi>
            ) : (
              t('payments.noTransaction')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('payments.fields.amount')}</dt>
          <dd>
            <bdi>{money(attempt.amountCents)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('payments.fields.time')}</dt>
          <dd>
            <time dateTime={attempt.updatedAt}>{formatDateTime(attempt.updatedAt, language)}</time>
          </dd>
        </div>
        {attempt.detail && (
          <div>
            <dt>{t('payments.fields.reason')}</dt>
            <dd>
              <bdi dir="ltr">{attempt.detail}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {canReverse(attempt) && (
        <div className="admin-payment-actions">
          <button
            type="button"
            className="btn btn-secondary admin-danger"
            disabled={busy}
            onClick={() => onAsk('refund')}
          >
            {t('payments.refund')}
            <span className="visually-hidden">
              {' '}
              {title} {forOrder}
            </span>
          </button>
          {canVoid(attempt, now) && (
            <button
              type="button"
              className="btn btn-ghost admin-danger"
              disabled={busy}
              onClick={() => onAsk('void')}
            >
              {t('payments.void')}
              <span className="visually-hidden">
                {' '}
                {title} {forOrder}
              </span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Payments the order did not need (D18): each flagged one, its amount and transaction, and how
 * far its automatic refund is; one the provider kept refusing is the admin's to refund in
 * Paymob's dashboard, whose callback then records it here.
 */
function ExtraPayments({
  extras,
  money,
  titleId,
}: {
  extras: ExtraPayment[];
  money: (cents: number) => string;
  titleId: string;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const failed = extras.some((e) => e.state === 'failed');
  const due = extras.some((e) => e.state === 'due');
  const summary = failed ? 'failed' : due ? 'due' : 'refunded';
  return (
    <div className="admin-payment-extras" role="group" aria-labelledby={titleId}>
      <p
        id={titleId}
        className={`alert ${summary === 'refunded' ? 'alert-success' : 'alert-error'}`}
        role="status"
      >
        {t(`payments.extraPayments.summary.${summary}`)}
      </p>
      <ul className="admin-notification-list">
        {extras.map((extra) => (
          <li
            key={extra.transactionId}
            className="admin-notification admin-payment-extra"
            data-state={extra.state}
          >
            <div className="admin-notification-head">
              <strong>
                {t('payments.extraPayments.title', { amount: money(extra.amountCents) })}
              </strong>
              <Badge tone={EXTRA_TONES[extra.state]}>
                {t(`payments.extraPayments.states.${extra.state}`)}
              </Badge>
            </div>
            <dl className="admin-notification-facts">
              <div>
                <dt>{t('payments.fields.transaction')}</dt>
                <dd>
                  <bdi className="ltr-value">{extra.transactionId}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('payments.fields.time')}</dt>
                <dd>
                  <time dateTime={extra.flaggedAt}>
                    {formatDateTime(extra.flaggedAt, language)}
                  </time>
                </dd>
              </div>
              {extra.failures > 0 && (
                <div>
                  <dt>{t('payments.extraPayments.refusals')}</dt>
                  <dd>{formatNumber(extra.failures, language)}</dd>
                </div>
              )}
            </dl>
            {extra.state === 'failed' && <p>{t('payments.extraPayments.byHand')}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function EventItem({ event, money }: { event: PaymentEvent; money: (cents: number) => string }) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  return (
    <li className="admin-payment-event">
      <span className="admin-strong">{t(`payments.events.${event.kind}`)}</span>{' '}
      <span className="admin-sub-inline">
        <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>{' '}
        {t('payments.by', { actor: t(`payments.actors.${event.actor}`) })}
        {event.amountCents !== null && (
          <>
            {' · '}
            <bdi>{money(event.amountCents)}</bdi>
          </>
        )}
        {event.transactionId && (
          <>
            {' · '}
            {t('payments.fields.transaction')}{' '}
            <bdi className="ltr-value">{event.transactionId}</bdi>
          </>
        )}
        {event.kind === 'started' && (event.detail === 'card' || event.detail === 'wallet') && (
          <>
            {' · '}
            {t(`values.paymentMethod.${event.detail}`)}
          </>
        )}
        {event.detail && event.kind !== 'started' && (
          <>
            {' · '}
            <EventDetail detail={event.detail} />
          </>
        )}
      </span>
    </li>
  );
}

/** An entry's detail: the provider's words as they are, and "found by asking Paymob" (D18). */
function EventDetail({ detail }: { detail: string }) {
  const { t } = useTranslation('admin');
  const suffix = ` (${INQUIRY_DETAIL})`;
  if (detail === INQUIRY_DETAIL) return <>{t('payments.viaInquiry')}</>;
  if (detail.endsWith(suffix)) {
    return (
      <>
        <bdi dir="ltr">{detail.slice(0, -suffix.length)}</bdi> · {t('payments.viaInquiry')}
      </>
    );
  }
  return <bdi dir="ltr">{detail}</bdi>;
}
