import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationMessage, Order } from '../../../data/port';
import { Badge, type BadgeTone } from '../../../components/ui/badges';
import { formatDateTime } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import type { NotificationState } from '../../../domain/notifications';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useOrderMessages } from '../desk/use-order-messages';

const STATE_TONES: Partial<Record<NotificationState, BadgeTone>> = {
  sent: 'success',
  failed: 'danger',
  pending: 'warning',
  sending: 'warning',
};

/**
 * What was sent about an order (D10): each message's channel, recipient, template, state and
 * tries, the last error, its text, and "Send again" for a failed one.
 */
export function OrderMessages({ order }: { order: Order }) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  const ids = useId();
  const { available, state, resend, resending, resendError, stop, stopping, stopped } =
    useOrderMessages(order.id);
  if (!available) return null;
  const num = (n: number) => formatNumber(n, language);
  const number = order.orderNumber || order.id;

  return (
    <section className="admin-notifications" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="admin-history-title">
        {t('admin:notifications.title')}
      </h3>
      {(order.notifyConsent === false || stopped) && (
        <p className="field-hint" role="status">
          {stopped ? t('admin:notifications.stopped') : t('admin:notifications.noConsent')}
        </p>
      )}
      {order.notifyConsent === true && !stopped && (
        <button
          type="button"
          className="btn btn-ghost admin-danger"
          disabled={stopping}
          aria-busy={stopping || undefined}
          onClick={() => void stop()}
        >
          {stopping ? t('admin:notifications.stopping') : t('admin:notifications.stop')}
          <span className="visually-hidden"> {t('admin:orders.actions.forOrder', { number })}</span>
        </button>
      )}
      {state.kind === 'loading' && <p>{t('admin:notifications.loading')}</p>}
      {state.kind === 'error' && (
        <p className="field-error" role="alert">
          {t(state.messageKey)}
        </p>
      )}
      {resendError && (
        <p className="field-error" role="alert">
          {t(resendError)}
        </p>
      )}
      {state.kind === 'loaded' && state.messages.length === 0 && (
        <p>{t('admin:notifications.none')}</p>
      )}
      {state.kind === 'loaded' && state.messages.length > 0 && (
        <ul className="admin-notification-list">
          {state.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              num={num}
              when={(iso) => formatDateTime(iso, language)}
              busy={resending === message.id}
              onResend={() => void resend(message.id)}
              forOrder={t('admin:orders.actions.forOrder', { number })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageItem({
  message,
  num,
  when,
  busy,
  onResend,
  forOrder,
}: {
  message: NotificationMessage;
  num: (n: number) => string;
  when: (iso: string) => string;
  busy: boolean;
  onResend: () => void;
  forOrder: string;
}) {
  const { t } = useTranslation('admin');
  const label = `${t(`notifications.channels.${message.channel}`)} · ${t(`notifications.recipients.${message.recipient}`)}`;
  return (
    <li className="admin-notification" data-state={message.state}>
      <div className="admin-notification-head">
        <strong>{label}</strong>
        <Badge tone={STATE_TONES[message.state]}>
          {t(`notifications.states.${message.state}`)}
        </Badge>
      </div>
      <dl className="admin-notification-facts">
        <div>
          <dt>{t('notifications.template')}</dt>
          <dd>
            {t(`notifications.templates.${message.template}`)}{' '}
            <span className="admin-sub-inline">
              ({t(`notifications.languages.${message.language}`)})
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('notifications.to')}</dt>
          <dd>
            <bdi className="ltr-value">{message.address}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('notifications.tries')}</dt>
          <dd>
            {t('notifications.triesValue', {
              tries: num(message.tries),
              max: num(message.maxTries),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('notifications.when')}</dt>
          <dd>
            {message.sentAt
              ? t('notifications.sentAt', { time: when(message.sentAt) })
              : message.state === 'pending' && message.tries > 0
                ? t('notifications.nextTry', { time: when(message.nextAttemptAt) })
                : t('notifications.queuedAt', { time: when(message.createdAt) })}
          </dd>
        </div>
        {message.lastError && (
          <div className="admin-notification-error">
            <dt>{t('notifications.lastError')}</dt>
            <dd>
              <bdi dir="ltr">{message.lastError}</bdi>
            </dd>
          </div>
        )}
        {message.fallbackOf && (
          <div>
            <dt>{t('notifications.fallback')}</dt>
            <dd>{t('notifications.fallbackValue')}</dd>
          </div>
        )}
      </dl>
      <details className="admin-notification-text">
        <summary>{t('notifications.text')}</summary>
        <p lang={message.language} dir={message.language === 'ar' ? 'rtl' : 'ltr'}>
          {message.body}
        </p>
      </details>
      {message.state === 'failed' && (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={onResend}
        >
          {busy ? t('notifications.resending') : t('notifications.resend')}
          <span className="visually-hidden">
            {' '}
            {label} {forOrder}
          </span>
        </button>
      )}
    </li>
  );
}
