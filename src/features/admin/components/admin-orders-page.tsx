import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { DeskContext } from '../desk/desk-context';
import { useDesk } from '../desk/use-desk';
import { useUnhandledMessages } from '../desk/use-unhandled-messages';
import { AdminGuard } from './admin-guard';
import { AdminNav } from './admin-nav';
import { DeskBar } from './desk-bar';
import { MessagesPanel } from './messages-panel';
import { OrdersPanel } from './orders-panel';
import { ReviewsPanel } from './reviews-panel';
import { Toast, useNotices } from './toast';
import './admin.css';

const TABS = ['orders', 'messages', 'reviews'] as const;
type Tab = (typeof TABS)[number];

/** /admin-orders: guarded (D2), then orders, contact messages and review moderation as tabs. */
export function AdminOrdersPage() {
  return (
    <AdminGuard>
      <AdminPanel />
    </AdminGuard>
  );
}

function AdminPanel() {
  const { t, i18n } = useTranslation('admin');
  const ids = useId();
  const [tab, setTab] = useState<Tab>('orders');
  const { notice, notify, dismiss } = useNotices();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  // The live desk (D10): one stream for the page, its count in the window's title.
  const desk = useDesk();
  // Only the stream goes down the tree: the count and switches changing re-render the bar alone.
  const deskEvents = useMemo(() => ({ subscribe: desk.subscribe }), [desk.subscribe]);
  // Contact messages waiting for a reply (D20), on the messages tab.
  const unhandled = useUnhandledMessages(deskEvents);
  const language = useDisplayLanguage();
  const navigate = useNavigate();
  const showNewOrders = () => {
    desk.markSeen();
    setTab('orders');
    // The list without filters, newest first: the new orders are at the top.
    void navigate(paths.adminOrders);
  };
  const title =
    desk.newCount > 0
      ? `(${formatNumber(desk.newCount, language)}) ${t('panel.metaTitle')}`
      : t('panel.metaTitle');

  // Tabs pattern (WAI-ARIA APG): arrows move along the row, in reading direction.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = i18n.dir() === 'rtl';
    const step =
      event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')
        ? 1
        : event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')
          ? -1
          : 0;
    let next: Tab | undefined;
    if (step !== 0) next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="container page admin-page">
      <title>{title}</title>
      <AdminNav />
      <header className="admin-header">
        <h1>{t('panel.title')}</h1>
        <p className="lead">{t('panel.lead')}</p>
      </header>
      <DeskBar desk={desk} onShowNew={showNewOrders} />
      <div
        className="admin-tabs"
        role="tablist"
        aria-label={t('panel.tabsLabel')}
        onKeyDown={onKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${ids}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="admin-tab"
            onClick={() => setTab(name)}
          >
            {t(`panel.tabs.${name}`)}
            {name === 'messages' && unhandled !== null && unhandled > 0 && (
              <>
                {' '}
                <span className="admin-tab-count" aria-hidden="true">
                  {formatNumber(unhandled, language)}
                </span>
                <span className="visually-hidden">
                  {t('messages.unhandledCount', {
                    count: unhandled,
                    value: formatNumber(unhandled, language),
                  })}
                </span>
              </>
            )}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${ids}-panel-${tab}`}
        aria-labelledby={`${ids}-tab-${tab}`}
        className="admin-tabpanel"
      >
        <DeskContext.Provider value={deskEvents}>
          {tab === 'orders' && <OrdersPanel notify={notify} />}
          {tab === 'messages' && <MessagesPanel notify={notify} unhandled={unhandled} />}
          {tab === 'reviews' && <ReviewsPanel notify={notify} />}
        </DeskContext.Provider>
      </div>
      <Toast notice={notice} onDismiss={dismiss} />
    </div>
  );
}
