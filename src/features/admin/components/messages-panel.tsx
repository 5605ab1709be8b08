import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDateTime } from '../../../domain/datetime';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useAdminList } from '../hooks/use-admin-list';
import { AdminListPanel } from './admin-list-panel';

/** The contact form's messages (D7), newest first, each with the ways to reply it gave. */
export function MessagesPanel() {
  const { t } = useTranslation('admin');
  const port = useDataPort();
  const language = useDisplayLanguage();
  const load = useCallback(() => port.messages.list(), [port]);
  const { state, reload } = useAdminList(load);

  return (
    <AdminListPanel
      section="messages"
      state={state}
      onReload={reload}
      renderItem={(message) => (
        <li className="card admin-message">
          <div className="admin-message-head">
            <h3 className="admin-message-name">
              <bdi>{message.name}</bdi>
            </h3>
            <time className="muted" dateTime={message.createdAt}>
              {formatDateTime(message.createdAt, language)}
            </time>
          </div>
          {message.phone || message.email ? (
            // Only the ways to reply the sender gave (D7): either one may be missing.
            <p className="admin-contact">
              {message.phone ? (
                <a href={`tel:${message.phone}`}>
                  <span className="visually-hidden">{t('messages.phone')}: </span>
                  <bdi className="ltr-value">{message.phone}</bdi>
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
        </li>
      )}
    />
  );
}
