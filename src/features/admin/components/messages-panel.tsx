import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDateTime } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useAdminList } from '../hooks/use-admin-list';

/** The contact form's messages (D7), newest first. */
export function MessagesPanel() {
  const { t } = useTranslation(['admin', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const load = useCallback(() => port.messages.list(), [port]);
  const { state, reload } = useAdminList(load);

  return (
    <div className="admin-simple-panel">
      <div className="admin-toolbar">
        <h2 className="admin-panel-title">{t('admin:messages.title')}</h2>
        <button type="button" className="btn btn-secondary" onClick={reload}>
          {t('admin:orders.refresh')}
        </button>
      </div>
      {state.kind === 'loading' && (
        <p className="admin-loading" role="status">
          <span className="admin-spinner" aria-hidden="true" />
          {t('admin:messages.loading')}
        </p>
      )}
      {state.kind === 'error' && (
        <div className="alert alert-error" role="alert">
          <strong>{t('admin:messages.loadError')}</strong> {t(state.messageKey)}
        </div>
      )}
      {state.kind === 'loaded' && state.items.length === 0 && (
        <p className="card admin-empty">{t('admin:messages.empty')}</p>
      )}
      {state.kind === 'loaded' && state.items.length > 0 && (
        <>
          <p className="muted admin-strong">
            {t('admin:messages.total', { value: formatNumber(state.items.length, language) })}
          </p>
          <ul className="admin-cards">
            {state.items.map((message) => (
              <li key={message.id} className="card admin-message">
                <div className="admin-message-head">
                  <h3 className="admin-message-name">
                    <bdi>{message.name}</bdi>
                  </h3>
                  <time className="muted" dateTime={message.createdAt}>
                    {formatDateTime(message.createdAt, language)}
                  </time>
                </div>
                <p className="admin-contact">
                  <a href={`mailto:${message.email}`}>
                    <span className="visually-hidden">{t('admin:messages.email')}: </span>
                    <bdi className="ltr-value">{message.email}</bdi>
                  </a>
                  <a href={`tel:${message.phone}`}>
                    <span className="visually-hidden">{t('admin:messages.phone')}: </span>
                    <bdi className="ltr-value">{message.phone}</bdi>
                  </a>
                </p>
                <p className="admin-message-body">
                  <bdi>{message.message}</bdi>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
