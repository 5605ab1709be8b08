import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { AdminListState } from '../hooks/use-admin-list';

interface AdminListPanelProps<T extends { id: string }> {
  /** The `admin` namespace section with the panel's words: title, loading, loadError, empty, total. */
  section: 'messages' | 'reviews';
  state: AdminListState<T>;
  onReload(): void;
  /** One `<li>` per item. */
  renderItem(item: T): ReactNode;
  /** Shown after the list, e.g. a confirm dialog. */
  children?: ReactNode;
  /** Controls beside the title and Refresh, e.g. a filter. */
  tools?: ReactNode;
  /** The empty state's words instead of `<section>.empty` (a filter that matches nothing). */
  emptyKey?: string;
}

/**
 * The frame of a simple admin list (messages, reviews): a title with Refresh, then loading, the
 * load error, the empty state or the count and the cards.
 */
export function AdminListPanel<T extends { id: string }>({
  section,
  state,
  onReload,
  renderItem,
  children,
  tools,
  emptyKey,
}: AdminListPanelProps<T>) {
  const { t } = useTranslation(['admin', 'errors']);
  const language = useDisplayLanguage();

  return (
    <div className="admin-simple-panel">
      <div className="admin-toolbar">
        <h2 className="admin-panel-title">{t(`admin:${section}.title`)}</h2>
        {tools}
        <button type="button" className="btn btn-secondary" onClick={onReload}>
          {t('admin:orders.refresh')}
        </button>
      </div>
      {state.kind === 'loading' && (
        <LoadingStatus className="admin-loading">{t(`admin:${section}.loading`)}</LoadingStatus>
      )}
      {state.kind === 'error' && (
        <div className="alert alert-error" role="alert">
          <strong>{t(`admin:${section}.loadError`)}</strong> {t(state.messageKey)}
        </div>
      )}
      {state.kind === 'loaded' && state.items.length === 0 && (
        <p className="card admin-empty">{t(emptyKey ?? `admin:${section}.empty`)}</p>
      )}
      {state.kind === 'loaded' && state.items.length > 0 && (
        <>
          <p className="muted admin-strong">
            {t(`admin:${section}.total`, { value: formatNumber(state.items.length, language) })}
          </p>
          <ul className="admin-cards">
            {state.items.map((item) => (
              <Fragment key={item.id}>{renderItem(item)}</Fragment>
            ))}
          </ul>
        </>
      )}
      {children}
    </div>
  );
}
