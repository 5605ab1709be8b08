import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AdminReview, ReviewSettings } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDateTime } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { decideModeration } from '../../../domain/review-rules';
import { statusLabelKey } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useAdminList } from '../hooks/use-admin-list';
import { Badge, type BadgeTone } from '../../../components/ui/badges';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AdminListPanel } from './admin-list-panel';
import type { Notify } from './toast';

/** Where a review stands, as the admin reads it (D14). */
function standing(review: AdminReview): { key: string; tone: BadgeTone | undefined } {
  if (review.order === null) return { key: 'noOrder', tone: undefined };
  if (review.listed) return { key: 'listed', tone: 'success' };
  switch (review.state) {
    case 'published':
      return { key: 'afterDelivery', tone: 'success' };
    case 'hidden':
      return { key: 'hidden', tone: 'danger' };
    default:
      return { key: 'pending', tone: 'warning' };
  }
}

/**
 * Review moderation (D14): whether new reviews are published at once or wait for approval;
 * every review with its order and where it stands; publish, hide or delete.
 */
export function ReviewsPanel({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'errors', 'common']);
  const port = useDataPort();
  const language = useDisplayLanguage();
  const load = useCallback(() => port.reviews.listAll(), [port]);
  const { state, reload } = useAdminList(load);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const moderate = async (review: AdminReview, hidden: boolean) => {
    setBusyId(review.id);
    try {
      await port.reviews.setHidden(review.id, hidden);
      notify({
        kind: 'success',
        title: t(hidden ? 'admin:reviews.hiddenDone' : 'admin:reviews.publishedDone'),
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

  const forReview = (review: AdminReview) => (
    <span className="visually-hidden">{t('admin:reviews.forReview', { name: review.name })}</span>
  );

  return (
    <>
      <ReviewSettingsForm notify={notify} />
      <AdminListPanel
        section="reviews"
        state={state}
        onReload={reload}
        renderItem={(review) => {
          const { key, tone } = standing(review);
          // Publishing is the domain's call (D14: never a review without an order).
          const canPublish =
            review.state !== 'published' && decideModeration(review, false) === 'published';
          const canHide = review.order !== null && review.state !== 'hidden';
          return (
            <li className={`card admin-review${review.listed ? '' : ' admin-review-hidden'}`}>
              <div className="admin-message-head">
                <h3 className="admin-message-name">
                  <bdi>{review.name}</bdi>
                </h3>
                <Badge tone={tone}>{t(`admin:reviews.state.${key}`)}</Badge>
              </div>
              <p className="admin-sub">
                <span aria-hidden="true" className="admin-stars">
                  {'★'.repeat(review.rating)}
                  {'☆'.repeat(Math.max(0, 5 - review.rating))}
                </span>{' '}
                {t('admin:reviews.rating', { value: formatNumber(review.rating, language) })}
                {/* A middle dot beside Arabic-Indic digits reads as a zero; Arabic uses a comma. */}
                {language === 'ar' ? '، ' : ' · '}
                <time dateTime={review.createdAt}>
                  {formatDateTime(review.createdAt, language)}
                </time>
              </p>
              <p className="admin-sub">
                {review.order ? (
                  <Trans
                    t={t}
                    i18nKey="admin:reviews.order"
                    values={{
                      number: review.order.orderNumber,
                      name: review.order.fullName,
                      status: t(`common:${statusLabelKey(review.order.status)}`),
                    }}
                    components={{ num: <bdi className="ltr-value" />, name: <bdi /> }}
                  />
                ) : (
                  t('admin:reviews.noOrder')
                )}
              </p>
              <p className="admin-message-body">
                <bdi>{review.review}</bdi>
              </p>
              <div className="admin-row-actions">
                {canPublish && (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={busyId === review.id}
                    onClick={() => void moderate(review, false)}
                  >
                    {t('admin:reviews.publish')} {forReview(review)}
                  </button>
                )}
                {canHide && (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={busyId === review.id}
                    onClick={() => void moderate(review, true)}
                  >
                    {t('admin:reviews.hide')} {forReview(review)}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost admin-danger"
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(review);
                  }}
                >
                  {t('admin:reviews.delete')} {forReview(review)}
                </button>
              </div>
            </li>
          );
        }}
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
    </>
  );
}

/** Publish new reviews at once, or hold them for approval (the default): data the admin sets. */
function ReviewSettingsForm({ notify }: { notify: Notify }) {
  const { t } = useTranslation(['admin', 'errors']);
  const port = useDataPort();
  const id = useId();
  const [saved, setSaved] = useState<ReviewSettings | null>(null);
  const [choice, setChoice] = useState<boolean | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    port.reviews.settings().then(
      (settings) => {
        if (active) setSaved(settings);
      },
      (error: unknown) => {
        if (active) setFailed(errorMessageKey(error, 'generic'));
      },
    );
    return () => {
      active = false;
    };
  }, [port]);

  const publishAtOnce = choice ?? saved?.publishAtOnce ?? false;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const settings = await port.reviews.saveSettings({ publishAtOnce });
      setSaved(settings);
      setChoice(null);
      notify({
        kind: 'success',
        title: t(
          settings.publishAtOnce
            ? 'admin:reviews.settings.savedPublish'
            : 'admin:reviews.settings.savedHold',
        ),
      });
    } catch (error) {
      notify({
        kind: 'error',
        title: t('admin:orders.actionFailed'),
        detail: t(errorMessageKey(error, 'generic')),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card admin-review-settings" onSubmit={(e) => void onSubmit(e)}>
      <fieldset disabled={saved === null} aria-describedby={`${id}-lead`}>
        <legend className="admin-panel-title">{t('admin:reviews.settings.title')}</legend>
        <p id={`${id}-lead`} className="muted">
          {t('admin:reviews.settings.lead')}
        </p>
        {failed && (
          <p className="alert alert-error" role="alert">
            <strong>{t('admin:reviews.settings.loadError')}</strong> {t(failed)}
          </p>
        )}
        {(
          [
            [false, 'hold'],
            [true, 'publishAtOnce'],
          ] as const
        ).map(([value, key]) => (
          <label key={key} className="admin-review-setting">
            <input
              type="radio"
              name={`${id}-publish`}
              checked={saved !== null && publishAtOnce === value}
              onChange={() => setChoice(value)}
            />
            <span>{t(`admin:reviews.settings.${key}`)}</span>
          </label>
        ))}
        <button type="submit" className="btn btn-primary" aria-busy={busy || undefined}>
          {busy ? t('admin:reviews.settings.saving') : t('admin:reviews.settings.save')}
        </button>
      </fieldset>
    </form>
  );
}
