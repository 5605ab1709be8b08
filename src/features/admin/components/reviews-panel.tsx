import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReview } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDateTime } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useAdminList } from '../hooks/use-admin-list';
import { Badge } from '../../../components/ui/badges';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AdminListPanel } from './admin-list-panel';
import type { Notify } from './toast';

/** Review moderation: every review, hidden ones included; hide, show again or delete. */
export function ReviewsPanel({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'errors']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const load = useCallback(() => port.reviews.listAll(), [port]);
  const { state, reload } = useAdminList(load);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const toggle = async (review: AdminReview) => {
    setBusyId(review.id);
    try {
      await port.reviews.setHidden(review.id, !review.hidden);
      notify({
        kind: 'success',
        title: t(review.hidden ? 'admin:reviews.shownDone' : 'admin:reviews.hiddenDone'),
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

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await port.reviews.remove(deleting.id);
      setDeleting(null);
      notify({ kind: 'success', title: t('admin:reviews.deletedDone') });
      reload();
    } catch (error) {
      setDeleteError(t(errorMessageKey(error, 'generic')));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <AdminListPanel
      section="reviews"
      state={state}
      onReload={reload}
      renderItem={(review) => (
        <li className={`card admin-review${review.hidden ? ' admin-review-hidden' : ''}`}>
          <div className="admin-message-head">
            <h3 className="admin-message-name">
              <bdi>{review.name}</bdi>
            </h3>
            <Badge tone={review.hidden ? 'warning' : 'success'}>
              {t(review.hidden ? 'admin:reviews.hidden' : 'admin:reviews.visible')}
            </Badge>
          </div>
          <p className="admin-sub">
            <span aria-hidden="true" className="admin-stars">
              {'★'.repeat(review.rating)}
              {'☆'.repeat(Math.max(0, 5 - review.rating))}
            </span>{' '}
            {t('admin:reviews.rating', { value: formatNumber(review.rating, language) })}
            {/* A middle dot beside Arabic-Indic digits reads as a zero; Arabic uses a comma. */}
            {language === 'ar' ? '، ' : ' · '}
            <time dateTime={review.createdAt}>{formatDateTime(review.createdAt, language)}</time>
          </p>
          <p className="admin-message-body">
            <bdi>{review.review}</bdi>
          </p>
          <div className="admin-row-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busyId === review.id}
              onClick={() => void toggle(review)}
            >
              {t(review.hidden ? 'admin:reviews.show' : 'admin:reviews.hide')}{' '}
              <span className="visually-hidden">
                {t('admin:reviews.forReview', { name: review.name })}
              </span>
            </button>
            <button
              type="button"
              className="btn btn-ghost admin-danger"
              onClick={() => {
                setDeleteError(null);
                setDeleting(review);
              }}
            >
              {t('admin:reviews.delete')}{' '}
              <span className="visually-hidden">
                {t('admin:reviews.forReview', { name: review.name })}
              </span>
            </button>
          </div>
        </li>
      )}
    >
      {deleting && (
        <ConfirmDialog
          title={t('admin:reviews.confirmDelete.title')}
          confirmLabel={
            deleteBusy
              ? t('admin:reviews.confirmDelete.working')
              : t('admin:reviews.confirmDelete.yes')
          }
          cancelLabel={t('admin:reviews.confirmDelete.no')}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
          busy={deleteBusy}
          error={deleteError}
        >
          <p>{t('admin:reviews.confirmDelete.body', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </AdminListPanel>
  );
}
