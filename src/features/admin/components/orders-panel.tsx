import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Order, OrderAdminUpdate } from '../../../data/port';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { GOVERNORATES, governorateName } from '../../../domain/governorates';
import { formatNumber } from '../../../domain/money';
import { ORDER_SORTS } from '../../../domain/order-query';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type OrderStatus,
} from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { CSV_MIME, csvFileName, ordersToCsv } from '../csv';
import { fetchAllOrders, useAdminOrders } from '../hooks/use-admin-orders';
import { useOrderFilters } from '../hooks/use-order-filters';
import { hasFilters, toOrderFilter, type OrderFilters } from '../order-filters';
import { statusLabel } from '../order-labels';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { OrderRow } from './order-row';
import type { Notify } from './toast';

export const PAGE_SIZE = 50;

type SelectFilter = 'governorateId' | 'paymentStatus' | 'paymentMethod' | 'sort';
type DateFilter = 'moveDateFrom' | 'moveDateTo';
interface Option {
  value: string;
  label: string;
}

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** The search box and one control per filter, each showing and setting its filter. */
function FilterGrid({
  filters,
  update,
  searchInput,
  onSearchInput,
}: {
  filters: OrderFilters;
  update(changes: Partial<OrderFilters>): void;
  searchInput: string;
  onSearchInput(value: string): void;
}) {
  const { t } = useTranslation('admin');
  const language = useDisplayLanguage();
  const ids = useId();
  const all = t('admin:orders.filters.all');
  const valueOptions = (group: 'paymentStatus' | 'paymentMethod', values: readonly string[]) =>
    values.map((value): Option => ({ value, label: t(`admin:values.${group}.${value}`) }));

  // `allLabel` adds the "no filter" choice (''); every other value is one of `options`.
  const select = (key: SelectFilter, label: string, options: Option[], allLabel?: string) => (
    <FilterField id={`${ids}-${key}`} label={label}>
      <select
        id={`${ids}-${key}`}
        className="select"
        value={filters[key]}
        onChange={(e) => update({ [key]: e.target.value } as Partial<OrderFilters>)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
  const date = (key: DateFilter, label: string, range: { min?: string; max?: string }) => (
    <FilterField id={`${ids}-${key}`} label={label}>
      <input
        id={`${ids}-${key}`}
        className="input"
        type="date"
        value={filters[key]}
        min={range.min || undefined}
        max={range.max || undefined}
        onChange={(e) => update({ [key]: e.target.value })}
      />
    </FilterField>
  );

  return (
    <div className="admin-filter-grid">
      <div className="field admin-search" role="search">
        <label htmlFor={`${ids}-search`}>{t('admin:orders.filters.search')}</label>
        <input
          id={`${ids}-search`}
          className="input"
          type="search"
          placeholder={t('admin:orders.filters.searchPlaceholder')}
          value={searchInput}
          onChange={(e) => onSearchInput(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {select(
        'governorateId',
        t('admin:orders.filters.governorate'),
        GOVERNORATES.map((g) => ({ value: g.id, label: governorateName(g, language) })),
        t('admin:orders.filters.allGovernorates'),
      )}
      {date('moveDateFrom', t('admin:orders.filters.dateFrom'), { max: filters.moveDateTo })}
      {date('moveDateTo', t('admin:orders.filters.dateTo'), { min: filters.moveDateFrom })}
      {select(
        'paymentStatus',
        t('admin:orders.filters.paymentStatus'),
        valueOptions('paymentStatus', PAYMENT_STATUSES),
        all,
      )}
      {select(
        'paymentMethod',
        t('admin:orders.filters.paymentMethod'),
        valueOptions('paymentMethod', PAYMENT_METHODS),
        all,
      )}
      {select(
        'sort',
        t('admin:orders.filters.sort'),
        ORDER_SORTS.map((s) => ({ value: s, label: t(`admin:orders.sort.${s}`) })),
      )}
    </div>
  );
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: CSV_MIME }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The operators' order list: search, filters, counts per status, sort, pages of 50, CSV export
 * of exactly what the filters match, and per order status changes, mark-paid and delete.
 */
export function OrdersPanel({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const ids = useId();
  const { filters, update, clear, searchInput, setSearchInput } = useOrderFilters();
  const { page } = filters;
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const baseFilter = useMemo(() => toOrderFilter(filters), [filters]);
  const listFilter = useMemo(() => ({ ...baseFilter, page, limit: PAGE_SIZE }), [baseFilter, page]);
  const { page: result, loading, errorKey, reload } = useAdminOrders(listFilter);

  const n = (value: number) => formatNumber(value, language);
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const orders = result?.orders ?? [];
  const counts = result?.counts;
  const allCount = counts ? ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0) : 0;

  // A link to a page past the end (or a list that shrank): show the last page instead.
  const pastTheEnd = result !== null && !loading && !errorKey && page > pages;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages }, { replace: true });
  }, [pastTheEnd, pages, update]);

  /** Saves an admin change to one order, says how it went, and reloads the list either way. */
  const saveChange = async (order: Order, change: OrderAdminUpdate, doneDetail: string) => {
    try {
      await port.orders.update(order.id, change);
      notify({
        kind: 'success',
        title: t(ERROR_LABEL_KEYS.adminUpdateSuccess),
        detail: doneDetail,
      });
    } catch (error) {
      const key = errorMessageKey(error, 'adminUpdate');
      notify({
        kind: 'error',
        title: t(ERROR_LABEL_KEYS.adminUpdateFailed),
        detail: key === ERROR_LABEL_KEYS.adminUpdateFailed ? undefined : t(key),
      });
    }
    reload();
  };
  const updateStatus = (order: Order, status: OrderStatus) =>
    saveChange(
      order,
      { status },
      t('admin:orders.statusUpdated', {
        number: order.orderNumber || order.id,
        status: statusLabel(status, language),
      }),
    );
  const markPaid = (order: Order) =>
    saveChange(
      order,
      { paymentStatus: 'paid' },
      t('admin:orders.markedPaid', { number: order.orderNumber || order.id }),
    );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await port.orders.remove(deleting.id);
      notify({
        kind: 'success',
        title: t('admin:orders.deleted', { number: deleting.orderNumber || deleting.id }),
      });
      setDeleting(null);
      // The last order of the last page: step back to a page that still has orders.
      if (orders.length === 1 && page > 1) update({ page: page - 1 }, { replace: true });
      else reload();
    } catch (error) {
      setDeleteError(t(errorMessageKey(error, 'generic')));
    } finally {
      setDeleteBusy(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllOrders((f) => port.orders.list(f), baseFilter);
      download(ordersToCsv(all, language), csvFileName());
      notify({ kind: 'success', title: t('admin:orders.exportDone', { value: n(all.length) }) });
    } catch (error) {
      notify({
        kind: 'error',
        title: t('admin:orders.exportFailed'),
        detail: t(errorMessageKey(error, 'generic')),
      });
    } finally {
      setExporting(false);
    }
  };

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

        <div className="admin-chips" role="group" aria-label={t('admin:orders.counts.label')}>
          <button
            type="button"
            className="admin-chip"
            aria-pressed={filters.status === ''}
            onClick={() => update({ status: '' })}
          >
            {t('admin:orders.counts.all')} <span className="admin-chip-count">{n(allCount)}</span>
          </button>
          {ORDER_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className={`admin-chip admin-chip-${status}`}
              aria-pressed={filters.status === status}
              onClick={() => update({ status })}
            >
              {t(`common:status.${status}`)}{' '}
              <span className="admin-chip-count">{n(counts?.[status] ?? 0)}</span>
            </button>
          ))}
        </div>

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
              onClick={() => void exportCsv()}
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
                onUpdateStatus={updateStatus}
                onMarkPaid={markPaid}
                onDelete={(o) => {
                  setDeleteError(null);
                  setDeleting(o);
                }}
              />
            ))}
          </table>
        </div>
      )}

      {pages > 1 && (
        <nav className="admin-pagination" aria-label={t('admin:orders.pagination.label')}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page <= 1}
            onClick={() => update({ page: page - 1 })}
          >
            {t('admin:orders.pagination.previous')}
          </button>
          <label className="admin-page-select">
            <span className="visually-hidden">{t('admin:orders.pagination.label')}</span>
            <select
              className="select"
              value={page}
              onChange={(e) => update({ page: Number(e.target.value) })}
            >
              {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                <option key={p} value={p}>
                  {t('admin:orders.pagination.page', { page: n(p), pages: n(pages) })}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page >= pages}
            onClick={() => update({ page: page + 1 })}
          >
            {t('admin:orders.pagination.next')}
          </button>
        </nav>
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
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
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
