import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_LABEL_KEYS, errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';
import { isOrderStatus, nextStatuses, type OrderStatus } from '../../../domain/status';

interface AdminStatusUpdaterProps {
  orderNumber: string;
  currentStatus: OrderStatus;
  /** Called after a successful change, to look the order up again. */
  onUpdated(): void;
}

/**
 * The spec's "admin sees a status updater" on the tracker. Only for a session the backend says
 * is an admin (D2); everyone else gets nothing, not even its translations.
 */
export function AdminStatusUpdater(props: AdminStatusUpdaterProps) {
  const { user } = useSession();
  if (!user?.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <Updater {...props} />
    </Suspense>
  );
}

type Lookup =
  | { kind: 'finding' }
  | { kind: 'found'; id: string }
  | { kind: 'missing' }
  | { kind: 'failed'; messageKey: string };

function Updater({ orderNumber, currentStatus, onUpdated }: AdminStatusUpdaterProps) {
  const { t } = useTranslation(['admin', 'common', 'errors']);
  const port = useDataPort();
  const ids = useId();
  const [lookup, setLookup] = useState<Lookup>({ kind: 'finding' });
  // Only the lifecycle's next steps (D17); going back is in the admin's order list.
  const choices = nextStatuses(currentStatus, 'admin');
  const [next, setNext] = useState<OrderStatus | null>(choices[0] ?? null);
  const [shownStatus, setShownStatus] = useState(currentStatus);
  if (shownStatus !== currentStatus) {
    setShownStatus(currentStatus);
    setNext(choices[0] ?? null);
  }
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // The public view has no id; the order is looked up by its exact number (one read).
  useEffect(() => {
    let active = true;
    port.orders.findByNumber(orderNumber).then(
      (order) => {
        if (active) setLookup(order ? { kind: 'found', id: order.id } : { kind: 'missing' });
      },
      (error: unknown) => {
        // A failed request is not "not found": say what went wrong.
        if (active) setLookup({ kind: 'failed', messageKey: errorMessageKey(error, 'generic') });
      },
    );
    return () => {
      active = false;
    };
  }, [port, orderNumber]);

  const update = async () => {
    if (lookup.kind !== 'found' || next === null) return;
    setBusy(true);
    setMessage(null);
    try {
      await port.orders.update(lookup.id, { status: next });
      setMessage({ kind: 'success', text: t(ERROR_LABEL_KEYS.adminUpdateSuccess) });
      onUpdated();
    } catch (error) {
      const key = errorMessageKey(error, 'adminUpdate');
      const detail = key === ERROR_LABEL_KEYS.adminUpdateFailed ? '' : ` ${t(key)}`;
      setMessage({ kind: 'error', text: t(ERROR_LABEL_KEYS.adminUpdateFailed) + detail });
    } finally {
      setBusy(false);
    }
  };

  const selectId = `${ids}-status`;
  return (
    <section className="card track-admin" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('admin:tracker.title')}</h3>
      {lookup.kind === 'finding' && (
        <p role="status" className="muted">
          {t('admin:tracker.finding')}
        </p>
      )}
      {lookup.kind === 'missing' && (
        <p role="alert" className="alert alert-error">
          {t('admin:tracker.notFound')}
        </p>
      )}
      {lookup.kind === 'failed' && (
        <p role="alert" className="alert alert-error">
          {t(lookup.messageKey)}
        </p>
      )}
      {lookup.kind === 'found' && next === null && (
        <p className="muted">{t('admin:tracker.noNextStep')}</p>
      )}
      {lookup.kind === 'found' && next !== null && (
        <div className="track-admin-form">
          <div className="field">
            <label htmlFor={selectId}>{t('admin:tracker.label')}</label>
            <select
              id={selectId}
              className="select"
              value={next}
              onChange={(e) => {
                if (isOrderStatus(e.target.value)) setNext(e.target.value);
              }}
            >
              {choices.map((status) => (
                <option key={status} value={status}>
                  {t(`common:status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void update()}
          >
            {busy ? t('admin:tracker.updating') : t('admin:tracker.update')}
          </button>
        </div>
      )}
      <div aria-live="polite">
        {message && (
          <p
            className={`alert alert-${message.kind}`}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
