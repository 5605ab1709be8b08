import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/badges';
import { LoadingStatus } from '../../../components/ui/loading-status';
import type { Order } from '../../../data/port';
import { formatDate, formatDayShort, formatTimeRange } from '../../../domain/datetime';
import { formatNumber } from '../../../domain/money';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useCrewCalendar } from '../hooks/use-crew-calendar';
import { orderLabels } from '../order-labels';
import { AdminFrame } from './admin-frame';

/**
 * /admin-calendar (D12): the coming weeks, day by day and window by window: orders booked
 * against the crews working, and the orders in each window.
 */
export function AdminCalendarPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminFrame
      metaTitle={t('calendar.metaTitle')}
      title={t('calendar.title')}
      lead={t('calendar.lead')}
    >
      {() => <CrewCalendar />}
    </AdminFrame>
  );
}

function CrewCalendar() {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  const ids = useId();
  const calendar = useCrewCalendar();
  const { state, selected, selectedDay, selectedWindow } = calendar;
  const num = (n: number) => formatNumber(n, language);
  const windowName = (start: string, end: string) => formatTimeRange(start, end, language);
  const columns = state.kind === 'loaded' ? (state.days[0]?.windows ?? []) : [];

  return (
    <>
      <div className="admin-toolbar admin-calendar-toolbar">
        <h2 className="admin-panel-title" id={`${ids}-range`}>
          {t('admin:calendar.range', {
            from: formatDate(calendar.from, language),
            to: formatDate(calendar.lastDay, language),
          })}
        </h2>
        <div className="admin-calendar-moves">
          <button type="button" className="btn btn-secondary" onClick={calendar.previous}>
            {t('admin:calendar.previous')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={calendar.today}>
            {t('admin:calendar.today')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={calendar.next}>
            {t('admin:calendar.next')}
          </button>
        </div>
      </div>

      {state.kind === 'loading' && (
        <LoadingStatus className="admin-loading">{t('admin:calendar.loading')}</LoadingStatus>
      )}
      {state.kind === 'error' && (
        <div className="alert alert-error" role="alert">
          <strong>{t('admin:calendar.loadError')}</strong> {t(state.messageKey)}{' '}
          <button type="button" className="btn btn-secondary" onClick={calendar.reload}>
            {t('admin:orders.retry')}
          </button>
        </div>
      )}
      {state.kind === 'loaded' && (
        <div
          className="admin-table-scroll"
          tabIndex={0}
          role="region"
          aria-labelledby={`${ids}-range`}
        >
          <table className="table admin-calendar" aria-labelledby={`${ids}-range`}>
            <thead>
              <tr>
                <th scope="col">{t('admin:calendar.day')}</th>
                {columns.map((window) => (
                  <th scope="col" key={window.id}>
                    <bdi>{windowName(window.start, window.end)}</bdi>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{formatDayShort(day.date, language)}</time>
                    {day.note && <span className="admin-sub">{day.note}</span>}
                    {day.others.length > 0 && (
                      <span className="admin-sub">
                        {t('admin:calendar.others', { value: num(day.others.length) })}
                      </span>
                    )}
                  </th>
                  {day.windows.map((load) => {
                    const full = load.crews > 0 && load.booked >= load.crews;
                    const closed = load.crews === 0;
                    const isSelected = selected?.date === day.date && selected.windowId === load.id;
                    return (
                      <td key={load.id}>
                        <button
                          type="button"
                          className={`admin-calendar-cell${full ? ' is-full' : ''}${closed ? ' is-closed' : ''}`}
                          aria-pressed={isSelected}
                          onClick={() => calendar.select({ date: day.date, windowId: load.id })}
                        >
                          <span className="visually-hidden">
                            {t('admin:calendar.cellLabel', {
                              window: windowName(load.start, load.end),
                              day: formatDate(day.date, language),
                            })}
                          </span>{' '}
                          <span className="admin-calendar-count">
                            {t('admin:calendar.count', {
                              booked: num(load.booked),
                              crews: num(load.crews),
                            })}
                          </span>{' '}
                          <span className="admin-calendar-state">
                            {closed
                              ? t('admin:calendar.closed')
                              : full
                                ? t('admin:calendar.full')
                                : t('admin:calendar.free', { value: num(load.free) })}
                          </span>
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {selectedDay && selectedWindow && (
        <section className="card" aria-labelledby={`${ids}-orders`} aria-live="polite">
          <h2 id={`${ids}-orders`} className="admin-panel-title">
            {t('admin:calendar.ordersIn', {
              window: windowName(selectedWindow.start, selectedWindow.end),
              day: formatDate(selectedDay.date, language),
            })}
          </h2>
          <CalendarOrders orders={selectedWindow.orders} />
          {selectedDay.others.length > 0 && (
            <>
              <h3>{t('admin:calendar.othersTitle')}</h3>
              <CalendarOrders orders={selectedDay.others} />
            </>
          )}
        </section>
      )}
    </>
  );
}

function CalendarOrders({ orders }: { orders: Order[] }) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useDisplayLanguage();
  if (orders.length === 0) return <p className="muted">{t('admin:calendar.noOrders')}</p>;
  const comma = language === 'ar' ? '، ' : ', ';
  return (
    <ul className="admin-calendar-orders">
      {orders.map((order) => {
        const labels = orderLabels(order, language);
        return (
          <li key={order.id} className="admin-calendar-order">
            <span className="admin-strong">
              <bdi className="ltr-value">{order.orderNumber}</bdi>
            </span>
            <span>
              <bdi>{order.fullName}</bdi>{' '}
              <a href={`tel:${order.phoneNumber}`}>
                <bdi className="ltr-value">{order.phoneNumber}</bdi>
              </a>
            </span>
            <span className="admin-sub">
              {labels.moveType}
              {comma}
              {t('admin:calendar.route', {
                from: `${labels.governorate}${comma}${labels.district}`,
                to: `${labels.dropoffGovernorate}${comma}${labels.dropoffDistrict}`,
              })}
            </span>
            <StatusBadge status={order.status}>{labels.status}</StatusBadge>
          </li>
        );
      })}
    </ul>
  );
}
