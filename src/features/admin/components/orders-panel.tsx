import { useEffect, useId, useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Order, OrderFilter, OrderSort } from '../../../data/port';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { GOVERNORATES, governorateName } from '../../../domain/governorates';
import { formatNumber } from '../../../domain/money';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { CSV_MIME, csvFileName, ordersToCsv } from '../csv';
import { fetchAllOrders, useAdminOrders } from '../hooks/use-admin-orders';
import { statusLabel } from '../order-labels';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { OrderRow } from './order-row';
import type { Notify } from './toast';

export const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;
const SORTS: readonly OrderSort[] = [
  'newest',
  'oldest',
  'move-date-asc',
  'move-date-desc',
  'price-desc',
  'price-asc',
];

interface Filters {
  status: OrderStatus | '';
  governorateId: string;
  moveDateFrom: string;
  moveDateTo: string;
  paymentStatus: PaymentStatus | '';
  paymentMethod: PaymentMethod | '';
  sort: OrderSort;
}

const NO_FILTERS: Filters = {
  status: '',
  governorateId: '',
  moveDateFrom: '',
  moveDateTo: '',
  paymentStatus: '',
  paymentMethod: '',
  sort: 'newest',
};

/** The filter as the port wants it: only the parts that are set. */
function toOrderFilter(search: string, filters: Filters): OrderFilter {
  const filter: OrderFilter = { sort: filters.sort };
  if (search.trim()) filter.search = search.trim();
  if (filters.status) filter.status = filters.status;
  if (filters.governorateId) filter.governorateId = filters.governorateId;
  if (filters.moveDateFrom) filter.moveDateFrom = filters.moveDateFrom;
  if (filters.moveDateTo) filter.moveDateTo = filters.moveDateTo;
  if (filters.paymentStatus) filter.paymentStatus = filters.paymentStatus;
  if (filters.paymentMethod) filter.paymentMethod = filters.paymentMethod;
  return filter;
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
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const baseFilter = useMemo(() => toOrderFilter(search, filters), [search, filters]);
  const listFilter = useMemo(() => ({ ...baseFilter, page, limit: PAGE_SIZE }), [baseFilter, page]);
  const { page: result, loading, errorKey, reload } = useAdminOrders(listFilter);

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setSearchInput('');
    setSearch('');
    setPage(1);
  };

  const n = (value: number) => formatNumber(value, language);
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const orders = result?.orders ?? [];
  const counts = result?.counts;
  const allCount = counts ? ORDER_STATUSES.reduce((sum, s) => sum + counts[s], 0) : 0;

  const updateStatus = async (order: Order, status: OrderStatus) => {
    const number = order.orderNumber || order.id;
    try {
      await port.orders.update(order.id, { status });
      notify({
        kind: 'success',
        title: t(ERROR_LABEL_KEYS.adminUpdateSuccess),
        detail: t('admin:orders.statusUpdated', { number, status: statusLabel(status, language) }),
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

  const markPaid = async (order: Order) => {
    const number = order.orderNumber || order.id;
    try {
      await port.orders.update(order.id, { paymentStatus: 'paid' });
      notify({
        kind: 'success',
        title: t(ERROR_LABEL_KEYS.adminUpdateSuccess),
        detail: t('admin:orders.markedPaid', { number }),
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
      if (orders.length === 1 && page > 1) setPage(page - 1);
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
  const filtered =
    search.trim() !== '' ||
    (Object.keys(NO_FILTERS) as (keyof Filters)[]).some((k) => filters[k] !== NO_FILTERS[k]);

  return (
    <div className="admin-orders-panel">
      <section className="card admin-filters" aria-labelledby={`${ids}-filters`}>
        <h2 id={`${ids}-filters`} className="visually-hidden">
          {t('admin:orders.filters.title')}
        </h2>
        <div className="admin-filter-grid">
          <div className="field admin-search" role="search">
            <label htmlFor={`${ids}-search`}>{t('admin:orders.filters.search')}</label>
            <input
              id={`${ids}-search`}
              className="input"
              type="search"
              placeholder={t('admin:orders.filters.searchPlaceholder')}
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-gov`}>{t('admin:orders.filters.governorate')}</label>
            <select
              id={`${ids}-gov`}
              className="select"
              value={filters.governorateId}
              onChange={(e) => setFilter('governorateId', e.target.value)}
            >
              <option value="">{t('admin:orders.filters.allGovernorates')}</option>
              {GOVERNORATES.map((g) => (
                <option key={g.id} value={g.id}>
                  {governorateName(g, language)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-from`}>{t('admin:orders.filters.dateFrom')}</label>
            <input
              id={`${ids}-from`}
              className="input"
              type="date"
              value={filters.moveDateFrom}
              max={filters.moveDateTo || undefined}
              onChange={(e) => setFilter('moveDateFrom', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-to`}>{t('admin:orders.filters.dateTo')}</label>
            <input
              id={`${ids}-to`}
              className="input"
              type="date"
              value={filters.moveDateTo}
              min={filters.moveDateFrom || undefined}
              onChange={(e) => setFilter('moveDateTo', e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-pay`}>{t('admin:orders.filters.paymentStatus')}</label>
            <select
              id={`${ids}-pay`}
              className="select"
              value={filters.paymentStatus}
              onChange={(e) => setFilter('paymentStatus', e.target.value as PaymentStatus | '')}
            >
              <option value="">{t('admin:orders.filters.all')}</option>
              {PAYMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`admin:values.paymentStatus.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-method`}>{t('admin:orders.filters.paymentMethod')}</label>
            <select
              id={`${ids}-method`}
              className="select"
              value={filters.paymentMethod}
              onChange={(e) => setFilter('paymentMethod', e.target.value as PaymentMethod | '')}
            >
              <option value="">{t('admin:orders.filters.all')}</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`admin:values.paymentMethod.${m}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-sort`}>{t('admin:orders.filters.sort')}</label>
            <select
              id={`${ids}-sort`}
              className="select"
              value={filters.sort}
              onChange={(e) => setFilter('sort', e.target.value as OrderSort)}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`admin:orders.sort.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="admin-chips" role="group" aria-label={t('admin:orders.counts.label')}>
          <button
            type="button"
            className="admin-chip"
            aria-pressed={filters.status === ''}
            onClick={() => setFilter('status', '')}
          >
            {t('admin:orders.counts.all')} <span className="admin-chip-count">{n(allCount)}</span>
          </button>
          {ORDER_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className={`admin-chip admin-chip-${status}`}
              aria-pressed={filters.status === status}
              onClick={() => setFilter('status', status)}
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
              <button type="button" className="btn btn-ghost" onClick={clearFilters}>
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
          <p className="admin-loading" role="status">
            <span className="admin-spinner" aria-hidden="true" />
            {t('admin:orders.loading')}
          </p>
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

      {result && orders.length === 0 && !loading && (
        <p className="card admin-empty">{t('admin:orders.empty')}</p>
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
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            {t('admin:orders.pagination.previous')}
          </button>
          <label className="admin-page-select">
            <span className="visually-hidden">{t('admin:orders.pagination.label')}</span>
            <select
              className="select"
              value={page}
              onChange={(e) => setPage(Number(e.target.value))}
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
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
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
