import type { TFunction } from 'i18next';
import type { Dashboard } from '../../../domain/dashboard';
import { formatDayShort, formatTimeRange } from '../../../domain/datetime';
import type { DisplayLanguage } from '../../../domain/locale';
import {
  governorateLabel,
  moveTypeLabel,
  paymentMethodLabel,
  paymentStatusLabel,
} from '../order-labels';
import type { ChartSeries } from './dashboard-chart';

/** One chart of the dashboard, and the table and CSV of the same numbers. */
export interface ChartSpec {
  id: string;
  title: string;
  /** The table's first column: what each row is. */
  category: string;
  labels: string[];
  series: ChartSeries[];
  money: boolean;
  horizontal?: boolean;
  stacked?: boolean;
}

/** Every chart of a dashboard answer, its names in the page's language (D25). */
export function chartsOf(d: Dashboard, t: TFunction, language: DisplayLanguage): ChartSpec[] {
  const s = (key: string) => t(`admin:dashboard.series.${key}`);
  const c = (key: string) => t(`admin:dashboard.columns.${key}`);
  const periods = d.series.map((p) =>
    p.from === p.to
      ? formatDayShort(p.from, language)
      : `${formatDayShort(p.from, language)} – ${formatDayShort(p.to, language)}`,
  );
  const band = (key: string) => t(`admin:dashboard.bands.${key}`);
  return [
    {
      id: 'bookings',
      title: t('admin:dashboard.charts.bookings'),
      category: c('period'),
      labels: periods,
      series: [
        { label: s('bookings'), values: d.series.map((p) => p.bookings) },
        { label: s('cancellations'), values: d.series.map((p) => p.cancellations) },
      ],
      money: false,
    },
    {
      id: 'revenue',
      title: t('admin:dashboard.charts.revenue'),
      category: c('period'),
      labels: periods,
      series: [
        { label: s('paid'), values: d.series.map((p) => p.paid) },
        { label: s('dueOnDelivery'), values: d.series.map((p) => p.dueOnDelivery) },
        { label: s('refunded'), values: d.series.map((p) => p.refunded) },
      ],
      money: true,
      stacked: true,
    },
    {
      id: 'paymentStatuses',
      title: t('admin:dashboard.charts.paymentStatuses'),
      category: c('status'),
      labels: d.paymentStatuses.map((p) => paymentStatusLabel(p.key, language)),
      series: [{ label: s('orders'), values: d.paymentStatuses.map((p) => p.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'paymentMethods',
      title: t('admin:dashboard.charts.paymentMethods'),
      category: c('method'),
      labels: d.paymentMethods.map((p) => paymentMethodLabel(p.key, language)),
      series: [{ label: s('orders'), values: d.paymentMethods.map((p) => p.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'moveTypes',
      title: t('admin:dashboard.charts.moveTypes'),
      category: c('moveType'),
      labels: d.moveTypes.map((m) => moveTypeLabel(m.key, language)),
      series: [{ label: s('orders'), values: d.moveTypes.map((m) => m.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'pickup',
      title: t('admin:dashboard.charts.pickup'),
      category: c('governorate'),
      labels: d.pickupGovernorates.map((g) => governorateLabel(g.key, language)),
      series: [{ label: s('orders'), values: d.pickupGovernorates.map((g) => g.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'dropoff',
      title: t('admin:dashboard.charts.dropoff'),
      category: c('governorate'),
      labels: d.dropoffGovernorates.map((g) => governorateLabel(g.key, language)),
      series: [{ label: s('orders'), values: d.dropoffGovernorates.map((g) => g.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'cancellationTiming',
      title: t('admin:dashboard.charts.cancellationTiming'),
      category: c('band'),
      labels: d.cancellationTiming.map((b) => band(b.key)),
      series: [{ label: s('orders'), values: d.cancellationTiming.map((b) => b.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'leadTime',
      title: t('admin:dashboard.charts.leadTime'),
      category: c('band'),
      labels: d.leadTime.map((b) => band(b.key)),
      series: [{ label: s('orders'), values: d.leadTime.map((b) => b.orders) }],
      money: false,
      horizontal: true,
    },
    {
      id: 'windows',
      title: t('admin:dashboard.charts.windows'),
      category: c('window'),
      labels: d.windows.map((w) => formatTimeRange(w.start, w.end, language)),
      series: [
        { label: s('booked'), values: d.windows.map((w) => w.booked) },
        { label: s('crews'), values: d.windows.map((w) => w.crews) },
      ],
      money: false,
    },
  ];
}
