import { useEffect, useId, useMemo, useState } from 'react';
import type { Order } from '../../../data/port';
import { formatDate, formatTimeRange } from '../../../domain/datetime';
import type { GoBackAction } from '../../../domain/status';
import { RescheduleDialog } from '../../../components/ui/reschedule-dialog';
import { statusLabel } from '../order-labels';
import { GoBackDialog } from './go-back-dialog';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useLiveRefresh } from '../desk/use-live-refresh';
import { useAdminOrders } from '../hooks/use-admin-orders';
import { useOrderActions } from '../hooks/use-order-actions';
import { useOrderFilters } from '../hooks/use-order-filters';
import { hasFilters, toOrderFilter } from '../order-filters';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { FilterGrid, StatusChips } from './order-filter-grid';
import { OrderRow } from './order-row';
import { Pagination } from './pagination';
import type { Notify } from './toast';

export const PAGE_SIZE = 50;

/**
 * The operators' order list: search, filters, counts per status, sort, pages of 50, CSV export
 * of exactly what the filters match, and per order status changes, mark-paid and delete.
 */
export function OrdersPanel({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const language = useDisplayLanguage();
  const ids = useId();
  const { filters, update, clear, searchInput, setSearchInput } = useOrderFilters();
  const { page } = filters;

  const baseFilter = useMemo(() => toOrderFilter(filters), [filters]);
  const listFilter = useMemo(() => ({ ...baseFilter, page, limit: PAGE_SIZE }), [baseFilter, page]);
  const { page: result, loading, errorKey, reload, refresh } = useAdminOrders(listFilter);
  useLiveRefresh(refresh);

  const n = (value: number) => formatNumber(value, language);
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const orders = result?.orders ?? [];
  const counts = result?.counts;

  // A link to a page past the end (or a list that shrank): show the last page instead.
  const pastTheEnd = result !== null && !loading && !errorKey && page > pages;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages }, { replace: true });
  }, [pastTheEnd, pages, update]);

  const actions = useOrderActions({
    notify,
    baseFilter,
    ordersOnPage: orders.length,
    page,
    goToPage: (to) => update({ page: to }, { replace: true }),
    reload,
  });
  const { exporting, deleting, deleteBusy, deleteError } = actions;
  // Going back and another date (D17): each asks in its own dialog, then the list reloads.
  const [goingBack, setGoingBack] = useState<{ order: Order; action: GoBackAction } | null>(null);
  const [rescheduling, setRescheduling] = useState<Order | null>(null);

  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  const filtered = hasFilters(filters);

  return (
    <div className="admin-orders-panel">
      <section className="card admin-filters" aria-labelledby={`${ids}-filters`}>
        <h2 id={`${ids}-filters`} className="visually-hidden">
          {t('admin:orders.filters.title')}
        </h2>
        <FilterGrid
          filters={filters}
          update={update}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
        />

        <StatusChips
          status={filters.status}
          counts={counts}
          onChoose={(status) => update({ status })}
        />

        <div className="admin-toolbar">
          <p className="admin-showing" aria-live="polite">
            {result && t('admin:orders.showing', { from: n(from), to: n(to), total: n(total) })}
          </p>
          <div className="admin-toolbar-actions">
            {filtered && (
              <button type="button" className="btn btn-ghost" onClick={clear}>
                {t('admin:orders.filters.clear')}
              </button>
            )}
            <button type="button" className="btn btn-secondary" onClick={reload} disabled={loading}>
              {t('admin:orders.refresh')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void actions.exportCsv()}
              disabled={exporting || total === 0}
              aria-busy={exporting || undefined}
            >
              {exporting ? t('admin:orders.exporting') : t('admin:orders.export')}
            </button>
          </div>
        </div>
      </section>

      <div className="admin-live" aria-live="polite">
        {loading && (
          <LoadingStatus className="admin-loading">{t('admin:orders.loading')}</LoadingStatus>
        )}
      </div>

      {errorKey && (
        <div className="alert alert-error admin-load-error" role="alert">
          <p>
            <strong>{t('admin:orders.loadError')}</strong> {t(errorKey)}
          </p>
          <button type="button" className="btn btn-secondary" onClick={reload}>
            {t('admin:orders.retry')}
          </button>
        </div>
      )}

      {result && orders.length === 0 && !loading && !pastTheEnd && (
        <p className="card admin-empty">
          {/* Sorting alone hides nothing: only real filters make "no match" the right words. */}
          {hasFilters({ ...filters, sort: 'newest' })
            ? t('admin:orders.empty')
            : t('admin:orders.none')}
        </p>
      )}

      {orders.length > 0 && (
        <div className="admin-table-wrap" aria-busy={loading}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('admin:orders.listLabel')}</caption>
            <thead>
              <tr>
                {(
                  ['order', 'customer', 'move', 'service', 'payment', 'status', 'actions'] as const
                ).map((key) => (
                  <th key={key} scope="col">
                    {t(`admin:orders.columns.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            {orders.map((order) => (
              <OrderRow
                key={order.id}
                order={order}
                onUpdateStatus={actions.updateStatus}
                onMarkPaid={actions.markPaid}
                onDelete={actions.askToDelete}
                onPaymentReversed={actions.paymentReversed}
                onGoBack={(order, action) => setGoingBack({ order, action })}
                onReschedule={setRescheduling}
              />
            ))}
          </table>
        </div>
      )}

      {pages > 1 && <Pagination page={page} pages={pages} onPage={(to) => update({ page: to })} />}

      {goingBack && (
        <GoBackDialog
          order={goingBack.order}
          action={goingBack.action}
          onCancel={() => setGoingBack(null)}
          onDone={(order) => {
            setGoingBack(null);
            notify({
              kind: 'success',
              title: t(`admin:orders.goBack.${goingBack.action}.done`, {
                number: order.orderNumber || order.id,
                status: statusLabel(order.status, language),
              }),
            });
            reload();
          }}
        />
      )}

      {rescheduling && (
        <RescheduleDialog
          order={rescheduling}
          by="admin"
          onCancel={() => setRescheduling(null)}
          onDone={(order) => {
            setRescheduling(null);
            notify({
              kind: 'success',
              title: t('admin:orders.rescheduled', {
                number: order.orderNumber || order.id,
                date: formatDate(order.moveDate, language),
                time: formatTimeRange(
                  order.timeWindow?.start ?? order.moveTime,
                  order.timeWindow?.end,
                  language,
                ),
              }),
            });
            reload();
          }}
        />
      )}

      {deleting && (
        <ConfirmDialog
          title={t('admin:orders.confirmDelete.title')}
          confirmLabel={
            deleteBusy
              ? t('admin:orders.confirmDelete.working')
              : t('admin:orders.confirmDelete.yes')
          }
          cancelLabel={t('admin:orders.confirmDelete.no')}
          onConfirm={() => void actions.confirmDelete()}
          onCancel={actions.cancelDelete}
          busy={deleteBusy}
          error={deleteError}
        >
          <p>
            <Trans
              t={t}
              i18nKey="admin:orders.confirmDelete.body"
              values={{ number: deleting.orderNumber || deleting.id }}
              components={{ num: <bdi className="ltr-value" /> }}
            />
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
