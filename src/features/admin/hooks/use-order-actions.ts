import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderAdminUpdate, OrderFilter, PaymentReversal } from '../../../data/port';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatNumber } from '../../../domain/money';
import type { OrderStatus } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { Notify } from '../components/toast';
import { CSV_MIME, csvFileName, ordersToCsv } from '../csv';
import { statusLabel } from '../order-labels';
import { fetchAllOrders } from './use-admin-orders';

/** Saves `text` as a CSV file named `fileName`. */
export function download(text: string, fileName: string) {
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

export interface OrderActionsContext {
  notify: Notify;
  /** The list's filter without paging: what the CSV export contains. */
  baseFilter: OrderFilter;
  /** Orders on the page shown and its number, to step back after deleting the last one. */
  ordersOnPage: number;
  page: number;
  goToPage(page: number): void;
  reload(): void;
}

/**
 * What an admin does to orders from the list: change a status, mark paid, delete (after a
 * confirmation) and export the filtered list as CSV. Each says how it went through `notify`
 * and reloads the list.
 */
export function useOrderActions({
  notify,
  baseFilter,
  ordersOnPage,
  page,
  goToPage,
  reload,
}: OrderActionsContext) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const n = (value: number) => formatNumber(value, language);

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

  /** A refund or void went through the gateway (the details asked and confirmed it). */
  const paymentReversed = (order: Order, kind: PaymentReversal) => {
    notify({
      kind: 'success',
      title: t(kind === 'refund' ? 'admin:payments.refunded' : 'admin:payments.voided', {
        number: order.orderNumber || order.id,
      }),
    });
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
      if (ordersOnPage === 1 && page > 1) goToPage(page - 1);
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

  const askToDelete = (order: Order) => {
    setDeleteError(null);
    setDeleting(order);
  };

  return {
    updateStatus,
    markPaid,
    paymentReversed,
    exportCsv,
    exporting,
    deleting,
    askToDelete,
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    deleteBusy,
    deleteError,
  };
}
