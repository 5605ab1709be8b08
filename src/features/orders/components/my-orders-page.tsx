import { useRef, useState, type ComponentType } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Order } from '../../../data/port';
import { errorMessageKey } from '../../../data/error-messages';
import { useDataPort } from '../../../data/react/data-port-context';
import { useSession } from '../../../data/react/session-context';
import { ForwardArrowIcon } from '../../../components/ui/icons';
import { LiveIndicator } from '../../../components/ui/live-indicator';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../domain/money';
import { statusLabelKey } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useMyOrders } from '../hooks/use-my-orders';
import { CancelTerms, termsNow } from '../../../components/ui/cancel-terms';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RescheduleDialog } from '../../../components/ui/reschedule-dialog';
import { formatDate, formatTimeRange } from '../../../domain/datetime';
import { OrderCard } from './order-card';
import '../../../components/ui/page-header.css';
import './my-orders-page.css';
import { PageTitle } from '../../../components/ui/page-title';

/**
 * /my-orders (D7): the visitor's real orders from the backend, anonymous or signed in, with
 * details, tracking and cancel while the order is still `received` or `under_review`. Without
 * an account session, `signIn` (the auth feature's sign-in by mobile number, D13, wired in
 * src/app) is right here: on any device, the number brings every order booked with it.
 */
export function MyOrdersPage({
  SignIn,
}: {
  /** The sign-in form; calls `onSignedIn` once signed in. */
  SignIn: ComponentType<{ onSignedIn?: () => void }>;
}) {
  const { t } = useTranslation(['orders', 'common', 'errors']);
  const { user, ready } = useSession();
  const port = useDataPort();
  const language = useDisplayLanguage();
  const { state, reload, refresh, replace, live, moved } = useMyOrders(user?.id ?? null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => requestAnimationFrame(() => headingRef.current?.focus());

  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [rescheduling, setRescheduling] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    setCancelError(null);
    try {
      const updated = await port.orders.cancel(cancelling.id);
      replace(updated);
      setCancelling(null);
      setNotice(t('orders:card.cancelled'));
    } catch (error) {
      setCancelError(t(errorMessageKey(error, 'generic')));
    } finally {
      setBusy(false);
    }
  };

  const closeDialog = () => {
    setCancelling(null);
    setCancelError(null);
  };

  const sessionKnown = ready !== false;
  const loading = !sessionKnown || (user !== null && state.kind === 'loading');
  const orders = user && state.kind === 'loaded' ? state.orders : null;
  // Nobody yet: signing in is the way to the orders, not an empty list.
  const empty = sessionKnown && user !== null && orders !== null && orders.length === 0;
  const askSignIn = sessionKnown && (user === null || user.anonymous);

  return (
    <div className="container page my-orders">
      <header className="page-header">
        <PageTitle title={t('orders:title')} />
        {/* Signed in, the focus comes back here while the list loads below (it is announced). */}
        <h1 ref={headingRef} tabIndex={-1}>
          {t('orders:title')}
        </h1>
        <p className="lead">{t('orders:lead')}</p>
      </header>

      {askSignIn && (
        <section className="card my-orders-signin" aria-labelledby="my-orders-signin-title">
          <h2 id="my-orders-signin-title">{t('orders:signIn.title')}</h2>
          <p className="muted">{t('orders:signIn.body')}</p>
          <SignIn onSignedIn={focusHeading} />
          {user === null && (
            <p className="my-orders-book">
              {t('orders:signIn.notBooked')}{' '}
              <Link to={paths.selectCity}>{t('orders:empty.start')}</Link>
            </p>
          )}
        </section>
      )}

      <div aria-live="polite" aria-busy={loading} className="my-orders-live">
        {loading && <LoadingStatus>{t('orders:loading')}</LoadingStatus>}
        {notice && (
          <p className="alert alert-success" role="status">
            {notice}
          </p>
        )}
        {moved && (
          // One of the orders moved on while the list was open (D19); keyed so each is heard.
          <p key={moved.seq} className="alert my-orders-moved">
            <Trans
              t={t}
              i18nKey="orders:live.changed"
              values={{
                number: moved.orderNumber,
                status: t(`common:${statusLabelKey(moved.status)}`),
              }}
              components={{ num: <bdi className="ltr-value" /> }}
            />
          </p>
        )}
      </div>

      {user && state.kind === 'error' && (
        <div className="alert alert-error my-orders-error" role="alert">
          <p>
            <strong>{t('orders:loadError')}</strong> {t(state.messageKey)}
          </p>
          <button type="button" className="btn btn-secondary" onClick={reload}>
            {t('orders:retry')}
          </button>
        </div>
      )}

      {empty && (
        <section className="card my-orders-empty" aria-labelledby="my-orders-empty-title">
          <h2 id="my-orders-empty-title">{t('orders:empty.title')}</h2>
          <p className="muted">{t('orders:empty.body')}</p>
          <Link className="btn btn-primary btn-lg" to={paths.selectCity}>
            {t('orders:empty.start')}
            <ForwardArrowIcon />
          </Link>
        </section>
      )}

      {orders && orders.length > 0 && (
        <>
          <div className="my-orders-meta">
            <p className="my-orders-count muted">
              {t('orders:count', {
                count: orders.length,
                value: formatNumber(orders.length, language),
              })}
            </p>
            <LiveIndicator live={live} onRefresh={refresh} />
          </div>
          <ul className="my-orders-list">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  onCancel={(o) => {
                    setNotice(null);
                    setCancelError(null);
                    setCancelling(o);
                  }}
                  onChanged={(o) => {
                    replace(o);
                    setNotice(t('orders:card.switchedToCash', { number: o.orderNumber }));
                  }}
                  onReschedule={(o) => {
                    setNotice(null);
                    setRescheduling(o);
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {rescheduling && (
        <RescheduleDialog
          order={rescheduling}
          by="customer"
          onCancel={() => setRescheduling(null)}
          onDone={(updated) => {
            replace(updated);
            setRescheduling(null);
            setNotice(
              t('orders:card.rescheduled', {
                number: updated.orderNumber,
                date: formatDate(updated.moveDate, language),
                time: formatTimeRange(
                  updated.timeWindow?.start ?? updated.moveTime,
                  updated.timeWindow?.end,
                  language,
                ),
              }),
            );
          }}
        />
      )}

      {cancelling && (
        <ConfirmDialog
          title={t('orders:confirm.title')}
          confirmLabel={busy ? t('orders:confirm.working') : t('orders:confirm.yes')}
          cancelLabel={t('orders:confirm.no')}
          onConfirm={() => void confirmCancel()}
          onCancel={closeDialog}
          busy={busy}
          error={cancelError}
        >
          <p>
            <Trans
              t={t}
              i18nKey="orders:confirm.body"
              values={{ number: cancelling.orderNumber }}
              components={{ num: <bdi className="ltr-value" /> }}
            />
          </p>
          <CancelTerms order={cancelling} terms={termsNow(cancelling)} />
        </ConfirmDialog>
      )}
    </div>
  );
}
