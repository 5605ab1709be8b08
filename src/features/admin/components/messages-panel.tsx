import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../data/error-messages';
import type { ContactMessage, MessageState } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { Badge } from '../../../components/ui/badges';
import { WhatsAppIcon } from '../../../components/ui/icons';
import { MESSAGE_STATES } from '../../../domain/contact-message';
import { formatDateTime } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useDeskChanges } from '../desk/desk-context';
import { useAdminList } from '../hooks/use-admin-list';
import { messageReplyLink } from '../whatsapp';
import { AdminListPanel } from './admin-list-panel';
import type { Notify } from './toast';

/** Messages that arrive together cause one reload. */
const SETTLE_MS = 250;

/**
 * The contact form's messages (D7), newest first, each with the ways to reply it gave and a
 * WhatsApp reply in its own language; handled or not, with who and when, and a filter (D20).
 * The list follows the live desk: a new message, or one another admin marks, appears by itself.
 */
export function MessagesPanel({
  notify,
  unhandled,
}: {
  notify: Notify;
  /** The desk's count of messages waiting for a reply; null while unknown. */
  unhandled: number | null;
}) {
  const { t } = useTranslation(['admin', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const [filter, setFilter] = useState<MessageState>('all');
  const load = useCallback(() => port.messages.list(filter), [port, filter]);
  const { state, reload } = useAdminList(load);
  const [busyId, setBusyId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useDeskChanges((event) => {
    if (event.type !== 'contactMessage' && event.type !== 'reconnected') return;
    clearTimeout(timer.current);
    timer.current = setTimeout(reload, SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const mark = async (message: ContactMessage, handled: boolean) => {
    setBusyId(message.id);
    try {
      await port.messages.setHandled(message.id, handled);
      notify({
        kind: 'success',
        title: t(handled ? 'admin:messages.markedHandled' : 'admin:messages.markedUnhandled'),
      });
    } catch (error) {
      notify({
        kind: 'error',
        title: t('admin:orders.actionFailed'),
        detail: t(errorMessageKey(error, 'generic')),
      });
    } finally {
      setBusyId(null);
      reload();
    }
  };

  const n = (value: number) => formatNumber(value, language);

  return (
    <AdminListPanel
      section="messages"
      state={state}
      onReload={reload}
      emptyKey={filter === 'all' ? undefined : 'admin:messages.emptyFiltered'}
      tools={
        <div className="admin-chips" role="group" aria-label={t('admin:messages.filterLabel')}>
          {MESSAGE_STATES.map((choice) => (
            <button
              key={choice}
              type="button"
              className="admin-chip"
              aria-pressed={filter === choice}
              onClick={() => setFilter(choice)}
            >
              {t(`admin:messages.filter.${choice}`)}
              {choice === 'unhandled' && unhandled !== null && (
                <>
                  {' '}
                  <span className="admin-chip-count">{n(unhandled)}</span>
                </>
              )}
            </button>
          ))}
        </div>
      }
      renderItem={(message) => {
        const reply = messageReplyLink(message);
        const handled = message.handled;
        // Visible labels stay short; the sender's name tells the buttons of a list apart.
        const forMessage = (
          <>
            {' '}
            <span className="visually-hidden">
              {t('admin:messages.forMessage', { name: message.name })}
            </span>
          </>
        );
        return (
          <li className={`card admin-message${handled ? ' admin-message-handled' : ''}`}>
            <div className="admin-message-head">
              <h3 className="admin-message-name">
                <bdi>{message.name}</bdi>
              </h3>
              <Badge tone={handled ? 'success' : 'warning'}>
                {t(`admin:messages.state.${handled ? 'handled' : 'unhandled'}`)}
              </Badge>
            </div>
            <p className="admin-sub">
              <time dateTime={message.createdAt}>
                {formatDateTime(message.createdAt, language)}
              </time>
            </p>
            {message.phone || message.email ? (
              // Only the ways to reply the sender gave (D7): either one may be missing.
              <p className="admin-contact">
                {message.phone ? (
                  <a href={`tel:${message.phone}`}>
                    <span className="visually-hidden">{t('messages.phone')}: </span>
                    <bdi className="ltr-value">{message.phone}</bdi>
                  </a>
                ) : null}
                {reply ? (
                  <a
                    className="admin-whatsapp"
                    href={reply.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <WhatsAppIcon />
                    {t('admin:messages.replyWhatsApp')}
                    {forMessage}{' '}
                    <span className="visually-hidden">{t('admin:messages.newTab')}</span>
                  </a>
                ) : null}
                {message.email ? (
                  <a href={`mailto:${message.email}`}>
                    <span className="visually-hidden">{t('messages.email')}: </span>
                    <bdi className="ltr-value">{message.email}</bdi>
                  </a>
                ) : null}
              </p>
            ) : null}
            <p className="admin-message-body">
              <bdi>{message.message}</bdi>
            </p>
            {handled && (
              <p className="admin-sub">
                {handled.by ? (
                  <Trans
                    t={t}
                    i18nKey="admin:messages.handledBy"
                    values={{ by: handled.by, at: formatDateTime(handled.at, language) }}
                    components={{ who: <bdi className="ltr-value" /> }}
                  />
                ) : (
                  t('admin:messages.handledAt', { at: formatDateTime(handled.at, language) })
                )}
              </p>
            )}
            <div className="admin-row-actions">
              <button
                type="button"
                className={`btn ${handled ? 'btn-secondary' : 'btn-primary'}`}
                disabled={busyId === message.id}
                onClick={() => void mark(message, !handled)}
              >
                {t(handled ? 'admin:messages.markUnhandled' : 'admin:messages.markHandled')}
                {forMessage}
              </button>
            </div>
          </li>
        );
      }}
    />
  );
}
